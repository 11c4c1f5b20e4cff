package classifier

import (
	"testing"

	"github.com/recourse-dev/recourse/model"
)

func TestCategorize(t *testing.T) {
	tests := []struct {
		typ  string
		want Category
	}{
		{"acme_sql_database", DataBearing},
		{"google_bigtable_instance", DataBearing},
		{"acme_storage_bucket", DataBearing},
		{"azurerm_resource_group", Container},
		{"acme_project", Container},
		{"acme_iam_binding", Access},
		{"acme_widget", Other},
		{"acme_diskless_thing", Other}, // whole words only
	}
	for _, tt := range tests {
		if got, _ := Categorize(tt.typ); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.typ, got, tt.want)
		}
	}
}

func TestClassifyNeverConfidentlySafe(t *testing.T) {
	tests := []struct {
		action model.Action
		tier   model.Tier
	}{
		{model.ActionDelete, model.TierNeedsReview},
		{model.ActionReplace, model.TierNeedsReview},
		{model.ActionUnknown, model.TierNeedsReview},
		{model.ActionUpdate, model.TierRecoverableWithEffort},
		{model.ActionForget, model.TierRecoverableWithEffort},
		{model.ActionCreate, model.TierReversible},
		{model.ActionRead, model.TierReversible},
	}
	for _, tt := range tests {
		m := &model.Mutation{Source: model.SourceTerraform, Action: tt.action, Target: model.Target{Type: "acme_sql_database"}}
		v := Classify(m)
		if v.Tier != tt.tier || v.Confidence != model.ConfidenceLow || v.Source != model.FromClassifier || v.Reasoning == "" || v.RuleID == "" {
			t.Errorf("%s: %+v", tt.action, v)
		}
		if v.Tier == model.TierNeedsReview && len(v.MissingEvidence) == 0 {
			t.Errorf("%s: needs-review without missing evidence", tt.action)
		}
	}
}
