package install

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Copilot CLI reads ~/.copilot/hooks/*.json and .github/hooks/*.json
// (github/docs cli-hooks-reference.md; github/copilot-cli changelog
// 0.0.422); VS Code reads the same two places and .claude/settings*.json
// (microsoft/vscode promptFileLocations.ts DEFAULT_HOOK_FILE_PATHS).

// TestInstallCopilotAndVSCode: each scope's file is created with the
// entry its host reads, a second install changes nothing, a person's own
// hooks in the file stay, and uninstall removes what install added.
func TestInstallCopilotAndVSCode(t *testing.T) {
	tests := []struct {
		host  string
		scope Scope
		rel   string
		want  []string
	}{
		{"copilot", User, ".copilot/hooks/recourse.json", []string{`"preToolUse"`, `"bash": "` + bin + ` hook copilot"`, `"timeoutSec": 30`, `"version": 1`}},
		{"copilot", Project, ".github/hooks/recourse.json", []string{`"preToolUse"`, `"bash": "` + bin + ` hook copilot"`}},
		{"vscode", User, ".copilot/hooks/recourse-vscode.json", []string{`"PreToolUse"`, `"command": "` + bin + ` hook vscode"`, `"timeout": 30`}},
		{"vscode", Project, ".github/hooks/recourse-vscode.json", []string{`"PreToolUse"`, `"command": "` + bin + ` hook vscode"`}},
	}
	for _, tt := range tests {
		t.Run(tt.host+"/"+string(tt.scope), func(t *testing.T) {
			opts := Options{Home: t.TempDir(), Project: t.TempDir(), Binary: bin}
			base := opts.Home
			if tt.scope == Project {
				base = opts.Project
			}
			path := filepath.Join(base, filepath.FromSlash(tt.rel))
			res, err := Install(tt.host, tt.scope, opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Changes) != 1 || res.Changes[0].Path != path || res.Changes[0].Action != "created" {
				t.Fatalf("changes %+v, want %s created", res.Changes, path)
			}
			got := readTestFile(t, path)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("%s lacks %s:\n%s", path, w, got)
				}
			}
			again, err := Install(tt.host, tt.scope, opts)
			if err != nil || again.Changes[0].Action != "unchanged" {
				t.Errorf("second install: %+v %v", again.Changes, err)
			}
			if _, err := Uninstall(tt.host, tt.scope, opts); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(path); !os.IsNotExist(err) {
				t.Errorf("%s is still there after uninstall", path)
			}
		})
	}
}

// TestInstallVSCodeKeepsOwnHooks: a person's own hook in the VS Code file
// stays through install and uninstall.
func TestInstallVSCodeKeepsOwnHooks(t *testing.T) {
	opts := Options{Home: t.TempDir(), Project: t.TempDir(), Binary: bin}
	path := filepath.Join(opts.Project, ".github", "hooks", "recourse-vscode.json")
	before := `{"hooks": {"PostToolUse": [{"type": "command", "command": "npx prettier --write ."}]}}`
	writeTestFile(t, path, before)
	if _, err := Install("vscode", Project, opts); err != nil {
		t.Fatal(err)
	}
	after := readTestFile(t, path)
	if !strings.Contains(after, "prettier") || !strings.Contains(after, bin+" hook vscode") {
		t.Errorf("after install:\n%s", after)
	}
	if _, err := Uninstall("vscode", Project, opts); err != nil {
		t.Fatal(err)
	}
	if got, want := normalized(t, readTestFile(t, path)), normalized(t, before); got != want {
		t.Errorf("after uninstall:\n%s\nwant:\n%s", got, want)
	}
}

// TestDoctorCopilotAndVSCode: on a HOME with Copilot and VS Code, doctor
// finds the user-scope entries, sends each host's own canary input (the
// Copilot preToolUse shape; VS Code's run_in_terminal input) through the
// configured command, and reads each answer in its host's form; a host
// that is there but not wired fails.
func TestDoctorCopilotAndVSCode(t *testing.T) {
	home, dir := t.TempDir(), t.TempDir()
	// Doctor checks that the binary an entry names is there.
	bin := fakeBinary(t, dir, "recourse", filepath.Join(dir, "ran"))
	opts := Options{Home: home, Project: t.TempDir(), Binary: bin}
	for _, name := range []string{"copilot", "vscode"} {
		if _, err := Install(name, User, opts); err != nil {
			t.Fatal(err)
		}
	}
	inputs := map[string][]string{}
	run := func(_ context.Context, argv []string, stdin, _ string) (int, string, error) {
		host := argv[len(argv)-1]
		inputs[host] = append(inputs[host], stdin)
		if !strings.Contains(stdin, "rm -rf") {
			return 0, "", nil
		}
		if host == "vscode" {
			return 0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"x"}}`, nil
		}
		return 0, `{"permissionDecision":"deny","permissionDecisionReason":"x"}`, nil
	}
	rep := Doctor(context.Background(), opts, run)
	for _, h := range rep.Hosts {
		if h.Host != "copilot" && h.Host != "vscode" {
			continue
		}
		if !h.Pass || !h.Wired || h.Scope != User || len(h.Canaries) != 2 {
			t.Errorf("%s: %+v", h.Host, h)
		}
	}
	for _, in := range inputs["copilot"] {
		if !strings.Contains(in, `"toolName":"bash"`) || !strings.Contains(in, `"toolArgs":"{`) {
			t.Errorf("copilot canary %s is not Copilot's preToolUse input", in)
		}
	}
	for _, in := range inputs["vscode"] {
		if !strings.Contains(in, `"tool_name":"run_in_terminal"`) || !strings.Contains(in, `"tool_use_id"`) {
			t.Errorf("vscode canary %s is not VS Code's input", in)
		}
	}

	// VS Code is on the machine but nothing of Recourse is wired into it.
	bare := t.TempDir()
	writeTestFile(t, filepath.Join(bare, ".vscode", "argv.json"), "{}")
	for _, h := range Doctor(context.Background(), Options{Home: bare, Project: t.TempDir(), Binary: bin}, run).Hosts {
		if h.Host == "vscode" && (h.Pass || !strings.Contains(h.Fix, "recourse install vscode")) {
			t.Errorf("unwired vscode: %+v", h)
		}
	}
}
