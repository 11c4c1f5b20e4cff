package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runHome runs the built binary with HOME set to home, in dir.
func runHome(t *testing.T, home, dir string, args ...string) result {
	t.Helper()
	return runWith(t, dir, []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"), "XDG_STATE_HOME=" + filepath.Join(home, ".state")}, "", args...)
}

type doctorJSON struct {
	Hosts []struct {
		Host      string `json:"host"`
		Installed bool   `json:"installed"`
		Scope     string `json:"scope"`
		Wired     bool   `json:"wired"`
		Canaries  []struct {
			Input, Expected, Got string
			Pass                 bool
		} `json:"canaries"`
		Pass bool   `json:"pass"`
		Fix  string `json:"fix"`
	} `json:"hosts"`
}

func doctor(t *testing.T, home, dir string) (doctorJSON, int) {
	t.Helper()
	res := runHome(t, home, dir, "doctor", "--format", "json")
	var rep doctorJSON
	if err := json.Unmarshal([]byte(res.stdout), &rep); err != nil {
		t.Fatalf("doctor's JSON: %v\n%s\n%s", err, res.stdout, res.stderr)
	}
	return rep, res.exit
}

// TestInstallDoctorUninstall: through the binary, on a temporary home and
// project: install wires Claude Code's project settings beside an entry
// of the project's own, doctor's canaries pass through the configured
// command, a broken binary path and a matcher that never fires fail with
// a fix, and uninstall leaves the settings as they were.
func TestInstallDoctorUninstall(t *testing.T) {
	home, project := t.TempDir(), t.TempDir()
	settings := filepath.Join(project, ".claude", "settings.json")
	before := `{"permissions": {"allow": ["Bash(ls:*)"]}, "hooks": {"PostToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "prettier --write"}]}]}}`
	if err := os.MkdirAll(filepath.Dir(settings), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(settings, []byte(before), 0o644); err != nil {
		t.Fatal(err)
	}
	if res := runHome(t, home, project, "install", "claude-code", "--scope", "project"); res.exit != 0 || !strings.Contains(res.stdout, "updated: "+settings) {
		t.Fatalf("install: exit %d %s %s", res.exit, res.stdout, res.stderr)
	}
	if res := runHome(t, home, project, "install", "claude-code", "--scope", "project", "--format", "json"); res.exit != 0 || !strings.Contains(res.stdout, `"action": "unchanged"`) {
		t.Fatalf("second install: %s %s", res.stdout, res.stderr)
	}
	rep, exit := doctor(t, home, project)
	cc := rep.Hosts[0]
	if exit != 0 || cc.Host != "claude-code" || !cc.Wired || cc.Scope != "project" || !cc.Pass || len(cc.Canaries) != 2 {
		t.Fatalf("doctor on a working install: exit %d %+v", exit, cc)
	}
	installed, _ := os.ReadFile(settings)
	for _, broken := range []struct{ from, to, fix string }{
		{binary + " hook", "/nonexistent/recourse hook", "/nonexistent/recourse is not there"},
		{`"matcher": "*"`, `"matcher": "Read"`, "never runs for shell commands"},
	} {
		if err := os.WriteFile(settings, bytes.Replace(installed, []byte(broken.from), []byte(broken.to), 1), 0o644); err != nil {
			t.Fatal(err)
		}
		rep, exit := doctor(t, home, project)
		if cc := rep.Hosts[0]; exit != 1 || cc.Pass || !strings.Contains(cc.Fix, broken.fix) {
			t.Errorf("doctor on %q: exit %d %+v", broken.to, exit, cc)
		}
	}
	if err := os.WriteFile(settings, installed, 0o644); err != nil {
		t.Fatal(err)
	}
	if res := runHome(t, home, project, "uninstall", "claude-code", "--scope", "project"); res.exit != 0 {
		t.Fatalf("uninstall: %s %s", res.stdout, res.stderr)
	}
	var got, want any
	after, _ := os.ReadFile(settings)
	if json.Unmarshal(after, &got) != nil || json.Unmarshal([]byte(before), &want) != nil || !jsonEqual(got, want) {
		t.Errorf("after uninstall:\n%s\nwant the original:\n%s", after, before)
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// TestInstallUsageErrors: an unknown host, scope or format is a usage
// error; Docker's gateway, which takes its interceptor on its command
// line, says so.
func TestInstallUsageErrors(t *testing.T) {
	home := t.TempDir()
	for _, tt := range []struct {
		args []string
		exit int
		want string
	}{
		{[]string{"install", "vim"}, exitError, "unknown host"},
		{[]string{"install", "claude-code", "--scope", "global"}, exitUsage, "--scope"},
		{[]string{"install", "docker-mcp"}, exitError, "--interceptor 'before:exec:"},
		{[]string{"install", "kiro", "--agent", "dev"}, exitError, "kiro-cli agent create dev"},
		{[]string{"doctor", "--format", "yaml"}, exitUsage, "--format"},
	} {
		res := runHome(t, home, home, tt.args...)
		if res.exit != tt.exit || !strings.Contains(res.stderr, tt.want) {
			t.Errorf("%v: exit %d stderr %q, want %d and %q", tt.args, res.exit, res.stderr, tt.exit, tt.want)
		}
	}
}

// TestCodexInstallDoctor: through the binary, on a temporary HOME with
// CODEX_HOME: install codex writes $CODEX_HOME/hooks.json and ends by
// saying what the person must do in Codex (/hooks), writing no trust
// itself; doctor fails the untrusted hook; after recourse uninstall codex
// doctor passes, reporting the host as uninstalled.
func TestCodexInstallDoctor(t *testing.T) {
	home := t.TempDir()
	codexHome := filepath.Join(home, "codex-home")
	if err := os.MkdirAll(codexHome, 0o755); err != nil {
		t.Fatal(err)
	}
	env := []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"), "XDG_STATE_HOME=" + filepath.Join(home, ".state"), "CODEX_HOME=" + codexHome}
	res := runWith(t, home, env, "", "install", "codex")
	if res.exit != 0 || !strings.Contains(res.stdout, filepath.Join(codexHome, "hooks.json")) || !strings.Contains(res.stdout, "NOT ACTIVE YET") || !strings.Contains(res.stdout, "/hooks") {
		t.Fatalf("install codex: exit %d\n%s%s", res.exit, res.stdout, res.stderr)
	}
	if _, err := os.Stat(filepath.Join(codexHome, "config.toml")); err == nil {
		t.Fatal("install wrote Codex's config.toml")
	}
	res = runWith(t, home, env, "", "doctor")
	if res.exit != 1 || !strings.Contains(res.stdout, "NOT trusted by the host") || !strings.Contains(res.stdout, "/hooks") {
		t.Fatalf("doctor on an untrusted Codex hook: exit %d\n%s%s", res.exit, res.stdout, res.stderr)
	}
	if res := runWith(t, home, env, "", "uninstall", "codex"); res.exit != 0 {
		t.Fatalf("uninstall: %s %s", res.stdout, res.stderr)
	}
	res = runWith(t, home, env, "", "doctor")
	if res.exit != 0 || !strings.Contains(res.stdout, "uninstalled") {
		t.Fatalf("doctor after uninstall codex: exit %d\n%s%s", res.exit, res.stdout, res.stderr)
	}
}
