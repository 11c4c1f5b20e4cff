package gateway

import (
	"strings"
	"testing"
)

// FuzzParseConfig: any document is a configuration whose every server is
// runnable, or an error naming a field — never a panic, never a server
// with neither a command nor a URL.
func FuzzParseConfig(f *testing.F) {
	for _, seed := range []string{
		`{"mcpServers": {"fs": {"command": "npx", "args": ["-y", "x"], "env": {"A": "${HOME}"}}}}`,
		"mcpServers:\n  api:\n    url: https://a/mcp\n    headers: {A: \"${X:-y}\"}\n    recourse: {fail_on: warn, always_ask: [\"d*\"]}\n",
		`{"mcpServers": {"s": {"type": "sse", "url": "http://127.0.0.1:1/sse", "disabled": true}}, "decision_log": "/tmp/x"}`,
		"mcpServers: {a: {command: x, command: y}}",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		c, err := ParseConfig([]byte(doc))
		if err != nil {
			return
		}
		for _, name := range c.Names() {
			s := c.MCPServers[name]
			if (s.Command == "") == (s.URL == "") {
				t.Fatalf("server %q has %q and %q", name, s.Command, s.URL)
			}
		}
	})
}

// FuzzExpandVars: expansion never panics, and text without "${" comes
// back unchanged.
func FuzzExpandVars(f *testing.F) {
	for _, seed := range []string{"Bearer ${TOKEN}", "${A:-b}c", "$A ${", "${}", "${A:-${B}}"} {
		f.Add(seed)
	}
	lookup := func(name string) (string, bool) {
		if name == "TOKEN" || name == "A" {
			return "v", true
		}
		return "", false
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, err := expandVars(s, lookup, "f")
		if !strings.Contains(s, "${") && (err != nil || out != s) {
			t.Fatalf("%q → %q, %v", s, out, err)
		}
	})
}
