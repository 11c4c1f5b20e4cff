package filesystem

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// uncommittedReason is the reason of the row for files deleted by name in
// a project or a home directory.
const uncommittedReason = "deletes files in a project or a home directory, and rm keeps no copy: a file git tracks unmodified comes back from git, " +
	"one it does not (an untracked script, local changes, a file outside any repository) is gone"

// uncommittedRows judge rm of named files by whether git keeps them
// (issue 32 §3): that fact decides between a warn and a loss, and the line
// does not show it. Where observation ran, the observed rows before these
// decide on what git says; where it did not, the row below cannot be
// ruled out, so the verdict is needs-review naming the fact missing
// (rules.FactGitTracked), never a silent warn. What the name shows to be
// regenerable (bytecode, object files, build and cache directories, lock
// files), temp, and a path only known at run time whose shape does not
// place it in a project or home directory are not this row's.
// The row is for a shell that states no context (an agent's, a
// person's), where a file may be the only copy: a CI job, a make recipe
// or an image build keeps the verdict of before, which its context lowers
// where it covers the path (rules/runcontext.go, rules/imagebuild.go).
func uncommittedRows() []rules.Rule {
	return []rules.Rule{
		// rm -i asks about every file, and no one answers yes unless the
		// line feeds the answers (prompt.go): a person decides.
		row("fs.rm.uncommitted", "rm", rules.All(rules.Not(asksPerson()), uncommittedFiles()), model.TierUnrecoverable, uncommittedReason),
	}
}

// uncommittedFiles is Unknown, with rules.FactGitTracked missing for each
// such operand, when rm names a file in a project or a home directory
// whose git state nothing observed; False otherwise (no such operand, or
// every one observed absent). It is never True: only observation can show
// the loss, and the observed rows judge that.
func uncommittedFiles() rules.Cond {
	return rules.Func("a file in a project or home directory that git may not keep", func(f rules.Facts) rules.Result {
		c := f.M.Command
		if c.RunContext != model.RunAnywhere || c.ImageBuild {
			// A CI job's or an image build's files are a checkout, the
			// job's or the build's own output: judged as before (tier 3),
			// or lowered by the context where it covers the path.
			return rules.Result{Truth: rules.False}
		}
		var missing []string
		for _, a := range f.Operands() {
			if rules.Regenerable(a.Value) {
				continue
			}
			// A path only known at run time is the unseen rows' (rm
			// "$F"), unless its shape places it: $HOME/x, or what find
			// finds under a start directory.
			switch rules.ClassifyPath(a, c) {
			case rules.PathProject, rules.PathUser:
			default:
				continue
			}
			if exists, known := rules.ObservedFact(f, rules.FactExists, a.Value); known && !exists {
				continue // observed absent: nothing to lose
			}
			missing = append(missing, rules.MissingFact(rules.FactGitTracked, a.Value))
		}
		if len(missing) == 0 {
			return rules.Result{Truth: rules.False}
		}
		return rules.Result{Truth: rules.Unknown, Missing: missing}
	})
}
