// Package install wires `recourse hook HOST` into each coding agent's own
// configuration, removes exactly what it added, and checks (doctor) that
// the wiring is there and answers: a hook the host never runs, or runs
// with a binary that is gone, protects nothing while looking as if it
// did. Each host is a row of hosts: where its files are, how its entry
// reads, and how its answers are read back.
package install

import (
	_ "embed"
	"encoding/json"
	"path/filepath"
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
	// toml is the entry of a TOML configuration file (Kimi Code CLI's);
	// nil for the others.
	toml *tomlHooks
	// dirs are the directories whose presence says the host is
	// installed, relative to the home directory.
	dirs []string
	// canary is the host's native hook input for a shell command line.
	canary func(line, cwd string) string
	// stopped reads the host's answer: whether it stops the call.
	stopped func(exit int, stdout string) (stop, ok bool)
	// note is said of a host install cannot write (Docker's gateway).
	note string
	// userBase, when set, is the directory the user scope's path is
	// relative to, in place of the home directory (Codex's CODEX_HOME);
	// its presence also says the host is installed.
	userBase func(Options) string
	// trust, when set, reports why the host would not run the hook in the
	// file at path although it is there (a hook the person has not
	// approved, or changed since), or "" when it would.
	trust func(opts Options, scope Scope, path string) string
	// next, when set, is what the person must still do after install
	// before the host runs the hook.
	next func(scope Scope, path, command string) string
	// fileEntry, for a host whose files hold its hook as JSON of its own
	// shape (Kiro's hooks file), finds Recourse's entry in one: its
	// command, and whether the host runs it for a shell command. Nil for
	// goose's plugin, whose hooks file is Claude Code's shape.
	fileEntry func(doc *ojson.Object) (command string, fires, found bool)
	// agent is the host's earlier form, written into one agent's
	// configuration, used when --agent names one (Kiro).
	agent *host
	// wrapper, for a host whose JSON entry must name a script file rather
	// than a command line (Auggie's "command" is a .sh file), is that
	// script's path relative to the settings file's directory: install
	// writes it, running the hook, and the entry names it by absolute
	// path; doctor reads the hook's command from it.
	wrapper string
}

// wrapperScript is the script a wrapper host's entry names: it runs
// command with the host's stdin, and nothing else.
func wrapperScript(name, command string) file {
	return file{[]byte("#!/bin/sh\n# Written by recourse install " + name + "; recourse uninstall " + name + " removes it.\nexec " + command + "\n"), 0o755}
}

// wrapperPath is where a wrapper host's script sits beside its settings
// file at path.
func (h host) wrapperPath(path string) string {
	return filepath.Join(filepath.Dir(path), filepath.FromSlash(h.wrapper))
}

// oursEntry reports whether a JSON entry's command is Recourse's: it
// runs the hook, or (a wrapper host) names Recourse's script.
func (h host) oursEntry(command string) bool {
	if ours(command, h.name) {
		return true
	}
	return h.wrapper != "" && strings.HasSuffix(filepath.ToSlash(unquote(command)), "/"+h.wrapper)
}

// unquote is a command naming one path, quoted or not, as that path.
func unquote(command string) string {
	c := strings.TrimSpace(command)
	if len(c) >= 2 && c[0] == '\'' && c[len(c)-1] == '\'' {
		return strings.ReplaceAll(c[1:len(c)-1], `'\''`, "'")
	}
	return c
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
	// closed, when set, is the key and value without which the host runs
	// a call whose hook crashed or timed out (Qwen Code's "failMode":
	// "closed"); doctor fails an entry that lacks it.
	closed [2]string
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
		// Codex: the user's $CODEX_HOME/hooks.json, or a trusted project's
		// .codex/hooks.json; a hook runs only once the person trusts it in
		// /hooks (install/codex.go cites the source).
		name:  "codex",
		paths: map[Scope]string{User: "hooks.json", Project: ".codex/hooks.json"},
		json: &jsonHooks{events: []string{"PreToolUse"}, nested: true, commandKey: "command", fires: codexFires,
			entry: func(c string) *ojson.Object { return group(".*", ojson.NewObject("type", "command", "command", c)) }},
		userBase: codexHome, trust: codexTrust, next: codexNext,
		canary: toolUse("Bash"), stopped: codexStopped,
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
		// Copilot CLI reads ~/.copilot/hooks/*.json and .github/hooks/*.json;
		// VS Code reads both too, and sends its own input (hooks.Sibling).
		name:  "copilot",
		paths: map[Scope]string{User: ".copilot/hooks/recourse.json", Project: ".github/hooks/recourse.json"},
		json: &jsonHooks{events: []string{"preToolUse"}, commandKey: "bash",
			top:   func() *ojson.Object { return ojson.NewObject("version", 1) },
			entry: func(c string) *ojson.Object { return ojson.NewObject("type", "command", "bash", c, "timeoutSec", 30) }},
		dirs: []string{".copilot"}, stopped: jsonStopped("permissionDecision", "deny", "ask"),
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
		// Kiro CLI 3.x: a standalone hooks file that applies to every agent
		// (https://kiro.dev/docs/cli/v3/hooks/); --agent NAME writes the
		// earlier per-agent form instead.
		name:  "kiro",
		paths: map[Scope]string{User: ".kiro/hooks", Project: ".kiro/hooks"},
		files: func(c string) map[string]file {
			doc := ojson.NewObject("version", "v1", "hooks", []any{ojson.NewObject("name", "recourse", "trigger", "PreToolUse",
				"action", ojson.NewObject("type", "command", "command", c), "enabled", true)})
			b, _ := ojson.Marshal(doc)
			return map[string]file{"recourse.json": {b, 0o644}}
		},
		fileEntry: kiroEntry,
		dirs:      []string{".kiro"}, stopped: exitStopped, canary: kiroCanary("PreToolUse"),
		agent: &host{
			name:  "kiro",
			paths: map[Scope]string{User: ".kiro/agents/{agent}.json", Project: ".kiro/agents/{agent}.json"},
			json: &jsonHooks{events: []string{"preToolUse"}, commandKey: "command", fires: globFires("shell", "execute_bash"),
				entry: func(c string) *ojson.Object { return ojson.NewObject("matcher", "*", "command", c) }},
			dirs: []string{".kiro"}, stopped: exitStopped, canary: kiroCanary("preToolUse"),
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
			// json.Marshal of the go-sdk CallToolRequest, as the gateway sends it (docs/hooks/docker-mcp.md).
			return jsonLine("Session", map[string]any{}, "Params", map[string]any{"name": "execute_command", "arguments": map[string]string{"command": line}}, "Extra", nil)
		},
		stopped: jsonStopped("isError", true),
	},
	{
		// VS Code reads .github/hooks/*.json and ~/.copilot/hooks
		// (promptFileLocations.ts DEFAULT_HOOK_FILE_PATHS); a file of its
		// own beside Copilot's, in the format both read.
		name:  "vscode",
		paths: map[Scope]string{User: ".copilot/hooks/recourse-vscode.json", Project: ".github/hooks/recourse-vscode.json"},
		json: &jsonHooks{events: []string{"PreToolUse"}, commandKey: "command",
			top:   func() *ojson.Object { return ojson.NewObject("version", 1) },
			entry: func(c string) *ojson.Object { return ojson.NewObject("type", "command", "command", c, "timeout", 30) }},
		dirs: []string{".vscode"}, stopped: claudeStopped,
		canary: func(line, cwd string) string {
			return jsonLine("timestamp", "2026-11-29T00:00:00.000Z", "hook_event_name", "PreToolUse", "cwd", cwd, "tool_name", "run_in_terminal",
				"tool_input", map[string]any{"command": line, "explanation": "Recourse doctor canary", "isBackground": false}, "tool_use_id", "recourse-doctor")
		},
	},
	// Issue 30's new hosts; docs/hooks/HOST.md cites each contract.
	{
		name:  "qwen-code",
		paths: map[Scope]string{User: ".qwen/settings.json", Project: ".qwen/settings.json"},
		json: &jsonHooks{events: []string{"PreToolUse"}, nested: true, commandKey: "command", fires: starFires("run_shell_command"), closed: [2]string{"failMode", "closed"},
			entry: func(c string) *ojson.Object {
				return group("*", ojson.NewObject("type", "command", "command", c, "name", "recourse", "failMode", "closed"))
			}},
		dirs: []string{".qwen"}, canary: toolUse("run_shell_command"), stopped: claudeStopped,
	},
	{
		name:  "factory-droid",
		paths: map[Scope]string{User: ".factory/settings.json", Project: ".factory/settings.json"},
		json: &jsonHooks{events: []string{"PreToolUse"}, nested: true, commandKey: "command", fires: starFires("Execute"),
			entry: func(c string) *ojson.Object { return group("*", ojson.NewObject("type", "command", "command", c)) }},
		dirs: []string{".factory"}, stopped: claudeStopped,
		canary: func(line, cwd string) string {
			return jsonLine("hookEventName", "PreToolUse", "cwd", cwd, "tool_name", "Execute", "tool_input", map[string]string{"command": line})
		},
	},
	{
		name:  "kimi-code",
		paths: map[Scope]string{User: ".kimi/config.toml"},
		toml: &tomlHooks{array: "hooks", matcherKey: "matcher", shellTool: "Shell",
			entry: func(c string) [][2]any {
				return [][2]any{{"event", "PreToolUse"}, {"command", c}, {"timeout", 60}}
			}},
		dirs: []string{".kimi"}, canary: toolUse("Shell"), stopped: exitStopped,
	},
	{
		name:  "opencode",
		paths: map[Scope]string{User: ".config/opencode/plugins", Project: ".opencode/plugins"},
		files: func(c string) map[string]file {
			return map[string]file{"recourse.js": {opencodePlugin(c), 0o644}}
		},
		dirs: []string{".config/opencode"}, stopped: exitStopped,
		canary: func(line, cwd string) string {
			return jsonLine("tool", "bash", "sessionID", "doctor", "callID", "doctor", "args", map[string]string{"command": line, "description": "canary"}, "directory", cwd)
		},
	},
	{
		// Augment's Auggie CLI: "command" must be a .sh file
		// (docs.augmentcode.com/cli/hooks.md, read 2026-11-29), so the
		// entry names a script install writes beside the settings.
		name:  "auggie",
		paths: map[Scope]string{User: ".augment/settings.json", Project: ".augment/settings.json"},
		json: &jsonHooks{events: []string{"PreToolUse"}, nested: true, commandKey: "command", fires: regexFires("launch-process"),
			entry: func(c string) *ojson.Object {
				return group(".*", ojson.NewObject("type", "command", "command", c, "timeout", 30000))
			}},
		wrapper: "hooks/recourse.sh",
		dirs:    []string{".augment"}, stopped: exitStopped,
		canary: func(line, cwd string) string {
			return jsonLine("hook_event_name", "PreToolUse", "cwd", cwd, "tool_name", "launch-process", "tool_input", map[string]string{"command": line})
		},
	},
}

// kiroCanary is Kiro's hook event for a shell command line, with the
// event's name as the form of the hook spells it.
func kiroCanary(event string) func(line, cwd string) string {
	return func(line, cwd string) string {
		return jsonLine("hook_event_name", event, "cwd", cwd, "tool_name", "shell", "tool_input", map[string]string{"command": line})
	}
}

// kiroEntry finds Recourse's hook in a Kiro hooks file, {"version": "v1",
// "hooks": [{"trigger": "PreToolUse", "matcher", "action": {"type":
// "command", "command"}, "enabled"}]}: it fires for the shell tool unless
// disabled or its matcher (a regular expression on the tool's name)
// leaves shell out.
func kiroEntry(doc *ojson.Object) (command string, fires, found bool) {
	v, _ := doc.Get("hooks")
	list, _ := v.([]any)
	for _, x := range list {
		o, ok := x.(*ojson.Object)
		if !ok || stringAt(o, "trigger") != "PreToolUse" {
			continue
		}
		a, _ := o.Get("action")
		action, _ := a.(*ojson.Object)
		if action == nil || stringAt(action, "type") != "command" || !ours(stringAt(action, "command"), "kiro") {
			continue
		}
		m, present := o.Get("matcher")
		matcher, _ := m.(string)
		enabled, _ := o.Get("enabled")
		return stringAt(action, "command"), enabled != false && regexFires("shell")(matcher, present), true
	}
	return "", false, false
}

// starFires is a matcher of Qwen Code or Factory Droid: "*", "" or none
// runs for every tool (their hooks references say so), anything else is
// a regular expression against the tool's name.
func starFires(tool string) func(string, bool) bool {
	return func(m string, present bool) bool {
		return m == "*" || regexFires(tool)(m, present)
	}
}

// opencodePluginJS is the plugin recourse install opencode writes; its
// COMMAND placeholder becomes the hook's command line.
//
//go:embed opencode_plugin.js
var opencodePluginJS string

// opencodeCommandMark is the placeholder of the plugin's COMMAND string.
const opencodeCommandMark = `"__RECOURSE_COMMAND__"`

// opencodePlugin is the plugin that runs command, a JSON string literal
// in it (which is also a JavaScript one).
func opencodePlugin(command string) []byte {
	lit, _ := json.Marshal(command)
	return []byte(strings.Replace(opencodePluginJS, opencodeCommandMark, string(lit), 1))
}

// opencodeCommand reads the command line back out of a plugin file that
// is the plugin install writes, and only then.
func opencodeCommand(plugin string) (string, bool) {
	before, after, ok := strings.Cut(opencodePluginJS, opencodeCommandMark)
	if !ok || len(plugin) < len(before)+len(after) || !strings.HasPrefix(plugin, before) || !strings.HasSuffix(plugin, after) {
		return "", false
	}
	var c string
	if json.Unmarshal([]byte(plugin[len(before):len(plugin)-len(after)]), &c) != nil {
		return "", false
	}
	return c, true
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
