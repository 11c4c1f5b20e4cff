package azure

import "github.com/recourse-dev/recourse/rules"

// Hints say how an agent can answer the evidence keys the Azure rows
// report missing, with read-only commands and the permissions they need.
func Hints() []rules.EvidenceHint {
	blob := []string{"az", "storage", "account", "blob-service-properties", "show", "--account-name", "{attr:storage_account_name}"}
	blobPerm := []string{"Microsoft.Storage/storageAccounts/blobServices/read"}
	purgeWhy := "without purge protection on the vault the provider purges the soft-deleted object on destroy; with it, the object can be recovered (answer true when properties.enablePurgeProtection is true)"
	vaultShow := []string{"az", "keyvault", "show", "--ids", "{attr:key_vault_id}", "--query", "properties.enablePurgeProtection"}
	vaultPerm := []string{"Microsoft.KeyVault/vaults/read"}
	return []rules.EvidenceHint{
		{Type: "azurerm_storage_container", Key: "container_soft_delete",
			Why:  "with container soft delete on its account, a deleted container can be undeleted for the retention period; without it, it is gone (answer true when containerDeleteRetentionPolicy.enabled is true)",
			Argv: blob, Permissions: blobPerm},
		{Type: "azurerm_storage_blob", Key: "blob_soft_delete",
			Why:  "with blob soft delete or versioning on its account, a deleted blob can be restored; without them, it is gone (answer true when deleteRetentionPolicy.enabled or isVersioningEnabled is true)",
			Argv: blob, Permissions: blobPerm},
		{Type: "azurerm_storage_share", Key: "share_soft_delete",
			Why:         "with share soft delete on its account, a deleted share can be undeleted for the retention period (answer true when shareDeleteRetentionPolicy.enabled is true)",
			Argv:        []string{"az", "storage", "account", "file-service-properties", "show", "--account-name", "{attr:storage_account_name}"},
			Permissions: []string{"Microsoft.Storage/storageAccounts/fileServices/read"}},
		{Type: "azurerm_key_vault_key", Key: "vault_purge_protection", Why: purgeWhy, Argv: vaultShow, Permissions: vaultPerm},
		{Type: "azurerm_key_vault_secret", Key: "vault_purge_protection", Why: purgeWhy, Argv: vaultShow, Permissions: vaultPerm},
		{Type: "azurerm_key_vault_certificate", Key: "vault_purge_protection", Why: purgeWhy, Argv: vaultShow, Permissions: vaultPerm},
	}
}
