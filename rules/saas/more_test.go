package saas

import (
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
	"github.com/recourse-dev/recourse/model"
)

// plainTiers pins the destroy tier of every type in the plain table.
var plainTiers = []rulestest.PlainTier{
	// configs.go
	{Type: "datadog_application_key", ID: "datadog.application-key", Tier: 2},
	{Type: "confluent_api_key", ID: "confluent.api-key", Tier: 2},
	{Type: "vault_token", ID: "vault.token", Tier: 2},
	{Type: "cloudflare_origin_ca_certificate", ID: "cloudflare.origin-ca-certificate", Tier: 2},
	{Type: "digitalocean_certificate", ID: "digitalocean.certificate", Tier: 2},
	{Type: "snowflake_secret_with_generic_string", ID: "snowflake.secret", Tier: 2},
	{Type: "digitalocean_database_replica", ID: "digitalocean.database-replica", Tier: 2},
	{Type: "mongodbatlas_search_index", ID: "mongodbatlas.search-index", Tier: 2},
	{Type: "snowflake_function_sql", ID: "snowflake.function-sql", Tier: 2},
	{Type: "snowflake_procedure_sql", ID: "snowflake.procedure-sql", Tier: 2},
	{Type: "snowflake_external_volume", ID: "snowflake.external-volume", Tier: 2},
	{Type: "datadog_integration_slack_channel", ID: "datadog.integration-slack-channel", Tier: 2},
	{Type: "datadog_integration_gcp", ID: "datadog.integration-gcp", Tier: 2},
	{Type: "datadog_integration_azure", ID: "datadog.integration-azure", Tier: 2},
	{Type: "datadog_metric_metadata", ID: "datadog.metric-metadata", Tier: 1},
	{Type: "datadog_powerpack", ID: "datadog.powerpack", Tier: 2},
	{Type: "datadog_service_definition_yaml", ID: "datadog.service-definition", Tier: 2},
	{Type: "newrelic_nrql_alert_condition", ID: "newrelic.nrql-alert-condition", Tier: 2},
	{Type: "newrelic_notification_destination", ID: "newrelic.notification-destination", Tier: 2},
	{Type: "cloudflare_logpush_job", ID: "cloudflare.logpush-job", Tier: 2},
	{Type: "cloudflare_list", ID: "cloudflare.list", Tier: 2},
	{Type: "cloudflare_zone_dnssec", ID: "cloudflare.zone-dnssec", Tier: 2},
	{Type: "confluent_flink_compute_pool", ID: "confluent.flink-compute-pool", Tier: 2},
	{Type: "digitalocean_app", ID: "digitalocean.app", Tier: 2},
	{Type: "digitalocean_kubernetes_node_pool", ID: "digitalocean.kubernetes-node-pool", Tier: 2},
	{Type: "tfe_project", ID: "tfe.project", Tier: 2},
	{Type: "tfe_agent_pool", ID: "tfe.agent-pool", Tier: 2},
	{Type: "tfe_policy_set", ID: "tfe.policy-set", Tier: 2},
	{Type: "tfe_variable_set", ID: "tfe.variable-set", Tier: 2},
	{Type: "tfe_oauth_client", ID: "tfe.oauth-client", Tier: 2},
	{Type: "github_branch", ID: "github.branch", Tier: 2},
	{Type: "github_branch_protection", ID: "github.branch-protection", Tier: 2},
	{Type: "github_branch_protection_v3", ID: "github.branch-protection-v3", Tier: 2},
	{Type: "github_repository_ruleset", ID: "github.repository-ruleset", Tier: 2},
	{Type: "github_organization_ruleset", ID: "github.organization-ruleset", Tier: 2},
	{Type: "github_repository_file", ID: "github.repository-file", Tier: 1},
	{Type: "github_team", ID: "github.team", Tier: 2},
	{Type: "github_team_membership", ID: "github.team-membership", Tier: 1},
	{Type: "github_team_repository", ID: "github.team-repository", Tier: 1},
	{Type: "github_repository_collaborator", ID: "github.repository-collaborator", Tier: 1},
	{Type: "github_membership", ID: "github.membership", Tier: 2},
	{Type: "github_actions_secret", ID: "github.actions-secret", Tier: 2},
	{Type: "github_actions_environment_secret", ID: "github.actions-environment-secret", Tier: 2},
	{Type: "github_actions_organization_secret", ID: "github.actions-organization-secret", Tier: 2},
	{Type: "github_actions_variable", ID: "github.actions-variable", Tier: 1},
	{Type: "github_repository_environment", ID: "github.repository-environment", Tier: 2},
	{Type: "github_issue_label", ID: "github.issue-label", Tier: 2},
	{Type: "gitlab_group_variable", ID: "gitlab.group-variable", Tier: 2},
	{Type: "gitlab_deploy_key", ID: "gitlab.deploy-key", Tier: 2},
	{Type: "gitlab_project_hook", ID: "gitlab.project-hook", Tier: 2},
	{Type: "gitlab_pipeline_trigger", ID: "gitlab.pipeline-trigger", Tier: 2},
	{Type: "github_repository_webhook", ID: "github.repository-webhook", Tier: 2},
	{Type: "github_repository_deploy_key", ID: "github.deploy-key", Tier: 2},
	{Type: "cloudflare_zone", ID: "cloudflare.zone", Tier: 4},
	{Type: "cloudflare_record", ID: "cloudflare.record", Tier: 1},
	{Type: "cloudflare_dns_record", ID: "cloudflare.dns-record", Tier: 1},
	{Type: "cloudflare_workers_script", ID: "cloudflare.workers-script", Tier: 2},
	{Type: "cloudflare_worker_script", ID: "cloudflare.worker-script", Tier: 2},
	{Type: "cloudflare_r2_bucket", ID: "cloudflare.r2-bucket", Tier: 2},
	{Type: "cloudflare_d1_database", ID: "cloudflare.d1-database", Tier: 4},
	{Type: "cloudflare_workers_kv_namespace", ID: "cloudflare.kv-namespace", Tier: 4},
	{Type: "cloudflare_page_rule", ID: "cloudflare.page-rule", Tier: 1},
	{Type: "cloudflare_ruleset", ID: "cloudflare.ruleset", Tier: 2},
	{Type: "cloudflare_access_application", ID: "cloudflare.access-application", Tier: 2},
	{Type: "cloudflare_zero_trust_tunnel_cloudflared", ID: "cloudflare.tunnel", Tier: 2},
	{Type: "datadog_monitor", ID: "datadog.monitor", Tier: 2},
	{Type: "datadog_dashboard", ID: "datadog.dashboard", Tier: 1},
	{Type: "datadog_dashboard_json", ID: "datadog.dashboard-json", Tier: 1},
	{Type: "datadog_synthetics_test", ID: "datadog.synthetics-test", Tier: 2},
	{Type: "datadog_service_level_objective", ID: "datadog.slo", Tier: 2},
	{Type: "datadog_downtime_schedule", ID: "datadog.downtime-schedule", Tier: 1},
	{Type: "datadog_logs_archive", ID: "datadog.logs-archive", Tier: 2},
	{Type: "datadog_logs_index", ID: "datadog.logs-index", Tier: 2},
	{Type: "datadog_logs_custom_pipeline", ID: "datadog.logs-pipeline", Tier: 2},
	{Type: "datadog_api_key", ID: "datadog.api-key", Tier: 2},
	{Type: "datadog_user", ID: "datadog.user", Tier: 2},
	{Type: "datadog_role", ID: "datadog.role", Tier: 2},
	{Type: "snowflake_warehouse", ID: "snowflake.warehouse", Tier: 1},
	{Type: "snowflake_user", ID: "snowflake.user", Tier: 2},
	{Type: "snowflake_account_role", ID: "snowflake.account-role", Tier: 2},
	{Type: "snowflake_role", ID: "snowflake.role", Tier: 2},
	{Type: "snowflake_stage", ID: "snowflake.stage", Tier: 2},
	{Type: "snowflake_pipe", ID: "snowflake.pipe", Tier: 2},
	{Type: "snowflake_grant_privileges_to_account_role", ID: "snowflake.grant", Tier: 1},
	{Type: "vault_mount", ID: "vault.mount", Tier: 4},
	{Type: "vault_kv_secret_v2", ID: "vault.kv-secret-v2", Tier: 4},
	{Type: "vault_kv_secret", ID: "vault.kv-secret", Tier: 4},
	{Type: "vault_generic_secret", ID: "vault.generic-secret", Tier: 4},
	{Type: "vault_policy", ID: "vault.policy", Tier: 2},
	{Type: "vault_auth_backend", ID: "vault.auth-backend", Tier: 2},
	{Type: "vault_pki_secret_backend_root_cert", ID: "vault.pki-root-cert", Tier: 4},
	{Type: "gitlab_branch", ID: "gitlab.branch", Tier: 2},
	{Type: "gitlab_branch_protection", ID: "gitlab.branch-protection", Tier: 2},
	{Type: "gitlab_project_variable", ID: "gitlab.project-variable", Tier: 2},
}

func TestPlainRows(t *testing.T) {
	rulestest.RunPlain(t, plainRules(), plainTiers)
	rulestest.RunPlain(t, platformRules(), platformTiers)
}

func TestGuardedRows(t *testing.T) {
	del, upd := model.ActionDelete, model.ActionUpdate
	c := rulestest.Change
	var cases []rulestest.ResourceCase
	for _, s := range []struct{ typ, id string }{{"snowflake_database", "snowflake.database"}, {"snowflake_schema", "snowflake.schema"}, {"snowflake_table", "snowflake.table"}} {
		cases = append(cases,
			c("time travel", s.typ, del, obj{"data_retention_time_in_days": 7.0}, nil, s.id+".delete.time-travel", 3),
			c("older attribute name", s.typ, del, obj{"data_retention_days": 1.0}, nil, s.id+".delete.time-travel", 3),
			c("near miss: retention 0", s.typ, del, obj{"data_retention_time_in_days": 0.0}, nil, s.id+".delete", 4),
			c("inherited retention (-1)", s.typ, del, obj{"data_retention_time_in_days": -1.0}, nil, s.id+".delete", 5),
			rulestest.ResourceCase{Name: "inherited retention, evidence says 1 day", Type: s.typ, Action: del, Before: obj{"name": "x"}, Evidence: obj{"time_travel_days": 1.0}, Rule: s.id + ".delete.time-travel", Tier: 3},
			c("retention off", s.typ, upd, obj{"data_retention_time_in_days": 1.0}, obj{"data_retention_time_in_days": 0.0}, s.id+".update.retention-off", 2),
			c("near miss: retention raised", s.typ, upd, obj{"data_retention_time_in_days": 1.0}, obj{"data_retention_time_in_days": 30.0}, s.id+".update.in-place", 1))
	}
	for _, a := range []struct{ typ, id string }{{"mongodbatlas_cluster", "atlas.cluster"}, {"mongodbatlas_advanced_cluster", "atlas.advanced-cluster"}} {
		cases = append(cases,
			c("protected", a.typ, del, obj{"termination_protection_enabled": true}, nil, a.id+".delete.protected", 1),
			c("backups retained", a.typ, del, obj{"termination_protection_enabled": false, "retain_backups_enabled": true}, nil, a.id+".delete.backups-kept", 3),
			c("near miss: backups deleted", a.typ, del, obj{"termination_protection_enabled": false, "retain_backups_enabled": false}, nil, a.id+".delete", 4),
			c("protection off", a.typ, upd, obj{"termination_protection_enabled": true}, obj{"termination_protection_enabled": false}, a.id+".update.protection-off", 2),
			c("near miss: protection on", a.typ, upd, obj{"termination_protection_enabled": false}, obj{"termination_protection_enabled": true}, a.id+".update.in-place", 1))
	}
	cases = append(cases,
		c("project archived", "gitlab_project", del, obj{"archive_on_destroy": true}, nil, "gitlab.project.delete.archive", 1),
		c("project deleted permanently", "gitlab_project", del, obj{"archive_on_destroy": false, "permanently_delete_on_destroy": true}, nil, "gitlab.project.delete.permanent", 4),
		c("near miss: project delayed deletion", "gitlab_project", del, obj{"archive_on_destroy": false, "permanently_delete_on_destroy": false}, nil, "gitlab.project.delete", 3),
		c("project, flags absent (defaults false)", "gitlab_project", del, obj{"name": "p"}, nil, "gitlab.project.delete", 3),
		c("project description", "gitlab_project", upd, obj{"description": "a"}, obj{"description": "b"}, "gitlab.project.update.in-place", 1),
		c("group removed permanently", "gitlab_group", del, obj{"permanently_remove_on_delete": true}, nil, "gitlab.group.delete.permanent", 4),
		c("near miss: group delayed deletion", "gitlab_group", del, obj{"permanently_remove_on_delete": false}, nil, "gitlab.group.delete", 3),
		c("group description", "gitlab_group", upd, obj{"description": "a"}, obj{"description": "b"}, "gitlab.group.update.in-place", 1),
	)
	rulestest.RunResources(t, guardedRules(), cases)
}

// platformTiers pins the destroy tier of every type in platforms.go.
var platformTiers = []rulestest.PlainTier{
	{Type: "heroku_app", ID: "heroku.app", Tier: 4},
	{Type: "heroku_addon", ID: "heroku.addon", Tier: 4},
	{Type: "vercel_project", ID: "vercel.project", Tier: 2},
	{Type: "digitalocean_database_cluster", ID: "digitalocean.database-cluster", Tier: 4},
	{Type: "digitalocean_volume", ID: "digitalocean.volume", Tier: 4},
	{Type: "digitalocean_droplet", ID: "digitalocean.droplet", Tier: 4},
	{Type: "tfe_workspace", ID: "tfe.workspace", Tier: 4},
	{Type: "tfe_organization", ID: "tfe.organization", Tier: 4},
	{Type: "confluent_kafka_cluster", ID: "confluent.kafka-cluster", Tier: 4},
	{Type: "confluent_kafka_topic", ID: "confluent.kafka-topic", Tier: 4},
	{Type: "aiven_pg", ID: "aiven.pg", Tier: 4},
	{Type: "aiven_kafka_topic", ID: "aiven.kafka-topic", Tier: 4},
	{Type: "databricks_catalog", ID: "databricks.catalog", Tier: 4},
	{Type: "databricks_schema", ID: "databricks.schema", Tier: 4},
	{Type: "databricks_table", ID: "databricks.table", Tier: 3},
	{Type: "databricks_cluster", ID: "databricks.cluster", Tier: 2},
	{Type: "postgresql_database", ID: "postgresql.database", Tier: 4},
	{Type: "postgresql_role", ID: "postgresql.role", Tier: 2},
	{Type: "mysql_database", ID: "mysql.database", Tier: 4},
	{Type: "elasticsearch_index", ID: "elasticsearch.index", Tier: 4},
	{Type: "grafana_dashboard", ID: "grafana.dashboard", Tier: 2},
	{Type: "sentry_project", ID: "sentry.project", Tier: 4},
	{Type: "pagerduty_service", ID: "pagerduty.service", Tier: 2},
	{Type: "newrelic_alert_policy", ID: "newrelic.alert-policy", Tier: 2},
	{Type: "okta_user", ID: "okta.user", Tier: 2},
	{Type: "auth0_client", ID: "auth0.client", Tier: 2},
	{Type: "fastly_service_vcl", ID: "fastly.service-vcl", Tier: 2},
}
