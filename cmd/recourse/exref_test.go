package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// gitRepo makes a git repository in a temporary directory whose main
// branch holds base, then writes head over the working tree (an empty
// content removes the file): a pull request's checkout, with main as its
// base ref.
func gitRepo(t *testing.T, base, head map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	gitIn := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(files map[string]string) {
		for name, text := range files {
			p := filepath.Join(dir, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if text == "" {
				os.Remove(p)
				continue
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	gitIn("init", "-q", "-b", "main")
	write(base)
	if err := os.WriteFile(filepath.Join(dir, "README"), []byte("base\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn("add", "-A")
	gitIn("commit", "-q", "-m", "base")
	write(head)
	return dir
}

// TestExceptionsFromRef: with --exceptions-from-ref, the exceptions of
// .recourse.yaml as the ref has it apply, the working tree's do not, and
// each exception the working tree adds or widens is a finding that needs
// review (escalate), located at its line; a ref that does not resolve is
// an error.
func TestExceptionsFromRef(t *testing.T) {
	day := func(d int) string { return time.Now().UTC().AddDate(0, 0, d).Format(time.DateOnly) }
	entry := func(match string, days int) string {
		return `  - {rule: "fs.rm.*", match: "` + match + `", reason: "scratch, rebuilt nightly", expires: ` + day(days) + "}\n"
	}
	data := "exceptions:\n" + entry("rm -rf ./orders", 30)
	tests := []struct {
		name       string
		base, head string // .recourse.yaml on main and in the working tree; "" none
		ref, line  string
		exit       int
		want, not  []string // in stdout (or stderr for exit 1)
	}{
		{"base exception applies", data, data, "main", "rm -rf ./orders", 0,
			[]string{"excepted (at most warn) until " + day(30) + " by main:.recourse.yaml:2"}, []string{"recourse.exception.unreviewed"}},
		{"identical file, no finding", data, data, "main", "ls", 0, []string{"ALLOW"}, []string{"recourse.exception.unreviewed"}},
		{"added exception is a finding and does not apply", "", data, "main", "rm -rf ./orders", 3,
			[]string{"recourse.exception.unreviewed", `.recourse.yaml:2: exception fs.rm.* for "rm -rf ./orders"`, "ESCALATE"}, []string{"excepted"}},
		{"added exception escalates", "", data, "main", "ls", 3, []string{"ESCALATE", "recourse.exception.unreviewed"}, nil},
		{"widened match", data, "exceptions:\n" + entry("rm -rf ./*", 30), "main", "rm -rf ./billing", 3,
			[]string{`exception fs.rm.* for "rm -rf ./*"`, "recourse.exception.unreviewed"}, []string{"excepted"}},
		{"later expiry", data, "exceptions:\n" + entry("rm -rf ./orders", 60), "main", "ls", 3,
			[]string{"until " + day(60), "recourse.exception.unreviewed"}, nil},
		{"removed exception is no finding", data, "fail_on: escalate\n", "main", "ls", 0, []string{"ALLOW"}, []string{"recourse.exception.unreviewed"}},
		{"ref missing", data, data, "origin/nope", "ls", 1, []string{`"origin/nope" does not resolve to a commit`, "fetch-depth: 0"}, nil},
		{"ref is an option", data, data, "--output=x", "ls", 1, []string{"is not a git ref"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Tracked project data, which rm -rf would lose.
			base := map[string]string{".recourse.yaml": tt.base, "orders/ledger.csv": "1\n", "billing/ledger.csv": "2\n"}
			dir := gitRepo(t, base, map[string]string{".recourse.yaml": tt.head})
			res := runWith(t, dir, nil, "", "eval", "shell", "--exceptions-from-ref", tt.ref, "--cwd", dir, "--", tt.line)
			out := res.stdout
			if tt.exit == 1 {
				out = res.stderr
			}
			if res.exit != tt.exit {
				t.Fatalf("exit %d, want %d\nstdout: %s\nstderr: %s", res.exit, tt.exit, res.stdout, res.stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("missing %q in\n%s", w, out)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(out, w) {
					t.Errorf("unexpected %q in\n%s", w, out)
				}
			}
		})
	}
}

// TestExceptionsFromRefFormats: the finding is placed at the exception's
// line of .recourse.yaml in SARIF and in GitHub annotations, and is in
// every other format.
func TestExceptionsFromRefFormats(t *testing.T) {
	day := time.Now().UTC().AddDate(0, 0, 30).Format(time.DateOnly)
	head := "fail_on: escalate\nexceptions:\n  - {rule: \"fs.rm.*\", match: \"rm -rf ./data\", reason: \"scratch\", expires: " + day + "}\n"
	dir := gitRepo(t, nil, map[string]string{".recourse.yaml": head})
	for format, want := range map[string]string{
		"sarif":       `"uri": ".recourse.yaml"`,
		"github":      "::error file=.recourse.yaml,line=3,",
		"json":        `"ruleId": "recourse.exception.unreviewed"`,
		"markdown":    "recourse.exception.unreviewed",
		"junit":       "recourse.exception.unreviewed",
		"gitlab-sast": "recourse.exception.unreviewed",
	} {
		res := runWith(t, dir, nil, "", "eval", "shell", "--format", format, "--exceptions-from-ref", "main", "--cwd", dir, "--", "ls")
		if res.exit != 3 || !strings.Contains(res.stdout, want) {
			t.Errorf("%s: exit %d (want 3), want %q in\n%s\n%s", format, res.exit, want, res.stdout, res.stderr)
		}
	}
}

// TestExceptionsFromRefInlineIgnore: with --exceptions-from-ref, a
// # recourse:ignore comment applies only when the base ref's version of
// its .tf file has it identically; one the change adds is a finding.
func TestExceptionsFromRefInlineIgnore(t *testing.T) {
	day := time.Now().UTC().AddDate(0, 0, 30).Format(time.DateOnly)
	block := "resource \"aws_db_instance\" \"main\" {\n  identifier = \"orders-prod\"\n}\n"
	ignored := "# recourse:ignore aws.rds.* reason=\"replica rebuilt nightly\" expires=" + day + "\n" + block
	plan := string(rdsPlan(t))
	tests := []struct {
		name       string
		base, head string
		exit       int
		want, not  []string
	}{
		{"present at base applies", ignored, ignored, 0, []string{"by main.tf:1: replica rebuilt nightly"}, []string{"recourse.ignore.unreviewed"}},
		{"added in head is a finding", block, ignored, 4, []string{"recourse.ignore.unreviewed", "main.tf:1: ignore aws.rds.* for aws_db_instance.main", "BLOCK"}, []string{"replica rebuilt nightly\n"}},
		{"changed in head is a finding", strings.Replace(ignored, "nightly", "weekly", 1), ignored, 4, []string{"recourse.ignore.unreviewed"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := gitRepo(t, map[string]string{"main.tf": tt.base, "plan.json": plan}, map[string]string{"main.tf": tt.head})
			res := runWith(t, dir, nil, "", "eval", "--exceptions-from-ref", "main", "plan.json")
			if res.exit != tt.exit {
				t.Fatalf("exit %d, want %d\nstdout: %s\nstderr: %s", res.exit, tt.exit, res.stdout, res.stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(res.stdout, w) {
					t.Errorf("missing %q in\n%s", w, res.stdout)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(res.stdout, w) {
					t.Errorf("unexpected %q in\n%s", w, res.stdout)
				}
			}
		})
	}
}
