package hooks

import (
	"fmt"
	"io"

	"github.com/recourse-dev/recourse/evaluator"
)

// Windsurf is Windsurf Cascade's pre-hooks
// (https://docs.windsurf.com/windsurf/cascade/hooks): pre_run_command,
// pre_mcp_tool_use and pre_write_code, whose input is
// {"agent_action_name", "tool_info": {…}}. A pre-hook blocks its action
// by exiting with status 2; its stderr is the reason.
type Windsurf struct{}

// Name implements Host.
func (Windsurf) Name() string { return "windsurf" }

const windsurfExample = `{"agent_action_name": "pre_run_command", "tool_info": {"command_line": "ls", "cwd": "/home/dev/app"}}`

// Read implements Host.
func (h Windsurf) Read(data []byte) (Call, error) {
	obj, err := object(data, "", windsurfExample, "agent_action_name", "tool_info")
	if err != nil {
		return Call{}, err
	}
	action, err := required(obj, "agent_action_name", windsurfExample)
	if err != nil {
		return Call{}, err
	}
	info, err := object(obj["tool_info"], "tool_info", windsurfExample,
		"command_line", "cwd", "file_path", "edits", "mcp_server_name", "mcp_tool_name", "mcp_tool_arguments")
	if err != nil {
		return Call{}, err
	}
	call := Call{Tool: action}
	if call.Cwd, err = text(info, "cwd", windsurfExample); err != nil {
		return Call{}, err
	}
	var part Part
	switch action {
	case "pre_run_command":
		line, err := required(info, "command_line", windsurfExample)
		if err != nil {
			return Call{}, err
		}
		part = Part{Kind: evaluator.KindShell, Input: []byte(line)}
	case "pre_write_code":
		if _, err := required(info, "file_path", `{"tool_info": {"file_path": "src/app.ts", "edits": []}}`); err != nil {
			return Call{}, err
		}
		part, err = mcpCall(h.Name(), "edit", obj["tool_info"])
	case "pre_mcp_tool_use":
		const example = `{"tool_info": {"mcp_server_name": "github", "mcp_tool_name": "delete_repository", "mcp_tool_arguments": {}}}`
		server, err := required(info, "mcp_server_name", example)
		if err != nil {
			return Call{}, err
		}
		name, err := required(info, "mcp_tool_name", example)
		if err != nil {
			return Call{}, err
		}
		args, err := arguments(info["mcp_tool_arguments"], "tool_info.mcp_tool_arguments")
		if err != nil {
			return Call{}, err
		}
		call.Tool = server + "." + name
		part, err = mcpCall(server, name, args)
		call.Parts = []Part{part}
		return call, err
	default:
		return Call{}, fmt.Errorf("the hook input's agent_action_name is %q, which Recourse does not judge; expected pre_run_command, pre_mcp_tool_use or pre_write_code", action)
	}
	call.Parts = []Part{part}
	return call, err
}

// Write implements Host.
func (Windsurf) Write(_, stderr io.Writer, a Answer) int { return onlyText(stderr, a) }

// CanAsk implements Host: a Windsurf pre-hook blocks or lets go.
func (Windsurf) CanAsk() bool { return false }
