package rules

import (
	"path"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// The facts about a target that decide between a block and a lesser tier
// but that a command line does not show. A condition that needs one and
// does not have it answers Unknown and names it in Result.Missing as
// MissingFact(FACT, SUBJECT) ("exists:/etc/apt/sources.list.d/x.list"),
// so that the verdict is needs-review with that name in missingEvidence,
// never a block and never an allow (design.md, "Block only on facts").
// Observation (issue 33) fills these names (ObservedFact): a condition
// that asks for one decides on the observed answer when observation ran,
// and names it missing when it did not.
const (
	// FactExists is whether a file a command would write already exists:
	// only overwriting an existing one can lose data.
	FactExists = "exists"
	// FactIgnoredOutput is whether a directory is the project's generated
	// output (ignored by its .gitignore, beside a build file that
	// rebuilds it), or holds files nothing regenerates.
	FactIgnoredOutput = "gitignored"
	// FactThrowawayVolume is whether a container volume holds throwaway
	// data (a development or test database) or data that matters.
	FactThrowawayVolume = "throwaway-volume"
	// FactGitTracked is whether git tracks a file unmodified, so that
	// git gives it back after a delete. Observation answers it through
	// the observed rows (ObservedLoss, ObservedFromGit), which decide
	// before any row that names it missing.
	FactGitTracked = "git-tracked"
	// FactServerEffect is what a request that changes state does on a
	// server the line does not describe, and whether it can be undone.
	// Nothing observes it.
	FactServerEffect = "server-effect"
)

// MissingFact names the fact fact about subject, for Result.Missing.
func MissingFact(fact, subject string) string { return fact + ":" + subject }

// ObservedFact answers fact about subject (a path as the line names it,
// or resolved) from what observation gathered where the action runs
// (Observation of f's change): known is false when nothing was observed
// of subject, or what was observed does not decide the fact, so that the
// condition that asked names it missing as before. Observation fills these
// names; there is no second vocabulary of observed facts for rules to read.
//   - FactExists: the target was observed, and its existence is known.
//   - FactIgnoredOutput: the target lies in a git work tree and git
//     ignores all of it, as build output by its name (Regenerable) or
//     beside a build file the working directory shows: true; git tracks
//     files in it or holds untracked ones there: false.
//
// FactThrowawayVolume is never observed.
func ObservedFact(f Facts, fact, subject string) (value, known bool) {
	if f.M == nil {
		return false, false
	}
	o := f.M.Observation()
	if o == nil {
		return false, false
	}
	t, ok := observedTarget(o, subject, f.M.Command)
	if !ok || t.Bound != "" || unavailableFor(o, t.Path) {
		return false, false
	}
	switch fact {
	case FactExists:
		return t.Exists, true
	case FactIgnoredOutput:
		if !t.Exists || t.Repo == "" {
			return false, false
		}
		switch t.Git {
		case model.GitIgnored:
			ws := (*model.Workspace)(nil)
			if f.M.Command != nil {
				ws = f.M.Command.Workspace
			}
			if regenerable(t.Path) || ws != nil && len(ws.BuildFiles) > 0 {
				return true, true
			}
			return false, false
		case model.GitClean, model.GitModified, model.GitUntracked, model.GitMixed:
			return false, true
		}
	}
	return false, false
}

// observedTarget is the observed target subject names: by the path as
// the line wrote it, or resolved (from the command's directory).
func observedTarget(o *model.Observed, subject string, c *model.Command) (model.ObservedTarget, bool) {
	clean := strings.TrimSuffix(path.Clean(subject), "/")
	abs := clean
	if c != nil && c.Cwd != "" && !path.IsAbs(clean) {
		abs = path.Join(c.Cwd, clean)
	}
	for _, t := range o.Targets {
		if t.Path == subject || path.Clean(t.Path) == clean || t.Resolved == abs || t.Resolved == clean {
			return t, true
		}
	}
	return model.ObservedTarget{}, false
}

// unavailableFor reports whether a fact of the target named name could
// not be gathered.
func unavailableFor(o *model.Observed, name string) bool {
	for _, u := range o.Unavailable {
		if strings.HasPrefix(u, name+":") {
			return true
		}
	}
	return false
}
