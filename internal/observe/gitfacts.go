package observe

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/recourse-dev/recourse/internal/pathres"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
	gitrules "github.com/recourse-dev/recourse/rules/git"
)

// gitPlan is the plan of a git command whose loss observation can tell,
// or nil (a read, or a subcommand it does not observe).
func gitPlan(c *model.Command) *plan {
	v, sub, ok := gitrules.View(c)
	if !ok {
		return nil
	}
	sub = strings.ToLower(sub)
	observed := false
	switch sub {
	case "reset":
		observed = rules.HasFlag(v, "hard", "merge")
	case "checkout":
		observed = rules.HasFlag(v, "f", "force") || len(checkoutPathspec(v)) > 0
	case "restore":
		observed = !rules.HasFlag(v, "S", "staged") || rules.HasFlag(v, "W", "worktree")
	case "switch":
		observed = rules.HasFlag(v, "f", "force", "discard-changes")
	case "clean":
		observed = !rules.HasFlag(v, "n", "dry-run")
	case "branch":
		observed = rules.HasFlag(v, "D") || rules.HasFlag(v, "d", "delete") && rules.HasFlag(v, "f", "force")
	case "push":
		observed = (rules.HasFlag(v, "f", "force") || forcedRefspec(v)) && !rules.HasFlag(v, "force-with-lease")
	case "stash":
		ops := rules.Operands(v)
		observed = len(ops) > 0 && (ops[0].Value == "drop" || ops[0].Value == "clear")
	}
	if !observed {
		return nil
	}
	return &plan{git: v, gitSub: sub}
}

// forcedRefspec reports a +refspec among a push's operands.
func forcedRefspec(v *model.Command) bool {
	for _, a := range rules.Operands(v) {
		if strings.HasPrefix(a.Value, "+") {
			return true
		}
	}
	return false
}

// checkoutPathspec returns the paths git checkout overwrites: what
// follows "--", or operands that name paths on their own ("." "./x").
func checkoutPathspec(v *model.Command) []model.Arg {
	for i, a := range v.Args {
		if a.Value == "--" {
			return v.Args[i+1:]
		}
	}
	var out []model.Arg
	for _, a := range rules.Operands(v) {
		if p := a.Value; p == "." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") || strings.HasSuffix(p, "/") {
			out = append(out, a)
		}
	}
	return out
}

// treeish reports whether a checkout names a commit to take files from
// (git checkout main -- src): then the index is overwritten too.
func treeish(v *model.Command) bool {
	for i, a := range v.Args {
		if a.Value == "--" {
			return len(rules.Operands(&model.Command{Program: v.Program, Args: v.Args[:i]})) > 0
		}
	}
	return false
}

// observeGit gathers the facts of a git command.
func (f *Files) observeGit(ctx context.Context, c *model.Command, p *plan, obs *model.Observed) {
	dir, why := f.gitDir(c)
	if why != "" {
		obs.Unavailable = append(obs.Unavailable, "git: "+why)
		return
	}
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		obs.Unavailable = append(obs.Unavailable, "git: "+dir+" is not a directory here: git would not run in it")
		return
	}
	top, ok := findRepo(dir)
	if !ok {
		obs.Unavailable = append(obs.Unavailable, "git: "+dir+" is in no git work tree")
		return
	}
	g := &model.ObservedGit{Repo: filepath.ToSlash(top)}
	obs.Git = g
	v := p.git
	var err error
	switch p.gitSub {
	case "reset", "switch":
		err = f.changes(ctx, top, dir, nil, true, g)
	case "checkout":
		err = f.changes(ctx, top, dir, checkoutPathspec(v), treeish(v) || rules.HasFlag(v, "f", "force"), g)
	case "restore":
		_, source := rules.FlagValue(v, "s", "source")
		err = f.changes(ctx, top, dir, rules.Operands(v), source || rules.HasFlag(v, "S", "staged"), g)
	case "clean":
		err = f.clean(ctx, top, dir, v, g, obs)
	case "branch":
		err = f.branches(ctx, top, v, g)
	case "push":
		err = f.push(ctx, top, v, g)
	case "stash":
		err = f.stash(ctx, top, g)
	}
	if err != nil {
		obs.Unavailable = append(obs.Unavailable, "git "+p.gitSub+": "+err.Error())
	}
}

// gitDir is the directory a git command runs in: its working directory
// and -C options; why says why it is not known.
func (f *Files) gitDir(c *model.Command) (string, string) {
	dir := c.Cwd
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case a.Value == "-C" && i+1 < len(c.Args):
			if c.Args[i+1].Dynamic {
				return "", "-C names a directory only known at run time"
			}
			dir = pathres.Join(dir, c.Args[i+1].Value, f.Home)
			i++
		case a.Value == "-c" || strings.HasPrefix(a.Value, "--config-env"):
			// The command runs with configuration the probes do not
			// (git -c core.excludesFile=/dev/null clean -fd removes what
			// the user's global ignore file calls ignored).
			return "", "git " + a.Value + " sets configuration the observation does not run with; not observed"
		case strings.HasPrefix(a.Value, "--git-dir") || strings.HasPrefix(a.Value, "--work-tree"):
			return "", "--git-dir or --work-tree names the repository apart from the directory; not observed"
		case !strings.HasPrefix(a.Value, "-"):
			i = len(c.Args)
		}
	}
	dir = pathres.Join("", dir, f.Home)
	if !strings.HasPrefix(dir, "/") {
		return "", "the directory it runs in is not known"
	}
	return filepath.FromSlash(dir), ""
}

// changes records the uncommitted changes to tracked files under the
// pathspec (all when empty) that a command discards: the working tree's
// (Y), and the index's too (X) when staged is set.
func (f *Files) changes(ctx context.Context, top, dir string, pathspec []model.Arg, staged bool, g *model.ObservedGit) error {
	args := []string{"status", "--porcelain=v1", "-z", "--untracked-files=no", "--ignore-submodules=all", "--no-renames", "--"}
	for _, a := range pathspec {
		if err := literalPath(a); err != nil {
			return err
		}
		args = append(args, relTo(top, dir, a.Value))
	}
	gr, err := f.runner()
	if err != nil {
		return err
	}
	if paths, ok := changesFromIndex(ctx, gr, top, args[len(args)-len(pathspec):], staged); ok {
		n := len(paths)
		for _, p := range paths[:min(n, model.MaxObservedListed)] {
			g.Changes = append(g.Changes, changedFile(top, p))
		}
		g.ChangeCount = &n
		return nil
	}
	out, err := gr.run(ctx, top, args...)
	if err != nil {
		return err
	}
	n := 0
	for rec := range strings.SplitSeq(string(out), "\x00") {
		if len(rec) < 4 {
			continue
		}
		x, y := rec[0], rec[1]
		if y == ' ' && (!staged || x == ' ') {
			continue
		}
		n++
		if len(g.Changes) < model.MaxObservedListed {
			g.Changes = append(g.Changes, changedFile(top, rec[3:]))
		}
	}
	g.ChangeCount = &n
	return nil
}

// changedFile is the tracked file p (relative to top) with changes.
func changedFile(top, p string) model.ObservedFile {
	file := model.ObservedFile{Path: p, State: model.GitModified}
	if info, err := os.Lstat(filepath.Join(top, filepath.FromSlash(p))); err == nil {
		file.Bytes = info.Size()
	}
	return file
}

// changesFromIndex lists, from the index read in Go, the tracked files
// under the literal pathspecs spec (relative to top; none: all) whose
// work-tree file differs from the index, and, when staged is set, those
// whose index entry differs from HEAD (which the cache tree rules out,
// or git is asked): what `git status --untracked-files=no` would list
// with a change in the second column, or either column when staged. ok
// is false where git must answer (see indexStatus).
func changesFromIndex(ctx context.Context, gr *gitRunner, top string, spec []string, staged bool) ([]string, bool) {
	idx, ok := gr.index(top)
	if !ok {
		return nil, false
	}
	prefixes := []string{""}
	if len(spec) > 0 {
		prefixes = prefixes[:0]
		for _, s := range spec {
			s = path.Clean(s)
			if s == "." {
				s = ""
			}
			if path.IsAbs(s) || s == ".." || strings.HasPrefix(s, "../") || s == ".git" || strings.HasPrefix(s, ".git/") {
				return nil, false
			}
			prefixes = append(prefixes, s)
		}
	}
	var entries []indexEntry
	for _, p := range prefixes {
		if staged && !gr.indexMatchesHead(ctx, top, idx, p) {
			return nil, false
		}
		under := idx.under(p)
		for i := range under {
			if under[i].unusual() || under[i].mode&modeTypeMask == modeGitlink {
				return nil, false
			}
		}
		if entries == nil {
			entries = under // one pathspec (the usual): no copy
		} else {
			entries = append(entries, under...)
		}
	}
	if len(prefixes) > 1 {
		// Pathspecs may overlap (src src/a.go): each entry once.
		slices.SortFunc(entries, func(a, b indexEntry) int { return strings.Compare(a.name, b.name) })
		entries = slices.CompactFunc(entries, func(a, b indexEntry) bool { return a.name == b.name })
	}
	changed, ok := newMatcher(top, idx).modifiedEntries(ctx, entries)
	if !ok {
		return nil, false
	}
	var out []string
	for _, i := range changed {
		out = append(out, entries[i].name)
	}
	return out, true
}

// literalPath refuses a pathspec operand whose paths observation cannot
// name: one only known at run time, or one git reads as a pattern — a
// wildcard (*, ?, [, and \ which escapes them) or pathspec magic (a
// leading ':'). Git matches such a pathspec against every path (git
// checkout -- '*.c' discards the changes of every C file), while
// observation asks with literal pathspecs (GIT_LITERAL_PATHSPECS, and
// the index read as prefixes), which would find no such path and report
// nothing to lose.
func literalPath(a model.Arg) error {
	switch {
	case a.Dynamic:
		return fmt.Errorf("the path %s is only known at run time", a.Value)
	case strings.ContainsAny(a.Value, "*?[\\") || strings.HasPrefix(a.Value, ":"):
		return fmt.Errorf("the pathspec %s is a pattern git matches against every path: not observed", a.Value)
	}
	return nil
}

// relTo spells p (named from dir) relative to the repository top.
func relTo(top, dir, p string) string {
	full := filepath.Join(dir, filepath.FromSlash(p))
	if filepath.IsAbs(filepath.FromSlash(p)) {
		full = filepath.FromSlash(p)
	}
	rel, err := filepath.Rel(top, full)
	if err != nil {
		return p
	}
	return filepath.ToSlash(rel)
}

// clean records what `git clean -n` (a dry run, which removes nothing)
// lists for the command's options and paths, each marked untracked or,
// when -x or -X takes ignored files too, ignored.
func (f *Files) clean(ctx context.Context, top, dir string, v *model.Command, g *model.ObservedGit, obs *model.Observed) error {
	args := []string{"clean", "-n"}
	for _, fl := range []string{"d", "x", "X"} {
		if rules.HasFlag(v, fl) {
			args = append(args, "-"+fl)
		}
	}
	for _, e := range rules.FlagValues(v, "e", "exclude") {
		if e.Dynamic {
			return fmt.Errorf("the exclude pattern %s is only known at run time", e.Value)
		}
		args = append(args, "--exclude="+e.Value)
	}
	var spec []string
	for _, a := range rules.Operands(v) {
		if err := literalPath(a); err != nil {
			return err
		}
		spec = append(spec, relTo(top, dir, a.Value))
	}
	if countFlag(v, 'f') >= 2 {
		obs.Unavailable = append(obs.Unavailable, "git clean: -ff also removes nested repositories, which the dry run (-n) does not list")
	}
	gr, err := f.runner()
	if err != nil {
		return err
	}
	if f.cleanRemovesNoFile(ctx, gr, top, v) {
		n := 0
		g.CleanCount = &n
		return nil
	}
	listed, err := cleanList(ctx, gr, top, append(args, "--"), spec)
	if err != nil {
		return err
	}
	ignored := map[string]bool{}
	if rules.HasFlag(v, "X") {
		for _, p := range listed {
			ignored[p] = true
		}
	} else if rules.HasFlag(v, "x") {
		only, err := cleanList(ctx, gr, top, append(replaceFlag(args, "-x", "-X"), "--"), spec)
		if err != nil {
			return err
		}
		for _, p := range only {
			ignored[p] = true
		}
	}
	w := f.newWalker()
	n := 0
	g.CleanCount = &n
	for _, p := range listed {
		file := model.ObservedFile{Path: p, State: model.GitUntracked}
		if ignored[p] {
			file.State = model.GitIgnored
		}
		full := filepath.Join(top, filepath.FromSlash(strings.TrimSuffix(p, "/")))
		if info, err := os.Lstat(full); err == nil {
			if info.IsDir() {
				r := w.walk(ctx, full, info, nil)
				file.Bytes = r.bytes
				if r.bound != "" {
					obs.Unavailable = append(obs.Unavailable, "git clean: the size of "+p+": "+r.bound)
				} else if r.files == 0 {
					continue // an empty directory (or a tree of them): nothing is lost
				}
			} else {
				file.Bytes = info.Size()
			}
		}
		n++
		if len(g.Cleaned) < model.MaxObservedListed {
			g.Cleaned = append(g.Cleaned, file)
		} else if file.State == model.GitUntracked {
			// The rules must see that something other than ignored
			// output goes: keep the first untracked one listed.
			if !hasState(g.Cleaned, model.GitUntracked) {
				g.Cleaned[len(g.Cleaned)-1] = file
			}
		}
	}
	return nil
}

// cleanRemovesNoFile reports, without running git clean, that the
// clean v would remove no file at all, as the usual clean work tree
// shows: the walk of the whole work tree (directory entries only, no
// lstat of files; a superset of what any pathspec, the directory it runs
// in or -e lets git clean reach) finds no file, symbolic link or other
// non-directory the index does not hold, or, without -x, -X or -e, only
// ones git's ignore rules match (one git check-ignore --no-index, which loads
// no index; git clean keeps ignored files). What git clean -n would list
// then is at most directories that hold no file (which clean() counts as
// nothing lost). Anything else — a file it would list, an index this
// reader leaves to git, a nested repository, an unreadable directory,
// another file system, the walk's bound — is false, and git clean -n
// lists.
func (f *Files) cleanRemovesNoFile(ctx context.Context, gr *gitRunner, top string, v *model.Command) bool {
	idx, ok := gr.index(top)
	if !ok {
		return false
	}
	others, ok := f.untracked(ctx, top, "", true, idx)
	if !ok {
		return false
	}
	if len(others) == 0 {
		return true
	}
	// -x and -X take ignored files too; an -e pattern may be negated
	// (-e '!*.log'), which takes back what the ignore rules keep.
	if rules.HasFlag(v, "x") || rules.HasFlag(v, "X") || len(rules.FlagValues(v, "e", "exclude")) > 0 {
		return false
	}
	classes, err := gr.classify(ctx, top, others, idx)
	if err != nil {
		return false
	}
	for _, c := range classes {
		if c.state != model.GitIgnored {
			return false
		}
	}
	return true
}

func hasState(files []model.ObservedFile, state string) bool {
	for _, f := range files {
		if f.State == state {
			return true
		}
	}
	return false
}

// cleanList runs a dry-run clean and returns the paths it would remove,
// relative to the top.
func cleanList(ctx context.Context, gr *gitRunner, top string, args, spec []string) ([]string, error) {
	out, err := gr.run(ctx, top, append(args, spec...)...)
	if err != nil {
		return nil, err
	}
	var paths []string
	for line := range strings.SplitSeq(string(out), "\n") {
		if p, ok := strings.CutPrefix(line, "Would remove "); ok {
			paths = append(paths, p)
		}
	}
	return paths, nil
}

func replaceFlag(args []string, from, to string) []string {
	out := append([]string(nil), args...)
	for i, a := range out {
		if a == from {
			out[i] = to
		}
	}
	return out
}

// countFlag counts the short flag b among v's option clusters (-ff, -f -f).
func countFlag(v *model.Command, b byte) int {
	n := 0
	for _, a := range v.Args {
		if a.Value == "--" {
			break
		}
		if strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "--") {
			n += strings.Count(a.Value[1:], string(b))
		}
		if a.Value == "--force" {
			n++
		}
	}
	return n
}

// branches records, for each branch git branch -D deletes, whether it
// exists and how many of its commits no other ref holds.
func (f *Files) branches(ctx context.Context, top string, v *model.Command, g *model.ObservedGit) error {
	if rules.HasFlag(v, "r", "remotes") {
		return errors.New("deleting remote-tracking branches (-r) is not observed")
	}
	gr, err := f.runner()
	if err != nil {
		return err
	}
	for _, a := range rules.Operands(v) {
		if a.Dynamic {
			return fmt.Errorf("the branch %s is only known at run time", a.Value)
		}
		b := model.ObservedBranch{Name: a.Value}
		ref := "refs/heads/" + a.Value
		tip, err := gr.run(ctx, top, "rev-parse", "--verify", "-q", ref+"^{commit}")
		if err != nil {
			if exitCode(err) != 1 {
				return err
			}
			g.Branches = append(g.Branches, b) // no such branch
			continue
		}
		b.Exists, b.Tip = true, strings.TrimSpace(string(tip))
		out, err := gr.run(ctx, top, "rev-list", "--count", ref, "--not", "--exclude="+ref, "--all")
		if err != nil {
			return err
		}
		if b.Unique, err = strconv.Atoi(strings.TrimSpace(string(out))); err != nil {
			return fmt.Errorf("rev-list --count printed %q", strings.TrimSpace(string(out)))
		}
		if b.Unique == 0 {
			out, err := gr.run(ctx, top, "for-each-ref", "--contains="+ref, "--count=5", "--format=%(refname)", "refs/heads", "refs/remotes", "refs/tags")
			if err != nil {
				return err
			}
			for r := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
				if r != "" && r != ref && len(b.ContainedIn) < 4 {
					b.ContainedIn = append(b.ContainedIn, strings.TrimPrefix(r, "refs/"))
				}
			}
		}
		g.Branches = append(g.Branches, b)
	}
	return nil
}

// push records how many commits a force push drops from the remote, as
// its remote-tracking ref shows them: one refspec (or the current
// branch) to a named remote.
func (f *Files) push(ctx context.Context, top string, v *model.Command, g *model.ObservedGit) error {
	if rules.HasFlag(v, "all", "mirror", "tags", "branches") {
		return errors.New("--all, --mirror or --tags pushes every ref: not observed")
	}
	gr, err := f.runner()
	if err != nil {
		return err
	}
	ops := rules.Operands(v)
	for _, o := range ops {
		if o.Dynamic {
			return fmt.Errorf("the operand %s is only known at run time", o.Value)
		}
	}
	var remote, src, dst string
	switch len(ops) {
	case 0:
		out, err := gr.run(ctx, top, "rev-parse", "--symbolic-full-name", "@{push}")
		if err != nil {
			return errors.New("the current branch has no push destination")
		}
		tracking := strings.TrimSpace(string(out))
		g.Push = &model.ObservedPush{Source: "HEAD", TrackingRef: tracking}
		g.Push.Remote, _, _ = strings.Cut(strings.TrimPrefix(tracking, "refs/remotes/"), "/")
		return f.dropped(ctx, gr, top, g.Push)
	case 1:
		remote, src = ops[0].Value, "HEAD"
		out, err := gr.run(ctx, top, "symbolic-ref", "-q", "--short", "HEAD")
		if err != nil {
			return errors.New("HEAD is detached: the branch pushed is not known")
		}
		dst = strings.TrimSpace(string(out))
	case 2:
		remote = ops[0].Value
		spec := strings.TrimPrefix(ops[1].Value, "+")
		var ok bool
		if src, dst, ok = strings.Cut(spec, ":"); !ok {
			dst = src
		}
		if src == "" {
			return errors.New("a refspec without a source deletes the remote branch")
		}
	default:
		return errors.New("several refspecs: not observed")
	}
	if strings.Contains(remote, "/") || strings.Contains(remote, ":") {
		return fmt.Errorf("the remote %s is a URL or path, which has no remote-tracking refs", remote)
	}
	if dst == "HEAD" {
		out, err := gr.run(ctx, top, "symbolic-ref", "-q", "--short", "HEAD")
		if err != nil {
			return errors.New("HEAD is detached: the branch pushed is not known")
		}
		dst = strings.TrimSpace(string(out))
	}
	dst = strings.TrimPrefix(dst, "refs/heads/")
	g.Push = &model.ObservedPush{Remote: remote, Source: src, TrackingRef: path.Join("refs/remotes", remote, dst)}
	return f.dropped(ctx, gr, top, g.Push)
}

// dropped counts the commits of p's remote-tracking ref that p's source
// does not contain.
func (f *Files) dropped(ctx context.Context, gr *gitRunner, top string, p *model.ObservedPush) error {
	if _, err := gr.run(ctx, top, "rev-parse", "--verify", "-q", p.TrackingRef+"^{commit}"); err != nil {
		if exitCode(err) == 1 {
			return fmt.Errorf("there is no remote-tracking ref %s: what the remote holds is not known here", p.TrackingRef)
		}
		return err
	}
	out, err := gr.run(ctx, top, "rev-list", "--count", p.TrackingRef, "--not", p.Source)
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		return fmt.Errorf("rev-list --count printed %q", strings.TrimSpace(string(out)))
	}
	p.Dropped = n
	return nil
}

// stash records how many stash entries there are.
func (f *Files) stash(ctx context.Context, top string, g *model.ObservedGit) error {
	gr, err := f.runner()
	if err != nil {
		return err
	}
	n := 0
	if _, err := gr.run(ctx, top, "rev-parse", "--verify", "-q", "refs/stash"); err != nil {
		if exitCode(err) != 1 {
			return err
		}
		g.StashEntries = &n
		return nil
	}
	out, err := gr.run(ctx, top, "rev-list", "--walk-reflogs", "--count", "refs/stash")
	if err != nil {
		return err
	}
	if n, err = strconv.Atoi(strings.TrimSpace(string(out))); err != nil {
		return fmt.Errorf("rev-list --count printed %q", strings.TrimSpace(string(out)))
	}
	g.StashEntries = &n
	return nil
}
