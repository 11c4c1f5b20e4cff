package hooks

import (
	"fmt"
	"io"
)

// Copilot is GitHub Copilot's preToolUse command hook, for Copilot CLI and
// the Copilot coding agent. Contract: the CLI hooks reference,
// github/docs@927566b0b7df8ea8be3ec136965f7f45ee24951b:content/copilot/reference/copilot-cli-reference/cli-hooks-reference.md
// (https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference,
// read 2026-11-29), and the release notes of github/copilot-cli@9532bdac
// (changelog.md, to 1.0.78 of 2026-08-03); excerpts in
// testdata/contracts/copilot.md.
//
// The input configured as preToolUse is {"sessionId", "timestamp", "cwd",
// "toolName", "toolArgs"}, toolArgs the tool's arguments (a JSON string
// or an object); configured as PreToolUse it is the VS Code-compatible
// {"hook_event_name", "session_id", "timestamp", "cwd", "tool_name",
// "tool_input"}. Either is read, not both at once.
//
// The answer is {"permissionDecision": "deny" | "ask",
// "permissionDecisionReason"} on stdout with exit 0; a go-ahead prints
// nothing (or a warn's additionalContext). "ask" prompts in the CLI (since
// 1.0.4) and denies where no one can answer (the coding agent, -p). A
// stop is the JSON rather than exit 2, which denies only since 1.0.70 and
// was skipped before; a crash denies since 1.0.57, but a timeout lets the
// call run (1.0.67).
type Copilot struct{}

// Name implements Host.
func (Copilot) Name() string { return "copilot" }

const copilotExample = `{"timestamp": 1704614600000, "cwd": "/home/dev/app", "toolName": "bash", "toolArgs": "{\"command\": \"ls\"}"}`

// copilotTools are Copilot CLI's own tools read other than as calls of
// its server: the reference's "Tool names for hook matching" (bash,
// powershell, create, edit, view, glob, grep, web_fetch, task, ask_user)
// and the tools its release notes name (apply_patch, str_replace_editor,
// rg, update_todo, read_bash, …). Read-only ones are rows of
// rules/mcp/agent.go. Bash is the Claude name Copilot sends to Claude-format
// hooks (1.0.62).
var copilotTools = map[string]tool{
	"bash": {shell: "command"}, "powershell": {shell: "command"}, "Bash": {shell: "command"},
	"create": {as: "write_file"}, "edit": {as: "edit"}, "str_replace_editor": {as: "edit"},
}

// copilotSnakeKeys are the members of Copilot's PreToolUse
// (VS Code-compatible) input.
var copilotSnakeKeys = keys{tool: "tool_name", args: "tool_input", cwd: "cwd", more: []string{"hook_event_name", "session_id"}}

// copilotCamelKeys are the members of Copilot's preToolUse input.
var copilotCamelKeys = keys{tool: "toolName", args: "toolArgs", cwd: "cwd", more: []string{"sessionId"}}

// Read implements Host.
func (h Copilot) Read(data []byte) (Call, error) {
	obj, err := object(data, "", copilotExample)
	if err != nil {
		return Call{}, err
	}
	_, camel := obj["toolName"]
	_, snake := obj["tool_name"]
	if camel && snake {
		return Call{}, fmt.Errorf("the hook input has both toolName and tool_name, which Copilot never sends together; expected %s", copilotExample)
	}
	k, field := copilotCamelKeys, "toolArgs"
	if snake {
		k, field = copilotSnakeKeys, "tool_input"
	}
	if text, ok := rawPatch(obj, k); ok {
		call, err := flatCall(data, k, copilotExample)
		if err != nil {
			return Call{}, err
		}
		return patchCall(h.Name(), call, text)
	}
	call, args, _, err := readInput(data, k, copilotExample)
	if err != nil {
		return Call{}, err
	}
	if call.Tool == "apply_patch" {
		text, err := patchInput(args, field)
		if err != nil {
			return Call{}, err
		}
		return patchCall(h.Name(), call, text)
	}
	part, err := toolPart(h.Name(), copilotTools, call.Tool, args, field)
	call.Parts = []Part{part}
	return call, err
}

// Write implements Host: a stop or a question is permissionDecision
// "deny" or "ask" with the reason; a warn that goes ahead adds its note
// as additionalContext.
func (Copilot) Write(stdout, stderr io.Writer, a Answer) int {
	switch {
	case a.Stop:
		return writeJSON(stdout, stderr, map[string]string{"permissionDecision": "deny", "permissionDecisionReason": a.Reason}, 0)
	case a.Ask:
		return writeJSON(stdout, stderr, map[string]string{"permissionDecision": "ask", "permissionDecisionReason": a.Reason}, 0)
	case a.Context != "":
		return writeJSON(stdout, stderr, map[string]string{"additionalContext": a.Context}, 0)
	}
	return 0
}

// CanAsk implements Host: Copilot CLI prompts on "ask" (1.0.4); where no
// one can answer, "ask" is a deny.
func (Copilot) CanAsk() bool { return true }
