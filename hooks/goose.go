package hooks

import (
	"io"
	"strings"
)

// Goose is goose's PreToolUse plugin hook (block/goose,
// documentation/docs/guides/context-engineering/hooks.md): the input is
// {"event", "tool_name", "tool_input", "working_dir", …}, tools named
// extension__tool (developer__shell). Exit status 2 denies the call with
// stderr as the reason; exit 0 with nothing on stdout allows it. Its
// plugin entry sets "on_failure": "block", so a hook that cannot answer
// stops the call too.
type Goose struct{}

// Name implements Host.
func (Goose) Name() string { return "goose" }

const gooseExample = `{"event": "PreToolUse", "tool_name": "developer__shell", "tool_input": {"command": "ls"}, "working_dir": "/home/dev/app"}`

// gooseTools are the developer extension's tools read other than as calls
// of goose's server (its docs' "Tool Input Keys"); text_editor, the
// older editor, is read apart.
var gooseTools = map[string]tool{"shell": {shell: "command"}, "write": {as: "write_file"}, "edit": {as: "edit"}}

// Read implements Host.
func (h Goose) Read(data []byte) (Call, error) {
	call, args, _, err := readInput(data, keys{tool: "tool_name", args: "tool_input", cwd: "working_dir", more: []string{"event"}}, gooseExample)
	if err != nil {
		return Call{}, err
	}
	ext, name, ok := strings.Cut(call.Tool, "__")
	var part Part
	switch {
	case !ok:
		part, err = toolPart(h.Name(), gooseTools, call.Tool, args, "tool_input")
	case ext == "developer" && name == "text_editor":
		part, err = editorCall(h.Name(), args, "tool_input")
	case ext == "developer":
		part, err = toolPart(h.Name(), gooseTools, name, args, "tool_input")
	default:
		part, err = mcpCall(ext, name, args)
	}
	call.Parts = []Part{part}
	return call, err
}

// Write implements Host.
func (Goose) Write(_, stderr io.Writer, a Answer) int { return onlyText(stderr, a) }

// CanAsk implements Host.
func (Goose) CanAsk() bool { return false }
