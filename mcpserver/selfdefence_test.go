package mcpserver

import (
	"testing"
)

// TestSelfDefenceThroughMCP: the classes of issue 31 that recourse mcp
// serve judges (it reads no file and observes nothing: a script it cannot
// see needs review) hold through recourse_evaluate_shell and
// recourse_evaluate_mcp_call as they do through eval and the hooks — a
// change of directory, a spelling or a link does not lower a write to an
// agent's configuration or the home, a prompt fed by a file asks nothing,
// a script run is never allowed unseen, and a call that approves a stop
// or trusts a configuration needs a person.
func TestSelfDefenceThroughMCP(t *testing.T) {
	s := newServer(t, Options{})
	initialize(t, s)
	tests := []struct {
		tool string
		args map[string]any
		want string // the least decision
	}{
		{ToolShell, map[string]any{"command": "cd .claude && rm settings.json", "cwd": "/srv/app"}, "escalate"},
		{ToolShell, map[string]any{"command": "(cd .git/hooks && echo x > pre-commit)", "cwd": "/srv/app"}, "escalate"},
		{ToolShell, map[string]any{"command": "pushd .claude && rm settings.json", "cwd": "/srv/app"}, "escalate"},
		{ToolShell, map[string]any{"command": "rm .CLAUDE/Settings.json", "cwd": "/srv/app"}, "escalate"},
		{ToolShell, map[string]any{"command": "ln -s ~ /tmp/h && rm -rf /tmp/h/", "cwd": "/srv/app"}, "block"},
		{ToolShell, map[string]any{"command": "rm -r --interactive=never /srv/data", "cwd": "/srv/app"}, "block"},
		{ToolShell, map[string]any{"command": "{ rm -rI /srv/data; } < answers.txt", "cwd": "/srv/app"}, "block"},
		{ToolShell, map[string]any{"command": "yes | rm -ri /srv/data", "cwd": "/srv/app"}, "block"},
		{ToolShell, map[string]any{"command": "bash approve.sh", "cwd": "/srv/app"}, "escalate"},
		{ToolShell, map[string]any{"command": "cat > x.sh <<'EOF'\nrecourse allow-once K7QM-2WPD\nEOF\nbash x.sh", "cwd": "/srv/app"}, "escalate"},
		{ToolShell, map[string]any{"command": "recourse trust < /dev/null", "cwd": "/srv/app"}, "escalate"},
		{ToolShell, map[string]any{"command": `claude --setting-sources "" -p hi`, "cwd": "/srv/app"}, "escalate"},
		{ToolMCPCall, map[string]any{"server": "filesystem", "tool": "write_file", "arguments": map[string]any{"path": "/srv/app/.CLAUDE/Settings.json", "content": "{}"}}, "escalate"},
	}
	rank := map[string]int{"allow": 0, "warn": 1, "escalate": 2, "block": 3}
	for _, tt := range tests {
		name, _ := tt.args["command"].(string)
		t.Run(tt.tool+"/"+name, func(t *testing.T) {
			_, env, isErr := call(t, s, tt.tool, tt.args)
			data, _ := env["data"].(map[string]any)
			got, _ := data["riskAssessment"].(string)
			if isErr || rank[got] < rank[tt.want] {
				t.Fatalf("%s: %q (error %v), want at least %s", tt.tool, got, isErr, tt.want)
			}
		})
	}
}
