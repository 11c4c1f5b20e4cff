package hooks

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/internal/jsonstrict"
	"github.com/recourse-dev/recourse/internal/lazyregexp"
)

// Cline is Cline's PreToolUse hook, an executable named PreToolUse in
// .clinerules/hooks/ or ~/Documents/Cline/Hooks/. The contract is pinned to
// cline/cline@21cb8d2525bcedf1f4b6890b27a74a14fe7451e4 (hooks/testdata/cline
// keeps the types and says where each rule below is read):
// apps/vscode/proto/cline/hooks.proto gives the input, {"hookName",
// "workspaceRoots", "preToolUse": {"toolName", "parameters"}, …}, whose
// parameters are a map of strings; apps/vscode/src/sdk/hooks-adapter.ts
// (Cline 4.x, the SDK runtime) passes every value of the tool's input as
// it is when a string and as its JSON text otherwise. The answer, JSON on
// stdout, is {"cancel": true, "errorMessage"} to stop the call — which in
// 4.x ends the whole task — or {"cancel": false, "contextModification"} to
// let it go with a note for the model. A hook that crashes or times out
// lets the call run: Cline fails open.
type Cline struct{}

// Name implements Host.
func (Cline) Name() string { return "cline" }

const clineExample = `{"hookName": "PreToolUse", "workspaceRoots": ["/home/dev/app"], "preToolUse": {"toolName": "run_commands", "parameters": {"commands": "[\"ls\"]"}}}`

// clineParams is where the tool's arguments sit in the hook input.
const clineParams = "preToolUse.parameters"

// clineTools are Cline's own tools read other than as calls of its server:
// the classic names (apps/vscode/src/shared/tools.ts), which 4.x keeps as
// aliases. The SDK's run_commands, editor and apply_patch, and MCP calls,
// are read apart; its read, search, fetch and ask tools are the read-only
// rows of rules/mcp/agent.go.
var clineTools = map[string]tool{
	"execute_command": {shell: "command"},
	"write_to_file":   {as: "write_file"}, "new_rule": {as: "write_file"},
	"replace_in_file": {as: "edit"}, "delete_file": {as: "delete_file"},
}

// Read implements Host.
func (h Cline) Read(data []byte) (Call, error) {
	obj, err := object(data, "", clineExample, "hookName", "workspaceRoots", "preToolUse")
	if err != nil {
		return Call{}, err
	}
	if name, err := text(obj, "hookName", clineExample); err != nil || name != "PreToolUse" {
		return Call{}, fmt.Errorf("the hook input's hookName is %q; Recourse judges PreToolUse, expected %s", name, clineExample)
	}
	pre, err := object(obj["preToolUse"], "preToolUse", clineExample, "toolName", "parameters")
	if err != nil {
		return Call{}, err
	}
	var call Call
	if call.Tool, err = required(pre, "toolName", clineExample); err != nil {
		return Call{}, err
	}
	if call.Cwd, err = firstRoot(obj["workspaceRoots"]); err != nil {
		return Call{}, err
	}
	args, err := arguments(pre["parameters"], clineParams)
	if err != nil {
		return Call{}, err
	}
	call.Parts, err = h.parts(call.Tool, args)
	return call, err
}

// parts reads a call of the tool name with args into what the evaluator
// judges.
func (h Cline) parts(name string, args json.RawMessage) ([]Part, error) {
	var part Part
	var err error
	switch name {
	case "use_mcp_tool":
		part, err = clineMCP(args)
	case "run_commands":
		return clineCommands(args)
	case "apply_patch":
		return clinePatch(h.Name(), args)
	case "editor":
		part, err = clineEditor(h.Name(), args)
	default:
		if server, tool, ok := clineMCPName(name); ok {
			return clineSDKMCP(server, tool, args)
		}
		part, err = toolPart(h.Name(), clineTools, name, args, clineParams)
	}
	if err != nil {
		return nil, err
	}
	return []Part{part}, nil
}

// clineMCPName splits an SDK MCP tool's name, <server>__<tool>, at its first
// "__" (sdk/packages/core/src/extensions/mcp/name-transform.ts;
// apps/vscode/src/sdk/sdk-tool-policies.ts reads it back the same way).
func clineMCPName(name string) (server, tool string, ok bool) {
	i := strings.Index(name, "__")
	if i <= 0 || i+2 >= len(name) {
		return "", "", false
	}
	return name[:i], name[i+2:], true
}

// clineMCP reads use_mcp_tool's server_name, tool_name and arguments (a
// JSON string) into the call it makes.
func clineMCP(params json.RawMessage) (Part, error) {
	const example = `{"parameters": {"server_name": "github", "tool_name": "delete_repository", "arguments": "{\"repo\": \"x\"}"}}`
	obj, err := object(params, clineParams, example, "server_name", "tool_name", "arguments")
	if err != nil {
		return Part{}, err
	}
	server, err := required(obj, "server_name", example)
	if err != nil {
		return Part{}, err
	}
	name, err := required(obj, "tool_name", example)
	if err != nil {
		return Part{}, err
	}
	args, err := arguments(obj["arguments"], clineParams+".arguments")
	if err != nil {
		return Part{}, err
	}
	return mcpCall(server, name, args)
}

// clineSDKMCP judges an SDK MCP call. Its arguments reach the hook with
// every value that was not a string turned into JSON text, and the text
// alone does not say which ones were: "true" may have been true or the
// string "true". So the call is judged as given and, when some value reads
// as JSON, once more with those values decoded; the stricter reading wins.
func clineSDKMCP(server, tool string, args json.RawMessage) ([]Part, error) {
	given, err := mcpCall(server, tool, args)
	if err != nil {
		return nil, err
	}
	obj, err := object(args, clineParams, `{"owner": "acme"}`)
	if err != nil {
		return nil, err
	}
	decoded, changed := map[string]json.RawMessage{}, false
	for k, v := range obj {
		decoded[k] = v
		var s string
		if json.Unmarshal(v, &s) != nil {
			continue
		}
		t := strings.TrimSpace(s)
		if t == "" || !json.Valid([]byte(t)) || t[0] == '"' || jsonstrict.Duplicates([]byte(t)) != nil {
			continue
		}
		decoded[k], changed = json.RawMessage(t), true
	}
	if !changed {
		return []Part{given}, nil
	}
	raw, err := json.Marshal(decoded)
	if err != nil {
		return nil, err
	}
	other, err := mcpCall(server, tool, raw)
	if err != nil {
		return nil, err
	}
	return []Part{given, other}, nil
}

// clineEditor reads the SDK's editor (path, old_text, new_text,
// insert_line; sdk/packages/core/src/extensions/tools/executors/editor.ts):
// with insert_line or old_text it edits the file in place; with neither it
// creates the file with new_text, judged as the write it may be. A value
// the SDK sent as null reaches the hook as the text "null".
func clineEditor(host string, args json.RawMessage) (Part, error) {
	const example = `{"path": "/home/dev/app/src/app.ts", "old_text": "a", "new_text": "b"}`
	obj, err := object(args, clineParams, example, "path", "old_text", "new_text", "insert_line")
	if err != nil {
		return Part{}, err
	}
	path, err := required(obj, "path", example)
	if err != nil {
		return Part{}, err
	}
	var oldText, newText, insertLine string
	for key, dst := range map[string]*string{"old_text": &oldText, "new_text": &newText, "insert_line": &insertLine} {
		if *dst, err = text(obj, key, example); err != nil {
			return Part{}, err
		}
	}
	set := func(s string) bool { return s != "" && s != "null" }
	call := map[string]string{"path": path}
	tool := "write_file"
	if set(insertLine) || set(oldText) {
		tool, call["old_string"], call["new_string"] = "edit", oldText, newText
	} else {
		call["content"] = newText
	}
	raw, err := json.Marshal(call)
	if err != nil {
		return Part{}, err
	}
	return mcpCall(host, tool, raw)
}

// clinePatch reads apply_patch's input, the same *** Begin Patch grammar as
// Codex's (sdk/packages/core/src/extensions/tools/executors/apply-patch-parser.ts),
// into one file-tool call per file it adds, updates, moves or deletes.
// Cline trims the paths of its headers, so the calls do too.
func clinePatch(host string, args json.RawMessage) ([]Part, error) {
	patch, err := shellLine(args, clineParams, "input")
	if err != nil {
		return nil, fmt.Errorf("the apply_patch call has no patch: %w", err)
	}
	ops, err := patchFiles(patch)
	if err != nil {
		return nil, err
	}
	for _, op := range ops {
		for _, k := range []string{"path", "source", "destination"} {
			if s, ok := op.args[k].(string); ok {
				op.args[k] = strings.TrimSpace(s)
			}
		}
	}
	return opParts(host, ops)
}

// clineCommand is one command run_commands runs: a shell command line, or
// an executable with its argv run without a shell.
type clineCommand struct {
	line       string
	structured bool
}

// clineCommands reads run_commands into one shell part per command it
// runs, as sdk/packages/core/src/extensions/tools/helpers.ts
// (normalizeRunCommandsInput) and definitions.ts (heredoc coalescing) do.
// Every member that can carry a command is read, and all of them are
// judged: which one the SDK picks depends on which validates, and judging
// them all is never less strict.
func clineCommands(args json.RawMessage) ([]Part, error) {
	const example = `{"commands": "[\"git status\", \"ls\"]"}`
	obj, err := object(args, clineParams, example, "commands", "command", "cmd", "args")
	if err != nil {
		return nil, err
	}
	var cmds []clineCommand
	if raw, ok := obj["commands"]; ok && string(raw) != "null" {
		entries, err := clineEntries(raw)
		if err != nil {
			return nil, err
		}
		cmds = append(cmds, entries...)
	}
	if raw, ok := obj["command"]; ok && string(raw) != "null" {
		cmd, err := clineEntry(raw, obj["args"])
		if err != nil {
			return nil, err
		}
		cmds = append(cmds, cmd)
	}
	if raw, ok := obj["cmd"]; ok && string(raw) != "null" {
		cmd, err := clineEntry(raw, nil)
		if err != nil {
			return nil, err
		}
		cmds = append(cmds, cmd)
	}
	cmds = coalesceHeredocs(cmds)
	if len(cmds) == 0 {
		return nil, fmt.Errorf("the run_commands call has no commands in %s; expected %s", clineParams, example)
	}
	parts := make([]Part, 0, len(cmds))
	for _, c := range cmds {
		if strings.TrimSpace(c.line) == "" {
			return nil, fmt.Errorf("the run_commands call has an empty command; expected %s", example)
		}
		parts = append(parts, Part{Kind: evaluator.KindShell, Input: []byte(c.line)})
	}
	return parts, nil
}

// clineEntries reads run_commands' commands: a JSON array (given as one, or
// as its JSON text, which the SDK parses back before the hook and the
// tool see it), one {command, args} object, or one command line.
func clineEntries(raw json.RawMessage) ([]clineCommand, error) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		t := strings.TrimSpace(s)
		switch {
		case strings.HasPrefix(t, "[") && json.Valid([]byte(t)):
			raw = json.RawMessage(t)
		case strings.HasPrefix(t, "{") && json.Valid([]byte(t)):
			cmd, err := clineEntry(json.RawMessage(t), nil)
			return []clineCommand{cmd}, err
		default:
			return []clineCommand{{line: s}}, nil
		}
	}
	if err := jsonstrict.Duplicates(raw); err != nil {
		return nil, err
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		cmd, err := clineEntry(raw, nil)
		return []clineCommand{cmd}, err
	}
	cmds := make([]clineCommand, 0, len(items))
	for _, item := range items {
		cmd, err := clineEntry(item, nil)
		if err != nil {
			return nil, err
		}
		cmds = append(cmds, cmd)
	}
	return cmds, nil
}

// clineEntry reads one command: a string is a shell command line; an
// object {command, args} (args a list of strings, or its JSON text) is an
// executable run without a shell, judged as the command line that quotes
// each word. args beside a string command make it such an object too.
func clineEntry(raw, args json.RawMessage) (clineCommand, error) {
	const example = `"git status" or {"command": "git", "args": ["status"]}`
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if len(args) == 0 || string(args) == "null" {
			return clineCommand{line: s}, nil
		}
		return clineArgv(s, args)
	}
	obj, err := object(raw, clineParams+".commands", example, "command", "args")
	if err != nil {
		return clineCommand{}, fmt.Errorf("a run_commands command is neither a string nor an object: %w", err)
	}
	name, err := required(obj, "command", example)
	if err != nil {
		return clineCommand{}, err
	}
	return clineArgv(name, obj["args"])
}

// clineArgv is an executable and its argv as the command line that runs
// exactly that argv.
func clineArgv(name string, args json.RawMessage) (clineCommand, error) {
	var words []string
	if len(args) != 0 && string(args) != "null" {
		var s string
		if json.Unmarshal(args, &s) == nil {
			args = json.RawMessage(s)
		}
		if err := json.Unmarshal(args, &words); err != nil {
			return clineCommand{}, fmt.Errorf("a run_commands command's args is not a list of strings; expected {\"command\": \"git\", \"args\": [\"status\"]}")
		}
	}
	line := shellQuote(name)
	for _, w := range words {
		line += " " + shellQuote(w)
	}
	return clineCommand{line: line, structured: true}, nil
}

// shellQuote quotes s as one shell word.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// heredocStart finds a heredoc's delimiter as the SDK does: "<<" (not a
// third "<"), an optional "-", blanks, then "word", 'word' or a bare word.
var heredocStart = lazyregexp.New(`(?:^|[^<])<<-?\s*(?:"([^"]+)"|'([^']+)'|([A-Za-z0-9_./-]+))`)

// coalesceHeredocs joins, within each run of command lines, a command that
// opens a heredoc with the commands up to the one that is its delimiter,
// with newlines: Cline runs them as one command.
func coalesceHeredocs(cmds []clineCommand) []clineCommand {
	var out []clineCommand
	for i := 0; i < len(cmds); i++ {
		c := cmds[i]
		m := heredocStart.FindStringSubmatch(c.line)
		if c.structured || m == nil {
			out = append(out, c)
			continue
		}
		delim := m[1] + m[2] + m[3]
		end := -1
		for j := i + 1; j < len(cmds) && !cmds[j].structured; j++ {
			if strings.TrimSpace(cmds[j].line) == delim {
				end = j
				break
			}
		}
		if end < 0 {
			out = append(out, c)
			continue
		}
		lines := []string{c.line}
		for i < end {
			i++
			lines = append(lines, cmds[i].line)
		}
		out = append(out, clineCommand{line: strings.Join(lines, "\n")})
	}
	return out
}

// Write implements Host.
func (Cline) Write(stdout, stderr io.Writer, a Answer) int {
	out := map[string]any{"cancel": false}
	switch {
	case a.Stop || a.Ask:
		out = map[string]any{"cancel": true, "errorMessage": a.Reason}
	case a.Context != "":
		out["contextModification"] = a.Context
	}
	return writeJSON(stdout, stderr, out, 0)
}

// CanAsk implements Host: a Cline hook cancels or lets go.
func (Cline) CanAsk() bool { return false }
