package saas

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
	{"github_branch", "github.branch", 2},
	{"github_branch_protection", "github.branch-protection", 2},
	{"github_branch_protection_v3", "github.branch-protection-v3", 2},
	{"github_repository_ruleset", "github.repository-ruleset", 2},
	{"github_organization_ruleset", "github.organization-ruleset", 2},
	{"github_repository_file", "github.repository-file", 1},
	{"github_team", "github.team", 2},
	{"github_team_membership", "github.team-membership", 1},
	{"github_team_repository", "github.team-repository", 1},
	{"github_repository_collaborator", "github.repository-collaborator", 1},
	{"github_membership", "github.membership", 2},
	{"github_actions_secret", "github.actions-secret", 2},
	{"github_repository_webhook", "github.repository-webhook", 2},
	{"github_repository_deploy_key", "github.deploy-key", 2},
	{"cloudflare_zone", "cloudflare.zone", 4},
	{"cloudflare_record", "cloudflare.record", 1},
	{"cloudflare_dns_record", "cloudflare.dns-record", 1},
	{"cloudflare_workers_script", "cloudflare.workers-script", 2},
	{"cloudflare_worker_script", "cloudflare.worker-script", 2},
	{"cloudflare_r2_bucket", "cloudflare.r2-bucket", 2},
	{"cloudflare_d1_database", "cloudflare.d1-database", 4},
	{"cloudflare_workers_kv_namespace", "cloudflare.kv-namespace", 4},
	{"cloudflare_page_rule", "cloudflare.page-rule", 1},
	{"cloudflare_ruleset", "cloudflare.ruleset", 2},
	{"cloudflare_access_application", "cloudflare.access-application", 2},
	{"cloudflare_zero_trust_tunnel_cloudflared", "cloudflare.tunnel", 2},
	{"datadog_monitor", "datadog.monitor", 2},
	{"datadog_dashboard", "datadog.dashboard", 1},
	{"datadog_dashboard_json", "datadog.dashboard-json", 1},
	{"datadog_synthetics_test", "datadog.synthetics-test", 2},
	{"datadog_service_level_objective", "datadog.slo", 2},
	{"datadog_downtime_schedule", "datadog.downtime-schedule", 1},
	{"datadog_logs_archive", "datadog.logs-archive", 2},
	{"datadog_logs_index", "datadog.logs-index", 2},
	{"datadog_logs_custom_pipeline", "datadog.logs-pipeline", 2},
	{"datadog_api_key", "datadog.api-key", 2},
	{"datadog_user", "datadog.user", 2},
	{"datadog_role", "datadog.role", 2},
	{"snowflake_warehouse", "snowflake.warehouse", 1},
	{"snowflake_user", "snowflake.user", 2},
	{"snowflake_account_role", "snowflake.account-role", 2},
	{"snowflake_role", "snowflake.role", 2},
	{"snowflake_stage", "snowflake.stage", 2},
	{"snowflake_pipe", "snowflake.pipe", 2},
	{"snowflake_grant_privileges_to_account_role", "snowflake.grant", 1},
	{"vault_mount", "vault.mount", 4},
	{"vault_kv_secret_v2", "vault.kv-secret-v2", 4},
	{"vault_kv_secret", "vault.kv-secret", 4},
	{"vault_generic_secret", "vault.generic-secret", 4},
	{"vault_policy", "vault.policy", 2},
	{"vault_auth_backend", "vault.auth-backend", 2},
	{"vault_pki_secret_backend_root_cert", "vault.pki-root-cert", 4},
	{"gitlab_branch", "gitlab.branch", 2},
	{"gitlab_branch_protection", "gitlab.branch-protection", 2},
	{"gitlab_project_variable", "gitlab.project-variable", 2},
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
