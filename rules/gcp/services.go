package gcp

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

// plainRules are the GCP types whose destroy has one outcome whatever
// their attributes.
func plainRules() []rules.Rule {
	return append(rules.PlainRows(platformRows()...), rules.PlainRows(
		// Databases and stores.
		rules.Plain{Type: "google_spanner_instance", ID: "gcp.spanner.instance", Tier: lost, Confidence: medium,
			Reason: "every database in the instance is deleted with it; Spanner refuses while backups exist unless force_destroy, which deletes the backups too"},
		rules.Plain{Type: "google_alloydb_cluster", ID: "gcp.alloydb.cluster", Tier: lost, Confidence: medium,
			Reason: "the cluster's data and its automated and continuous backups are deleted with it; only on-demand backups taken earlier survive"},
		rules.Plain{Type: "google_alloydb_instance", ID: "gcp.alloydb.instance", Tier: effort,
			Reason: "the data lives in the cluster's storage, not on the instance; an apply recreates it and connections fail meanwhile"},
		rules.Plain{Type: "google_alloydb_backup", ID: "gcp.alloydb.backup", Tier: lost, Confidence: medium,
			Reason: "the backup is deleted for good; if its cluster is gone too, it may have been the last copy"},
		rules.Plain{Type: "google_redis_instance", ID: "gcp.redis.instance", Tier: lost, Confidence: medium,
			Reason: "the instance is deleted with its data and its RDB snapshots; if it was only a cache, the data can be rebuilt from its source"},
		rules.Plain{Type: "google_memcache_instance", ID: "gcp.memcache.instance", Tier: effort,
			Reason: "memcached keeps nothing beyond a cache: an apply recreates it and it warms up again from its source"},
		rules.Plain{Type: "google_firestore_document", ID: "gcp.firestore.document", Tier: lost, Confidence: medium,
			Reason: "the document is deleted; only point-in-time recovery or an export taken earlier could bring back its fields"},
		rules.Plain{Type: "google_dataproc_cluster", ID: "gcp.dataproc.cluster", Tier: lost, Confidence: medium,
			Reason: "the cluster's VMs are deleted with HDFS and their local disks; data written to Cloud Storage stays"},
		rules.Plain{Type: "google_artifact_registry_repository", ID: "gcp.artifactregistry.repository", Tier: lost,
			Reason: "the repository is deleted with every image and package in it"},
		rules.Plain{Type: "google_compute_region_disk", ID: "gcp.compute.region-disk", Tier: lost,
			Reason: "the regional disk and its data are deleted; only a snapshot taken earlier could restore it"},
		rules.Plain{Type: "google_compute_snapshot", ID: "gcp.compute.snapshot", Tier: lost, Confidence: medium,
			Reason: "the snapshot is deleted for good; if its disk is gone too, it may have been the last copy"},
		rules.Plain{Type: "google_compute_image", ID: "gcp.compute.image", Tier: lost, Confidence: medium,
			Reason: "the image is deleted; instances already created from it keep their disks, but it cannot be used again unless its source still exists"},
		rules.Plain{Type: "google_compute_resource_policy", ID: "gcp.compute.resource-policy", Tier: effort,
			Reason: "the snapshot schedule stops: no new snapshots are taken until an apply restores it (existing ones are kept by their retention)"},
		rules.Plain{Type: "google_compute_attached_disk", ID: "gcp.compute.attached-disk", Tier: effort, Confidence: medium,
			Reason: "the disk is detached but kept; writes the instance had not flushed may be lost"},

		// Containers.
		rules.Plain{Type: "google_folder", ID: "gcp.folder", Tier: effort,
			Reason: "Resource Manager refuses to delete a folder that still holds projects or folders, so only an empty folder goes (deletion_protection, where set, refuses even that); a deleted folder can be undeleted for 30 days"},

		// Keys, secrets and identities.
		rules.Plain{Type: "google_kms_crypto_key", ID: "gcp.kms.crypto-key", Tier: fromBackup,
			Reason: "Cloud KMS cannot delete a key: the provider schedules every version for destruction after destroy_scheduled_duration (30 days by default), and each can be restored until then; after that, data encrypted under them is unreadable"},
		rules.Plain{Type: "google_kms_crypto_key_version", ID: "gcp.kms.crypto-key-version", Tier: fromBackup,
			Reason: "the version is scheduled for destruction and can be restored until its scheduled time; after that, data encrypted under it is unreadable"},
		rules.Plain{Type: "google_kms_key_ring", ID: "gcp.kms.key-ring", Tier: effort,
			Reason: "Cloud KMS cannot delete a key ring: it stays with its keys and is only removed from Terraform state; bringing it back under management needs an import"},
		rules.Plain{Type: "google_service_account", ID: "gcp.iam.service-account", Tier: fromBackup, Confidence: medium,
			Reason: "the service account is deleted and everything using it fails; it can be undeleted within 30 days, after which a new account with the same name is a different principal that must be granted its roles again"},
		rules.Plain{Type: "google_service_account_key", ID: "gcp.iam.service-account-key", Tier: effort,
			Reason: "the key stops working at once; its private key cannot be recovered, so a new key must be created and handed to everything that used this one"},

		// Messaging.
		rules.Plain{Type: "google_pubsub_topic", ID: "gcp.pubsub.topic", Tier: effort,
			Reason: "publishers fail until an apply recreates the topic; subscriptions are detached and keep their unacknowledged messages"},
		rules.Plain{Type: "google_pubsub_subscription", ID: "gcp.pubsub.subscription", Tier: lost, Confidence: medium,
			Reason: "the subscription is deleted with its unacknowledged messages; a recreated one only receives messages published after it"},
		rules.Plain{Type: "google_pubsub_schema", ID: "gcp.pubsub.schema", Tier: effort, Reason: rules.Recreated("schema")},

		// Compute, containers and serverless.
		rules.Plain{Type: "google_container_node_pool", ID: "gcp.gke.node-pool", Tier: effort, Confidence: medium,
			Reason: "the nodes are drained and deleted; pods move elsewhere if there is room, and an apply recreates the pool, but node-local data is lost"},
		rules.Plain{Type: "google_compute_instance_template", ID: "gcp.compute.instance-template", Tier: effort, Reason: rules.Recreated("instance template")},
		rules.Plain{Type: "google_compute_instance_group_manager", ID: "gcp.compute.instance-group-manager", Tier: effort, Confidence: medium,
			Reason: "every instance of the group is deleted with its boot disk; an apply recreates them from the template, but data written to them is lost"},
		rules.Plain{Type: "google_cloud_run_service", ID: "gcp.run.service", Tier: effort,
			Reason: "the service and its revisions are deleted; an apply redeploys it from its image, and requests fail meanwhile"},
		rules.Plain{Type: "google_cloud_run_v2_service", ID: "gcp.run.v2-service", Tier: effort,
			Reason: "the service and its revisions are deleted; an apply redeploys it from its image, and requests fail meanwhile"},
		rules.Plain{Type: "google_cloudfunctions_function", ID: "gcp.functions.function", Tier: effort,
			Reason: "an apply redeploys the function from its source; triggers fail meanwhile"},
		rules.Plain{Type: "google_cloudfunctions2_function", ID: "gcp.functions.v2-function", Tier: effort,
			Reason: "an apply redeploys the function from its source; triggers fail meanwhile"},

		// Network and DNS.
		rules.Plain{Type: "google_compute_network", ID: "gcp.compute.network", Tier: effort, Reason: rules.Recreated("VPC network")},
		rules.Plain{Type: "google_compute_subnetwork", ID: "gcp.compute.subnetwork", Tier: effort, Reason: rules.Recreated("subnetwork")},
		rules.Plain{Type: "google_compute_firewall", ID: "gcp.compute.firewall", Tier: reversible,
			Reason: "traffic the rule allowed is refused (or traffic it denied is let through) until an apply adds it again"},
		rules.Plain{Type: "google_compute_address", ID: "gcp.compute.address", Tier: effort,
			Reason: "the reserved address is released; a new one differs, so DNS and allowlists that named it must change"},
		rules.Plain{Type: "google_compute_global_address", ID: "gcp.compute.global-address", Tier: effort,
			Reason: "the reserved address is released; a new one differs, so DNS and allowlists that named it must change"},
		rules.Plain{Type: "google_compute_router", ID: "gcp.compute.router", Tier: effort, Reason: rules.Recreated("Cloud Router")},
		rules.Plain{Type: "google_compute_router_nat", ID: "gcp.compute.router-nat", Tier: effort,
			Reason: "instances lose outbound internet access; a recreated NAT may get new external addresses unless they are reserved"},
		rules.Plain{Type: "google_compute_backend_service", ID: "gcp.compute.backend-service", Tier: effort, Reason: rules.Recreated("backend service")},
		rules.Plain{Type: "google_compute_forwarding_rule", ID: "gcp.compute.forwarding-rule", Tier: effort,
			Reason: "the load balancer's frontend is removed, and its address with it unless reserved"},
		rules.Plain{Type: "google_compute_global_forwarding_rule", ID: "gcp.compute.global-forwarding-rule", Tier: effort,
			Reason: "the load balancer's frontend is removed, and its address with it unless reserved"},
		rules.Plain{Type: "google_compute_url_map", ID: "gcp.compute.url-map", Tier: effort, Reason: rules.Recreated("URL map")},
		rules.Plain{Type: "google_compute_managed_ssl_certificate", ID: "gcp.compute.managed-ssl-certificate", Tier: effort,
			Reason: "HTTPS fails until an apply recreates the certificate and Google provisions it again, which can take an hour"},
		rules.Plain{Type: "google_dns_record_set", ID: "gcp.dns.record-set", Tier: reversible,
			Reason: "an apply recreates the records from configuration; resolvers answer NXDOMAIN for them until then"},

		// Logging.
		rules.Plain{Type: "google_logging_project_sink", ID: "gcp.logging.project-sink", Tier: effort,
			Reason: "log entries written until an apply restores the sink are not exported to its destination"},
		rules.Plain{Type: "google_logging_project_bucket_config", ID: "gcp.logging.bucket", Tier: fromBackup,
			Reason: "the log bucket enters a 7-day pending-deletion state and can be undeleted until then; after that its logs are gone"},

		// Source, workflow, ML and health data.
		rules.Plain{Type: "google_sourcerepo_repository", ID: "gcp.sourcerepo.repository", Tier: lost, Confidence: medium,
			Reason: "the repository and its history are deleted; only clones or a mirror elsewhere keep them"},
		rules.Plain{Type: "google_composer_environment", ID: "gcp.composer.environment", Tier: fromBackup, Confidence: medium,
			Reason: "the environment's cluster and Airflow database (run history, connections, variables) are deleted; a saved snapshot restores them, and its Cloud Storage bucket with the DAGs is kept"},
		rules.Plain{Type: "google_sql_user", ID: "gcp.sql.user", Tier: effort,
			Reason: "the user can no longer log in; an apply recreates it with the configured password, and grants given outside this configuration are lost"},
		rules.Plain{Type: "google_vertex_ai_dataset", ID: "gcp.vertex-ai.dataset", Tier: lost, Confidence: medium,
			Reason: "the dataset's items and annotations are deleted; the source files it imported stay in Cloud Storage, annotations made in Vertex AI are lost"},
		rules.Plain{Type: "google_healthcare_dataset", ID: "gcp.healthcare.dataset", Tier: lost,
			Reason: "the dataset is deleted with every FHIR, DICOM and HL7v2 store in it and their records"},
	)...)
}

// iamTarget is a kind of GCP resource with the provider's three IAM
// types: TYPE_iam_member (one member of one role, additive),
// TYPE_iam_binding (every member of one role) and TYPE_iam_policy (every
// role), all spelled PREFIX_iam_... .
type iamTarget struct {
	prefix string // google_secret_manager_secret
	id     string // secret: the rows are gcp.iam.secret-member, -binding, -policy
	on     string // what the role is on, in the reasoning
}

// iamTargets are the GCP resources whose IAM types have rows.
func iamTargets() []iamTarget {
	return []iamTarget{
		{"google_project", "project", "project"},
		{"google_folder", "folder", "folder"},
		{"google_organization", "organization", "organization"},
		{"google_billing_account", "billing-account", "billing account"},
		{"google_service_account", "service-account", "service account"},
		{"google_storage_bucket", "bucket", "bucket"},
		{"google_bigquery_dataset", "dataset", "dataset"},
		{"google_bigquery_table", "table", "BigQuery table"},
		{"google_secret_manager_secret", "secret", "secret"},
		{"google_kms_key_ring", "key-ring", "key ring"},
		{"google_kms_crypto_key", "crypto-key", "key"},
		{"google_pubsub_topic", "topic", "topic"},
		{"google_pubsub_subscription", "subscription", "subscription"},
		{"google_spanner_instance", "spanner-instance", "Spanner instance"},
		{"google_spanner_database", "spanner-database", "Spanner database"},
		{"google_cloud_run_service", "run-service", "Cloud Run service"},
		{"google_cloud_run_v2_service", "run-v2-service", "Cloud Run service"},
		{"google_cloudfunctions_function", "function", "Cloud Function"},
		{"google_cloudfunctions2_function", "function2", "Cloud Function"},
		{"google_artifact_registry_repository", "repository", "repository"},
		{"google_compute_instance", "compute-instance", "VM instance"},
	}
}

// memberRules: additive IAM grants of one role to one member; an apply
// grants them again and nothing else changes.
func memberRules() []rules.Rule {
	var ps []rules.Plain
	for _, t := range iamTargets() {
		ps = append(ps, rules.Plain{Type: t.prefix + "_iam_member", ID: "gcp.iam." + t.id + "-member", Tier: reversible,
			Reason: "one member's grant of one role on the " + t.on + " is removed; an apply grants it again, and other members of the role are untouched"})
	}
	return rules.PlainRows(ps...)
}

// authoritativeRules: bindings and policies set the complete member list
// of a role, or every role, on their target.
func authoritativeRules() []rules.Rule {
	var out []rules.Rule
	for _, t := range iamTargets() {
		out = append(out, rules.Authoritative(t.prefix+"_iam_binding", "gcp.iam."+t.id+"-binding", t.on+" IAM binding", "members")...)
		out = append(out, rules.Authoritative(t.prefix+"_iam_policy", "gcp.iam."+t.id+"-policy", t.on+" IAM policy", "policy_data")...)
	}
	return out
}
