package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

var mcpSession = []string{
	`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
	`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
	`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
	`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"recourse_evaluate_shell","arguments":{"command":"sudo rm -rf /"}}}`,
	`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"recourse_evaluate_mcp_call","arguments":{"server":"github","tool":"get_file_contents","arguments":{"path":"README.md"}}}}`,
	`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"recourse_evaluate_shel","arguments":{"command":"ls"}}}`,
}

// TestMCPServeStdio drives `recourse mcp serve` as a subprocess, with
// newline-delimited messages and with Content-Length framing.
func TestMCPServeStdio(t *testing.T) {
	for _, framed := range []bool{false, true} {
		t.Run(fmt.Sprintf("framed=%v", framed), func(t *testing.T) {
			var in bytes.Buffer
			for _, m := range mcpSession {
				if framed {
					fmt.Fprintf(&in, "Content-Length: %d\r\n\r\n%s", len(m), m)
				} else {
					in.WriteString(m + "\n")
				}
			}
			cmd := exec.Command(binary, "mcp", "serve", "--log-level", "debug")
			cmd.Stdin = &in
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			done := make(chan error, 1)
			go func() { done <- cmd.Run() }()
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("%v\n%s", err, errb.String())
				}
			case <-time.After(60 * time.Second):
				_ = cmd.Process.Kill()
				t.Fatal("the server did not exit when stdin ended")
			}
			responses := readResponses(t, &out, framed)
			if len(responses) != 5 {
				t.Fatalf("%d responses, want 5 (notifications get none)\n%s", len(responses), out.String())
			}
			byID := map[int]map[string]any{}
			for _, r := range responses {
				byID[int(r["id"].(float64))] = r
			}
			// serverInfo.version is the build's, as recourse version says
			// it, never "dev" (the tests' binary is built with no stamp).
			info := byID[1]["result"].(map[string]any)["serverInfo"].(map[string]any)
			if v := info["version"]; v == "dev" || v == "" || v != servedVersion(t) {
				t.Fatalf("serverInfo.version %q, want the build's version %q", v, servedVersion(t))
			}
			if tools := byID[2]["result"].(map[string]any)["tools"].([]any); len(tools) != 5 {
				t.Fatalf("%d tools", len(tools))
			}
			env := byID[3]["result"].(map[string]any)["structuredContent"].(map[string]any)
			if env["data"].(map[string]any)["riskAssessment"] != "block" {
				t.Fatalf("rm -rf /: %v", env)
			}
			env = byID[4]["result"].(map[string]any)["structuredContent"].(map[string]any)
			if env["data"].(map[string]any)["riskAssessment"] != "allow" {
				t.Fatalf("get_file_contents: %v", env)
			}
			res := byID[5]["result"].(map[string]any)
			if res["isError"] != true || !strings.Contains(fmt.Sprint(res["structuredContent"]), "recourse_evaluate_shell") {
				t.Fatalf("unknown tool: %v", res)
			}
			if !strings.Contains(errb.String(), "serving MCP") {
				t.Errorf("no log on stderr: %s", errb.String())
			}
		})
	}
}

func readResponses(t *testing.T, out *bytes.Buffer, framed bool) []map[string]any {
	t.Helper()
	var msgs []map[string]any
	r := bufio.NewReader(out)
	for {
		var body []byte
		if framed {
			header, err := r.ReadString('\n')
			if err == io.EOF {
				break
			}
			n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(header, "Content-Length:")))
			if err != nil {
				t.Fatalf("header %q", header)
			}
			if _, err := r.ReadString('\n'); err != nil {
				t.Fatal(err)
			}
			body = make([]byte, n)
			if _, err := io.ReadFull(r, body); err != nil {
				t.Fatal(err)
			}
		} else {
			line, err := r.ReadBytes('\n')
			if len(bytes.TrimSpace(line)) == 0 && err != nil {
				break
			}
			body = line
		}
		var m map[string]any
		if err := json.Unmarshal(body, &m); err != nil {
			t.Fatalf("stdout holds something that is not a JSON-RPC message: %q", body)
		}
		msgs = append(msgs, m)
	}
	return msgs
}

// servedVersion is the version recourse version --json reports.
func servedVersion(t *testing.T) string {
	t.Helper()
	r := runBinary(t, "", "version", "--json")
	var v struct{ Version string }
	if err := json.Unmarshal([]byte(r.stdout), &v); err != nil || v.Version == "" || v.Version == "dev" {
		t.Fatalf("recourse version --json: %q (%v)", r.stdout, err)
	}
	return v.Version
}
