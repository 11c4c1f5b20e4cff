package filesystem

import (
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// Prompts. rm, cp, mv and ln can ask before they delete or replace a file
// (-i, -I, --interactive), and a prompt is a guard only when a person
// answers it: when the line itself feeds the command's stdin (a pipe such
// as yes | rm -ri, a file, a here-document or here-string, a group's or
// exec's redirection: { rm -rI d; } < answers.txt), whatever it feeds is
// the answer, and the command is judged as if it never asked. Where
// nothing in the line feeds stdin, the command reads the stdin the agent's
// shell gives it, in which no one types yes: an unanswered prompt deletes
// nothing. Every spelling that turns the prompts off (-f, --force,
// --interactive=never|no|none and the abbreviations getopt_long and
// argmatch accept, such as --inter=n) is read as -f; of several, the last
// takes effect, as each program's option loop sets one variable.
//
// Source: GNU coreutils, coreutils/coreutils@01755d36e7389aef48f712193976205e7381115b:src/rm.c
// (long_opts, interactive_args, the getopt_long loop: 'f', 'i', 'I' and
// INTERACTIVE_OPTION each overwrite x.interactive) and
// coreutils/coreutils@0013de3e603162081c4464ea1f7ad3285f633d78:src/mv.c
// ("If you specify more than one of -i, -f, -n, only the final one takes
// effect"). cp's -f does not undo -i (it only unlinks a destination it
// cannot open); ln's -f and -i undo each other.

// promptMode is how a command is set to ask before it deletes or
// replaces.
type promptMode int

const (
	promptUnset     promptMode = iota // no prompt option: the program's default
	promptNever                       // -f or an "never ask" spelling
	promptAlways                      // -i, --interactive
	promptOnce                        // rm -I, --interactive=once
	promptNoClobber                   // cp/mv -n: never replace, nothing to ask
)

// promptSpec is what a program's prompt options do: each short letter and
// long name sets a mode; long lists every long option of the program, to
// tell an abbreviation from an ambiguous prefix.
type promptSpec struct {
	short map[byte]promptMode
	long  map[string]promptMode
	names []string
	// whenArg: --interactive takes an optional WHEN (rm).
	whenArg bool
}

var promptSpecs = map[string]promptSpec{
	"rm": {short: map[byte]promptMode{'f': promptNever, 'i': promptAlways, 'I': promptOnce},
		long:  map[string]promptMode{"force": promptNever, "interactive": promptAlways},
		names: []string{"force", "interactive", "one-file-system", "no-preserve-root", "preserve-root", "recursive", "dir", "verbose", "help", "version"}, whenArg: true},
	"mv": {short: map[byte]promptMode{'f': promptNever, 'i': promptAlways, 'n': promptNoClobber},
		long: map[string]promptMode{"force": promptNever, "interactive": promptAlways, "no-clobber": promptNoClobber},
		names: []string{"backup", "context", "debug", "exchange", "force", "interactive", "no-clobber", "no-copy", "no-target-directory",
			"strip-trailing-slashes", "suffix", "target-directory", "update", "verbose", "help", "version"}},
	"cp": {short: map[byte]promptMode{'i': promptAlways, 'n': promptNoClobber},
		long: map[string]promptMode{"interactive": promptAlways, "no-clobber": promptNoClobber},
		names: []string{"archive", "attributes-only", "backup", "copy-contents", "debug", "dereference", "force", "interactive", "link",
			"no-clobber", "no-dereference", "no-preserve", "no-target-directory", "one-file-system", "parents", "path", "keep-directory-symlink",
			"preserve", "recursive", "reflink", "remove-destination", "sparse", "strip-trailing-slashes", "suffix", "symbolic-link",
			"target-directory", "update", "verbose", "context", "help", "version"}},
	"ln": {short: map[byte]promptMode{'f': promptNever, 'i': promptAlways},
		long: map[string]promptMode{"force": promptNever, "interactive": promptAlways},
		names: []string{"backup", "directory", "force", "interactive", "logical", "no-dereference", "no-target-directory", "physical",
			"relative", "suffix", "symbolic", "target-directory", "verbose", "help", "version"}},
}

// rmWhen are rm's --interactive=WHEN values (interactive_args).
var rmWhen = []struct {
	name string
	mode promptMode
}{{"never", promptNever}, {"no", promptNever}, {"none", promptNever}, {"once", promptOnce}, {"always", promptAlways}, {"yes", promptAlways}}

// longName returns the long option of names that given spells, exactly or
// as an unambiguous prefix (getopt_long), or "".
func longName(given string, names []string) string {
	var match string
	for _, n := range names {
		if n == given {
			return n
		}
		if given != "" && strings.HasPrefix(n, given) {
			if match != "" {
				return "" // ambiguous: the program refuses it
			}
			match = n
		}
	}
	return match
}

// whenMode reads rm's WHEN, exactly or abbreviated: argmatch accepts a
// prefix that only names values of one mode ("n" is never, no and none).
func whenMode(v string) (promptMode, bool) {
	found, mode := false, promptUnset
	for _, w := range rmWhen {
		if w.name == v {
			return w.mode, true
		}
		if v != "" && strings.HasPrefix(w.name, v) {
			if found && mode != w.mode {
				return promptUnset, false
			}
			found, mode = true, w.mode
		}
	}
	return mode, found
}

// promptOf returns how c is set to ask, and the option that set it (the
// last one that did). Options after "--" are operands.
func promptOf(c *model.Command) (promptMode, string) {
	spec, ok := promptSpecs[c.Program]
	if !ok {
		return promptUnset, ""
	}
	mode, by := promptUnset, ""
	for _, a := range c.Args {
		v := a.Value
		if a.Dynamic || v == "--" {
			if v == "--" {
				break
			}
			continue
		}
		switch {
		case strings.HasPrefix(v, "--"):
			name, value, hasValue := strings.Cut(v[2:], "=")
			long := longName(name, spec.names)
			m, known := spec.long[long]
			if !known {
				continue
			}
			if long == "interactive" && spec.whenArg && hasValue {
				if m, known = whenMode(value); !known {
					continue // rm refuses the value and deletes nothing
				}
			}
			mode, by = m, v
		case strings.HasPrefix(v, "-") && len(v) > 1:
			for j := 1; j < len(v); j++ {
				if m, known := spec.short[v[j]]; known {
					mode, by = m, v
				}
			}
		}
	}
	return mode, by
}

// stdinAnswers reports whether the line feeds c's stdin, so that what it
// feeds answers c's prompts: anything but /dev/null, which answers no.
func stdinAnswers(c *model.Command) bool {
	return c.StdinFrom != "" && c.StdinFrom != "file /dev/null"
}

// forceEvidence is the evidence of -f: shared, never modified.
var forceEvidence = []model.Evidence{{Key: "flag", Value: "f", Present: true}}

// asksNothing holds when c deletes or replaces without a person's answer:
// an option turns its prompts off (-f, --interactive=never ...), or it
// would ask but the line feeds its stdin the answers.
func asksNothing() rules.Cond {
	return rules.Func("asks nothing: -f or a spelling of never ask, or prompts answered by what the line feeds stdin", func(f rules.Facts) rules.Result {
		c := f.M.Command
		switch mode, by := promptOf(c); {
		case mode == promptNever && (by == "--force" || !strings.HasPrefix(by, "--")):
			return rules.Result{Truth: rules.True, Evidence: forceEvidence} // -f, as rules.Flag("f", "force") says it
		case mode == promptNever:
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "prompt", Value: by, Present: true, Description: "never asks"}}}
		case (mode == promptAlways || mode == promptOnce) && stdinAnswers(c):
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "stdin", Value: c.StdinFrom, Present: true,
				Description: "answers the prompts of " + by + ": no person does"}}}
		}
		return rules.Result{Truth: rules.False}
	})
}

// asksPerson holds when c asks before it deletes or replaces and nothing
// in the line answers for the person: -i or -I (their last spelling) with
// a stdin the line does not feed.
func asksPerson() rules.Cond {
	return rules.Func("asks, and the line does not feed the answers", func(f rules.Facts) rules.Result {
		c := f.M.Command
		if mode, by := promptOf(c); (mode == promptAlways || mode == promptOnce) && !stdinAnswers(c) {
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "prompt", Value: by, Present: true, Description: "asks first; the line feeds no answer"}}}
		}
		return rules.Result{Truth: rules.False}
	})
}

// keepsTarget holds when cp or mv never replaces an existing file: -n
// (its last prompt option), or -i that nothing in the line answers; or it
// only prints help.
func keepsTarget() rules.Cond {
	return rules.Func("never replaces: -n, or -i with no answer fed", func(f rules.Facts) rules.Result {
		c := f.M.Command
		if rules.HasFlag(c, "help", "version") {
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "flag", Value: "help", Present: true}}}
		}
		switch mode, by := promptOf(c); {
		case mode == promptNoClobber:
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "prompt", Value: by, Present: true, Description: "never replaces"}}}
		case mode == promptAlways && !stdinAnswers(c):
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "prompt", Value: by, Present: true, Description: "asks first; the line feeds no answer"}}}
		}
		return rules.Result{Truth: rules.False}
	})
}

// lnReplaces holds when ln replaces a file of the link's name without a
// person's answer: -f (or --force, the last of -f and -i), or -i answered
// by what the line feeds stdin.
func lnReplaces() rules.Cond { return asksNothing() }
