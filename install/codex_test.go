package install

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/recourse-dev/recourse/internal/ojson"
)

// TestCodexHookHash: the hash of a hook as Codex computes it
// (openai/codex@0082977cebb9fbd524046914dbc4305e5b8e0b95,
// codex-rs/hooks/src/engine/discovery.rs command_hook_hash and
// codex-rs/config/src/fingerprint.rs version_for_toml). The expected
// values were computed apart from this code, with Python's json.dumps
// (sort_keys, compact separators, ensure_ascii=False, which escapes as
// serde_json does) and hashlib.sha256, over the identity Codex builds:
// the event label, the group's matcher when it has one, and the one
// normalized handler (timeout defaulted to 600 and raised to at least 1;
// commandWindows dropped; absent options dropped).
func TestCodexHookHash(t *testing.T) {
	tests := []struct{ name, file, want string }{
		{"installed entry", `{"hooks": {"PreToolUse": [{"matcher": ".*", "hooks": [{"type": "command", "command": "/opt/recourse/bin/recourse-hook codex"}]}]}}`,
			"sha256:bd34495efd6ba8eba5fd1329066ec11bb9b5fd7a2533afdb4e0694017c0abed8"},
		{"every field, escapes", `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "'/opt/my tools/recourse' hook codex # \"q\" \\ <&> é\t",
			"commandWindows": "ignored.exe", "timeout": 0, "async": true, "statusMessage": "Recourse ✓\n\u0001"}]}]}}`,
			"sha256:3e057905a960a7e0889bb358f7b7ac8901459151909c1d2ab109500d16ec2420"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := ojson.Parse([]byte(tt.file))
			if err != nil {
				t.Fatal(err)
			}
			hs, err := codexHandlers(v.(*ojson.Object))
			if err != nil || len(hs) != 1 {
				t.Fatalf("handlers %+v, %v", hs, err)
			}
			if got := codexHookHash(hs[0]); got != tt.want {
				t.Errorf("hash %s, want %s", got, tt.want)
			}
		})
	}
}

// codexCanary answers doctor's canaries as recourse hook codex does.
func codexCanary(_ context.Context, _ []string, stdin, _ string) (int, string, error) {
	if strings.Contains(stdin, "rm -rf") {
		return 2, "", nil
	}
	return 0, "", nil
}

// fakeBinary writes an executable script at dir/name that records in ran
// that it was run, and returns its path.
func fakeBinary(t *testing.T, dir, name, ran string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	writeTestFile(t, p, "#!/bin/sh\necho ran >> '"+ran+"'\n")
	if err := os.Chmod(p, 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func hostReport(rep Report, name string) HostReport {
	for _, h := range rep.Hosts {
		if h.Host == name {
			return h
		}
	}
	return HostReport{}
}

// trustCodex writes what Codex's /hooks writes when the person trusts
// every Recourse hook of the file at path: hooks.state."<path>:pre_tool_use:G:H".
func trustCodex(t *testing.T, codexHome, path, extra string) {
	t.Helper()
	doc, _, err := readDoc(path)
	if err != nil {
		t.Fatal(err)
	}
	hs, err := codexHandlers(doc)
	if err != nil || len(hs) == 0 {
		t.Fatalf("no Recourse hook in %s: %v", path, err)
	}
	var b strings.Builder
	b.WriteString(extra)
	for _, h := range hs {
		fmt.Fprintf(&b, "\n[hooks.state.%q]\ntrusted_hash = %q\n", fmt.Sprintf("%s:pre_tool_use:%d:%d", path, h.group, h.index), codexHookHash(h))
	}
	writeTestFile(t, filepath.Join(codexHome, "config.toml"), b.String())
}

// TestCodexDoctorTrust: on a temporary HOME with CODEX_HOME, install
// writes the hook and says what the person has to do (/hooks), writing no
// trust itself; doctor fails the untrusted hook although its canaries
// answer, passes it once config.toml trusts it with the right hash, and
// fails it again when the hook changes, when Codex switches it off, or
// when hooks are off altogether.
func TestCodexDoctorTrust(t *testing.T) {
	home, bin := t.TempDir(), t.TempDir()
	codexHome := filepath.Join(t.TempDir(), "codex-home")
	if err := os.MkdirAll(codexHome, 0o755); err != nil {
		t.Fatal(err)
	}
	opts := Options{Home: home, CodexHome: codexHome, Binary: fakeBinary(t, bin, "recourse", filepath.Join(bin, "ran")), StateDir: t.TempDir()}
	res, err := Install("codex", User, opts)
	if err != nil {
		t.Fatal(err)
	}
	hooksJSON := filepath.Join(codexHome, "hooks.json")
	if res.Changes[0].Path != hooksJSON || !strings.Contains(res.Next, "/hooks") || !strings.Contains(res.Next, "does not trust it for you") {
		t.Fatalf("install: %+v", res)
	}
	if _, err := os.Stat(filepath.Join(codexHome, "config.toml")); err == nil {
		t.Fatal("install wrote Codex's config.toml: trusting the hook is the person's decision")
	}
	if _, err := os.Stat(filepath.Join(home, ".codex")); err == nil {
		t.Fatal("install wrote ~/.codex although CODEX_HOME is set")
	}
	doctorCodex := func() HostReport { return hostReport(Doctor(context.Background(), opts, codexCanary), "codex") }

	got := doctorCodex()
	if got.Pass || got.Trusted == nil || *got.Trusted || !strings.Contains(got.Fix, "/hooks") || len(got.Canaries) != 2 {
		t.Fatalf("untrusted hook: %+v; want a failure that says to trust it in /hooks", got)
	}

	trustCodex(t, codexHome, hooksJSON, "model = \"gpt-5\"\n")
	if got := doctorCodex(); !got.Pass || got.Trusted == nil || !*got.Trusted {
		t.Fatalf("trusted hook: %+v; want a pass", got)
	}
	trusted := readTestFile(t, filepath.Join(codexHome, "config.toml"))

	// A changed hook (a timeout added) is "modified" to Codex: not run.
	installed := readTestFile(t, hooksJSON)
	writeTestFile(t, hooksJSON, strings.Replace(installed, `"type": "command",`, `"type": "command", "timeout": 30,`, 1))
	if got := doctorCodex(); got.Pass || !strings.Contains(got.Fix, "changed since it was trusted") {
		t.Fatalf("changed hook: %+v; want a failure", got)
	}
	// Another entry Codex cannot read makes it skip the whole file.
	writeTestFile(t, hooksJSON, strings.Replace(installed, `"hooks": {`, `"hooks": {"Stop": [{"hooks": [{"command": "notify-send done"}]}], `, 1))
	if got := doctorCodex(); got.Pass || !strings.Contains(got.Fix, "does not load the file") {
		t.Fatalf("a file Codex does not load: %+v; want a failure", got)
	}
	writeTestFile(t, hooksJSON, installed)

	for name, config := range map[string]string{
		"switched off": strings.Replace(trusted, "trusted_hash", "enabled = false\ntrusted_hash", 1),
		"hooks off":    "[features]\nhooks = false\n" + trusted,
		"bad toml":     trusted + "\n[hooks\n",
		"other file":   strings.ReplaceAll(trusted, hooksJSON, filepath.Join(home, ".codex", "hooks.json")),
	} {
		writeTestFile(t, filepath.Join(codexHome, "config.toml"), config)
		if got := doctorCodex(); got.Pass {
			t.Errorf("%s: doctor passes %+v", name, got)
		}
	}
}

// TestCodexProjectScope: install --scope project writes the project's
// .codex/hooks.json; Codex loads it only for a trusted project, and runs
// the hook only once the person trusts it, both recorded in the user's
// config.toml (a project cannot trust itself).
func TestCodexProjectScope(t *testing.T) {
	home, project, bin := t.TempDir(), t.TempDir(), t.TempDir()
	opts := Options{Home: home, Project: project, Binary: fakeBinary(t, bin, "recourse", filepath.Join(bin, "ran"))}
	res, err := Install("codex", Project, opts)
	if err != nil {
		t.Fatal(err)
	}
	hooksJSON := filepath.Join(project, ".codex", "hooks.json")
	if res.Changes[0].Path != hooksJSON || !strings.Contains(res.Next, hooksJSON) || !strings.Contains(res.Next, "trusted project") || !strings.Contains(res.Next, "/hooks") {
		t.Fatalf("install: %+v", res)
	}
	codexHome := filepath.Join(home, ".codex")
	doctorCodex := func() HostReport { return hostReport(Doctor(context.Background(), opts, codexCanary), "codex") }
	trustCodex(t, codexHome, hooksJSON, "")
	if got := doctorCodex(); got.Pass || got.Scope != Project || !strings.Contains(got.Fix, "trusted project") {
		t.Fatalf("hook trusted, project not: %+v", got)
	}
	// A project's own .codex/config.toml cannot trust the project or its hooks.
	writeTestFile(t, filepath.Join(project, ".codex", "config.toml"), fmt.Sprintf("[projects.%q]\ntrust_level = \"trusted\"\n", project))
	if got := doctorCodex(); got.Pass {
		t.Fatalf("trust from the project's own config: %+v", got)
	}
	trustCodex(t, codexHome, hooksJSON, fmt.Sprintf("[projects.%q]\ntrust_level = \"trusted\"\n", filepath.Dir(project)))
	if got := doctorCodex(); !got.Pass {
		t.Fatalf("trusted project (an ancestor) and hook: %+v", got)
	}
	trustCodex(t, codexHome, hooksJSON, fmt.Sprintf("[projects.%q]\ntrust_level = \"untrusted\"\n", project))
	if got := doctorCodex(); got.Pass || !strings.Contains(got.Fix, "untrusted") {
		t.Fatalf("untrusted project: %+v", got)
	}
}

// TestCodexFires: Codex's matcher kinds for the shell tool, Bash.
func TestCodexFires(t *testing.T) {
	for m, want := range map[string]bool{"": true, "*": true, ".*": true, "Bash": true, "Edit|Bash": true, "Bash2": false,
		"^Bash$": true, "mcp__.*": false, "apply_patch": false, "[": false} {
		if got := codexFires(m, true); got != want {
			t.Errorf("codexFires(%q) = %v, want %v", m, got, want)
		}
	}
}

// TestDoctorRunsNoProjectBinary: a project's settings that name a
// recourse of the project's own (by a relative path, or by an absolute
// path that is not the recourse doctor resolved itself) are reported, and
// the program is never run — the fake binaries here would record it.
func TestDoctorRunsNoProjectBinary(t *testing.T) {
	home, project, bin := t.TempDir(), t.TempDir(), t.TempDir()
	ran := filepath.Join(t.TempDir(), "ran")
	self := fakeBinary(t, bin, "recourse", ran)
	fakeBinary(t, filepath.Join(project, "node_modules", ".bin"), "recourse", ran)
	t.Setenv("PATH", "/usr/bin:/bin")
	opts := Options{Home: home, Project: project, Binary: self}
	for _, tt := range []struct{ command, finding string }{
		{"./node_modules/.bin/recourse hook claude-code", "relative to the directory the agent works in"},
		{filepath.Join(project, "node_modules", ".bin", "recourse") + " hook claude-code", "inside the project"},
		{fakeBinary(t, t.TempDir(), "recourse", ran) + " hook claude-code", "neither this recourse"},
		{"recourse hook claude-code", "not on PATH"},
	} {
		t.Setenv("PATH", "/usr/bin:/bin")
		writeTestFile(t, filepath.Join(project, ".claude", "settings.json"),
			`{"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "`+tt.command+`"}]}]}}`)
		got := hostReport(Doctor(context.Background(), opts, ExecRunner(t.TempDir())), "claude-code")
		if got.Pass || !strings.Contains(got.Fix, tt.finding) || len(got.Canaries) != 0 {
			t.Errorf("%s: %+v; want the finding %q and nothing run", tt.command, got, tt.finding)
		}
	}
	// Not even when the project's directory is first on PATH (npm run puts
	// node_modules/.bin there).
	t.Setenv("PATH", filepath.Join(project, "node_modules", ".bin")+":/usr/bin:/bin")
	writeTestFile(t, filepath.Join(project, ".claude", "settings.json"),
		`{"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "recourse hook claude-code"}]}]}}`)
	if got := hostReport(Doctor(context.Background(), opts, ExecRunner(t.TempDir())), "claude-code"); got.Pass || !strings.Contains(got.Fix, "inside the project") {
		t.Errorf("the project's recourse first on PATH: %+v; want the finding", got)
	}
	t.Setenv("PATH", "/usr/bin:/bin")
	if b, err := os.ReadFile(ran); err == nil {
		t.Fatalf("doctor ran a binary the project named: %s", b)
	}
	// The recourse doctor resolved itself is run (the fake records it).
	writeTestFile(t, filepath.Join(project, ".claude", "settings.json"),
		`{"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "`+self+` hook claude-code"}]}]}}`)
	got := hostReport(Doctor(context.Background(), opts, ExecRunner(t.TempDir())), "claude-code")
	if got.Binary != self || len(got.Canaries) != 2 {
		t.Fatalf("its own binary: %+v; want the canaries run through it", got)
	}
	if _, err := os.Stat(ran); err != nil {
		t.Fatal("doctor did not run the canaries through its own binary")
	}
}

// TestDoctorAfterUninstall: a host the person took the hook out of with
// recourse uninstall is reported as uninstalled, and passes; installing
// again clears that, and a host whose entry disappeared otherwise fails.
func TestDoctorAfterUninstall(t *testing.T) {
	home, bin := t.TempDir(), t.TempDir()
	opts := Options{Home: home, Binary: fakeBinary(t, bin, "recourse", filepath.Join(bin, "ran")), StateDir: t.TempDir()}
	if _, err := Install("claude-code", User, opts); err != nil {
		t.Fatal(err)
	}
	if _, err := Uninstall("claude-code", User, opts); err != nil {
		t.Fatal(err)
	}
	got := hostReport(Doctor(context.Background(), opts, codexCanary), "claude-code")
	if !got.Pass || !got.Uninstalled || got.Wired || len(got.Notes) == 0 {
		t.Fatalf("after uninstall: %+v; want uninstalled, passing", got)
	}
	// A marker written by another process, without the state key, is no
	// marker: doctor fails the unwired host.
	marker := filepath.Join(opts.StateDir, "uninstalled", "claude-code")
	writeTestFile(t, marker, "user 2026-11-29T00:00:00Z 00")
	if got := hostReport(Doctor(context.Background(), opts, codexCanary), "claude-code"); got.Pass || got.Uninstalled {
		t.Fatalf("a forged marker: %+v; want a failure", got)
	}
	if _, err := Install("claude-code", User, opts); err != nil {
		t.Fatal(err)
	}
	settings := filepath.Join(home, ".claude", "settings.json")
	writeTestFile(t, settings, `{}`)
	if got := hostReport(Doctor(context.Background(), opts, codexCanary), "claude-code"); got.Pass || got.Uninstalled {
		t.Fatalf("entry gone without uninstall: %+v; want a failure", got)
	}
}

// FuzzCodexCanonicalJSON: whatever the command, matcher and status
// message, the text Codex's hash is taken over is JSON that reads back as
// the same identity, escaping only what serde_json escapes (no \u escape
// for <, >, & or any character at or above U+0020).
func FuzzCodexCanonicalJSON(f *testing.F) {
	f.Add("/opt/recourse/bin/recourse-hook codex", ".*", "checking")
	f.Add("'a b' <&> \"q\" \\ é \u2028", "", "\x01\n\t")
	f.Fuzz(func(t *testing.T, command, matcher, status string) {
		if !utf8.ValidString(command) || !utf8.ValidString(matcher) || !utf8.ValidString(status) {
			t.Skip("hooks.json is UTF-8 JSON: its strings are valid UTF-8")
		}
		identity := map[string]any{"event_name": codexEvent, "matcher": matcher,
			"hooks": []any{map[string]any{"type": "command", "command": command, "timeout": int64(600), "async": false, "statusMessage": status}}}
		var b strings.Builder
		canonicalJSON(&b, identity)
		var back struct {
			Matcher string `json:"matcher"`
			Hooks   []struct {
				Command string `json:"command"`
				Status  string `json:"statusMessage"`
			} `json:"hooks"`
		}
		if err := json.Unmarshal([]byte(b.String()), &back); err != nil {
			t.Fatalf("%q is not JSON: %v", b.String(), err)
		}
		if back.Matcher != matcher || len(back.Hooks) != 1 || back.Hooks[0].Command != command || back.Hooks[0].Status != status {
			t.Fatalf("%q reads back as %+v", b.String(), back)
		}
		for _, r := range []string{`\u003c`, `\u003e`, `\u0026`, `\u2028`, `\u2029`} {
			if !strings.Contains(command+matcher+status, `\`) && strings.Contains(b.String(), r) {
				t.Fatalf("%q escapes %s, which serde_json does not", b.String(), r)
			}
		}
	})
}
