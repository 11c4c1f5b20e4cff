package azure

import (
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
	"github.com/recourse-dev/recourse/model"
)

// plainTiers pins the destroy tier of every type in the plain table.
var plainTiers = []struct {
	typ, id string
	tier    model.Tier
}{
	{"azurerm_mssql_server", "azure.mssql.server", 4},
	{"azurerm_mssql_database", "azure.mssql.database", 3},
	{"azurerm_mssql_elasticpool", "azure.mssql.elastic-pool", 2},
	{"azurerm_mssql_firewall_rule", "azure.mssql.firewall-rule", 1},
	{"azurerm_postgresql_flexible_server", "azure.postgresql.flexible-server", 3},
	{"azurerm_postgresql_flexible_server_database", "azure.postgresql.flexible-database", 3},
	{"azurerm_mysql_flexible_server", "azure.mysql.flexible-server", 3},
	{"azurerm_mysql_flexible_database", "azure.mysql.flexible-database", 3},
	{"azurerm_redis_cache", "azure.redis.cache", 4},
	{"azurerm_storage_table", "azure.storage.table", 4},
	{"azurerm_storage_queue", "azure.storage.queue", 4},
	{"azurerm_snapshot", "azure.compute.snapshot", 4},
	{"azurerm_virtual_machine_data_disk_attachment", "azure.compute.data-disk-attachment", 2},
	{"azurerm_container_registry", "azure.acr.registry", 4},
	{"azurerm_storage_management_policy", "azure.storage.management-policy", 1},
	{"azurerm_recovery_services_vault", "azure.backup.vault", 2},
	{"azurerm_backup_protected_vm", "azure.backup.protected-vm", 3},
	{"azurerm_backup_policy_vm", "azure.backup.policy-vm", 2},
	{"azurerm_data_protection_backup_vault", "azure.dataprotection.vault", 2},
	{"azurerm_linux_virtual_machine", "azure.compute.linux-vm", 3},
	{"azurerm_windows_virtual_machine", "azure.compute.windows-vm", 3},
	{"azurerm_linux_virtual_machine_scale_set", "azure.compute.linux-vmss", 2},
	{"azurerm_kubernetes_cluster", "azure.aks.cluster", 4},
	{"azurerm_kubernetes_cluster_node_pool", "azure.aks.node-pool", 2},
	{"azurerm_service_plan", "azure.appservice.plan", 2},
	{"azurerm_linux_web_app", "azure.appservice.linux-web-app", 2},
	{"azurerm_windows_web_app", "azure.appservice.windows-web-app", 2},
	{"azurerm_linux_function_app", "azure.functions.linux-function-app", 2},
	{"azurerm_servicebus_namespace", "azure.servicebus.namespace", 4},
	{"azurerm_servicebus_queue", "azure.servicebus.queue", 4},
	{"azurerm_servicebus_topic", "azure.servicebus.topic", 4},
	{"azurerm_eventhub_namespace", "azure.eventhub.namespace", 4},
	{"azurerm_eventhub", "azure.eventhub.hub", 4},
	{"azurerm_synapse_workspace", "azure.synapse.workspace", 4},
	{"azurerm_databricks_workspace", "azure.databricks.workspace", 4},
	{"azurerm_data_factory", "azure.datafactory.factory", 2},
	{"azurerm_log_analytics_workspace", "azure.monitor.log-analytics-workspace", 3},
	{"azurerm_application_insights", "azure.monitor.application-insights", 4},
	{"azurerm_monitor_diagnostic_setting", "azure.monitor.diagnostic-setting", 2},
	{"azurerm_monitor_metric_alert", "azure.monitor.metric-alert", 2},
	{"azurerm_monitor_action_group", "azure.monitor.action-group", 2},
	{"azurerm_user_assigned_identity", "azure.identity.user-assigned", 2},
	{"azurerm_role_definition", "azure.authorization.role-definition", 2},
	{"azurerm_key_vault_access_policy", "azure.keyvault.access-policy", 1},
	{"azurerm_federated_identity_credential", "azure.identity.federated-credential", 1},
	{"azurerm_virtual_network", "azure.network.vnet", 2},
	{"azurerm_subnet", "azure.network.subnet", 2},
	{"azurerm_network_security_group", "azure.network.nsg", 2},
	{"azurerm_network_security_rule", "azure.network.nsg-rule", 1},
	{"azurerm_network_interface", "azure.network.nic", 2},
	{"azurerm_public_ip", "azure.network.public-ip", 2},
	{"azurerm_lb", "azure.network.lb", 2},
	{"azurerm_application_gateway", "azure.network.application-gateway", 2},
	{"azurerm_private_endpoint", "azure.network.private-endpoint", 2},
	{"azurerm_dns_zone", "azure.dns.zone", 4},
	{"azurerm_private_dns_zone", "azure.dns.private-zone", 2},
	{"azurerm_dns_a_record", "azure.dns.a-record", 1},
	{"azurerm_dns_cname_record", "azure.dns.cname-record", 1},
	{"azurerm_dns_txt_record", "azure.dns.txt-record", 1},
}

func TestPlainRows(t *testing.T) {
	var cases []rulestest.ResourceCase
	for _, p := range plainTiers {
		cases = append(cases, rulestest.PlainCases(p.typ, p.id, p.tier)...)
	}
	rulestest.RunResources(t, plainRules(), cases)
}

func TestGuardedRows(t *testing.T) {
	del, upd := model.ActionDelete, model.ActionUpdate
	c := func(name, typ string, a model.Action, before, after obj, rule string, tier model.Tier) rulestest.ResourceCase {
		return rulestest.ResourceCase{Name: name, Type: typ, Action: a, Before: before, After: after, Rule: rule, Tier: tier}
	}
	tags := func(typ, id string) rulestest.ResourceCase {
		return c("tags", typ, upd, obj{"tags": obj{}}, obj{"tags": obj{"a": "b"}}, id+".update.in-place", 1)
	}
	account := func(props obj, a model.Action) []model.Resource {
		v := obj{"name": "acct", "id": "/subscriptions/s/resourceGroups/g/providers/Microsoft.Storage/storageAccounts/acct"}
		for k, x := range props {
			v[k] = x
		}
		return []model.Resource{{Address: "azurerm_storage_account.a", Type: "azurerm_storage_account", Action: a, Values: v}}
	}
	retention := func(block, policy string) obj {
		return obj{block: []any{obj{policy: []any{obj{"days": 7.0}}}}}
	}
	child := func(name, typ string, before obj, others []model.Resource, ev obj, rule string, tier model.Tier) rulestest.ResourceCase {
		return rulestest.ResourceCase{Name: name, Type: typ, Action: del, Before: before, Others: others, Evidence: ev, Rule: rule, Tier: tier}
	}
	byName, byID := obj{"storage_account_name": "acct"}, obj{"storage_account_id": "/subscriptions/s/resourceGroups/g/providers/Microsoft.Storage/storageAccounts/acct"}
	vault := func(purge bool) []model.Resource {
		return []model.Resource{{Address: "azurerm_key_vault.v", Type: "azurerm_key_vault", Values: obj{"id": "vault-id", "purge_protection_enabled": purge}}}
	}
	cosmos := func(typ string) []model.Resource {
		return []model.Resource{{Address: "azurerm_cosmosdb_account.a", Type: "azurerm_cosmosdb_account", Values: obj{"name": "db", "backup": []any{obj{"type": typ}}}}}
	}
	cases := []rulestest.ResourceCase{
		c("account delete", "azurerm_storage_account", del, obj{"name": "acct"}, nil, "azure.storage.account.delete", 3),
		c("blob soft delete off", "azurerm_storage_account", upd, retention("blob_properties", "delete_retention_policy"), obj{"blob_properties": []any{obj{"delete_retention_policy": []any{}}}}, "azure.storage.account.update.soft-delete-off", 2),
		c("versioning off", "azurerm_storage_account", upd, obj{"blob_properties": []any{obj{"versioning_enabled": true}}}, obj{"blob_properties": []any{obj{"versioning_enabled": false}}}, "azure.storage.account.update.soft-delete-off", 2),
		c("near miss: retention lengthened", "azurerm_storage_account", upd, retention("blob_properties", "delete_retention_policy"), obj{"blob_properties": []any{obj{"delete_retention_policy": []any{obj{"days": 30.0}}}}}, "azure.storage.account.update.in-place", 1),

		child("container, account with container soft delete", "azurerm_storage_container", byName, account(retention("blob_properties", "container_delete_retention_policy"), ""), nil, "azure.storage.container.delete.soft-delete", 3),
		child("near miss: account without it", "azurerm_storage_container", byName, account(nil, ""), nil, "azure.storage.container.delete", 4),
		child("near miss: account destroyed too", "azurerm_storage_container", byID, account(retention("blob_properties", "container_delete_retention_policy"), model.ActionDelete), nil, "azure.storage.container.delete", 4),
		child("account not in the input", "azurerm_storage_container", byName, nil, nil, "azure.storage.container.delete", 5),
		child("account not in the input, evidence says kept", "azurerm_storage_container", byName, nil, obj{"container_soft_delete": true}, "azure.storage.container.delete.soft-delete", 3),
		tags("azurerm_storage_container", "azure.storage.container"),
		child("blob, account with versioning", "azurerm_storage_blob", byName, account(obj{"blob_properties": []any{obj{"versioning_enabled": true}}}, ""), nil, "azure.storage.blob.delete.soft-delete", 3),
		child("blob, account with soft delete", "azurerm_storage_blob", byID, account(retention("blob_properties", "delete_retention_policy"), ""), nil, "azure.storage.blob.delete.soft-delete", 3),
		child("near miss: blob, account with neither", "azurerm_storage_blob", byName, account(nil, ""), nil, "azure.storage.blob.delete", 4),
		tags("azurerm_storage_blob", "azure.storage.blob"),
		child("share, account with share soft delete", "azurerm_storage_share", byName, account(retention("share_properties", "retention_policy"), ""), nil, "azure.storage.share.delete.soft-delete", 3),
		child("near miss: share, evidence says none", "azurerm_storage_share", byName, nil, obj{"share_soft_delete": false}, "azure.storage.share.delete", 4),
		tags("azurerm_storage_share", "azure.storage.share"),

		c("vault purge protected", "azurerm_key_vault", del, obj{"purge_protection_enabled": true}, nil, "azure.keyvault.vault.delete.purge-protected", 3),
		c("near miss: vault purged", "azurerm_key_vault", del, obj{"purge_protection_enabled": false}, nil, "azure.keyvault.vault.delete", 4),
		tags("azurerm_key_vault", "azure.keyvault.vault"),

		c("account continuous backup", "azurerm_cosmosdb_account", del, obj{"backup": []any{obj{"type": "Continuous"}}}, nil, "azure.cosmosdb.account.delete.continuous", 3),
		c("near miss: account periodic backup", "azurerm_cosmosdb_account", del, obj{"backup": []any{obj{"type": "Periodic"}}}, nil, "azure.cosmosdb.account.delete", 4),
		c("account backup to periodic", "azurerm_cosmosdb_account", upd, obj{"backup": []any{obj{"type": "Continuous"}}}, obj{"backup": []any{obj{"type": "Periodic"}}}, "azure.cosmosdb.account.update.backup-periodic", 2),
		tags("azurerm_cosmosdb_account", "azure.cosmosdb.account"),

		c("legacy vm deletes its os disk", "azurerm_virtual_machine", del, obj{"delete_os_disk_on_termination": true}, nil, "azure.compute.vm.delete.os-disk", 3),
		c("near miss: legacy vm keeps it", "azurerm_virtual_machine", del, obj{"delete_os_disk_on_termination": false}, nil, "azure.compute.vm.delete", 2),
		tags("azurerm_virtual_machine", "azure.compute.vm"),
		c("lock removed", "azurerm_management_lock", del, obj{"lock_level": "CanNotDelete"}, nil, "azure.lock.delete", 2),
		c("lock notes", "azurerm_management_lock", upd, obj{"notes": "a"}, obj{"notes": "b"}, "azure.lock.update.in-place", 1),
	}
	for _, k := range []struct{ typ, id string }{
		{"azurerm_key_vault_key", "azure.keyvault.key"}, {"azurerm_key_vault_secret", "azure.keyvault.secret"}, {"azurerm_key_vault_certificate", "azure.keyvault.certificate"},
	} {
		cases = append(cases,
			child("vault purge protected", k.typ, obj{"key_vault_id": "vault-id"}, vault(true), nil, k.id+".delete.purge-protected", 3),
			child("near miss: vault without purge protection", k.typ, obj{"key_vault_id": "vault-id"}, vault(false), nil, k.id+".delete", 4),
			child("vault not in the input", k.typ, obj{"key_vault_id": "vault-id"}, nil, nil, k.id+".delete", 5),
			tags(k.typ, k.id))
	}
	for _, k := range []struct{ typ, id string }{
		{"azurerm_cosmosdb_sql_database", "azure.cosmosdb.sql-database"}, {"azurerm_cosmosdb_sql_container", "azure.cosmosdb.sql-container"},
		{"azurerm_cosmosdb_mongo_database", "azure.cosmosdb.mongo-database"}, {"azurerm_cosmosdb_mongo_collection", "azure.cosmosdb.mongo-collection"},
	} {
		cases = append(cases,
			child("continuous account", k.typ, obj{"account_name": "db"}, cosmos("Continuous"), nil, k.id+".delete.continuous", 3),
			child("near miss: periodic account", k.typ, obj{"account_name": "db"}, cosmos("Periodic"), nil, k.id+".delete", 4),
			tags(k.typ, k.id))
	}
	rulestest.RunResources(t, guardedRules(), cases)
}
