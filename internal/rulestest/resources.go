package rulestest

import (
	"testing"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
	"github.com/recourse-dev/recourse/rules/terraform"
)

// ResourceCase is one test of a Terraform resource row: a change and the
// rule and tier it must get. Near misses are cases whose Rule is another
// row of the same type.
type ResourceCase struct {
	Name   string
	Type   string
	Action model.Action
	Before map[string]any
	After  map[string]any
	Rule   string
	Tier   model.Tier
	// Evidence is what an agent supplied for the change; Others are the
	// other resources of the same input.
	Evidence map[string]any
	Others   []model.Resource
	// Dependents is the change's dependency impact, as the Terraform
	// parser's graph would find it.
	Dependents []model.Dependent
}

// Change builds the common ResourceCase: a change of typ by action a from
// before to after that must get rule at tier.
func Change(name, typ string, a model.Action, before, after map[string]any, rule string, tier model.Tier) ResourceCase {
	return ResourceCase{Name: name, Type: typ, Action: a, Before: before, After: after, Rule: rule, Tier: tier}
}

// RunResources judges every case against table (and the action rows every
// type shares, so that a near miss may land on terraform.create) and
// checks that every row of table is hit by at least one case.
func RunResources(t *testing.T, table []rules.Rule, cases []ResourceCase) {
	t.Helper()
	eng := Engine(t, table, terraform.Rules())
	hit := map[string]bool{}
	for _, c := range cases {
		m := &model.Mutation{Source: model.SourceTerraform, Action: c.Action, Address: c.Type + ".x",
			Target: model.Target{Type: c.Type, ID: c.Type + ".x"}, Before: c.Before, After: c.After, Evidence: c.Evidence, DependencyImpact: c.Dependents}
		inv := model.NewInventory()
		for _, r := range c.Others {
			inv.Add(r)
		}
		v, ok := eng.Judge(rules.Facts{M: m, Inv: inv})
		switch {
		case !ok:
			t.Errorf("%s/%s: no rule matched", c.Type, c.Name)
		case v.RuleID != c.Rule || v.Tier != c.Tier:
			t.Errorf("%s/%s: %s tier %d, want %s tier %d (%s)", c.Type, c.Name, v.RuleID, v.Tier, c.Rule, c.Tier, v.Reasoning)
		case v.Tier == model.TierNeedsReview && len(v.MissingEvidence) == 0:
			t.Errorf("%s/%s: needs-review without missing evidence", c.Type, c.Name)
		default:
			hit[v.RuleID] = true
		}
	}
	for _, r := range table {
		if !hit[r.ID] {
			t.Errorf("rule %s has no test case", r.ID)
		}
	}
}

// PlainCases are the cases of a rules.Plain type: its destroy row with the
// given tier, and as near miss an update that lands on its in-place row.
func PlainCases(typ, id string, tier model.Tier) []ResourceCase {
	return []ResourceCase{
		{Name: "delete", Type: typ, Action: model.ActionDelete, Before: map[string]any{"id": "x-1"}, Rule: id + ".delete", Tier: tier},
		{Name: "near miss: tags", Type: typ, Action: model.ActionUpdate, Before: map[string]any{"tags": map[string]any{}},
			After: map[string]any{"tags": map[string]any{"team": "data"}}, Rule: id + ".update.in-place", Tier: model.TierReversible},
	}
}

// PlainTier pins the destroy tier of one rules.Plain type, stated apart
// from the table so that a change of tier is a change of the test.
type PlainTier struct {
	Type, ID string
	Tier     model.Tier
}

// RunPlain runs PlainCases for every entry of tiers against table, and
// checks that every row of table is hit.
func RunPlain(t *testing.T, table []rules.Rule, tiers []PlainTier) {
	t.Helper()
	var cases []ResourceCase
	for _, p := range tiers {
		cases = append(cases, PlainCases(p.Type, p.ID, p.Tier)...)
	}
	RunResources(t, table, cases)
}
