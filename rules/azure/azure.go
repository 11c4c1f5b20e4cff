// Package azure holds the recoverability rules for resources of the
// AzureRM Terraform provider. Each row cites the provider or service
// behaviour it rests on in its reason.
package azure

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// Rules returns every Azure row.
func Rules() []rules.Rule {
	return append(append(append(coreRules(), guardedRules()...), retentionRules()...), plainRules()...)
}

// retentionRules: shortening a database's point-in-time restore window
// deletes the backups older than the new window (the database itself is
// untouched). They are read before the types' plain rows.
func retentionRules() []rules.Rule {
	return []rules.Rule{{ID: "azure.mssql.database.update.backups-shortened", Type: "azurerm_mssql_database", On: rules.Update, Tier: model.TierRecoverableWithEffort,
		When:   rules.Shrinks("short_term_retention_policy.0.retention_days"),
		Reason: "the point-in-time restore window is shortened: backups older than the new window are deleted, and restores no longer reach back that far (the data itself is untouched)"}}
}

// coreRules are the resource group, role assignment and managed disk.
func coreRules() []rules.Rule {
	return []rules.Rule{
		// Deleting a resource group deletes everything in it, whether this
		// configuration manages it or not (unless the provider feature
		// prevent_deletion_if_contains_resources stops it, which the plan
		// does not show). It is a container delete: never tier 1.
		{ID: "azure.resource-group.delete", Type: "azurerm_resource_group", On: rules.Destroy, Tier: model.TierUnrecoverable, Confidence: model.ConfidenceMedium,
			Reason: "deleting a resource group deletes every resource inside it, including ones this configuration does not manage"},
		rules.InPlace("azurerm_resource_group", "azure.resource-group.update.in-place"),
		{ID: "azure.role-assignment.delete", Type: "azurerm_role_assignment", On: rules.Destroy, Tier: model.TierReversible,
			Reason: "one principal's role at one scope is removed; an apply assigns it again"},
		rules.InPlace("azurerm_role_assignment", "azure.role-assignment.update.in-place"),
		{ID: "azure.managed-disk.delete", Type: "azurerm_managed_disk", On: rules.Destroy, Tier: model.TierUnrecoverable,
			Reason: "the managed disk and its data are deleted; only a snapshot or backup taken earlier could restore it"},
		rules.InPlace("azurerm_managed_disk", "azure.managed-disk.update.in-place"),
	}
}
