package hooks

import (
	"encoding/json"
	"io"
	"strings"
)

// GeminiCLI is Gemini CLI's BeforeTool command hook
// (https://geminicli.com/docs/hooks/reference;
// google-gemini/gemini-cli@5411f113cafae26161b4969b0237b8e1e024e2c2,
// packages/core/src/hooks/types.ts, hookRunner.ts, hookAggregator.ts and
// scheduler/hook-utils.ts): the input is {"tool_name", "tool_input",
// "mcp_context", "cwd", …}; MCP tools are named mcp_<server>_<tool>, with
// the server and the tool's own name in mcp_context. The hook runner
// parses stdout (or, when empty, stderr) as JSON: "decision" "deny" or
// "block" blocks the tool with "reason"; "ask" (since #21146, Mar 2026)
// makes the scheduler ask the user, whatever its approval mode, showing
// "systemMessage". Text that is not JSON blocks on an exit status other
// than 0 or 1. A timeout or a hook that cannot start adds no decision,
// so the call runs: Gemini CLI fails open there.
type GeminiCLI struct{}

// Name implements Host.
func (GeminiCLI) Name() string { return "gemini-cli" }

const geminiExample = `{"hook_event_name": "BeforeTool", "tool_name": "run_shell_command", "tool_input": {"command": "ls"}, "cwd": "/home/dev/app"}`

// geminiTools are Gemini CLI's own tools read other than as calls of its
// server (packages/core/src/tools/definitions/base-declarations.ts); the
// rest of ALL_BUILTIN_TOOL_NAMES (packages/core/src/tools/tool-names.ts)
// and its sub-agents read, search, plan or ask, and are the read-only rows
// of rules/mcp.
var geminiTools = map[string]tool{
	"run_shell_command": {shell: "command"},
	"write_file":        {as: "write_file"},
	"replace":           {as: "edit"},
}

// Read implements Host.
func (h GeminiCLI) Read(data []byte) (Call, error) {
	call, args, obj, err := readInput(data, keys{tool: "tool_name", args: "tool_input", cwd: "cwd", more: []string{"mcp_context"}}, geminiExample)
	if err != nil {
		return Call{}, err
	}
	var part Part
	if server, name, ok, err := geminiMCP(obj["mcp_context"]); err != nil {
		return Call{}, err
	} else if ok {
		part, err = mcpCall(server, name, args)
		if err != nil {
			return Call{}, err
		}
	} else if strings.HasPrefix(call.Tool, "mcp_") {
		// An MCP tool without its context: mcp_<server>_<tool> cannot be
		// split where both may hold underscores, so the whole name is
		// judged, and judged as a tool no rule knows.
		part, err = mcpCall("", call.Tool, args)
	} else {
		part, err = toolPart(h.Name(), geminiTools, call.Tool, args, "tool_input")
	}
	call.Parts = []Part{part}
	return call, err
}

// geminiMCP reads mcp_context's server_name and tool_name, when given.
func geminiMCP(raw json.RawMessage) (server, name string, ok bool, err error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", "", false, nil
	}
	const example = `{"mcp_context": {"server_name": "github", "tool_name": "delete_repository"}}`
	obj, err := object(raw, "mcp_context", example, "server_name", "tool_name")
	if err != nil {
		return "", "", false, err
	}
	if server, err = required(obj, "server_name", example); err != nil {
		return "", "", false, err
	}
	if name, err = required(obj, "tool_name", example); err != nil {
		return "", "", false, err
	}
	return server, name, true, nil
}

// Write implements Host: a stop is {"decision": "deny", "reason"} on
// stdout and exit 2 with the reason on stderr, both of which Gemini CLI
// reads as a block; a question is {"decision": "ask", "reason",
// "systemMessage"} with exit 0 (systemMessage is what the confirmation
// shows); 0 with nothing lets the call go.
func (GeminiCLI) Write(stdout, stderr io.Writer, a Answer) int {
	switch {
	case a.Stop:
		writeJSON(stdout, stderr, map[string]string{"decision": "deny", "reason": a.Reason}, ExitStop)
		return onlyText(stderr, a)
	case a.Ask:
		return writeJSON(stdout, stderr, map[string]string{"decision": "ask", "reason": a.Reason, "systemMessage": a.Reason}, 0)
	}
	return 0
}

// CanAsk implements Host: Gemini CLI asks its user on decision "ask".
func (GeminiCLI) CanAsk() bool { return true }
