package azure

import (
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

type obj = map[string]any

func TestRules(t *testing.T) {
	del, upd := model.ActionDelete, model.ActionUpdate
	c := rulestest.Change
	rulestest.RunResources(t, coreRules(), []rulestest.ResourceCase{
		c("group delete takes its contents", "azurerm_resource_group", del, obj{"name": "prod", "location": "westeurope"}, nil, "azure.resource-group.delete", 4),
		c("group tags", "azurerm_resource_group", upd, obj{"tags": obj{}}, obj{"tags": obj{"a": "b"}}, "azure.resource-group.update.in-place", 1),
		c("role assignment removed", "azurerm_role_assignment", del, obj{"role_definition_name": "Reader"}, nil, "azure.role-assignment.delete", 1),
		c("role assignment description", "azurerm_role_assignment", upd, obj{"description": "a"}, obj{"description": "b"}, "azure.role-assignment.update.in-place", 1),
		c("disk delete", "azurerm_managed_disk", del, obj{"name": "d"}, nil, "azure.managed-disk.delete", 4),
		c("disk resize", "azurerm_managed_disk", upd, obj{"disk_size_gb": 10.0}, obj{"disk_size_gb": 20.0}, "azure.managed-disk.update.in-place", 1),
	})
}

// TestRetentionRules: a shortened restore window, and a lengthened one
// as the near miss, which lands on the type's in-place row.
func TestRetentionRules(t *testing.T) {
	const typ = "azurerm_mssql_database"
	upd, c := model.ActionUpdate, rulestest.Change
	window := func(days float64) obj {
		return obj{"short_term_retention_policy": []any{obj{"retention_days": days}}}
	}
	rulestest.RunResources(t, append(retentionRules(), rules.InPlace(typ, "azure.mssql.database.update.in-place")), []rulestest.ResourceCase{
		c("window shortened", typ, upd, window(35), window(1), "azure.mssql.database.update.backups-shortened", 2),
		c("near miss: window lengthened", typ, upd, window(7), window(35), "azure.mssql.database.update.in-place", 1),
	})
}
