package hooks

import (
	"bytes"
	"encoding/json"

	"github.com/recourse-dev/recourse/internal/jsonstrict"
)

// Hosts load one another's hook files: VS Code runs the entries of
// .claude/settings*.json and ~/.copilot/hooks, Copilot CLI those of
// .claude/settings*.json, Cursor Claude Code's hooks. Each sends the entry
// its own input and reads the answer in its own form, so an entry that
// says recourse hook claude-code may be run by VS Code with VS Code's
// input. Sibling recognises such an input from keys that only its host
// sends, so that it is read, judged and answered as that host's, and is
// never stopped only because another host ran the entry.

// marks are, per host, the keys by which its pre-tool input is known:
// positive markers only, from each host's own source or reference
// (docs/hooks/HOST.md). A host without a row is never guessed.
var marks = map[string]func(obj map[string]json.RawMessage) bool{
	// VS Code's chatHookService sends {timestamp (ISO text),
	// hook_event_name, session_id, transcript_path, cwd, tool_name,
	// tool_input, tool_use_id}: Claude Code sends no timestamp, and
	// Copilot CLI's snake_case input has no tool_use_id.
	"vscode": func(obj map[string]json.RawMessage) bool {
		return isString(obj, "hook_event_name", "PreToolUse") && isText(obj["timestamp"]) && has(obj, "tool_use_id", "tool_name")
	},
	// Copilot CLI's preToolUse input is {sessionId, timestamp, cwd,
	// toolName, toolArgs}; configured as PreToolUse it is
	// {hook_event_name, session_id, timestamp (ISO text), cwd, tool_name,
	// tool_input}, without VS Code's tool_use_id.
	"copilot": func(obj map[string]json.RawMessage) bool {
		if has(obj, "toolName", "toolArgs") {
			return true
		}
		_, useID := obj["tool_use_id"]
		return isString(obj, "hook_event_name", "PreToolUse") && isText(obj["timestamp"]) && has(obj, "session_id", "tool_name") && !useID
	},
	// Cursor sends workspace_roots with every hook event
	// (https://cursor.com/docs/agent/hooks), to Claude Code's hooks too,
	// whose event names it maps to its own
	// (https://cursor.com/docs/reference/third-party-hooks, read
	// 2026-11-29).
	"cursor": func(obj map[string]json.RawMessage) bool {
		return has(obj, "workspace_roots", "hook_event_name")
	},
}

// loadedBySiblings are the hosts whose hook files other hosts run: Claude
// Code's settings (VS Code, Copilot CLI, Cursor), Copilot's hook
// directories (VS Code) and VS Code's, which are Copilot's. Another
// host's entry (a Docker interceptor, a Codex hook) only ever gets its
// own host's input.
var loadedBySiblings = map[string]bool{"claude-code": true, "copilot": true, "vscode": true}

// Sibling returns the host whose hook input data is, when named, the host
// the entry was written for, is not: a host among All whose markers the
// input carries, when exactly one does and named's own do not. Anything
// else — an input that is not one JSON object, one that no host or more
// than one host marks, a named host whose files no other host loads or
// that is not a command hook of All — is named's, which reads it or stops
// the call.
func Sibling(named Host, data []byte) Host {
	if !loadedBySiblings[named.Name()] || !isCommandHost(named) {
		return named
	}
	obj, err := jsonstrict.Object(data)
	if err != nil || obj == nil {
		return named
	}
	if mark := marks[named.Name()]; mark != nil && mark(obj) {
		return named
	}
	var found Host
	for _, h := range All() {
		mark := marks[h.Name()]
		if h == named || mark == nil || !mark(obj) {
			continue
		}
		if found != nil {
			return named
		}
		found = h
	}
	if found == nil {
		return named
	}
	return found
}

// isCommandHost reports whether h is one of All (not, say, Claude Code's
// HTTP hook, whose answer is an HTTP response).
func isCommandHost(h Host) bool {
	for _, c := range All() {
		if c == h {
			return true
		}
	}
	return false
}

// has reports whether obj has every one of keys.
func has(obj map[string]json.RawMessage, keys ...string) bool {
	for _, k := range keys {
		if _, ok := obj[k]; !ok {
			return false
		}
	}
	return true
}

// isString reports whether obj[key] is the JSON string want.
func isString(obj map[string]json.RawMessage, key, want string) bool {
	var s string
	return json.Unmarshal(obj[key], &s) == nil && s == want
}

// isText reports whether raw is a JSON string (not null).
func isText(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	var s string
	return len(raw) > 0 && raw[0] == '"' && json.Unmarshal(raw, &s) == nil
}
