package observe

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/recourse-dev/recourse/model"
)

// The index read in Go must say what git says. These tests build real
// repositories with git (fixtures, never a command under test) and
// compare, target by target, indexStatus with git status and
// changesFromIndex with the git status changes() runs; where the Go
// reader declines (ok false) git answers, so only what it does answer
// is compared — and the tests count that it answers most.

func fixtureGit(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_AUTHOR_NAME=t",
		"GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func writeFile(t *testing.T, p, content string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil {
		t.Fatal(err)
	}
}

// statusRepo builds a repository with every state git status tells
// apart, committed, then changed in the work tree.
func statusRepo(t *testing.T, indexVersion string) string {
	t.Helper()
	repo := filepath.Join(t.TempDir(), "repo")
	w := func(p, c string) { writeFile(t, filepath.Join(repo, p), c, 0o644) }
	w(".gitignore", "build/\n*.log\n/cache\n!keep.log\nkeep/\n")
	w("src/a.go", "package a\n")
	w("src/b.go", "package b\n")
	w("src/sub/c.go", "package c\n")
	w("src.go", "package top\n") // sorts between "src" and "src/"
	w("src-x/d.go", "package d\n")
	w("docs/readme.md", "# readme\n")
	w("touched.txt", "same\n")
	w("samesize.txt", "abcd\n")
	w("gone.txt", "gone\n")
	w("keep/tracked.txt", "tracked in an ignored directory\n")
	w("name with space.txt", "x\n")
	w("unicodé.txt", "x\n")
	w("linked/x.txt", "behind a symbolic link once committed\n")
	writeFile(t, filepath.Join(repo, "run.sh"), "#!/bin/sh\n", 0o755)
	if err := os.Symlink("src", filepath.Join(repo, "lnk")); err != nil {
		t.Fatal(err)
	}
	fixtureGit(t, filepath.Dir(repo), "init", "-q", "-b", "main", repo)
	if indexVersion != "" {
		fixtureGit(t, repo, "update-index", "--index-version", indexVersion)
	}
	fixtureGit(t, repo, "add", "-A")
	fixtureGit(t, repo, "add", "-f", "keep/tracked.txt")
	fixtureGit(t, repo, "commit", "-q", "-m", "base")
	// Old enough that nothing is racily clean unless a test says so.
	old := time.Now().Add(-time.Hour)
	filepath.Walk(repo, func(p string, info os.FileInfo, err error) error {
		if err == nil && !strings.Contains(p, "/.git") && info.Mode().IsRegular() {
			os.Chtimes(p, old, old)
		}
		return nil
	})
	fixtureGit(t, repo, "update-index", "--refresh")
	// The work tree's changes.
	w("src/a.go", "package a // changed\n")
	w("src/new.go", "package a\n")
	w("src/sub/new.txt", "new\n")
	w("build/out.o", "o")
	w("build/sub/x.o", "o")
	w("app.log", "log\n")
	w("keep.log", "negated: not ignored\n")
	w("src/deep/trace.log", "ignored by *.log\n")
	w("cache/blob", "ignored by /cache\n")
	w("keep/new.txt", "untracked in an ignored directory that holds a tracked file\n")
	w("fresh/dir/f.txt", "an untracked directory\n")
	w("fresh/dir/g.log", "an ignored file in it\n")
	w("fresh/build/h.o", "an ignored directory in it\n")
	now := time.Now().Add(-time.Minute)
	os.Chtimes(filepath.Join(repo, "touched.txt"), now, now) // stat-dirty, same content
	w("samesize.txt", "wxyz\n")                              // same size, other bytes
	os.Remove(filepath.Join(repo, "gone.txt"))
	os.Chmod(filepath.Join(repo, "run.sh"), 0o644)
	// A tracked directory moved aside and replaced by a symbolic link to
	// it: its files are the same inodes, reached through the link, and
	// git lists them as deleted (has_symlink_leading_path).
	if err := os.Rename(filepath.Join(repo, "linked"), filepath.Join(repo, "linked-real")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("linked-real", filepath.Join(repo, "linked")); err != nil {
		t.Fatal(err)
	}
	return repo
}

var statusTargets = []string{".", "src", "src/a.go", "src/b.go", "src/new.go", "src/sub", "src.go", "src-x", "docs",
	"touched.txt", "samesize.txt", "gone.txt", "run.sh", "lnk", "build", "build/sub", "build/sub/x.o", "app.log",
	"keep.log", "src/deep", "cache", "keep", "keep/new.txt", "fresh", "fresh/dir", "fresh/build", "name with space.txt",
	"unicodé.txt", "linked", "linked-real", "nothing"}

// listing spells what st lists. Of git's, only entries at, under or
// above rel: git 2.39 also lists an ignored directory whose name is a
// prefix of a file's pathspec (status -- keep.log lists "keep/"), which
// holds nothing the target names.
func listing(st status, rel string) []string {
	var out []string
	for _, e := range st.entries {
		p := strings.TrimSuffix(e.file.Path, "/")
		if rel == "." || p == rel || strings.HasPrefix(p, rel+"/") || strings.HasPrefix(rel, p+"/") {
			out = append(out, e.file.State+" "+e.file.Path)
		}
	}
	return out
}

func TestIndexStatusMatchesGit(t *testing.T) {
	for _, version := range []string{"", "2", "3", "4"} {
		t.Run("v"+version, func(t *testing.T) {
			repo := statusRepo(t, version)
			f := &Files{Home: t.TempDir()}
			g, err := f.runner()
			if err != nil {
				t.Fatal(err)
			}
			answered := 0
			for _, rel := range statusTargets {
				info, err := os.Lstat(filepath.Join(repo, rel))
				if err != nil {
					continue
				}
				want, err := gitStatus(context.Background(), g, repo, rel)
				if err != nil {
					t.Fatal(err)
				}
				got, ok := f.indexStatus(context.Background(), g, repo, rel, info.IsDir())
				if !ok {
					t.Logf("%s: left to git", rel)
					continue
				}
				answered++
				if !slices.Equal(listing(got, rel), listing(want, rel)) || len(got.entries) != len(listing(got, rel)) {
					t.Errorf("%s:\n Go:  %q\n git: %q", rel, listing(got, rel), listing(want, rel))
				}
			}
			if answered < len(statusTargets)-2 {
				t.Errorf("the index reader answered %d of %d targets", answered, len(statusTargets))
			}
		})
	}
}

func TestIndexChangesMatchGit(t *testing.T) {
	repo := statusRepo(t, "")
	f := &Files{Home: t.TempDir()}
	g, _ := f.runner()
	for _, spec := range [][]string{nil, {"."}, {"src"}, {"src", "docs"}, {"touched.txt"}, {"samesize.txt", "gone.txt", "run.sh"}, {"linked"}, {"src", "src/a.go", "."}} {
		for _, staged := range []bool{false, true} {
			got, ok := changesFromIndex(context.Background(), g, repo, spec, staged)
			if !ok {
				t.Errorf("%q staged=%v: left to git", spec, staged)
				continue
			}
			want := gitChanges(t, g, repo, spec, staged)
			if !slices.Equal(got, want) {
				t.Errorf("%q staged=%v:\n Go:  %q\n git: %q", spec, staged, got, want)
			}
		}
	}
}

// gitChanges is what changes() reads from git status.
func gitChanges(t *testing.T, g *gitRunner, top string, spec []string, staged bool) []string {
	args := append([]string{"status", "--porcelain=v1", "-z", "--untracked-files=no", "--ignore-submodules=all", "--no-renames", "--"}, spec...)
	out, err := g.run(context.Background(), top, args...)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for rec := range strings.SplitSeq(string(out), "\x00") {
		if len(rec) >= 4 && (rec[1] != ' ' || staged && rec[0] != ' ') {
			paths = append(paths, rec[3:])
		}
	}
	return paths
}

// A staged change leaves its directory to git (the cache tree no longer
// matches HEAD there) and the rest to the index reader; so do a conflict,
// an intent-to-add entry and a worktree's .git file.
func TestIndexStatusDeclines(t *testing.T) {
	repo := statusRepo(t, "")
	f := &Files{Home: t.TempDir()}
	g, _ := f.runner()
	fixtureGit(t, repo, "add", "src/a.go")
	fixtureGit(t, repo, "add", "-N", "fresh/dir/f.txt")
	for rel, want := range map[string]bool{"src": false, "src/b.go": false, ".": false, "docs": true, "fresh": false, "build": false} {
		_, ok := f.indexStatus(context.Background(), g, repo, rel, true)
		if ok != want {
			t.Errorf("%s: answered %v, want %v", rel, ok, want)
		}
	}
	if _, ok := changesFromIndex(context.Background(), g, repo, []string{"src"}, true); ok {
		t.Error("changes under a staged change: answered, want git")
	}
	if _, ok := changesFromIndex(context.Background(), g, repo, []string{"docs"}, true); !ok {
		t.Error("changes in docs: left to git, want answered")
	}
	wt := filepath.Join(filepath.Dir(repo), "wt")
	fixtureGit(t, repo, "worktree", "add", "-q", wt)
	if _, ok := f.indexStatus(context.Background(), g, wt, "src", true); ok {
		t.Error("a worktree (.git is a file): answered, want git")
	}
}

func TestParseIndexMatchesLsFiles(t *testing.T) {
	for _, version := range []string{"2", "3", "4"} {
		repo := statusRepo(t, version)
		if version == "3" {
			fixtureGit(t, repo, "update-index", "--skip-worktree", "docs/readme.md")
		}
		idx, err := readIndex(filepath.Join(repo, ".git", "index"))
		if err != nil {
			t.Fatalf("v%s: %v", version, err)
		}
		var got []string
		for i := range idx.names {
			e := idx.entry(i)
			got = append(got, fmt.Sprintf("%06o %x %d\t%s", e.mode, e.oid, e.stage(), e.name))
		}
		out := fixtureGit(t, repo, "-c", "core.quotePath=false", "ls-files", "-s")
		want := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if !slices.Equal(got, want) {
			t.Errorf("v%s:\n Go:  %q\n git: %q", version, got, want)
		}
		if version == "3" {
			for _, e := range idx.under("") {
				if (e.name == "docs/readme.md") != e.unusual() {
					t.Errorf("v3: %s: unusual=%v", e.name, e.unusual())
				}
			}
		}
		if version != "3" && (idx.tree == nil || idx.tree.entries != len(idx.names)) {
			t.Errorf("v%s: cache tree %+v", version, idx.tree)
		}
	}
}

// FuzzParseIndex: any bytes parse or are refused, never a panic or a
// read past the end; what parses is sorted and its names are valid.
func FuzzParseIndex(f *testing.F) {
	repo := filepath.Join(f.TempDir(), "repo")
	os.MkdirAll(filepath.Join(repo, "a", "b"), 0o755)
	os.WriteFile(filepath.Join(repo, "a", "b", "c"), []byte("c"), 0o644)
	os.WriteFile(filepath.Join(repo, "a", "d"), []byte("d"), 0o644)
	for _, v := range []string{"2", "4"} {
		cmd := exec.Command("sh", "-c", "git init -q . && git update-index --index-version "+v+" && git add -A && git write-tree >/dev/null")
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
		if out, err := cmd.CombinedOutput(); err != nil {
			f.Fatalf("%v\n%s", err, out)
		}
		data, err := os.ReadFile(filepath.Join(repo, ".git", "index"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		os.Remove(filepath.Join(repo, ".git", "index"))
	}
	f.Add([]byte("DIRC\x00\x00\x00\x02\x00\x00\x00\x00" + strings.Repeat("\x00", 20)))
	f.Fuzz(func(t *testing.T, data []byte) {
		idx, err := parseIndex(string(data))
		if err != nil {
			return
		}
		for i, name := range idx.names {
			if validName(name) != nil || i > 0 && name < idx.names[i-1] {
				t.Fatalf("entry %d: %q", i, name)
			}
			idx.entry(i)
		}
		idx.under("a")
	})
}

// A loose commit's tree is read in Go, checked against its name; a
// packed one is left to git rev-parse.
func TestLooseCommitTree(t *testing.T) {
	repo := statusRepo(t, "")
	gitDir := filepath.Join(repo, ".git")
	head := strings.TrimSpace(fixtureGit(t, repo, "rev-parse", "HEAD"))
	want := strings.TrimSpace(fixtureGit(t, repo, "rev-parse", "HEAD^{tree}"))
	if got, ok := headCommit(gitDir); !ok || got != head {
		t.Fatalf("headCommit = %q, %v; want %q", got, ok, head)
	}
	if got, ok := looseCommitTree(gitDir, head); !ok || got != want {
		t.Fatalf("looseCommitTree = %q, %v; want %q", got, ok, want)
	}
	blob := strings.TrimSpace(fixtureGit(t, repo, "rev-parse", "HEAD:src/a.go"))
	if _, ok := looseCommitTree(gitDir, blob); ok {
		t.Error("a blob read as a commit")
	}
	fixtureGit(t, repo, "gc", "-q")
	if _, ok := looseCommitTree(gitDir, head); ok {
		t.Error("a packed commit read as loose")
	}
	if got, ok := headCommit(gitDir); !ok || got != head {
		t.Errorf("headCommit from packed-refs = %q, %v; want %q", got, ok, head)
	}
	f := &Files{Home: t.TempDir()}
	g, _ := f.runner()
	idx, _ := g.index(repo)
	if !g.indexMatchesHead(context.Background(), repo, idx, "docs") {
		t.Error("after gc: the index no longer matches HEAD")
	}
}

// TestCleanRemovesNoFile: where the Go walk says git clean would remove
// no file, git clean -n lists none (at most directories that hold no
// file); and it does answer so on a tree whose only unheld files are
// ignored (without -x, -X or -e: -e '!*.log' takes ignored files back) or
// that has none.
func TestCleanRemovesNoFile(t *testing.T) {
	repo := statusRepo(t, "")
	f := &Files{Home: t.TempDir()}
	g, _ := f.runner()
	ctx := context.Background()
	flagSets := [][]string{{"-f"}, {"-fd"}, {"-fdx"}, {"-fX"}, {"-fdX"}, {"-fd", "-e", "!*.log"}}
	check := func(stage string, want map[string]bool) {
		t.Helper()
		for _, flags := range flagSets {
			v := &model.Command{Program: "git", Args: []model.Arg{{Value: "clean"}}}
			for _, fl := range flags {
				v.Args = append(v.Args, model.Arg{Value: fl})
			}
			got := f.cleanRemovesNoFile(ctx, g, repo, v)
			args := []string{"clean", "-n"}
			if rest := strings.TrimPrefix(flags[0], "-f"); rest != "" {
				args = append(args, "-"+rest)
			}
			args = append(args, flags[1:]...)
			listed := gitCleanFiles(t, g, repo, args)
			if got && len(listed) > 0 {
				t.Errorf("%s %q: Go says no file goes, git clean -n removes %q", stage, flags, listed)
			}
			if key := strings.Join(flags, " "); got != want[key] {
				t.Errorf("%s %q: answered %v, want %v (git lists %q)", stage, flags, got, want[key], listed)
			}
		}
	}
	check("untracked and ignored files", map[string]bool{})
	// Only ignored files left, and an untracked empty directory.
	for rec := range strings.SplitSeq(fixtureGit(t, repo, "status", "--porcelain", "-z", "--untracked-files=all"), "\x00") {
		if p, ok := strings.CutPrefix(rec, "?? "); ok {
			if err := os.Remove(filepath.Join(repo, p)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := os.MkdirAll(filepath.Join(repo, "empty", "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	check("ignored files only", map[string]bool{"-f": true, "-fd": true})
	for rec := range strings.SplitSeq(fixtureGit(t, repo, "status", "--porcelain", "-z", "--untracked-files=all", "--ignored"), "\x00") {
		if p, ok := strings.CutPrefix(rec, "!! "); ok {
			if err := os.RemoveAll(filepath.Join(repo, p)); err != nil {
				t.Fatal(err)
			}
		}
	}
	check("no unheld file", map[string]bool{"-f": true, "-fd": true, "-fdx": true, "-fX": true, "-fdX": true, "-fd -e !*.log": true})
}

// gitCleanFiles is what git clean -n (args) lists that holds a file: a
// path that is not a directory, or a directory with one below it.
func gitCleanFiles(t *testing.T, g *gitRunner, top string, args []string) []string {
	t.Helper()
	out, err := g.run(context.Background(), top, append(args, "--")...)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for line := range strings.SplitSeq(string(out), "\n") {
		p, ok := strings.CutPrefix(line, "Would remove ")
		if !ok {
			continue
		}
		holds := false
		filepath.WalkDir(filepath.Join(top, p), func(_ string, d fs.DirEntry, err error) error {
			holds = holds || err == nil && !d.IsDir()
			return nil
		})
		if holds {
			files = append(files, p)
		}
	}
	return files
}
