// Package git holds the rules for git commands that can lose work:
// uncommitted changes, untracked files, stashes, unmerged branches and
// remote history.
//
// Rows test a subcommand view of the command: git's global options
// (-C DIR, -c KEY=VALUE, --git-dir, --work-tree, --no-pager, a leading --)
// are peeled off, and the view's program is "git SUBCOMMAND", so that
// flags and operands are read the way that subcommand reads them.
package git

import (
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// globalValueFlags are git's global options that take the next argument.
var globalValueFlags = map[string]bool{"-C": true, "-c": true, "--git-dir": true, "--work-tree": true, "--namespace": true,
	"--super-prefix": true, "--config-env": true, "--exec-path": false, "--list-cmds": false}

// View returns the subcommand view of a git command and the subcommand,
// or false when the command names none (git, git --version).
func View(c *model.Command) (*model.Command, string, bool) {
	i, ok := subcommand(c.Args)
	if !ok {
		return nil, "", false
	}
	return view(c, i), c.Args[i].Value, true
}

// subcommand finds the subcommand among args, past git's global flags.
func subcommand(args []model.Arg) (int, bool) {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case args[i].Dynamic:
			return 0, false
		case v == "--":
			continue
		case strings.HasPrefix(v, "-"):
			name, _, hasValue := strings.Cut(v, "=")
			if globalValueFlags[name] && !hasValue {
				i++
			}
		default:
			return i, true
		}
	}
	return 0, false
}

// view is c seen as the program "git SUBCOMMAND" with the arguments after
// args[i].
func view(c *model.Command, i int) *model.Command {
	v := *c
	v.Program = "git " + c.Args[i].Value
	v.Args = c.Args[i+1:]
	return &v
}

// sub evaluates cond on the view of subcommand name (lower case), which
// matches the subcommand in any letter case. The row is filed under name,
// so that the engine reads it only for that subcommand.
func sub(name string, cond rules.Cond) rules.Cond { return subCond{name, cond} }

type subCond struct {
	name string
	cond rules.Cond
}

func (c subCond) Key() (*rules.Keyer, string) { return subcommandKey, c.name }
func (c subCond) String() string              { return "git " + c.name + " and " + c.cond.String() }

func (c subCond) Eval(f rules.Facts) rules.Result {
	i, ok := subcommand(f.M.Command.Args)
	if !ok || !strings.EqualFold(f.M.Command.Args[i].Value, c.name) {
		return rules.Result{Truth: rules.False}
	}
	m := *f.M
	m.Command = view(f.M.Command, i)
	return c.cond.Eval(f.With(&m))
}

// subcommandKey files git rows by subcommand, in lower case.
var subcommandKey = &rules.Keyer{Name: "git subcommand", Of: func(m *model.Mutation) (string, bool) {
	if m.Command == nil {
		return "", false
	}
	i, ok := subcommand(m.Command.Args)
	if !ok {
		return "", false
	}
	return strings.ToLower(m.Command.Args[i].Value), true
}}

func row(id string, when rules.Cond, tier model.Tier, reason string) rules.Rule {
	return rules.Rule{ID: id, Type: "git", On: rules.Execute, When: when, Tier: tier, Reason: reason}
}

// Rules returns the git rows.
func Rules() []rules.Rule {
	out := append(configRows(), observedRows()...)
	return append(out, []rules.Rule{
		row("git.help", rules.Any(rules.Flag("help", "version", "h"), sub("help", rules.Always())), model.TierReversible, "prints help or the version"),
		row("git.reset.hard", sub("reset", rules.Flag("hard", "merge")), model.TierUnrecoverable,
			"git reset --hard (or --merge) discards uncommitted changes to tracked files; git never stored them"),
		row("git.reset.keep", sub("reset", rules.Flag("keep")), model.TierRecoverableWithEffort,
			"git reset --keep moves the branch and refuses to touch a file with local changes (git-reset(1)): the commits it leaves stay in the reflog"),
		row("git.clean.force", sub("clean", rules.Flag("f", "force")), model.TierUnrecoverable,
			"git clean -f deletes untracked files, which git never stored"),
		row("git.checkout.force", sub("checkout", rules.Flag("f", "force")), model.TierUnrecoverable,
			"git checkout --force discards uncommitted changes to tracked files"),
		row("git.checkout.paths", sub("checkout", checkoutPaths()), model.TierUnrecoverable,
			"git checkout with paths overwrites those files' uncommitted changes"),
		row("git.checkout.path-or-ref", sub("checkout", checkoutFileLike()), model.TierNeedsReview,
			"git checkout names one operand shaped like a file in a directory (src/app.py): git reads it as a branch or commit if one of that name exists, "+
				"and otherwise as a path, overwriting that file's uncommitted changes (as git checkout -- PATH); which one it is is not in the input"),
		row("git.switch.discard", sub("switch", rules.Flag("f", "force", "discard-changes")), model.TierUnrecoverable,
			"git switch --discard-changes/--force throws away uncommitted changes"),
		row("git.checkout.force-create", sub("checkout", rules.Flag("B")), model.TierRecoverableWithEffort, branchResetReason),
		row("git.switch.force-create", sub("switch", rules.Flag("C", "force-create")), model.TierRecoverableWithEffort, branchResetReason),
		row("git.restore.worktree", sub("restore", rules.All(rules.Not(rules.Flag("help")),
			rules.Any(rules.Flag("W", "worktree"), rules.Not(rules.Flag("S", "staged"))))), model.TierUnrecoverable,
			"git restore overwrites the working-tree files' uncommitted changes"),
		row("git.stash.drop", sub("stash", rules.Any(rules.Sub("drop"), rules.Sub("clear"))), model.TierUnrecoverable,
			"a dropped stash is unreachable: only git fsck finds it, until the next gc"),
		row("git.branch.force-delete", sub("branch", rules.Any(rules.Flag("D"), rules.All(rules.Flag("d", "delete"), rules.Flag("f", "force")))), model.TierNeedsReview,
			"git branch -D deletes the branch even if unmerged; its commits survive only in the reflog until gc, and whether they are merged or pushed is not in the input"),
		row("git.branch.force-move", sub("branch", rules.Any(rules.Flag("M", "C"), rules.All(rules.Flag("m", "move", "c", "copy"), rules.Flag("f", "force")))), model.TierNeedsReview,
			"git branch -M/-C overwrites an existing branch of the new name, and that branch's reflog with it; whether its commits are reachable elsewhere is not in the input"),
		row("git.branch.force-reset", sub("branch", rules.All(rules.Flag("f", "force"), rules.Not(rules.Flag("d", "D", "delete", "m", "M", "move", "c", "C", "copy")))),
			model.TierRecoverableWithEffort, branchResetReason),
		row("git.tag.force", sub("tag", rules.Flag("f", "force")), model.TierRecoverableWithEffort,
			"git tag -f moves an existing tag; tags keep no reflog, so its old target is recorded only where it was pushed"),
		row("git.tag.delete", sub("tag", rules.Flag("d", "delete")), model.TierRecoverableWithEffort,
			"deletes local tags; a tag that was pushed comes back with git fetch --tags, one that was not must be recreated on its commit"),
		row("git.submodule.update-force", sub("submodule", rules.All(rules.Sub("update"), rules.Flag("f", "force"))), model.TierUnrecoverable,
			"submodule update --force checks the submodules out again, throwing away uncommitted changes in their working trees"),
		row("git.fetch.force-local", sub("fetch", forcedLocalRefspec()), model.TierRecoverableWithEffort,
			"fetch with a forced refspec (+SRC:DST, or --force) moves the local branch DST to what was fetched: commits only it had stay in its reflog"),
		row("git.submodule.deinit-force", sub("submodule", rules.All(rules.Sub("deinit"), rules.Flag("f", "force"))), model.TierUnrecoverable,
			"submodule deinit -f removes the submodules' working trees even with uncommitted changes in them"),
		row("git.push.force", sub("push", rules.All(rules.Any(rules.Flag("f", "force", "mirror"), forceRefspec()), rules.Not(rules.Flag("force-with-lease")))), model.TierUnrecoverable,
			"a force push replaces the remote's history: commits only the remote had are gone from it"),
		row("git.push.force-with-lease", sub("push", rules.Flag("force-with-lease")), model.TierRecoverableWithEffort,
			"a lease-checked force push still replaces the remote's history, but only if the remote is where this clone last saw it: the commits it drops are in the local remote-tracking ref's reflog"),
		row("git.push.delete", sub("push", rules.Any(rules.Flag("d", "delete", "prune"), deleteRefspec())), model.TierNeedsReview,
			"deletes remote branches or tags; their commits survive only where something else references them"),
		row("git.reflog.expire", sub("reflog", rules.Any(rules.Sub("expire"), rules.Sub("delete"))), model.TierUnrecoverable,
			"expiring the reflog removes the only record of unreachable commits"),
		// Maintenance is not a loss (issue 32): git gc keeps every object a
		// ref, the index or a reflog references, and an unreachable one
		// until it is two weeks old (gc.pruneExpire; git-gc(1)). What
		// removes that grace, --prune=now or git prune without --expire
		// (git-prune(1) then drops every unreachable object), is the fact
		// that deletes the last copies of dropped stashes and commits.
		row("git.gc.prune", sub("gc", rules.FlagEquals("prune", "now", "all")), model.TierUnrecoverable,
			"git gc --prune=now deletes every unreachable object at once, without gc's two-week grace: the last copies of dropped stashes and of commits no ref or reflog keeps"),
		row("git.gc", sub("gc", rules.Always()), model.TierRecoverableWithEffort,
			"git gc repacks the repository: it keeps every object a ref, the index or a reflog references, and deletes an unreachable one only after the grace period (two weeks unless --prune or gc.pruneExpire says otherwise)"),
		row("git.prune.grace", sub("prune", rules.All(rules.Flag("expire"), rules.Not(rules.FlagEquals("expire", "now", "all")))), model.TierRecoverableWithEffort,
			"git prune --expire keeps unreachable objects younger than the date it is given, and every object a ref, the index or a reflog references"),
		row("git.prune", sub("prune", rules.Not(rules.Flag("n", "dry-run"))), model.TierUnrecoverable,
			"git prune without --expire deletes every unreachable object at once: the last copies of dropped stashes and of commits no ref or reflog keeps"),
		// git filter-repo --analyze writes a report and --dry-run saves the
		// fast-export streams for comparison; neither changes the
		// repository (newren/git-filter-repo@c1d8461ee34c6d3f987e0f19191f2105cb2a33c8:git-filter-repo,
		// the help of --analyze: "Will not modify your repo", of --dry-run:
		// "Do not change the repository").
		row("git.filter-repo.read", sub("filter-repo", rules.Flag("analyze", "dry-run")), model.TierReversible,
			"git filter-repo --analyze writes a report under .git/filter-repo and --dry-run only saves the original and filtered streams for comparison: neither changes a commit or a ref"),
		row("git.filter-repo", sub("filter-repo", rules.Always()), model.TierUnrecoverable,
			"git filter-repo rewrites every commit it covers and expires the reflogs and prunes the old objects when it is done (a fresh clone is all it runs in without --force): the old history survives only in other clones and backups"),
		row("git.filter-branch", sub("filter-branch", rules.Always()), model.TierUnrecoverable,
			"rewrites every matching commit; the old history survives only in backups of the repository"),
		row("git.update-ref.delete", sub("update-ref", rules.Flag("d")), model.TierNeedsReview,
			"deletes a ref directly, without the reflog safety of git branch"),
		row("git.update-ref.stdin", sub("update-ref", rules.Flag("stdin")), model.TierNeedsReview,
			"updates and deletes the refs its stdin lists, which the input does not show"),
		row("git.update-ref.move", sub("update-ref", rules.Not(rules.Flag("help", "h"))), model.TierRecoverableWithEffort,
			"moves a ref directly: a branch's old commit stays in its reflog, a tag's is recorded only where it was pushed"),
		row("git.read-tree.reset", sub("read-tree", rules.All(rules.Flag("u"), rules.Flag("reset"))), model.TierUnrecoverable,
			"read-tree --reset -u overwrites the working-tree files with the tree, discarding their uncommitted changes, which git never stored"),
		// --abort returns to where the operation started (git reset
		// --merge): the conflicts resolved so far go, and changes that were
		// uncommitted when it started may not come back.
		row("git.abort", rules.Any(sub("merge", rules.Flag("abort")), sub("rebase", rules.Flag("abort")), sub("cherry-pick", rules.Flag("abort")),
			sub("revert", rules.Flag("abort")), sub("am", rules.Flag("abort"))), model.TierRecoverableWithEffort,
			"abandons the merge, rebase, cherry-pick, revert or am in progress: the conflicts resolved so far are discarded and must be resolved again, and changes that were uncommitted when it started may not be restored"),
		row("git.add.secret", sub("add", rules.SecretIs(0)), model.TierRecoverableWithEffort,
			"stages a credential file (an environment file, a private key, cloud credentials): once it is committed and pushed it is in the history of every clone, and taking it out needs a rewritten history and a new secret"),
		row("git.checkout-index.force", sub("checkout-index", rules.Flag("f", "force")), model.TierUnrecoverable,
			"checkout-index --force overwrites working-tree files with the index's copies, discarding their unstaged changes, which git never stored"),
		row("git.fetch.prune-tags", sub("fetch", rules.Flag("prune-tags", "P")), model.TierRecoverableWithEffort,
			"fetch --prune-tags deletes local tags the remote does not have: one that was never pushed must be recreated on its commit"),
		row("git.symbolic-ref.delete", sub("symbolic-ref", rules.Flag("d", "delete")), model.TierRecoverableWithEffort,
			"deletes a symbolic ref; without HEAD git no longer recognises the repository until .git/HEAD is written again by hand"),
		row("git.worktree.remove-force", sub("worktree", rules.All(rules.Sub("remove"), rules.Flag("f", "force"))), model.TierUnrecoverable,
			"removes a worktree with uncommitted changes"),
		row("git.rm.agent-config", sub("rm", rules.All(rules.AgentConfigIs(0), rules.Not(rules.Flag("cached", "n", "dry-run")))), model.TierNeedsReview,
			"git rm deletes a coding agent's configuration or a git hook (.claude/settings.json, .git/hooks): the hooks and permissions that guard the agent are gone for its next command"),
		row("git.rm.force", sub("rm", rules.All(rules.Flag("f", "force"), rules.Not(rules.Flag("cached", "n", "dry-run")))), model.TierUnrecoverable,
			"git rm -f deletes the files even when they have uncommitted changes, which are lost"),
		row("git.rm", sub("rm", rules.Not(rules.Flag("cached", "n", "dry-run"))), model.TierRecoverableWithEffort,
			"git rm deletes tracked files; they come back from the last commit"),
		row("git.mv.force", sub("mv", rules.All(rules.Flag("f", "force"), rules.Not(rules.Flag("n", "dry-run")))), model.TierRecoverableFromBackup,
			"git mv -f replaces the destination if it exists: a committed one comes back from history, an untracked or changed one is lost"),
		// --no-verify skips the hooks a repository runs before a commit or
		// a push: linters, tests, secret scanners (commit's -n is the same;
		// push's -n is --dry-run).
		row("git.commit.no-verify", sub("commit", rules.Flag("no-verify", "n")), model.TierRecoverableWithEffort,
			"git commit --no-verify skips the repository's pre-commit and commit-msg hooks (linters, tests, secret scanners): what they would have refused is committed"),
		row("git.push.no-verify", sub("push", rules.Flag("no-verify")), model.TierRecoverableWithEffort,
			"git push --no-verify skips the repository's pre-push hook (tests, secret scanners): what it would have refused is pushed"),
		row("git.push.force-lookalike", sub("push", forceLookalike()), model.TierNeedsReview,
			"git push is given an option spelled like a force option that git does not have (--force-with-lease-if-includes): git refuses it, but a spelling made to read as something else needs a person"),
		// git-lfs is not built in but nearly everywhere: its rewrite of
		// history is filter-branch's, its prune drops only local copies.
		row("git.lfs.migrate", sub("lfs", rules.All(rules.Sub("migrate"), rules.Any(rules.Sub("migrate", "import"), rules.Sub("migrate", "export")),
			rules.Not(rules.Flag("no-rewrite")))), model.TierUnrecoverable,
			"git lfs migrate import/export rewrites every commit it covers (with --everything, all branches and tags): the old history survives only in backups and clones"),
		row("git.lfs.prune", sub("lfs", rules.Sub("prune")), model.TierRecoverableWithEffort,
			"deletes local copies of LFS objects that no recent commit needs; they are downloaded again from the LFS server when needed"),
		row("git.lfs", sub("lfs", rules.Always()), model.TierReversible,
			"tracks, fetches, pushes or lists Large File Storage objects"),
		// git-annex keeps file contents apart from history: drop checks that
		// enough other copies exist unless --force skips the check.
		row("git.annex.drop-force", sub("annex", rules.All(rules.Any(rules.Sub("drop"), rules.Sub("dropunused")), rules.Flag("force"))), model.TierUnrecoverable,
			"git annex drop --force removes file contents without checking that another copy exists: where none does, they are gone"),
		row("git.annex.dropunused", sub("annex", rules.Sub("dropunused")), model.TierNeedsReview,
			"git annex dropunused removes the contents no branch uses any more (old versions): whether other copies of them exist is checked, but which versions are wanted is not in the input"),
		row("git.annex", sub("annex", rules.Always()), model.TierRecoverableWithEffort,
			"adds, gets, copies, moves or syncs annexed contents (drop without --force keeps the configured number of copies)"),
		row("git.subcommand.case", rules.All(subcommandIs(func(name string) bool { lower := strings.ToLower(name); return name != lower && builtins[lower] }), upperCaseOption()), model.TierNeedsReview,
			"a git command and its options in other letter case (git RESET --HARD): git rejects options it does not know, but a spelling made to read as one thing (and, on a case-insensitive filesystem, to run the command) needs a person"),
		{ID: "git.subcommand.unknown", Type: "git", On: rules.Execute, When: subcommandIs(func(name string) bool { return !builtins[strings.ToLower(name)] }),
			Tier: model.TierRecoverableWithEffort, Confidence: model.ConfidenceLow,
			Reason: "git has no such command: it runs an alias from the user's configuration or a git-NAME program from PATH, neither of which the input shows, so it is not analysed"},
		row("git.other", nil, model.TierReversible,
			"no rule finds a way for this git command to lose work: history it changes stays in the reflog"),
	}...)
}

// branchResetReason says what resetting an existing branch costs.
const branchResetReason = "resets the branch to the start point if it already exists: commits only it had are left in its reflog, from which they can be recovered until gc expires them"

// checkoutPaths holds when git checkout names paths to overwrite: anything
// after "--", --pathspec-from-file, or more than one operand (a ref and
// paths).
func checkoutPaths() rules.Cond {
	return rules.Func("checkout names paths", func(f rules.Facts) rules.Result {
		c := f.M.Command
		if f.HasFlag("pathspec-from-file") {
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "pathspec-from-file", Present: true, Value: true}}}
		}
		var ops []string
		afterDashes := false
		for i := 0; i < len(c.Args); i++ {
			v := c.Args[i].Value
			switch {
			case afterDashes:
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "path", Value: v, Present: true}}}
			case v == "--":
				afterDashes = true
			case optionalValue(v) && i+1 < len(c.Args) && optionalValues[c.Args[i+1].Value]:
				i++
			case strings.HasPrefix(v, "-") && v != "-":
				if takesValue(v) {
					i++
				}
			default:
				ops = append(ops, v)
			}
		}
		switch {
		case len(ops) >= 2:
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "paths", Value: strings.Join(ops[1:], " "), Present: true}}}
		case len(ops) == 1 && onlyAPath(ops[0]):
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "path", Value: ops[0], Present: true}}}
		}
		return rules.Result{Truth: rules.False}
	})
}

// sourceExtensions are file extensions a ref name almost never ends in.
var sourceExtensions = []string{".py", ".pyi", ".js", ".jsx", ".ts", ".tsx", ".mjs", ".cjs", ".go", ".rs", ".java", ".kt", ".c", ".h", ".cc", ".cpp", ".hpp",
	".rb", ".php", ".cs", ".swift", ".scala", ".sh", ".md", ".rst", ".txt", ".json", ".yaml", ".yml", ".toml", ".cfg", ".ini", ".html", ".css", ".tf", ".sql"}

// checkoutFileLike holds when git checkout's only operand, with no -b,
// -B or --orphan, is a path inside a directory ending in a source-file
// extension (django/db/models/query.py): a ref could have that name, but
// the operand names a file far more often, and then git overwrites it.
func checkoutFileLike() rules.Cond {
	return rules.Func("checkout names one file-like operand", func(f rules.Facts) rules.Result {
		if f.HasFlag("b") || f.HasFlag("B") || f.HasFlag("orphan") {
			return rules.Result{Truth: rules.False}
		}
		var ops []string
		for _, a := range f.M.Command.Args {
			if a.Value == "--" {
				return rules.Result{Truth: rules.False}
			}
			if !strings.HasPrefix(a.Value, "-") {
				ops = append(ops, a.Value)
			}
		}
		if len(ops) != 1 || !strings.Contains(ops[0], "/") {
			return rules.Result{Truth: rules.False}
		}
		for _, ext := range sourceExtensions {
			if strings.HasSuffix(ops[0], ext) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "path", Value: ops[0], Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// onlyAPath reports whether a lone checkout operand cannot name a commit,
// so git reads it as a pathspec (git checkout . discards every change).
// Ref names cannot be "." or "..", start with "/" or ".", end with "/",
// or hold glob characters; revision syntax (HEAD~1, main^, @{-1}, :/msg)
// uses none of these.
func onlyAPath(v string) bool {
	return v == "." || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || v == ".." ||
		strings.HasPrefix(v, "/") || strings.HasSuffix(v, "/") || strings.ContainsAny(v, "*?[") ||
		strings.HasPrefix(v, ".") && !strings.HasPrefix(v, "..")
}

var optionalValues = map[string]bool{"checkout": true, "on-demand": true, "yes": true, "no": true, "direct": true, "inherit": true}

func optionalValue(flag string) bool {
	return flag == "--recurse-submodules" || flag == "--track" || flag == "-t"
}

var checkoutValueFlags = map[string]bool{"-b": true, "-B": true, "--orphan": true, "--conflict": true, "--inter-hunk-context": true, "-U": true, "--unified": true}

func takesValue(flag string) bool { return checkoutValueFlags[flag] }

// forceRefspec holds for a push refspec forced with a leading "+".
func forceRefspec() rules.Cond {
	return rules.Operand(0, "a +refspec", func(a model.Arg, _ *model.Command) bool { return strings.HasPrefix(a.Value, "+") })
}

// deleteRefspec holds for a push refspec ":branch" (delete branch).
func deleteRefspec() rules.Cond {
	return rules.Operand(1, "a :refspec", func(a model.Arg, _ *model.Command) bool { return strings.HasPrefix(a.Value, ":") && len(a.Value) > 1 })
}

// forceLookalike holds for a long option that starts like one of git
// push's force options and is none of them.
func forceLookalike() rules.Cond {
	return rules.Func("an option spelled like --force", func(f rules.Facts) rules.Result {
		for _, a := range f.M.Command.Args {
			if a.Value == "--" {
				break
			}
			name, _, _ := strings.Cut(strings.TrimPrefix(a.Value, "--"), "=")
			if strings.HasPrefix(a.Value, "--") && strings.HasPrefix(name, "force") && !pushForceOption(name) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "flag", Value: a.Value, Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// pushForceOption reports whether name is one of git push's options that
// start with "force", or a prefix of one: an abbreviation, which git's
// option parser accepts.
func pushForceOption(name string) bool {
	for _, o := range []string{"force", "force-with-lease", "force-if-includes"} {
		if strings.HasPrefix(o, name) {
			return true
		}
	}
	return false
}

// upperCaseOption holds for an option with capital letters in a long
// name (--HARD): git's long options are all lower case.
func upperCaseOption() rules.Cond {
	return rules.Func("an option in capitals", func(f rules.Facts) rules.Result {
		for _, a := range f.M.Command.Args {
			if strings.HasPrefix(a.Value, "--") && a.Value != strings.ToLower(a.Value) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "flag", Value: a.Value, Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// subcommandIs holds when the command names a subcommand for which match
// is true.
func subcommandIs(match func(string) bool) rules.Cond {
	return rules.Func("the subcommand is one git does not have as written", func(f rules.Facts) rules.Result {
		i, ok := subcommand(f.M.Command.Args)
		if !ok || !match(f.M.Command.Args[i].Value) {
			return rules.Result{Truth: rules.False}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "subcommand", Value: f.M.Command.Args[i].Value, Present: true}}}
	})
}

// builtins are git's own commands (git help -a) and the few programs
// that ship with it; anything else git looks up as an alias or a git-NAME
// program.
var builtins = wordSet(`add am annotate apply archimport archive bisect blame branch bugreport bundle
	cat-file check-attr check-ignore check-mailmap check-ref-format checkout checkout-index cherry cherry-pick citool
	clean clone column commit commit-graph commit-tree config count-objects credential credential-cache
	credential-store cvsexportcommit cvsimport cvsserver daemon describe diagnose diff diff-files diff-index
	diff-tree difftool fast-export fast-import fetch fetch-pack filter-branch fmt-merge-msg for-each-ref
	for-each-repo format-patch fsck fsck-objects fsmonitor--daemon gc get-tar-commit-id grep gui hash-object help
	hook http-backend http-fetch http-push imap-send index-pack init init-db instaweb interpret-trailers log
	ls-files ls-remote ls-tree mailinfo mailsplit maintenance merge merge-base merge-file merge-index
	merge-one-file merge-tree mergetool mktag mktree multi-pack-index mv name-rev notes p4 pack-objects
	pack-redundant pack-refs patch-id prune prune-packed pull push quiltimport range-diff read-tree rebase
	receive-pack reflog refs remote repack replace replay request-pull rerere reset restore rev-list rev-parse
	revert rm scalar send-email send-pack sh-i18n sh-setup shortlog show show-branch show-index show-ref
	sparse-checkout stage stash status stripspace submodule svn switch symbolic-ref tag unpack-file
	unpack-objects update-index update-ref update-server-info upload-archive upload-pack var verify-commit
	verify-pack verify-tag version web--browse whatchanged worktree write-tree filter-repo`)

func wordSet(words string) map[string]bool {
	set := map[string]bool{}
	for _, w := range strings.Fields(words) {
		set[w] = true
	}
	return set
}

// forcedLocalRefspec holds for a fetch refspec that force-updates a local
// branch or tag: +SRC:DST, or SRC:DST with --force (git fetch origin
// +main:main).
func forcedLocalRefspec() rules.Cond {
	return rules.Func("a forced refspec with a local destination", func(f rules.Facts) rules.Result {
		force := f.HasFlag("f", "force")
		for _, a := range f.Operands() {
			spec, plus := strings.CutPrefix(a.Value, "+")
			// A remote-tracking destination (the default
			// +refs/heads/*:refs/remotes/origin/*) holds no local work.
			if _, dst, ok := strings.Cut(spec, ":"); ok && dst != "" && !strings.HasPrefix(dst, "refs/remotes/") && (plus || force) && !a.Dynamic {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "refspec", Value: a.Value, Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}
