package shell

import (
	"path"
	"strings"

	"github.com/recourse-dev/recourse/internal/lazyregexp"
	"github.com/recourse-dev/recourse/model"
)

// A project's makefile is a script too: make runs the recipes of the
// targets it is asked for (the first target by default) and of their
// prerequisites, each line through the shell. Where the gate can read the
// makefile (an Observer, or the line wrote it), those recipes are judged
// as command lines, with the makefile's simple variables ($(X), ${X})
// and the automatic ones ($@, $<, $^) put in, and $$ as $; a reference it
// cannot resolve stays $(…), which the shell parser judges as only known
// at run time. A makefile it cannot read is judged as before: the project's
// own build.

// makefileNames are the files GNU make reads when no -f is given, in its
// order.
var makefileNames = []string{"GNUmakefile", "makefile", "Makefile"}

// makeVar matches a simple variable definition: NAME = value, :=, ::=,
// ?=, += (appended), optionally exported.
var makeVar = lazyregexp.New(`^(?:export\s+|override\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*(::?=|\?=|\+=|=)\s*(.*)$`)

// makeRule matches a rule line: targets, a colon (not :=), prerequisites
// and an optional ; recipe.
var makeRule = lazyregexp.New(`^([^\t:=#][^:=#]*?)\s*::?\s*([^=]*)$`)

// makefile is what the walker reads of one: each target's prerequisites
// and recipe lines, the first target, and the simple variables.
type makefile struct {
	prereqs map[string][]string
	recipes map[string][]string
	first   string
	vars    map[string]string
}

// parseMakefile reads the rules and simple variables of text. Conditionals,
// includes and functions are not interpreted: their lines are passed over,
// and a recipe that uses what they define keeps an unresolved $(…).
func parseMakefile(text string) makefile {
	mf := makefile{prereqs: map[string][]string{}, recipes: map[string][]string{}, vars: map[string]string{}}
	var current []string
	for _, line := range strings.Split(strings.ReplaceAll(text, "\\\n", " "), "\n") {
		if strings.HasPrefix(line, "\t") {
			for _, t := range current {
				mf.recipes[t] = append(mf.recipes[t], line[1:])
			}
			continue
		}
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if m := makeVar.FindStringSubmatch(trimmed); m != nil {
			if m[2] == "+=" {
				mf.vars[m[1]] = strings.TrimSpace(mf.vars[m[1]] + " " + m[3])
			} else if m[2] != "?=" || mf.vars[m[1]] == "" {
				mf.vars[m[1]] = m[3]
			}
			current = nil
			continue
		}
		rule, recipe, hasRecipe := strings.Cut(trimmed, ";")
		m := makeRule.FindStringSubmatch(rule)
		if m == nil {
			current = nil
			continue
		}
		current = strings.Fields(m[1])
		for _, t := range current {
			mf.prereqs[t] = append(mf.prereqs[t], strings.Fields(m[2])...)
			if mf.first == "" && !strings.HasPrefix(t, ".") && !strings.Contains(t, "%") {
				mf.first = t
			}
			if hasRecipe {
				mf.recipes[t] = append(mf.recipes[t], recipe)
			}
		}
	}
	return mf
}

// commands returns the recipe lines make runs for targets (the first
// target when none is named) and their prerequisites, each once, with
// variables put in.
func (mf makefile) commands(targets []string) []string {
	if len(targets) == 0 && mf.first != "" {
		targets = []string{mf.first}
	}
	seen := map[string]bool{}
	var out []string
	var visit func(t string, depth int)
	visit = func(t string, depth int) {
		if seen[t] || depth > 64 || len(out) > MaxCommands {
			return
		}
		seen[t] = true
		for _, p := range mf.prereqs[t] {
			visit(p, depth+1)
		}
		for _, r := range mf.recipes[t] {
			r = strings.TrimLeft(strings.TrimSpace(r), "@-+")
			if r = mf.expand(r, t); strings.TrimSpace(r) != "" {
				out = append(out, r)
			}
		}
	}
	for _, t := range targets {
		visit(t, 0)
	}
	return out
}

// makeRef matches a variable reference: $(NAME), ${NAME}, or an automatic
// variable.
var makeRef = lazyregexp.New(`\$\$|\$\(([A-Za-z_][A-Za-z0-9_.-]*)\)|\$\{([A-Za-z_][A-Za-z0-9_.-]*)\}|\$[@<^*?]`)

// expand puts target t's variables into recipe line r, a few levels deep.
func (mf makefile) expand(r, t string) string {
	for range 4 {
		done := true
		r = makeRef.ReplaceAllStringFunc(r, func(ref string) string {
			switch ref {
			case "$$":
				return "\x00"
			case "$@":
				return t
			case "$<":
				if ps := mf.prereqs[t]; len(ps) > 0 {
					return ps[0]
				}
				return ""
			case "$^", "$?":
				return strings.Join(mf.prereqs[t], " ")
			case "$*":
				return ref
			}
			name := strings.Trim(ref, "${}()")
			if v, ok := mf.vars[name]; ok {
				done = false
				return v
			}
			return ref
		})
		if done {
			break
		}
	}
	return strings.ReplaceAll(r, "\x00", "$")
}

// projectMakefile judges the recipes make runs from the makefile it reads
// in cmd's directory, when that can be read; it reports whether it did.
func (w *walker) projectMakefile(cmd *model.Command, fr frame) bool {
	if w.observer == nil && len(w.writes) == 0 {
		return false
	}
	dir := ""
	for _, d := range optionValues(cmd.Args, commandOption{flags: []string{"-C", "--directory"}}) {
		if d.Dynamic {
			return false
		}
		dir = path.Join(dir, d.Value)
	}
	names := makefileNames
	if given := optionValues(cmd.Args, commandOption{flags: []string{"-f", "--file", "--makefile"}}); len(given) > 0 {
		names = nil
		for _, g := range given {
			if g.Dynamic {
				return false
			}
			names = append(names, g.Value)
		}
	}
	for _, name := range names {
		file := model.Arg{Value: name}
		// make() already moved cmd.Cwd into -C's directory when the
		// directory it is read from was known: join it only otherwise.
		if dir != "" && cmd.Cwd == "" && !path.IsAbs(name) {
			file.Value = path.Join(dir, name)
		}
		r, _ := w.scriptContent(cmd, file)
		if !r.ok && r.bound == "" {
			continue // not there: make tries the next name
		}
		sf := r.file
		cmd.ScriptFile = &sf
		w.emit(cmd)
		if !r.ok {
			w.unread(cmd, r)
			return true
		}
		for _, line := range parseMakefile(r.text).commands(makeTargets(cmd.Args)) {
			w.script(line, nested(cmd, fr, cmd.StdinFrom))
		}
		return true
	}
	return false
}

// makeTargets are the targets make is asked for: its operands that are
// neither options, their values, nor VAR=value assignments.
func makeTargets(args []model.Arg) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-C" || v == "-f" || v == "-I" || v == "-o" || v == "-W" || v == "--file" || v == "--directory" || v == "--makefile":
			i++
		case strings.HasPrefix(v, "-") || strings.Contains(v, "="):
		default:
			out = append(out, v)
		}
	}
	return out
}
