package mcpcall

import (
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/model"
)

// fileTool is what a file tool of an MCP server does to the paths its
// arguments name, spelt as the shell command that does the same, so that
// observation (internal/observe) gathers the same facts of its targets as
// for that command typed in a shell: a delete as rm, a write as a
// truncating redirection, a move or a copy as mv or cp of the source
// onto the destination.
type fileTool struct {
	program string
	// paths are the argument keys of the paths deleted or written over;
	// sources and dests those of a move's or a copy's two ends.
	paths, sources, dests []string
}

// Argument keys of the file tools' paths. The reference filesystem server
// (modelcontextprotocol/servers, src/filesystem) names them path (write_file,
// edit_file) and source, destination (move_file), and reads a relative one
// from its process's working directory (validatePath:
// modelcontextprotocol/servers@765f865b04e1b96debdd358de355f3d697cbadf4:src/filesystem/lib.ts),
// which is why the call's Cwd is the server's; the other keys are the
// spellings of other servers' file tools, as rules/mcp reads them.
var (
	pathArgKeys   = []string{"path", "file_path", "filepath", "file", "filename", "target_file", "target"}
	dirArgKeys    = []string{"path", "directory", "dir", "directory_path", "dir_path"}
	sourceArgKeys = []string{"source", "src", "from", "old_path", "source_path"}
	destArgKeys   = []string{"destination", "dest", "dst", "to", "new_path", "destination_path", "target_path"}
)

// fileTools are the file tools whose targets are observed, by normalised
// tool name (ToolCall.Name). A tool that edits a file in place
// (edit_file, str_replace) is not among them: the edit keeps the file.
var fileTools = sync.OnceValue(func() map[string]fileTool {
	return map[string]fileTool{
		"delete_file":      {program: "rm", paths: pathArgKeys},
		"remove_file":      {program: "rm", paths: pathArgKeys},
		"delete_path":      {program: "rm", paths: pathArgKeys},
		"rm":               {program: "rm", paths: pathArgKeys},
		"delete_directory": {program: "rm", paths: dirArgKeys},
		"remove_directory": {program: "rm", paths: dirArgKeys},
		"write_file":       {program: model.RedirectProgram, paths: pathArgKeys},
		"create_file":      {program: model.RedirectProgram, paths: pathArgKeys},
		"write":            {program: model.RedirectProgram, paths: pathArgKeys},
		"move_file":        {program: "mv", sources: sourceArgKeys, dests: destArgKeys},
		"rename":           {program: "mv", sources: sourceArgKeys, dests: destArgKeys},
		"rename_file":      {program: "mv", sources: sourceArgKeys, dests: destArgKeys},
		"copy_file":        {program: "cp", sources: sourceArgKeys, dests: destArgKeys},
		"copy":             {program: "cp", sources: sourceArgKeys, dests: destArgKeys},
	}
})

// FileCommand is the shell command a file tool's call does the same as
// (delete_file {"path": "a.txt"} is rm -- a.txt), run in the call's
// working directory, for observation to gather the facts of its targets;
// false for a tool that is not a file tool, or whose paths are not each
// one string argument (then nothing is observed and the rules judge the
// call by its arguments alone).
func FileCommand(c *model.ToolCall) (*model.Command, bool) {
	t, ok := fileTools()[c.Name]
	if !ok {
		return nil, false
	}
	cmd := &model.Command{Program: t.program, Cwd: c.Cwd, Line: 1, Col: 1}
	if t.program != model.RedirectProgram {
		cmd.Args = append(cmd.Args, model.Arg{Value: "--"})
	}
	if len(t.paths) > 0 {
		p, ok := stringArg(c.Arguments, t.paths)
		if !ok {
			return nil, false
		}
		cmd.Args = append(cmd.Args, model.Arg{Value: p})
		return cmd, true
	}
	src, ok := stringArg(c.Arguments, t.sources)
	if !ok {
		return nil, false
	}
	dst, ok := stringArg(c.Arguments, t.dests)
	if !ok {
		return nil, false
	}
	cmd.Args = append(cmd.Args, model.Arg{Value: src}, model.Arg{Value: dst})
	return cmd, true
}

// stringArg is the one non-empty string argument among keys (matched
// regardless of case, as the rules read them); false when there is none,
// or more than one: which the server reads is then not known.
func stringArg(args map[string]any, keys []string) (string, bool) {
	var found string
	n := 0
	for name, v := range args {
		for _, k := range keys {
			if !strings.EqualFold(name, k) {
				continue
			}
			s, ok := v.(string)
			if !ok || strings.TrimSpace(s) == "" {
				return "", false
			}
			found, n = s, n+1
		}
	}
	return found, n == 1
}
