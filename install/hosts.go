// Package install wires `recourse hook HOST` into each coding agent's own
// configuration, removes exactly what it added, and checks (doctor) that
// the wiring is there and answers: a hook the host never runs, or runs
// with a binary that is gone, protects nothing while looking as if it
// did. Each host is a row of hosts: where its files are, how its entry
// reads, and how its answers are read back.
package install

import (
	"encoding/json"
	"regexp"
	"strings"

	"github.com/recourse-dev/recourse/internal/ojson"
)

// Scope is where an entry is written: the user's configuration, or the
// project's (committed with the code).
type Scope string

// The scopes.
const (
	User    Scope = "user"
	Project Scope = "project"
)

// host is one agent host's configuration and hook contract, as its own
// documentation gives them (docs/hooks/HOST.md cites it).
type host struct {
	name string
	// paths are the files per scope, relative to the home directory (user)
	// or the project (project); {agent} is Kiro's agent name.
	paths map[Scope]string
	// json is the entry of a JSON settings file; nil for hosts whose
	// files are wholly Recourse's (files).
	json *jsonHooks
	// files are the files of a host whose hook is files of its own (a
	// script, a plugin), by path relative to the scope's path.
	files func(command string) map[string]file
	// dirs are the directories whose presence says the host is
	// installed, relative to the home directory.
	dirs []string
	// canary is the host's native hook input for a shell command line.
	canary func(line, cwd string) string
	// stopped reads the host's answer: whether it stops the call.
	stopped func(exit int, stdout string) (stop, ok bool)
	// note is said of a host install cannot write (Docker's gateway).
	note string
}

// file is one file of a host whose hook is files of its own.
type file struct {
	content []byte
	mode    uint32
}

// jsonHooks is a hook entry in a JSON settings file: under the top-level
// "hooks" object, one array per event.
type jsonHooks struct {
	// events are the hook events the entry goes under.
	events []string
	// entry is the array element for the command: a group with a matcher
	// and "hooks" (nested), or the hook itself.
	entry func(command string) *ojson.Object
	// nested says entries are {"matcher", "hooks": [{"command"}]} groups.
	nested bool
	// top are keys a new file starts with ({"version": 1}).
	top func() *ojson.Object
	// commandKey is the key that holds the command line ("command";
	// Copilot's "bash").
	commandKey string
	// fires reports whether an entry's matcher lets the hook run for the
	// host's shell tool; nil when every entry of the event runs.
	fires func(matcher string, present bool) bool
}

// regexFires is a matcher read as a regular expression against the
// shell tool's name; an absent or empty matcher runs for every tool.
func regexFires(tool string) func(string, bool) bool {
	return func(m string, present bool) bool {
		if !present || m == "" || m == "*" && tool == "Bash" {
			return true
		}
		re, err := regexp.Compile(m)
		return err == nil && re.MatchString(tool)
	}
}

// globFires is a Kiro matcher: "*", an exact name, or a name with *.
func globFires(tools ...string) func(string, bool) bool {
	return func(m string, present bool) bool {
		if !present || m == "*" {
			return true
		}
		for _, t := range tools {
			if m == t || strings.HasSuffix(m, "*") && strings.HasPrefix(t, strings.TrimSuffix(m, "*")) {
				return true
			}
		}
		return false
	}
}

// group is a nested entry: {"matcher", "hooks": [hook]}.
func group(matcher string, hook *ojson.Object) *ojson.Object {
	return ojson.NewObject("matcher", matcher, "hooks", []any{hook})
}

// hosts are the hosts recourse install knows, in recourse hook's order.
var hosts = []host{
	{
		name:  "claude-code",
		paths: map[Scope]string{User: ".claude/settings.json", Project: ".claude/settings.json"},
		json: &jsonHooks{events: []string{"PreToolUse"}, nested: true, commandKey: "command", fires: regexFires("Bash"),
			entry: func(c string) *ojson.Object { return group("*", ojson.NewObject("type", "command", "command", c)) }},
		dirs: []string{".claude"}, canary: toolUse("Bash"), stopped: claudeStopped,
	},
	{
		name:  "codex",
		paths: map[Scope]string{User: ".codex/hooks.json"},
		json: &jsonHooks{events: []string{"PreToolUse"}, nested: true, commandKey: "command", fires: regexFires("Bash"),
			entry: func(c string) *ojson.Object { return group(".*", ojson.NewObject("type", "command", "command", c)) }},
		dirs: []string{".codex"}, canary: toolUse("Bash"), stopped: exitStopped,
	},
	{
		name:  "gemini-cli",
		paths: map[Scope]string{User: ".gemini/settings.json", Project: ".gemini/settings.json"},
		json: &jsonHooks{events: []string{"BeforeTool"}, nested: true, commandKey: "command", fires: regexFires("run_shell_command"),
			entry: func(c string) *ojson.Object {
				return group(".*", ojson.NewObject("type", "command", "command", c, "name", "recourse"))
			}},
		dirs: []string{".gemini"}, stopped: jsonOrExitStopped("decision", "deny"),
		canary: func(line, cwd string) string {
			return jsonLine("hook_event_name", "BeforeTool", "cwd", cwd, "tool_name", "run_shell_command", "tool_input", map[string]string{"command": line})
		},
	},
	{
		name:  "cursor",
		paths: map[Scope]string{User: ".cursor/hooks.json", Project: ".cursor/hooks.json"},
		json: &jsonHooks{events: []string{"beforeShellExecution", "beforeMCPExecution", "preToolUse"}, commandKey: "command",
			top:   func() *ojson.Object { return ojson.NewObject("version", 1) },
			entry: func(c string) *ojson.Object { return ojson.NewObject("command", c, "failClosed", true) }},
		dirs: []string{".cursor"}, stopped: jsonStopped("permission", "deny", "ask"),
		canary: func(line, cwd string) string {
			return jsonLine("hook_event_name", "beforeShellExecution", "command", line, "cwd", cwd, "workspace_roots", []string{cwd})
		},
	},
	{
		name:  "copilot",
		paths: map[Scope]string{Project: ".github/hooks/recourse.json"},
		json: &jsonHooks{events: []string{"preToolUse"}, commandKey: "bash",
			top:   func() *ojson.Object { return ojson.NewObject("version", 1) },
			entry: func(c string) *ojson.Object { return ojson.NewObject("type", "command", "bash", c, "timeoutSec", 30) }},
		dirs: []string{".copilot"}, stopped: jsonStopped("permissionDecision", "deny"),
		canary: func(line, cwd string) string {
			return jsonLine("timestamp", 1704614600000, "cwd", cwd, "toolName", "bash", "toolArgs", jsonLine("command", line))
		},
	},
	{
		name:  "windsurf",
		paths: map[Scope]string{User: ".codeium/windsurf/hooks.json", Project: ".windsurf/hooks.json"},
		json: &jsonHooks{events: []string{"pre_run_command", "pre_mcp_tool_use", "pre_write_code"}, commandKey: "command",
			entry: func(c string) *ojson.Object { return ojson.NewObject("command", c, "show_output", true) }},
		dirs: []string{".codeium/windsurf"}, stopped: exitStopped,
		canary: func(line, cwd string) string {
			return jsonLine("agent_action_name", "pre_run_command", "tool_info", map[string]string{"command_line": line, "cwd": cwd})
		},
	},
	{
		name:  "cline",
		paths: map[Scope]string{User: "Documents/Cline/Hooks", Project: ".clinerules/hooks"},
		files: func(c string) map[string]file {
			return map[string]file{"PreToolUse": {[]byte("#!/bin/sh\n# Written by recourse install cline; recourse uninstall cline removes it.\nexec " + c + "\n"), 0o755}}
		},
		dirs: []string{"Documents/Cline"}, stopped: jsonStopped("cancel", true),
		canary: func(line, cwd string) string {
			// Cline 4.x's shell tool: run_commands, its commands array passed as JSON text
			// (cline/cline@21cb8d2 apps/vscode/src/sdk/hooks-adapter.ts).
			commands, _ := json.Marshal([]string{line})
			return jsonLine("hookName", "PreToolUse", "workspaceRoots", []string{cwd}, "preToolUse",
				map[string]any{"toolName": "run_commands", "parameters": map[string]string{"commands": string(commands)}})
		},
	},
	{
		name:  "kiro",
		paths: map[Scope]string{User: ".kiro/agents/{agent}.json", Project: ".kiro/agents/{agent}.json"},
		json: &jsonHooks{events: []string{"preToolUse"}, commandKey: "command", fires: globFires("shell", "execute_bash"),
			entry: func(c string) *ojson.Object { return ojson.NewObject("matcher", "*", "command", c) }},
		dirs: []string{".kiro"}, stopped: exitStopped,
		canary: func(line, cwd string) string {
			return jsonLine("hook_event_name", "preToolUse", "cwd", cwd, "tool_name", "shell", "tool_input", map[string]string{"command": line})
		},
	},
	{
		name:  "goose",
		paths: map[Scope]string{User: ".agents/plugins/recourse", Project: ".agents/plugins/recourse"},
		files: func(c string) map[string]file {
			hooks := ojson.NewObject("hooks", ojson.NewObject("PreToolUse", []any{
				group(".*", ojson.NewObject("type", "command", "command", c, "on_failure", "block"))}))
			h, _ := ojson.Marshal(hooks)
			p, _ := ojson.Marshal(ojson.NewObject("name", "recourse", "version", "1.0.0",
				"description", "Recourse judges every tool call before it runs (written by recourse install goose)"))
			return map[string]file{"plugin.json": {p, 0o644}, "hooks/hooks.json": {h, 0o644}}
		},
		dirs: []string{".config/goose"}, stopped: exitStopped,
		canary: func(line, cwd string) string {
			// goose names the developer extension's tools bare (block/goose@d17f0c1
			// platform_extensions/mod.rs, unprefixed_tools).
			return jsonLine("event", "PreToolUse", "tool_name", "shell", "tool_input", map[string]string{"command": line}, "working_dir", cwd)
		},
	},
	{
		name: "docker-mcp", dirs: []string{".docker/mcp"},
		note: "Docker's MCP Gateway takes its interceptors on its command line, not from a file: run docker mcp gateway run --interceptor 'before:exec:COMMAND'",
		canary: func(line, _ string) string {
			return jsonLine("method", "tools/call", "params", map[string]any{"name": "execute_command", "arguments": map[string]string{"command": line}})
		},
		stopped: jsonStopped("isError", true),
	},
}

// hostNamed returns the host of that name.
func hostNamed(name string) (host, bool) {
	for _, h := range hosts {
		if h.name == name {
			return h, true
		}
	}
	return host{}, false
}

// Hosts lists the hosts' names.
func Hosts() []string {
	out := make([]string, len(hosts))
	for i, h := range hosts {
		out[i] = h.name
	}
	return out
}
