package filesystem

import (
	"path"
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// findRows are find -delete's rows: what the expression can match decides.
// One under temp directories only removes what the system treats as
// disposable; any other can match anything under its start paths. (A
// delete limited by name to bytecode, find . -name '*.pyc' -delete, stays
// a block: command guards' corpora hold it to deny, and a name pattern
// is one typo from a wider one.)
func findRows() []rules.Rule {
	return []rules.Rule{
		row("fs.find.delete.temp", "find", rules.All(rules.Flag("delete"), tempStartsOnly()), model.TierRecoverableWithEffort,
			"find -delete removes files only under temp directories, which the system treats as disposable"),
		// -empty: only what holds nothing (issue 32, regenerable deletes).
		// An or or a negation could widen the match, so it must have none.
		row("fs.find.delete.empty-dirs", "find", rules.All(rules.Flag("delete"), rules.Flag("empty"), findTest("-type", "d"), narrowExpression()), model.TierReversible,
			"find -type d -empty -delete removes only empty directories, as rmdir does; mkdir recreates them"),
		row("fs.find.delete.empty", "find", rules.All(rules.Flag("delete"), rules.Flag("empty"), narrowExpression()), model.TierRecoverableWithEffort,
			"find -empty -delete removes only empty files and directories: no content is lost, and an empty marker file (.gitkeep, __init__.py) comes back from version control"),
		row("fs.find.delete", "find", rules.Flag("delete"), model.TierUnrecoverable, "find -delete removes every file the expression matches"),
		row("fs.find", "find", nil, model.TierReversible, "find only lists files (its -exec commands are judged on their own)"),
	}
}

// findStarts are find's start paths: its arguments before the first
// that begins the expression (a test, an action, an operator).
func findStarts(c *model.Command) []model.Arg {
	for i, a := range c.Args {
		if strings.HasPrefix(a.Value, "-") || a.Value == "(" || a.Value == "!" || a.Value == "," {
			return c.Args[:i]
		}
	}
	return c.Args
}

// tempStartsOnly holds when find has start paths and every one is in a
// temp directory (with none it starts in the working directory).
func tempStartsOnly() rules.Cond {
	return rules.Func("starts only in temp directories", func(f rules.Facts) rules.Result {
		starts := findStarts(f.M.Command)
		if len(starts) == 0 {
			return rules.Result{Truth: rules.False}
		}
		for _, s := range starts {
			if s.Dynamic || model.HasDotDot(s.Value) || !model.InTempDir(path.Clean(s.Value)) {
				return rules.Result{Truth: rules.False}
			}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "start", Value: starts[0].Value, Present: true, Description: "a temp directory"}}}
	})
}

// narrowExpression holds when find's expression has no or (-o, -or, a
// comma) and no negation (!, -not): every test it has narrows the match.
func narrowExpression() rules.Cond {
	return rules.Func("an expression of and-ed tests only", func(f rules.Facts) rules.Result {
		for _, a := range f.M.Command.Args {
			switch a.Value {
			case "-o", "-or", ",", "!", "-not":
				return rules.Result{Truth: rules.False}
			}
			if a.Dynamic {
				return rules.Result{Truth: rules.False}
			}
		}
		return rules.Result{Truth: rules.True}
	})
}

// findTest holds when find's expression has the test name with the value
// value (-type d).
func findTest(name, value string) rules.Cond {
	return rules.Func("find "+name+" "+value, func(f rules.Facts) rules.Result {
		args := f.M.Command.Args
		for i := 0; i+1 < len(args); i++ {
			if args[i].Value == name && args[i+1].Value == value && !args[i+1].Dynamic {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "test", Value: name + " " + value, Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}
