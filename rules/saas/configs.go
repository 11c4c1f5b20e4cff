package saas

import "github.com/recourse-dev/recourse/rules"

// configRows are SaaS types whose names read as data (a key, a
// certificate, a replica, an index, a SQL function) or as nothing the
// classifier knows, but whose destroy an apply undoes from configuration.
// Without rows the classifier blocked a Snowflake SQL function as a
// database and asked for review on a Datadog integration; each row says
// what the destroy costs instead.
func configRows() []rules.Plain {
	return []rules.Plain{
		// Keys, tokens and certificates an apply issues again.
		{Type: "datadog_application_key", ID: "datadog.application-key", Tier: effort,
			Reason: "clients using the key are refused; an apply creates one with a new value, which they must be given"},
		{Type: "confluent_api_key", ID: "confluent.api-key", Tier: effort,
			Reason: "clients using the key are refused; an apply creates one with a new secret, which they must be given"},
		{Type: "vault_token", ID: "vault.token", Tier: effort,
			Reason: "the token is revoked, and with it the leases and child tokens it made; an apply creates a new token, which its users must be given"},
		{Type: "cloudflare_origin_ca_certificate", ID: "cloudflare.origin-ca-certificate", Tier: effort,
			Reason: "the certificate is revoked; an apply issues a new one from its request, which the origin servers must be given before Cloudflare reaches them again over strict TLS"},
		{Type: "digitalocean_certificate", ID: "digitalocean.certificate", Tier: effort,
			Reason: "load balancers and CDN endpoints using the certificate must be given the new one an apply issues or uploads again"},
		{Type: "snowflake_secret_with_generic_string", ID: "snowflake.secret", Tier: effort,
			Reason: "procedures and integrations that read the secret fail until an apply creates it again from configuration"},

		// Copies and indexes rebuilt from what stays.
		{Type: "digitalocean_database_replica", ID: "digitalocean.database-replica", Tier: effort,
			Reason: "the read-only replica is deleted; the data stays on the primary cluster, and an apply creates a replica that copies it again"},
		{Type: "mongodbatlas_search_index", ID: "mongodbatlas.search-index", Tier: effort,
			Reason: "search queries on the index fail until an apply creates it again and Atlas rebuilds it from the collection, which keeps the data"},

		// Code, connections and settings an apply recreates.
		{Type: "snowflake_function_sql", ID: "snowflake.function-sql", Tier: effort,
			Reason: "queries that call the function fail until an apply recreates it from its configured body"},
		{Type: "snowflake_procedure_sql", ID: "snowflake.procedure-sql", Tier: effort,
			Reason: "tasks and callers of the procedure fail until an apply recreates it from its configured body"},
		{Type: "snowflake_external_volume", ID: "snowflake.external-volume", Tier: effort,
			Reason: "Iceberg tables on the volume cannot be read or written until an apply recreates it; the files stay in their cloud storage"},
		{Type: "datadog_integration_slack_channel", ID: "datadog.integration-slack-channel", Tier: effort,
			Reason: "notifications to the channel stop until an apply adds it again"},
		{Type: "datadog_integration_gcp", ID: "datadog.integration-gcp", Tier: effort,
			Reason: "metrics and logs from the GCP project stop being collected until an apply adds the integration again; what was collected stays"},
		{Type: "datadog_integration_azure", ID: "datadog.integration-azure", Tier: effort,
			Reason: "metrics from the Azure subscription stop being collected until an apply adds the integration again; what was collected stays"},
		{Type: "datadog_metric_metadata", ID: "datadog.metric-metadata", Tier: reversible,
			Reason: "the metric keeps its data; only its description, unit and type settings go until an apply sets them again"},
		{Type: "datadog_powerpack", ID: "datadog.powerpack", Tier: effort, Reason: rules.Recreated("powerpack")},
		{Type: "datadog_service_definition_yaml", ID: "datadog.service-definition", Tier: effort,
			Reason: "the service's catalog entry (owners, links, contacts) is removed until an apply defines it again"},
		{Type: "newrelic_nrql_alert_condition", ID: "newrelic.nrql-alert-condition", Tier: effort,
			Reason: "nothing alerts on the condition until an apply recreates it; open incidents close"},
		{Type: "newrelic_notification_destination", ID: "newrelic.notification-destination", Tier: effort,
			Reason: "notifications to the destination stop until an apply recreates it and the workflows that use it"},
		{Type: "cloudflare_logpush_job", ID: "cloudflare.logpush-job", Tier: effort,
			Reason: "logs stop being pushed to the destination until an apply recreates the job; logs from the gap are not pushed later"},
		{Type: "cloudflare_list", ID: "cloudflare.list", Tier: effort,
			Reason: "rules that match the list's addresses or hosts stop matching until an apply recreates it with its items"},
		{Type: "cloudflare_zone_dnssec", ID: "cloudflare.zone-dnssec", Tier: effort, Confidence: medium,
			Reason: "DNSSEC is turned off for the zone: if the registrar still publishes its DS record, validating resolvers fail to resolve the zone until the record is removed or DNSSEC is on again"},
		{Type: "confluent_flink_compute_pool", ID: "confluent.flink-compute-pool", Tier: effort,
			Reason: "Flink statements running in the pool stop; an apply recreates it, and the statements must be started again from their state's savepoints, if any"},
		{Type: "digitalocean_app", ID: "digitalocean.app", Tier: effort,
			Reason: "the app stops and is deleted with its deployments; an apply builds it again from its source, at a new default domain"},
		{Type: "digitalocean_kubernetes_node_pool", ID: "digitalocean.kubernetes-node-pool", Tier: effort,
			Reason: "the pool's nodes are drained and deleted: their pods move to other pools or wait until an apply recreates it"},
		{Type: "tfe_project", ID: "tfe.project", Tier: effort,
			Reason: "a project can be deleted only once its workspaces are moved or gone; an apply recreates it, and team access to it must be granted again"},
		{Type: "tfe_agent_pool", ID: "tfe.agent-pool", Tier: effort,
			Reason: "workspaces that run on the pool cannot run until an apply recreates it and its agents register again with a new token"},
		{Type: "tfe_policy_set", ID: "tfe.policy-set", Tier: effort,
			Reason: "runs are no longer checked against the set's policies until an apply recreates it"},
		{Type: "tfe_variable_set", ID: "tfe.variable-set", Tier: effort,
			Reason: "runs in the workspaces it applied to lose its variables (credentials among them) until an apply recreates it; sensitive values must come from configuration"},
		{Type: "tfe_oauth_client", ID: "tfe.oauth-client", Tier: effort, Confidence: medium,
			Reason: "the VCS connection is removed: workspaces linked through it stop receiving commits until an apply recreates it and they are linked again"},
	}
}
