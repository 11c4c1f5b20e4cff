package hooks

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// Auggie is Augment's Auggie CLI PreToolUse command hook. Its contract,
// read from Augment's own documentation on 2026-11-29
// (docs/hooks/auggie.md quotes it):
//   - https://docs.augmentcode.com/cli/hooks.md (1.x; /cli/v0/hooks.md
//     for 0.x): hooks go in ~/.augment/settings.json or
//     <workspace>/.augment/settings.json under "hooks"."PreToolUse",
//     {"matcher": regex on the tool name, "hooks": [{"type": "command",
//     "command": a .sh file, "timeout": ms}]}; only PreToolUse can block
//     a tool;
//   - https://docs.augmentcode.com/cli/hooks-examples.md: the input on
//     stdin carries "tool_name" and "tool_input" (launch-process's
//     tool_input.command, str-replace-editor's tool_input.path), and a
//     hook blocks the call by exiting 2 with the reason on stderr;
//   - https://docs.augmentcode.com/cli/permissions.md: the built-in
//     tools (launch-process, read-process, write-process, list-processes,
//     kill-process, view, str-replace-editor, save-file, remove-files,
//     codebase-retrieval, grep-search, web-search, web-fetch and the
//     github-api, linear, notion and supabase integrations) and MCP tools
//     named {tool}_{server}.
//
// The pages read give no JSON answer, no way to ask, no working directory
// in the input, and say nothing of a hook that crashes or times out; so a
// stop is exit 2, an escalate stops, a working directory is read only
// when the input has "cwd", and a file tool's relative path without one
// is refused (where it points is then not known).
type Auggie struct{}

// Name implements Host.
func (Auggie) Name() string { return "auggie" }

const auggieExample = `{"hook_event_name": "PreToolUse", "tool_name": "launch-process", "tool_input": {"command": "ls"}}`

// auggieTools are Auggie's own tools read other than as calls of its
// server; its read-only tools (view, codebase-retrieval, grep-search,
// web-fetch, …) are rows of rules/mcp/agent.go. Any other name (an
// integration, write-process, kill-process, an MCP tool's
// {tool}_{server}) is a call no rule knows, which needs review.
var auggieTools = map[string]tool{
	"launch-process":     {shell: "command"},
	"str-replace-editor": {as: "edit"},
	"save-file":          {as: "write_file"},
	"remove-files":       {as: "delete_file"},
}

// auggiePathKeys are the arguments a file tool of Auggie's must name its
// file with: "path" is documented (hooks-examples, str-replace-editor);
// "file_path" and "file_paths" are read so that a save-file or
// remove-files that uses them is judged by its path rather than refused.
var auggiePathKeys = []string{"path", "file_path", "paths", "file_paths"}

// Read implements Host.
func (h Auggie) Read(data []byte) (Call, error) {
	call, args, _, err := readInput(data, toolUseKeys, auggieExample)
	if err != nil {
		return Call{}, err
	}
	t := auggieTools[call.Tool]
	if t.as != "" {
		if err := auggieFilePaths(call.Tool, args, call.Cwd); err != nil {
			return Call{}, err
		}
	}
	part, err := toolPart(h.Name(), auggieTools, call.Tool, args, "tool_input")
	if err != nil {
		return Call{}, err
	}
	call.Parts = []Part{part}
	return call, nil
}

// auggieFilePaths checks that a file tool's call names its files, and
// that each relative one can be read from a known working directory:
// otherwise the rules could not tell ~/.bashrc from a project file.
func auggieFilePaths(name string, args json.RawMessage, cwd string) error {
	example := fmt.Sprintf(`{"tool_name": %q, "tool_input": {"path": "src/app.ts", …}, "cwd": "/home/dev/app"}`, name)
	obj, err := object(args, "tool_input", example, auggiePathKeys...)
	if err != nil {
		return err
	}
	var paths []string
	for _, k := range auggiePathKeys {
		raw, ok := obj[k]
		if !ok || string(raw) == "null" {
			continue
		}
		var one string
		var many []string
		switch {
		case json.Unmarshal(raw, &one) == nil:
			paths = append(paths, one)
		case json.Unmarshal(raw, &many) == nil:
			paths = append(paths, many...)
		default:
			return fmt.Errorf("the %s call's tool_input.%s is not a path or a list of paths; expected %s", name, k, example)
		}
	}
	if len(paths) == 0 {
		return fmt.Errorf("the %s call names no file (tool_input has none of %s); expected %s", name, strings.Join(auggiePathKeys, ", "), example)
	}
	for _, p := range paths {
		if strings.TrimSpace(p) == "" {
			return fmt.Errorf("the %s call names an empty path; expected %s", name, example)
		}
		if !filepath.IsAbs(p) && !strings.HasPrefix(p, "~") && cwd == "" {
			return fmt.Errorf("the %s call's path %q is relative and the input says no working directory (cwd), so where it points is not known; expected %s", name, p, example)
		}
	}
	return nil
}

// Write implements Host: exit 2 with the reason on stderr stops the call,
// exit 0 lets it run; Auggie's documented answers have no question and no
// note for the agent.
func (Auggie) Write(_, stderr io.Writer, a Answer) int { return onlyText(stderr, a) }

// CanAsk implements Host: the hooks pages document no way to ask.
func (Auggie) CanAsk() bool { return false }
