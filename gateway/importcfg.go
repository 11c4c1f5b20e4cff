package gateway

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"

	"github.com/recourse-dev/recourse/internal/jsonstrict"
)

// Sources are the clients recourse mcp gateway import reads, with the
// files each keeps its MCP servers in, lowest precedence first (a later
// file's server of the same name wins, as in the client).
//   - Claude Desktop: claude_desktop_config.json, mcpServers
//     (https://modelcontextprotocol.io/docs/develop/connect-local-servers).
//   - Claude Code: ~/.claude.json's mcpServers (user scope), the project's
//     .mcp.json (project scope), then ~/.claude.json's
//     projects[DIR].mcpServers (local scope)
//     (https://docs.claude.com/en/docs/claude-code/mcp, scope precedence).
//   - Cursor: ~/.cursor/mcp.json, then the project's .cursor/mcp.json
//     (https://docs.cursor.com/context/model-context-protocol).
var Sources = []string{"claude-desktop", "claude-code", "cursor"}

// source is one file to import from: the JSON path of its servers map.
type source struct {
	file string
	path []string // object keys leading to the mcpServers map
}

func sourcesOf(from, home, project string) ([]source, error) {
	switch from {
	case "claude-desktop":
		var dir string
		switch runtime.GOOS {
		case "darwin":
			dir = filepath.Join(home, "Library", "Application Support", "Claude")
		case "windows":
			dir = filepath.Join(os.Getenv("APPDATA"), "Claude")
		default:
			dir = filepath.Join(home, ".config", "Claude")
		}
		return []source{{file: filepath.Join(dir, "claude_desktop_config.json"), path: []string{"mcpServers"}}}, nil
	case "claude-code":
		return []source{
			{file: filepath.Join(home, ".claude.json"), path: []string{"mcpServers"}},
			{file: filepath.Join(project, ".mcp.json"), path: []string{"mcpServers"}},
			{file: filepath.Join(home, ".claude.json"), path: []string{"projects", project, "mcpServers"}},
		}, nil
	case "cursor":
		return []source{
			{file: filepath.Join(home, ".cursor", "mcp.json"), path: []string{"mcpServers"}},
			{file: filepath.Join(project, ".cursor", "mcp.json"), path: []string{"mcpServers"}},
		}, nil
	}
	return nil, fmt.Errorf("--from %q: expected one of claude-desktop, claude-code, cursor", from)
}

// Imported is the result of an import: the configuration, the files read,
// and what of them was left out.
type Imported struct {
	Config  Config
	Read    []string
	Dropped []string
}

// Import reads a client's MCP servers into a gateway configuration: each
// entry's command, args, env, cwd, url, headers and type as they are;
// keys the gateway does not read are listed in Dropped. A file that does
// not exist is skipped; one that does not read is an error.
func Import(from, home, project string) (Imported, error) {
	srcs, err := sourcesOf(from, home, project)
	if err != nil {
		return Imported{}, err
	}
	out := Imported{Config: Config{MCPServers: map[string]Server{}}}
	for _, src := range srcs {
		servers, err := readServers(src)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return Imported{}, err
		}
		if servers == nil {
			continue
		}
		out.Read = append(out.Read, src.file)
		for _, name := range slices.Sorted(maps.Keys(servers)) {
			s, dropped, err := serverOf(servers[name])
			if err != nil {
				return Imported{}, fmt.Errorf("%s: mcpServers.%s: %w", src.file, name, err)
			}
			for _, k := range dropped {
				out.Dropped = append(out.Dropped, fmt.Sprintf("%s: mcpServers.%s.%s", src.file, name, k))
			}
			out.Config.MCPServers[name] = s
		}
	}
	if len(out.Read) == 0 {
		files := make([]string, len(srcs))
		for i, s := range srcs {
			files[i] = s.file
		}
		return Imported{}, fmt.Errorf("no %s MCP configuration found (looked in %v)", from, files)
	}
	if len(out.Config.MCPServers) == 0 {
		return Imported{}, fmt.Errorf("the %s configuration (%v) names no MCP servers", from, out.Read)
	}
	// Not checked here: ${VAR} references stay as the client wrote them,
	// and the gateway expands and checks them when it starts.
	return out, nil
}

// readServers reads the servers map of src; nil when the file has no
// such map.
func readServers(src source) (map[string]json.RawMessage, error) {
	data, err := os.ReadFile(src.file)
	if err != nil {
		return nil, err
	}
	if err := jsonstrict.Duplicates(data); err != nil {
		return nil, fmt.Errorf("%s: %w", src.file, err)
	}
	raw := json.RawMessage(data)
	for _, key := range src.path {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(raw, &obj); err != nil {
			return nil, fmt.Errorf("%s: %s is not a JSON object: %w", src.file, key, err)
		}
		next, ok := obj[key]
		if !ok {
			return nil, nil
		}
		raw = next
	}
	var servers map[string]json.RawMessage
	if err := json.Unmarshal(raw, &servers); err != nil {
		return nil, fmt.Errorf("%s: mcpServers is not a JSON object: %w", src.file, err)
	}
	return servers, nil
}

// serverOf reads one client entry, keeping what the gateway reads.
func serverOf(raw json.RawMessage) (Server, []string, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		return Server{}, nil, fmt.Errorf("not a JSON object: %w", err)
	}
	var s Server
	targets := map[string]any{"type": &s.Type, "command": &s.Command, "args": &s.Args, "env": &s.Env, "cwd": &s.Cwd,
		"url": &s.URL, "headers": &s.Headers, "disabled": &s.Disabled}
	var dropped []string
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		dst, ok := targets[k]
		if !ok {
			dropped = append(dropped, k)
			continue
		}
		if err := json.Unmarshal(obj[k], dst); err != nil {
			return Server{}, nil, fmt.Errorf("%s: %w", k, err)
		}
	}
	sort.Strings(dropped)
	return s, dropped, nil
}
