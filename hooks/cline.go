package hooks

import (
	"encoding/json"
	"fmt"
	"io"
)

// Cline is Cline's PreToolUse hook, an executable named PreToolUse in
// .clinerules/hooks/ or ~/Documents/Cline/Hooks/ (cline/cline,
// .clinerules/hooks/README.md): the input is {"hookName", "workspaceRoots",
// "preToolUse": {"toolName", "parameters"}, …}, and the answer, always
// JSON on stdout, {"cancel": true, "errorMessage"} to stop the call, or
// {"cancel": false, "contextModification"} to let it go with a note for
// the model.
type Cline struct{}

// Name implements Host.
func (Cline) Name() string { return "cline" }

const clineExample = `{"hookName": "PreToolUse", "workspaceRoots": ["/home/dev/app"], "preToolUse": {"toolName": "execute_command", "parameters": {"command": "ls"}}}`

// clineTools are Cline's own tools read other than as calls of its
// server (use_mcp_tool is read apart).
var clineTools = map[string]tool{
	"execute_command": {shell: "command"}, "write_to_file": {as: "write_file"}, "replace_in_file": {as: "edit"},
}

// Read implements Host.
func (h Cline) Read(data []byte) (Call, error) {
	obj, err := object(data, "", clineExample, "hookName", "workspaceRoots", "preToolUse")
	if err != nil {
		return Call{}, err
	}
	if name, err := text(obj, "hookName", clineExample); err != nil || name != "PreToolUse" {
		return Call{}, fmt.Errorf("the hook input's hookName is %q; Recourse judges PreToolUse, expected %s", name, clineExample)
	}
	pre, err := object(obj["preToolUse"], "preToolUse", clineExample, "toolName", "parameters")
	if err != nil {
		return Call{}, err
	}
	var call Call
	if call.Tool, err = required(pre, "toolName", clineExample); err != nil {
		return Call{}, err
	}
	if call.Cwd, err = firstRoot(obj["workspaceRoots"]); err != nil {
		return Call{}, err
	}
	args, err := arguments(pre["parameters"], "preToolUse.parameters")
	if err != nil {
		return Call{}, err
	}
	var part Part
	if call.Tool == "use_mcp_tool" {
		part, err = clineMCP(args)
	} else {
		part, err = toolPart(h.Name(), clineTools, call.Tool, args, "preToolUse.parameters")
	}
	call.Parts = []Part{part}
	return call, err
}

// clineMCP reads use_mcp_tool's server_name, tool_name and arguments (a
// JSON string) into the call it makes.
func clineMCP(params json.RawMessage) (Part, error) {
	const example = `{"parameters": {"server_name": "github", "tool_name": "delete_repository", "arguments": "{\"repo\": \"x\"}"}}`
	obj, err := object(params, "preToolUse.parameters", example, "server_name", "tool_name", "arguments")
	if err != nil {
		return Part{}, err
	}
	server, err := required(obj, "server_name", example)
	if err != nil {
		return Part{}, err
	}
	name, err := required(obj, "tool_name", example)
	if err != nil {
		return Part{}, err
	}
	args, err := arguments(obj["arguments"], "preToolUse.parameters.arguments")
	if err != nil {
		return Part{}, err
	}
	return mcpCall(server, name, args)
}

// Write implements Host.
func (Cline) Write(stdout, stderr io.Writer, a Answer) int {
	out := map[string]any{"cancel": false}
	switch {
	case a.Stop || a.Ask:
		out = map[string]any{"cancel": true, "errorMessage": a.Reason}
	case a.Context != "":
		out["contextModification"] = a.Context
	}
	return writeJSON(stdout, stderr, out, 0)
}

// CanAsk implements Host: a Cline hook cancels or lets go.
func (Cline) CanAsk() bool { return false }
