package hooks

import (
	"io"
)

// FactoryDroid is Factory Droid's PreToolUse command hook. Its contract,
// from Factory's own documentation and SDK (docs/hooks/factory-droid.md
// cites the commits):
//   - input (Factory-AI/factory docs/reference/hooks-reference.mdx):
//     {"sessionId", "transcriptPath", "cwd", "permissionMode",
//     "hookEventName": "PreToolUse", "tool_name", "tool_input"}; MCP tools
//     are mcp__server__tool;
//   - tools (Factory-AI/droid-sdk-typescript src/protocol/tools.ts):
//     Execute {"command"}, Create {"file_path", "content"}, Edit
//     {"file_path", "old_str", "new_str"}, ApplyPatch {"file_path",
//     "patch"}, and the read-only Read, LS, Glob, Grep, WebSearch,
//     FetchUrl, Task, TodoWrite, ExitSpecMode, Skill, ProposeMission;
//   - answer: exit 2 blocks the call and shows stderr to Droid;
//     hookSpecificOutput.permissionDecision "ask" asks the user; any other
//     exit status, a crash or a timeout (60 s) is a non-blocking error
//     after which the call runs.
type FactoryDroid struct{}

// Name implements Host.
func (FactoryDroid) Name() string { return "factory-droid" }

const factoryExample = `{"hookEventName": "PreToolUse", "tool_name": "Execute", "tool_input": {"command": "ls"}, "cwd": "/home/dev/app"}`

// factoryTools are Droid's own tools read other than as calls of its
// server: ApplyPatch changes the one file its file_path names.
var factoryTools = map[string]tool{
	"Execute":    {shell: "command"},
	"Create":     {as: "write_file"},
	"Edit":       {as: "edit"},
	"ApplyPatch": {as: "edit"},
}

// Read implements Host.
func (h FactoryDroid) Read(data []byte) (Call, error) {
	call, _, err := readToolUse(h.Name(), factoryTools, data, factoryExample)
	return call, err
}

// Write implements Host: Droid reads Claude Code's answers.
func (FactoryDroid) Write(stdout, stderr io.Writer, a Answer) int {
	return ClaudeCode{}.Write(stdout, stderr, a)
}

// CanAsk implements Host: Droid asks on permissionDecision "ask".
func (FactoryDroid) CanAsk() bool { return true }
