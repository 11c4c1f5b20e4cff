package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// mcpProcess is `recourse mcp serve` as a subprocess with its stdin held
// open: requests go one at a time, each answer read before the next.
type mcpProcess struct {
	t   *testing.T
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

func startMCP(t *testing.T, flags ...string) *mcpProcess {
	t.Helper()
	cmd := exec.Command(binary, append([]string{"mcp", "serve"}, flags...)...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &mcpProcess{t: t, cmd: cmd, in: in, out: bufio.NewReader(out)}
	t.Cleanup(func() { _ = in.Close(); _ = cmd.Process.Kill(); _ = cmd.Wait() })
	p.send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	p.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return p
}

// send writes one message and, unless it is a notification, returns the
// raw answer line.
func (p *mcpProcess) send(msg string) string {
	p.t.Helper()
	if _, err := io.WriteString(p.in, msg+"\n"); err != nil {
		p.t.Fatal(err)
	}
	if !strings.Contains(msg, `"id"`) {
		return ""
	}
	line, err := p.out.ReadString('\n')
	if err != nil {
		p.t.Fatalf("reading the answer to %.80s: %v", msg, err)
	}
	return line
}

// call runs a tool and returns its envelope.
func (p *mcpProcess) call(tool string, args any) map[string]any {
	p.t.Helper()
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": map[string]any{"name": tool, "arguments": args}})
	var resp struct {
		Result struct {
			StructuredContent map[string]any `json:"structuredContent"`
		} `json:"result"`
	}
	line := p.send(string(b))
	if err := json.Unmarshal([]byte(line), &resp); err != nil || resp.Result.StructuredContent == nil {
		p.t.Fatalf("%s: %v: %s", tool, err, line)
	}
	return resp.Result.StructuredContent
}

// TestMCPProtocolThroughStdio: ids, methods and names are answered with
// the codes JSON-RPC and MCP give them, by the real binary.
func TestMCPProtocolThroughStdio(t *testing.T) {
	p := startMCP(t)
	tests := []struct {
		name, msg, want string
	}{
		{"an id above 2^53 keeps its digits", `{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}`, `"id":9007199254740993,`},
		{"its neighbour too", `{"jsonrpc":"2.0","id":9007199254740992,"method":"ping"}`, `"id":9007199254740992,`},
		{"a string id", `{"jsonrpc":"2.0","id":"a-1","method":"ping"}`, `"id":"a-1"`},
		{"a null id", `{"jsonrpc":"2.0","id":null,"method":"ping"}`, `"code":-32600`},
		{"an object id", `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, `"code":-32600`},
		{"a fractional id", `{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, `"code":-32600`},
		{"no method", `{"jsonrpc":"2.0","id":5}`, `"code":-32600`},
		{"a method that is no string", `{"jsonrpc":"2.0","id":6,"method":7}`, `"code":-32600`},
		{"a tool name that is no string", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":5}}`, `"code":-32602`},
		{"a batch in 2025-06-18", `[{"jsonrpc":"2.0","id":8,"method":"ping"}]`, `"code":-32600`},
		{"a duplicate key in a plan", `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"recourse_evaluate_terraform","arguments":{"plan":{"format_version":"1.2","resource_changes":[{"address":"a.b","type":"aws_db_instance","change":{"actions":["delete"],"actions":["no-op"]}}]}}}}`, `"kind":"malformed_input"`},
		{"not JSON", `{"jsonrpc":"2.0","id":10,`, `"code":-32700`},
	}
	for _, tt := range tests {
		if got := p.send(tt.msg); !strings.Contains(got, tt.want) {
			t.Errorf("%s: %s, want %s", tt.name, got, tt.want)
		}
	}
}

// TestMCPBatchWhereNegotiated: a client that negotiated 2025-03-26 may
// batch; the answers come in one array.
func TestMCPBatchWhereNegotiated(t *testing.T) {
	p := &mcpProcess{t: t}
	p.cmd = exec.Command(binary, "mcp", "serve")
	in, _ := p.cmd.StdinPipe()
	o, _ := p.cmd.StdoutPipe()
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p.in, p.out = in, bufio.NewReader(o)
	t.Cleanup(func() { _ = in.Close(); _ = p.cmd.Wait() })
	if got := p.send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`); !strings.Contains(got, `"protocolVersion":"2025-03-26"`) {
		t.Fatalf("not negotiated: %s", got)
	}
	got := p.send(`[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"},{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"recourse_evaluate_shell","arguments":{"command":"rm -rf /"}}}]`)
	var answers []map[string]any
	if err := json.Unmarshal([]byte(got), &answers); err != nil || len(answers) != 2 {
		t.Fatalf("%v: %s", err, got)
	}
	if !strings.Contains(got, `"riskAssessment":"block"`) {
		t.Errorf("the batched call was not judged: %.300s", got)
	}
}

// TestMCPOperatorEnvironmentThroughStdio: the server's --environment
// wins over a call's own.
func TestMCPOperatorEnvironmentThroughStdio(t *testing.T) {
	p := startMCP(t, "--environment", "production", "--actor", "ci")
	env := p.call("recourse_evaluate_shell", map[string]any{"command": "rm notes.txt", "environment": "dev", "actor": "root", "response_format": "detailed"})
	data := env["data"].(map[string]any)
	ctx := data["context"].(map[string]any)
	if data["riskAssessment"] != "escalate" || ctx["environment"] != "production" || ctx["actor"] != "ci" {
		t.Fatalf("%v with context %v", data["riskAssessment"], ctx)
	}
}

// TestMCPRecoveryThroughStdio: following a recovery through the real
// binary judges the caller's own action.
func TestMCPRecoveryThroughStdio(t *testing.T) {
	p := startMCP(t)
	env := p.call("recourse_evaluate_terraform_plan", map[string]any{"plan": map[string]any{"format_version": "1.2", "resource_changes": []any{map[string]any{
		"address": "aws_db_instance.main", "type": "aws_db_instance",
		"change": map[string]any{"actions": []any{"delete"}, "before": map[string]any{"skip_final_snapshot": true, "backup_retention_period": 0}}}}}})
	rec := env["error"].(map[string]any)["recovery"].(map[string]any)
	next := p.call(rec["suggested_tool"].(string), rec["suggested_args"])
	if data, _ := next["data"].(map[string]any); data == nil || data["riskAssessment"] != "block" {
		t.Fatalf("following the recovery: %v", next)
	}
	env = p.call("recourse_evaluate_terraform", map[string]any{"plan": `{"format_version": "1.2", "resource_changes": [{"address": "aws_db_instance.main", "type": "aws_db_`})
	if rec := env["error"].(map[string]any)["recovery"].(map[string]any); rec["suggested_args"] != nil {
		t.Fatalf("a truncated plan has no exact repair, yet: %v", rec["suggested_args"])
	}
}

// TestMCPStopsOnSIGTERM: SIGTERM stops the server within a second while
// its stdin is still open, and what it wrote is whole JSON lines.
func TestMCPStopsOnSIGTERM(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			p := startMCP(t)
			p.call("recourse_evaluate_shell", map[string]any{"command": "ls"})
			// A call in flight when the signal comes.
			if _, err := io.WriteString(p.in, `{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"name":"recourse_evaluate_shell","arguments":{"command":"`+strings.Repeat("echo a; ", 5000)+`"}}}`+"\n"); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			if err := p.cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() {
				rest, _ := io.ReadAll(p.out)
				for _, line := range strings.Split(strings.TrimSpace(string(rest)), "\n") {
					if line != "" && !json.Valid([]byte(line)) {
						done <- fmt.Errorf("a half-written answer: %.100s", line)
						return
					}
				}
				done <- p.cmd.Wait()
			}()
			select {
			case err := <-done:
				if err != nil && !strings.Contains(err.Error(), "signal") {
					t.Fatal(err)
				}
				if d := time.Since(start); d > time.Second {
					t.Fatalf("stopped after %v", d)
				}
			case <-time.After(3 * time.Second):
				t.Fatal("the server did not stop within 3 s of the signal, stdin open")
			}
		})
	}
}

// TestMCPContractThroughStdio: through the real binary, an unknown tool
// escalates with the evidence route, answers are concise by default and
// complete on request, the agent contract's own example arguments are
// accepted, and the envelope's signals mean what they say.
func TestMCPContractThroughStdio(t *testing.T) {
	p := startMCP(t)
	env := p.call("recourse_evaluate_mcp_call", map[string]any{"server": "acme", "tool": "do_thing", "annotations": map[string]any{"title": "Do", "readOnlyHint": true}})
	data := env["data"].(map[string]any)
	if data["riskAssessment"] != "escalate" || env["status"] != "degraded" || env["degradation_reason"] != "classifier_fallback" ||
		!strings.Contains(fmt.Sprint(env["follow_up_hints"]), "recourse_evaluate_with_evidence") {
		t.Fatalf("an unknown tool: %v", env)
	}
	env = p.call("recourse_evaluate_with_evidence", map[string]any{"tool": "recourse_evaluate_mcp_call",
		"input":    map[string]any{"server": "acme", "tool": "do_thing"},
		"evidence": []any{map[string]any{"address": "acme.do_thing", "key": "read_only", "value": true, "source": "acme's API reference"}}})
	if d := env["data"].(map[string]any); d["riskAssessment"] != "warn" {
		t.Fatalf("read_only evidence: %v", d["riskAssessment"])
	}
	env = p.call("recourse_evaluate_shell", map[string]any{"command": "git status && rm -rf /", "cwd": nil})
	if d := env["data"].(map[string]any); d["totalMutations"] != 2.0 || d["ruleIds"].([]any)[0] != "fs.rm.critical" || d["saferAlternative"] == nil {
		t.Errorf("the concise gist names the most severe rule first, and what to do instead: %v", d)
	}
	env = p.call("recourse_evaluate_shell", map[string]any{"command": "git status && rm -rf /", "response_format": "detailed"})
	if n := len(env["data"].(map[string]any)["mutations"].([]any)); n != 2 {
		t.Errorf("detailed lists %d mutations, want 2", n)
	}
	env = p.call("recourse_evaluate_terraform", map[string]any{"classifier": false, "response_format": "detailed", "plan": map[string]any{"format_version": "1.2", "resource_changes": []any{}}})
	if env["status"] != "empty" || !strings.Contains(fmt.Sprint(env["data"].(map[string]any)["input"]), "classifier: false was ignored") {
		t.Errorf("classifier: false: %v", env)
	}
	env = p.call("recourse_evaluate_shell", map[string]any{"command": "eval \"$CMD\""})
	if env["status"] != "partial" || env["degradation_reason"] != "unanalysed_part" || env["confidence"] == "HIGH" {
		t.Errorf("a dynamic command: status %v, reason %v, confidence %v", env["status"], env["degradation_reason"], env["confidence"])
	}
	env = p.call("recourse_evaluate_terraform", map[string]any{"plan": map[string]any{"format_version": "1.2", "errored": true, "resource_changes": []any{}}})
	if env["status"] != "error" || env["error"].(map[string]any)["kind"] != "errored_plan" {
		t.Errorf("an errored plan: %v", env)
	}
}
