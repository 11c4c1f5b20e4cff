package report

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

// grouped builds a report of groups of mutations, each group of one rule
// and tier, in the order given.
func grouped(groups ...struct {
	rule string
	tier model.Tier
	n    int
}) *ConsequenceReport {
	var ms []Mutation
	for _, g := range groups {
		for i := 0; i < g.n; i++ {
			m := &model.Mutation{Source: model.SourceShell, Action: model.ActionExecute, Target: model.Target{Provider: "shell", Type: "x", ID: fmt.Sprintf("%s#%d", g.rule, i)}}
			ms = append(ms, NewMutation(m, model.Recoverability{Tier: g.tier, Reasoning: "r", Source: model.FromRules, RuleID: g.rule, Confidence: model.ConfidenceHigh}))
		}
	}
	return &ConsequenceReport{SchemaVersion: SchemaVersion, RiskAssessment: model.Escalate, Source: model.SourceShell,
		Summary: Summarize(ms), Mutations: ms, CrossActionRisks: []CrossActionRisk{},
		Policy: PolicyResult{Decision: model.Escalate, Reasons: []string{"x"}, Policies: []string{"recourse.default"}}}
}

type group = struct {
	rule string
	tier model.Tier
	n    int
}

func TestCondense(t *testing.T) {
	for _, tc := range []struct {
		name   string
		groups []group
		limit  int
		listed map[string]int // rule → listed count
	}{
		{"under the ceiling: untouched", []group{{"a", 1, 5}, {"b", 5, 1}}, 10, map[string]int{"a": 5, "b": 1}},
		{"one large group gives way, small ones stay whole", []group{{"redirect", 1, 9999}, {"awk", 5, 1}, {"unanalysed", 5, 1}}, 1000,
			map[string]int{"redirect": 998, "awk": 1, "unanalysed": 1}},
		{"two large groups split evenly", []group{{"a", 1, 5000}, {"b", 4, 3000}, {"c", 5, 10}}, 1000,
			map[string]int{"a": 495, "b": 495, "c": 10}},
		{"more groups than places: each keeps one", []group{{"a", 1, 3}, {"b", 2, 3}, {"c", 3, 3}, {"d", 5, 3}}, 2,
			map[string]int{"a": 1, "b": 1, "c": 1, "d": 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep := grouped(tc.groups...)
			before := rep.Summary
			Condense(rep, tc.limit)
			got := map[string]int{}
			for _, m := range rep.Mutations {
				got[m.Recoverability.RuleID]++
			}
			left := map[string]int{}
			for _, s := range rep.MutationsSummarised {
				left[s.RuleID] += s.Count
				if want := s.RuleID + "#" + fmt.Sprint(got[s.RuleID]); s.FirstTarget != want {
					t.Errorf("%s: first left out %q, want %q", s.RuleID, s.FirstTarget, want)
				}
			}
			for _, g := range tc.groups {
				if got[g.rule] != tc.listed[g.rule] {
					t.Errorf("%s: listed %d, want %d", g.rule, got[g.rule], tc.listed[g.rule])
				}
				if got[g.rule]+left[g.rule] != g.n {
					t.Errorf("%s: listed %d + summarised %d, want %d", g.rule, got[g.rule], left[g.rule], g.n)
				}
			}
			if rep.Summary.TotalMutations != before.TotalMutations || rep.Summary.TierCounts != before.TierCounts {
				t.Errorf("summary changed: %+v", rep.Summary)
			}
		})
	}
}

func TestCondensedFormatsSayHowMany(t *testing.T) {
	rep := grouped(group{"fs.redirect", 2, 30}, group{"awk", 5, 1})
	Condense(rep, 10)
	for _, format := range []Format{FormatHuman, FormatMarkdown, FormatSARIF} {
		var b bytes.Buffer
		if err := Render(&b, rep, format, RenderOptions{}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), "21 more of rule fs.redirect") {
			t.Errorf("%s does not say what was summarised:\n%s", format, b.String())
		}
	}
}
