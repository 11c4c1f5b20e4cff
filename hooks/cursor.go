package hooks

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/evaluator"
)

// Cursor is Cursor's agent hook (https://cursor.com/docs/agent/hooks, read
// 2026-11-29; Cursor is closed source) for beforeShellExecution
// ({"command", "cwd"}), beforeMCPExecution ({"tool_name", "tool_input"},
// the input an object or a JSON string) and preToolUse ({"tool_name",
// "tool_input"}), each with "hook_event_name" and "workspace_roots".
// Cursor reads the answer from stdout as JSON, {"permission": "allow" |
// "deny" | "ask", "user_message", "agent_message"}, so every answer, a
// go-ahead included, is printed. Its schema accepts "ask" on every
// permission event, but Cursor asks the user only on beforeShellExecution
// and beforeMCPExecution: a preToolUse "ask" runs the call (issue 30), so
// a preToolUse call is read as one that cannot ask, and an escalate there
// is a deny with its allow-once code.
type Cursor struct{}

// Name implements Host.
func (Cursor) Name() string { return "cursor" }

const cursorExample = `{"hook_event_name": "beforeShellExecution", "command": "ls", "cwd": "/home/dev/app", "workspace_roots": ["/home/dev/app"]}`

// cursorTools are Cursor's own tools as preToolUse names them. Its hooks
// reference lists the tool types Shell, Read, Write, Grep, Delete and Task
// (and MCP:<tool>); Shell is a command line, Write and Delete the file
// tools they are, and Read, Grep and Task (a sub-agent, whose own calls
// are hooked one by one) calls of Cursor's server that the read-only rows
// of rules/mcp know. Edit, StrReplace, MultiEdit and Glob are names of
// Cursor's agent tools its hooks may pass too, judged as what they are.
var cursorTools = sync.OnceValue(func() map[string]tool {
	return map[string]tool{
		"Shell": {shell: "command"}, "Write": {as: "write_file"}, "Delete": {as: "delete_file"},
		"Read": {as: "read"}, "Grep": {as: "grep"}, "Task": {as: "task"},
		"Edit": {as: "edit"}, "StrReplace": {as: "edit"}, "MultiEdit": {as: "edit"}, "Glob": {as: "glob"},
	}
})

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
			part, err = toolPart(h.Name(), cursorTools(), call.Tool, args, "tool_input")
		}
		call.CannotAsk = event == "preToolUse"
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

// CanAsk implements Host: Cursor asks its user on "ask" for
// beforeShellExecution and beforeMCPExecution (Read marks a preToolUse
// call as one that cannot ask).
func (Cursor) CanAsk() bool { return true }
