package git

import (
	"fmt"
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// Rows that observed repository facts decide (internal/observe gathers
// them read-only where the action runs; rules.ObservedGitFact): whether
// a reset, checkout or restore has uncommitted changes to discard, what
// git clean -n lists, whether a branch's commits are held by another ref,
// and what a force push drops as the remote-tracking ref shows it. Each is
// read before the row that judges the command without them.

var (
	hasChanges = func(g *model.ObservedGit) bool { return g.ChangeCount != nil }
	hasClean   = func(g *model.ObservedGit) bool { return g.CleanCount != nil }
	hasBranch  = func(g *model.ObservedGit) bool { return len(g.Branches) > 0 }
	hasPush    = func(g *model.ObservedGit) bool { return g.Push != nil }
	hasStash   = func(g *model.ObservedGit) bool { return g.StashEntries != nil }
)

// discards holds when the command would discard observed uncommitted
// changes.
func discards() rules.Cond {
	return rules.ObservedGitFact("uncommitted changes are discarded", hasChanges, func(g *model.ObservedGit) (bool, []model.Evidence) {
		if *g.ChangeCount == 0 {
			return false, nil
		}
		return true, []model.Evidence{rules.ObservedEvidence(rules.LossKey, rules.FilesLine(g.Changes, *g.ChangeCount, sumBytes(g.Changes)),
			"git status --untracked-files=no where the action runs")}
	})
}

// noChanges holds when there is no uncommitted change to discard.
func noChanges() rules.Cond {
	return rules.ObservedGitFact("no uncommitted changes", hasChanges, func(g *model.ObservedGit) (bool, []model.Evidence) {
		return *g.ChangeCount == 0, []model.Evidence{rules.ObservedEvidence(rules.ObservedKey, "no uncommitted changes to tracked files in "+g.Repo,
			"git status --untracked-files=no where the action runs")}
	})
}

func sumBytes(fs []model.ObservedFile) int64 {
	var n int64
	for _, f := range fs {
		n += f.Bytes
	}
	return n
}

// resetInPlace holds when git reset names no commit, or HEAD: the branch
// stays where it is.
func resetInPlace() rules.Cond {
	return rules.Func("reset to HEAD", func(f rules.Facts) rules.Result {
		for _, o := range f.Operands() {
			if o.Dynamic || o.Value != "HEAD" && o.Value != "@" {
				return rules.Result{Truth: rules.False}
			}
		}
		return rules.Result{Truth: rules.True}
	})
}

// cleanLoses holds when git clean -n lists untracked files or ignored
// files that are not build output.
func cleanLoses() rules.Cond {
	return rules.ObservedGitFact("git clean -n lists files git cannot give back", hasClean, func(g *model.ObservedGit) (bool, []model.Evidence) {
		lost := false
		for _, c := range g.Cleaned {
			if c.State != model.GitIgnored || !rules.Regenerable(c.Path) {
				lost = true
			}
		}
		if *g.CleanCount > len(g.Cleaned) && !lost {
			lost = true // not all listed: what the rest are is not shown
		}
		if !lost {
			return false, nil
		}
		return true, []model.Evidence{rules.ObservedEvidence(rules.LossKey, rules.FilesLine(g.Cleaned, *g.CleanCount, sumBytes(g.Cleaned)),
			"git clean -n (a dry run) where the action runs")}
	})
}

// cleanNothing holds when git clean -n lists nothing.
func cleanNothing() rules.Cond {
	return rules.ObservedGitFact("git clean -n lists nothing", hasClean, func(g *model.ObservedGit) (bool, []model.Evidence) {
		return *g.CleanCount == 0, []model.Evidence{rules.ObservedEvidence(rules.ObservedKey, "git clean -n lists nothing to remove", "git clean -n (a dry run) where the action runs")}
	})
}

// cleanRegenerable holds when git clean -n lists only ignored build output.
func cleanRegenerable() rules.Cond {
	return rules.ObservedGitFact("git clean -n lists only ignored build output", hasClean, func(g *model.ObservedGit) (bool, []model.Evidence) {
		if *g.CleanCount == 0 || *g.CleanCount > len(g.Cleaned) {
			return false, nil
		}
		var paths []string
		for _, c := range g.Cleaned {
			if c.State != model.GitIgnored || !rules.Regenerable(c.Path) {
				return false, nil
			}
			paths = append(paths, c.Path)
		}
		return true, []model.Evidence{
			rules.ObservedEvidence(rules.ObservedKey, rules.FilesLine(g.Cleaned, *g.CleanCount, sumBytes(g.Cleaned)), "git clean -n (a dry run) where the action runs"),
			rules.ObservedEvidence(rules.WayBackKey, "ignored build output ("+strings.Join(paths, ", ")+"): the build makes it again", "the paths are git-ignored build directories"),
		}
	})
}

// branchUnique holds when a deleted branch has commits no other ref holds.
func branchUnique() rules.Cond {
	return rules.ObservedGitFact("a deleted branch has commits no other ref holds", hasBranch, func(g *model.ObservedGit) (bool, []model.Evidence) {
		var parts []string
		for _, b := range g.Branches {
			if b.Exists && b.Unique > 0 {
				parts = append(parts, fmt.Sprintf("%d commits only on branch %s (tip %s), neither merged nor pushed", b.Unique, b.Name, short(b.Tip)))
			}
		}
		if len(parts) == 0 {
			return false, nil
		}
		return true, []model.Evidence{
			rules.ObservedEvidence(rules.LossKey, strings.Join(parts, "; "), "git rev-list --not --all where the action runs"),
			rules.ObservedEvidence(rules.WayBackKey, "only the reflog until gc expires it: `git branch NAME TIP` with the tip above", "git keeps unreachable commits until gc"),
		}
	})
}

// branchHeld holds when every deleted branch that exists has all its
// commits in another ref (merged into a branch, pushed to a remote, or
// tagged), and one does.
func branchHeld() rules.Cond {
	return rules.ObservedGitFact("every deleted branch's commits are held by another ref", hasBranch, func(g *model.ObservedGit) (bool, []model.Evidence) {
		var parts, back []string
		for _, b := range g.Branches {
			switch {
			case !b.Exists:
				continue
			case b.Unique > 0:
				return false, nil
			}
			held := "another ref"
			if len(b.ContainedIn) > 0 {
				held = strings.Join(b.ContainedIn, ", ")
			}
			parts = append(parts, fmt.Sprintf("branch %s is merged or pushed: its tip %s is in %s", b.Name, short(b.Tip), held))
			back = append(back, fmt.Sprintf("`git branch %s %s`", b.Name, short(b.Tip)))
		}
		if len(parts) == 0 {
			return false, nil
		}
		return true, []model.Evidence{
			rules.ObservedEvidence(rules.ObservedKey, strings.Join(parts, "; "), "git rev-list and for-each-ref --contains where the action runs"),
			rules.ObservedEvidence(rules.WayBackKey, strings.Join(back, "; "), "the commits stay reachable from the refs that hold them"),
		}
	})
}

// branchAbsent holds when no deleted branch exists.
func branchAbsent() rules.Cond {
	return rules.ObservedGitFact("no deleted branch exists", hasBranch, func(g *model.ObservedGit) (bool, []model.Evidence) {
		var names []string
		for _, b := range g.Branches {
			if b.Exists {
				return false, nil
			}
			names = append(names, b.Name)
		}
		return true, []model.Evidence{rules.ObservedEvidence(rules.ObservedKey, "no branch "+strings.Join(names, ", ")+": git branch -D fails and deletes nothing", "git rev-parse --verify where the action runs")}
	})
}

// pushDrops holds when the remote-tracking ref shows commits the force
// push drops.
func pushDrops() rules.Cond {
	return rules.ObservedGitFact("the force push drops commits the remote-tracking ref shows", hasPush, func(g *model.ObservedGit) (bool, []model.Evidence) {
		p := g.Push
		if p.Dropped == 0 {
			return false, nil
		}
		return true, []model.Evidence{rules.ObservedEvidence(rules.LossKey,
			fmt.Sprintf("%d commits on %s that %s does not contain are removed from %s", p.Dropped, p.TrackingRef, p.Source, p.Remote),
			"git rev-list SOURCE..TRACKING where the action runs")}
	})
}

// pushDropsNone holds when the remote-tracking ref shows no commit the
// force push drops.
func pushDropsNone() rules.Cond {
	// Not rules.ObservedGitFact: its tier (needs review) is above the
	// force push's own row's number, and a fact not gathered must not
	// turn that row's block into a review.
	return rules.ObservedGitFactOrFalse("the remote-tracking ref shows no commit the push drops", hasPush, func(g *model.ObservedGit) (bool, []model.Evidence) {
		p := g.Push
		return p.Dropped == 0, []model.Evidence{rules.ObservedEvidence(rules.ObservedKey,
			fmt.Sprintf("%s holds no commit that %s lacks (as of the last fetch)", p.TrackingRef, p.Source), "git rev-list SOURCE..TRACKING where the action runs")}
	})
}

// stashEmpty holds when there is no stash entry.
func stashEmpty() rules.Cond {
	return rules.ObservedGitFact("the stash is empty", hasStash, func(g *model.ObservedGit) (bool, []model.Evidence) {
		return *g.StashEntries == 0, []model.Evidence{rules.ObservedEvidence(rules.ObservedKey, "the stash is empty", "git rev-parse refs/stash where the action runs")}
	})
}

func short(sha string) string { return sha[:min(len(sha), 12)] }

// discardRows are the observed rows of a command that discards
// uncommitted changes (when holds), read before its own row.
func discardRows(id, name string, when rules.Cond, what string) []rules.Rule {
	return []rules.Rule{
		row(id+".observed-loss", sub(name, rules.All(when, discards())), model.TierUnrecoverable,
			what+" discards uncommitted changes git never stored (observed where the action runs)"),
		row(id+".observed-clean", sub(name, rules.All(when, noChanges())), model.TierReversible,
			what+" has no uncommitted change to discard (observed): the files equal a commit, which gives them back"),
	}
}

// observedRows are the rows observed repository facts decide.
func observedRows() []rules.Rule {
	hard := rules.Flag("hard", "merge")
	out := []rules.Rule{
		row("git.reset.hard.observed-loss", sub("reset", rules.All(hard, discards())), model.TierUnrecoverable,
			"git reset --hard discards uncommitted changes git never stored (observed where the action runs)"),
		row("git.reset.hard.observed-clean", sub("reset", rules.All(hard, noChanges(), resetInPlace())), model.TierReversible,
			"git reset --hard has no uncommitted change to discard and the branch stays where it is (observed)"),
		{ID: "git.reset.hard.observed-clean-move", Type: "git", On: rules.Execute, When: sub("reset", rules.All(hard, noChanges())), Tier: model.TierRecoverableWithEffort,
			Reason: "git reset --hard has no uncommitted change to discard (observed); the branch moves, and the commits it leaves stay in the reflog (`git reset --hard ORIG_HEAD` goes back)"},
	}
	out = append(out, discardRows("git.checkout.force", "checkout", rules.Flag("f", "force"), "git checkout --force")...)
	out = append(out, discardRows("git.checkout.paths", "checkout", checkoutPaths(), "git checkout with paths")...)
	out = append(out, discardRows("git.switch.discard", "switch", rules.Flag("f", "force", "discard-changes"), "git switch --discard-changes")...)
	out = append(out, discardRows("git.restore.worktree", "restore", rules.All(rules.Not(rules.Flag("help")),
		rules.Any(rules.Flag("W", "worktree"), rules.Not(rules.Flag("S", "staged")))), "git restore")...)
	force := rules.Flag("f", "force")
	return append(out,
		row("git.clean.observed-loss", sub("clean", rules.All(force, cleanLoses())), model.TierUnrecoverable,
			"git clean deletes files git never stored: what git clean -n lists (observed where the action runs)"),
		row("git.clean.observed-nothing", sub("clean", rules.All(force, cleanNothing())), model.TierReversible,
			"git clean deletes nothing: git clean -n lists nothing (observed)"),
		row("git.clean.observed-regenerable", sub("clean", rules.All(force, cleanRegenerable())), model.TierRecoverableWithEffort,
			"git clean deletes only ignored build output, which the build makes again (observed with git clean -n)"),
		row("git.branch.observed-unique", sub("branch", branchUnique()), model.TierUnrecoverable,
			"git branch -D deletes a branch whose commits no other ref holds (observed): they survive only in the reflog until gc"),
		row("git.branch.observed-absent", sub("branch", branchAbsent()), model.TierReversible,
			"git branch -D deletes nothing: the branch does not exist (observed)"),
		row("git.branch.observed-held", sub("branch", branchHeld()), model.TierRecoverableWithEffort,
			"git branch -D deletes a branch whose commits another ref holds (observed: merged, pushed or tagged): it is recreated on its tip"),
		row("git.push.force.observed-drops", sub("push", rules.All(rules.Not(rules.Flag("force-with-lease")), pushDrops())), model.TierUnrecoverable,
			"the force push removes from the remote commits that this clone does not contain (observed on the remote-tracking ref)"),
		row("git.push.force.observed-none", sub("push", rules.All(rules.Not(rules.Flag("force-with-lease")), pushDropsNone())), model.TierNeedsReview,
			"the force push drops no commit the remote-tracking ref shows (observed), but whether the remote moved since the last fetch is not known here: --force-with-lease would check it"),
		row("git.stash.observed-empty", sub("stash", rules.All(rules.Any(rules.Sub("drop"), rules.Sub("clear")), stashEmpty())), model.TierReversible,
			"there is no stash entry to drop (observed)"),
	)
}
