package hooks

import (
	"io"
)

// Copilot is GitHub Copilot's preToolUse command hook, for Copilot CLI and
// the Copilot coding agent
// (https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference):
// the input is {"timestamp", "cwd", "toolName", "toolArgs"}, toolArgs a
// JSON string of the tool's arguments. The answer is
// {"permissionDecision": "deny", "permissionDecisionReason"} on stdout,
// the one decision its reference says it enforces; its docs do not promise
// that an exit status stops a call, so the stop is the JSON, and a go-ahead
// prints nothing.
type Copilot struct{}

// Name implements Host.
func (Copilot) Name() string { return "copilot" }

const copilotExample = `{"timestamp": 1704614600000, "cwd": "/home/dev/app", "toolName": "bash", "toolArgs": "{\"command\": \"ls\"}"}`

// copilotTools are Copilot CLI's own tools read other than as calls of
// its server.
var copilotTools = map[string]tool{
	"bash": {shell: "command"}, "create": {as: "write_file"}, "edit": {as: "edit"}, "str_replace_editor": {as: "edit"},
}

// Read implements Host.
func (h Copilot) Read(data []byte) (Call, error) {
	call, args, _, err := readInput(data, keys{tool: "toolName", args: "toolArgs", cwd: "cwd"}, copilotExample)
	if err != nil {
		return Call{}, err
	}
	part, err := toolPart(h.Name(), copilotTools, call.Tool, args, "toolArgs")
	call.Parts = []Part{part}
	return call, err
}

// Write implements Host.
func (Copilot) Write(stdout, stderr io.Writer, a Answer) int {
	if !a.Stop && !a.Ask {
		return 0
	}
	return writeJSON(stdout, stderr, map[string]string{"permissionDecision": "deny", "permissionDecisionReason": a.Reason}, 0)
}

// CanAsk implements Host: Copilot's reference documents deny as the
// decision it enforces.
func (Copilot) CanAsk() bool { return false }
