package hooks

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Kiro is Kiro CLI's pre-tool hook: in 3.x a standalone hooks file,
// .kiro/hooks/NAME.json with a "PreToolUse" trigger, that applies to
// every agent (https://kiro.dev/docs/cli/v3/hooks/, read 2026-11-29), and
// before it a "preToolUse" entry in one agent's configuration
// (https://kiro.dev/docs/cli/hooks). The input is {"hook_event_name",
// "cwd", "tool_name", "tool_input"}, the event named as the form spells
// it; tool names are the built-ins of
// https://kiro.dev/docs/cli/reference/built-in-tools/ (read, write,
// shell, use_aws …) and their earlier names (fs_read, fs_write,
// execute_bash). Exit status 2 blocks the tool and returns stderr to the
// model; Kiro has no ask.
type Kiro struct{}

// Name implements Host.
func (Kiro) Name() string { return "kiro" }

const kiroExample = `{"hook_event_name": "preToolUse", "cwd": "/home/dev/app", "tool_name": "shell", "tool_input": {"command": "ls"}}`

// kiroTools are Kiro's own tools read other than as calls of its server:
// the shell tool is shell in current releases and execute_bash before
// (fs_write is read apart, use_aws as the AWS API call it names).
var kiroTools = map[string]tool{"shell": {shell: "command"}, "execute_bash": {shell: "command"}}

// Read implements Host.
func (h Kiro) Read(data []byte) (Call, error) {
	call, args, _, err := readInput(data, keys{tool: "tool_name", args: "tool_input", cwd: "cwd", more: []string{"hook_event_name"}}, kiroExample)
	if err != nil {
		return Call{}, err
	}
	var part Part
	switch name := call.Tool; {
	case name == "fs_write" || name == "write":
		part, err = editorCall(h.Name(), args, "tool_input")
	case strings.HasPrefix(name, "@"):
		// An MCP tool, @server/tool as Kiro's matchers name it.
		server, tool, _ := strings.Cut(strings.TrimPrefix(name, "@"), "/")
		part, err = mcpCall(server, tool, args)
	case strings.Contains(name, "___"):
		// An MCP tool as Kiro names it to the model, server___tool.
		part, err = mcpCall("", name, args)
	default:
		part, err = toolPart(h.Name(), kiroTools, name, args, "tool_input")
	}
	call.Parts = []Part{part}
	return call, err
}

// editorCall reads a file editor's call, whose "command" is the edit to
// make (create, str_replace, insert, append; Kiro's fs_write and Goose's
// text_editor), as the file tool it is: a create writes the file over, the
// rest edit it, a view reads it. The command is no command line.
func editorCall(host string, args json.RawMessage, field string) (Part, error) {
	const example = `{"command": "create", "path": "notes.md", "file_text": "…"}`
	obj, err := object(args, field, example, "command", "path", "file_text")
	if err != nil {
		return Part{}, err
	}
	op, err := required(obj, "command", example)
	if err != nil {
		return Part{}, err
	}
	path, err := required(obj, "path", example)
	if err != nil {
		return Part{}, err
	}
	content, err := text(obj, "file_text", example)
	if err != nil {
		return Part{}, err
	}
	var tool string
	out := map[string]any{"path": path}
	switch op {
	case "create", "write":
		tool, out["content"] = "write_file", content
	case "str_replace", "insert", "append", "undo_edit":
		tool = "edit"
	case "view":
		tool = "read_file"
	default:
		return Part{}, fmt.Errorf("the file editor's command is %q, which Recourse does not know; expected create, write, str_replace, insert, append or view", op)
	}
	b, err := json.Marshal(out)
	if err != nil {
		return Part{}, err
	}
	return mcpCall(host, tool, b)
}

// Write implements Host.
func (Kiro) Write(_, stderr io.Writer, a Answer) int { return onlyText(stderr, a) }

// CanAsk implements Host.
func (Kiro) CanAsk() bool { return false }
