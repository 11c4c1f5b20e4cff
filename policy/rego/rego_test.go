package rego

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/policy"
)

// TestDefaultPolicyRegoTests runs default_test.rego through OPA's tester.
func TestDefaultPolicyRegoTests(t *testing.T) {
	var out bytes.Buffer
	sum, err := RunTests(context.Background(), &out, true)
	if err != nil {
		t.Fatal(err)
	}
	if !sum.OK() || sum.Passed < 20 {
		t.Fatalf("rego tests: %+v\n%s", sum, out.String())
	}
}

func writePolicy(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func verdicts(tiers ...model.Tier) []policy.Verdict {
	out := make([]policy.Verdict, len(tiers))
	for i, tier := range tiers {
		out[i] = policy.Verdict{Address: "r" + string(rune('a'+i)), Type: "t", Action: "delete", Tier: tier, Reasoning: "why", Source: model.FromRules, RuleID: "x", Confidence: model.ConfidenceHigh}
	}
	return out
}

func TestDecide(t *testing.T) {
	eng, err := New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		env   string
		tiers []model.Tier
		want  model.Decision
	}{
		{"empty", "", nil, model.Allow},
		{"reversible", "", []model.Tier{1, 1}, model.Allow},
		{"effort", "", []model.Tier{1, 2}, model.Warn},
		{"backup", "", []model.Tier{3}, model.Warn},
		{"review", "", []model.Tier{3, 5}, model.Escalate},
		{"unrecoverable", "", []model.Tier{5, 4}, model.Block},
		{"production backup", "production", []model.Tier{3}, model.Escalate},
		{"production effort", "production", []model.Tier{2}, model.Warn},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := eng.Decide(context.Background(), policy.Input{Source: model.SourceTerraform, Environment: tt.env, Verdicts: verdicts(tt.tiers...)})
			if err != nil {
				t.Fatal(err)
			}
			if res.Decision != tt.want {
				t.Fatalf("decision %s, want %s (reasons %v)", res.Decision, tt.want, res.Reasons)
			}
			if len(res.Reasons) == 0 || len(res.Policies) == 0 {
				t.Fatalf("no reasons or policies: %+v", res)
			}
		})
	}
}

func TestDecideConcurrent(t *testing.T) {
	eng, err := New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			tier := model.Tier(i%4 + 1)
			res, err := eng.Decide(context.Background(), policy.Input{Verdicts: verdicts(tier)})
			want := map[model.Tier]model.Decision{1: model.Allow, 2: model.Warn, 3: model.Warn, 4: model.Block}[tier]
			if err != nil || res.Decision != want {
				t.Errorf("tier %d: %v %v", tier, res.Decision, err)
			}
		}(i)
	}
	wg.Wait()
}

func TestUserPolicies(t *testing.T) {
	tighten := `package recourse.policies.fridays
tighten contains {"decision": "block", "reason": "no destroys in production"} if {
	input.context.environment == "production"
	some m in input.mutations
	m.action == "delete"
}
`
	relax := `package recourse.policies.dev
relax contains {"decision": "warn", "reason": "dev data is disposable"} if input.context.environment == "dev"
`
	dir := writePolicy(t, map[string]string{"fridays.rego": tighten, "dev.rego": relax, "ignored_test.rego": "package x\ntest_x if false\n"})
	eng, err := New(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	res, err := eng.Decide(context.Background(), policy.Input{Environment: "production", Verdicts: verdicts(2)})
	if err != nil || res.Decision != model.Block || !strings.Contains(res.Reasons[0], "recourse.policies.fridays") {
		t.Fatalf("tighten: %+v %v", res, err)
	}
	res, err = eng.Decide(context.Background(), policy.Input{Environment: "dev", Verdicts: verdicts(4)})
	if err != nil || res.Decision != model.Warn {
		t.Fatalf("relax: %+v %v", res, err)
	}
	want := []string{"recourse.default", "recourse.policies.dev", "recourse.policies.fridays"}
	if strings.Join(res.Policies, ",") != strings.Join(want, ",") {
		t.Fatalf("policies %v, want %v", res.Policies, want)
	}
}

// TestUserPolicyReadsSummary: input.summary holds every documented field
// (docs/policy.md), with the values the evaluator passed.
func TestUserPolicyReadsSummary(t *testing.T) {
	src := `package recourse.policies.summary
tighten contains {"decision": "block", "reason": "summary seen"} if {
	input.summary.totalMutations == 3
	input.summary.needsReview == true
	input.summary.hasUnrecoverable == false
	input.summary.dependencyImpactCount == 7
	input.summary.worstTier == 5
	input.summary.tierCounts["needs-review"] == 1
	input.summary.classifierVerdicts == 2
}
`
	eng, err := New(context.Background(), writePolicy(t, map[string]string{"summary.rego": src}))
	if err != nil {
		t.Fatal(err)
	}
	sum := policy.Summary{TotalMutations: 3, NeedsReview: true, DependencyImpactCount: 7, WorstTier: 5,
		TierCounts: model.TierCounts{model.TierReversible: 2, model.TierNeedsReview: 1}, ClassifierVerdicts: 2}
	res, err := eng.Decide(context.Background(), policy.Input{Verdicts: verdicts(1), Summary: sum})
	if err != nil || res.Decision != model.Block {
		t.Fatalf("with the summary: %+v %v", res, err)
	}
	sum.ClassifierVerdicts = 0
	res, err = eng.Decide(context.Background(), policy.Input{Verdicts: verdicts(1), Summary: sum})
	if err != nil || res.Decision != model.Allow {
		t.Fatalf("with another summary: %+v %v", res, err)
	}
}

func TestPolicyErrors(t *testing.T) {
	tests := []struct {
		name     string
		files    map[string]string
		kind     model.ErrorKind
		location string // file suffix:line:col expected in the message
	}{
		{"syntax", map[string]string{"bad.rego": "package recourse.policies.bad\n\ntighten contains x if {\n  x := \n}\n"}, model.KindPolicyCompile, "bad.rego:"},
		{"v0 syntax", map[string]string{"old.rego": "package recourse.policies.old\n\ndeny[msg] { msg := \"x\" }\n"}, model.KindPolicyCompile, "old.rego:3:"},
		{"unsafe var", map[string]string{"u.rego": "package recourse.policies.u\n\ntighten contains y if { x == 1 }\n"}, model.KindPolicyCompile, "u.rego:3:"},
		{"reserved package", map[string]string{"r.rego": "package recourse.decision\n\nx := 1\n"}, model.KindPolicyCompile, "r.rego:1:"},
		{"wrong package", map[string]string{"w.rego": "package mypolicy\n\ntighten contains {\"decision\": \"block\", \"reason\": \"x\"} if true\n"}, model.KindPolicyCompile, "w.rego:1:"},
		{"nested package", map[string]string{"n.rego": "package recourse.policies.team.prod\n\nx := 1\n"}, model.KindPolicyCompile, "n.rego:1:"},
		{"empty dir", map[string]string{"README.md": "no policy"}, model.KindPolicyCompile, ""},
		// A policy must not reach the network: it would make a decision
		// depend on, or send the input to, a remote server.
		{"http.send", map[string]string{"h.rego": "package recourse.policies.h\n\ntighten contains {\"decision\": \"block\", \"reason\": r} if {\n  r := http.send({\"method\": \"post\", \"url\": \"https://example.com\", \"body\": input}).body\n}\n"}, model.KindPolicyCompile, "reaches the network"},
		{"net.lookup_ip_addr", map[string]string{"n.rego": "package recourse.policies.n\n\nrelax contains {\"decision\": \"allow\", \"reason\": \"x\"} if {\n  count(net.lookup_ip_addr(\"example.com\")) > 0\n}\n"}, model.KindPolicyCompile, "reaches the network"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writePolicy(t, tt.files)
			_, err := New(context.Background(), dir)
			var e *model.Error
			if !errors.As(err, &e) || e.Kind != tt.kind {
				t.Fatalf("got %v, want kind %s", err, tt.kind)
			}
			if tt.location != "" && !strings.Contains(e.Error(), tt.location) {
				t.Fatalf("error %q does not name %s", e.Error(), tt.location)
			}
		})
	}
}

func TestPolicyEvalErrorNeverDecides(t *testing.T) {
	tests := map[string]string{
		"malformed entry": `package recourse.policies.bad
tighten contains {"decision": "deny", "reason": "x"} if true
`,
		"runtime error": `package recourse.policies.boom
tighten contains {"decision": "block", "reason": x} if { x := sprintf("%d", [to_number("nope")]) }
`,
		"conflict": `package recourse.policies.conflict
tighten := {{"decision": "block", "reason": "a"}} if true
tighten := {{"decision": "warn", "reason": "b"}} if true
`,
	}
	for name, src := range tests {
		t.Run(name, func(t *testing.T) {
			eng, err := New(context.Background(), writePolicy(t, map[string]string{"p.rego": src}))
			if err != nil {
				var e *model.Error
				if errors.As(err, &e) && e.Kind == model.KindPolicyCompile {
					return // rejected before evaluation: also never a decision
				}
				t.Fatal(err)
			}
			res, err := eng.Decide(context.Background(), policy.Input{Verdicts: verdicts(1)})
			var e *model.Error
			if !errors.As(err, &e) || e.Kind != model.KindPolicyEval {
				t.Fatalf("got %+v, %v; want a policy evaluation error", res, err)
			}
		})
	}
}

func TestDeadline(t *testing.T) {
	eng, err := New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = eng.Decide(ctx, policy.Input{Verdicts: verdicts(1)})
	var e *model.Error
	if !errors.As(err, &e) || e.Kind != model.KindDeadlineExceeded {
		t.Fatalf("got %v", err)
	}
}

func TestRunTestsUserDir(t *testing.T) {
	pass := `package mine_test
import data.recourse.decision
test_block if decision.result.decision == "block" with input as {"mutations": [{"address": "a", "tier": 4, "label": "unrecoverable", "reasoning": "r", "source": "rules"}], "crossActionRisks": [], "context": {"environment": ""}}
`
	fail := `package other_test
test_fails if 1 == 2
`
	var out bytes.Buffer
	sum, err := RunTests(context.Background(), &out, false, writePolicy(t, map[string]string{"a_test.rego": pass}))
	if err != nil || !sum.OK() || sum.Passed != 1 {
		t.Fatalf("%+v %v\n%s", sum, err, out.String())
	}
	out.Reset()
	sum, err = RunTests(context.Background(), &out, false, writePolicy(t, map[string]string{"b_test.rego": fail}))
	if err != nil || sum.OK() || sum.Failed != 1 || !strings.Contains(out.String(), "FAIL") {
		t.Fatalf("%+v %v\n%s", sum, err, out.String())
	}
}

// BenchmarkDecideSmall: the policy's share of evaluating a one-line
// command (three verdicts), with no user policy loaded: the compiled
// default policy.
func BenchmarkDecideSmall(b *testing.B) {
	eng, err := New(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	benchDecideSmall(b, eng)
}

// BenchmarkDecideSmallRego: the same decision through the Rego engine, as
// it runs when a user policy is loaded (default.rego evaluated by OPA).
func BenchmarkDecideSmallRego(b *testing.B) {
	benchDecideSmall(b, regoEngine(b))
}

// benchDecideSmall times eng's decision on a one-line command's three
// verdicts.
func benchDecideSmall(b *testing.B, eng policy.Decider) {
	in := policy.Input{Source: model.SourceShell, Verdicts: verdicts(1, 3, 2)}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := eng.Decide(context.Background(), in); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPolicyReadsSuppliedEvidence: the policy input marks the facts a
// caller supplied, so a policy can refuse a verdict that rests on them.
func TestPolicyReadsSuppliedEvidence(t *testing.T) {
	strict := `package recourse.policies.strict
tighten contains {"decision": "escalate", "reason": "a verdict rests on self-asserted evidence"} if {
	some m in input.mutations
	some f in m.suppliedEvidence
	f.by == "agent-7"
	f.source != ""
}
`
	eng, err := New(context.Background(), writePolicy(t, map[string]string{"strict.rego": strict}))
	if err != nil {
		t.Fatal(err)
	}
	plain := verdicts(2)
	res, err := eng.Decide(context.Background(), policy.Input{Verdicts: plain})
	if err != nil || res.Decision != model.Warn {
		t.Fatalf("without supplied evidence: %+v %v", res, err)
	}
	plain[0].Supplied = []model.SuppliedFact{{Key: "force_destroy", Value: false, Source: "aws s3api get-bucket-tagging", By: "agent-7"}}
	res, err = eng.Decide(context.Background(), policy.Input{Verdicts: plain})
	if err != nil || res.Decision != model.Escalate {
		t.Fatalf("with supplied evidence: %+v %v", res, err)
	}
}
