package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/config"
	"github.com/recourse-dev/recourse/internal/statekey"
)

// runIn runs the binary in dir.
func runIn(t *testing.T, dir, stdin string, args ...string) result {
	t.Helper()
	return runWith(t, dir, nil, stdin, args...)
}

// TestProjectConfiguration: a project's exceptions apply only once the
// user trusts the file's exact content, lower only the change they match,
// and every report says so; a broken file is an error with its line.
func TestProjectConfiguration(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, ".recourse.yaml")
	content := "# scratch data is rebuilt every night\nexceptions:\n  - rule: fs.rm.*\n    match: rm -rf ./data\n    reason: scratch data, rebuilt nightly\n    expires: 2027-01-31\n"
	if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	res := runIn(t, dir, "", "eval", "shell", "--", "rm -rf ./data")
	if res.exit != 4 || !strings.Contains(res.stderr, "is not trusted") {
		t.Fatalf("untrusted: exit %d, stderr %q", res.exit, res.stderr)
	}
	if res := runIn(t, dir, "", "trust"); res.exit != 1 || !strings.Contains(res.stderr, "interactive terminal") {
		t.Fatalf("trust without a terminal: exit %d %q", res.exit, res.stderr)
	}
	// The user trusts it (in their terminal; here, through the store).
	key, err := statekey.Load(filepath.Join(stateDir, "recourse"))
	if err != nil {
		t.Fatal(err)
	}
	store := config.TrustStore{Path: filepath.Join(stateDir, "recourse", "trusted.json"), Key: key}
	if err := store.Trust(file, []byte(content)); err != nil {
		t.Fatal(err)
	}
	res = runIn(t, dir, "", "eval", "shell", "--", "rm -rf ./data")
	if res.exit != 0 || !strings.Contains(res.stdout, "WARN") || !strings.Contains(res.stdout, "excepted (at most warn) until 2027-01-31 by "+file+":3") {
		t.Fatalf("trusted: exit %d\n%s%s", res.exit, res.stdout, res.stderr)
	}
	if res := runIn(t, dir, "", "eval", "shell", "--", "rm -rf ./data && rm -rf ~"); res.exit != 4 {
		t.Fatalf("the exception lowered a whole compound line: exit %d", res.exit)
	}
	// The hook reads the project of the call's working directory.
	call := `{"tool_name":"Bash","tool_input":{"command":"rm -rf ./data"},"cwd":"` + dir + `"}`
	if res := runIn(t, "/", call, "hook", "claude-code"); res.exit != 0 {
		t.Fatalf("the hook in the project: exit %d %q", res.exit, res.stderr)
	}
	// A changed file is untrusted again.
	if err := os.WriteFile(file, []byte(content+"fail_on: block\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if res := runIn(t, dir, "", "eval", "shell", "--", "rm -rf ./data"); res.exit != 4 {
		t.Fatalf("a changed file stayed trusted: exit %d", res.exit)
	}
	// A broken file is an error with its line, here and in the hook.
	if err := os.WriteFile(file, []byte("fail_on: block\nexceptions:\n  - {rule: fs.rm.*, match: rm -rf ./data, reason: scratch}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res = runIn(t, dir, "", "eval", "shell", "--", "ls")
	if res.exit != 1 || !strings.Contains(res.stderr, file+":3") || !strings.Contains(res.stderr, "exceptions[0].expires") {
		t.Fatalf("broken: exit %d %q", res.exit, res.stderr)
	}
	if res := runIn(t, "/", `{"tool_name":"Bash","tool_input":{"command":"ls"},"cwd":"`+dir+`"}`, "hook", "claude-code"); res.exit != 2 || !strings.Contains(res.stderr, "exceptions[0].expires") {
		t.Fatalf("broken, in the hook: exit %d %q", res.exit, res.stderr)
	}
}

// TestBuildOutputFromTheWorkspace: rm -rf ./build needs review (is it
// ignored output?), unless the directory's own .gitignore ignores build/
// and a build file beside it rebuilds it, which eval shell --cwd and the
// hook read; beside another project path it blocks.
// workspaceDir makes a directory under base, removed after the test.
func workspaceDir(t *testing.T, base string) string {
	t.Helper()
	dir, err := os.MkdirTemp(base, "recourse-test-workspace-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if dir, err = filepath.Abs(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

func underTemp(dir string) bool {
	return strings.HasPrefix(dir, "/tmp/") || strings.HasPrefix(dir, "/var/tmp/") || strings.HasPrefix(dir, os.TempDir()+"/")
}

func TestBuildOutputFromTheWorkspace(t *testing.T) {
	// Not under the system's temp directory, where every delete is of
	// temporary files: in the repository, or in the home directory when the
	// repository is a clone under /tmp.
	dir := workspaceDir(t, ".")
	if underTemp(dir) {
		home, err := os.UserHomeDir()
		if err != nil {
			t.Skip("the repository is under a temp directory and there is no home directory")
		}
		dir = workspaceDir(t, home)
	}
	if underTemp(dir) {
		t.Skipf("no directory outside the temp directories to build a workspace in (%s)", dir)
	}
	if res := runIn(t, dir, "", "eval", "shell", "--cwd", dir, "--format", "json", "--", "rm -rf ./build"); res.exit != 3 || !strings.Contains(res.stdout, `"gitignored:./build"`) {
		t.Fatalf("without evidence: exit %d\n%s", res.exit, res.stdout)
	}
	for name, content := range map[string]string{".gitignore": "/build/\n", "Makefile": "all:\n\tcc -o build/app main.c\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res := runIn(t, dir, "", "eval", "shell", "--cwd", dir, "--format", "json", "--", "rm -rf ./build")
	if res.exit != 0 || !strings.Contains(res.stdout, `"ruleId": "fs.rm.rf.build-output"`) || !strings.Contains(res.stdout, "Makefile") {
		t.Fatalf("with a .gitignore and a Makefile: exit %d\n%s", res.exit, res.stdout)
	}
	if res := runIn(t, dir, "", "eval", "shell", "--cwd", dir, "--", "rm -rf ./build ./src"); res.exit != 4 {
		t.Fatalf("build and src: exit %d", res.exit)
	}
	call := `{"tool_name":"Bash","tool_input":{"command":"rm -rf build"},"cwd":"` + dir + `"}`
	if res := runIn(t, "/", call, "hook", "claude-code"); res.exit != 0 {
		t.Fatalf("the hook: exit %d %q", res.exit, res.stderr)
	}
}
