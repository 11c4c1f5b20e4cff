package rego

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/policy"
)

// regoEngine is an engine that evaluates default.rego alone with OPA: the
// reference policy.Default is held to.
func regoEngine(tb testing.TB) engine {
	tb.Helper()
	pq, err := prepare(context.Background(), nil)
	if err != nil {
		tb.Fatal(err)
	}
	return engine{pq}
}

// assertSameAsRego fails when policy.Default and default.rego disagree on in.
func assertSameAsRego(tb testing.TB, eng engine, in policy.Input) {
	tb.Helper()
	want, err := eng.Decide(context.Background(), in)
	if err != nil {
		tb.Fatalf("rego: %v", err)
	}
	got, err := policy.Default().Decide(context.Background(), in)
	if err != nil {
		tb.Fatalf("compiled: %v", err)
	}
	if !reflect.DeepEqual(got, want) {
		tb.Fatalf("input %+v\ncompiled %+v\nrego     %+v", in, got, want)
	}
}

// TestDefaultMatchesRego compares the two on every combination of up to
// three verdicts (tiers 0-6, rules or classifier, mutation or
// cross-action risk) in ordinary and production environments.
func TestDefaultMatchesRego(t *testing.T) {
	eng := regoEngine(t)
	type spec struct {
		tier       model.Tier
		classifier bool
		risk       bool
		excepted   bool
	}
	var specs []spec
	for tier := model.Tier(0); tier <= 6; tier++ {
		for _, classifier := range []bool{false, true} {
			for _, risk := range []bool{false, true} {
				specs = append(specs, spec{tier, classifier, risk, false})
			}
			// Exceptions cover mutations only.
			specs = append(specs, spec{tier, classifier, false, true})
		}
	}
	build := func(env string, chosen ...spec) policy.Input {
		in := policy.Input{Source: model.SourceShell, Environment: env}
		for i, s := range chosen {
			v := policy.Verdict{Address: fmt.Sprintf("r%d", i%2), Tier: s.tier, Reasoning: "why", Source: model.FromRules}
			if s.classifier {
				v.Source = model.FromClassifier
			}
			if s.excepted {
				v.Exception = &model.Exception{Rule: "fs.rm.*", Match: "rm -rf ./data", Reason: "scratch", Expires: "2027-01-31", Source: ".recourse.yaml:3"}
			}
			if s.risk {
				in.CrossActionRisks = append(in.CrossActionRisks, v)
			} else {
				in.Verdicts = append(in.Verdicts, v)
			}
		}
		return in
	}
	n := 0
	for _, env := range []string{"", "staging", "production", "PROD", "prd", "Live", "prod-eu", "production-2", "production2", "preprod"} {
		assertSameAsRego(t, eng, build(env))
		for _, a := range specs {
			assertSameAsRego(t, eng, build(env, a))
			for _, b := range specs {
				assertSameAsRego(t, eng, build(env, a, b))
				n += 2
			}
		}
		// Three verdicts: every tier pair with a third of each tier, from
		// the classifier in production.
		for _, a := range specs {
			for tier := model.Tier(1); tier <= 5; tier++ {
				assertSameAsRego(t, eng, build(env, a, spec{tier: tier, classifier: true}, spec{tier: 2, classifier: true, risk: true}))
				assertSameAsRego(t, eng, build(env, a, spec{tier: tier, excepted: true}, spec{tier: 4}))
				n++
			}
		}
	}
	t.Logf("%d inputs agree", n)
}

// FuzzDefaultMatchesRego: on any input the compiled default policy and
// default.rego give the same decision, reasons and policies.
func FuzzDefaultMatchesRego(f *testing.F) {
	f.Add("production", "aws_db_instance.main", "deletes the data", []byte{4, 2, 0x83})
	f.Add("", "rm -rf build", "build output", []byte{1, 0x82})
	f.Add("prod-eu", "x", "\"quoted\" ünïcode", []byte{3, 3, 9, 0})
	eng := regoEngine(f)
	f.Fuzz(func(t *testing.T, env, address, reasoning string, tiers []byte) {
		if len(tiers) > 64 {
			tiers = tiers[:64]
		}
		in := policy.Input{Source: model.SourceTerraform, Environment: env}
		for i, b := range tiers {
			// The low three bits are the tier (0 and 6-7 are corrupt), the
			// next the source, the next which list, the next an exception.
			v := policy.Verdict{Address: fmt.Sprintf("%s[%d]", address, i%3), Tier: model.Tier(b & 7), Reasoning: reasoning, Source: model.FromRules}
			if b&8 != 0 {
				v.Source = model.FromClassifier
			}
			if b&32 != 0 && b&16 == 0 {
				v.Exception = &model.Exception{Rule: "*", Match: address, Reason: reasoning, Expires: "2027-01-31", Source: env + ":1"}
			}
			if b&16 != 0 {
				in.CrossActionRisks = append(in.CrossActionRisks, v)
			} else {
				in.Verdicts = append(in.Verdicts, v)
			}
		}
		assertSameAsRego(t, eng, in)
	})
}
