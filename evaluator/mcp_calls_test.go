package evaluator

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"testing"

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

// BenchmarkMCPCall: one MCP tool call evaluated in process (target
// ≤ 30 µs; see docs/performance.md for where the time goes).
func BenchmarkMCPCall(b *testing.B) {
	ev := newEvaluator(b)
	call := []byte(`{"server": "github", "tool": "delete_repository", "arguments": {"owner": "acme", "repo": "api"}}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ev.MCPCall(context.Background(), call, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
