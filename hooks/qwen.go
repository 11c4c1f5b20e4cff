package hooks

import (
	"io"
)

// QwenCode is Qwen Code's PreToolUse command hook. Its contract, read from
// QwenLM/qwen-code (docs/hooks/qwen-code.md cites the commits):
//   - input (packages/core/src/hooks/types.ts, PreToolUseInput): Claude
//     Code's shape, {"session_id", "cwd", "hook_event_name": "PreToolUse",
//     "permission_mode", "tool_name", "tool_input", "tool_use_id", …};
//   - tools (packages/core/src/tools/tool-names.ts): run_shell_command
//     {"command", "directory"?} runs in directory, relative to the project
//     root; write_file and edit {"file_path", …}; replace is edit's old
//     name; MCP tools are mcp__server__tool (tools/mcp-tool.ts);
//   - answer (hooks/hookRunner.ts, types.ts PreToolUseHookOutput): exit 2
//     with the reason on stderr blocks the call; exit 0 with
//     hookSpecificOutput.permissionDecision "deny" | "ask" | "allow" decides
//     it, "ask" asking the user; any other exit status, a crash or a
//     timeout lets the call run unless the hook entry says
//     "failMode": "closed", which recourse install qwen-code writes.
type QwenCode struct{}

// Name implements Host.
func (QwenCode) Name() string { return "qwen-code" }

const qwenExample = `{"hook_event_name": "PreToolUse", "tool_name": "run_shell_command", "tool_input": {"command": "ls"}, "cwd": "/home/dev/app"}`

// qwenTools are Qwen Code's own tools read other than as calls of its
// server; its read-only tools (read_file, grep_search, glob, …) are rows
// of rules/mcp/agent.go.
var qwenTools = map[string]tool{
	"run_shell_command": {shell: "command"},
	"write_file":        {as: "write_file"},
	"edit":              {as: "edit"},
	"replace":           {as: "edit"},
}

// Read implements Host: a run_shell_command runs in its directory
// argument when it has one.
func (h QwenCode) Read(data []byte) (Call, error) {
	call, args, err := readToolUse(h.Name(), qwenTools, data, qwenExample)
	if err != nil || call.Tool != "run_shell_command" {
		return call, err
	}
	call.Cwd, err = shellDir(args, "directory", call.Cwd)
	return call, err
}

// Write implements Host: Qwen Code reads Claude Code's answers (exit 2 and
// stderr for a stop, hookSpecificOutput for a question or a note).
func (QwenCode) Write(stdout, stderr io.Writer, a Answer) int {
	return ClaudeCode{}.Write(stdout, stderr, a)
}

// CanAsk implements Host: Qwen Code asks on permissionDecision "ask".
func (QwenCode) CanAsk() bool { return true }
