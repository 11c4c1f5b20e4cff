package terraform_test

import (
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
	"github.com/recourse-dev/recourse/rules/terraform"
)

func TestActionRows(t *testing.T) {
	eng, err := rules.NewEngine(terraform.Rules())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		action   model.Action
		wantRule string
		wantTier model.Tier
		wantOK   bool
	}{
		{model.ActionCreate, "terraform.create", model.TierReversible, true},
		{model.ActionRead, "terraform.read", model.TierReversible, true},
		{model.ActionNoop, "terraform.no-op", model.TierReversible, true},
		{model.ActionForget, "terraform.forget", model.TierRecoverableWithEffort, true},
		// Near misses: actions that change or destroy an object are never
		// decided by the action alone.
		{model.ActionUpdate, "", 0, false},
		{model.ActionDelete, "", 0, false},
		{model.ActionReplace, "", 0, false},
		{model.ActionUnknown, "", 0, false},
	}
	hit := map[string]bool{}
	for _, tt := range tests {
		m := &model.Mutation{Action: tt.action, Target: model.Target{Type: "any_type"}}
		v, ok := eng.Judge(rules.Facts{M: m, Inv: model.NewInventory()})
		if ok != tt.wantOK || v.RuleID != tt.wantRule || v.Tier != tt.wantTier {
			t.Errorf("%s: got %v %s %d, want %v %s %d", tt.action, ok, v.RuleID, v.Tier, tt.wantOK, tt.wantRule, tt.wantTier)
		}
		hit[v.RuleID] = true
	}
	for _, r := range terraform.Rules() {
		if !hit[r.ID] && !r.Also { // the Also rows are TestExposureRows'
			t.Errorf("rule %s has no test row", r.ID)
		}
	}
}

// TestBuiltinRows: terraform_data and null_resource lose nothing when
// destroyed or replaced, and every one of their rows is hit.
func TestBuiltinRows(t *testing.T) {
	rulestest.RunPlain(t, terraform.Builtin(), []rulestest.PlainTier{
		{Type: "terraform_data", ID: "terraform.data", Tier: model.TierReversible},
		{Type: "null_resource", ID: "terraform.null-resource", Tier: model.TierReversible},
	})
}
