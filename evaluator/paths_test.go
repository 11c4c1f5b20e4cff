package evaluator

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/recourse-dev/recourse/internal/observe"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/report"
)

// TestPathsResolved: a path is judged where it lands, by the one resolver
// (internal/pathres), for each class of issue 31's item 1 and its
// variants; each class has a control that lands elsewhere.
func TestPathsResolved(t *testing.T) {
	ev := newEvaluator(t)
	const home = "/github/home"
	tests := []struct {
		class, variant, line, cwd string
		atLeast                   model.Decision // the decision must be this or worse
		below                     bool           // or, for a control, below escalate
	}{
		{"cwd", "cd", "cd .claude && rm settings.json", "/srv/app", model.Escalate, false},
		{"cwd", "subshell", "(cd .git/hooks && echo x > pre-commit)", "/srv/app", model.Escalate, false},
		{"cwd", "absolute cd", "cd /srv/app/.claude && cp x settings.json", "/tmp", model.Escalate, false},
		{"cwd", "pushd", "pushd .claude && rm settings.json", "/srv/app", model.Escalate, false},
		{"cwd", "popd", "pushd .git && pushd /etc && popd && cp x hooks/", "/srv/app", model.Escalate, false},
		{"cwd", "cd -", "cd .claude; cd /etc; cd -; rm settings.json", "/srv/app", model.Escalate, false},
		{"cwd", "env -C", "env -C .claude rm settings.json", "/srv/app", model.Escalate, false},
		{"cwd", "env --chdir=", "env --chdir=.git/hooks tee pre-commit", "/srv/app", model.Escalate, false},
		{"cwd", "git -C", "git -C .claude rm settings.json", "/srv/app", model.Escalate, false},
		{"cwd", "tar -C .", "cd .claude && tar -xf x.tar -C .", "/srv/app", model.Escalate, false},
		{"cwd", "control", "cd docs && rm -f notes.pyc", "/srv/app", model.Allow, true},
		{"spelling", "case", "rm .CLAUDE/Settings.json", "/srv/app", model.Escalate, false},
		{"spelling", "backslash", `rm '.claude\settings.json'`, "/srv/app", model.Escalate, false},
		{"spelling", "trailing dot", `rm ".claude/settings.json."`, "/srv/app", model.Escalate, false},
		{"spelling", "trailing space", `rm ".claude/settings.json "`, "/srv/app", model.Escalate, false},
		{"spelling", "dot slash", "rm ./.claude//settings.json", "/srv/app", model.Escalate, false},
		{"spelling", "dot dot", "rm src/../.claude/settings.json", "/srv/app", model.Escalate, false},
		{"spelling", "~", "rm ~/.claude/settings.json", "/srv/app", model.Escalate, false},
		{"spelling", "$HOME", "rm $HOME/.claude/settings.json", "/srv/app", model.Escalate, false},
		{"spelling", "${HOME}", "rm ${HOME}/.claude/settings.json", "/srv/app", model.Escalate, false},
		{"spelling", "~user", "rm ~root/.claude/settings.json", "/srv/app", model.Escalate, false},
		{"spelling", "gate file, case", "rm .Recourse.YAML", "/srv/app", model.Escalate, false},
		{"spelling", "control", "rm .claude/notes.pyc", "/srv/app", model.Escalate, true},
		{"home", "the home itself", "rm -rf " + home, "/srv", model.Block, false},
		{"home", "a dotfile", "rm " + home + "/.bashrc", "/srv", model.Escalate, false},
		{"home", "cwd in the home", "rm .bashrc", home, model.Escalate, false},
		{"home", "control", "rm " + home + "x/.bashrc", "/srv", model.Escalate, true},
		{"symlink", "link to home", "ln -s ~ /tmp/h && rm -rf /tmp/h/", "/srv/app", model.Escalate, false},
		{"symlink", "rm through a link the line made", "ln -s ~ /tmp/h; rm -rf /tmp/h/", "/srv/app", model.Block, false},
		{"symlink", "rm through a link to the root", "ln -s / /tmp/r && rm -rf /tmp/r/etc", "/srv/app", model.Block, false},
		{"symlink", "write through a relative link", "ln -s .claude c && cp x c/settings.json", "/srv/app", model.Escalate, false},
		{"symlink", "link to config", "ln -s /srv/app/.claude /tmp/c", "/srv/app", model.Escalate, false},
		{"symlink", "control", "ln -s /srv/app/docs /tmp/d", "/srv/app", model.Allow, true},
		{"writer", "tar -C", "tar -xf x.tar -C .CLAUDE", "/srv/app", model.Escalate, false},
		{"writer", "unzip -d", "unzip x.zip -d .git/hooks", "/srv/app", model.Escalate, false},
		{"writer", "rsync", "rsync -a evil/ .claude/", "/srv/app", model.Escalate, false},
		{"nested agent", "--setting-sources", `claude --setting-sources "" -p hi`, "/srv/app", model.Escalate, false},
		{"nested agent", "--dangerously-*", "claude --dangerously-skip-permissions -p hi", "/srv/app", model.Escalate, false},
		{"nested agent", "CLAUDE_CONFIG_DIR", "CLAUDE_CONFIG_DIR=/tmp/x claude -p hi", "/srv/app", model.Escalate, false},
		{"nested agent", "control", "claude -p hi", "/srv/app", model.Allow, true},
	}
	for _, tt := range tests {
		rep, err := ev.Shell(context.Background(), tt.line, Options{Cwd: tt.cwd, Home: home})
		if err != nil {
			t.Fatal(err)
		}
		got := rep.RiskAssessment
		if tt.below {
			if got.Rank() >= model.Escalate.Rank() {
				t.Errorf("%s/%s: %q in %s is %s, want below escalate (%s)", tt.class, tt.variant, tt.line, tt.cwd, got, rep.AssessmentReason)
			}
			continue
		}
		if got.Rank() < tt.atLeast.Rank() {
			t.Errorf("%s/%s: %q in %s is %s, want at least %s (%s)", tt.class, tt.variant, tt.line, tt.cwd, got, tt.atLeast, rep.AssessmentReason)
		}
	}
}

// judgeWith evaluates line in cwd with observation on (a real observer of
// the local file system, home as "~"), and returns the report.
func judgeWith(t *testing.T, ev *Evaluator, line, cwd, home string) *report.ConsequenceReport {
	t.Helper()
	rep, err := ev.Shell(context.Background(), line, Options{Cwd: cwd, Home: home, Observer: &observe.Files{Home: home, Dir: cwd}})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestLinksOnDisk: with observation on, the operands a command changes
// are followed through the symbolic links already on disk (lstat and
// readlink only) before the rules judge them, and the followed link is
// observed evidence; rm of a link without a trailing slash removes the
// link only.
func TestLinksOnDisk(t *testing.T) {
	ev := newEvaluator(t)
	root := t.TempDir()
	home := filepath.Join(root, "home")
	app := filepath.Join(root, "app")
	for _, d := range []string{home, filepath.Join(app, ".claude"), filepath.Join(root, "tmp")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, name string) {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Skip("symbolic links are not available here:", err)
		}
	}
	// The dotfile exists: observation (--observe auto) sees an rm of a
	// path that is not there as deleting nothing.
	if err := os.WriteFile(filepath.Join(home, ".bashrc"), []byte("export A=1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link(home, "tmp/h")
	link(filepath.Join(app, ".claude"), "tmp/c")
	link("h", "tmp/hh") // a relative link to a link
	link("loop2", "tmp/loop1")
	link("loop1", "tmp/loop2")
	tmp := filepath.Join(root, "tmp")
	tests := []struct {
		variant, line string
		atLeast       model.Decision
		below         bool // a control: below escalate
		followed      bool // a followed-link evidence is reported
	}{
		{"rm -rf through a link to the home, trailing slash", "rm -rf " + tmp + "/h/", model.Block, false, true},
		{"rm -rf through a chain of links", "rm -rf " + tmp + "/hh/", model.Block, false, true},
		{"relative operand", "rm -rf ./h/", model.Block, false, true},
		{"a dotfile under the link", "rm " + tmp + "/h/.bashrc", model.Escalate, false, true},
		{"redirection through a link", "echo x > " + tmp + "/c/settings.json", model.Escalate, false, true},
		{"tee through a link", "echo x | tee " + tmp + "/c/settings.json", model.Escalate, false, true},
		{"cp into a link", "cp x " + tmp + "/c/settings.json", model.Escalate, false, true},
		{"chmod through a link (the rules judge chmod of the home as a warn)", "chmod 777 " + tmp + "/h/", model.Warn, false, true},
		{"truncate through a link", "truncate -s 0 " + tmp + "/c/settings.json", model.Escalate, false, true},
		{"control: rm of the link itself", "rm -rf " + tmp + "/h", model.Allow, true, false},
		{"control: no link", "rm -rf " + tmp + "/nolink/", model.Allow, true, false},
	}
	for _, tt := range tests {
		rep := judgeWith(t, ev, tt.line, tmp, home)
		followed := false
		for _, m := range rep.Mutations {
			for _, e := range m.Evidence {
				followed = followed || e.Key == "followed-link" && e.SuppliedBy == model.SuppliedObserved
			}
		}
		got := rep.RiskAssessment
		switch {
		case tt.below && got.Rank() >= model.Escalate.Rank():
			t.Errorf("%s: %q is %s, want below escalate (%s)", tt.variant, tt.line, got, rep.AssessmentReason)
		case !tt.below && got.Rank() < tt.atLeast.Rank():
			t.Errorf("%s: %q is %s, want at least %s (%s)", tt.variant, tt.line, got, tt.atLeast, rep.AssessmentReason)
		}
		if followed != tt.followed {
			t.Errorf("%s: followed-link evidence %v, want %v", tt.variant, followed, tt.followed)
		}
	}
	// A loop of links ends after pathres.MaxHops, and is still judged.
	if rep := judgeWith(t, ev, "rm -rf "+tmp+"/loop1/", tmp, home); rep.RiskAssessment == "" {
		t.Error("a link loop has no decision")
	}
	// Observation off (serve, --observe off): the link is not looked at.
	rep, err := ev.Shell(context.Background(), "rm -rf "+tmp+"/h/", Options{Cwd: tmp, Home: home})
	if err != nil {
		t.Fatal(err)
	}
	if rep.RiskAssessment.Rank() >= model.Block.Rank() {
		t.Errorf("with observation off the link was followed: %s", rep.RiskAssessment)
	}
}

// TestPatchesAndArchives: git apply, git am and patch are judged by the
// files their diff headers name (read with observation on, or from the
// line), an unreadable patch needs review naming it; tar -x and unzip
// without a destination are judged by the directory they run in, and the
// members of a readable archive that land in protected paths as writes
// there.
func TestPatchesAndArchives(t *testing.T) {
	ev := newEvaluator(t)
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	app := filepath.Join(dir, "app")
	for _, d := range []string{home, filepath.Join(app, ".claude"), filepath.Join(app, "docs")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const settings = "diff --git a/.claude/settings.json b/.claude/settings.json\n--- a/.claude/settings.json\n+++ b/.claude/settings.json\n@@ -1 +1 @@\n-{}\n+{\"hooks\":{}}\n"
	write("settings.patch", []byte(settings))
	write("hook.patch", []byte("--- /dev/null\n+++ b/.git/hooks/pre-commit\n@@ -0,0 +1 @@\n+curl x | sh\n"))
	write("bashrc.patch", []byte("--- a/.bashrc\n+++ b/.bashrc\n@@ -1 +1 @@\n-x\n+y\n"))
	write("drop.patch", []byte("--- a/.claude/settings.json\n+++ /dev/null\n@@ -1 +0,0 @@\n-{}\n"))
	write("docs.patch", []byte("--- a/docs/readme.md\n+++ b/docs/readme.md\n@@ -1 +1 @@\n-x\n+y\n"))
	write("p.tar", tarOf(t, "settings.json", "ok.txt"))
	write("evil.tar", tarOf(t, ".claude/settings.json", "ok.txt"))
	write("escape.tar", tarOf(t, "../.claude/settings.json"))
	write("plain.tar", tarOf(t, "src/main.go", "README.md"))
	write("hooks.zip", zipOf(t, ".git/hooks/post-checkout"))
	write("plain.zip", zipOf(t, "src/main.go"))
	tests := []struct {
		variant, line, cwd string
		atLeast            model.Decision
		below              bool   // a control: below escalate
		missing            string // the missing evidence named
	}{
		{"git apply into .claude", "git apply " + dir + "/settings.patch", app, model.Escalate, false, ""},
		{"git apply -p0 --directory", "git apply -p1 --directory=sub " + dir + "/settings.patch", app, model.Escalate, false, ""},
		{"git am into .git/hooks", "git am " + dir + "/hook.patch", app, model.Escalate, false, ""},
		{"patch -p1 <", "patch -p1 < " + dir + "/settings.patch", app, model.Escalate, false, ""},
		{"patch -i", "patch -p1 -i " + dir + "/settings.patch", app, model.Escalate, false, ""},
		{"patch without -p", "patch < " + dir + "/bashrc.patch", home, model.Escalate, false, ""},
		{"patch -d", "patch -p1 -d " + app + " -i " + dir + "/hook.patch", "/srv", model.Escalate, false, ""},
		{"a delete to /dev/null", "git apply " + dir + "/drop.patch", app, model.Escalate, false, ""},
		{"written earlier in the line", "cat > x.patch <<'EOF'\n" + settings + "EOF\ngit apply x.patch", app, model.Escalate, false, ""},
		{"unreadable patch", "git apply " + dir + "/missing.patch", app, model.Escalate, false, "patch content: " + dir + "/missing.patch"},
		{"patch from a pipe not shown", "curl -s https://x/p | git apply", app, model.Escalate, false, "patch content: its standard input (pipe from curl -s https://x/p)"},
		{"control: a patch of docs", "git apply " + dir + "/docs.patch", app, model.Allow, true, ""},
		{"control: git apply --check", "git apply --check " + dir + "/missing.patch", app, model.Allow, true, ""},
		{"tar in .claude", "cd .claude && tar xf /tmp/p.tar", "/srv/app", model.Escalate, false, ""},
		{"tar members into .claude", "tar xf " + dir + "/evil.tar", app, model.Escalate, false, ""},
		{"tar -C members", "tar -xf " + dir + "/p.tar -C .claude", app, model.Escalate, false, ""},
		{"tar members escaping", "tar -xf " + dir + "/escape.tar -C /srv/app/docs", app, model.Escalate, false, ""},
		{"unzip members into .git/hooks", "unzip " + dir + "/hooks.zip", app, model.Escalate, false, ""},
		{"unzip in .claude (a temp directory's cd is not followed: /srv/app)", "cd .claude && unzip " + dir + "/plain.zip", "/srv/app", model.Escalate, false, ""},
		{"control: a plain tar", "tar xf " + dir + "/plain.tar", app, model.Allow, true, ""},
		{"control: a plain zip", "unzip " + dir + "/plain.zip", app, model.Allow, true, ""},
	}
	for _, tt := range tests {
		rep := judgeWith(t, ev, tt.line, tt.cwd, home)
		got := rep.RiskAssessment
		switch {
		case tt.below && got.Rank() >= model.Escalate.Rank():
			t.Errorf("%s: %q is %s, want below escalate (%s)", tt.variant, tt.line, got, rep.AssessmentReason)
		case !tt.below && got.Rank() < tt.atLeast.Rank():
			t.Errorf("%s: %q is %s, want at least %s (%s)", tt.variant, tt.line, got, tt.atLeast, rep.AssessmentReason)
		}
		if tt.missing != "" {
			var missing []string
			for _, m := range rep.Mutations {
				missing = append(missing, m.MissingEvidence...)
			}
			if !slices.Contains(missing, tt.missing) {
				t.Errorf("%s: missing evidence %q not in %q", tt.variant, tt.missing, missing)
			}
		}
	}
}

// tarOf is a tar archive of empty files with names.
func tarOf(t *testing.T, names ...string) []byte {
	var b bytes.Buffer
	tw := tar.NewWriter(&b)
	for _, n := range names {
		if err := tw.WriteHeader(&tar.Header{Name: n, Mode: 0o644, Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// zipOf is a zip archive of empty files with names.
func zipOf(t *testing.T, names ...string) []byte {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, n := range names {
		if _, err := zw.Create(n); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestFoundDirsAndMakeDirs: find -execdir changes a file with an agent's
// configuration name in each directory it finds (needs review); make -C
// into a directory that holds an agent's configuration is judged by the
// makefile read there, or needs review when it cannot be read.
func TestFoundDirsAndMakeDirs(t *testing.T) {
	ev := newEvaluator(t)
	dir := t.TempDir()
	for _, d := range []string{".claude", ".git/hooks", "docs"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, text := range map[string]string{".git/hooks/Makefile": "all:\n\trm -rf /srv/data\n", "docs/Makefile": "all:\n\techo hi\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		variant, line, cwd string
		observe            bool
		atLeast            model.Decision
		below              bool
	}{
		{"-execdir rm {} + with -name", "find . -name settings.json -execdir rm {} +", "/srv/app", false, model.Escalate, false},
		{"-execdir rm NAME", "find . -type f -execdir rm settings.json \\;", "/srv/app", false, model.Escalate, false},
		{"-okdir, -iname, a git hook", "find . -iname Pre-Commit -okdir rm {} \\;", "/srv/app", false, model.Escalate, false},
		{"-execdir truncate", "find / -name hooks.json -execdir truncate -s 0 {} +", "/srv/app", false, model.Escalate, false},
		{"control: -execdir rm of a build file", "find . -name '*.o' -execdir rm {} +", "/srv/app", false, model.Allow, true},
		{"make -C .claude, no makefile to read", "make -C .claude", dir, true, model.Escalate, false},
		{"make -C .claude, observation off", "make -C .claude", "/srv/app", false, model.Escalate, false},
		{"make -C .git/hooks, its makefile read", "make -C .git/hooks", dir, true, model.Block, false},
		{"control: make -C docs, its makefile read", "make -C docs", dir, true, model.Allow, true},
	}
	for _, tt := range tests {
		opts := Options{Cwd: tt.cwd}
		if tt.observe {
			opts.Observer = &observe.Files{Dir: tt.cwd}
		}
		rep, err := ev.Shell(context.Background(), tt.line, opts)
		if err != nil {
			t.Fatal(err)
		}
		got := rep.RiskAssessment
		switch {
		case tt.below && got.Rank() >= model.Escalate.Rank():
			t.Errorf("%s: %q is %s, want below escalate (%s)", tt.variant, tt.line, got, rep.AssessmentReason)
		case !tt.below && got.Rank() < tt.atLeast.Rank():
			t.Errorf("%s: %q is %s, want at least %s (%s)", tt.variant, tt.line, got, tt.atLeast, rep.AssessmentReason)
		}
	}
}

// TestTruncateNewFile: with observation on, truncate of files that do not
// exist creates them and allows (truncate -s 10M disk.img, issue 32 part
// 4); a file that exists, one of several that exists, and observation off
// leave the size's cut to review.
func TestTruncateNewFile(t *testing.T) {
	ev := newEvaluator(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "data.db"), []byte("rows"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		line string
		want model.Decision
	}{
		{"truncate -s 10M disk.img", model.Allow},
		{"truncate --size=1G ./vm/../disk2.img", model.Allow},
		{"truncate -s 0 data.db", model.Escalate},
		{"truncate -s 10M disk.img data.db", model.Escalate},
		{"truncate -s 0 $F", model.Escalate},
	} {
		if got := judgeWith(t, ev, tt.line, dir, "").RiskAssessment; got != tt.want {
			t.Errorf("%q: %s, want %s", tt.line, got, tt.want)
		}
	}
	rep, err := ev.Shell(context.Background(), "truncate -s 10M disk.img", Options{Cwd: dir})
	if err != nil {
		t.Fatal(err)
	}
	if rep.RiskAssessment != model.Escalate {
		t.Errorf("observation off: %s, want escalate", rep.RiskAssessment)
	}
}
