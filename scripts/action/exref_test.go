package action

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestEvaluateExceptionsFromRef runs the evaluate step as on a pull
// request: the checkout lacks the base branch, which the step fetches,
// and an exception the pull request adds to .recourse.yaml is a finding
// that needs review (escalate), not an exception that applies.
func TestEvaluateExceptionsFromRef(t *testing.T) {
	for _, tool := range []string{"bash", "git"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "recourse")
	if out, err := exec.Command("go", "build", "-o", bin, "../../cmd/recourse").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	git := func(in string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false", "-c", "protocol.file.allow=always"}, args...)...)
		cmd.Dir = in
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	upstream, work := filepath.Join(dir, "upstream"), filepath.Join(dir, "work")
	if err := os.MkdirAll(upstream, 0o755); err != nil {
		t.Fatal(err)
	}
	git(upstream, "init", "-q", "-b", "main")
	writeFile(t, filepath.Join(upstream, ".recourse.yaml"), "fail_on: escalate\n")
	git(upstream, "add", "-A")
	git(upstream, "commit", "-q", "-m", "base")
	git(dir, "clone", "-q", "--depth=1", "file://"+upstream, work)
	git(work, "update-ref", "-d", "refs/remotes/origin/main") // as actions/checkout leaves a pull request's merge commit
	expires := time.Now().UTC().AddDate(0, 0, 30).Format(time.DateOnly)
	writeFile(t, filepath.Join(work, ".recourse.yaml"), "fail_on: escalate\nexceptions:\n  - {rule: \"*\", match: \"ls -la\", reason: \"read only\", expires: "+expires+"}\n")

	outputs := filepath.Join(dir, "outputs")
	script, err := filepath.Abs("evaluate")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", script)
	cmd.Dir = work
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "XDG_STATE_HOME=" + filepath.Join(dir, "state"), "XDG_CONFIG_HOME=" + filepath.Join(dir, "config"),
		"RECOURSE=" + bin, "RUNNER_TEMP=" + dir, "GITHUB_OUTPUT=" + outputs,
		"INPUT_SHELL=ls -la", "INPUT_FAIL_ON=escalate", "INPUT_CATEGORY=test", "INPUT_EXCEPTIONS_FROM_REF=origin/main"}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("evaluate: %v\n%s", err, out)
	}
	got, _ := os.ReadFile(outputs)
	for _, want := range []string{"decision=escalate", "exit-code=3"} {
		if !strings.Contains(string(got), want) {
			t.Errorf("outputs lack %q:\n%s\n%s", want, got, out)
		}
	}
	if !strings.Contains(string(out), "::error file=.recourse.yaml,line=3,") {
		t.Errorf("no annotation at the added exception:\n%s", out)
	}
}
