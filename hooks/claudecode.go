package hooks

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/internal/jsonstrict"
	"github.com/recourse-dev/recourse/model"
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
func (ClaudeCode) Read(data []byte) (Call, error) {
	obj, err := jsonstrict.Object(data)
	var dup *model.Error
	switch {
	case errors.As(err, &dup):
		return Call{}, err
	case err != nil || obj == nil:
		return Call{}, fmt.Errorf("the hook input is not JSON or not an object (%v); expected Claude Code's PreToolUse input, %s", err, claudeCodeExample)
	}
	if err := jsonstrict.CaseVariants(obj, "", "tool_name", "tool_input", "cwd"); err != nil {
		return Call{}, err
	}
	var call Call
	if err := stringMember(obj, "tool_name", &call.Tool); err != nil || call.Tool == "" {
		return Call{}, fmt.Errorf("the hook input has no tool_name string; expected %s", claudeCodeExample)
	}
	if err := stringMember(obj, "cwd", &call.Cwd); err != nil {
		return Call{}, fmt.Errorf("the hook input's cwd is not a string; expected %s", claudeCodeExample)
	}
	input := obj["tool_input"]
	if call.Tool == "Bash" {
		line, err := bashCommand(input)
		if err != nil {
			return Call{}, err
		}
		call.Kind, call.Input = evaluator.KindShell, []byte(line)
		return call, nil
	}
	if len(input) == 0 || string(input) == "null" {
		input = json.RawMessage("{}")
	}
	server := "claude-code" // a built-in tool (Write, Edit …); an mcp__server__tool names its own
	if strings.HasPrefix(call.Tool, "mcp__") {
		server = ""
	}
	call.Kind, call.Input, err = mcpCall(server, call.Tool, input)
	return call, err
}

// bashCommand reads the command of a Bash tool_input exactly.
func bashCommand(input json.RawMessage) (string, error) {
	obj, err := jsonstrict.Object(input)
	if err != nil || obj == nil {
		return "", fmt.Errorf(`the Bash call's tool_input is not an object with a command; expected {"tool_input": {"command": "ls"}}`)
	}
	if err := jsonstrict.CaseVariants(obj, "tool_input", "command"); err != nil {
		return "", err
	}
	var line string
	if err := stringMember(obj, "command", &line); err != nil || strings.TrimSpace(line) == "" {
		return "", fmt.Errorf(`the Bash call has no command in tool_input; expected {"tool_input": {"command": "ls"}}`)
	}
	return line, nil
}

// mcpCall is the evaluator's MCP call for a host's tool call; an empty
// server is read from the tool's prefixed name.
func mcpCall(server, tool string, args json.RawMessage) (evaluator.Kind, []byte, error) {
	call := map[string]any{"tool": tool, "arguments": args}
	if server != "" {
		call["server"] = server
	}
	out, err := json.Marshal(call)
	return evaluator.KindMCPCall, out, err
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
