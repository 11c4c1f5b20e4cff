package hooks

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// VSCode is Visual Studio Code's agent PreToolUse command hook (Copilot
// Chat's agent). Contract, from microsoft/vscode's own source (excerpts in
// testdata/contracts/vscode.md):
//   - the input: microsoft/vscode@465ebdf68274ef2bdca338b6915fd10e1f38415e:extensions/copilot/src/extension/chat/vscode-node/chatHookService.ts
//     — {"timestamp" (ISO text), "hook_event_name": "PreToolUse",
//     "session_id", "transcript_path", "cwd" (the entry's cwd, else the
//     workspace root: hookSchema.ts resolveHookCommand, microsoft/vscode@19e607ed),
//     "tool_name", "tool_input", "tool_use_id"}, tool_name the name the
//     model calls (run_in_terminal, create_file, …);
//   - the answer: the same file — {"hookSpecificOutput":
//     {"permissionDecision": "allow" | "deny" | "ask",
//     "permissionDecisionReason", "additionalContext"}} on stdout with exit
//     0, the most restrictive of all hooks winning; exit 2 denies; any
//     other exit status, a command that cannot start and a timeout (30 s
//     by default) are warnings after which the tool runs
//     (microsoft/vscode-copilot-chat@31acd00a86424e2ee6e980e54919cf31fbf88030:src/platform/chat/node/hookExecutor.ts);
//   - the tools and their arguments: run_in_terminal
//     (microsoft/vscode@00938850:src/vs/workbench/contrib/terminalContrib/chatAgentTools/browser/tools/runInTerminalTool.ts),
//     the others in Copilot Chat's package.json languageModelTools and
//     src/extension/tools/common/toolNames.ts (vscode-copilot-chat@31acd00a);
//   - the files: promptFileLocations.ts DEFAULT_HOOK_FILE_PATHS,
//     .github/hooks/*.json, .claude/settings.local.json,
//     .claude/settings.json, ~/.copilot/hooks, ~/.claude/settings.json;
//   - https://code.visualstudio.com/docs/agents/reference/hooks-reference
//     (read 2026-11-29).
//
// A stop is the deny JSON rather than exit 2: in VS Code's own hooks
// service (src/vs/workbench/contrib/chat/common/hooks) exit 2 stops the
// whole chat request, not the one tool
// (microsoft/vscode@4d040182bf561fc8efd193055688a72e4de06810:src/vs/workbench/contrib/chat/common/hooks/hooksExecutionService.ts).
type VSCode struct{}

// Name implements Host.
func (VSCode) Name() string { return "vscode" }

const vscodeExample = `{"hook_event_name": "PreToolUse", "tool_name": "run_in_terminal", "tool_input": {"command": "ls", "explanation": "list", "isBackground": false}, "tool_use_id": "call_1", "cwd": "/home/dev/app"}`

// vscodeTools are VS Code's agent tools read other than as calls of its
// own server: the terminal runs a command line; the file tools write and
// edit the file in filePath. Read-only tools (read_file, list_dir,
// grep_search, manage_todo_list, runSubagent, …) are rows of
// rules/mcp/agent.go; tools that run code other than a command line
// (run_task, runTests, run_notebook_cell, run_vscode_command,
// install_extension) are tools no rule knows, which ask.
var vscodeTools = map[string]tool{
	"run_in_terminal": {shell: "command"}, "create_file": {as: "write_file"}, "replace_string_in_file": {as: "edit"},
	"insert_edit_into_file": {as: "edit"}, "edit_notebook_file": {as: "edit"},
}

// Read implements Host: apply_patch is one file-tool part per file of its
// patch, multi_replace_string_in_file one edit per replacement, and a
// tool named mcp_SERVER_TOOL is judged by its whole name, as VS Code does
// not say where the server's name ends.
func (h VSCode) Read(data []byte) (Call, error) {
	k := keys{tool: "tool_name", args: "tool_input", cwd: "cwd", more: []string{"hook_event_name", "tool_use_id", "session_id"}}
	call, args, obj, err := readInput(data, k, vscodeExample)
	if err != nil {
		return Call{}, err
	}
	if event, _ := text(obj, "hook_event_name", vscodeExample); event != "" && event != "PreToolUse" {
		return Call{}, fmt.Errorf("the hook input's hook_event_name is %q, which Recourse does not judge; expected PreToolUse", event)
	}
	switch call.Tool {
	case "apply_patch":
		patch, err := patchInput(args, "tool_input")
		if err != nil {
			return Call{}, err
		}
		return patchCall(h.Name(), call, patch)
	case "multi_replace_string_in_file":
		return replacements(h.Name(), call, args)
	}
	host := h.Name()
	if strings.HasPrefix(call.Tool, "mcp_") {
		host = ""
	}
	part, err := toolPart(host, vscodeTools, call.Tool, args, "tool_input")
	call.Parts = []Part{part}
	return call, err
}

// replacements is a multi_replace_string_in_file call as one edit per
// element of its replacements ({"filePath", "oldString", "newString"}).
func replacements(host string, call Call, args json.RawMessage) (Call, error) {
	const example = `{"explanation": "x", "replacements": [{"filePath": "/home/dev/app/a.ts", "oldString": "a", "newString": "b"}]}`
	obj, err := object(args, "tool_input", example, "replacements")
	if err != nil {
		return Call{}, err
	}
	var list []json.RawMessage
	if err := json.Unmarshal(obj["replacements"], &list); err != nil || len(list) == 0 {
		return Call{}, fmt.Errorf("tool_input.replacements is not a list of replacements; expected %s", example)
	}
	for i, r := range list {
		field := fmt.Sprintf("tool_input.replacements[%d]", i)
		if _, err := object(r, field, example, "filePath"); err != nil {
			return Call{}, err
		}
		part, err := mcpCall(host, "edit", r)
		if err != nil {
			return Call{}, err
		}
		call.Parts = append(call.Parts, part)
	}
	return call, nil
}

// Write implements Host: every decision is hookSpecificOutput JSON on
// stdout with exit 0 — "deny" for a stop, "ask" for a question, and a
// warn's note as additionalContext; a go-ahead prints nothing, leaving
// VS Code's own approvals to decide.
func (VSCode) Write(stdout, stderr io.Writer, a Answer) int {
	out, decided := permissionOutput(a)
	if !decided {
		return 0
	}
	return writeJSON(stdout, stderr, map[string]any{"hookSpecificOutput": out}, 0)
}

// CanAsk implements Host: VS Code asks its user on "ask".
func (VSCode) CanAsk() bool { return true }
