package git

import (
	"github.com/recourse-dev/recourse/internal/rulestest"
	"github.com/recourse-dev/recourse/model"
)

func count(n int) *int { return &n }

// gitObserved is what internal/observe records of a git command.
func gitObserved(g model.ObservedGit, unavailable ...string) *model.Observed {
	g.Repo = "/w/p"
	return &model.Observed{Git: &g, Unavailable: unavailable}
}

var (
	changed   = gitObserved(model.ObservedGit{ChangeCount: count(2), Changes: []model.ObservedFile{{Path: "a.go", State: model.GitModified, Bytes: 9}, {Path: "b.go", State: model.GitModified, Bytes: 1}}})
	unchanged = gitObserved(model.ObservedGit{ChangeCount: count(0)})
	noStatus  = gitObserved(model.ObservedGit{}, "git reset: timed out")
)

func observedCases() []rulestest.Case {
	untracked := gitObserved(model.ObservedGit{CleanCount: count(1), Cleaned: []model.ObservedFile{{Path: "notes.txt", State: model.GitUntracked, Bytes: 40}}})
	built := gitObserved(model.ObservedGit{CleanCount: count(1), Cleaned: []model.ObservedFile{{Path: "dist/", State: model.GitIgnored, Bytes: 40}}})
	nothing := gitObserved(model.ObservedGit{CleanCount: count(0)})
	unique := gitObserved(model.ObservedGit{Branches: []model.ObservedBranch{{Name: "wip", Exists: true, Unique: 3, Tip: "abc"}}})
	held := gitObserved(model.ObservedGit{Branches: []model.ObservedBranch{{Name: "wip", Exists: true, Tip: "abc", ContainedIn: []string{"heads/main"}}}})
	gone := gitObserved(model.ObservedGit{Branches: []model.ObservedBranch{{Name: "wip"}}})
	drops := gitObserved(model.ObservedGit{Push: &model.ObservedPush{Remote: "origin", Source: "HEAD", TrackingRef: "refs/remotes/origin/main", Dropped: 2}})
	none := gitObserved(model.ObservedGit{Push: &model.ObservedPush{Remote: "origin", Source: "HEAD", TrackingRef: "refs/remotes/origin/main"}})
	stash0 := gitObserved(model.ObservedGit{StashEntries: count(0)})
	stash1 := gitObserved(model.ObservedGit{StashEntries: count(1)})
	return []rulestest.Case{
		{Row: "git.reset.hard.observed-loss", Hit: "git reset --hard", Observed: changed, Miss: "git reset --hard", MissObserved: unchanged},
		{Row: "git.reset.hard.observed-clean", Hit: "git reset --hard", Observed: unchanged, Miss: "git reset --hard HEAD~1", MissObserved: unchanged},
		{Row: "git.reset.hard.observed-clean", Hit: "git reset --hard HEAD", Observed: unchanged, Miss: "git reset --hard", MissObserved: noStatus},
		{Row: "git.reset.hard.observed-clean-move", Hit: "git reset --hard HEAD~1", Observed: unchanged, Miss: "git reset --hard HEAD~1", MissObserved: changed},
		{Row: "git.checkout.force.observed-loss", Hit: "git checkout -f main", Observed: changed, Miss: "git checkout -f main", MissObserved: unchanged},
		{Row: "git.checkout.force.observed-clean", Hit: "git checkout -f main", Observed: unchanged, Miss: "git checkout -f main"},
		{Row: "git.checkout.paths.observed-loss", Hit: "git checkout .", Observed: changed, Miss: "git checkout .", MissObserved: unchanged},
		{Row: "git.checkout.paths.observed-clean", Hit: "git checkout -- src", Observed: unchanged, Miss: "git checkout -- src", MissObserved: changed},
		{Row: "git.switch.discard.observed-loss", Hit: "git switch --discard-changes main", Observed: changed, Miss: "git switch main", MissObserved: changed},
		{Row: "git.switch.discard.observed-clean", Hit: "git switch -f main", Observed: unchanged, Miss: "git switch -f main", MissObserved: changed},
		{Row: "git.restore.worktree.observed-loss", Hit: "git restore .", Observed: changed, Miss: "git restore --staged .", MissObserved: changed},
		{Row: "git.restore.worktree.observed-clean", Hit: "git restore .", Observed: unchanged, Miss: "git restore .", MissObserved: changed},
		{Row: "git.clean.observed-loss", Hit: "git clean -fd", Observed: untracked, Miss: "git clean -fdX", MissObserved: built},
		{Row: "git.clean.observed-nothing", Hit: "git clean -fd", Observed: nothing, Miss: "git clean -fd", MissObserved: untracked},
		{Row: "git.clean.observed-regenerable", Hit: "git clean -fdX", Observed: built, Miss: "git clean -fdx", MissObserved: untracked},
		{Row: "git.branch.observed-unique", Hit: "git branch -D wip", Observed: unique, Miss: "git branch -D wip", MissObserved: held},
		{Row: "git.branch.observed-absent", Hit: "git branch -D wip", Observed: gone, Miss: "git branch -D wip", MissObserved: held},
		{Row: "git.branch.observed-held", Hit: "git branch -D wip", Observed: held, Miss: "git branch -D wip", MissObserved: unique},
		{Row: "git.push.force.observed-drops", Hit: "git push --force", Observed: drops, Miss: "git push --force", MissObserved: none},
		{Row: "git.push.force.observed-none", Hit: "git push -f origin main", Observed: none, Miss: "git push -f origin main", MissObserved: drops},
		{Row: "git.stash.observed-empty", Hit: "git stash drop", Observed: stash0, Miss: "git stash drop", MissObserved: stash1},
	}
}
