package git

import (
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
)

func TestRows(t *testing.T) {
	rulestest.Run(t, Rules(), []rulestest.Case{
		{Row: "git.help", Hit: "git --help", Miss: "git reset --hard"},
		{Row: "git.help", Hit: "git help reset", Miss: "git reset"},
		{Row: "git.reset.hard", Hit: "git reset --hard HEAD~1", Miss: "git reset HEAD~1"},
		{Row: "git.reset.hard", Hit: "git -C repo -c a=b --no-pager reset -q --hard", Miss: "git -C repo reset -q"},
		{Row: "git.reset.hard", Hit: "git -- reset --hard", Miss: "git reset -- --hard"},
		{Row: "git.reset.hard", Hit: "GIT RESET --hard", Miss: "git reset --soft"},
		{Row: "git.clean.force", Hit: "git clean -fdx", Miss: "git clean -n"},
		{Row: "git.clean.force", Hit: "git clean -nf", Miss: "git clean --dry-run -dx"}, // -n with -f is a dry run, but a command guard's corpus denies it and the cost is one needless block
		{Row: "git.checkout.force", Hit: "git checkout -f main", Miss: "git checkout main"},
		{Row: "git.checkout.paths", Hit: "git checkout -- .", Miss: "git checkout -b feature"},
		{Row: "git.checkout.paths", Hit: "git checkout .", Miss: "git checkout HEAD~1"},
		{Row: "git.checkout.paths", Hit: "git checkout ./src", Miss: "git checkout @{-1}"},
		{Row: "git.checkout.paths", Hit: "git checkout '*.go'", Miss: "git checkout release/1.2"},
		{Row: "git.checkout.paths", Hit: "git checkout .env", Miss: "git checkout -"},
		{Row: "git.checkout.paths", Hit: "git checkout main file.txt", Miss: "git checkout --track direct main"},
		{Row: "git.checkout.paths", Hit: "git checkout --recurse-submodules main file.txt", Miss: "git checkout --recurse-submodules on-demand main"},
		{Row: "git.checkout.paths", Hit: "git checkout HEAD --pathspec-from-file=paths.txt", Miss: "git checkout --conflict merge main"},
		{Row: "git.switch.discard", Hit: "git switch --discard-changes main", Miss: "git switch -- -f"},
		{Row: "git.restore.worktree", Hit: "git restore file.txt", Miss: "git restore --staged file.txt"},
		{Row: "git.restore.worktree", Hit: "git restore --staged --worktree file.txt", Miss: "git restore --help"},
		{Row: "git.stash.drop", Hit: "git stash drop stash@{0}", Miss: "git stash pop"},
		{Row: "git.stash.drop", Hit: "git stash clear", Miss: "git stash list"},
		{Row: "git.branch.force-delete", Hit: "git branch -D feature", Miss: "git branch -d feature"},
		{Row: "git.branch.force-delete", Hit: "git branch --delete --force feature", Miss: "git branch --delete feature"},
		{Row: "git.branch.force-move", Hit: "git branch -M main", Miss: "git branch -m old new"},
		{Row: "git.branch.force-move", Hit: "git branch --move --force dev main", Miss: "git branch --copy dev dev2"},
		{Row: "git.tag.delete", Hit: "git tag -d v1.0", Miss: "git tag v1.0"},
		{Row: "git.submodule.deinit-force", Hit: "git submodule deinit -f --all", Miss: "git submodule deinit lib"},
		{Row: "git.push.force", Hit: "git push --force origin main", Miss: "git push --force-with-lease origin main"},
		{Row: "git.push.force", Hit: "git push origin +main", Miss: "git push origin main"},
		{Row: "git.push.force", Hit: "git push --force=true origin main", Miss: "git push -f --force-with-lease"},
		{Row: "git.push.force-with-lease", Hit: "git push --force-with-lease origin main", Miss: "git push origin main"},
		{Row: "git.push.force-with-lease", Hit: "git push --force-with-lease=main:abc123 origin main", Miss: "git push --force-if-includes origin main"},
		{Row: "git.reset.hard", Hit: "git reset --ha HEAD~1", Miss: "git reset --soft HEAD~1"},
		{Row: "git.clean.force", Hit: "git clean --forc -d", Miss: "git clean --dry-run"},
		{Row: "git.push.force", Hit: "git push --mirr origin", Miss: "git push --force-w origin main"},
		{Row: "git.push.delete", Hit: "git push origin --delete feature", Miss: "git push origin feature"},
		{Row: "git.push.delete", Hit: "git push origin :feature", Miss: "git push origin feature:feature"},
		{Row: "git.reflog.expire", Hit: "git reflog expire --expire=now --all", Miss: "git reflog show"},
		{Row: "git.gc.prune", Hit: "git gc --prune=now", Miss: "git gc"},
		{Row: "git.prune", Hit: "git prune", Miss: "git prune -n"},
		{Row: "git.filter-branch", Hit: "git filter-branch --tree-filter 'rm x' HEAD", Miss: "git log"},
		{Row: "git.filter-branch", Hit: "git filter-repo --path secrets --invert-paths", Miss: "git fetch"},
		{Row: "git.update-ref.delete", Hit: "git update-ref -d refs/heads/x", Miss: "git update-ref refs/heads/x HEAD"},
		{Row: "git.worktree.remove-force", Hit: "git worktree remove --force /tmp/wt", Miss: "git worktree remove -- -f"},
		{Row: "git.rm.force", Hit: "git rm -rf .", Miss: "git rm -r --cached ."},
		{Row: "git.rm", Hit: "git rm file.txt", Miss: "git rm --cached file.txt"},
		{Row: "git.tag.force", Hit: "git tag -f v1 HEAD~3", Miss: "git tag v1"},
		{Row: "git.push.force", Hit: "git push --force-if-includes --force origin main", Miss: "git push --force-with-lease --force-if-includes origin main"},
		{Row: "git.other", Hit: "git status", Miss: "git reset --merge"},
		{Row: "git.push.force-lookalike", Hit: "git push --force-with-lease-if-includes origin main", Miss: "git push --force-w origin main"},
		{Row: "git.push.force-lookalike", Hit: "git push --forcefully origin main", Miss: "git push --force-if-includes origin main"},
		{Row: "git.subcommand.case", Hit: "git RESET --HARD", Miss: "git reset --HARD"},
		{Row: "git.subcommand.case", Hit: "git Push --FORCE origin main", Miss: "Git Status"},
		{Row: "git.subcommand.unknown", Hit: "git lfs pull", Miss: "git status"},
		{Row: "git.subcommand.unknown", Hit: "git resetn--hard", Miss: "git --version"},
	})
}
