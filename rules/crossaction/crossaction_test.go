package crossaction

import (
	"os"
	"slices"
	"testing"

	"github.com/recourse-dev/recourse/evaluator/terraform"
	"github.com/recourse-dev/recourse/model"
)

func find(t *testing.T, file string) []Risk {
	t.Helper()
	data, err := os.ReadFile("../../testdata/plans/" + file)
	if err != nil {
		t.Fatal(err)
	}
	p, err := terraform.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return Find(p.Mutations, p.Inventory)
}

// TestEveryPatternHasADangerousAndABenignCase: each pattern fires on the
// dangerous fixtures and on none of the near misses.
func TestEveryPatternHasADangerousAndABenignCase(t *testing.T) {
	found := map[string]Risk{}
	for _, f := range []string{"xa-dangerous.json", "xa-trail-snapshot-vault.json"} {
		for _, r := range find(t, f) {
			found[r.ID] = r
		}
	}
	for _, p := range Patterns() {
		r, ok := found[p.ID]
		if !ok {
			t.Errorf("pattern %s fires on no dangerous fixture", p.ID)
			continue
		}
		if r.Tier != model.TierUnrecoverable || len(r.Addresses) < 2 || r.Reasoning == "" {
			t.Errorf("%s: %+v", p.ID, r)
		}
	}
	if benign := find(t, "xa-benign.json"); len(benign) != 0 {
		t.Errorf("near misses fired: %+v", benign)
	}
}

func TestFinalSnapshotMitigates(t *testing.T) {
	ms := []model.Mutation{
		{Source: model.SourceTerraform, Action: model.ActionDelete, Address: "aws_db_instance.a", Target: model.Target{Type: "aws_db_instance"},
			Before: map[string]any{"identifier": "a", "skip_final_snapshot": false, "final_snapshot_identifier": "a-final"}},
		{Source: model.SourceTerraform, Action: model.ActionDelete, Address: "aws_db_snapshot.old", Target: model.Target{Type: "aws_db_snapshot"},
			Before: map[string]any{"db_instance_identifier": "a"}},
	}
	rs := Find(ms, model.NewInventory())
	if len(rs) != 1 || rs[0].Tier != model.TierRecoverableFromBackup || !slices.Contains(rs[0].Addresses, "aws_db_instance.a") {
		t.Fatalf("%+v", rs)
	}
}
