package kubernetes

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// gitopsRules are the rows of the tools that deploy to and back up a
// cluster around kubectl: Argo CD, Flux and Velero. A subcommand no row
// names is judged like a program no rule knows.
func gitopsRules() []rules.Rule {
	return []rules.Rule{
		row("argocd.app-delete", "argocd", rules.All(rules.Any(rules.Sub("app", "delete"), rules.Sub("appset", "delete")),
			rules.Not(rules.FlagEquals("cascade", "false"))), model.TierUnrecoverable,
			"deletes the application and, cascading, every object it deployed: volume claims and their data included"),
		row("argocd.app-delete-orphan", "argocd", rules.Any(rules.Sub("app", "delete"), rules.Sub("appset", "delete")), model.TierRecoverableWithEffort,
			"deletes the application but, with --cascade=false, leaves what it deployed running, unmanaged"),
		row("argocd.app-sync-prune", "argocd", rules.All(rules.Sub("app", "sync"), rules.Flag("prune", "replace", "force")), model.TierNeedsReview,
			"syncs with --prune (or --replace/--force): objects missing from the repository are deleted or recreated, and which those are is not in the input"),
		row("argocd.read", "argocd", rules.Any(rules.Sub("app", "get"), rules.Sub("app", "list"), rules.Sub("app", "diff"), rules.Sub("app", "history"),
			rules.Sub("app", "logs"), rules.Sub("app", "manifests"), rules.Sub("login"), rules.Sub("version"), rules.Sub("context"), rules.Sub("cluster", "list"),
			rules.Sub("repo", "list"), rules.Sub("proj", "list")), model.TierReversible, "reads applications, clusters or repositories"),
		row("argocd.app-sync", "argocd", rules.Any(rules.Sub("app", "sync"), rules.Sub("app", "rollback"), rules.Sub("app", "set"), rules.Sub("app", "create")),
			model.TierRecoverableWithEffort, "deploys or rolls back an application; syncing the previous revision reverts it"),

		row("flux.delete", "flux", rules.Sub("delete"), model.TierNeedsReview,
			"deletes a Flux object; a Kustomization or HelmRelease with pruning on deletes everything it applied, and whether it prunes is not in the input"),
		row("flux.uninstall", "flux", rules.Sub("uninstall"), model.TierNeedsReview,
			"uninstalls Flux from the cluster; with its finalizers, what it manages may be deleted too, which the input does not show"),
		row("flux.suspend", "flux", rules.Sub("suspend"), model.TierRecoverableWithEffort, "stops reconciling until flux resume"),
		row("flux.read", "flux", rules.Any(rules.Sub("get"), rules.Sub("logs"), rules.Sub("check"), rules.Sub("version"), rules.Sub("tree"), rules.Sub("diff"),
			rules.Sub("trace"), rules.Sub("stats"), rules.Sub("events"), rules.Sub("export")), model.TierReversible, "reads Flux objects"),
		row("flux.reconcile", "flux", rules.Any(rules.Sub("reconcile"), rules.Sub("resume"), rules.Sub("create"), rules.Sub("bootstrap")), model.TierRecoverableWithEffort,
			"applies what the repository holds now"),

		row("velero.delete", "velero", rules.Any(rules.Sub("backup", "delete"), rules.Sub("delete", "backup"), rules.Sub("schedule", "delete"),
			rules.Sub("backup-location", "delete"), rules.Sub("snapshot-location", "delete")), model.TierUnrecoverable,
			"deletes backups (with their volume snapshots), or the schedule or location that makes them: those recovery points are gone"),
		row("velero.restore-update", "velero", rules.All(rules.Sub("restore", "create"), rules.FlagEquals("existing-resource-policy", "update")), model.TierRecoverableFromBackup,
			"restores objects over the ones that exist (--existing-resource-policy=update): their current state is replaced"),
		row("velero.restore", "velero", rules.Any(rules.Sub("restore", "create"), rules.Sub("create", "restore")), model.TierRecoverableWithEffort,
			"restores objects from a backup; objects that exist are left as they are"),
		row("velero.read", "velero", rules.Any(rules.Sub("backup", "get"), rules.Sub("backup", "describe"), rules.Sub("backup", "logs"), rules.Sub("get"),
			rules.Sub("describe"), rules.Sub("restore", "get"), rules.Sub("restore", "describe"), rules.Sub("schedule", "get"), rules.Sub("version")),
			model.TierReversible, "reads backups, restores and schedules"),
		row("velero.backup", "velero", rules.Any(rules.Sub("backup", "create"), rules.Sub("schedule", "create"), rules.Sub("create", "backup")), model.TierReversible,
			"creates a backup or a schedule of them"),
	}
}
