package gateway

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
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

// FuzzReadLine: any line is a call the shortcut may answer, a
// cancellation, or mcp-go's server's — never a panic — and a call is read
// as mcp-go's server reads the whole message: the same tool, arguments
// and id.
func FuzzReadLine(f *testing.F) {
	for _, seed := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_records","arguments":{"n":12345678901234567890}}}`,
		`{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"x","_meta":{"progressToken":"p"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"a","reason":"r"}}`,
		`{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"x"}}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","task":{}}}`,
		`[{"jsonrpc":"2.0","id":3,"method":"tools/call"}]`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		call, cancelled := readLine([]byte(line))
		if cancelled != nil && !json.Valid(cancelled) {
			t.Fatalf("cancels %q", cancelled)
		}
		if call == nil {
			return
		}
		var whole struct {
			ID json.RawMessage `json:"id"`
			mcp.CallToolRequest
		}
		if err := json.Unmarshal([]byte(line), &whole.CallToolRequest); err != nil {
			t.Fatalf("taken, but mcp-go's server would not read it: %v", err)
		}
		_ = json.Unmarshal([]byte(line), &struct {
			ID *json.RawMessage `json:"id"`
		}{&whole.ID})
		got, want := call.req.Params, whole.Params
		if whole.Method != "tools/call" || got.Name != want.Name || string(got.RawArguments) != string(want.RawArguments) ||
			string(call.id) != string(whole.ID) || string(call.id) == "null" {
			t.Fatalf("read as %q %s id %s, mcp-go reads %q %q %s id %s", got.Name, got.RawArguments, call.id, whole.Method, want.Name, want.RawArguments, whole.ID)
		}
	})
}
