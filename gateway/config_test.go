package gateway

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/internal/httpauth"
)

func TestParseConfig(t *testing.T) {
	tests := []struct {
		name, doc string
		field     string // "" for a valid configuration
	}{
		{"a client's stdio block, unchanged", `{"mcpServers": {"fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"], "env": {"A": "b"}}}}`, ""},
		{"YAML with recourse settings", "mcpServers:\n  db:\n    url: https://db.example/mcp\n    headers: {Authorization: Bearer x}\n    recourse: {environment: production, fail_on: warn, always_ask: [\"drop_*\"]}\ndecision_log: /tmp/d.jsonl\n", ""},
		{"keys clients write and the gateway ignores", `{"mcpServers": {"fs": {"type": "stdio", "command": "x", "autoApprove": ["a"], "alwaysAllow": [], "timeout": 60, "disabled": false}}}`, ""},
		{"sse", `{"mcpServers": {"s": {"type": "sse", "url": "http://127.0.0.1:9/sse"}}}`, ""},
		{"empty", `{}`, "mcpServers"},
		{"unknown key", `{"mcpServers": {"fs": {"command": "x", "cmd": "y"}}}`, ""},
		{"duplicate key", "mcpServers:\n  fs:\n    command: a\n    command: b\n", ""},
		{"both command and url", `{"mcpServers": {"fs": {"command": "x", "url": "http://a"}}}`, "mcpServers.fs"},
		{"neither", `{"mcpServers": {"fs": {"args": ["x"]}}}`, "mcpServers.fs"},
		{"bad type", `{"mcpServers": {"fs": {"type": "websocket", "url": "ws://a"}}}`, "mcpServers.fs.type"},
		{"url not http", `{"mcpServers": {"fs": {"url": "file:///etc/passwd"}}}`, "mcpServers.fs.url"},
		{"headers on a command", `{"mcpServers": {"fs": {"command": "x", "headers": {"a": "b"}}}}`, "mcpServers.fs.headers"},
		{"env on a url", `{"mcpServers": {"fs": {"url": "http://a", "env": {"a": "b"}}}}`, "mcpServers.fs"},
		{"bad fail_on", `{"mcpServers": {"fs": {"command": "x", "recourse": {"fail_on": "allow"}}}}`, "mcpServers.fs.recourse.fail_on"},
		{"bad pattern", `{"mcpServers": {"fs": {"command": "x", "recourse": {"always_block": ["["]}}}}`, "mcpServers.fs.recourse"},
		{"two documents", "mcpServers: {fs: {command: x}}\n---\nmcpServers: {}\n", ""},
		{"trust_annotations and allow_once", `{"mcpServers": {"fs": {"command": "x", "recourse": {"trust_annotations": false, "allow_once": "never"}}, "gh": {"url": "https://a/mcp", "recourse": {"trust_annotations": true, "allow_once": "block"}}}}`, ""},
		{"bad allow_once", `{"mcpServers": {"fs": {"command": "x", "recourse": {"allow_once": "always"}}}}`, "mcpServers.fs.recourse.allow_once"},
		{"observe, for all servers and for one", `{"observe": "off", "mcpServers": {"fs": {"command": "x", "recourse": {"observe": "auto"}}, "gh": {"url": "https://a/mcp", "recourse": {"observe": "off"}}}}`, ""},
		{"bad observe", `{"observe": "on", "mcpServers": {"fs": {"command": "x"}}}`, "observe"},
		{"bad server observe", `{"mcpServers": {"fs": {"command": "x", "recourse": {"observe": "yes"}}}}`, "mcpServers.fs.recourse.observe"},
		{"observe auto on a url: it acts elsewhere", `{"mcpServers": {"gh": {"url": "https://a/mcp", "recourse": {"observe": "auto"}}}}`, "mcpServers.gh.recourse.observe"},
		{"trust_annotations of an unknown type (a string, not a boolean)", `{"mcpServers": {"fs": {"command": "x", "recourse": {"trust_annotations": "yes please"}}}}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseConfig([]byte(tt.doc))
			valid := !strings.Contains(tt.name, "unknown") && !strings.Contains(tt.name, "duplicate") && !strings.Contains(tt.name, "documents") && tt.field == ""
			switch {
			case valid && err != nil:
				t.Fatalf("refused: %v", err)
			case !valid && err == nil:
				t.Fatal("accepted")
			case err != nil && !strings.Contains(err.Error(), "mcpServers:") && !strings.Contains(err.Error(), "a configuration such as"):
				t.Fatalf("the error shows no corrected example: %v", err)
			}
			if tt.field != "" && err != nil && !strings.HasPrefix(err.Error(), tt.field) {
				t.Fatalf("error %q does not name %s", err, tt.field)
			}
		})
	}
}

// TestObserves: a stdio server is observed unless its setting, the
// configuration's or the command's says off; a URL server never is.
func TestObserves(t *testing.T) {
	stdio, remote := Server{Command: "x"}, Server{URL: "https://a/mcp"}
	off, auto := stdio, stdio
	off.Recourse.Observe, auto.Recourse.Observe = "off", "auto"
	for _, tc := range []struct {
		s                   Server
		configured, command string
		want                bool
	}{
		{stdio, "", "", true},
		{stdio, "auto", "auto", true},
		{stdio, "off", "", false},
		{auto, "off", "", true},
		{off, "auto", "", false},
		{auto, "", "off", false},
		{stdio, "", "off", false},
		{remote, "auto", "auto", false},
	} {
		if got := tc.s.Observes(tc.configured, tc.command); got != tc.want {
			t.Errorf("%+v observes under (config %q, --observe %q) = %v, want %v", tc.s.Recourse, tc.configured, tc.command, got, tc.want)
		}
	}
}

func TestExpand(t *testing.T) {
	t.Setenv("GW_TOKEN", "s3cret")
	t.Setenv("GW_EMPTY", "")
	doc := `{"mcpServers": {"api": {"url": "${GW_BASE:-https://api.example}/mcp", "headers": {"Authorization": "Bearer ${GW_TOKEN}", "X-Literal": "$GW_TOKEN"}},
		"cmd": {"command": "${GW_EMPTY:-npx}", "args": ["${GW_TOKEN}", "${GW_EMPTY}"], "env": {"T": "${GW_TOKEN}"}}}}`
	c, err := ParseConfig([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	api, cmd := c.MCPServers["api"], c.MCPServers["cmd"]
	if api.URL != "https://api.example/mcp" || api.Headers["Authorization"] != "Bearer s3cret" || api.Headers["X-Literal"] != "$GW_TOKEN" {
		t.Fatalf("%+v", api)
	}
	if cmd.Command != "npx" || cmd.Args[0] != "s3cret" || cmd.Args[1] != "" || cmd.Env["T"] != "s3cret" {
		t.Fatalf("%+v", cmd)
	}
	_, err = ParseConfig([]byte(`{"mcpServers": {"api": {"url": "https://a/mcp", "headers": {"Authorization": "Bearer ${GW_UNSET_TOKEN}"}}}}`))
	if err == nil || !strings.HasPrefix(err.Error(), "mcpServers.api.headers.Authorization") {
		t.Fatalf("an unset variable: %v", err)
	}
}

func TestImport(t *testing.T) {
	home, project := t.TempDir(), t.TempDir()
	write := func(name, body string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(name), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// Claude Code: user scope, project scope, then local scope wins.
	write(filepath.Join(home, ".claude.json"), `{"numStartups": 3, "mcpServers": {"github": {"type": "http", "url": "https://api.githubcopilot.com/mcp/", "headers": {"Authorization": "Bearer t"}}, "shared": {"command": "user"}},
		"projects": {"`+project+`": {"mcpServers": {"shared": {"command": "local", "args": ["--x"]}}}}}`)
	write(filepath.Join(project, ".mcp.json"), `{"mcpServers": {"shared": {"command": "project"}, "fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."], "oauth": {}}}}`)
	imp, err := Import("claude-code", home, project)
	if err != nil {
		t.Fatal(err)
	}
	if got := imp.Config.MCPServers["shared"].Command; got != "local" {
		t.Fatalf("shared is %q, want the local scope's", got)
	}
	if s := imp.Config.MCPServers["github"]; s.Transport() != "http" || s.Headers["Authorization"] != "Bearer t" {
		t.Fatalf("%+v", s)
	}
	if len(imp.Dropped) != 1 || !strings.HasSuffix(imp.Dropped[0], "mcpServers.fs.oauth") {
		t.Fatalf("dropped %v", imp.Dropped)
	}
	// Cursor, global and project.
	write(filepath.Join(home, ".cursor", "mcp.json"), `{"mcpServers": {"a": {"command": "a"}}}`)
	write(filepath.Join(project, ".cursor", "mcp.json"), `{"mcpServers": {"b": {"url": "http://127.0.0.1:1/mcp"}}}`)
	if imp, err := Import("cursor", home, project); err != nil || len(imp.Config.MCPServers) != 2 {
		t.Fatalf("%v %+v", err, imp)
	}
	// Claude Desktop, where this OS keeps it.
	if runtime.GOOS == "linux" {
		write(filepath.Join(home, ".config", "Claude", "claude_desktop_config.json"), `{"mcpServers": {"x": {"command": "x"}, "x": {"command": "y"}}}`)
		if _, err := Import("claude-desktop", home, project); err == nil || !strings.Contains(err.Error(), "twice") && !strings.Contains(err.Error(), "duplicate") {
			t.Fatalf("a key given twice: %v", err)
		}
	}
	if _, err := Import("vscode", home, project); err == nil {
		t.Fatal("an unknown client was accepted")
	}
	if _, err := Import("claude-desktop", t.TempDir(), project); err == nil || !strings.Contains(err.Error(), "no claude-desktop MCP configuration") {
		t.Fatalf("%v", err)
	}
}

func TestHTTPAuthorization(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusTeapot) })
	name := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(name, []byte("s3cret\nother\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tokens, err := httpauth.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	h := authorize(tokens, ok)
	for _, tc := range []struct {
		header string
		want   int
	}{
		{"", http.StatusUnauthorized},
		{"Bearer wrong", http.StatusUnauthorized},
		{"Bearer s3cre", http.StatusUnauthorized},
		{"Basic s3cret", http.StatusUnauthorized},
		{"Bearer s3cret", http.StatusTeapot},
		{"Bearer other", http.StatusTeapot},
	} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("POST", "/mcp", nil)
		if tc.header != "" {
			req.Header.Set("Authorization", tc.header)
		}
		h.ServeHTTP(rec, req)
		if rec.Code != tc.want {
			t.Errorf("%q: %d, want %d", tc.header, rec.Code, tc.want)
		}
	}
	// A non-loopback address is refused without --allow-remote, and with
	// it but without tokens.
	g := &Gateway{}
	if err := g.ServeHTTP(context.Background(), HTTPOptions{Addr: "0.0.0.0:0"}); err == nil || !strings.Contains(err.Error(), "--allow-remote") {
		t.Fatalf("%v", err)
	}
	if err := g.ServeHTTP(context.Background(), HTTPOptions{Addr: "0.0.0.0:0", AllowRemote: true}); err == nil || !strings.Contains(err.Error(), "--token-file") {
		t.Fatalf("%v", err)
	}
}
