package azure

import (
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
	"github.com/recourse-dev/recourse/model"
)

// plainTiers pins the destroy tier of every type in the plain table.
var plainTiers = []rulestest.PlainTier{
	// platform.go
	{Type: "azurerm_purview_account", ID: "azure.purview.account", Tier: 4},
	{Type: "azurerm_dashboard_grafana", ID: "azure.grafana.workspace", Tier: 4},
	{Type: "azurerm_app_configuration", ID: "azure.appconfiguration.store", Tier: 4},
	{Type: "azurerm_cosmosdb_sql_role_assignment", ID: "azure.cosmosdb.sql-role-assignment", Tier: 1},
	{Type: "azurerm_network_watcher_flow_log", ID: "azure.network.flow-log", Tier: 1},
	{Type: "azurerm_security_center_contact", ID: "azure.securitycenter.contact", Tier: 1},
	{Type: "azurerm_api_management_api", ID: "azure.apimanagement.api", Tier: 2},
	{Type: "azurerm_app_configuration_key", ID: "azure.appconfiguration.key", Tier: 2},
	{Type: "azurerm_app_service_certificate", ID: "azure.appservice.certificate", Tier: 2},
	{Type: "azurerm_app_service_custom_hostname_binding", ID: "azure.appservice.custom-hostname-binding", Tier: 2},
	{Type: "azurerm_application_insights_web_test", ID: "azure.appinsights.web-test", Tier: 2},
	{Type: "azurerm_availability_set", ID: "azure.compute.availability-set", Tier: 2},
	{Type: "azurerm_backup_policy_file_share", ID: "azure.backup.policy-file-share", Tier: 2},
	{Type: "azurerm_bastion_host", ID: "azure.network.bastion-host", Tier: 2},
	{Type: "azurerm_cognitive_deployment", ID: "azure.cognitive.deployment", Tier: 2},
	{Type: "azurerm_consumption_budget_subscription", ID: "azure.consumption.budget", Tier: 2},
	{Type: "azurerm_container_app", ID: "azure.containerapps.app", Tier: 2},
	{Type: "azurerm_container_group", ID: "azure.containerinstance.group", Tier: 2},
	{Type: "azurerm_data_factory_linked_service_azure_blob_storage", ID: "azure.datafactory.linked-service-blob", Tier: 2},
	{Type: "azurerm_disk_encryption_set", ID: "azure.compute.disk-encryption-set", Tier: 2},
	{Type: "azurerm_eventgrid_event_subscription", ID: "azure.eventgrid.event-subscription", Tier: 2},
	{Type: "azurerm_eventgrid_system_topic", ID: "azure.eventgrid.system-topic", Tier: 2},
	{Type: "azurerm_eventgrid_topic", ID: "azure.eventgrid.topic", Tier: 2},
	{Type: "azurerm_eventhub_authorization_rule", ID: "azure.eventhub.authorization-rule", Tier: 2},
	{Type: "azurerm_eventhub_consumer_group", ID: "azure.eventhub.consumer-group", Tier: 2},
	{Type: "azurerm_express_route_circuit", ID: "azure.network.express-route-circuit", Tier: 2},
	{Type: "azurerm_firewall_policy_rule_collection_group", ID: "azure.network.firewall-rule-collection-group", Tier: 2},
	{Type: "azurerm_function_app_function", ID: "azure.functions.function", Tier: 2},
	{Type: "azurerm_lb_probe", ID: "azure.network.lb-probe", Tier: 2},
	{Type: "azurerm_linux_web_app_slot", ID: "azure.appservice.linux-web-app-slot", Tier: 2},
	{Type: "azurerm_log_analytics_saved_search", ID: "azure.loganalytics.saved-search", Tier: 2},
	{Type: "azurerm_log_analytics_solution", ID: "azure.loganalytics.solution", Tier: 2},
	{Type: "azurerm_network_watcher", ID: "azure.network.watcher", Tier: 2},
	{Type: "azurerm_proximity_placement_group", ID: "azure.compute.proximity-placement-group", Tier: 2},
	{Type: "azurerm_security_center_subscription_pricing", ID: "azure.securitycenter.subscription-pricing", Tier: 2},
	{Type: "azurerm_sentinel_alert_rule_scheduled", ID: "azure.sentinel.alert-rule-scheduled", Tier: 2},
	{Type: "azurerm_servicebus_namespace_authorization_rule", ID: "azure.servicebus.namespace-authorization-rule", Tier: 2},
	{Type: "azurerm_shared_image", ID: "azure.compute.shared-image", Tier: 2},
	{Type: "azurerm_shared_image_gallery", ID: "azure.compute.shared-image-gallery", Tier: 2},
	{Type: "azurerm_signalr_service", ID: "azure.signalr.service", Tier: 2},
	{Type: "azurerm_static_web_app", ID: "azure.staticwebapp.app", Tier: 2},
	{Type: "azurerm_storage_account_customer_managed_key", ID: "azure.storage.customer-managed-key", Tier: 2},
	{Type: "azurerm_web_pubsub", ID: "azure.webpubsub.service", Tier: 2},
	{Type: "azurerm_windows_function_app", ID: "azure.functions.windows-function-app", Tier: 2},
	{Type: "azurerm_notification_hub", ID: "azure.notificationhubs.hub", Tier: 4},
	{Type: "azurerm_mssql_server", ID: "azure.mssql.server", Tier: 4},
	{Type: "azurerm_mssql_database", ID: "azure.mssql.database", Tier: 3},
	{Type: "azurerm_mssql_elasticpool", ID: "azure.mssql.elastic-pool", Tier: 2},
	{Type: "azurerm_mssql_firewall_rule", ID: "azure.mssql.firewall-rule", Tier: 1},
	{Type: "azurerm_postgresql_flexible_server", ID: "azure.postgresql.flexible-server", Tier: 3},
	{Type: "azurerm_postgresql_flexible_server_database", ID: "azure.postgresql.flexible-database", Tier: 3},
	{Type: "azurerm_mysql_flexible_server", ID: "azure.mysql.flexible-server", Tier: 3},
	{Type: "azurerm_mysql_flexible_database", ID: "azure.mysql.flexible-database", Tier: 3},
	{Type: "azurerm_redis_cache", ID: "azure.redis.cache", Tier: 4},
	{Type: "azurerm_storage_table", ID: "azure.storage.table", Tier: 4},
	{Type: "azurerm_storage_queue", ID: "azure.storage.queue", Tier: 4},
	{Type: "azurerm_snapshot", ID: "azure.compute.snapshot", Tier: 4},
	{Type: "azurerm_virtual_machine_data_disk_attachment", ID: "azure.compute.data-disk-attachment", Tier: 2},
	{Type: "azurerm_container_registry", ID: "azure.acr.registry", Tier: 4},
	{Type: "azurerm_storage_management_policy", ID: "azure.storage.management-policy", Tier: 1},
	{Type: "azurerm_recovery_services_vault", ID: "azure.backup.vault", Tier: 2},
	{Type: "azurerm_backup_protected_vm", ID: "azure.backup.protected-vm", Tier: 3},
	{Type: "azurerm_backup_policy_vm", ID: "azure.backup.policy-vm", Tier: 2},
	{Type: "azurerm_data_protection_backup_vault", ID: "azure.dataprotection.vault", Tier: 2},
	{Type: "azurerm_linux_virtual_machine", ID: "azure.compute.linux-vm", Tier: 3},
	{Type: "azurerm_windows_virtual_machine", ID: "azure.compute.windows-vm", Tier: 3},
	{Type: "azurerm_linux_virtual_machine_scale_set", ID: "azure.compute.linux-vmss", Tier: 2},
	{Type: "azurerm_kubernetes_cluster", ID: "azure.aks.cluster", Tier: 4},
	{Type: "azurerm_kubernetes_cluster_node_pool", ID: "azure.aks.node-pool", Tier: 2},
	{Type: "azurerm_service_plan", ID: "azure.appservice.plan", Tier: 2},
	{Type: "azurerm_linux_web_app", ID: "azure.appservice.linux-web-app", Tier: 2},
	{Type: "azurerm_windows_web_app", ID: "azure.appservice.windows-web-app", Tier: 2},
	{Type: "azurerm_linux_function_app", ID: "azure.functions.linux-function-app", Tier: 2},
	{Type: "azurerm_servicebus_namespace", ID: "azure.servicebus.namespace", Tier: 4},
	{Type: "azurerm_servicebus_queue", ID: "azure.servicebus.queue", Tier: 4},
	{Type: "azurerm_servicebus_topic", ID: "azure.servicebus.topic", Tier: 4},
	{Type: "azurerm_eventhub_namespace", ID: "azure.eventhub.namespace", Tier: 4},
	{Type: "azurerm_eventhub", ID: "azure.eventhub.hub", Tier: 4},
	{Type: "azurerm_synapse_workspace", ID: "azure.synapse.workspace", Tier: 4},
	{Type: "azurerm_databricks_workspace", ID: "azure.databricks.workspace", Tier: 4},
	{Type: "azurerm_data_factory", ID: "azure.datafactory.factory", Tier: 2},
	{Type: "azurerm_log_analytics_workspace", ID: "azure.monitor.log-analytics-workspace", Tier: 3},
	{Type: "azurerm_application_insights", ID: "azure.monitor.application-insights", Tier: 4},
	{Type: "azurerm_monitor_diagnostic_setting", ID: "azure.monitor.diagnostic-setting", Tier: 2},
	{Type: "azurerm_monitor_metric_alert", ID: "azure.monitor.metric-alert", Tier: 2},
	{Type: "azurerm_monitor_action_group", ID: "azure.monitor.action-group", Tier: 2},
	{Type: "azurerm_user_assigned_identity", ID: "azure.identity.user-assigned", Tier: 2},
	{Type: "azurerm_role_definition", ID: "azure.authorization.role-definition", Tier: 2},
	{Type: "azurerm_key_vault_access_policy", ID: "azure.keyvault.access-policy", Tier: 1},
	{Type: "azurerm_federated_identity_credential", ID: "azure.identity.federated-credential", Tier: 1},
	{Type: "azurerm_virtual_network", ID: "azure.network.vnet", Tier: 2},
	{Type: "azurerm_subnet", ID: "azure.network.subnet", Tier: 2},
	{Type: "azurerm_network_security_group", ID: "azure.network.nsg", Tier: 2},
	{Type: "azurerm_network_security_rule", ID: "azure.network.nsg-rule", Tier: 1},
	{Type: "azurerm_network_interface", ID: "azure.network.nic", Tier: 2},
	{Type: "azurerm_public_ip", ID: "azure.network.public-ip", Tier: 2},
	{Type: "azurerm_lb", ID: "azure.network.lb", Tier: 2},
	{Type: "azurerm_application_gateway", ID: "azure.network.application-gateway", Tier: 2},
	{Type: "azurerm_private_endpoint", ID: "azure.network.private-endpoint", Tier: 2},
	{Type: "azurerm_dns_zone", ID: "azure.dns.zone", Tier: 4},
	{Type: "azurerm_private_dns_zone", ID: "azure.dns.private-zone", Tier: 2},
	{Type: "azurerm_dns_a_record", ID: "azure.dns.a-record", Tier: 1},
	{Type: "azurerm_dns_cname_record", ID: "azure.dns.cname-record", Tier: 1},
	{Type: "azurerm_dns_txt_record", ID: "azure.dns.txt-record", Tier: 1},
	{Type: "azurerm_netapp_volume", ID: "azure.netapp.volume", Tier: 4},
	{Type: "azurerm_kusto_cluster", ID: "azure.kusto.cluster", Tier: 4},
	{Type: "azurerm_search_service", ID: "azure.search.service", Tier: 4},
	{Type: "azurerm_kusto_database", ID: "azure.kusto.database", Tier: 4},
	{Type: "azurerm_mssql_managed_instance", ID: "azure.mssql.managed-instance", Tier: 4},
}

func TestPlainRows(t *testing.T) {
	rulestest.RunPlain(t, plainRules(), plainTiers)
}

func TestGuardedRows(t *testing.T) {
	del, upd := model.ActionDelete, model.ActionUpdate
	c := rulestest.Change
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
