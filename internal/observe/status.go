package observe

import (
	"context"
	"fmt"
	"path/filepath"
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

// status runs git status on rel (relative to the repository top; "."
// the top itself) and indexes what it lists.
func (f *Files) status(ctx context.Context, top, rel string, dir bool) (status, error) {
	st := status{byPath: map[string]*entry{}}
	g, err := f.runner()
	if err != nil {
		return st, err
	}
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
		if len(st.entries) == maxStatusEntries {
			st.bound = fmt.Sprintf("git status listed more than %d entries (the bound)", maxStatusEntries)
			break
		}
		xy, p := rec[:2], rec[3:]
		e := &entry{file: model.ObservedFile{Path: p, State: stateOf(xy)}}
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
