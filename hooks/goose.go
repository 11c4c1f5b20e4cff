package hooks

import (
	"encoding/json"
	"io"
	"strings"

	"github.com/recourse-dev/recourse/evaluator"
)

// Goose is goose's PreToolUse plugin hook (block/goose,
// documentation/docs/guides/context-engineering/hooks.md): the input is
// {"event", "tool_name", "tool_input", "working_dir", …}. Exit status 2
// denies the call with stderr as the reason; exit 0 with nothing on stdout
// allows it. Its plugin entry sets "on_failure": "block", so a hook that
// cannot answer stops the call too.
//
// Tool names are goose's own (block/goose@d17f0c192b65a4d2d4d80345e2518d1d919360c4,
// crates/goose/src/agents/platform_extensions/mod.rs): the platform
// extensions with unprefixed_tools (developer, analyze, summon) name their
// tools bare (shell, write, edit, tree, analyze, load, delegate); the others
// prefix them with the extension's name (todo__todo_write,
// extensionmanager__manage_extensions); any other extension is an MCP
// server, named extension__tool.
type Goose struct{}

// Name implements Host.
func (Goose) Name() string { return "goose" }

const gooseExample = `{"event": "PreToolUse", "tool_name": "shell", "tool_input": {"command": "ls"}, "working_dir": "/home/dev/app"}`

// gooseTools are goose's own tools read other than as calls of goose's
// server: the developer extension's shell, write and edit
// (platform_extensions/developer/mod.rs). text_editor, the older editor,
// and computercontroller's automation_script are read apart; the read-only
// tools are rows of rules/mcp/agent.go.
var gooseTools = map[string]tool{"shell": {shell: "command"}, "write": {as: "write_file"}, "edit": {as: "edit"}}

// gooseExtensions are goose's platform extensions that prefix their
// tools, with the tools that are goose's own (each extension's list_tools
// in platform_extensions/, at the commit above). A tool of such a name
// that is not listed is read as any MCP server's.
var gooseExtensions = map[string][]string{
	"developer":          {"shell", "write", "edit", "tree", "text_editor"},
	"analyze":            {"analyze"},
	"summon":             {"load", "delegate"},
	"todo":               {"todo_write"},
	"extensionmanager":   {"search_available_extensions", "manage_extensions", "list_resources", "read_resource"},
	"chatrecall":         {"chatrecall"},
	"memory":             {"remember_memory", "retrieve_memories", "remove_memory_category", "remove_specific_memory"},
	"tutorial":           {"load_tutorial"},
	"computercontroller": {"web_scrape", "automation_script", "computer_control", "cache", "pdf_tool", "docx_tool", "xlsx_tool"},
}

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
		part, err = h.own(call.Tool, args)
	case gooseOwn(ext, name):
		part, err = h.own(name, args)
	default:
		part, err = mcpCall(ext, name, args)
	}
	call.Parts = []Part{part}
	return call, err
}

// gooseOwn reports whether ext__name is a tool of goose's own extensions.
func gooseOwn(ext, name string) bool {
	for _, t := range gooseExtensions[ext] {
		if t == name {
			return true
		}
	}
	return false
}

// own reads a call of one of goose's own tools.
func (h Goose) own(name string, args json.RawMessage) (Part, error) {
	switch name {
	case "text_editor":
		return editorCall(h.Name(), args, "tool_input")
	case "automation_script":
		return gooseScript(h.Name(), args)
	}
	return toolPart(h.Name(), gooseTools, name, args, "tool_input")
}

// gooseScript reads computercontroller's automation_script {language,
// script}: a shell script is judged as the command lines it runs; a Ruby,
// PowerShell or batch script is a call no rule knows.
func gooseScript(host string, args json.RawMessage) (Part, error) {
	const example = `{"language": "shell", "script": "ls"}`
	obj, err := object(args, "tool_input", example, "language", "script")
	if err != nil {
		return Part{}, err
	}
	lang, err := text(obj, "language", example)
	if err != nil {
		return Part{}, err
	}
	if lang != "shell" {
		return mcpCall(host, "automation_script", args)
	}
	script, err := shellLine(args, "tool_input", "script")
	if err != nil {
		return Part{}, err
	}
	return Part{Kind: evaluator.KindShell, Input: []byte(script)}, nil
}

// Write implements Host.
func (Goose) Write(_, stderr io.Writer, a Answer) int { return onlyText(stderr, a) }

// CanAsk implements Host.
func (Goose) CanAsk() bool { return false }
