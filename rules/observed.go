package rules

import (
	"fmt"
	"path"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// Observed facts (model.Observed, gathered read-only where the action runs
// by internal/observe) decide tiers here, never in the observer. Each
// condition below is False when nothing was observed (observation off, a
// surface that does not run beside the action, or a command the line may
// have changed the disk for), so the rows without observation decide as
// before; Unknown, with the facts that could not be gathered as missing
// evidence, when a fact it needs is among Observed.Unavailable; and True
// only on positive facts, each recorded as evidence supplied by
// "observed". The evidence keys loss and way-back lead the reports.

// Keys of the evidence observed rows record.
const (
	LossKey    = "loss"
	WayBackKey = "way-back"
	// ObservedKey is a target's or a git command's facts in a line.
	ObservedKey = "observed"
)

// regenerableOutput are the directory names whose content, when git
// ignores it, is build output that a build makes again: buildDirs and the
// usual output directories that are also source directory names in some
// projects (build, out), which the ignore rule tells apart.
var regenerableOutput = map[string]bool{"build": true, "out": true, "obj": true, "_build": true, ".build": true}

// regenerable reports whether an ignored path (relative to its
// repository, a directory with a trailing slash) is build output.
func regenerable(p string) bool {
	for seg := range strings.SplitSeq(strings.TrimSuffix(p, "/"), "/") {
		if buildDirs()[seg] || regenerableOutput[seg] {
			return true
		}
	}
	switch path.Ext(p) {
	case ".pyc", ".pyo", ".o", ".class":
		return true
	}
	return false
}

// observedOf is the observation of f's command, or nil.
func observedOf(f Facts) *model.Observed {
	if f.M == nil {
		return nil
	}
	return f.M.Observation()
}

// unavailable is the Unknown result of observed facts that could not all
// be gathered.
func unavailable(o *model.Observed) Result {
	missing := make([]string, len(o.Unavailable))
	for i, u := range o.Unavailable {
		missing[i] = "observed: " + u
	}
	return Result{Truth: Unknown, Missing: missing}
}

// targetLoses reports whether deleting or overwriting t loses what git
// cannot give back: untracked or modified files, ignored files that are
// not build output, or a repository's own .git.
func targetLoses(t model.ObservedTarget) bool {
	if !t.Exists {
		return false
	}
	if t.ContainsRepo {
		return true
	}
	for _, l := range t.Lost {
		if l.State != model.GitIgnored || !regenerable(l.Path) {
			return true
		}
	}
	return t.LostFiles > 0 && len(t.Lost) < t.LostFiles && len(t.Lost) == model.MaxObservedListed
}

// ObservedLoss holds when an observed target holds what no copy keeps
// (targetLoses): a deletion or an overwrite of it is unrecoverable.
func ObservedLoss() Cond {
	return Func("observed: a target holds untracked, modified or unregenerable ignored files", func(f Facts) Result {
		o := observedOf(f)
		if o == nil {
			return Result{Truth: False}
		}
		var lost []model.ObservedTarget
		for _, t := range o.Targets {
			if (t.Repo != "" || t.ContainsRepo) && targetLoses(t) {
				lost = append(lost, t)
			}
		}
		if len(lost) > 0 {
			return Result{Truth: True, Evidence: lossEvidence(lost)}
		}
		if len(o.Unavailable) > 0 {
			return unavailable(o)
		}
		return Result{Truth: False}
	})
}

// ObservedEmpty holds when every target is observed to be an empty
// directory: deleting it deletes nothing (rm -r of an empty directory).
// A target observed absent does not count: rm of a path that is not
// there now says nothing about what a parallel or later process puts
// there, so the rows that judge the path by its name still decide.
func ObservedEmpty() Cond {
	return observedEach("every target is an empty directory", func(t model.ObservedTarget) (string, bool) {
		return t.Path + " is an empty directory", t.Exists && t.EmptyDir
	})
}

// ObservedNew holds when every target is observed absent: a copy, move or
// redirection writes a new file and replaces nothing.
func ObservedNew() Cond {
	return observedEach("every target is absent (a new file)", func(t model.ObservedTarget) (string, bool) {
		return t.Path + " does not exist", !t.Exists
	})
}

// observedEach holds when test holds for every observed target.
func observedEach(desc string, test func(model.ObservedTarget) (string, bool)) Cond {
	return Func("observed: "+desc, func(f Facts) Result {
		o := observedOf(f)
		if o == nil || len(o.Targets) == 0 {
			return Result{Truth: False}
		}
		var parts []string
		for _, t := range o.Targets {
			part, ok := test(t)
			if !ok {
				return Result{Truth: False}
			}
			parts = append(parts, part)
		}
		if len(o.Unavailable) > 0 {
			return unavailable(o)
		}
		return Result{Truth: True, Evidence: []model.Evidence{observed(ObservedKey, strings.Join(parts, "; "), "lstat where the action runs")}}
	})
}

// ObservedFromGit holds when every existing target lies in a git work
// tree with all its files tracked and unmodified (or ignored build
// output), and no target holds a repository: git gives them back.
func ObservedFromGit() Cond {
	return Func("observed: every target is tracked and unmodified in git (or ignored build output)", func(f Facts) Result {
		o := observedOf(f)
		if o == nil || len(o.Targets) == 0 {
			return Result{Truth: False}
		}
		var tracked, rebuilt []string
		for _, t := range o.Targets {
			switch {
			case t.EmptyDir:
				continue
			case !t.Exists || t.Repo == "" || t.Bound != "" || targetLoses(t):
				return Result{Truth: False}
			case t.LostFiles > 0: // ignored build output only
				rebuilt = append(rebuilt, t.Ignored...)
				if t.LostFiles < t.Files {
					tracked = append(tracked, t.Path)
				}
			default:
				tracked = append(tracked, t.Path)
			}
		}
		if len(tracked) == 0 && len(rebuilt) == 0 {
			return Result{Truth: False}
		}
		if len(o.Unavailable) > 0 {
			return unavailable(o)
		}
		return Result{Truth: True, Evidence: []model.Evidence{
			observed(ObservedKey, targetsLine(o.Targets), "git status and a bounded walk where the action runs"),
			observed(WayBackKey, wayBack(tracked, rebuilt), "what gives the files back"),
		}}
	})
}

// wayBack says how deleted tracked files and ignored output come back.
func wayBack(tracked, rebuilt []string) string {
	var parts []string
	if len(tracked) > 0 {
		parts = append(parts, "tracked files: `git checkout -- "+strings.Join(quoteAll(tracked), " ")+"`")
	}
	if len(rebuilt) > 0 {
		parts = append(parts, "ignored build output ("+strings.Join(rebuilt, ", ")+"): the build makes it again")
	}
	return strings.Join(parts, "; ")
}

// quoteAll quotes the paths a shell would split.
func quoteAll(ps []string) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		if strings.ContainsAny(p, " \t'\"$`\\*?[]{}()<>|&;!#~") {
			p = "'" + strings.ReplaceAll(p, "'", `'\''`) + "'"
		}
		out[i] = p
	}
	return out
}

// observed is one observed fact.
func observed(key, value, how string) model.Evidence {
	return model.Evidence{Key: key, Value: value, Present: true, SuppliedBy: model.SuppliedObserved, Description: how}
}

// lossEvidence states what is lost in the targets: their untracked,
// modified and ignored files with sizes, clipped.
func lossEvidence(ts []model.ObservedTarget) []model.Evidence {
	var files []model.ObservedFile
	n, repos := 0, 0
	var bytes int64
	for _, t := range ts {
		n += t.LostFiles
		bytes += t.LostBytes
		files = append(files, t.Lost...)
		if t.ContainsRepo {
			repos++
		}
	}
	var b strings.Builder
	if repos > 0 {
		fmt.Fprintf(&b, "a git repository's history (.git) in %s", strings.Join(pathsOf(ts, func(t model.ObservedTarget) bool { return t.ContainsRepo }), ", "))
		if n > 0 {
			b.WriteString("; ")
		}
	}
	if n > 0 || repos == 0 {
		b.WriteString(FilesLine(files, n, bytes))
	}
	return []model.Evidence{observed(LossKey, b.String(), "git status --ignored and a bounded walk where the action runs")}
}

func pathsOf(ts []model.ObservedTarget, keep func(model.ObservedTarget) bool) []string {
	var out []string
	for _, t := range ts {
		if keep(t) {
			out = append(out, t.Path)
		}
	}
	return out
}

// FilesLine says how many files of which states and sizes there are,
// with the first few named: "3 untracked files, 14 KB: a.txt (12 KB),
// b.txt (2 KB), c.txt (0 B)".
func FilesLine(files []model.ObservedFile, n int, bytes int64) string {
	states := map[string]int{}
	var order []string
	for _, f := range files {
		if states[f.State] == 0 {
			order = append(order, f.State)
		}
		states[f.State]++
	}
	desc := "files"
	if len(order) == 1 {
		desc = order[0] + " files"
	} else if len(order) > 1 {
		desc = strings.Join(order, ", ") + " files"
	}
	if n == 1 {
		desc = strings.TrimSuffix(desc, "s")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d %s, %s", n, desc, Size(bytes))
	for i, f := range files {
		if i == 5 {
			fmt.Fprintf(&b, ", … (%d more)", len(files)-5+max(0, n-len(files)))
			break
		}
		sep := ", "
		if i == 0 {
			sep = ": "
		}
		fmt.Fprintf(&b, "%s%s (%s)", sep, f.Path, Size(f.Bytes))
	}
	return b.String()
}

// Size spells a byte count as a person reads it.
func Size(n int64) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%d B", n)
	case n < 1024*1024:
		return fmt.Sprintf("%.0f KB", float64(n)/1024)
	case n < 1024*1024*1024:
		return fmt.Sprintf("%.1f MB", float64(n)/(1024*1024))
	}
	return fmt.Sprintf("%.1f GB", float64(n)/(1024*1024*1024))
}

// targetsLine describes the observed targets in a line.
func targetsLine(ts []model.ObservedTarget) string {
	parts := make([]string, 0, len(ts))
	for _, t := range ts {
		if !t.Exists {
			parts = append(parts, t.Path+": absent")
			continue
		}
		parts = append(parts, fmt.Sprintf("%s: %s, %s, %d files, %s", t.Path, t.Kind, t.Git, t.Files, Size(t.Bytes)))
	}
	return strings.Join(parts, "; ")
}

// ObservedGitFact holds when the observed git facts satisfy test, which
// returns whether it holds and the evidence (observed) it rests on; need
// says whether the facts test reads were gathered.
func ObservedGitFact(desc string, need func(*model.ObservedGit) bool, test func(*model.ObservedGit) (bool, []model.Evidence)) Cond {
	return Func("observed: "+desc, func(f Facts) Result {
		o := observedOf(f)
		if o == nil {
			return Result{Truth: False}
		}
		if o.Git == nil || !need(o.Git) {
			if len(o.Unavailable) > 0 {
				return unavailable(o)
			}
			return Result{Truth: False}
		}
		ok, ev := test(o.Git)
		if !ok {
			return Result{Truth: False}
		}
		if len(o.Unavailable) > 0 {
			return unavailable(o)
		}
		return Result{Truth: True, Evidence: ev}
	})
}

// ObservedGitFactOrFalse is ObservedGitFact that is False, not Unknown,
// when facts could not be gathered: for a row whose tier number is above
// the row that decides without the facts (needs review above
// unrecoverable), where Unknown would lower a block to a review.
func ObservedGitFactOrFalse(desc string, need func(*model.ObservedGit) bool, test func(*model.ObservedGit) (bool, []model.Evidence)) Cond {
	c := ObservedGitFact(desc, need, test)
	return Func(c.String(), func(f Facts) Result {
		r := c.Eval(f)
		if r.Truth == Unknown {
			return Result{Truth: False}
		}
		return r
	})
}

// ObservedEvidence is a fact observed, for rows outside this package.
func ObservedEvidence(key string, value any, how string) model.Evidence {
	return model.Evidence{Key: key, Value: value, Present: true, SuppliedBy: model.SuppliedObserved, Description: how}
}

// Regenerable reports whether an ignored path is build output.
func Regenerable(p string) bool { return regenerable(p) }

// ObservedRow is one row that observed facts decide, in the one table
// every surface that does the same thing to a path uses: rm and an MCP
// server's delete_file (ObservedDeletes), a redirection, tee, dd of= or an
// agent's Write and write_file (ObservedWrites). A surface names the row
// PREFIX.observed.SUFFIX, says its verb, and may add a condition of its
// own (cp -n never writes over); the condition, tier and reason are the
// table's, so the two surfaces cannot drift apart.
type ObservedRow struct {
	Suffix string
	When   Cond
	Tier   model.Tier
	// Reason follows the surface's verb ("deletes", "writes over").
	Reason string
}

// ObservedDeletes are the observed rows of a delete: a loss git cannot
// undo, nothing there, or only what git gives back.
func ObservedDeletes() []ObservedRow {
	return []ObservedRow{
		{"loss", ObservedLoss(), model.TierUnrecoverable,
			"files git cannot give back (observed where the action runs: untracked or modified files, ignored files that are not build output, or a repository's .git)"},
		{"empty-dir", ObservedEmpty(), model.TierReversible,
			"nothing (observed: every path is an empty directory)"},
		{"from-git", ObservedFromGit(), model.TierRecoverableWithEffort,
			"only files git gives back (observed: every one is tracked and unmodified, or ignored build output)"},
	}
}

// ObservedWrites are the observed rows of a write over a path (a
// truncating redirection, tee, dd of=, an in-place edit's file or its
// backup, a copy's, move's, install's or link's destination, a Write
// tool): a new file, a loss git cannot undo, or only what git gives back.
func ObservedWrites() []ObservedRow {
	return []ObservedRow{
		{"new", ObservedNew(), model.TierReversible,
			"a path that does not exist (observed where the action runs): nothing is replaced"},
		{"loss", ObservedLoss(), model.TierUnrecoverable,
			"a file git cannot give back (observed where the action runs: untracked, modified, or ignored and not build output)"},
		{"from-git", ObservedFromGit(), model.TierRecoverableWithEffort,
			"only files git gives back (observed: tracked and unmodified): `git checkout -- FILE` restores them"},
	}
}
