package rules

import (
	"slices"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

func TestCatalogSeparatesKinds(t *testing.T) {
	eng, err := NewEngine([]Rule{
		{ID: "t.delete", Type: "aws_thing", On: Destroy, Tier: model.TierUnrecoverable, Reason: "r"},
		{ID: "p.run", Type: "tool", On: []model.Action{model.ActionExecute}, Tier: model.TierReversible, Reason: "r"},
		{ID: "m.call", Type: "delete_thing", On: []model.Action{model.ActionCall}, Tier: model.TierUnrecoverable, Reason: "r"},
		{ID: "any.call", Type: AnyType, On: []model.Action{model.ActionCall}, Tier: model.TierNeedsReview, Reason: "r"},
	})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		kind                   string
		terraform, progs, mcps []string
		rows                   int
	}{
		{"", []string{"aws_thing"}, []string{"tool"}, []string{"delete_thing"}, 4},
		{KindTerraform, []string{"aws_thing"}, []string{}, []string{}, 1},
		{KindShell, []string{}, []string{"tool"}, []string{}, 1},
		{KindMCP, []string{}, []string{}, []string{"delete_thing"}, 2},
	}
	for _, tt := range tests {
		c := eng.Catalog(tt.kind)
		if !slices.Equal(c.TerraformTypes, tt.terraform) || !slices.Equal(c.Programs, tt.progs) || !slices.Equal(c.MCPTools, tt.mcps) || len(c.Rules) != tt.rows {
			t.Errorf("kind %q: %+v", tt.kind, c)
		}
		if c.Counts.TerraformTypes != len(c.TerraformTypes) || c.Counts.Rules != len(c.Rules) || c.Counts.MCPTools != len(c.MCPTools) {
			t.Errorf("kind %q: counts %+v", tt.kind, c.Counts)
		}
	}
}
