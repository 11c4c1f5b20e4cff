package gcp

import (
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// plainTiers pins the destroy tier of every type in the plain tables.
var plainTiers = []rulestest.PlainTier{
	// platform.go
	{Type: "google_vertex_ai_tensorboard", ID: "gcp.vertexai.tensorboard", Tier: 4},
	{Type: "google_bigquery_job", ID: "gcp.bigquery.job", Tier: 1},
	{Type: "google_compute_autoscaler", ID: "gcp.compute.autoscaler", Tier: 1},
	{Type: "google_compute_region_autoscaler", ID: "gcp.compute.region-autoscaler", Tier: 1},
	{Type: "google_essential_contacts_contact", ID: "gcp.essential-contacts.contact", Tier: 1},
	{Type: "google_kms_key_ring_import_job", ID: "gcp.kms.import-job", Tier: 1},
	{Type: "google_logging_project_exclusion", ID: "gcp.logging.project-exclusion", Tier: 1},
	{Type: "google_tags_tag_binding", ID: "gcp.tags.tag-binding", Tier: 1},
	{Type: "google_access_context_manager_service_perimeter", ID: "gcp.accesscontextmanager.service-perimeter", Tier: 2},
	{Type: "google_alloydb_user", ID: "gcp.alloydb.user", Tier: 2},
	{Type: "google_api_gateway_api", ID: "gcp.apigateway.api", Tier: 2},
	{Type: "google_apikeys_key", ID: "gcp.apikeys.key", Tier: 2},
	{Type: "google_bigquery_routine", ID: "gcp.bigquery.routine", Tier: 2},
	{Type: "google_certificate_manager_certificate", ID: "gcp.certificatemanager.certificate", Tier: 2},
	{Type: "google_certificate_manager_certificate_map", ID: "gcp.certificatemanager.certificate-map", Tier: 2},
	{Type: "google_cloud_run_v2_job", ID: "gcp.run.job", Tier: 2},
	{Type: "google_cloud_scheduler_job", ID: "gcp.cloudscheduler.job", Tier: 2},
	{Type: "google_compute_backend_bucket", ID: "gcp.compute.backend-bucket", Tier: 2},
	{Type: "google_compute_instance_group", ID: "gcp.compute.instance-group", Tier: 2},
	{Type: "google_compute_project_metadata", ID: "gcp.compute.project-metadata", Tier: 2},
	{Type: "google_compute_project_metadata_item", ID: "gcp.compute.project-metadata-item", Tier: 2},
	{Type: "google_compute_region_instance_group_manager", ID: "gcp.compute.region-instance-group-manager", Tier: 2},
	{Type: "google_compute_shared_vpc_host_project", ID: "gcp.compute.shared-vpc-host", Tier: 2},
	{Type: "google_compute_shared_vpc_service_project", ID: "gcp.compute.shared-vpc-service", Tier: 2},
	{Type: "google_compute_ssl_certificate", ID: "gcp.compute.ssl-certificate", Tier: 2},
	{Type: "google_compute_ssl_policy", ID: "gcp.compute.ssl-policy", Tier: 2},
	{Type: "google_dataflow_job", ID: "gcp.dataflow.job", Tier: 2},
	{Type: "google_dataplex_lake", ID: "gcp.dataplex.lake", Tier: 2},
	{Type: "google_gke_hub_membership", ID: "gcp.gkehub.membership", Tier: 2},
	{Type: "google_iap_client", ID: "gcp.iap.client", Tier: 2},
	{Type: "google_logging_folder_sink", ID: "gcp.logging.folder-sink", Tier: 2},
	{Type: "google_logging_organization_sink", ID: "gcp.logging.organization-sink", Tier: 2},
	{Type: "google_network_connectivity_hub", ID: "gcp.networkconnectivity.hub", Tier: 2},
	{Type: "google_project_iam_custom_role", ID: "gcp.iam.custom-role", Tier: 2},
	{Type: "google_sql_ssl_cert", ID: "gcp.sql.ssl-cert", Tier: 2},
	{Type: "google_storage_hmac_key", ID: "gcp.storage.hmac-key", Tier: 2},
	{Type: "google_storage_transfer_job", ID: "gcp.storagetransfer.job", Tier: 2},
	{Type: "google_tags_tag_value", ID: "gcp.tags.tag-value", Tier: 2},
	{Type: "google_vertex_ai_index", ID: "gcp.vertexai.index", Tier: 2},
	{Type: "google_cloud_tasks_queue", ID: "gcp.cloudtasks.queue", Tier: 4},
	{Type: "google_notebooks_instance", ID: "gcp.notebooks.instance", Tier: 4},
	{Type: "google_pubsub_lite_topic", ID: "gcp.pubsublite.topic", Tier: 4},
	{Type: "google_redis_cluster", ID: "gcp.redis.cluster", Tier: 4},
	{Type: "google_workbench_instance", ID: "gcp.workbench.instance", Tier: 4},
	{Type: "google_spanner_instance", ID: "gcp.spanner.instance", Tier: 4},
	{Type: "google_folder", ID: "gcp.folder", Tier: 2},
	{Type: "google_alloydb_cluster", ID: "gcp.alloydb.cluster", Tier: 4},
	{Type: "google_alloydb_instance", ID: "gcp.alloydb.instance", Tier: 2},
	{Type: "google_alloydb_backup", ID: "gcp.alloydb.backup", Tier: 4},
	{Type: "google_redis_instance", ID: "gcp.redis.instance", Tier: 4},
	{Type: "google_memcache_instance", ID: "gcp.memcache.instance", Tier: 2},
	{Type: "google_firestore_document", ID: "gcp.firestore.document", Tier: 4},
	{Type: "google_dataproc_cluster", ID: "gcp.dataproc.cluster", Tier: 4},
	{Type: "google_artifact_registry_repository", ID: "gcp.artifactregistry.repository", Tier: 4},
	{Type: "google_compute_region_disk", ID: "gcp.compute.region-disk", Tier: 4},
	{Type: "google_compute_snapshot", ID: "gcp.compute.snapshot", Tier: 4},
	{Type: "google_compute_image", ID: "gcp.compute.image", Tier: 4},
	{Type: "google_compute_resource_policy", ID: "gcp.compute.resource-policy", Tier: 2},
	{Type: "google_compute_attached_disk", ID: "gcp.compute.attached-disk", Tier: 2},
	{Type: "google_kms_crypto_key", ID: "gcp.kms.crypto-key", Tier: 3},
	{Type: "google_kms_crypto_key_version", ID: "gcp.kms.crypto-key-version", Tier: 3},
	{Type: "google_kms_key_ring", ID: "gcp.kms.key-ring", Tier: 2},
	{Type: "google_service_account", ID: "gcp.iam.service-account", Tier: 3},
	{Type: "google_service_account_key", ID: "gcp.iam.service-account-key", Tier: 2},
	{Type: "google_pubsub_topic", ID: "gcp.pubsub.topic", Tier: 2},
	{Type: "google_pubsub_subscription", ID: "gcp.pubsub.subscription", Tier: 4},
	{Type: "google_pubsub_schema", ID: "gcp.pubsub.schema", Tier: 2},
	{Type: "google_container_node_pool", ID: "gcp.gke.node-pool", Tier: 2},
	{Type: "google_compute_instance_template", ID: "gcp.compute.instance-template", Tier: 2},
	{Type: "google_compute_instance_group_manager", ID: "gcp.compute.instance-group-manager", Tier: 2},
	{Type: "google_cloud_run_service", ID: "gcp.run.service", Tier: 2},
	{Type: "google_cloud_run_v2_service", ID: "gcp.run.v2-service", Tier: 2},
	{Type: "google_cloudfunctions_function", ID: "gcp.functions.function", Tier: 2},
	{Type: "google_cloudfunctions2_function", ID: "gcp.functions.v2-function", Tier: 2},
	{Type: "google_compute_network", ID: "gcp.compute.network", Tier: 2},
	{Type: "google_compute_subnetwork", ID: "gcp.compute.subnetwork", Tier: 2},
	{Type: "google_compute_firewall", ID: "gcp.compute.firewall", Tier: 1},
	{Type: "google_compute_address", ID: "gcp.compute.address", Tier: 2},
	{Type: "google_compute_global_address", ID: "gcp.compute.global-address", Tier: 2},
	{Type: "google_compute_router", ID: "gcp.compute.router", Tier: 2},
	{Type: "google_compute_router_nat", ID: "gcp.compute.router-nat", Tier: 2},
	{Type: "google_compute_backend_service", ID: "gcp.compute.backend-service", Tier: 2},
	{Type: "google_compute_forwarding_rule", ID: "gcp.compute.forwarding-rule", Tier: 2},
	{Type: "google_compute_global_forwarding_rule", ID: "gcp.compute.global-forwarding-rule", Tier: 2},
	{Type: "google_compute_url_map", ID: "gcp.compute.url-map", Tier: 2},
	{Type: "google_compute_managed_ssl_certificate", ID: "gcp.compute.managed-ssl-certificate", Tier: 2},
	{Type: "google_dns_record_set", ID: "gcp.dns.record-set", Tier: 1},
	{Type: "google_logging_project_sink", ID: "gcp.logging.project-sink", Tier: 2},
	{Type: "google_logging_project_bucket_config", ID: "gcp.logging.bucket", Tier: 3},
	{Type: "google_folder_iam_member", ID: "gcp.iam.folder-member", Tier: 1},
	{Type: "google_organization_iam_member", ID: "gcp.iam.organization-member", Tier: 1},
	{Type: "google_service_account_iam_member", ID: "gcp.iam.service-account-member", Tier: 1},
	{Type: "google_storage_bucket_iam_member", ID: "gcp.iam.bucket-member", Tier: 1},
	{Type: "google_bigquery_dataset_iam_member", ID: "gcp.iam.dataset-member", Tier: 1},
	{Type: "google_secret_manager_secret_iam_member", ID: "gcp.iam.secret-member", Tier: 1},
	{Type: "google_kms_crypto_key_iam_member", ID: "gcp.iam.crypto-key-member", Tier: 1},
	{Type: "google_pubsub_topic_iam_member", ID: "gcp.iam.topic-member", Tier: 1},
	{Type: "google_pubsub_subscription_iam_member", ID: "gcp.iam.subscription-member", Tier: 1},
	{Type: "google_project_iam_member", ID: "gcp.iam.project-member", Tier: 1},
	{Type: "google_billing_account_iam_member", ID: "gcp.iam.billing-account-member", Tier: 1},
	{Type: "google_bigquery_table_iam_member", ID: "gcp.iam.table-member", Tier: 1},
	{Type: "google_kms_key_ring_iam_member", ID: "gcp.iam.key-ring-member", Tier: 1},
	{Type: "google_spanner_instance_iam_member", ID: "gcp.iam.spanner-instance-member", Tier: 1},
	{Type: "google_spanner_database_iam_member", ID: "gcp.iam.spanner-database-member", Tier: 1},
	{Type: "google_cloud_run_v2_service_iam_member", ID: "gcp.iam.run-v2-service-member", Tier: 1},
	{Type: "google_cloudfunctions_function_iam_member", ID: "gcp.iam.function-member", Tier: 1},
	{Type: "google_cloudfunctions2_function_iam_member", ID: "gcp.iam.function2-member", Tier: 1},
	{Type: "google_compute_instance_iam_member", ID: "gcp.iam.compute-instance-member", Tier: 1},
	{Type: "google_cloud_run_service_iam_member", ID: "gcp.iam.run-service-member", Tier: 1},
	{Type: "google_artifact_registry_repository_iam_member", ID: "gcp.iam.repository-member", Tier: 1},
	{Type: "google_sourcerepo_repository", ID: "gcp.sourcerepo.repository", Tier: 4},
	{Type: "google_composer_environment", ID: "gcp.composer.environment", Tier: 3},
	{Type: "google_sql_user", ID: "gcp.sql.user", Tier: 2},
	{Type: "google_vertex_ai_dataset", ID: "gcp.vertex-ai.dataset", Tier: 4},
	{Type: "google_healthcare_dataset", ID: "gcp.healthcare.dataset", Tier: 4},
}

func TestPlainRows(t *testing.T) {
	rulestest.RunPlain(t, append(plainRules(), memberRules()...), plainTiers)
}

// TestAuthoritativeRows: a binding's destroy is needs-review until the
// agent says whether the access is kept; its member changes are tier 2.
func TestAuthoritativeRows(t *testing.T) {
	var cases []rulestest.ResourceCase
	var types []struct{ typ, id, list string }
	for _, it := range iamTargets() {
		types = append(types, struct{ typ, id, list string }{it.prefix + "_iam_binding", "gcp.iam." + it.id + "-binding", "members"},
			struct{ typ, id, list string }{it.prefix + "_iam_policy", "gcp.iam." + it.id + "-policy", "policy_data"})
	}
	if len(types) < 40 {
		t.Fatalf("%d authoritative IAM types, want the 42 of iamTargets", len(types))
	}
	for _, a := range types {
		before := obj{a.list: []any{"user:a@example.com", "user:b@example.com"}}
		cases = append(cases,
			rulestest.ResourceCase{Name: "no evidence", Type: a.typ, Action: model.ActionDelete, Before: before, Rule: a.id + ".delete.lockout", Tier: 5},
			rulestest.ResourceCase{Name: "access not kept", Type: a.typ, Action: model.ActionDelete, Before: before, Evidence: obj{rules.AccessKept: false}, Rule: a.id + ".delete.lockout", Tier: 4},
			rulestest.ResourceCase{Name: "near miss: access kept", Type: a.typ, Action: model.ActionDelete, Before: before, Evidence: obj{rules.AccessKept: true}, Rule: a.id + ".delete", Tier: 2},
			rulestest.ResourceCase{Name: "members rewritten", Type: a.typ, Action: model.ActionUpdate, Before: before, After: obj{a.list: []any{"user:a@example.com"}}, Rule: a.id + ".update.members-changed", Tier: 2},
			rulestest.ResourceCase{Name: "near miss: condition only", Type: a.typ, Action: model.ActionUpdate, Before: before, After: obj{a.list: before[a.list], "condition": []any{}}, Rule: a.id + ".update.in-place", Tier: 1},
		)
	}
	rulestest.RunResources(t, authoritativeRules(), cases)
}

func TestGuardedRows(t *testing.T) {
	del, upd := model.ActionDelete, model.ActionUpdate
	c := rulestest.Change
	bucket := func(versioned bool, a model.Action) []model.Resource {
		return []model.Resource{{Address: "google_storage_bucket.b", Type: "google_storage_bucket", Action: a,
			Values: obj{"name": "b", "versioning": []any{obj{"enabled": versioned}}}}}
	}
	object := func(name string, others []model.Resource, rule string, tier model.Tier) rulestest.ResourceCase {
		return rulestest.ResourceCase{Name: name, Type: "google_storage_bucket_object", Action: del, Before: obj{"bucket": "b", "name": "o"}, Others: others, Rule: rule, Tier: tier}
	}
	tags := func(typ, id string) rulestest.ResourceCase {
		return c("labels", typ, upd, obj{"labels": obj{}}, obj{"labels": obj{"a": "b"}}, id+".update.in-place", 1)
	}
	rulestest.RunResources(t, guardedRules(), []rulestest.ResourceCase{
		c("spanner protected by default", "google_spanner_database", del, obj{"name": "d"}, nil, "gcp.spanner.database.delete.protected", 1),
		c("spanner drop protection", "google_spanner_database", del, obj{"deletion_protection": false, "enable_drop_protection": true}, nil, "gcp.spanner.database.drop.delete.protected", 1),
		c("near miss: spanner unprotected", "google_spanner_database", del, obj{"deletion_protection": false, "enable_drop_protection": false}, nil, "gcp.spanner.database.delete", 4),
		c("spanner protection off", "google_spanner_database", upd, obj{"deletion_protection": true}, obj{"deletion_protection": false}, "gcp.spanner.database.update.protection-off", 2),
		c("spanner drop protection off", "google_spanner_database", upd, obj{"deletion_protection": false, "enable_drop_protection": true}, obj{"deletion_protection": false, "enable_drop_protection": false}, "gcp.spanner.database.drop.update.protection-off", 2),
		c("near miss: spanner ddl", "google_spanner_database", upd, obj{"deletion_protection": true, "ddl": []any{}}, obj{"deletion_protection": true, "ddl": []any{"CREATE TABLE t"}}, "gcp.spanner.database.update.in-place", 1),

		c("bigtable protected by default", "google_bigtable_instance", del, obj{"name": "i"}, nil, "gcp.bigtable.instance.delete.protected", 1),
		c("near miss: bigtable unprotected", "google_bigtable_instance", del, obj{"deletion_protection": false}, nil, "gcp.bigtable.instance.delete", 4),
		c("bigtable protection off", "google_bigtable_instance", upd, obj{"deletion_protection": true}, obj{"deletion_protection": false}, "gcp.bigtable.instance.update.protection-off", 2),
		tags("google_bigtable_instance", "gcp.bigtable.instance"),
		c("table protected", "google_bigtable_table", del, obj{"deletion_protection": "PROTECTED"}, nil, "gcp.bigtable.table.delete.protected", 1),
		c("near miss: table unprotected", "google_bigtable_table", del, obj{"deletion_protection": "UNPROTECTED"}, nil, "gcp.bigtable.table.delete", 3),
		c("table protection off", "google_bigtable_table", upd, obj{"deletion_protection": "PROTECTED"}, obj{"deletion_protection": "UNPROTECTED"}, "gcp.bigtable.table.update.protection-off", 2),
		c("table families", "google_bigtable_table", upd, obj{"column_family": []any{}}, obj{"column_family": []any{obj{"family": "f"}}}, "gcp.bigtable.table.update.in-place", 1),

		c("firestore abandoned", "google_firestore_database", del, obj{"deletion_policy": "ABANDON"}, nil, "gcp.firestore.database.delete.abandon", 2),
		c("firestore, policy not in the input: not read as abandoned", "google_firestore_database", del, obj{"name": "(default)"}, nil, "gcp.firestore.database.delete", 4),
		c("firestore protected", "google_firestore_database", del, obj{"deletion_policy": "DELETE", "delete_protection_state": "DELETE_PROTECTION_ENABLED"}, nil, "gcp.firestore.database.delete.protected", 1),
		c("near miss: firestore deleted", "google_firestore_database", del, obj{"deletion_policy": "DELETE", "delete_protection_state": "DELETE_PROTECTION_DISABLED"}, nil, "gcp.firestore.database.delete", 4),
		c("firestore protection off", "google_firestore_database", upd, obj{"delete_protection_state": "DELETE_PROTECTION_ENABLED"}, obj{"delete_protection_state": "DELETE_PROTECTION_DISABLED"}, "gcp.firestore.database.update.protection-off", 2),
		c("firestore policy delete", "google_firestore_database", upd, obj{"deletion_policy": "ABANDON"}, obj{"deletion_policy": "DELETE"}, "gcp.firestore.database.update.policy-delete", 2),
		c("near miss: firestore policy abandon", "google_firestore_database", upd, obj{"deletion_policy": "DELETE"}, obj{"deletion_policy": "ABANDON"}, "gcp.firestore.database.update.in-place", 1),

		c("dataset with contents", "google_bigquery_dataset", del, obj{"delete_contents_on_destroy": true}, nil, "gcp.bigquery.dataset.delete.contents", 3),
		c("near miss: dataset must be empty", "google_bigquery_dataset", del, obj{"delete_contents_on_destroy": false}, nil, "gcp.bigquery.dataset.delete", 2),
		c("dataset contents on", "google_bigquery_dataset", upd, obj{"delete_contents_on_destroy": false}, obj{"delete_contents_on_destroy": true}, "gcp.bigquery.dataset.update.contents-on", 2),
		tags("google_bigquery_dataset", "gcp.bigquery.dataset"),
		c("bq table protected by default", "google_bigquery_table", del, obj{"table_id": "t"}, nil, "gcp.bigquery.table.delete.protected", 1),
		c("near miss: bq table unprotected", "google_bigquery_table", del, obj{"deletion_protection": false}, nil, "gcp.bigquery.table.delete", 3),
		c("bq table protection off", "google_bigquery_table", upd, obj{"deletion_protection": true}, obj{"deletion_protection": false}, "gcp.bigquery.table.update.protection-off", 2),
		tags("google_bigquery_table", "gcp.bigquery.table"),
		c("sql database abandoned", "google_sql_database", del, obj{"deletion_policy": "ABANDON"}, nil, "gcp.sql.database.delete.abandon", 2),
		c("near miss: sql database dropped", "google_sql_database", del, obj{"deletion_policy": "DELETE"}, nil, "gcp.sql.database.delete", 3),
		c("sql database charset", "google_sql_database", upd, obj{"charset": "a"}, obj{"charset": "b"}, "gcp.sql.database.update.in-place", 1),

		object("object in a versioned bucket", bucket(true, ""), "gcp.storage.object.delete.versioned", 3),
		object("near miss: unversioned bucket", bucket(false, ""), "gcp.storage.object.delete", 4),
		object("near miss: versioned bucket destroyed too", bucket(true, model.ActionDelete), "gcp.storage.object.delete", 4),
		object("bucket not in the input", nil, "gcp.storage.object.delete", 4),
		c("object metadata", "google_storage_bucket_object", upd, obj{"metadata": obj{}}, obj{"metadata": obj{"a": "b"}}, "gcp.storage.object.update.in-place", 1),

		c("vm protected", "google_compute_instance", del, obj{"deletion_protection": true}, nil, "gcp.compute.instance.delete.protected", 1),
		c("near miss: vm boot disk deleted by default", "google_compute_instance", del, obj{"deletion_protection": false}, nil, "gcp.compute.instance.delete.boot-disk", 3),
		c("vm boot disk kept", "google_compute_instance", del, obj{"deletion_protection": false, "boot_disk": []any{obj{"auto_delete": false}}}, nil, "gcp.compute.instance.delete", 2),
		c("vm protection off", "google_compute_instance", upd, obj{"deletion_protection": true}, obj{"deletion_protection": false}, "gcp.compute.instance.update.protection-off", 2),
		tags("google_compute_instance", "gcp.compute.instance"),
		c("vm from template protected", "google_compute_instance_from_template", del, obj{"deletion_protection": true}, nil, "gcp.compute.instance-from-template.delete.protected", 1),
		c("near miss: vm from template, boot disk deleted", "google_compute_instance_from_template", del, obj{"deletion_protection": false}, nil, "gcp.compute.instance-from-template.delete.boot-disk", 3),
		c("vm from template, boot disk kept", "google_compute_instance_from_template", del, obj{"deletion_protection": false, "boot_disk": []any{obj{"auto_delete": false}}}, nil, "gcp.compute.instance-from-template.delete", 2),
		c("vm from template protection off", "google_compute_instance_from_template", upd, obj{"deletion_protection": true}, obj{"deletion_protection": false}, "gcp.compute.instance-from-template.update.protection-off", 2),
		tags("google_compute_instance_from_template", "gcp.compute.instance-from-template"),
		c("filestore protected", "google_filestore_instance", del, obj{"deletion_protection_enabled": true}, nil, "gcp.filestore.instance.delete.protected", 1),
		c("near miss: filestore unprotected", "google_filestore_instance", del, obj{"deletion_protection_enabled": false}, nil, "gcp.filestore.instance.delete", 4),
		c("filestore protection off", "google_filestore_instance", upd, obj{"deletion_protection_enabled": true}, obj{"deletion_protection_enabled": false}, "gcp.filestore.instance.update.protection-off", 2),
		tags("google_filestore_instance", "gcp.filestore.instance"),
		c("version disabled", "google_secret_manager_secret_version", del, obj{"deletion_policy": "DISABLE"}, nil, "gcp.secretmanager.version.delete.disable", 1),
		c("version abandoned", "google_secret_manager_secret_version", del, obj{"deletion_policy": "ABANDON"}, nil, "gcp.secretmanager.version.delete.abandon", 2),
		c("near miss: version destroyed", "google_secret_manager_secret_version", del, obj{"deletion_policy": "DELETE"}, nil, "gcp.secretmanager.version.delete", 4),
		c("version enabled", "google_secret_manager_secret_version", upd, obj{"enabled": false}, obj{"enabled": true}, "gcp.secretmanager.version.update.in-place", 1),

		c("project prevented", "google_project", del, obj{"deletion_policy": "PREVENT"}, nil, "gcp.project.delete.prevented", 2),
		c("project abandoned", "google_project", del, obj{"deletion_policy": "ABANDON"}, nil, "gcp.project.delete.abandon", 2),
		c("project skip_delete (older providers)", "google_project", del, obj{"skip_delete": true}, nil, "gcp.project.delete.abandon", 2),
		c("near miss: project deleted", "google_project", del, obj{"deletion_policy": "DELETE"}, nil, "gcp.project.delete", 3),
		c("project policy delete", "google_project", upd, obj{"deletion_policy": "PREVENT"}, obj{"deletion_policy": "DELETE"}, "gcp.project.update.policy-delete", 2),
		tags("google_project", "gcp.project"),
		c("gke protected by default", "google_container_cluster", del, obj{"name": "c"}, nil, "gcp.gke.cluster.delete.protected", 2),
		c("near miss: gke unprotected", "google_container_cluster", del, obj{"deletion_protection": false}, nil, "gcp.gke.cluster.delete", 4),
		c("gke protection off", "google_container_cluster", upd, obj{"deletion_protection": true}, obj{"deletion_protection": false}, "gcp.gke.cluster.update.protection-off", 2),
		tags("google_container_cluster", "gcp.gke.cluster"),

		c("zone force", "google_dns_managed_zone", del, obj{"force_destroy": true}, nil, "gcp.dns.zone.delete.force", 4),
		c("near miss: zone must be empty", "google_dns_managed_zone", del, obj{"force_destroy": false}, nil, "gcp.dns.zone.delete", 2),
		tags("google_dns_managed_zone", "gcp.dns.zone"),
		c("service kept enabled", "google_project_service", del, obj{"disable_on_destroy": false}, nil, "gcp.project-service.delete.kept", 1),
		c("near miss: service disabled", "google_project_service", del, obj{"disable_on_destroy": true}, nil, "gcp.project-service.delete", 2),
		c("service flag", "google_project_service", upd, obj{"disable_on_destroy": true}, obj{"disable_on_destroy": false}, "gcp.project-service.update.in-place", 1),
	})
}
