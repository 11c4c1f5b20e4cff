package shell

import (
	"fmt"
	"path"
	"regexp"
	"slices"
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
//
// The powershell dialect is a PowerShell script, as pwsh -Command gets it,
// read by the PowerShell reader (powershell.go) instead of as bash; the
// github-actions-pwsh dialect is a run: step whose shell is pwsh or
// powershell (the step's shell:, or its job's or workflow's
// defaults.run.shell: "Workflow syntax for GitHub Actions",
// docs.github.com, read 2026-11-29): its ${{ }} expressions are rewritten
// as github-actions rewrites them, then it is read as PowerShell.
type Dialect string

// The dialects.
const (
	DialectBash          Dialect = "bash"
	DialectGitHubActions Dialect = "github-actions"
	DialectMake          Dialect = "make"
	DialectDockerfile    Dialect = "dockerfile"
	DialectPowerShell    Dialect = "powershell"
	DialectActionsPwsh   Dialect = "github-actions-pwsh"
)

// Dialects lists the dialects a caller may name, the default first.
var Dialects = []Dialect{DialectBash, DialectGitHubActions, DialectGitLabCI, DialectMake, DialectDockerfile, DialectPowerShell, DialectActionsPwsh}

// powerShell reports whether the dialect's lines are PowerShell scripts.
func (d Dialect) powerShell() bool { return d == DialectPowerShell || d == DialectActionsPwsh }

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
		Expected: "bash (the default), github-actions (a run: step), gitlab-ci (a script: entry), make (a recipe line), dockerfile (a RUN command, in the image being built), powershell (a PowerShell script) or github-actions-pwsh (a run: step with shell: pwsh or powershell)",
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
	case "", DialectBash, DialectDockerfile, DialectGitLabCI, DialectPowerShell:
		return line, nil, nil
	case DialectGitHubActions:
		return rewrite(line, actionsRef)
	case DialectActionsPwsh:
		out, refs, err := rewrite(line, actionsRef)
		// PowerShell's variable is $name: ${…} would read as a script
		// block, and bash's quote closing means nothing to it.
		return pwshPlaceholders.ReplaceAllString(out, "$$${1}${2}"), refs, err
	case DialectMake:
		return rewrite(makeConditional(stripRecipePrefixes(line)), makeRecipeRef)
	}
	_, err := ParseDialect(string(d))
	return "", nil, err
}

// pwshPlaceholders matches a placeholder as rewrite writes it for bash.
var pwshPlaceholders = regexp.MustCompile(`'"\$\{(__recourse_dialect_[0-9]+)\}"'|\$\{(__recourse_dialect_[0-9]+)\}`)

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

// makeConditional returns a recipe line that is one make conditional,
// $(if COND,THEN[,ELSE]), as the lines it may become: make expands it to
// THEN when COND expands to anything but spaces, else to ELSE (GNU make
// manual, "Functions for Conditionals"), and only then reads the recipe
// prefixes @, - and + of the result and hands it to the shell. COND is
// make's, not the shell's, and its value is not in the line, so both
// branches are judged, each in a subshell of its own (one runs; a cd in one
// does not lead the other): $(if $(VERSION),,@echo 'VERSION= needed'; exit
// 1) is the echo and exit it may run. Make splits the arguments at the
// first two commas outside parentheses, whatever the quotes (the else
// part keeps any further comma). Any other line is returned as it is.
func makeConditional(line string) string {
	body, ok := strings.CutPrefix(strings.TrimSpace(line), "$(if ")
	if !ok || !strings.HasSuffix(body, ")") {
		return line
	}
	args, depth := []string{}, 0
	start := 0
	for i := 0; i < len(body); i++ {
		switch body[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth < 0 && i != len(body)-1 {
				return line // the reference ends before the line does
			}
		case ',':
			if depth == 0 && len(args) < 2 { // the else part takes the rest, commas and all
				args = append(args, body[start:i])
				start = i + 1
			}
		}
	}
	if depth != -1 {
		return line
	}
	args = append(args, body[start:len(body)-1])
	if len(args) < 2 {
		return line
	}
	var branches []string
	for _, b := range args[1:] {
		if b = strings.TrimSpace(stripRecipePrefixes(strings.TrimSpace(b))); b != "" {
			branches = append(branches, "( "+b+"\n)")
		}
	}
	if len(branches) == 0 {
		return ":" // both empty: make runs nothing
	}
	return strings.Join(branches, "\n")
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
// then that step's, which the same workflow shows), and those the runner
// or GitHub sets for the job, which no one who triggers the run chooses:
// the runner context (runner.os, runner.temp, runner.workspace …) and the
// github context's paths and ids (github.workspace, github.action_path,
// github.repository, github.sha, github.run_id …). The others
// (github.event, github.head_ref and github.ref, whose branch names
// whoever pushes or opens a pull request picks; inputs, steps.*.outputs,
// needs, secrets) are set by whoever triggers the run or by earlier steps
// at run time: GitHub's own list of untrusted input ("Security hardening
// for GitHub Actions", docs.github.com/en/actions/reference/security/
// secure-use, read 2026-11-29) names github.event's titles, bodies,
// messages, emails and branch names, and github.head_ref.
var workflowContexts = []string{"matrix.", "env.", "vars.", "runner.",
	"github.workspace", "github.action_path", "github.repository", "github.repository_owner", "github.sha",
	"github.run_id", "github.run_number", "github.run_attempt", "github.server_url", "github.api_url",
	"github.graphql_url", "github.workflow", "github.job", "github.event_name", "github.retention_days"}

// workflowFunctions are the expression functions that only compute from
// their arguments ("Evaluate expressions in workflows and actions",
// docs.github.com, section Functions, read 2026-11-29): an expression of
// workflow values and literals through them yields nothing the workflow
// does not hold.
var workflowFunctions = []string{"startswith", "endswith", "contains", "format", "join", "tojson", "fromjson"}

// workflowProgram reads a program word that is a GitHub Actions expression
// of a workflow context (${{ matrix.python }}, ${{ env.CARGO }}, ${{
// (matrix.os == 'windows' && 'dir') || 'ls -lh' }}: workflowValue), bare
// with arguments after it, or as the directory of a literal path (${{
// env.VCPKG }}/vcpkg, ${{ runner.workspace }}/vcpkg/vcpkg): the name it is
// judged by, "" for another word. A bare one with arguments is a program
// named in the workflow file, which the line does not show: it is judged
// as a program no rule knows, never allowed (issue 32 §3: it is not a
// shell variable, which anything before the line may set), and its
// arguments are read. Alone, with no arguments (${{ matrix.runs.prepare
// }}), it may be a whole command line: only known at run time. A literal
// path under one is judged by its file name, as the same program on PATH,
// unless the name is a script's (x.sh, x.py) or the directory is the
// repository's (repositoryDir): the project's own file, unread. Any other
// context or function (inputs, github.event) stays a program only known at
// run time. Make's variables are not read this way: a makefile's
// $(MAKE_DOCKER) $@ or $(MAKEJS) build is a command held in a variable,
// which the line does not show (a measured class of issue 32 round 3 that
// passed such commands: docs/shell.md, "Dialects").
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
	name := ""
	switch ref := w.workflowRefs[n-1]; w.dialect {
	case DialectGitHubActions:
		expr := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(ref, "${{"), "}}"))
		if !workflowValue(expr) {
			return ""
		}
		name = "${{ " + expr + " }}"
	default:
		return ""
	}
	switch suffix := rest[digits:]; {
	case suffix == "" && withArgs:
		return name
	case w.dialect == DialectGitHubActions && strings.HasPrefix(suffix, "/") && !strings.Contains(suffix, "$") && path.Base(suffix) != "/" &&
		!scriptName(suffix) && !repositoryDir(w.workflowRefs[n-1]):
		return path.Base(suffix)
	}
	return ""
}

// repositoryDir reports whether ref, an Actions expression, is the
// directory of the repository's checkout or of the action's own files
// (github.workspace, github.action_path): a path under it is a file of the
// repository, run as the file it is (unread: needs review), not a tool
// judged by its name.
func repositoryDir(ref string) bool {
	expr := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(ref, "${{"), "}}"))
	return expr == "github.workspace" || expr == "github.action_path"
}

// workflowValue reports whether expr computes only from values of the
// workflow contexts (workflowContexts) and literals: a dotted path of
// identifiers (matrix.python, env.CARGO), an index into one
// (env[matrix.target.options], env['CLIPPY']), or an expression of such
// values, string, number and boolean literals, comparison and logical
// operators and workflowFunctions — ${{ (matrix.os == 'windows' && 'dir')
// || 'ls -lh' }} yields one of the words the workflow wrote. Any other
// context or function makes it false.
func workflowValue(expr string) bool {
	if expr == "" {
		return false
	}
	for i := 0; i < len(expr); {
		c := expr[i]
		switch {
		case c == ' ' || c == '\t' || c == '(' || c == ')' || c == ',' || c == '[' || c == ']' || c == '!' || c == '=' || c == '<' || c == '>' || c == '&' || c == '|':
			i++
		case c == '\'':
			end := strings.IndexByte(expr[i+1:], '\'')
			for end >= 0 && i+1+end+1 < len(expr) && expr[i+1+end+1] == '\'' { // '' is a quote inside
				next := strings.IndexByte(expr[i+1+end+2:], '\'')
				if next < 0 {
					return false
				}
				end += 2 + next
			}
			if end < 0 {
				return false
			}
			i += end + 2
		case c == '.' || c >= '0' && c <= '9' || c == '-':
			i++ // a number; a dot after an index goes on with the path
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(expr) && (expr[j] == '.' || expr[j] == '_' || expr[j] == '-' || expr[j] == '*' || expr[j] >= 'a' && expr[j] <= 'z' || expr[j] >= 'A' && expr[j] <= 'Z' || expr[j] >= '0' && expr[j] <= '9') {
				j++
			}
			word := expr[i:j]
			rest := strings.TrimLeft(expr[j:], " \t")
			switch lower := strings.ToLower(word); {
			case lower == "true" || lower == "false" || lower == "null":
			case strings.HasPrefix(rest, "(") && slices.Contains(workflowFunctions, lower):
			case i > 0 && expr[i-1] == '.':
				// a property after an index: env[matrix.x].name
			case !workflowPath(word):
				return false
			}
			i = j
		default:
			return false
		}
	}
	return true
}

// workflowPath reports whether word, a dotted path, starts with one of
// the workflow contexts: a context of values (matrix., env.) and a
// property under it, or one of the github context's values itself.
func workflowPath(word string) bool {
	for _, c := range workflowContexts {
		if strings.HasSuffix(c, ".") {
			if rest, ok := strings.CutPrefix(word, c); ok && rest != "" {
				return true
			}
			if word == strings.TrimSuffix(c, ".") {
				return true // env[…], matrix[…]: an index follows
			}
			continue
		}
		if word == c {
			return true
		}
	}
	return false
}
