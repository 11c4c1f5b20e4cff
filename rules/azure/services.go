package azure

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// Shorthands for the tiers of the tables below.
const (
	reversible = model.TierReversible
	effort     = model.TierRecoverableWithEffort
	fromBackup = model.TierRecoverableFromBackup
	lost       = model.TierUnrecoverable
	medium     = model.ConfidenceMedium
)

// plainRules are the Azure types whose destroy has one outcome whatever
// their attributes.
func plainRules() []rules.Rule {
	return append(rules.PlainRows(platformRows()...), rules.PlainRows(
		// Databases.
		rules.Plain{Type: "azurerm_mssql_server", ID: "azure.mssql.server", Tier: lost, Confidence: medium,
			Reason: "deleting a logical server deletes every database on it together with their backups; a deleted database can only be restored while its server exists"},
		rules.Plain{Type: "azurerm_mssql_database", ID: "azure.mssql.database", Tier: fromBackup,
			Reason: "Azure SQL keeps a deleted database's backups for its retention period, so it can be restored as of its deletion time (while the server exists)"},
		rules.Plain{Type: "azurerm_mssql_elasticpool", ID: "azure.mssql.elastic-pool", Tier: effort,
			Reason: "the pool is deleted; databases must be moved out first, and an apply recreates it"},
		rules.Plain{Type: "azurerm_mssql_firewall_rule", ID: "azure.mssql.firewall-rule", Tier: reversible,
			Reason: "clients the rule admitted are refused until an apply adds it again"},
		rules.Plain{Type: "azurerm_postgresql_flexible_server", ID: "azure.postgresql.flexible-server", Tier: fromBackup, Confidence: medium,
			Reason: "a dropped flexible server can be restored from its backups for 5 days after deletion (through the portal or support); after that it and its databases are gone"},
		rules.Plain{Type: "azurerm_postgresql_flexible_server_database", ID: "azure.postgresql.flexible-database", Tier: fromBackup, Confidence: medium,
			Reason: "the database is dropped; a point-in-time restore of the server to a new server recovers it, to be copied back"},
		rules.Plain{Type: "azurerm_mysql_flexible_server", ID: "azure.mysql.flexible-server", Tier: fromBackup, Confidence: medium,
			Reason: "a dropped flexible server can be restored from its backups for 5 days after deletion (through the portal or support); after that it and its databases are gone"},
		rules.Plain{Type: "azurerm_mysql_flexible_database", ID: "azure.mysql.flexible-database", Tier: fromBackup, Confidence: medium,
			Reason: "the database is dropped; a point-in-time restore of the server to a new server recovers it, to be copied back"},
		rules.Plain{Type: "azurerm_redis_cache", ID: "azure.redis.cache", Tier: lost, Confidence: medium,
			Reason: "the cache is deleted with its data and any persistence files it manages; if it was only a cache, the data can be rebuilt from its source"},

		// Storage pieces.
		rules.Plain{Type: "azurerm_storage_table", ID: "azure.storage.table", Tier: lost,
			Reason: "the table is deleted with its entities; Table storage has no soft delete"},
		rules.Plain{Type: "azurerm_storage_queue", ID: "azure.storage.queue", Tier: lost,
			Reason: "the queue is deleted with the messages in it; Queue storage has no soft delete"},
		rules.Plain{Type: "azurerm_snapshot", ID: "azure.compute.snapshot", Tier: lost, Confidence: medium,
			Reason: "the snapshot is deleted for good; if its disk is gone too, it may have been the last copy"},
		rules.Plain{Type: "azurerm_virtual_machine_data_disk_attachment", ID: "azure.compute.data-disk-attachment", Tier: effort, Confidence: medium,
			Reason: "the disk is detached but kept; writes the VM had not flushed may be lost, and what runs on it fails until it is attached again"},
		rules.Plain{Type: "azurerm_container_registry", ID: "azure.acr.registry", Tier: lost,
			Reason: "the registry is deleted with every image and artifact in it"},
		rules.Plain{Type: "azurerm_storage_management_policy", ID: "azure.storage.management-policy", Tier: reversible,
			Reason: "blobs stop moving tiers and expiring under the policy; none is deleted"},

		// Backup and recovery.
		rules.Plain{Type: "azurerm_recovery_services_vault", ID: "azure.backup.vault", Tier: effort, Confidence: medium,
			Reason: "Azure refuses to delete a Recovery Services vault that still holds backup items (soft-deleted ones included), so only an empty vault goes"},
		rules.Plain{Type: "azurerm_backup_protected_vm", ID: "azure.backup.protected-vm", Tier: fromBackup, Confidence: medium,
			Reason: "protection stops and the provider deletes the backup data; with the vault's soft delete (on by default) it is kept 14 days and can be undeleted"},
		rules.Plain{Type: "azurerm_backup_policy_vm", ID: "azure.backup.policy-vm", Tier: effort,
			Reason: "Azure refuses to delete a policy that still protects items; an apply recreates it"},
		rules.Plain{Type: "azurerm_data_protection_backup_vault", ID: "azure.dataprotection.vault", Tier: effort, Confidence: medium,
			Reason: "Azure refuses to delete a Backup vault that still holds backup instances, so only an empty vault goes"},

		// Compute and containers.
		rules.Plain{Type: "azurerm_linux_virtual_machine", ID: "azure.compute.linux-vm", Tier: fromBackup, Confidence: medium,
			Reason: "the OS disk is deleted with the VM (the provider's delete_os_disk_on_deletion default): the VM can be rebuilt from its image, but anything written to the OS disk since is lost; data disks are separate resources and stay"},
		rules.Plain{Type: "azurerm_windows_virtual_machine", ID: "azure.compute.windows-vm", Tier: fromBackup, Confidence: medium,
			Reason: "the OS disk is deleted with the VM (the provider's delete_os_disk_on_deletion default): the VM can be rebuilt from its image, but anything written to the OS disk since is lost; data disks are separate resources and stay"},
		rules.Plain{Type: "azurerm_linux_virtual_machine_scale_set", ID: "azure.compute.linux-vmss", Tier: effort, Confidence: medium,
			Reason: "every instance is deleted with its OS disk; an apply recreates them from the image, but data written to them is lost"},
		rules.Plain{Type: "azurerm_kubernetes_cluster", ID: "azure.aks.cluster", Tier: lost, Confidence: medium,
			Reason: "the cluster is deleted with every Kubernetes object in it, its node resource group, and the disks its claims provisioned; only what is kept in git or a backup survives"},
		rules.Plain{Type: "azurerm_kubernetes_cluster_node_pool", ID: "azure.aks.node-pool", Tier: effort, Confidence: medium,
			Reason: "the nodes are drained and deleted; pods move elsewhere if there is room, and node-local data is lost"},
		rules.Plain{Type: "azurerm_service_plan", ID: "azure.appservice.plan", Tier: effort,
			Reason: "Azure refuses to delete a plan that still hosts apps; an apply recreates it"},
		rules.Plain{Type: "azurerm_linux_web_app", ID: "azure.appservice.linux-web-app", Tier: effort,
			Reason: "the app is deleted; an apply recreates it and its code must be deployed again, and its default hostname may be taken meanwhile"},
		rules.Plain{Type: "azurerm_windows_web_app", ID: "azure.appservice.windows-web-app", Tier: effort,
			Reason: "the app is deleted; an apply recreates it and its code must be deployed again, and its default hostname may be taken meanwhile"},
		rules.Plain{Type: "azurerm_linux_function_app", ID: "azure.functions.linux-function-app", Tier: effort,
			Reason: "the function app is deleted; an apply recreates it and its code must be deployed again"},

		// Messaging and analytics.
		rules.Plain{Type: "azurerm_servicebus_namespace", ID: "azure.servicebus.namespace", Tier: lost,
			Reason: "the namespace is deleted with every queue, topic and the messages in them"},
		rules.Plain{Type: "azurerm_servicebus_queue", ID: "azure.servicebus.queue", Tier: lost,
			Reason: "the queue is deleted with its messages, dead letters included"},
		rules.Plain{Type: "azurerm_servicebus_topic", ID: "azure.servicebus.topic", Tier: lost,
			Reason: "the topic is deleted with its subscriptions and their undelivered messages"},
		rules.Plain{Type: "azurerm_eventhub_namespace", ID: "azure.eventhub.namespace", Tier: lost,
			Reason: "the namespace is deleted with every event hub and the events they retain"},
		rules.Plain{Type: "azurerm_eventhub", ID: "azure.eventhub.hub", Tier: lost,
			Reason: "the event hub is deleted with the events within its retention; consumers that had not read them lose them"},
		rules.Plain{Type: "azurerm_synapse_workspace", ID: "azure.synapse.workspace", Tier: lost, Confidence: medium,
			Reason: "the workspace is deleted with its dedicated SQL pools (restorable only from a user-defined restore point taken elsewhere), pipelines and notebooks"},
		rules.Plain{Type: "azurerm_databricks_workspace", ID: "azure.databricks.workspace", Tier: lost, Confidence: medium,
			Reason: "the workspace is deleted with its notebooks and its managed resource group, including the DBFS root storage"},
		rules.Plain{Type: "azurerm_data_factory", ID: "azure.datafactory.factory", Tier: effort, Confidence: medium,
			Reason: "the factory is deleted with its pipelines and run history; pipelines not in this configuration or a linked git repository are lost"},

		// Observability.
		rules.Plain{Type: "azurerm_log_analytics_workspace", ID: "azure.monitor.log-analytics-workspace", Tier: fromBackup,
			Reason: "the workspace is soft-deleted and can be recovered with its data for 14 days (unless the provider's permanently_delete_on_destroy feature is set)"},
		rules.Plain{Type: "azurerm_application_insights", ID: "azure.monitor.application-insights", Tier: lost, Confidence: medium,
			Reason: "the component is deleted with its telemetry; a workspace-based component's data stays in its Log Analytics workspace"},
		rules.Plain{Type: "azurerm_monitor_diagnostic_setting", ID: "azure.monitor.diagnostic-setting", Tier: effort,
			Reason: "resource logs and metrics stop flowing to their destination; what is emitted until an apply restores it is never recorded"},
		rules.Plain{Type: "azurerm_monitor_metric_alert", ID: "azure.monitor.metric-alert", Tier: effort,
			Reason: "nobody is alerted on the metric until an apply recreates the alert"},
		rules.Plain{Type: "azurerm_monitor_action_group", ID: "azure.monitor.action-group", Tier: effort,
			Reason: "alerts that notify through the group reach nobody until an apply recreates it"},

		// Identity and access.
		rules.Plain{Type: "azurerm_user_assigned_identity", ID: "azure.identity.user-assigned", Tier: effort,
			Reason: "a recreated identity has a new principal id: its role assignments and federated credentials must be made again, and resources using it lose access meanwhile"},
		rules.Plain{Type: "azurerm_role_definition", ID: "azure.authorization.role-definition", Tier: effort,
			Reason: "Azure refuses to delete a custom role that is still assigned; an apply recreates it"},
		rules.Plain{Type: "azurerm_key_vault_access_policy", ID: "azure.keyvault.access-policy", Tier: reversible,
			Reason: "the principal loses its access to the vault until an apply adds the policy again"},
		rules.Plain{Type: "azurerm_federated_identity_credential", ID: "azure.identity.federated-credential", Tier: reversible,
			Reason: "workloads that sign in through the credential fail until an apply adds it again"},

		// Network and DNS.
		rules.Plain{Type: "azurerm_virtual_network", ID: "azure.network.vnet", Tier: effort, Reason: rules.Recreated("virtual network")},
		rules.Plain{Type: "azurerm_subnet", ID: "azure.network.subnet", Tier: effort, Reason: rules.Recreated("subnet")},
		rules.Plain{Type: "azurerm_network_security_group", ID: "azure.network.nsg", Tier: effort, Reason: rules.Recreated("network security group")},
		rules.Plain{Type: "azurerm_network_security_rule", ID: "azure.network.nsg-rule", Tier: reversible,
			Reason: "traffic the rule allowed is refused (or traffic it denied is let through) until an apply adds it again"},
		rules.Plain{Type: "azurerm_network_interface", ID: "azure.network.nic", Tier: effort, Reason: rules.Recreated("network interface")},
		rules.Plain{Type: "azurerm_public_ip", ID: "azure.network.public-ip", Tier: effort,
			Reason: "the address is released; a new one differs, so DNS and allowlists that named it must change"},
		rules.Plain{Type: "azurerm_lb", ID: "azure.network.lb", Tier: effort, Reason: rules.Recreated("load balancer")},
		rules.Plain{Type: "azurerm_application_gateway", ID: "azure.network.application-gateway", Tier: effort, Reason: rules.Recreated("application gateway")},
		rules.Plain{Type: "azurerm_private_endpoint", ID: "azure.network.private-endpoint", Tier: effort,
			Reason: "private traffic to the service fails until an apply recreates the endpoint, which may get a new private address"},
		rules.Plain{Type: "azurerm_dns_zone", ID: "azure.dns.zone", Tier: lost, Confidence: medium,
			Reason: "Azure DNS deletes the zone with every record set in it, including ones this configuration does not manage; a new zone gets new name servers"},
		rules.Plain{Type: "azurerm_private_dns_zone", ID: "azure.dns.private-zone", Tier: effort, Confidence: medium,
			Reason: "Azure refuses to delete a private zone that still has virtual network links; the records in it go with it"},
		rules.Plain{Type: "azurerm_dns_a_record", ID: "azure.dns.a-record", Tier: reversible,
			Reason: "an apply recreates the record from configuration; resolvers answer NXDOMAIN until then"},
		rules.Plain{Type: "azurerm_dns_cname_record", ID: "azure.dns.cname-record", Tier: reversible,
			Reason: "an apply recreates the record from configuration; resolvers answer NXDOMAIN until then"},
		rules.Plain{Type: "azurerm_dns_txt_record", ID: "azure.dns.txt-record", Tier: reversible,
			Reason: "an apply recreates the record from configuration; verifications that read it fail until then"},

		// Files and analytics.
		rules.Plain{Type: "azurerm_netapp_volume", ID: "azure.netapp.volume", Tier: lost,
			Reason: "the volume is deleted with its data and its snapshots, which live in the volume"},
		rules.Plain{Type: "azurerm_search_service", ID: "azure.search.service", Tier: lost, Confidence: medium,
			Reason: "the search service is deleted with its indexes: documents an indexer pulled come back by indexing their sources again, documents pushed through the API are gone"},
		rules.Plain{Type: "azurerm_kusto_cluster", ID: "azure.kusto.cluster", Tier: lost, Confidence: medium,
			Reason: "the Data Explorer cluster is deleted with every database in it and their data"},
		rules.Plain{Type: "azurerm_kusto_database", ID: "azure.kusto.database", Tier: lost, Confidence: medium,
			Reason: "the database and its tables' data are deleted"},
		rules.Plain{Type: "azurerm_mssql_managed_instance", ID: "azure.mssql.managed-instance", Tier: lost, Confidence: medium,
			Reason: "the managed instance is deleted with its databases and their automated backups; only long-term retention backups survive"},
	)...)
}
