package evaluator

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/evaluator/mcpcall"
	"github.com/recourse-dev/recourse/evaluator/shell"
	"github.com/recourse-dev/recourse/model"
)

type callCase struct {
	ID          string          `json:"id"`
	Destructive bool            `json:"destructive"`
	Expected    model.Decision  `json:"expected"`
	Call        json.RawMessage `json:"call"`
}

// TestMCPCallCorpus runs testdata/mcp/calls.jsonl: every call gets its
// expected decision, and no destructive call is allowed or merely warned
// about unless the corpus says warn on purpose (a recoverable action).
func TestMCPCallCorpus(t *testing.T) {
	f, err := os.Open("../testdata/mcp/calls.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ev := newEvaluator(t)
	sc := bufio.NewScanner(f)
	n, falseAllows := 0, 0
	for sc.Scan() {
		var c callCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("line %d: %v", n+1, err)
		}
		n++
		rep, err := ev.MCPCall(context.Background(), c.Call, Options{})
		if err != nil {
			t.Errorf("%s: %v", c.ID, err)
			continue
		}
		if rep.RiskAssessment != c.Expected {
			t.Errorf("%s: %s, want %s (%s)", c.ID, rep.RiskAssessment, c.Expected, rep.AssessmentReason)
		}
		if c.Destructive && rep.RiskAssessment == model.Allow {
			falseAllows++
			t.Errorf("%s: a destructive call was allowed", c.ID)
		}
	}
	if n < 150 {
		t.Fatalf("only %d calls; the corpus needs at least 150", n)
	}
	t.Logf("%d calls, %d false-allows", n, falseAllows)
}

// TestMCPUnreadArgumentIsNeverAllowed: a command or SQL argument the
// parser could not read (over the shell parser's size limit) leaves what
// the call runs unknown: needs review, never "judged on its own".
func TestMCPUnreadArgumentIsNeverAllowed(t *testing.T) {
	ev := newEvaluator(t)
	huge := "echo " + strings.Repeat("x", shell.MaxLineBytes)
	for _, call := range []map[string]any{
		{"server": "terminal", "tool": "run_command", "arguments": map[string]any{"command": huge}},
		{"server": "aws-api", "tool": "call_aws", "arguments": map[string]any{"cli_command": huge}},
	} {
		data, err := json.Marshal(call)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := ev.MCPCall(context.Background(), data, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if rep.RiskAssessment == model.Allow || rep.RiskAssessment == model.Warn {
			t.Errorf("%s: %s (%s), want escalate or block", call["tool"], rep.RiskAssessment, rep.AssessmentReason)
		}
	}
}

// BenchmarkMCPCall: one MCP tool call evaluated in process (target
// ≤ 30 µs; see docs/performance.md for where the time goes): a
// destructive call, and a read as the gateway sends it, with the
// upstream's annotations.
// TestCallIsMCPCall: a call its caller has read (Call, as the gateway
// evaluates) gets the report MCPCall gives the same call written as
// JSON, for every call of the corpus and for calls whose names, title or
// arguments hold a credential, which both mask.
func TestCallIsMCPCall(t *testing.T) {
	data, err := os.ReadFile("../testdata/mcp/calls.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	docs := []string{
		`{"server": "db", "tool": "run_sql", "arguments": {"sql": "DROP TABLE users", "password": "hunter2-Secr3t-pass"}}`,
		`{"server": "ghp_0123456789abcdefghijABCDEFGHIJ012345", "tool": "delete_repository", "arguments": {"repo": "api"}}`,
		`{"server": "s", "tool": "t", "arguments": {}, "annotations": {"title": "token AKIAIOSFODNN7EXAMPLE", "readOnlyHint": true}}`,
	}
	for line := range strings.Lines(string(data)) {
		var c callCase
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatal(err)
		}
		docs = append(docs, string(c.Call))
	}
	ev := newEvaluator(t)
	for _, doc := range docs {
		call, err := mcpcall.Decode([]byte(doc))
		if err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		var parts struct {
			Arguments json.RawMessage `json:"arguments"`
		}
		if err := json.Unmarshal([]byte(doc), &parts); err != nil {
			t.Fatal(err)
		}
		want, err := ev.MCPCall(context.Background(), []byte(doc), Options{})
		if err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		got, err := ev.Call(context.Background(), call, parts.Arguments, Options{})
		if err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		w, _ := json.Marshal(want)
		g, _ := json.Marshal(got)
		if string(g) != string(w) {
			t.Errorf("%s:\nCall    %s\nMCPCall %s", doc, g, w)
		}
	}
}

func BenchmarkMCPCall(b *testing.B) {
	ev := newEvaluator(b)
	for _, c := range []struct{ name, call string }{
		{"delete", `{"server": "github", "tool": "delete_repository", "arguments": {"owner": "acme", "repo": "api"}}`},
		{"read", `{"server":"records","tool":"list_records","arguments":{},"annotations":{"readOnlyHint":true}}`},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ev.MCPCall(context.Background(), []byte(c.call), Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	// A read as the gateway has it: already read, judged by Call.
	readOnly := true
	call, err := mcpcall.NewCall("records", "list_records", []byte(`{}`), &model.ToolAnnotations{ReadOnlyHint: &readOnly})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("read-as-gateway", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := ev.Call(context.Background(), call, []byte(`{}`), Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
