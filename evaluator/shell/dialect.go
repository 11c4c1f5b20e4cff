package shell

import (
	"fmt"
	"path"
	"strconv"
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/model"
)

// A Dialect is the language a line is written in before a shell reads it.
// A CI runner or make rewrites the line textually first: GitHub Actions
// puts the value of each ${{ expression }} in a run: step ("Evaluate
// expressions in workflows and actions", docs.github.com, read
// 2026-11-29), and make expands $(VAR), ${VAR}, $@ … and turns $$ into $
// in each recipe line, dropping its @, - and + prefixes (GNU make manual,
// "Recipe Syntax" and "Variables in Recipes"). Their values are not in the
// line, so each such reference is read as one word known only at run
// time: a destructive command whose operand is one needs review, never an
// allow for it. The caller names the dialect (recourse eval shell
// --dialect); a line with no dialect is bash, where ${{ is a bad
// substitution that bash refuses to run.
//
// The dockerfile dialect is a RUN instruction's command: bash (or sh) as
// written, run inside the image being built. Nothing is rewritten, but
// every command that runs there and not through a wrapper that reaches
// past the build (ssh, a container exec) is marked ImageBuild, so that
// the rules judge a change to the image's own file system as undone by
// rebuilding the image (rules/imagebuild.go). Dockerfile syntax (RUN's
// --mount, --network flags, the exec form ["a", "b"]) is not shell and
// is not accepted here: pass the command after them.
type Dialect string

// The dialects.
const (
	DialectBash          Dialect = "bash"
	DialectGitHubActions Dialect = "github-actions"
	DialectMake          Dialect = "make"
	DialectDockerfile    Dialect = "dockerfile"
)

// Dialects lists the dialects a caller may name, the default first.
var Dialects = []Dialect{DialectBash, DialectGitHubActions, DialectGitLabCI, DialectMake, DialectDockerfile}

// ParseDialect reads a dialect's name; empty is bash.
func ParseDialect(name string) (Dialect, error) {
	if name == "" {
		return DialectBash, nil
	}
	for _, d := range Dialects {
		if string(d) == name {
			return d, nil
		}
	}
	return "", &model.Error{Kind: model.KindInvalidField, Field: "dialect",
		Message:  fmt.Sprintf("the dialect %q is not known", name),
		Expected: "bash (the default), github-actions (a run: step), gitlab-ci (a script: entry), make (a recipe line) or dockerfile (a RUN command, in the image being built)",
		Example:  `recourse eval shell --dialect github-actions -- 'go test ${{ matrix.pkg }}'`}
}

// makePrograms are make variables that conventionally name a program (GNU
// make's built-in defaults, "Variables Used by Implicit Rules", and the
// usual names for toolchains). $(MAKE) in a recipe is make itself; the
// others are read as their conventional program, whose operands are judged
// as any command's. A makefile may define them otherwise; the table reads
// the convention, and a variable not in it is an unknown word.
var makePrograms = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"MAKE": "make", "CC": "cc", "CXX": "c++", "CPP": "cc -E", "LD": "ld", "AR": "ar", "AS": "as",
		"GO": "go", "GOCMD": "go", "CARGO": "cargo", "PYTHON": "python", "PYTHON3": "python3",
		"NPM": "npm", "YARN": "yarn", "NODE": "node", "DOCKER": "docker", "INSTALL": "install",
		"MKDIR_P": "mkdir -p", "RM": "rm -f", "SHELL": "sh", "PIP": "pip",
		"SPHINXBUILD": "sphinx-build", // sphinx-quickstart's Makefile
	}
})

// makeQuiet are the variables makefiles conventionally set to @ or to
// nothing to make a recipe line silent or verbose ($(Q)$(MAKE) -C lib,
// Linux's kbuild, zstd): either way the shell runs the rest of the line.
var makeQuiet = map[string]bool{"Q": true, "AT": true, "QUIET": true, "V_AT": true, "AM_V_at": true}

// makeKnown returns what a make reference $(ref) is in the text the shell
// reads, when the convention or make itself fixes it: a conventional
// program (makePrograms); a quiet prefix (makeQuiet: nothing); make's
// own $(info …), $(warning …) and $(error …), which print when make
// expands the line and leave nothing in it (GNU make manual, "Functions
// That Control Make"); and $(shell CMD) with no make reference in CMD,
// which runs CMD and puts its output in the line as the shell's own $(CMD)
// would ("The shell Function"). Any other reference is unknown.
func makeKnown(ref string) (string, bool) {
	if prog, ok := makePrograms()[ref]; ok {
		return prog, true
	}
	if makeQuiet[ref] {
		return "", true
	}
	fn, arg, ok := strings.Cut(ref, " ")
	switch {
	case !ok:
		return "", false
	case fn == "info" || fn == "warning" || fn == "error":
		return "", true
	case fn == "shell" && !strings.Contains(arg, "$"):
		return "$(" + arg + ")", true
	}
	return "", false
}

// placeholder is the variable that stands for the n-th reference the
// dialect puts in: no line sets it, so the walker reads it as only known
// at run time.
func placeholder(n int) string { return "__recourse_dialect_" + strconv.Itoa(n) }

// shellLine returns line as the shell will read it after the dialect's own
// rewriting.
func (d Dialect) shellLine(line string) (string, error) {
	out, _, err := d.rewriteLine(line)
	return out, err
}

// rewriteLine returns line as the shell will read it after the dialect's
// own rewriting, and the text of each reference whose value is unknown:
// refs[n-1] is what placeholder(n) stands for.
func (d Dialect) rewriteLine(line string) (string, []string, error) {
	switch d {
	case "", DialectBash, DialectDockerfile, DialectGitLabCI:
		return line, nil, nil
	case DialectGitHubActions:
		return rewrite(line, actionsRef)
	case DialectMake:
		return rewrite(stripRecipePrefixes(line), makeRecipeRef)
	}
	_, err := ParseDialect(string(d))
	return "", nil, err
}

// refFunc reads a reference of the dialect at the start of s (which begins
// with $): how many bytes it takes, the text that stands for it (a known
// value) or, when known is false, nothing (its value is unknown), and an
// error for a reference the dialect itself refuses. n == 0: no reference.
type refFunc func(s string) (n int, text string, known bool, err error)

// rewrite replaces the dialect's references in line. An unknown value is a
// placeholder variable quoted as the shell would find the value's text:
// inside single quotes the quote is closed around a double-quoted
// expansion, so the value is never read as the placeholder's literal name.
func rewrite(line string, ref refFunc) (string, []string, error) {
	if !strings.Contains(line, "$") {
		return line, nil, nil
	}
	var refs []string
	var b strings.Builder
	b.Grow(len(line) + 32)
	const (
		bare = iota
		single
		double
	)
	state, count := bare, 0
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == '\\' && state != single && i+1 < len(line):
			b.WriteString(line[i : i+2])
			i += 2
			continue
		case c == '\'' && state == bare:
			state = single
		case c == '\'' && state == single:
			state = bare
		case c == '"' && state == bare:
			state = double
		case c == '"' && state == double:
			state = bare
		case c == '$':
			n, text, known, err := ref(line[i:])
			if err != nil {
				return "", nil, err
			}
			if n > 0 {
				if !known {
					count++
					refs = append(refs, line[i:i+n])
				}
				switch {
				case known:
					b.WriteString(text)
				case state == single:
					b.WriteString(`'"${` + placeholder(count) + `}"'`)
				default:
					b.WriteString("${" + placeholder(count) + "}")
				}
				i += n
				continue
			}
		}
		b.WriteByte(c)
		i++
	}
	return b.String(), refs, nil
}

// actionsRef reads a GitHub Actions expression, ${{ … }}, which ends at
// the first }} outside a string literal ('…', with ” for a quote).
func actionsRef(s string) (int, string, bool, error) {
	if !strings.HasPrefix(s, "${{") {
		return 0, "", false, nil
	}
	quoted := false
	for i := 3; i < len(s); i++ {
		switch {
		case s[i] == '\'':
			quoted = !quoted
		case !quoted && strings.HasPrefix(s[i:], "}}"):
			return i + 2, "", false, nil
		}
	}
	return 0, "", false, &model.Error{Kind: model.KindInvalidField, Field: "command",
		Message:  "a GitHub Actions expression ${{ is not closed by }}",
		Expected: "a run: step whose expressions are whole, as the workflow file has them",
		Example:  `recourse eval shell --dialect github-actions -- 'go test ${{ matrix.pkg }}'`}
}

// makeRecipeRef reads a make reference: $$ (a $ for the shell), $(…) or ${…}
// (a variable or a function call, parentheses balanced), or $ and one
// character (an automatic variable such as $@, $<, $^).
func makeRecipeRef(s string) (int, string, bool, error) {
	if len(s) < 2 {
		return 0, "", false, nil
	}
	switch s[1] {
	case '$':
		return 2, "$", true, nil
	case '(', '{':
		open, closer := s[1], byte(')')
		if open == '{' {
			closer = '}'
		}
		depth := 0
		for i := 1; i < len(s); i++ {
			switch s[i] {
			case open:
				depth++
			case closer:
				depth--
				if depth == 0 {
					if text, ok := makeKnown(s[2:i]); ok {
						return i + 1, text, true, nil
					}
					return i + 1, "", false, nil
				}
			}
		}
		return 0, "", false, &model.Error{Kind: model.KindInvalidField, Field: "command",
			Message:  fmt.Sprintf("a make reference %c%c is not closed by %c", '$', open, closer),
			Expected: "a recipe line whose make references are whole, as the makefile has them",
			Example:  `recourse eval shell --dialect make -- '$(MAKE) -C lib all'`}
	case ' ', '\t', '\n':
		return 0, "", false, nil
	}
	return 2, "", false, nil
}

// stripRecipePrefixes drops make's @ (silent), - (ignore errors) and +
// (run under -n) from the start of each recipe line: make reads them, the
// shell never sees them. A line continued by a backslash goes on in the
// same recipe line.
func stripRecipePrefixes(line string) string {
	lines := strings.Split(line, "\n")
	continued := false
	for i, l := range lines {
		if !continued {
			lines[i] = strings.TrimLeft(l, "@-+ \t")
		}
		continued = strings.HasSuffix(l, "\\")
	}
	return strings.Join(lines, "\n")
}

// workflowContexts are the GitHub Actions contexts whose values are written
// in the workflow file or the repository's settings — the job's matrix,
// env: blocks, configuration variables ("About contexts",
// docs.github.com/en/actions/concepts/workflows-and-actions/contexts, read
// 2026-11-29) — and so are seen and approved with the workflow itself
// (an earlier step may also add to env through $GITHUB_ENV: its value is
// then that step's, which the same workflow shows). The others (github.event, inputs, steps.*.outputs,
// needs, secrets) are set by whoever triggers the run or by earlier steps
// at run time.
var workflowContexts = []string{"matrix.", "env.", "vars."}

// workflowProgram reads a program word that is a GitHub Actions expression
// of a workflow context (${{ matrix.python }}, ${{ env.CARGO }}), bare
// with arguments after it, or as the directory of a literal path
// (${{ env.VCPKG }}/vcpkg): the name it is judged by, "" for another word.
// A bare one with arguments is a program named in the workflow file,
// which the line does not show: it is judged as a program no rule knows,
// never allowed (issue 32 §3: it is not a shell variable, which anything
// before the line may set), and its arguments are read. Alone, with no
// arguments (${{ matrix.runs.prepare }}), it may be a whole command line
// the workflow holds: only known at run time. A literal path under one is
// judged by its file name, as the same program on PATH. An expression of
// any other context, or one that computes (${{ a && 'x' || 'y' }}), stays a
// program only known at run time.
func (w *walker) workflowProgram(word model.Arg, withArgs bool) string {
	rest, ok := strings.CutPrefix(word.Value, "$"+placeholder(0)[:len(placeholder(0))-1])
	if !ok {
		return ""
	}
	digits := len(rest) - len(strings.TrimLeft(rest, "0123456789"))
	n, err := strconv.Atoi(rest[:digits])
	if err != nil || n < 1 || n > len(w.workflowRefs) {
		return ""
	}
	expr := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(w.workflowRefs[n-1], "${{"), "}}"))
	if !workflowValue(expr) {
		return ""
	}
	switch suffix := rest[digits:]; {
	case suffix == "" && withArgs:
		return "${{ " + expr + " }}"
	case strings.HasPrefix(suffix, "/") && !strings.Contains(suffix, "$") && path.Base(suffix) != "/":
		return path.Base(suffix)
	}
	return ""
}

// workflowValue reports whether expr names one value of a workflow
// context (workflowContexts): a dotted path of identifiers, nothing
// computed.
func workflowValue(expr string) bool {
	ctx := ""
	for _, c := range workflowContexts {
		if strings.HasPrefix(expr, c) {
			ctx = c
		}
	}
	if ctx == "" || len(expr) == len(ctx) {
		return false
	}
	for _, r := range expr[len(ctx):] {
		if !(r == '.' || r == '_' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
