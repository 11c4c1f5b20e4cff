package saas

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

// plainRules are the SaaS types whose destroy has one outcome whatever
// their attributes.
func plainRules() []rules.Rule {
	return append(rules.PlainRows(configRows()...), rules.PlainRows(
		// GitHub.
		rules.Plain{Type: "github_branch", ID: "github.branch", Tier: effort, Confidence: medium,
			Reason: "the branch ref is deleted; GitHub keeps its commits for a while, so it can be recreated from its last sha (the plan's before object shows it), but open pull requests from it are closed"},
		rules.Plain{Type: "github_branch_protection", ID: "github.branch-protection", Tier: effort,
			Reason: "the branch loses its protection: force pushes, deletions and unreviewed merges are allowed until an apply restores it"},
		rules.Plain{Type: "github_branch_protection_v3", ID: "github.branch-protection-v3", Tier: effort,
			Reason: "the branch loses its protection: force pushes, deletions and unreviewed merges are allowed until an apply restores it"},
		rules.Plain{Type: "github_repository_ruleset", ID: "github.repository-ruleset", Tier: effort,
			Reason: "the rules it enforced (required reviews, blocked force pushes) lift until an apply restores it"},
		rules.Plain{Type: "github_organization_ruleset", ID: "github.organization-ruleset", Tier: effort,
			Reason: "the rules it enforced across the organization's repositories lift until an apply restores it"},
		rules.Plain{Type: "github_repository_file", ID: "github.repository-file", Tier: reversible,
			Reason: "the file is removed by a new commit; the history keeps it and an apply (or a revert) adds it back"},
		rules.Plain{Type: "github_team", ID: "github.team", Tier: effort, Confidence: medium,
			Reason: "the team is deleted with its memberships, child teams' parent link and repository grants; an apply recreates what this configuration lists, the rest must be granted again"},
		rules.Plain{Type: "github_team_membership", ID: "github.team-membership", Tier: reversible,
			Reason: "the user leaves the team until an apply adds them again"},
		rules.Plain{Type: "github_team_repository", ID: "github.team-repository", Tier: reversible,
			Reason: "the team loses its access to the repository until an apply grants it again"},
		rules.Plain{Type: "github_repository_collaborator", ID: "github.repository-collaborator", Tier: reversible,
			Reason: "the collaborator loses access until an apply invites them again (they must accept the invitation)"},
		rules.Plain{Type: "github_membership", ID: "github.membership", Tier: effort, Confidence: medium,
			Reason: "the user is removed from the organization: their forks of its private repositories are deleted and they must be invited again"},
		rules.Plain{Type: "github_actions_secret", ID: "github.actions-secret", Tier: effort,
			Reason: "workflows that use the secret fail until an apply writes it again from configuration; GitHub never returns its value"},
		rules.Plain{Type: "github_actions_environment_secret", ID: "github.actions-environment-secret", Tier: effort,
			Reason: "workflows deploying to the environment that use the secret fail until an apply writes it again from configuration; GitHub never returns its value"},
		rules.Plain{Type: "github_actions_organization_secret", ID: "github.actions-organization-secret", Tier: effort,
			Reason: "workflows in every repository the secret is shared with fail until an apply writes it again from configuration; GitHub never returns its value"},
		rules.Plain{Type: "github_actions_variable", ID: "github.actions-variable", Tier: reversible,
			Reason: "workflows that read the variable get nothing until an apply sets it again from configuration"},
		rules.Plain{Type: "github_repository_environment", ID: "github.repository-environment", Tier: effort,
			Reason: "the environment is deleted with its secrets, variables and protection rules; an apply recreates what configuration holds, and secrets set outside it are lost"},
		rules.Plain{Type: "github_issue_label", ID: "github.issue-label", Tier: effort,
			Reason: "the label is removed from every issue and pull request that has it; an apply recreates the label, not those uses of it"},
		rules.Plain{Type: "github_repository_webhook", ID: "github.repository-webhook", Tier: effort,
			Reason: "events are not delivered to the endpoint until an apply recreates the hook, and events meanwhile are not redelivered"},
		rules.Plain{Type: "github_repository_deploy_key", ID: "github.deploy-key", Tier: effort,
			Reason: "the key stops working; an apply adds the public key again, and clients holding its private key work again"},

		// Cloudflare.
		rules.Plain{Type: "cloudflare_zone", ID: "cloudflare.zone", Tier: lost, Confidence: medium,
			Reason: "the zone is deleted with every DNS record, page rule and setting in it, including ones this configuration does not manage; a re-added zone may get new name servers"},
		rules.Plain{Type: "cloudflare_record", ID: "cloudflare.record", Tier: reversible,
			Reason: "an apply recreates the record from configuration; resolvers answer NXDOMAIN until then"},
		rules.Plain{Type: "cloudflare_dns_record", ID: "cloudflare.dns-record", Tier: reversible,
			Reason: "an apply recreates the record from configuration; resolvers answer NXDOMAIN until then"},
		rules.Plain{Type: "cloudflare_workers_script", ID: "cloudflare.workers-script", Tier: effort,
			Reason: "the Worker is deleted with its deployments; routes to it fail until an apply uploads it again"},
		rules.Plain{Type: "cloudflare_worker_script", ID: "cloudflare.worker-script", Tier: effort,
			Reason: "the Worker is deleted with its deployments; routes to it fail until an apply uploads it again"},
		rules.Plain{Type: "cloudflare_r2_bucket", ID: "cloudflare.r2-bucket", Tier: effort,
			Reason: "R2 refuses to delete a bucket that still holds objects, so only an empty bucket goes"},
		rules.Plain{Type: "cloudflare_d1_database", ID: "cloudflare.d1-database", Tier: lost,
			Reason: "the database is deleted with its tables; Time Travel cannot restore a deleted database"},
		rules.Plain{Type: "cloudflare_workers_kv_namespace", ID: "cloudflare.kv-namespace", Tier: lost,
			Reason: "the namespace is deleted with every key and value in it"},
		rules.Plain{Type: "cloudflare_page_rule", ID: "cloudflare.page-rule", Tier: reversible,
			Reason: "requests the rule matched fall back to the zone's settings until an apply adds it again"},
		rules.Plain{Type: "cloudflare_ruleset", ID: "cloudflare.ruleset", Tier: effort,
			Reason: "the firewall, rate-limit or transform rules it held stop applying: protection lifts until an apply restores them"},
		rules.Plain{Type: "cloudflare_access_application", ID: "cloudflare.access-application", Tier: effort,
			Reason: "the application is no longer behind Cloudflare Access: unless the origin is protected otherwise, it is reachable without sign-in until an apply restores it"},
		rules.Plain{Type: "cloudflare_zero_trust_tunnel_cloudflared", ID: "cloudflare.tunnel", Tier: effort,
			Reason: "the tunnel and its credentials are deleted; a recreated tunnel has a new id and token that every connector must be given"},

		// Datadog.
		rules.Plain{Type: "datadog_monitor", ID: "datadog.monitor", Tier: effort,
			Reason: "nobody is alerted on the condition until an apply recreates the monitor, and its alert history is lost"},
		rules.Plain{Type: "datadog_dashboard", ID: "datadog.dashboard", Tier: reversible,
			Reason: "an apply recreates the dashboard from configuration (with a new URL)"},
		rules.Plain{Type: "datadog_dashboard_json", ID: "datadog.dashboard-json", Tier: reversible,
			Reason: "an apply recreates the dashboard from configuration (with a new URL)"},
		rules.Plain{Type: "datadog_synthetics_test", ID: "datadog.synthetics-test", Tier: effort,
			Reason: "the check stops running and its results history is deleted; an apply recreates it"},
		rules.Plain{Type: "datadog_service_level_objective", ID: "datadog.slo", Tier: effort,
			Reason: "an apply recreates the SLO, but its history and error-budget record start over"},
		rules.Plain{Type: "datadog_downtime_schedule", ID: "datadog.downtime-schedule", Tier: reversible,
			Reason: "alerts it silenced fire again until an apply recreates it"},
		rules.Plain{Type: "datadog_logs_archive", ID: "datadog.logs-archive", Tier: effort,
			Reason: "logs stop being archived to the bucket until an apply restores it; archives already written stay in the bucket"},
		rules.Plain{Type: "datadog_logs_index", ID: "datadog.logs-index", Tier: effort, Confidence: medium,
			Reason: "Datadog does not delete log indexes through the API, so the index stays with its logs and is only removed from Terraform state"},
		rules.Plain{Type: "datadog_logs_custom_pipeline", ID: "datadog.logs-pipeline", Tier: effort,
			Reason: "logs ingested until an apply restores the pipeline are not parsed or enriched by it, and are stored that way"},
		rules.Plain{Type: "datadog_api_key", ID: "datadog.api-key", Tier: effort,
			Reason: "the key is revoked: agents and integrations using it stop sending data until they are given a new key"},
		rules.Plain{Type: "datadog_user", ID: "datadog.user", Tier: effort,
			Reason: "the user is disabled and loses access; an apply invites them again"},
		rules.Plain{Type: "datadog_role", ID: "datadog.role", Tier: effort,
			Reason: "users holding only this role lose its permissions until an apply recreates it and reassigns it"},

		// Snowflake.
		rules.Plain{Type: "snowflake_warehouse", ID: "snowflake.warehouse", Tier: reversible,
			Reason: "a warehouse is compute only: queries using it fail until an apply recreates it; no data is stored in it"},
		rules.Plain{Type: "snowflake_user", ID: "snowflake.user", Tier: effort,
			Reason: "the user is dropped with its credentials and default settings; an apply recreates it, and its password or keys must be set again"},
		rules.Plain{Type: "snowflake_account_role", ID: "snowflake.account-role", Tier: effort,
			Reason: "the role is dropped with every grant made to it and of it; an apply recreates what this configuration lists, other grants must be made again"},
		rules.Plain{Type: "snowflake_role", ID: "snowflake.role", Tier: effort,
			Reason: "the role is dropped with every grant made to it and of it; an apply recreates what this configuration lists, other grants must be made again"},
		rules.Plain{Type: "snowflake_stage", ID: "snowflake.stage", Tier: effort, Confidence: medium,
			Reason: "the stage is dropped; for an external stage the files stay in their bucket, for an internal stage its files are deleted"},
		rules.Plain{Type: "snowflake_pipe", ID: "snowflake.pipe", Tier: effort,
			Reason: "loading stops; files that arrive meanwhile are not loaded until a recreated pipe is refreshed"},
		rules.Plain{Type: "snowflake_grant_privileges_to_account_role", ID: "snowflake.grant", Tier: reversible,
			Reason: "the role loses the privileges until an apply grants them again"},

		// HashiCorp Vault.
		rules.Plain{Type: "vault_mount", ID: "vault.mount", Tier: lost,
			Reason: "unmounting a secrets engine deletes every secret stored under it, and revokes the leases it issued"},
		rules.Plain{Type: "vault_kv_secret_v2", ID: "vault.kv-secret-v2", Tier: lost,
			Reason: "the provider deletes the secret's metadata, which destroys every version of it"},
		rules.Plain{Type: "vault_kv_secret", ID: "vault.kv-secret", Tier: lost, Confidence: medium,
			Reason: "the secret is deleted; a KV version 1 store keeps no versions to restore it from"},
		rules.Plain{Type: "vault_generic_secret", ID: "vault.generic-secret", Tier: lost, Confidence: medium,
			Reason: "the secret is deleted (all versions, on a KV version 2 mount, when delete_all_versions is set)"},
		rules.Plain{Type: "vault_policy", ID: "vault.policy", Tier: effort,
			Reason: "tokens holding the policy lose what it granted until an apply writes it again"},
		rules.Plain{Type: "vault_auth_backend", ID: "vault.auth-backend", Tier: effort, Confidence: medium,
			Reason: "disabling the auth method deletes its roles and configuration and revokes every token issued through it; users and machines must log in again once an apply restores it"},
		rules.Plain{Type: "vault_pki_secret_backend_root_cert", ID: "vault.pki-root-cert", Tier: lost,
			Reason: "the root CA's private key is deleted from the mount; certificates it issued cannot be renewed by it and a new root must be distributed to every trust store"},

		// GitLab.
		rules.Plain{Type: "gitlab_branch", ID: "gitlab.branch", Tier: effort, Confidence: medium,
			Reason: "the branch ref is deleted; it can be recreated from its last commit while GitLab keeps it, but open merge requests from it are closed"},
		rules.Plain{Type: "gitlab_branch_protection", ID: "gitlab.branch-protection", Tier: effort,
			Reason: "the branch loses its protection: force pushes and unreviewed merges are allowed until an apply restores it"},
		rules.Plain{Type: "gitlab_group_variable", ID: "gitlab.group-variable", Tier: effort,
			Reason: "pipelines in the group's projects that use the variable fail until an apply sets it again from configuration"},
		rules.Plain{Type: "gitlab_deploy_key", ID: "gitlab.deploy-key", Tier: effort,
			Reason: "the key stops working; an apply adds the public key again, and clients holding its private key work again"},
		rules.Plain{Type: "gitlab_project_hook", ID: "gitlab.project-hook", Tier: effort,
			Reason: "events are not delivered to the endpoint until an apply recreates the hook, and events meanwhile are not redelivered"},
		rules.Plain{Type: "gitlab_pipeline_trigger", ID: "gitlab.pipeline-trigger", Tier: effort,
			Reason: "callers using the trigger token are refused; an apply creates a trigger with a new token, which they must be given"},
		rules.Plain{Type: "gitlab_project_variable", ID: "gitlab.project-variable", Tier: effort,
			Reason: "pipelines that use the variable fail until an apply writes it again from configuration"},
	)...)
}
