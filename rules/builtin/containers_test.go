package builtin

import (
	"testing"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// TestContainerDeletesNeverReversible: deleting something that contains
// other resources (a resource group, project, folder, account, namespace,
// cluster of workloads, group of projects) is never tier 1, whatever its
// attributes say, protection flags included: a refused delete of a
// container still leaves a plan that tried to take everything in it.
func TestContainerDeletesNeverReversible(t *testing.T) {
	eng, err := Engine()
	if err != nil {
		t.Fatal(err)
	}
	containers := []string{"azurerm_resource_group", "google_project", "google_folder", "aws_organizations_account",
		"aws_organizations_organizational_unit", "kubernetes_namespace", "kubernetes_namespace_v1", "google_container_cluster",
		"aws_eks_cluster", "azurerm_kubernetes_cluster", "gitlab_group"}
	befores := []map[string]any{
		{},
		{"deletion_protection": true, "deletion_policy": "PREVENT", "close_on_deletion": false},
		{"deletion_policy": "ABANDON", "skip_delete": true},
		{"deletion_protection": false, "deletion_policy": "DELETE", "close_on_deletion": true, "permanently_remove_on_delete": true},
	}
	for _, typ := range containers {
		if !eng.Knows(typ) {
			t.Errorf("%s has no rules", typ)
			continue
		}
		for _, b := range befores {
			for _, a := range []model.Action{model.ActionDelete, model.ActionReplace} {
				m := &model.Mutation{Source: model.SourceTerraform, Action: a, Address: typ + ".x", Target: model.Target{Type: typ, ID: typ + ".x"}, Before: b}
				v, ok := eng.Judge(rules.Facts{M: m, Inv: model.NewInventory()})
				if !ok || v.Tier == model.TierReversible {
					t.Errorf("%s %s with %v: %s tier %d", typ, a, b, v.RuleID, v.Tier)
				}
			}
		}
	}
}
