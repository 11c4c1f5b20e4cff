package azure

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// guardedRules are the Azure types whose outcome turns on a setting of
// their own or of their parent: a storage account's soft delete, a key
// vault's purge protection, a Cosmos DB account's backup mode.
func guardedRules() []rules.Rule {
	var out []rules.Rule
	for _, t := range [][]rules.Rule{storageAccountRules(), storageChildRules(), keyVaultRules(), cosmosRules(), vmRules()} {
		out = append(out, t...)
	}
	return out
}

// link says how a child names its parent: the child's attribute and the
// parent's attribute with the same value.
type link struct{ child, parent string }

// parentSetting returns a condition on a setting of the child's parent
// resource (parentType, found through links in the same input): true when
// test holds for the parent's values, and the parent stays. A parent the
// plan destroys takes the child with it, so the setting cannot help. When
// the input does not show the parent, the evidence key answers; without
// it the condition is Unknown.
func parentSetting(desc, key, parentType string, links []link, test func(map[string]any) bool) rules.Cond {
	return rules.Func(desc, func(f rules.Facts) rules.Result {
		for _, l := range links {
			v := f.M.Lookup(model.Before, l.child)
			if v.State != model.Known || v.V == nil {
				continue
			}
			for _, p := range f.Inv.Find(parentType, l.parent, v.V) {
				on := test(p.Values) && !p.Action.Destroys()
				note := p.Address + map[bool]string{true: " has it and stays", false: " does not have it, or is destroyed by this plan"}[on]
				return rules.Decided(on, model.Evidence{Key: key, Value: on, Present: true, Description: note})
			}
		}
		if b, ok := f.M.Evidence[key].(bool); ok {
			return rules.Decided(b, model.Evidence{Key: key, Value: b, Present: true, Description: "supplied as evidence"})
		}
		return rules.Result{Truth: rules.Unknown, Missing: []string{key}}
	})
}

// days tests for a positive retention in days at path
// ("blob_properties.0.delete_retention_policy.0.days") in a resource's
// values.
func days(path string) func(map[string]any) bool {
	return func(v map[string]any) bool {
		n, _ := model.ValueAt(v, path)
		d, ok := n.(float64)
		return ok && d > 0
	}
}

// storageAccountRules: a deleted storage account can be recovered with its
// data for 14 days, if no account with its name was created since. Turning
// soft delete or versioning off is protection weakened.
func storageAccountRules() []rules.Rule {
	const typ = "azurerm_storage_account"
	return []rules.Rule{
		{ID: "azure.storage.account.delete", Type: typ, On: rules.Destroy, Tier: fromBackup, Confidence: medium,
			Reason: "the account is deleted with every container, blob, share, table and queue in it; Azure can recover it with its data for 14 days, if no account with its name is created meanwhile"},
		{ID: "azure.storage.account.update.soft-delete-off", Type: typ, On: rules.Update, Tier: effort,
			When: rules.Any(
				rules.Becomes("blob_properties.0.delete_retention_policy", rules.Set(), rules.Null()),
				rules.Becomes("blob_properties.0.container_delete_retention_policy", rules.Set(), rules.Null()),
				rules.Becomes("share_properties.0.retention_policy", rules.Set(), rules.Null()),
				rules.Becomes("blob_properties.0.versioning_enabled", rules.Eq(true), rules.Ne(true))),
			Reason: "soft delete or versioning is turned off, so blobs, containers or shares deleted later cannot be recovered"},
		rules.InPlace(typ, "azure.storage.account.update.in-place"),
	}
}

// storageChildRules: a container, blob or share can be undeleted only when
// its account has the matching soft delete (or, for blobs, versioning).
func storageChildRules() []rules.Rule {
	account := []link{{"storage_account_id", "id"}, {"storage_account_name", "name"}}
	var out []rules.Rule
	for _, c := range []struct {
		typ, id, what, key string
		kept               func(map[string]any) bool
	}{
		{"azurerm_storage_container", "azure.storage.container", "container", "container_soft_delete",
			days("blob_properties.0.container_delete_retention_policy.0.days")},
		{"azurerm_storage_blob", "azure.storage.blob", "blob", "blob_soft_delete",
			func(v map[string]any) bool {
				return days("blob_properties.0.delete_retention_policy.0.days")(v) || versioning(v)
			}},
		{"azurerm_storage_share", "azure.storage.share", "file share", "share_soft_delete",
			days("share_properties.0.retention_policy.0.days")},
	} {
		soft := parentSetting("its storage account keeps deleted "+c.what+"s", c.key, "azurerm_storage_account", account, c.kept)
		out = append(out, childRows(c.typ, c.id, ".delete.soft-delete", soft,
			"the account's soft delete keeps the deleted "+c.what+" for its retention period, and it can be undeleted until then",
			"the account keeps no soft-deleted "+c.what+"s, so the "+c.what+" and its data are deleted for good")...)
	}
	return out
}

// childRows are the rows of a resource whose recovery rests on a setting
// of its parent: tier 3 (ID+keptSuffix) when kept holds, tier 4
// (ID+".delete") when it does not, and the in-place update row.
func childRows(typ, id, keptSuffix string, kept rules.Cond, keptReason, lostReason string) []rules.Rule {
	return []rules.Rule{
		{ID: id + keptSuffix, Type: typ, On: rules.Destroy, Tier: fromBackup, When: kept, Reason: keptReason},
		{ID: id + ".delete", Type: typ, On: rules.Destroy, Tier: lost, When: rules.Not(kept), Reason: lostReason},
		rules.InPlace(typ, id+".update.in-place"),
	}
}

// versioning reads blob_properties[0].versioning_enabled.
func versioning(v map[string]any) bool {
	on, _ := model.ValueAt(v, "blob_properties.0.versioning_enabled")
	return on == true
}

// keyVaultRules: every vault has soft delete, but the provider purges a
// soft-deleted vault, key, secret or certificate on destroy by default
// (the purge_soft_delete_on_destroy features), which purge protection
// forbids. So purge protection decides.
func keyVaultRules() []rules.Rule {
	const vault = "azurerm_key_vault"
	out := []rules.Rule{
		{ID: "azure.keyvault.vault.delete.purge-protected", Type: vault, On: rules.Destroy, Tier: fromBackup,
			When:   rules.Was("purge_protection_enabled", rules.Eq(true)),
			Reason: "purge protection keeps the soft-deleted vault with its keys and secrets for its retention period (7-90 days), and it can be recovered until then"},
		{ID: "azure.keyvault.vault.delete", Type: vault, On: rules.Destroy, Tier: lost,
			When:   rules.WasDefault("purge_protection_enabled", false, rules.Ne(true)),
			Reason: "without purge protection the provider purges the soft-deleted vault on destroy by default, so its keys and secrets, and the data encrypted under them, are lost"},
		rules.InPlace(vault, "azure.keyvault.vault.update.in-place"),
	}
	protected := parentSetting("its key vault has purge protection", "vault_purge_protection", vault,
		[]link{{"key_vault_id", "id"}}, func(v map[string]any) bool { return v["purge_protection_enabled"] == true })
	for _, c := range []struct{ typ, id, what string }{
		{"azurerm_key_vault_key", "azure.keyvault.key", "key"},
		{"azurerm_key_vault_secret", "azure.keyvault.secret", "secret"},
		{"azurerm_key_vault_certificate", "azure.keyvault.certificate", "certificate"},
	} {
		out = append(out, childRows(c.typ, c.id, ".delete.purge-protected", protected,
			"the vault's purge protection keeps the soft-deleted "+c.what+" for the retention period, and it can be recovered until then",
			"without purge protection on its vault the provider purges the soft-deleted "+c.what+" on destroy by default; its value, and data encrypted under it, are lost")...)
	}
	return out
}

// cosmosRules: an account in continuous backup mode can be restored after
// deletion, with its databases and containers, within its retention; in
// periodic mode only Azure support can restore from the last periodic
// backups, if at all.
func cosmosRules() []rules.Rule {
	const account = "azurerm_cosmosdb_account"
	continuous := func(v map[string]any) bool {
		mode, _ := model.ValueAt(v, "backup.0.type")
		return mode == "Continuous"
	}
	out := []rules.Rule{
		{ID: "azure.cosmosdb.account.delete.continuous", Type: account, On: rules.Destroy, Tier: fromBackup,
			When:   rules.Was("backup.0.type", rules.Eq("Continuous")),
			Reason: "with continuous backup, a deleted account can be restored with its data to a point within its retention (7 or 30 days)"},
		{ID: "azure.cosmosdb.account.delete", Type: account, On: rules.Destroy, Tier: lost, Confidence: medium,
			Reason: "in periodic backup mode the account is deleted with its data, and only Azure support can try to restore it from the last periodic backups"},
		{ID: "azure.cosmosdb.account.update.backup-periodic", Type: account, On: rules.Update, Tier: effort,
			When:   rules.Becomes("backup.0.type", rules.Eq("Continuous"), rules.Ne("Continuous")),
			Reason: "continuous backup is turned off, so later deletes can no longer be restored to a point in time"},
		rules.InPlace(account, "azure.cosmosdb.account.update.in-place"),
	}
	cont := parentSetting("its account has continuous backup", "account_continuous_backup", account, []link{{"account_name", "name"}}, continuous)
	for _, c := range []struct{ typ, id, what string }{
		{"azurerm_cosmosdb_sql_database", "azure.cosmosdb.sql-database", "database"},
		{"azurerm_cosmosdb_sql_container", "azure.cosmosdb.sql-container", "container"},
		{"azurerm_cosmosdb_mongo_database", "azure.cosmosdb.mongo-database", "database"},
		{"azurerm_cosmosdb_mongo_collection", "azure.cosmosdb.mongo-collection", "collection"},
	} {
		out = append(out, childRows(c.typ, c.id, ".delete.continuous", cont,
			"the account's continuous backup can restore the deleted "+c.what+" to a point within its retention",
			"the account has periodic backup only, so the deleted "+c.what+" and its items can only be restored by Azure support, if at all")...)
	}
	return out
}

// vmRules: the legacy azurerm_virtual_machine keeps its OS disk unless
// delete_os_disk_on_termination; a management lock's removal lifts the
// protection it gave.
func vmRules() []rules.Rule {
	const vm, lock = "azurerm_virtual_machine", "azurerm_management_lock"
	return []rules.Rule{
		{ID: "azure.compute.vm.delete.os-disk", Type: vm, On: rules.Destroy, Tier: fromBackup, Confidence: medium,
			When:   rules.Was("delete_os_disk_on_termination", rules.Eq(true)),
			Reason: "the OS disk is deleted with the VM: it can be rebuilt from its image, but anything written to the disk since is lost"},
		{ID: "azure.compute.vm.delete", Type: vm, On: rules.Destroy, Tier: effort,
			When:   rules.WasDefault("delete_os_disk_on_termination", false, rules.Ne(true)),
			Reason: "the OS and data disks survive the VM (delete_os_disk_on_termination is false); a new VM can be created from them"},
		rules.InPlace(vm, "azure.compute.vm.update.in-place"),
		{ID: "azure.lock.delete", Type: lock, On: rules.Destroy, Tier: effort,
			Reason: "the lock no longer stops deletes (or changes, for ReadOnly) of its scope: protection is removed until an apply restores it"},
		rules.InPlace(lock, "azure.lock.update.in-place"),
	}
}
