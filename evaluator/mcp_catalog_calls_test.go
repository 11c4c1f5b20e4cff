package evaluator

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

// corpusScore counts a corpus's calls by how their decisions fall against
// the rubric: a must-allow call (labelled allow or warn) that is escalated
// or blocked is a false deny; a destructive call that is allowed is a
// false allow.
type corpusScore struct {
	calls, mustAllow, falseDenies, falseAllows, mismatches int
	servers                                                map[string]bool
}

// scoreCorpus evaluates every call of a JSONL corpus. Each line is
// {"id", "destructive", "expected", "call"} and, in a corpus built from
// the catalog, "source" (repo@commit:paths, where the tool was read).
func scoreCorpus(t *testing.T, file string, wantSource bool) corpusScore {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ev := newEvaluator(t)
	source := regexp.MustCompile(`^[\w.-]+/[\w.-]+@[0-9a-f]{40}:\S+$`)
	s := corpusScore{servers: map[string]bool{}}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var c struct {
			callCase
			Source string `json:"source"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("%s line %d: %v", file, s.calls+1, err)
		}
		s.calls++
		if wantSource && !source.MatchString(c.Source) {
			t.Errorf("%s: source %q is not repo@commit:paths", c.ID, c.Source)
		}
		s.servers[strings.SplitN(c.ID, "/", 2)[0]] = true
		rep, err := ev.MCPCall(context.Background(), c.Call, Options{})
		if err != nil {
			t.Errorf("%s: %v", c.ID, err)
			continue
		}
		got := rep.RiskAssessment
		mustAllow := c.Expected == model.Allow || c.Expected == model.Warn
		if mustAllow {
			s.mustAllow++
		}
		switch {
		case c.Destructive && got == model.Allow:
			s.falseAllows++
			t.Errorf("%s: a destructive call was allowed (%s)", c.ID, rep.AssessmentReason)
		case mustAllow && (got == model.Escalate || got == model.Block):
			s.falseDenies++
			t.Logf("false deny %s: %s (%s)", c.ID, got, rep.AssessmentReason)
		}
		if got != c.Expected {
			s.mismatches++
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestMCPCatalogCallCorpus runs testdata/mcp/catalog-calls.jsonl: calls
// to the tools of the servers in the catalog (rules/mcp/catalog), one per
// tool with ordinary arguments, spelt as the hosts spell them, plus the
// destructive forms of the query, code and command tools and reads given
// a destructive flag. Targets (issue 35): no destructive call allowed,
// false denies at most 5% of the must-allow calls.
func TestMCPCatalogCallCorpus(t *testing.T) {
	s := scoreCorpus(t, "../testdata/mcp/catalog-calls.jsonl", true)
	if s.calls < 1000 || len(s.servers) < 60 {
		t.Errorf("%d calls over %d servers; the corpus needs at least 1000 calls over 60 servers", s.calls, len(s.servers))
	}
	if s.falseAllows > 0 {
		t.Errorf("%d false allows, want 0", s.falseAllows)
	}
	if s.falseDenies*100 > s.mustAllow*5 {
		t.Errorf("%d false denies of %d must-allow calls: more than 5%%", s.falseDenies, s.mustAllow)
	}
	t.Logf("%d calls over %d servers: %d must-allow, %d false denies, %d false allows, %d not the labelled decision",
		s.calls, len(s.servers), s.mustAllow, s.falseDenies, s.falseAllows, s.mismatches)
}

// TestMCPCatalogBlindCorpus runs testdata/mcp/catalog-blind.jsonl: calls
// to 37 servers that were not in the catalog when it was written, labelled
// from each tool's own source before Recourse's answer was looked at (see
// testdata/mcp/catalog-blind.md for how the servers were chosen). No rule
// was tuned on it, so it measures how Recourse reads tools it was not
// shown. The servers are now in the catalog, read from their source, not
// from this file. Targets (issue 35): no destructive call allowed, false
// denies at most 5% of the must-allow calls.
func TestMCPCatalogBlindCorpus(t *testing.T) {
	s := scoreCorpus(t, "../testdata/mcp/catalog-blind.jsonl", true)
	if s.calls < 400 || len(s.servers) < 36 {
		t.Errorf("%d calls over %d servers; the blind corpus needs at least 400 calls over 36 servers", s.calls, len(s.servers))
	}
	if s.falseAllows > 0 {
		t.Errorf("%d false allows, want 0", s.falseAllows)
	}
	if s.falseDenies*100 > s.mustAllow*5 {
		t.Errorf("%d false denies of %d must-allow calls: more than 5%%", s.falseDenies, s.mustAllow)
	}
	t.Logf("%d calls over %d servers: %d must-allow, %d false denies, %d false allows, %d not the labelled decision",
		s.calls, len(s.servers), s.mustAllow, s.falseDenies, s.falseAllows, s.mismatches)
}

// TestMCPCallCorpusScore scores testdata/mcp/calls.jsonl by the same
// rubric (TestMCPCallCorpus checks each call's exact decision).
func TestMCPCallCorpusScore(t *testing.T) {
	s := scoreCorpus(t, "../testdata/mcp/calls.jsonl", false)
	if s.falseAllows > 0 {
		t.Errorf("%d false allows, want 0", s.falseAllows)
	}
	t.Logf("%d calls: %d must-allow, %d false denies, %d false allows", s.calls, s.mustAllow, s.falseDenies, s.falseAllows)
}
