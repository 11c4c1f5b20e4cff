package action

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestEvaluateProviderSchema runs the evaluate step on a plan with a
// working directory: with terraform on PATH (a fake that answers
// `terraform -chdir=DIR providers schema -json` with the real dbtcloud
// schema of testdata/classifier/schemas), the step passes the schemas
// with the plan and the report rests on them; with a terraform that
// fails, or none, the step warns and judges the plan without them.
func TestEvaluateProviderSchema(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "recourse")
	if out, err := exec.Command("go", "build", "-o", bin, "../../cmd/recourse").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	schema, err := filepath.Abs("../../testdata/classifier/schemas/dbtcloud.json")
	if err != nil {
		t.Fatal(err)
	}
	plan, err := filepath.Abs("../../testdata/plans/unknown-provider-schema.json")
	if err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(dir, "infra")
	if err := os.MkdirAll(work, 0o755); err != nil {
		t.Fatal(err)
	}
	// The fake answers only the call the step must make, in the working
	// directory it was given.
	answers, fails := filepath.Join(dir, "answers"), filepath.Join(dir, "fails")
	for _, d := range []string{answers, fails} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, filepath.Join(answers, "terraform"), `#!/usr/bin/env bash
if [ "$*" = "-chdir=`+work+` providers schema -json" ]; then cat "`+schema+`"; exit 0; fi
echo "fake terraform: unexpected arguments: $*" >&2; exit 2
`)
	writeFile(t, filepath.Join(fails, "terraform"), "#!/usr/bin/env bash\necho 'Error: Inconsistent dependency lock file' >&2\nexit 1\n")
	script, err := filepath.Abs("evaluate")
	if err != nil {
		t.Fatal(err)
	}
	systemPath := os.Getenv("PATH")
	for _, c := range []struct {
		name      string
		path      string
		env       []string
		schemaUse bool
		log       string
	}{
		{"terraform answers", answers + ":" + systemPath, []string{"INPUT_WORKING_DIRECTORY=" + work}, true, ""},
		{"schema given", systemPath, []string{"INPUT_PROVIDER_SCHEMA=" + schema, "INPUT_WORKING_DIRECTORY=" + work}, true, ""},
		{"terraform fails", fails + ":" + systemPath, []string{"INPUT_WORKING_DIRECTORY=" + work}, false, "::warning title=Recourse::terraform providers schema -json failed"},
		{"no terraform", systemPath, []string{"INPUT_WORKING_DIRECTORY=" + work}, false, "::notice title=Recourse::terraform is not on PATH"},
		{"no working directory", answers + ":" + systemPath, nil, false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.path == systemPath {
				if _, err := exec.LookPath("terraform"); err == nil && !c.schemaUse {
					t.Skip("a real terraform is on PATH")
				}
			}
			temp := t.TempDir()
			outputs := filepath.Join(temp, "outputs")
			cmd := exec.Command("bash", script)
			cmd.Dir = work
			cmd.Env = append([]string{"PATH=" + c.path, "HOME=" + temp, "XDG_STATE_HOME=" + filepath.Join(temp, "state"),
				"XDG_CONFIG_HOME=" + filepath.Join(temp, "config"), "RECOURSE=" + bin, "RUNNER_TEMP=" + temp, "GITHUB_OUTPUT=" + outputs,
				"INPUT_PLAN=" + plan, "INPUT_FAIL_ON=escalate", "INPUT_CATEGORY=test"}, c.env...)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("evaluate: %v\n%s", err, out)
			}
			got, _ := os.ReadFile(outputs)
			if !strings.Contains(string(got), "decision=escalate") {
				t.Errorf("outputs lack decision=escalate:\n%s\n%s", got, out)
			}
			report, err := os.ReadFile(filepath.Join(temp, "recourse-test", "report.json"))
			if err != nil {
				t.Fatal(err)
			}
			if used := strings.Contains(string(report), "classifier.terraform.delete.provider-schema"); used != c.schemaUse {
				t.Errorf("the report rests on the provider schema: %v, want %v\n%.2000s", used, c.schemaUse, report)
			}
			if c.log != "" && !strings.Contains(string(out), c.log) {
				t.Errorf("the step's log lacks %q:\n%s", c.log, out)
			}
		})
	}
}
