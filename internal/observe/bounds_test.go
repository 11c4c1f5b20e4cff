package observe_test

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/recourse-dev/recourse/internal/observe"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/report"
)

// smallRepo is a repository with tracked src/ and docs/ and an ignored
// build/ (under testdata, outside the temp directories).
func smallRepo(t *testing.T) string {
	t.Helper()
	repo := filepath.Join(fixtureRoot(t), "repo")
	write(t, filepath.Join(repo, "src", "a.go"), "package a\n")
	write(t, filepath.Join(repo, "src", "sub", "s.go"), "package sub\n")
	write(t, filepath.Join(repo, "docs", "readme.md"), "# docs\n")
	write(t, filepath.Join(repo, ".gitignore"), "build/\n")
	git(t, filepath.Dir(repo), "init", "-q", "-b", "main", repo)
	git(t, repo, "add", ".")
	git(t, repo, "commit", "-q", "-m", "one")
	return repo
}

// observedOf is the observed facts of the report's last change.
func observedOf(rep *report.ConsequenceReport) *model.Observed {
	for i := len(rep.Mutations) - 1; i >= 0; i-- {
		if o := rep.Mutations[i].Observed; o != nil {
			return o
		}
	}
	return nil
}

// mustNotAllow fails when a line whose facts could not all be gathered
// is allowed, or judged from git as if they had been.
func mustNotAllow(t *testing.T, rep *report.ConsequenceReport, line, why string) {
	t.Helper()
	data, _ := json.Marshal(rep)
	if rep.RiskAssessment == model.Allow || strings.Contains(worstRule(rep), "observed.from-git") {
		t.Errorf("%q: %s by %s although %s\n%s", line, rep.RiskAssessment, worstRule(rep), why, data)
	}
	o := observedOf(rep)
	if o == nil || len(o.Unavailable) == 0 || !strings.Contains(strings.Join(o.Unavailable, " "), why) {
		t.Errorf("%q: the report does not name %q among the facts not gathered:\n%s", line, why, data)
	}
}

// TestBoundManyFiles: a tree of 200,000 files stops the walk at
// MaxWalkEntries; the bound is missing evidence and the delete of ignored
// build output is not judged from git.
func TestBoundManyFiles(t *testing.T) {
	repo := smallRepo(t)
	for d := range 200 {
		dir := filepath.Join(repo, "build", fmt.Sprintf("d%03d", d))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for f := range 1000 {
			file, err := os.Create(filepath.Join(dir, fmt.Sprintf("f%04d", f)))
			if err != nil {
				t.Fatal(err)
			}
			file.Close()
		}
	}
	ev := newEvaluator(t)
	home := t.TempDir()
	start := time.Now()
	rep := judge(t, ev, "rm -rf build", repo, home, &observe.Files{Home: home, Dir: repo, Bound: 20 * time.Second})
	t.Logf("observing 200,000 files took %s", time.Since(start))
	mustNotAllow(t, rep, "rm -rf build", "MaxWalkEntries")
}

// TestBoundSymlinkLoop: operands that go through a loop of links are
// never judged safe.
func TestBoundSymlinkLoop(t *testing.T) {
	repo := smallRepo(t)
	for _, l := range [][2]string{{"l2", "l1"}, {"l1", "l2"}} {
		if err := os.Symlink(l[0], filepath.Join(repo, l[1])); err != nil {
			t.Skip("symbolic links are not available here:", err)
		}
	}
	ev := newEvaluator(t)
	home := t.TempDir()
	for _, line := range []string{"rm -rf l1/", "echo x > l1", "cp docs/readme.md l1"} {
		rep := judge(t, ev, line, repo, home, &observe.Files{Home: home, Dir: repo, Bound: 20 * time.Second})
		if rep.RiskAssessment == model.Allow {
			data, _ := json.Marshal(rep)
			t.Errorf("%q through a loop of links is allowed:\n%s", line, data)
		}
	}
}

// TestBoundUnreadableDir: a directory the walk cannot read makes the
// target's facts incomplete: missing evidence, never a lower tier. As
// root every directory is readable, so the directory is made unreadable
// through the observer's ReadDir as well as with chmod.
func TestBoundUnreadableDir(t *testing.T) {
	repo := smallRepo(t)
	sub := filepath.Join(repo, "src", "sub")
	if err := os.Chmod(sub, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(sub, 0o755) })
	readDir := func(name string) ([]fs.DirEntry, error) {
		if name == sub {
			return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
		}
		return os.ReadDir(name)
	}
	ev := newEvaluator(t)
	home := t.TempDir()
	rep := judge(t, ev, "rm -rf src", repo, home, &observe.Files{Home: home, Dir: repo, Bound: 20 * time.Second, ReadDir: readDir})
	mustNotAllow(t, rep, "rm -rf src", "not readable")
}

// TestBoundGitHangs: a git that does not answer is stopped at the bound,
// and what it would have said is missing evidence, through the evaluator
// and through the Claude Code hook (git on PATH). The commit is packed,
// so that the index reader, which reads a loose commit itself, must ask
// git rev-parse for HEAD's tree.
func TestBoundGitHangs(t *testing.T) {
	repo := smallRepo(t)
	git(t, repo, "gc", "-q")
	// Ignored output, so that what git clean -X removes is git's to list
	// (with no file the index does not hold, the walk alone says nothing
	// goes: TestCleanRemovesNoFile).
	write(t, filepath.Join(repo, "build", "out.o"), "o")
	bin := t.TempDir()
	write(t, filepath.Join(bin, "git"), "#!/bin/sh\nexec sleep 30\n")
	if err := os.Chmod(filepath.Join(bin, "git"), 0o755); err != nil {
		t.Fatal(err)
	}
	ev := newEvaluator(t)
	home := t.TempDir()
	for _, line := range []string{"git reset --hard", "rm -rf src", "echo x > docs/readme.md", "git clean -fdX build", "git branch -D main"} {
		start := time.Now()
		rep := judge(t, ev, line, repo, home, &observe.Files{Home: home, Dir: repo, Git: filepath.Join(bin, "git"), Bound: 300 * time.Millisecond})
		if took := time.Since(start); took > 3*time.Second {
			t.Errorf("%q took %s with a hanging git: the bound did not stop it", line, took)
		}
		mustNotAllow(t, rep, line, "timed out")
	}
	t.Setenv("HOME", home)
	t.Setenv("XDG_STATE_HOME", filepath.Join(home, ".state"))
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("RECOURSE_OBSERVE_TIMEOUT", "300ms")
	for _, line := range []string{"git reset --hard", "rm -rf src", "echo x > docs/readme.md"} {
		if got, said := hook(t, line, repo); got == model.Allow || got == model.Warn && !strings.Contains(said, "tier 2") {
			t.Errorf("%q with a hanging git: the hook answers %s: %s", line, got, said)
		}
	}
}

// TestNoProgramRuns: observation runs none of the programs a repository's
// configuration names for a read: a clean filter (which git status runs
// on a file whose stat data changed), an fsmonitor hook, hooks.
func TestNoProgramRuns(t *testing.T) {
	repo := smallRepo(t)
	marker := filepath.Join(t.TempDir(), "ran")
	prog := filepath.Join(t.TempDir(), "prog")
	write(t, prog, "#!/bin/sh\ntouch "+marker+"\ncat\n")
	if err := os.Chmod(prog, 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(repo, ".gitattributes"), "* filter=evil\n")
	git(t, repo, "config", "filter.evil.clean", prog)
	git(t, repo, "config", "filter.evil.process", prog)
	git(t, repo, "config", "filter.evil.required", "true")
	git(t, repo, "config", "core.fsmonitor", prog)
	git(t, repo, "config", "core.hooksPath", filepath.Dir(prog))
	// A new modification time with the same content: git status must
	// read the file to tell, through the clean filter.
	later := time.Now().Add(2 * time.Second)
	for _, f := range []string{"src/a.go", "docs/readme.md"} {
		if err := os.Chtimes(filepath.Join(repo, f), later, later); err != nil {
			t.Fatal(err)
		}
	}
	ev := newEvaluator(t)
	home := t.TempDir()
	for _, line := range []string{"rm -rf src", "git reset --hard", "git checkout .", "echo x > docs/readme.md", "git clean -fd"} {
		judge(t, ev, line, repo, home, &observe.Files{Home: home, Dir: repo, Bound: 20 * time.Second})
		if _, err := os.Stat(marker); err == nil {
			t.Fatalf("observing %q ran a program the repository's configuration names", line)
		}
	}
	// The control: git status as a user runs it does run them, so the
	// check above can fail.
	control := exec.Command("git", "status", "--porcelain")
	control.Dir = repo
	_ = control.Run() // the program does not speak the filter protocol: git fails, after running it
	if _, err := os.Stat(marker); err != nil {
		t.Fatal("control: a plain git status did not run the configured program; the test proves nothing")
	}
}

// TestBoundCopiedTree: cp -r of a tree of more files than the bound onto
// an existing tree lists none of them as targets; what it would replace
// is missing evidence, and the copy is not allowed as a new file.
func TestBoundCopiedTree(t *testing.T) {
	repo := smallRepo(t)
	for f := range 1001 {
		write(t, filepath.Join(repo, "vendor", "docs", fmt.Sprintf("f%04d.md", f)), "x\n")
	}
	ev := newEvaluator(t)
	home := t.TempDir()
	rep := judge(t, ev, "cp -r vendor/docs .", repo, home, &observe.Files{Home: home, Dir: repo, Bound: 20 * time.Second})
	mustNotAllow(t, rep, "cp -r vendor/docs .", "were not all read")
}
