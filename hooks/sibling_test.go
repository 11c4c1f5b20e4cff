package hooks

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

// Sibling inputs, shaped as each host's own source sends them:
//   - VS Code: microsoft/vscode@465ebdf6 extensions/copilot/src/extension/chat/vscode-node/chatHookService.ts
//     (common input + tool_name, tool_input, tool_use_id); VS Code reads .claude/settings*.json and ~/.copilot/hooks.
//   - Copilot CLI: github/docs@927566b0 cli-hooks-reference.md (preToolUse camelCase input; PreToolUse
//     snake_case input); Copilot CLI reads .claude/settings*.json (github/copilot-cli changelog.md).
//   - Cursor: https://cursor.com/docs/agent/hooks (beforeShellExecution with workspace_roots); Cursor loads
//     Claude Code's hooks and maps their events to its own (https://cursor.com/docs/reference/third-party-hooks).
const (
	vscodeBlock   = `{"timestamp":"2026-11-29T04:00:00.000Z","hook_event_name":"PreToolUse","session_id":"s1","cwd":"/home/dev/app","tool_name":"run_in_terminal","tool_input":{"command":"rm -rf ~","explanation":"x","isBackground":false},"tool_use_id":"call_1"}`
	vscodeRead    = `{"timestamp":"2026-11-29T04:00:00.000Z","hook_event_name":"PreToolUse","tool_name":"read_file","tool_input":{"filePath":"/home/dev/app/a.ts","startLine":1,"endLine":9},"tool_use_id":"call_1"}`
	copilotBlock  = `{"sessionId":"s1","timestamp":1704614600000,"cwd":"/home/dev/app","toolName":"bash","toolArgs":"{\"command\":\"rm -rf ~\"}"}`
	copilotAllow  = `{"sessionId":"s1","timestamp":1704614600000,"cwd":"/home/dev/app","toolName":"rg","toolArgs":"{\"pattern\":\"TODO\"}"}`
	copilotSnake  = `{"hook_event_name":"PreToolUse","session_id":"s1","timestamp":"2026-11-29T04:00:00.000Z","cwd":"/home/dev/app","tool_name":"bash","tool_input":{"command":"rm -rf ~"}}`
	cursorBlock   = `{"hook_event_name":"beforeShellExecution","conversation_id":"c","workspace_roots":["/home/dev/app"],"command":"rm -rf ~","cwd":"/home/dev/app"}`
	claudeBlock   = `{"session_id":"s1","hook_event_name":"PreToolUse","cwd":"/home/dev/app","tool_name":"Bash","tool_input":{"command":"rm -rf ~"},"tool_use_id":"toolu_1"}`
	twoHosts      = `{"toolName":"bash","toolArgs":"{\"command\":\"ls\"}","workspace_roots":["/"],"hook_event_name":"beforeShellExecution","command":"ls"}`
	nobodysFields = `{"tool":"bash","args":{"command":"ls"}}`
)

// TestSibling: an input is its own host's when that host's markers are
// in it and no other host's are; otherwise it stays with the named host.
func TestSibling(t *testing.T) {
	tests := []struct {
		named Host
		input string
		want  string
	}{
		{ClaudeCode{}, vscodeBlock, "vscode"},
		{ClaudeCode{}, copilotBlock, "copilot"},
		{ClaudeCode{}, copilotSnake, "copilot"},
		{ClaudeCode{}, cursorBlock, "cursor"},
		{ClaudeCode{}, claudeBlock, "claude-code"},
		{Copilot{}, vscodeBlock, "vscode"},
		{Copilot{}, copilotSnake, "copilot"},
		{VSCode{}, copilotSnake, "copilot"},
		{VSCode{}, vscodeBlock, "vscode"},
		{Cursor{}, copilotBlock, "cursor"},
		{DockerMCP{}, copilotBlock, "docker-mcp"},
		{Codex{}, vscodeBlock, "codex"},
		{ClaudeCode{}, twoHosts, "claude-code"},
		{ClaudeCode{}, nobodysFields, "claude-code"},
		{ClaudeCode{}, `not json`, "claude-code"},
		{ClaudeCode{}, `{"toolName":"bash","toolArgs":"{}","toolName":"x"}`, "claude-code"},
		{ClaudeCodeHTTP{}, vscodeBlock, "claude-code"},
	}
	for _, tt := range tests {
		if got := Sibling(tt.named, []byte(tt.input)).Name(); got != tt.want {
			t.Errorf("Sibling(%s, %.60s…) = %s, want %s", tt.named.Name(), tt.input, got, tt.want)
		}
	}
}

// TestSiblingThroughClaudeEntry: a VS Code, a Copilot and a Cursor input
// sent to a recourse hook claude-code entry (the Claude settings file
// those hosts load) are each judged and answered in their own host's
// form; what no host marks is still Claude Code's stop.
func TestSiblingThroughClaudeEntry(t *testing.T) {
	ev, err := newEvaluator(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{
		Setup: func(context.Context, string) (Setup, error) {
			return Setup{Evaluator: ev, FailOn: model.Escalate}, nil
		},
		EscalateAsk: true,
	}
	tests := []struct {
		name, input string
		exit        int
		stdout      string // a prefix of stdout; "" for none
		stderr      string
	}{
		{"vscode stop", vscodeBlock, 0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"Recourse stopped this call: BLOCK`, ""},
		{"vscode read", vscodeRead, 0, "", ""},
		{"copilot stop", copilotBlock, 0, `{"permissionDecision":"deny","permissionDecisionReason":"Recourse stopped this call: BLOCK`, ""},
		{"copilot read", copilotAllow, 0, "", ""},
		{"copilot snake stop", copilotSnake, 0, `{"permissionDecision":"deny","permissionDecisionReason":"Recourse stopped this call: BLOCK`, ""},
		{"cursor stop", cursorBlock, 0, `{"agent_message":"Recourse stopped this call: BLOCK`, ""},
		{"claude stop", claudeBlock, ExitStop, "", "Recourse stopped this call: BLOCK"},
		{"two hosts", twoHosts, ExitStop, "", "Recourse could not evaluate this call"},
		{"nobody's", nobodysFields, ExitStop, "", "Recourse could not evaluate this call"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := Run(context.Background(), ClaudeCode{}, strings.NewReader(tt.input), &stdout, &stderr, cfg)
			if code != tt.exit {
				t.Errorf("exit %d, want %d (stdout %s, stderr %s)", code, tt.exit, stdout.String(), stderr.String())
			}
			if tt.stdout == "" && stdout.Len() != 0 || !strings.HasPrefix(stdout.String(), tt.stdout) {
				t.Errorf("stdout %q, want it to start with %q", stdout.String(), tt.stdout)
			}
			if !strings.HasPrefix(stderr.String(), tt.stderr) {
				t.Errorf("stderr %q, want it to start with %q", stderr.String(), tt.stderr)
			}
		})
	}
}

// FuzzSibling: any bytes leave the named host in charge, or pass to one
// other host of All whose markers the input carries; never a panic.
func FuzzSibling(f *testing.F) {
	for _, s := range []string{vscodeBlock, copilotBlock, copilotSnake, cursorBlock, claudeBlock, twoHosts, nobodysFields} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		for _, named := range All() {
			got := Sibling(named, []byte(input))
			if got == named {
				continue
			}
			if !isCommandHost(got) || marks[got.Name()] == nil {
				t.Fatalf("Sibling(%s, %q) = %s, which has no markers", named.Name(), input, got.Name())
			}
		}
	})
}
