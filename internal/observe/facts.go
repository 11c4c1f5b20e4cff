package observe

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/recourse-dev/recourse/internal/pathres"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
	gitrules "github.com/recourse-dev/recourse/rules/git"
)

// Facts about the targets of mutating commands (ObserveLine). For each
// command of a line that deletes or writes over paths (rm, unlink, rmdir,
// a redirection, tee and sponge without -a, truncate, cp's, mv's and
// install's destination, an output file an option names (dd of=,
// curl -o) as a redirection, what sed -i and perl -i rewrite or
// back up, what ln -f replaces: writers.go) or that can discard work in
// git (reset --hard, checkout with paths or -f, restore, switch
// --discard-changes, clean -f, branch -D, push --force, stash drop and
// clear), the observer gathers, within CommandBound:
//   - each target's existence, kind, owner and resolved path (pathres,
//     links followed with lstat and readlink);
//   - the git state of the files at and under it (git status
//     --ignored=matching --untracked-files=all on that path);
//   - its blast radius (a walk that follows no link, enters no other file
//     system and stops at MaxWalkEntries);
//   - the repository facts a git command's loss depends on.
//
// A read (git status, ls, cat) gets no probe. Facts are gathered only for
// the commands before which the line runs nothing but reads: after a
// command that may change the disk (mv a b; rm -rf b), what is there now
// is not what the later command will find, so it gets no facts and is
// judged as without observation.

// CommandBound is the hard time bound of one command's observation: past
// it, what was not gathered is missing evidence.
const CommandBound = 300 * time.Millisecond

// maxStatusEntries bounds the git status entries read for one target.
const maxStatusEntries = 10_000

// ObserveLine gathers the facts of each command of a line, in order (see
// above); the result has one entry per command, nil where nothing was
// observed. ctx bounds the whole; each command has CommandBound more.
func (f *Files) ObserveLine(ctx context.Context, cmds []*model.Command) []*model.Observed {
	out := make([]*model.Observed, len(cmds))
	for i, c := range cmds {
		if c == nil {
			continue
		}
		plan := planFor(c)
		if plan == nil && isRead(c) {
			continue
		}
		bound := f.Bound
		if bound <= 0 {
			bound = CommandBound
		}
		cctx, cancel := context.WithTimeout(ctx, bound)
		defer cancel()
		if plan != nil {
			out[i] = f.observe(cctx, c, plan)
		}
		// The files the same command writes as it runs (an output its
		// options name: dd of=, curl -o, sort -o; its own > FILE) are
		// mutations of their own beside it, and what they find is the
		// disk now too.
		for j := i + 1; j < len(cmds) && sameCommand(cmds[j], c); j++ {
			if cmds[j].Program != model.RedirectProgram {
				continue
			}
			if p := planFor(cmds[j]); p != nil {
				out[j] = f.observe(cctx, cmds[j], p)
			}
		}
		return out // this command itself changes the disk
	}
	return out
}

// sameCommand reports whether d is a mutation of the command c itself
// (an output file its options or redirections name), by its place in
// the line.
func sameCommand(d, c *model.Command) bool {
	return d != nil && d.Line == c.Line && d.Col == c.Col
}

// plan is what to observe of one command.
type plan struct {
	// targets are the operands observed as paths; follow says whether a
	// target's last name is followed through a symbolic link (a write
	// through it) or not (rm removes the link itself).
	targets []model.Arg
	follow  bool
	// intoDir: the target is a destination that may be a directory, into
	// which sources (named by their base names) are written.
	intoDir bool
	sources []model.Arg
	// git is the git subcommand view, when the command is git's.
	git    *model.Command
	gitSub string
}

// planFor says what to observe of c, or nil for a command whose targets
// are not observed (a read, or a program observation does not know).
func planFor(c *model.Command) *plan {
	if c.MoreOperands || c.Problem != "" || c.Function {
		return nil
	}
	switch c.Program {
	case "rm", "unlink", "rmdir":
		ops := rules.Operands(c)
		if len(ops) == 0 {
			return nil
		}
		return &plan{targets: ops}
	case model.RedirectProgram:
		if len(c.Args) != 1 {
			return nil
		}
		return &plan{targets: c.Args, follow: true}
	case "tee", "sponge", "truncate":
		// tee and sponge truncate each file they write (tee -a appends:
		// nothing of a file is lost, and nothing is observed); truncate
		// cuts each to a size (+N only extends; its rows say so).
		ops := rules.Operands(c)
		if len(ops) == 0 || c.Program != "truncate" && rules.HasFlag(c, "a", "append") {
			return nil
		}
		return &plan{targets: ops, follow: true}
	case "cp", "mv":
		// -T: the destination is the name itself, never a directory
		// the sources land in.
		return destPlan(c, rules.Operands(c), rules.HasFlag(c, "T", "no-target-directory"), true)
	case "dd":
		return ddPlan(c)
	case "sed", "perl":
		return inPlacePlan(c)
	case "install":
		return installPlan(c)
	case "ln":
		return lnPlan(c)
	case "git":
		return gitPlan(c)
	}
	return nil
}

// reads are programs that change nothing on disk: a line may run them
// before an observed command and the facts still hold.
var reads = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"cd": true, "pushd": true, "popd": true, "ls": true, "cat": true, "echo": true, "printf": true,
		"pwd": true, "true": true, "false": true, "test": true, "[": true, "head": true, "tail": true, "wc": true, "grep": true,
		"rg": true, "stat": true, "file": true, "which": true, "date": true, "du": true, "df": true, "sleep": true, "env": true}
})

// gitReads are git subcommands that change nothing a later command's
// facts rest on.
var gitReads = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"status": true, "log": true, "diff": true, "show": true, "rev-parse": true, "ls-files": true,
		"blame": true, "grep": true, "describe": true, "shortlog": true, "reflog": false}
})

// isRead reports whether c is a known read.
func isRead(c *model.Command) bool {
	if c.Program == "git" {
		_, sub, ok := gitrules.View(c)
		return ok && gitReads()[strings.ToLower(sub)]
	}
	// A redirection of a read is a mutation of its own, after it.
	return reads()[c.Program]
}

// observe gathers the facts of plan p for c.
func (f *Files) observe(ctx context.Context, c *model.Command, p *plan) *model.Observed {
	obs := &model.Observed{}
	if p.git != nil {
		if why := gitEnvElsewhere(c); why != "" {
			obs.Unavailable = append(obs.Unavailable, "git: "+why)
			return obs
		}
		f.observeGit(ctx, c, p, obs)
		return obs
	}
	w := f.newWalker()
	for _, a := range append(p.targets, p.sources...) {
		// What a variable names is the rules' to judge (a temp variable,
		// an unknown one), as is a relative path when the directory the
		// line runs in is not known: no facts, as without observation.
		if _, ok := f.resolve(c, a.Value, false); a.Dynamic || !ok {
			return nil
		}
	}
	for _, a := range p.targets {
		if strings.ContainsAny(a.Value, "*?[") {
			f.addGlob(ctx, w, obs, c, a.Value, p)
			continue
		}
		full, ok := f.resolve(c, a.Value, p.follow || strings.HasSuffix(a.Value, "/"))
		if !ok {
			obs.Unavailable = append(obs.Unavailable, fmt.Sprintf("%s: the directory it is named from is not known", a.Value))
			continue
		}
		if p.intoDir {
			if info, err := os.Stat(full); err == nil && info.IsDir() {
				for _, s := range p.sources {
					if s.Dynamic {
						obs.Unavailable = append(obs.Unavailable, fmt.Sprintf("%s: the name written into %s is only known at run time", s.Value, a.Value))
						continue
					}
					base := path.Base(strings.TrimSuffix(filepath.ToSlash(s.Value), "/"))
					into := model.Arg{Value: path.Join(a.Value, base)}
					if f.addCopiedTree(ctx, w, obs, c, s, into.Value, filepath.Join(full, base)) {
						continue
					}
					f.addTarget(ctx, w, obs, into.Value, filepath.Join(full, base))
				}
				continue
			}
		}
		if len(p.sources) == 1 && f.addCopiedTree(ctx, w, obs, c, p.sources[0], a.Value, full) {
			continue
		}
		f.addTarget(ctx, w, obs, a.Value, full)
	}
	return obs
}

// maxGlobMatches bounds the paths one glob operand is observed as.
const maxGlobMatches = 1000

// gitLocation are the environment variables that make git act on another
// repository, work tree or index than the directory's.
var gitLocation = []string{"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY",
	"GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM"}

// gitEnvElsewhere says why a git command may act on another repository
// than the one its directory lies in: a variable the line sets, or one
// in the environment it runs in (the hook's, which the agent's shell
// passes on), or -c core.worktree; "" when it does not.
func gitEnvElsewhere(c *model.Command) string {
	for _, k := range gitLocation {
		if _, ok := c.Env[k]; ok {
			return "the line sets " + k + ": the repository it acts on is not observed"
		}
		if os.Getenv(k) != "" {
			return "the environment sets " + k + ": the repository it acts on is not observed"
		}
	}
	for i, a := range c.Args {
		if a.Value == "-c" && i+1 < len(c.Args) && strings.HasPrefix(strings.ToLower(c.Args[i+1].Value), "core.worktree") ||
			strings.HasPrefix(strings.ToLower(a.Value), "-ccore.worktree") {
			return "-c core.worktree names another work tree: not observed"
		}
	}
	return ""
}

// addGlob observes the paths a glob operand matches now (the shell
// expands it when the line runs): each match is a target; none, and the
// operand is the absent path the shell passes on. A destination given as
// a glob, or one that matches too many paths, is not observed.
func (f *Files) addGlob(ctx context.Context, w *walker, obs *model.Observed, c *model.Command, pattern string, p *plan) {
	full, ok := f.resolve(c, pattern, false)
	if !ok || p.intoDir {
		obs.Unavailable = append(obs.Unavailable, pattern+": a pattern the shell expands; what it matches is not observed")
		return
	}
	matches, err := filepath.Glob(full)
	switch {
	case err != nil:
		obs.Unavailable = append(obs.Unavailable, pattern+": "+err.Error())
		return
	case len(matches) > maxGlobMatches:
		obs.Unavailable = append(obs.Unavailable, fmt.Sprintf("%s: matches more than %d paths (the bound)", pattern, maxGlobMatches))
		return
	case len(matches) == 0:
		f.addTarget(ctx, w, obs, pattern, full)
		return
	}
	dir := filepath.Dir(full)
	hidden := strings.HasPrefix(path.Base(pattern), ".")
	for _, m := range matches {
		if !hidden && strings.HasPrefix(filepath.Base(m), ".") {
			continue // the shell's * does not match a leading dot
		}
		name := m
		if rel, err := filepath.Rel(dir, m); err == nil {
			name = path.Join(path.Dir(pattern), filepath.ToSlash(rel))
		}
		f.addTarget(ctx, w, obs, name, m)
	}
}

// addTarget observes the path full (named name) into obs.
func (f *Files) addTarget(ctx context.Context, w *walker, obs *model.Observed, name, full string) {
	t, why := f.target(ctx, w, name, full)
	obs.Targets = append(obs.Targets, t)
	if why != "" {
		obs.Unavailable = append(obs.Unavailable, name+": "+why)
	}
}

// newWalker returns a walker over the real file system, or the test's.
func (f *Files) newWalker() *walker {
	rd := f.ReadDir
	if rd == nil {
		rd = os.ReadDir
	}
	return &walker{readDir: rd}
}

// resolve returns the absolute local path p (named from c's directory)
// reaches: through every symbolic link when follow is set, else through
// those of its directory only.
func (f *Files) resolve(c *model.Command, p string, follow bool) (string, bool) {
	full := pathres.Join(c.Cwd, p, f.Home)
	if !strings.HasPrefix(full, "/") {
		return "", false
	}
	env := pathres.Env{Home: f.Home, FS: pathres.OS{}}
	if follow || full == "/" {
		return filepath.FromSlash(pathres.Resolve(full, env).Path), true
	}
	dir := pathres.Resolve(path.Dir(full), env).Path
	return filepath.FromSlash(path.Join(dir, path.Base(full))), true
}

// target observes one path; why says which of its facts could not be
// gathered ("" all were).
func (f *Files) target(ctx context.Context, w *walker, name, full string) (model.ObservedTarget, string) {
	t := model.ObservedTarget{Path: name, Resolved: filepath.ToSlash(full)}
	info, err := os.Lstat(full)
	switch {
	case os.IsNotExist(err):
		t.Repo, _ = findRepo(filepath.Dir(full))
		return t, ""
	case err != nil:
		return t, describe(err).Error()
	}
	t.Exists, t.Kind, t.UID = true, kindOf(info), max(ownerOf(info), 0)
	parent := filepath.Dir(full)
	if info.IsDir() {
		if _, err := os.Lstat(filepath.Join(full, ".git")); err == nil || filepath.Base(full) == ".git" {
			t.ContainsRepo = true
		}
	}
	top, inRepo := findRepo(parent)
	if info.IsDir() && !t.ContainsRepo {
		if top2, ok := findRepo(full); ok {
			top, inRepo = top2, true
		}
	}
	if inRepo {
		t.Repo = filepath.ToSlash(top)
	}
	st := status{}
	if inRepo {
		rel, _ := filepath.Rel(top, full)
		var err error
		st, err = f.status(ctx, top, filepath.ToSlash(rel), info.IsDir())
		if err != nil {
			t.Bound = "git status: " + err.Error()
		}
	}
	if !info.IsDir() {
		t.Files = 1
		t.Bytes = info.Size()
		if e, ok := st.byPath[""]; ok {
			st.add(e, info.Size())
		}
	} else {
		r := w.walk(ctx, full, info, st.attribute)
		t.Files, t.Dirs, t.Bytes = r.files, r.dirs, r.bytes
		t.ContainsRepo = t.ContainsRepo || r.containsRepo
		t.EmptyDir = r.files == 0 && r.dirs == 0 && !r.containsRepo && r.bound == ""
		if r.bound != "" && t.Bound == "" {
			t.Bound = r.bound
		}
	}
	if st.bound != "" && t.Bound == "" {
		t.Bound = st.bound
	}
	st.fill(&t, inRepo)
	return t, t.Bound
}

// kindOf names a file's kind.
func kindOf(info fs.FileInfo) string {
	switch m := info.Mode(); {
	case m.IsDir():
		return "dir"
	case m.IsRegular():
		return "file"
	case m&fs.ModeSymlink != 0:
		return "symlink"
	}
	return "other"
}

// findRepo returns the top of the git work tree that holds dir: the
// nearest directory at or above it with a .git (a directory, or a
// worktree's or submodule's .git file).
func findRepo(dir string) (string, bool) {
	for d := filepath.Clean(dir); ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d, true
		}
		up := filepath.Dir(d)
		if up == d {
			return "", false
		}
		d = up
	}
}

// gitBin is the git binary the observer runs.
func (f *Files) gitBin() (string, error) {
	if f.Git != "" {
		return f.Git, nil
	}
	p, err := exec.LookPath("git")
	if err != nil {
		return "", fmt.Errorf("git is not installed here")
	}
	return p, nil
}

// runner returns the observer's git runner.
func (f *Files) runner() (*gitRunner, error) {
	if f.git != nil {
		return f.git, nil
	}
	bin, err := f.gitBin()
	if err != nil {
		return nil, err
	}
	f.git = &gitRunner{bin: bin, home: f.Home, trace: f.Trace}
	return f.git, nil
}
