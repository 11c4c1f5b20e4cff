package install

import (
	"encoding/json"
	"strings"
)

// jsonLine is kv as one JSON object, in the order given.
func jsonLine(kv ...any) string {
	var b strings.Builder
	b.WriteByte('{')
	for i := 0; i+1 < len(kv); i += 2 {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(kv[i])
		v, _ := json.Marshal(kv[i+1])
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.String()
}

// toolUse is Claude Code's PreToolUse input (Codex's too) for tool.
func toolUse(tool string) func(line, cwd string) string {
	return func(line, cwd string) string {
		return jsonLine("hook_event_name", "PreToolUse", "cwd", cwd, "tool_name", tool, "tool_input", map[string]string{"command": line})
	}
}

// exitStopped reads an exit-status host: 2 stops, 0 lets the call go,
// anything else is an answer the host does not read as a stop.
func exitStopped(exit int, _ string) (stop, ok bool) {
	return exit == 2, exit == 0 || exit == 2
}

// claudeStopped reads Claude Code's answer: exit 2, or a
// permissionDecision of deny or ask, stops; 0 otherwise lets it go.
func claudeStopped(exit int, stdout string) (stop, ok bool) {
	if exit != 0 {
		return exitStopped(exit, stdout)
	}
	var out struct {
		Specific struct {
			Decision string `json:"permissionDecision"`
		} `json:"hookSpecificOutput"`
	}
	if strings.TrimSpace(stdout) != "" && json.Unmarshal([]byte(stdout), &out) != nil {
		return false, false
	}
	d := out.Specific.Decision
	return d == "deny" || d == "ask", true
}

// jsonStopped reads a host that answers in JSON on stdout: key holding
// one of values stops; nothing, or another value, lets the call go.
func jsonStopped(key string, values ...any) func(int, string) (bool, bool) {
	return func(exit int, stdout string) (bool, bool) {
		if exit != 0 {
			return false, false
		}
		if strings.TrimSpace(stdout) == "" {
			return false, true
		}
		var out map[string]any
		if json.Unmarshal([]byte(stdout), &out) != nil {
			return false, false
		}
		for _, v := range values {
			if out[key] == v {
				return true, true
			}
		}
		return false, true
	}
}

// jsonOrExitStopped reads Gemini CLI: exit 2, or key holding value on
// stdout, stops.
func jsonOrExitStopped(key string, value any) func(int, string) (bool, bool) {
	return func(exit int, stdout string) (bool, bool) {
		if exit == 2 {
			return true, true
		}
		return jsonStopped(key, value)(exit, stdout)
	}
}
