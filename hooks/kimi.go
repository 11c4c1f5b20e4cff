package hooks

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
)

// KimiCode is Kimi Code CLI's PreToolUse hook, a [[hooks]] entry of
// ~/.kimi/config.toml. Its contract, read from MoonshotAI/kimi-cli at
// 4a550effdfcb29a25a5d325bf935296cc50cd417 (docs/hooks/kimi-code.md):
//   - input (src/kimi_cli/hooks/events.py pre_tool_use): {"hook_event_name":
//     "PreToolUse", "session_id", "cwd", "tool_name", "tool_input",
//     "tool_call_id"};
//   - tools (src/kimi_cli/tools): Shell {"command"}, WriteFile {"path",
//     "content", "mode": "overwrite" | "append"}, StrReplaceFile {"path",
//     "edit"}, and read-only ones (ReadFile, Glob, Grep, FetchURL, …). An
//     MCP tool keeps the server's own tool name, with no server in it
//     (soul/toolset.py MCPTool), and may not take a built-in's name;
//   - answer (hooks/runner.py): exit 2 blocks the call with stderr as the
//     reason; so does exit 0 with hookSpecificOutput.permissionDecision
//     "deny". There is no ask. Kimi fails open: any other exit status, a
//     crash, a timeout (30 s by default) or a matcher that is not a valid
//     regular expression lets the call run.
type KimiCode struct{}

// Name implements Host.
func (KimiCode) Name() string { return "kimi-code" }

const kimiExample = `{"hook_event_name": "PreToolUse", "tool_name": "Shell", "tool_input": {"command": "ls"}, "cwd": "/home/dev/app"}`

// kimiTools are Kimi's own tools read other than as calls of its server
// (WriteFile is read apart, by its mode).
var kimiTools = map[string]tool{"Shell": {shell: "command"}, "StrReplaceFile": {as: "edit"}}

// kimiBuiltins are the names of Kimi's own tools (src/kimi_cli/tools at
// the commit above); any other tool is an MCP server's.
var kimiBuiltins = []string{"Shell", "WriteFile", "StrReplaceFile", "ReadFile", "ReadMediaFile", "Glob", "Grep",
	"FetchURL", "SearchWeb", "Think", "SetTodoList", "Agent", "AskUserQuestion", "EnterPlanMode", "ExitPlanMode",
	"TaskList", "TaskOutput", "TaskStop", "SendDMail"}

// Read implements Host.
func (h KimiCode) Read(data []byte) (Call, error) {
	call, args, _, err := readInput(data, keys{tool: "tool_name", args: "tool_input", cwd: "cwd", more: []string{"hook_event_name"}}, kimiExample)
	if err != nil {
		return Call{}, err
	}
	var part Part
	switch {
	case call.Tool == "WriteFile":
		part, err = kimiWrite(h.Name(), args)
	case slices.Contains(kimiBuiltins, call.Tool):
		part, err = toolPart(h.Name(), kimiTools, call.Tool, args, "tool_input")
	default:
		// An MCP tool, named as its server names it.
		part, err = mcpCall("", call.Tool, args)
	}
	call.Parts = []Part{part}
	return call, err
}

// kimiWrite reads a WriteFile call: "overwrite" (the default) replaces the
// file, as write_file does; "append" adds to it, as append_file does.
func kimiWrite(host string, args json.RawMessage) (Part, error) {
	const example = `{"path": "notes.md", "content": "…", "mode": "overwrite"}`
	obj, err := object(args, "tool_input", example, "path", "content", "mode")
	if err != nil {
		return Part{}, err
	}
	mode, err := text(obj, "mode", example)
	if err != nil {
		return Part{}, err
	}
	switch mode {
	case "", "overwrite":
		return mcpCall(host, "write_file", args)
	case "append":
		return mcpCall(host, "append_file", args)
	}
	return Part{}, fmt.Errorf("the WriteFile call's mode is %q; expected overwrite or append", mode)
}

// Write implements Host: exit 2 with the reason on stderr stops the call;
// 0 lets it go.
func (KimiCode) Write(_, stderr io.Writer, a Answer) int { return onlyText(stderr, a) }

// CanAsk implements Host: Kimi's hooks allow or block.
func (KimiCode) CanAsk() bool { return false }
