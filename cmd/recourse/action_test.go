package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestActionEvaluate runs the GitHub Action's evaluation script
// (scripts/action/evaluate, which action.yml runs) with the built binary:
// a blocked plan gives the decision, the exit status, a SARIF file, the
// job summary and the annotations; two inputs at once, and an input that
// cannot be read, are the decision "error" with exit status 1, which the
// action's last step turns into a failure unless soft-fail is set.
func TestActionEvaluate(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	tests := []struct {
		name     string
		env      []string
		outputs  []string
		stdout   string
		noOutput string
	}{
		{"a blocked plan", []string{"INPUT_PLAN=testdata/plans/rds-delete-no-snapshot.json"},
			[]string{"decision=block", "exit-code=4", "sarif-file=", "markdown-file="}, "::error file=testdata/plans/rds-delete-no-snapshot.json", ""},
		{"a shell line", []string{"INPUT_SHELL=git status"}, []string{"decision=allow", "exit-code=0", "markdown-file="}, "::notice title=Recourse%3A ALLOW", "sarif-file="},
		{"two inputs", []string{"INPUT_SHELL=ls", "INPUT_PLAN=plan.json"}, []string{"decision=error", "exit-code=1"}, "give exactly one of plan, shell or mcp", "sarif-file="},
		{"an unreadable plan", []string{"INPUT_PLAN=does-not-exist.json"}, []string{"decision=error", "exit-code=1"}, "::error title=Recourse could not evaluate", "sarif-file="},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tmp := t.TempDir()
			cmd := exec.Command("bash", "scripts/action/evaluate")
			cmd.Dir = "../.."
			cmd.Env = append(os.Environ(), "RECOURSE="+binary, "RUNNER_TEMP="+tmp, "GITHUB_OUTPUT="+filepath.Join(tmp, "out"),
				"GITHUB_STEP_SUMMARY="+filepath.Join(tmp, "summary"), "INPUT_PLAN=", "INPUT_SHELL=", "INPUT_MCP=")
			cmd.Env = append(cmd.Env, tt.env...)
			stdout, err := cmd.Output()
			if err != nil {
				t.Fatalf("the script failed: %v", err)
			}
			out, _ := os.ReadFile(filepath.Join(tmp, "out"))
			for _, o := range tt.outputs {
				if !strings.Contains(string(out), o) {
					t.Errorf("outputs %q lack %q", out, o)
				}
			}
			if tt.noOutput != "" && strings.Contains(string(out), tt.noOutput) {
				t.Errorf("outputs %q have %q", out, tt.noOutput)
			}
			if !strings.Contains(string(stdout), tt.stdout) {
				t.Errorf("stdout %q lacks %q", stdout, tt.stdout)
			}
		})
	}
}
