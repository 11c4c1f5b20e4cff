package hooks

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
)

// OpenCode is the hook of OpenCode (anomalyco/opencode, formerly
// sst/opencode), which has no command hook: its plugins' async
// "tool.execute.before"(input {tool, sessionID, callID}, output {args})
// runs before every tool call, and a throw stops the call with the error
// as the tool's result (packages/plugin/src/index.ts, Hooks). recourse
// install opencode writes a plugin file (install/opencode_plugin.js) that
// runs this hook with {"tool", "sessionID", "callID", "args",
// "directory"} on stdin, directory being the plugin's PluginInput.directory
// (the project), and throws with stderr when it exits other than 0 — or
// cannot be started, or runs past its time: the plugin fails closed.
// Tools (packages/opencode/src/tool; docs/hooks/opencode.md cites them):
// bash {"command", "workdir"?}, write {"filePath", "content"}, edit
// {"filePath", "oldString", "newString"}, apply_patch {"patchText"} in
// the *** Begin Patch format; MCP tools are server_tool.
type OpenCode struct{}

// Name implements Host.
func (OpenCode) Name() string { return "opencode" }

const opencodeExample = `{"tool": "bash", "sessionID": "ses_1", "callID": "call_1", "args": {"command": "ls"}, "directory": "/home/dev/app"}`

// opencodeTools are OpenCode's own tools read other than as calls of its
// server (apply_patch is read apart, one file tool per file).
var opencodeTools = map[string]tool{"bash": {shell: "command"}, "write": {as: "write_file"}, "edit": {as: "edit"}}

// opencodeBuiltins are the names of OpenCode's own tools (tool/registry.ts
// and the tools docs); any other tool is an MCP server's or a plugin's.
var opencodeBuiltins = []string{"bash", "read", "write", "edit", "apply_patch", "patch", "glob", "grep", "list",
	"task", "webfetch", "websearch", "codesearch", "todowrite", "todoread", "skill", "question", "lsp",
	"plan_enter", "plan_exit", "invalid"}

// Read implements Host.
func (h OpenCode) Read(data []byte) (Call, error) {
	call, args, _, err := readInput(data, keys{tool: "tool", args: "args", cwd: "directory", more: []string{"sessionID", "callID"}}, opencodeExample)
	if err != nil {
		return Call{}, err
	}
	switch {
	case call.Tool == "apply_patch" || call.Tool == "patch":
		call.Parts, err = opencodePatch(h.Name(), call.Tool, args)
		return call, err
	case call.Tool == "bash":
		if call.Cwd, err = shellDir(args, "workdir", call.Cwd); err != nil {
			return Call{}, err
		}
	}
	server := ""
	if slices.Contains(opencodeBuiltins, call.Tool) {
		server = h.Name()
	}
	var part Part
	if server == "" {
		// An MCP tool (server_tool) or a plugin's: the whole name is judged.
		part, err = mcpCall("", call.Tool, args)
	} else {
		part, err = toolPart(server, opencodeTools, call.Tool, args, "args")
	}
	call.Parts = []Part{part}
	return call, err
}

// opencodePatch is an apply_patch call as one file-tool call per file its
// patchText adds, updates, moves or deletes (the grammar Codex's
// apply_patch shares; a header it does not know is refused).
func opencodePatch(host, name string, args json.RawMessage) ([]Part, error) {
	patch, err := shellLine(args, "args", "patchText")
	if err != nil {
		return nil, fmt.Errorf("the %s call has no patch: %w", name, err)
	}
	return patchParts(host, patch)
}

// Write implements Host: exit 2 with the reason on stderr, which the
// plugin throws; 0 lets the call go.
func (OpenCode) Write(_, stderr io.Writer, a Answer) int { return onlyText(stderr, a) }

// CanAsk implements Host: a tool.execute.before plugin can only let a
// call go or throw.
func (OpenCode) CanAsk() bool { return false }
