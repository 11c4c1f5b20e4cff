package observe

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// status is what git status said of the files at and under one target,
// and the sizes the walk attributed to its entries.
type status struct {
	// entries in git's order; byPath indexes the file entries by their
	// path relative to the target ("" the target itself), dirs lists the
	// directory entries (an ignored or untracked directory, "build/").
	entries []*entry
	byPath  map[string]*entry
	dirs    []*entry
	bound   string
}

// entry is one git status entry.
type entry struct {
	file  model.ObservedFile // Path relative to the repository's top
	rel   string             // relative to the target, without a trailing slash
	files int
}

// status says what git status lists at and under rel (relative to the
// repository top; "." the top itself), indexed: read from the index in
// Go where it can be (indexStatus), else from git status.
func (f *Files) status(ctx context.Context, top, rel string, dir bool) (status, error) {
	st := status{byPath: map[string]*entry{}}
	g, err := f.runner()
	if err != nil {
		return st, err
	}
	if fast, ok := f.indexStatus(ctx, g, top, rel, dir); ok {
		return fast, nil
	}
	return gitStatus(ctx, g, top, rel)
}

// gitStatus runs git status on rel (relative to the repository top; "."
// the top itself) and indexes what it lists.
func gitStatus(ctx context.Context, g *gitRunner, top, rel string) (status, error) {
	st := status{byPath: map[string]*entry{}}
	out, err := g.run(ctx, top, "status", "--porcelain=v1", "-z", "--ignored=matching", "--untracked-files=all",
		"--ignore-submodules=all", "--no-renames", "--", rel)
	if err != nil {
		return st, err
	}
	prefix := ""
	if rel != "." {
		prefix = rel
	}
	for rec := range strings.SplitSeq(string(out), "\x00") {
		if len(rec) < 4 {
			continue
		}
		if !st.push(prefix, rec[3:], stateOf(rec[:2])) {
			break
		}
	}
	return st, nil
}

// stateOf reads a porcelain v1 XY code.
func stateOf(xy string) string {
	switch xy {
	case "??":
		return model.GitUntracked
	case "!!":
		return model.GitIgnored
	}
	return model.GitModified
}

// attribute gives the size of the file at rel (relative to the target)
// to the entry that lists it or the directory that holds it.
func (st *status) attribute(rel string, size int64) {
	rel = filepath.ToSlash(rel)
	if e, ok := st.byPath[rel]; ok {
		st.add(e, size)
		return
	}
	for _, d := range st.dirs {
		if d.rel == "" || strings.HasPrefix(rel, d.rel+"/") {
			st.add(d, size)
			return
		}
	}
}

func (st *status) add(e *entry, size int64) {
	e.file.Bytes += size
	e.files++
}

// fill records on t what git said: the files it cannot give back, the
// ignored paths, and the target's state as a whole.
func (st *status) fill(t *model.ObservedTarget, inRepo bool) {
	if !inRepo {
		t.Git = model.GitNone
		return
	}
	states := map[string]bool{}
	covered := 0
	for _, e := range st.entries {
		states[e.file.State] = true
		if e.file.State == model.GitIgnored {
			if len(t.Ignored) < model.MaxObservedListed {
				t.Ignored = append(t.Ignored, e.file.Path)
			}
		}
		n := max(e.files, 1)
		if e.file.State == model.GitModified && e.files == 0 {
			n = 0 // a tracked file deleted from disk: nothing left to lose
			if t.Kind != "dir" {
				n = 1
			}
		}
		covered += n
		t.LostFiles += n
		t.LostBytes += e.file.Bytes
		if len(t.Lost) < model.MaxObservedListed {
			t.Lost = append(t.Lost, e.file)
		}
	}
	switch {
	case len(states) == 0:
		t.Git = model.GitClean
	case len(states) == 1 && (t.Kind != "dir" || covered >= t.Files):
		for s := range states {
			t.Git = s
		}
	default:
		t.Git = model.GitMixed
	}
	if !t.Exists {
		t.Git = ""
	}
}

// push adds one entry, path relative to the repository top (a
// directory with a trailing slash), prefix the target's ("" the top).
func (st *status) push(prefix, p, state string) bool {
	if len(st.entries) == maxStatusEntries {
		st.bound = fmt.Sprintf("git status listed more than %d entries (the bound)", maxStatusEntries)
		return false
	}
	e := &entry{file: model.ObservedFile{Path: p, State: state}}
	r := strings.TrimSuffix(p, "/")
	switch {
	case prefix == "":
		e.rel = r
	case r == prefix:
		e.rel = ""
	default:
		e.rel = strings.TrimPrefix(r, prefix+"/")
	}
	st.entries = append(st.entries, e)
	if strings.HasSuffix(p, "/") {
		st.dirs = append(st.dirs, e)
	} else {
		st.byPath[e.rel] = e
	}
	return true
}

// indexStatus answers what git status on rel would list, from the index
// read in Go (index.go), the work tree's stat data (worktree.go) and, for
// the files the index does not hold, one `git check-ignore --no-index`,
// which loads no index. ok is false where it cannot answer exactly as
// git would or more cautiously — a work tree whose .git is a file, an
// index it does not read, a conflict, a skip-worktree, assume-unchanged
// or intent-to-add entry, a submodule, a nested repository, staged
// changes (the cache tree differs from HEAD's tree), no HEAD, a tree
// past the walk's bound — and the caller runs git status.
func (f *Files) indexStatus(ctx context.Context, g *gitRunner, top, rel string, dir bool) (status, bool) {
	st := status{byPath: map[string]*entry{}}
	idx, ok := g.index(top)
	if !ok {
		return st, false
	}
	prefix := ""
	if rel != "." {
		prefix = rel
	}
	if prefix == ".git" || strings.HasPrefix(prefix, ".git/") {
		return st, false // git's own files: what git status says of them is git's
	}
	tracked := idx.under(prefix)
	for i := range tracked {
		if tracked[i].unusual() || tracked[i].mode&modeTypeMask == modeGitlink {
			return st, false
		}
	}
	if !g.indexMatchesHead(ctx, top, idx, prefix) {
		return st, false
	}
	others, ok := f.untracked(ctx, top, prefix, dir, idx)
	if !ok {
		return st, false
	}
	changed, ok := newMatcher(top, idx).modifiedEntries(ctx, tracked)
	if !ok {
		return st, false
	}
	for _, i := range changed {
		if !st.push(prefix, tracked[i].name, model.GitModified) {
			return st, true
		}
	}
	if len(others) == 0 {
		return st, true
	}
	classes, err := g.classify(ctx, top, others, idx)
	if err != nil {
		return st, false
	}
	for _, state := range []string{model.GitUntracked, model.GitIgnored} {
		for _, c := range classes {
			if c.state == state && !st.push(prefix, c.path, state) {
				return st, true
			}
		}
	}
	return st, true
}

// untracked lists the files at and under rel (relative to the top; ""
// the top) that the index does not hold, sorted; ok is false where git
// must be asked (a nested repository, an unreadable directory, the
// walk's bound or deadline).
func (f *Files) untracked(ctx context.Context, top, rel string, dir bool, idx *gitIndex) ([]string, bool) {
	held := idx.holds
	if !dir {
		if held(rel) {
			return nil, true
		}
		return []string{rel}, true
	}
	var out []string
	w := f.newWalker()
	w.noSizes = true
	// A .git anywhere but the top's own is a nested repository, which
	// git status lists as a directory: left to git.
	nested := false
	read := w.readDir
	w.readDir = func(d string) ([]fs.DirEntry, error) {
		entries, err := read(d)
		if d != top {
			for _, e := range entries {
				nested = nested || e.Name() == ".git"
			}
		}
		return entries, err
	}
	root := filepath.Join(top, filepath.FromSlash(rel))
	info, err := os.Lstat(root)
	if err != nil {
		return nil, false
	}
	r := w.walk(ctx, root, info, func(p string, _ int64) {
		p = path.Join(rel, filepath.ToSlash(p))
		if !held(p) {
			out = append(out, p)
		}
	})
	if r.bound != "" || nested {
		return nil, false
	}
	slices.Sort(out)
	return out, true
}

// classified is one file the index does not hold, as git status lists
// it: untracked, or ignored (itself, or the untracked directory that
// holds it, with a trailing slash).
type classified struct{ path, state string }

// classify sorts files the index does not hold into untracked and
// ignored, as git status --untracked-files=all --ignored=matching lists
// them: a file below a directory that holds no tracked file and that an
// ignore pattern matches is listed as that directory (the topmost such),
// once; else the file itself, ignored when a pattern (its own or a
// leading directory's) matches it. The patterns are git's own: one `git
// check-ignore --no-index --stdin -z --verbose --non-matching` reads
// .gitignore files, .git/info/exclude and core.excludesFile and loads no
// index.
func (g *gitRunner) classify(ctx context.Context, top string, files []string, idx *gitIndex) ([]classified, error) {
	var query []string
	asked := map[string]bool{}
	ask := func(p string) {
		if !asked[p] {
			asked[p] = true
			query = append(query, p)
		}
	}
	for _, p := range files {
		for i := 0; i < len(p); i++ {
			if p[i] == '/' && !idx.tracksUnder(p[:i]) {
				ask(p[:i])
			}
		}
		ask(p)
	}
	var in bytes.Buffer
	for _, q := range query {
		if strings.HasPrefix(q, ":") {
			return nil, fmt.Errorf("%s: a path check-ignore would read as pathspec magic", q)
		}
		in.WriteString(q)
		in.WriteByte(0)
	}
	out, err := g.runPlain(ctx, top, in.Bytes(), "check-ignore", "--no-index", "--stdin", "-z", "--verbose", "--non-matching")
	if err != nil && exitCode(err) != 1 { // 1: none is ignored
		return nil, err
	}
	ignored := map[string]bool{}
	fields := strings.Split(string(out), "\x00")
	if len(fields) != 4*len(query)+1 {
		return nil, fmt.Errorf("git check-ignore answered %d fields for %d paths", len(fields)-1, len(query))
	}
	for i := 0; i+4 <= len(fields)-1; i += 4 {
		source, pattern, p := fields[i], fields[i+2], fields[i+3]
		if !asked[p] {
			return nil, fmt.Errorf("git check-ignore answered a path not asked: %q", p)
		}
		ignored[p] = source != "" && !strings.HasPrefix(pattern, "!")
	}
	var res []classified
	listed := map[string]bool{}
	for _, p := range files {
		c := classified{path: p, state: model.GitUntracked}
		for i := 0; i < len(p); i++ {
			if p[i] == '/' && asked[p[:i]] && ignored[p[:i]] {
				c = classified{path: p[:i] + "/", state: model.GitIgnored}
				break
			}
		}
		if c.state == model.GitUntracked && ignored[p] {
			c.state = model.GitIgnored
		}
		if !listed[c.path] {
			listed[c.path] = true
			res = append(res, c)
		}
	}
	slices.SortFunc(res, func(a, b classified) int { return strings.Compare(a.path, b.path) })
	return res, nil
}
