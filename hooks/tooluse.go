package hooks

import (
	"encoding/json"
	"path/filepath"
	"strings"
)

// mcpNamed is the part for one call of a host that names MCP tools as
// Claude Code does, mcp__server__tool (Claude Code, Qwen Code, Factory
// Droid): such a tool names its server; any other is one of the host's
// own, judged as tools says (a shell tool by its command line, a file
// tool as the file tool it is, the rest as a call of the host's server).
func mcpNamed(host string, tools map[string]tool, name string, args json.RawMessage) (Part, error) {
	if strings.HasPrefix(name, "mcp__") {
		host = ""
	}
	return toolPart(host, tools, name, args, "tool_input")
}

// readToolUse reads a PreToolUse input in Claude Code's shape,
// {"tool_name", "tool_input", "cwd", …}, for a host that copies it (Qwen
// Code, Factory Droid, Kimi Code CLI), with the host's own tools. Keys are
// read exactly: a key given twice, or beside a case variant, is refused.
func readToolUse(host string, tools map[string]tool, data []byte, example string) (Call, json.RawMessage, error) {
	call, args, _, err := readInput(data, toolUseKeys, example)
	if err != nil {
		return Call{}, nil, err
	}
	part, err := mcpNamed(host, tools, call.Tool, args)
	if err != nil {
		return Call{}, nil, err
	}
	call.Parts = []Part{part}
	return call, args, nil
}

// shellDir is where a shell tool's command runs when its arguments name a
// directory (Qwen Code's "directory", OpenCode's "workdir"): dir read from
// cwd when it is relative. The directory is read exactly: a non-string
// value is refused, as the host's schema refuses it.
func shellDir(args json.RawMessage, key, cwd string) (string, error) {
	example := `{"command": "ls", "` + key + `": "src"}`
	obj, err := object(args, "tool_input", example, key)
	if err != nil {
		return "", err
	}
	dir, err := text(obj, key, example)
	if err != nil || strings.TrimSpace(dir) == "" {
		return cwd, err
	}
	if filepath.IsAbs(dir) {
		return dir, nil
	}
	if cwd == "" {
		return "", nil // where the host's project root is was not said
	}
	return filepath.Join(cwd, dir), nil
}

// patchParts is a patch in the *** Begin Patch format (Codex's and
// OpenCode's apply_patch) as one file-tool call of host per file it adds,
// updates, moves or deletes.
func patchParts(host, patch string) ([]Part, error) {
	ops, err := patchFiles(patch)
	if err != nil {
		return nil, err
	}
	return opParts(host, ops)
}

// opParts are the file operations of a patch as file-tool calls of host,
// one a file.
func opParts(host string, ops []fileOp) ([]Part, error) {
	parts := make([]Part, 0, len(ops))
	for _, op := range ops {
		args, err := json.Marshal(op.args)
		if err != nil {
			return nil, err
		}
		part, err := mcpCall(host, op.tool, args)
		if err != nil {
			return nil, err
		}
		parts = append(parts, part)
	}
	return parts, nil
}
