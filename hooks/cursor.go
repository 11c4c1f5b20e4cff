package hooks

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/recourse-dev/recourse/evaluator"
)

// Cursor is Cursor's agent hook (https://cursor.com/docs/agent/hooks) for
// beforeShellExecution ({"command", "cwd"}), beforeMCPExecution
// ({"tool_name", "tool_input"}, the input an object or a JSON string) and
// preToolUse ({"tool_name", "tool_input"}), each with "hook_event_name"
// and "workspace_roots". Cursor reads the answer from stdout as JSON,
// {"permission": "allow" | "deny" | "ask", "user_message",
// "agent_message"}, so every answer, a go-ahead included, is printed.
type Cursor struct{}

// Name implements Host.
func (Cursor) Name() string { return "cursor" }

const cursorExample = `{"hook_event_name": "beforeShellExecution", "command": "ls", "cwd": "/home/dev/app", "workspace_roots": ["/home/dev/app"]}`

// cursorTools are the tools of Cursor's preToolUse read other than as
// calls of its own server.
var cursorTools = map[string]tool{
	"Shell": {shell: "command"}, "Write": {as: "write_file"}, "Edit": {as: "edit"}, "StrReplace": {as: "edit"},
	"MultiEdit": {as: "edit"}, "Delete": {as: "delete_file"},
}

// Read implements Host.
func (h Cursor) Read(data []byte) (Call, error) {
	obj, err := object(data, "", cursorExample, "hook_event_name", "command", "cwd", "tool_name", "tool_input", "workspace_roots")
	if err != nil {
		return Call{}, err
	}
	event, err := required(obj, "hook_event_name", cursorExample)
	if err != nil {
		return Call{}, err
	}
	var call Call
	if call.Cwd, err = text(obj, "cwd", cursorExample); err != nil {
		return Call{}, err
	}
	if call.Cwd == "" {
		call.Cwd, err = firstRoot(obj["workspace_roots"])
		if err != nil {
			return Call{}, err
		}
	}
	switch event {
	case "beforeShellExecution":
		call.Tool = "Shell"
		line, err := required(obj, "command", cursorExample)
		if err != nil {
			return Call{}, err
		}
		call.Parts = []Part{{Kind: evaluator.KindShell, Input: []byte(line)}}
		return call, nil
	case "beforeMCPExecution", "preToolUse":
		if call.Tool, err = required(obj, "tool_name", cursorExample); err != nil {
			return Call{}, err
		}
		args, err := arguments(obj["tool_input"], "tool_input")
		if err != nil {
			return Call{}, err
		}
		var part Part
		if server, name, ok := cursorMCP(call.Tool); ok {
			part, err = mcpCall(server, name, args)
		} else if event == "beforeMCPExecution" {
			part, err = mcpCall("", call.Tool, args)
		} else {
			part, err = toolPart(h.Name(), cursorTools, call.Tool, args, "tool_input")
		}
		call.Parts = []Part{part}
		return call, err
	}
	return Call{}, fmt.Errorf("the hook input's hook_event_name is %q, which Recourse does not judge; expected beforeShellExecution, beforeMCPExecution or preToolUse", event)
}

// cursorMCP splits Cursor's MCP:server:tool name.
func cursorMCP(name string) (server, tool string, ok bool) {
	rest, ok := strings.CutPrefix(name, "MCP:")
	if !ok {
		return "", "", false
	}
	server, tool, ok = strings.Cut(rest, ":")
	if !ok {
		return "", rest, true
	}
	return server, tool, true
}

// firstRoot is the first of workspace_roots, or "".
func firstRoot(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	var roots []string
	if err := json.Unmarshal(raw, &roots); err != nil {
		return "", fmt.Errorf("the hook input's workspace_roots is not a list of strings; expected %s", cursorExample)
	}
	if len(roots) == 0 {
		return "", nil
	}
	return roots[0], nil
}

// Write implements Host: the permission with the reason as both the
// user's and the agent's message; a go-ahead is "allow", with a warn's
// note for the agent when there is one.
func (Cursor) Write(stdout, stderr io.Writer, a Answer) int {
	out := map[string]string{"permission": "allow"}
	switch {
	case a.Stop:
		out = map[string]string{"permission": "deny", "user_message": a.Reason, "agent_message": a.Reason}
	case a.Ask:
		out = map[string]string{"permission": "ask", "user_message": a.Reason, "agent_message": a.Reason}
	case a.Context != "":
		out["agent_message"] = a.Context
	}
	return writeJSON(stdout, stderr, out, 0)
}

// CanAsk implements Host: Cursor asks its user on "ask".
func (Cursor) CanAsk() bool { return true }
