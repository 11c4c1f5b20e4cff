package hooks

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/recourse-dev/recourse/evaluator"
)

// ClaudeCode is Claude Code's PreToolUse command hook
// (https://docs.anthropic.com/en/docs/claude-code/hooks): the input is
// {"tool_name", "tool_input", "cwd", …} on stdin; exit status 2 stops the
// call and shows stderr to Claude, 0 lets it go ahead, and any other
// status is a non-blocking error after which the call runs — so this hook
// never uses one.
type ClaudeCode struct{}

// Name implements Host.
func (ClaudeCode) Name() string { return "claude-code" }

// claudeCodeExample is a well-formed input, for errors.
const claudeCodeExample = `{"tool_name": "Bash", "tool_input": {"command": "ls"}, "cwd": "/home/dev/app"}`

// Read implements Host: a Bash call's command is a shell line in its cwd;
// any other tool (Write, Edit, mcp__server__tool …) is a tool call with
// tool_input as its arguments. Keys are read exactly, as Claude Code reads
// them: a key given twice, or beside a case variant, is refused.
func (h ClaudeCode) Read(data []byte) (Call, error) {
	call, args, _, err := readInput(data, toolUseKeys, claudeCodeExample)
	if err != nil {
		return call, err
	}
	part, err := claudeTool(h.Name(), call.Tool, args)
	call.Parts = []Part{part}
	return call, err
}

// toolUseKeys are the members of the input Claude Code defines and Codex
// copies: {"tool_name", "tool_input", "cwd"}.
var toolUseKeys = keys{tool: "tool_name", args: "tool_input", cwd: "cwd"}

// claudeTools are Claude Code's tools read other than as a call of its own
// server: Bash runs a command line.
var claudeTools = map[string]tool{"Bash": {shell: "command"}}

// claudeTool is the part for one call in Claude Code's naming: its own
// tools are calls of host's server (Write is claude-code.write), an
// mcp__server__tool names its server.
func claudeTool(host, name string, args json.RawMessage) (Part, error) {
	return mcpNamed(host, claudeTools, name, args)
}

// mcpCall is the evaluator's MCP call for a host's tool call; an empty
// server is read from the tool's prefixed name.
func mcpCall(server, tool string, args json.RawMessage) (Part, error) {
	call := map[string]any{"tool": tool, "arguments": args}
	if server != "" {
		call["server"] = server
	}
	out, err := json.Marshal(call)
	return Part{Kind: evaluator.KindMCPCall, Input: out}, err
}

// stringMember sets *dst to obj[key] when it is a JSON string; absent or
// null leaves it empty.
func stringMember(obj map[string]json.RawMessage, key string, dst *string) error {
	raw, ok := obj[key]
	if !ok || string(raw) == "null" {
		return nil
	}
	return json.Unmarshal(raw, dst)
}

// Write implements Host: exit 2 with the reason on stderr stops the call;
// a question is hookSpecificOutput.permissionDecision "ask" with the reason
// as permissionDecisionReason (which Claude Code shows the user in its
// prompt) and exit 0; a call that goes ahead exits 0, with a warn's
// context as hookSpecificOutput.additionalContext on stdout (no
// permissionDecision: Claude Code's own permission rules still decide).
// Claude Code's hooks reference: https://docs.claude.com/en/docs/claude-code/hooks
// (PreToolUse decision control).
func (ClaudeCode) Write(stdout, stderr io.Writer, a Answer) int {
	var out map[string]string
	switch {
	case a.Stop:
		fmt.Fprintln(stderr, a.Reason)
		return ExitStop
	case a.Ask:
		out = map[string]string{"hookEventName": "PreToolUse", "permissionDecision": "ask", "permissionDecisionReason": a.Reason}
	case a.Context != "":
		out = map[string]string{"hookEventName": "PreToolUse", "additionalContext": a.Context}
	default:
		return 0
	}
	if json.NewEncoder(stdout).Encode(map[string]any{"hookSpecificOutput": out}) != nil {
		fmt.Fprintln(stderr, "Recourse could not write its answer, so the call is stopped")
		return ExitStop
	}
	return 0
}

// CanAsk implements Host: Claude Code asks its user on permissionDecision
// "ask".
func (ClaudeCode) CanAsk() bool { return true }

// ClaudeCodeHTTP is Claude Code's type "http" hook: the same input, POSTed
// as the request body. Claude Code reads a 2xx response's JSON body as a
// command hook's stdout, and treats any other status, or a failed
// connection, as a non-blocking error — the call would run. So every
// answer, a stop included, is hookSpecificOutput JSON
// (permissionDecision "deny" for a stop) for a 200 response.
// Claude Code's hooks reference: https://docs.claude.com/en/docs/claude-code/hooks
// (HTTP hooks; PreToolUse decision control).
type ClaudeCodeHTTP struct{ ClaudeCode }

// Write implements Host; its status is the HTTP status to answer.
func (ClaudeCodeHTTP) Write(stdout, _ io.Writer, a Answer) int {
	out, _ := permissionOutput(a)
	_ = json.NewEncoder(stdout).Encode(map[string]any{"hookSpecificOutput": out})
	return 200
}

// permissionOutput is PreToolUse's hookSpecificOutput for a, as Claude
// Code and VS Code read it: permissionDecision "deny" for a stop, "ask"
// for a question, each with the reason, and a warn's note as
// additionalContext; decided is false for a plain go-ahead, which has
// nothing but the event's name.
func permissionOutput(a Answer) (out map[string]string, decided bool) {
	out = map[string]string{"hookEventName": "PreToolUse"}
	switch {
	case a.Stop:
		out["permissionDecision"], out["permissionDecisionReason"] = "deny", a.Reason
	case a.Ask:
		out["permissionDecision"], out["permissionDecisionReason"] = "ask", a.Reason
	case a.Context != "":
		out["additionalContext"] = a.Context
	default:
		return out, false
	}
	return out, true
}
