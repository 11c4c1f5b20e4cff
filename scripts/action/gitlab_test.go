package action

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

const gitlabTemplate = "../../ci/gitlab/recourse.gitlab-ci.yml"

// gitlabJobKeywords are the keywords a GitLab CI job may use, from GitLab's
// CI/CD YAML reference (docs.gitlab.com/ci/yaml, "Job keywords", read
// 2026-11-29). GitLab's own JSON schema
// (gitlabhq/gitlabhq@0286e4c6:app/assets/javascripts/editor/schema/ci.json)
// is not reachable from the test machines (no module proxy or npm package
// carries it), so the template is held to the keyword list instead.
var gitlabJobKeywords = []string{
	"after_script", "allow_failure", "artifacts", "before_script", "cache", "coverage", "dast_configuration",
	"dependencies", "environment", "extends", "hooks", "identity", "id_tokens", "image", "inherit", "interruptible",
	"manual_confirmation", "needs", "pages", "parallel", "release", "resource_group", "retry", "rules", "run",
	"script", "secrets", "services", "stage", "tags", "timeout", "trigger", "variables", "when",
}

type gitlabJob struct {
	Image     string            `yaml:"image"`
	Stage     *string           `yaml:"stage"`
	Variables map[string]string `yaml:"variables"`
	Script    []string          `yaml:"script"`
	Artifacts struct {
		When    string            `yaml:"when"`
		Reports map[string]string `yaml:"reports"`
	} `yaml:"artifacts"`
}

// TestGitLabTemplateShape holds the template to what an include needs:
// one hidden job (so including it adds no job and no stage a pipeline
// lacks), only GitLab's job keywords, no stage of its own, a pinned
// release and the SAST and JUnit reports.
func TestGitLabTemplateShape(t *testing.T) {
	data, err := os.ReadFile(gitlabTemplate)
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]map[string]any
	if err := yaml.Unmarshal(data, &raw); err != nil {
		t.Fatalf("%s: %v", gitlabTemplate, err)
	}
	if len(raw) != 1 || raw[".recourse"] == nil {
		t.Fatalf("the template defines %d top-level keys, want only the hidden job .recourse", len(raw))
	}
	for key := range raw[".recourse"] {
		if !slices.Contains(gitlabJobKeywords, key) {
			t.Errorf(".recourse uses %q, which is not a GitLab job keyword", key)
		}
	}
	job := parseGitLabJob(t, data)
	if job.Stage != nil {
		t.Errorf(".recourse sets stage %q: the pipeline that extends it chooses the stage", *job.Stage)
	}
	if job.Image == "" || strings.Contains(job.Image, "golang") {
		t.Errorf("image %q: want a small image that downloads the release, not a Go toolchain", job.Image)
	}
	if job.Variables["RECOURSE_VERSION"] != "" {
		t.Errorf("RECOURSE_VERSION defaults to %q: the pipeline pins it", job.Variables["RECOURSE_VERSION"])
	}
	if job.Artifacts.Reports["sast"] != "gl-sast-report.json" || job.Artifacts.Reports["junit"] != "recourse-junit.xml" || job.Artifacts.When != "always" {
		t.Errorf("artifacts: %+v", job.Artifacts)
	}
	for _, line := range job.Script {
		if strings.Contains(line, "go install") || strings.Contains(line, "go build") {
			t.Errorf("the script builds with Go: %s", line)
		}
	}
}

func parseGitLabJob(t *testing.T, data []byte) gitlabJob {
	t.Helper()
	var jobs map[string]gitlabJob
	if err := yaml.Unmarshal(data, &jobs); err != nil {
		t.Fatal(err)
	}
	return jobs[".recourse"]
}

// TestGitLabTemplateRuns runs the template's script, as a GitLab runner
// does (its entries in one shell), against a release served over HTTP:
// the verified archive is installed and the plan judged; a tampered
// archive or an unpinned version installs nothing and fails the job.
func TestGitLabTemplateRuns(t *testing.T) {
	for _, tool := range []string{"wget", "sh"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed: the template's script needs it", tool)
		}
	}
	rel := newRelease(t)
	srv := httptest.NewServer(http.FileServer(http.Dir(strings.TrimPrefix(rel.base, "file://"))))
	defer srv.Close()
	data, err := os.ReadFile(gitlabTemplate)
	if err != nil {
		t.Fatal(err)
	}
	job := parseGitLabJob(t, data)
	plan, err := filepath.Abs("../../testdata/plans/rds-delete-no-snapshot.json")
	if err != nil {
		t.Fatal(err)
	}
	good, err := os.ReadFile(rel.archive)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, version string
		tamper        bool
		wantExit      int
		want          string
	}{
		{"pinned release, plan blocked", version, false, 4, "recourse"},
		{"tampered archive", version, true, 1, "does not match"},
		{"no version", "", false, 1, "must name a release tag"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			content := good
			if tc.tamper {
				content = append(slices.Clone(good), 'x')
			}
			if err := os.WriteFile(rel.archive, content, 0o644); err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			binDir := filepath.Join(dir, "bin")
			if err := os.Mkdir(binDir, 0o755); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command("sh", "-c", strings.Join(job.Script, "\n"))
			cmd.Dir = dir
			cmd.Env = []string{
				"PATH=" + binDir + ":/usr/bin:/bin",
				"HOME=" + dir,
				"RECOURSE_VERSION=" + tc.version,
				"RECOURSE_RELEASES=" + srv.URL,
				"RECOURSE_BIN_DIR=" + binDir,
				"RECOURSE_PLAN=" + plan,
				"RECOURSE_FAIL_ON=" + job.Variables["RECOURSE_FAIL_ON"],
			}
			out, err := cmd.CombinedOutput()
			code := 0
			if exitErr, ok := err.(*exec.ExitError); ok {
				code = exitErr.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tc.wantExit || !strings.Contains(string(out), tc.want) {
				t.Fatalf("exit %d, want %d with %q:\n%s", code, tc.wantExit, tc.want, out)
			}
			_, statErr := os.Stat(filepath.Join(binDir, "recourse"))
			if installed := statErr == nil; installed != (tc.wantExit == 4) {
				t.Errorf("installed: %v", installed)
			}
			if tc.wantExit == 4 {
				sast, err := os.ReadFile(filepath.Join(dir, "gl-sast-report.json"))
				if err != nil || !strings.Contains(string(sast), `"vulnerabilities"`) {
					t.Errorf("no SAST report: %v %.200s", err, sast)
				}
			}
		})
	}
}
