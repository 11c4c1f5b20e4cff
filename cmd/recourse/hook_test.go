package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/internal/hookcmd"
)

// TestClaudeCodeHook: the hook answers Claude Code with 0 (go ahead, or
// ask the user: permissionDecision "ask" on stdout) or 2 (stop, with the
// reason on stderr) — never another status, which Claude Code would let
// through — and stops whatever it cannot read. The stderr column is the
// reason, on stderr for a stop and in permissionDecisionReason for a
// question.
func TestClaudeCodeHook(t *testing.T) {
	tests := []struct {
		name, input string
		args        []string
		want        int
		stderr      string
		ask         bool
	}{
		{"destructive Bash", `{"tool_name":"Bash","tool_input":{"command":"rm -rf ~"},"cwd":"/home/dev/app"}`, nil, 2, "BLOCK", false},
		{"everyday Bash", `{"tool_name":"Bash","tool_input":{"command":"git status && go test ./..."},"cwd":"/home/dev/app"}`, nil, 0, "", false},
		{"relative paths in the cwd", `{"tool_name":"Bash","tool_input":{"command":"rm -rf build"},"cwd":"/tmp/work"}`, nil, 0, "", false},
		{"Edit of a system file", `{"tool_name":"Edit","tool_input":{"file_path":"/etc/sudoers","old_string":"a","new_string":"b"}}`, nil, 2, "writes over a system file", false},
		{"Write of a project file", `{"tool_name":"Write","tool_input":{"file_path":"docs/notes.md","content":"x"}}`, nil, 0, "", false},
		{"Write of a dotfile asks", `{"tool_name":"Write","tool_input":{"file_path":"/home/dev/.bashrc","content":""}}`, nil, 0, "ESCALATE", true},
		{"Write of a dotfile, escalate as deny", `{"tool_name":"Write","tool_input":{"file_path":"/home/dev/.bashrc","content":""}}`, []string{"--escalate-as", "deny"}, 2, "ESCALATE", false},
		{"a bad --escalate-as", `{"tool_name":"Bash","tool_input":{"command":"ls"}}`, []string{"--escalate-as", "allow"}, 2, "--escalate-as", false},
		{"an agent approving its own stop", `{"tool_name":"Bash","tool_input":{"command":"recourse allow-once K7QM-2WPD"}}`, []string{"--escalate-as", "deny"}, 2, "a person's decision", false},
		{"an agent writing Recourse's state", `{"tool_name":"Write","tool_input":{"file_path":"/home/dev/.local/state/recourse/allow-once/granted/K7QM2WPD.json","content":"{}"}}`, nil, 0, "ESCALATE", true},
		{"an MCP tool", `{"tool_name":"mcp__github__delete_repository","tool_input":{"owner":"a","repo":"b"}}`, nil, 2, "github.delete_repository", false},
		{"a read tool", `{"tool_name":"Read","tool_input":{"file_path":"/etc/hosts"}}`, nil, 0, "", false},
		{"a warn goes ahead silently", `{"tool_name":"Bash","tool_input":{"command":"some-unknown-tool sync"}}`, nil, 0, "", false},
		{"a warn goes ahead with context", `{"tool_name":"Bash","tool_input":{"command":"some-unknown-tool sync"}}`, []string{"--warn-context"}, 0, "", false},
		{"fail-on warn stops a warn", `{"tool_name":"Bash","tool_input":{"command":"npm install left-pad && some-unknown-tool sync"}}`, []string{"--fail-on", "warn"}, 2, "WARN", false},
		{"not JSON", `rm -rf /`, nil, 2, "not JSON", false},
		{"no tool name", `{"tool_input":{"command":"ls"}}`, nil, 2, "no tool_name", false},
		{"Bash without a command", `{"tool_name":"Bash","tool_input":{}}`, nil, 2, "no command", false},
		{"a command that does not parse", `{"tool_name":"Bash","tool_input":{"command":"rm -rf 'x"}}`, nil, 0, "ESCALATE", true},
		// A usage error in settings.json must not switch the guard off: it
		// exited 64, which Claude Code reads as "go ahead".
		{"an unknown flag", `{"tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`, []string{"--bogus"}, 2, "unknown flag: --bogus", false},
		{"a bad --fail-on", `{"tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`, []string{"--fail-on", "nope"}, 2, "--fail-on", false},
		{"a bad --timeout", `{"tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`, []string{"--timeout", "soon"}, 2, "--timeout", false},
		{"a missing policy directory", `{"tool_name":"Bash","tool_input":{"command":"ls"}}`, []string{"--policy", "does-not-exist"}, 2, "does-not-exist", false},
		{"an extra argument", `{"tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`, []string{"extra"}, 2, "unexpected argument", false},
		// Bash runs "command"; Go's case-folding decoder read "Command".
		{"a case variant of command", `{"tool_name":"Bash","tool_input":{"command":"rm -rf /","Command":"ls"}}`, nil, 2, `"Command" differs from "command"`, false},
		{"a duplicate command", `{"tool_name":"Bash","tool_input":{"command":"rm -rf /","command":"ls"}}`, nil, 2, "appears twice", false},
		// A decision that cannot be recorded is not made.
		{"an audit log that cannot be written", `{"tool_name":"Bash","tool_input":{"command":"ls"}}`, []string{"--audit-log", "/proc/recourse-cannot-write-here/audit.jsonl"}, 2, "could not be recorded", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := runBinary(t, tt.input, append([]string{"hook", "claude-code"}, tt.args...)...)
			if res.exit != tt.want {
				t.Fatalf("exit %d, want %d\nstderr: %s", res.exit, tt.want, res.stderr)
			}
			if tt.ask {
				var out struct {
					Specific struct {
						Event    string `json:"hookEventName"`
						Decision string `json:"permissionDecision"`
						Reason   string `json:"permissionDecisionReason"`
					} `json:"hookSpecificOutput"`
				}
				if err := json.Unmarshal([]byte(res.stdout), &out); err != nil || out.Specific.Event != "PreToolUse" || out.Specific.Decision != "ask" ||
					!strings.Contains(out.Specific.Reason, tt.stderr) || !strings.Contains(out.Specific.Reason, "recourse allow-once ") {
					t.Fatalf("stdout %q, want an ask naming %q and an allow-once code", res.stdout, tt.stderr)
				}
				return
			}
			if !strings.Contains(res.stderr, tt.stderr) {
				t.Errorf("stderr %q lacks %q", res.stderr, tt.stderr)
			}
			if tt.want == 0 && res.stderr != "" {
				t.Errorf("a call that goes ahead printed %q", res.stderr)
			}
			wantContext := slices.Contains(tt.args, "--warn-context")
			if got := strings.Contains(res.stdout, `"additionalContext":"Recourse: WARN`); got != wantContext || !wantContext && res.stdout != "" {
				t.Errorf("stdout %q (additionalContext wanted: %v)", res.stdout, wantContext)
			}
		})
	}
}

// TestHookHostUsageErrors: recourse hook with no host or an unknown one
// stops the call too (exit 2), where it exited 64.
func TestHookHostUsageErrors(t *testing.T) {
	for _, args := range [][]string{{"hook"}, {"hook", "cladue-code"}, {"hook", "--bogus"}} {
		res := runBinary(t, `{"tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`, args...)
		if res.exit != 2 || !strings.Contains(res.stderr, "claude-code") && !strings.Contains(res.stderr, "unknown flag") {
			t.Errorf("%v: exit %d stderr %q, want the stop 2 naming the hosts", args, res.exit, res.stderr)
		}
	}
}

// TestEveryHostStopsOnUsageErrors: a usage error in any host's hook
// command line (a typo in the host's settings) is answered with that
// host's own stop, in the form the host reads: exit 2, or the JSON that
// denies the call.
func TestEveryHostStopsOnUsageErrors(t *testing.T) {
	stops := map[string]string{
		"claude-code": "", "codex": "", "windsurf": "", "kiro": "", "goose": "",
		"gemini-cli": `"decision":"deny"`, "cursor": `"permission":"deny"`, "cline": `"cancel":true`,
		"copilot": `"permissionDecision":"deny"`, "docker-mcp": `"isError":true`,
		"vscode":    `"permissionDecision":"deny"`,
		"qwen-code": "", "factory-droid": "", "kimi-code": "", "opencode": "", "auggie": "",
	}
	for _, h := range hookcmd.Hosts {
		want, ok := stops[h.Name()]
		if !ok {
			t.Errorf("%s: no stop form in this test", h.Name())
			continue
		}
		for _, args := range [][]string{{"--bogus"}, {"--fail-on", "nope"}, {"extra"}} {
			res := runBinary(t, `{}`, append([]string{"hook", h.Name()}, args...)...)
			stopped := res.exit == 2
			if want != "" {
				stopped = strings.Contains(res.stdout, want) && (res.exit == 0 || res.exit == 2)
			}
			if !stopped {
				t.Errorf("%s %v: exit %d stdout %q, want the host's stop", h.Name(), args, res.exit, res.stdout)
			}
		}
	}
}

// TestCrashed: a panic that escapes a command is an internal error (exit
// 1, with the error document under --format json), or the hook's stop.
func TestCrashed(t *testing.T) {
	tests := []struct {
		args   []string
		exit   int
		stdout string
		stderr string
	}{
		{[]string{"eval", "--format", "json", "x.json"}, exitError, `"kind": "internal_error"`, "internal_error"},
		{[]string{"eval", "--format=sarif", "x.json"}, exitError, `"errorKind": "internal_error"`, "not a decision"},
		{[]string{"eval", "x.json"}, exitError, "", "internal_error"},
		{[]string{"hook", "claude-code"}, 2, "", "could not evaluate this call"},
	}
	for _, tt := range tests {
		var stdout, stderr strings.Builder
		code := crashed(tt.args, &stdout, &stderr, errors.New("recourse panicked: boom"))
		if code != tt.exit || !strings.Contains(stdout.String(), tt.stdout) || !strings.Contains(stderr.String(), tt.stderr) {
			t.Errorf("%v: exit %d stdout %q stderr %q", tt.args, code, stdout.String(), stderr.String())
		}
		if tt.stdout == "" && stdout.Len() > 0 {
			t.Errorf("%v: stdout %q", tt.args, stdout.String())
		}
	}
}

// TestAuditLogFromHooksAndEval: hooks and eval append to one chain.
func TestAuditLogFromHooksAndEval(t *testing.T) {
	log := filepath.Join(t.TempDir(), "audit.jsonl")
	if res := runBinary(t, `{"tool_name":"Bash","tool_input":{"command":"ls"}}`, "hook", "claude-code", "--audit-log", log); res.exit != 0 {
		t.Fatalf("%+v", res)
	}
	if res := runBinary(t, "", "eval", "shell", "--audit-log", log, "--", "rm -rf /"); res.exit != 4 {
		t.Fatalf("%+v", res)
	}
	res := runBinary(t, "", "audit", "verify", log)
	data, _ := os.ReadFile(log)
	if res.exit != 0 || strings.Count(string(data), "\n") != 2 || strings.Contains(string(data), "rm -rf") {
		t.Fatalf("%+v\n%s", res, data)
	}
	// An edited line is caught, with its position.
	edited := strings.Replace(string(data), `"decision":"block"`, `"decision":"allow"`, 1)
	if err := os.WriteFile(log, []byte(edited), 0o600); err != nil {
		t.Fatal(err)
	}
	if res := runBinary(t, "", "audit", "verify", log); res.exit != 1 || !strings.Contains(res.stderr, "line 2") {
		t.Fatalf("%+v", res)
	}
}
