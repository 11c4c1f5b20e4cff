package hooks

import (
	"fmt"
	"io"
	"strings"
)

// Codex is OpenAI Codex's PreToolUse command hook
// (https://developers.openai.com/codex/hooks): Claude Code's input,
// {"tool_name", "tool_input", "cwd", …}, for Bash, apply_patch and
// mcp__server__tool calls. Exit status 2 with the reason on stderr stops
// the call. Codex parses permissionDecision "ask" but does not ask (the
// call runs), so an escalate is a stop with an allow-once code.
type Codex struct{}

// Name implements Host.
func (Codex) Name() string { return "codex" }

const codexExample = `{"tool_name": "Bash", "tool_input": {"command": "ls"}, "cwd": "/home/dev/app"}`

// Read implements Host: Bash and MCP calls as Claude Code's; an
// apply_patch is one file-tool call per file its patch adds, updates,
// moves or deletes.
func (h Codex) Read(data []byte) (Call, error) {
	call, args, _, err := readInput(data, toolUseKeys, codexExample)
	if err != nil {
		return call, err
	}
	if call.Tool != "apply_patch" {
		part, err := claudeTool(h.Name(), call.Tool, args)
		call.Parts = []Part{part}
		return call, err
	}
	patch, err := shellLine(args, "tool_input", "command")
	if err != nil {
		return Call{}, fmt.Errorf("the apply_patch call has no patch: %w", err)
	}
	call.Parts, err = patchParts(h.Name(), patch)
	return call, err
}

// fileOp is one file a patch changes, as a file tool's call.
type fileOp struct {
	tool string
	args map[string]any
}

// patchFiles reads the files of an apply_patch envelope
// (*** Begin Patch … *** End Patch; codex-rs/apply-patch's grammar): an
// added file is a write_file with its content, an updated one an edit, a
// moved one a move_file, a deleted one a delete_file. A header it does
// not know, or a patch that names no file, is refused: what the patch
// would do is then not known.
//
// Headers are read as Codex reads them (openai/codex@0e0fb63d029055d4aec1d536a3d72f70164ba8a6:
// codex-rs/apply-patch/src/parser.rs, parse_one_hunk): a hunk's header
// line is trimmed of leading and trailing whitespace before its marker and
// path are read, so "*** Add File: .claude/settings.json  " writes
// .claude/settings.json; inside an update hunk only a line that starts
// with "*" ends it. Move to is matched on the line as it is.
func patchFiles(patch string) ([]fileOp, error) {
	var ops []fileOp
	var added *strings.Builder
	inUpdate := false
	for _, line := range strings.Split(strings.ReplaceAll(patch, "\r\n", "\n"), "\n") {
		header, isHeader := strings.CutPrefix(strings.TrimSpace(line), "*** ")
		if inUpdate && !strings.HasPrefix(line, "*") {
			isHeader = false // a context or change line of the update
		}
		if moved, ok := strings.CutPrefix(line, "*** Move to: "); ok {
			header = "Move to: " + moved
		}
		if !isHeader {
			if added != nil {
				if body, ok := strings.CutPrefix(line, "+"); ok {
					added.WriteString(body + "\n")
				}
			}
			continue
		}
		added = nil
		inUpdate = strings.HasPrefix(header, "Update File: ") || inUpdate && strings.HasPrefix(header, "Move to: ")
		switch {
		case header == "Begin Patch" || header == "End Patch" || header == "End of File":
		case strings.HasPrefix(header, "Add File: "):
			b := &strings.Builder{}
			added = b
			ops = append(ops, fileOp{"write_file", map[string]any{"path": strings.TrimPrefix(header, "Add File: ")}})
			ops[len(ops)-1].args["content"] = b
		case strings.HasPrefix(header, "Update File: "):
			ops = append(ops, fileOp{"edit", map[string]any{"path": strings.TrimPrefix(header, "Update File: ")}})
		case strings.HasPrefix(header, "Delete File: "):
			ops = append(ops, fileOp{"delete_file", map[string]any{"path": strings.TrimPrefix(header, "Delete File: ")}})
		case strings.HasPrefix(header, "Move to: ") && len(ops) > 0 && ops[len(ops)-1].tool == "edit":
			from := ops[len(ops)-1].args["path"]
			ops = append(ops, fileOp{"move_file", map[string]any{"source": from, "destination": strings.TrimPrefix(header, "Move to: ")}})
		default:
			return nil, fmt.Errorf("the apply_patch call has a line Recourse cannot read, %q; expected *** Add File:, *** Update File:, *** Move to: or *** Delete File: headers", line)
		}
	}
	if len(ops) == 0 {
		return nil, fmt.Errorf("the apply_patch call's patch names no file; expected *** Begin Patch, then *** Add File:, *** Update File: or *** Delete File: headers")
	}
	for _, op := range ops {
		if b, ok := op.args["content"].(*strings.Builder); ok {
			op.args["content"] = b.String()
		}
	}
	return ops, nil
}

// Write implements Host: exit 2 with the reason on stderr stops the call
// (Codex honours it for Bash, apply_patch and MCP calls; exit 2 with an
// empty stderr is a failed hook, after which the call runs, so the reason
// is never empty); 0 lets it go, with a warn's context, when asked for, as
// {"hookSpecificOutput": {"hookEventName": "PreToolUse",
// "additionalContext"}} on stdout, which Codex adds to the model's context
// without deciding anything (no permissionDecision: "allow" without
// updatedInput is an invalid answer to Codex). Source:
// openai/codex@0082977cebb9fbd524046914dbc4305e5b8e0b95
// codex-rs/hooks/src/events/pre_tool_use.rs parse_completed and
// codex-rs/hooks/src/engine/output_parser.rs parse_pre_tool_use; schema
// hooks/testdata/codex/pre-tool-use.command.output.schema.json.
func (Codex) Write(stdout, stderr io.Writer, a Answer) int {
	switch {
	case a.Stop || a.Ask:
		reason := strings.TrimSpace(a.Reason)
		if reason == "" {
			reason = "Recourse stopped this call"
		}
		fmt.Fprintln(stderr, reason)
		return ExitStop
	case a.Context != "":
		out := map[string]any{"hookSpecificOutput": map[string]string{"hookEventName": "PreToolUse", "additionalContext": a.Context}}
		return writeJSON(stdout, stderr, out, 0)
	}
	return 0
}

// CanAsk implements Host: Codex does not ask on a hook's "ask".
func (Codex) CanAsk() bool { return false }
