package gcp

import "github.com/recourse-dev/recourse/rules"

// platformRows are GCP types common in application stacks (load
// balancing, scaling, scheduling, logging and monitoring glue, keys and
// certificates an apply makes again) whose destroy has one outcome.
// Without rows the classifier read most of them from their names and
// asked for review (a Cloud Scheduler job, an autoscaler) or blocked (a
// backend bucket read as a bucket, an SSL certificate as key material);
// each row says what the destroy costs instead.
func platformRows() []rules.Plain {
	return []rules.Plain{
		// Grants, attachments and settings an apply adds again.
		{Type: "google_tags_tag_binding", ID: "gcp.tags.tag-binding", Tier: reversible,
			Reason: "the tag is unbound from the resource (and policies conditioned on it stop applying) until an apply binds it again"},
		{Type: "google_essential_contacts_contact", ID: "gcp.essential-contacts.contact", Tier: reversible,
			Reason: "the contact stops receiving the notification categories until an apply adds it again"},
		{Type: "google_logging_project_exclusion", ID: "gcp.logging.project-exclusion", Tier: reversible,
			Reason: "the excluded logs are ingested (and billed) again until an apply restores the exclusion"},
		{Type: "google_compute_autoscaler", ID: "gcp.compute.autoscaler", Tier: reversible,
			Reason: "the group stops autoscaling and keeps its current size until an apply adds the autoscaler again"},
		{Type: "google_compute_region_autoscaler", ID: "gcp.compute.region-autoscaler", Tier: reversible,
			Reason: "the group stops autoscaling and keeps its current size until an apply adds the autoscaler again"},
		{Type: "google_bigquery_job", ID: "gcp.bigquery.job", Tier: reversible,
			Reason: "BigQuery jobs cannot be deleted: Terraform only forgets it, and what the job wrote stays"},
		{Type: "google_kms_key_ring_import_job", ID: "gcp.kms.import-job", Tier: reversible,
			Reason: "import jobs cannot be deleted: Terraform only forgets it, and it expires on its own; keys already imported stay"},

		// Configuration an apply recreates; clients fail until then.
		{Type: "google_compute_instance_group", ID: "gcp.compute.instance-group", Tier: effort,
			Reason: "the unmanaged group is deleted and its instances leave the backends that use it; the instances stay, and an apply recreates the group"},
		{Type: "google_compute_region_instance_group_manager", ID: "gcp.compute.region-instance-group-manager", Tier: effort, Confidence: medium,
			Reason: "the group's instances are deleted with it; an apply recreates them from the instance template, and what was written only to their disks is lost"},
		{Type: "google_compute_backend_bucket", ID: "gcp.compute.backend-bucket", Tier: effort,
			Reason: "the load balancer stops serving the bucket until an apply recreates the backend; the bucket and its objects are untouched"},
		{Type: "google_compute_ssl_certificate", ID: "gcp.compute.ssl-certificate", Tier: effort,
			Reason: "the certificate is uploaded again from its configured key and chain on the next apply; the proxies using it must be pointed at it meanwhile"},
		{Type: "google_compute_ssl_policy", ID: "gcp.compute.ssl-policy", Tier: effort, Reason: rules.Recreated("SSL policy")},
		{Type: "google_certificate_manager_certificate", ID: "gcp.certificatemanager.certificate", Tier: effort,
			Reason: "a managed certificate is issued again after an apply (DNS or load balancer authorization must pass); an uploaded one is uploaded again from configuration; HTTPS fails for its hosts meanwhile"},
		{Type: "google_certificate_manager_certificate_map", ID: "gcp.certificatemanager.certificate-map", Tier: effort, Reason: rules.Recreated("certificate map")},
		{Type: "google_sql_ssl_cert", ID: "gcp.sql.ssl-cert", Tier: effort,
			Reason: "the client certificate stops being accepted; an apply issues a new one, whose key must reach the clients that used the old one"},
		{Type: "google_apikeys_key", ID: "gcp.apikeys.key", Tier: effort,
			Reason: "callers using the key are refused; an apply creates a key with a new value, which they must be given (a deleted key can be undeleted for 30 days)"},
		{Type: "google_storage_hmac_key", ID: "gcp.storage.hmac-key", Tier: effort,
			Reason: "clients signing with the key are refused; an apply creates one with a new secret, which they must be given"},
		{Type: "google_iap_client", ID: "gcp.iap.client", Tier: effort,
			Reason: "the OAuth client is deleted; an apply creates one with a new id and secret, which IAP and the applications using it must be given"},
		{Type: "google_project_iam_custom_role", ID: "gcp.iam.custom-role", Tier: effort,
			Reason: "bindings to the role stop granting anything; a deleted custom role can be undeleted within 7 days, and an apply recreates it after that"},
		{Type: "google_compute_project_metadata", ID: "gcp.compute.project-metadata", Tier: effort, Confidence: medium,
			Reason: "every project-wide metadata entry is removed (the resource is authoritative), ssh-keys and startup scripts among them: logins through those keys fail until an apply sets them again"},
		{Type: "google_compute_project_metadata_item", ID: "gcp.compute.project-metadata-item", Tier: effort,
			Reason: "the metadata entry is removed (if it is ssh-keys, logins through them fail) until an apply sets it again"},
		{Type: "google_compute_shared_vpc_host_project", ID: "gcp.compute.shared-vpc-host", Tier: effort,
			Reason: "the project stops being a Shared VPC host once its service projects are detached; their instances lose the shared subnets until it is enabled and they are attached again"},
		{Type: "google_compute_shared_vpc_service_project", ID: "gcp.compute.shared-vpc-service", Tier: effort,
			Reason: "the project is detached from the host: its resources can no longer use the shared subnets until an apply attaches it again"},
		{Type: "google_access_context_manager_service_perimeter", ID: "gcp.accesscontextmanager.service-perimeter", Tier: effort,
			Reason: "the perimeter's protection of its projects' data is gone until an apply recreates it: data can be copied out of them meanwhile"},
		{Type: "google_network_connectivity_hub", ID: "gcp.networkconnectivity.hub", Tier: effort,
			Reason: "traffic between the hub's spokes stops until an apply recreates the hub and its spokes"},
		{Type: "google_gke_hub_membership", ID: "gcp.gkehub.membership", Tier: effort,
			Reason: "the cluster leaves the fleet: fleet features (config sync, service mesh) stop for it until an apply registers it again"},
		{Type: "google_api_gateway_api", ID: "gcp.apigateway.api", Tier: effort,
			Reason: "the API and its configs are deleted once no gateway serves them; an apply recreates them from configuration"},
		{Type: "google_cloud_scheduler_job", ID: "gcp.cloudscheduler.job", Tier: effort,
			Reason: "runs due while the job is gone are missed; an apply recreates it from configuration"},
		{Type: "google_cloud_run_v2_job", ID: "gcp.run.job", Tier: effort,
			Reason: "the job is deleted with its execution history; an apply recreates it from its image and configuration"},
		{Type: "google_storage_transfer_job", ID: "gcp.storagetransfer.job", Tier: effort,
			Reason: "scheduled transfers stop; what was already copied stays, and an apply recreates the job"},
		{Type: "google_bigquery_routine", ID: "gcp.bigquery.routine", Tier: effort,
			Reason: "queries and views that call the routine fail until an apply recreates it from its configured body"},
		{Type: "google_dataflow_job", ID: "gcp.dataflow.job", Tier: effort, Confidence: medium,
			Reason: "the job is drained or cancelled (on_delete): a cancelled streaming job drops the data in flight and its state, and a new job starts from its sources' retained positions"},
		{Type: "google_dataplex_lake", ID: "gcp.dataplex.lake", Tier: effort,
			Reason: "the lake's metadata (zones, assets, discovery results) is deleted; the data stays in its buckets and datasets"},
		{Type: "google_logging_folder_sink", ID: "gcp.logging.folder-sink", Tier: effort,
			Reason: "the folder's logs stop being exported until an apply recreates the sink, whose new writer identity must be granted on the destination again; logs exported so far stay"},
		{Type: "google_logging_organization_sink", ID: "gcp.logging.organization-sink", Tier: effort,
			Reason: "the organization's logs stop being exported until an apply recreates the sink, whose new writer identity must be granted on the destination again; logs exported so far stay"},
		{Type: "google_tags_tag_value", ID: "gcp.tags.tag-value", Tier: effort, Reason: rules.Recreated("tag value")},
		{Type: "google_alloydb_user", ID: "gcp.alloydb.user", Tier: effort,
			Reason: "the database user can no longer sign in; an apply recreates it with the configured password, and grants given outside this configuration are lost"},
		{Type: "google_vertex_ai_index", ID: "gcp.vertexai.index", Tier: effort, Confidence: medium,
			Reason: "the index is deleted; an apply builds it again from its source data in Cloud Storage, which can take hours, and queries fail until it is deployed again"},

		// Stores whose data goes with them.
		{Type: "google_redis_cluster", ID: "gcp.redis.cluster", Tier: lost, Confidence: medium,
			Reason: "the cluster is deleted with its keys; only a backup exported beforehand could restore them"},
		{Type: "google_pubsub_lite_topic", ID: "gcp.pubsublite.topic", Tier: lost,
			Reason: "the topic is deleted with the messages it retains; subscribers cannot read them again"},
		{Type: "google_cloud_tasks_queue", ID: "gcp.cloudtasks.queue", Tier: lost, Confidence: medium,
			Reason: "the tasks waiting in the queue are deleted with it, and its name cannot be used again for days"},
		{Type: "google_notebooks_instance", ID: "gcp.notebooks.instance", Tier: lost, Confidence: medium,
			Reason: "the instance's disks are deleted with it, with the notebooks and files kept only there"},
		{Type: "google_workbench_instance", ID: "gcp.workbench.instance", Tier: lost, Confidence: medium,
			Reason: "the instance's disks are deleted with it, with the notebooks and files kept only there"},
	}
}
