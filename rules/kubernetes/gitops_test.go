package kubernetes

import "github.com/recourse-dev/recourse/internal/rulestest"

// gitopsCases are the test rows for gitopsRules; TestRows runs them with
// the rest.
func gitopsCases() []rulestest.Case {
	return []rulestest.Case{
		{Row: "argocd.app-delete", Hit: "argocd app delete web --yes", Miss: "argocd app delete web --cascade=false"},
		{Row: "argocd.app-delete-orphan", Hit: "argocd app delete web --cascade=false", Miss: "argocd app get web"},
		{Row: "argocd.app-sync-prune", Hit: "argocd app sync web --prune", Miss: "argocd app sync web"},
		{Row: "argocd.read", Hit: "argocd app diff web", Miss: "argocd app rollback web 3"},
		{Row: "argocd.app-sync", Hit: "argocd app sync web", Miss: "argocd app list"},
		{Row: "flux.delete", Hit: "flux delete kustomization apps --silent", Miss: "flux get kustomizations"},
		{Row: "flux.uninstall", Hit: "flux uninstall --silent", Miss: "flux check"},
		{Row: "flux.suspend", Hit: "flux suspend kustomization apps", Miss: "flux resume kustomization apps"},
		{Row: "flux.read", Hit: "flux get all -A", Miss: "flux reconcile kustomization apps"},
		{Row: "flux.reconcile", Hit: "flux reconcile source git flux-system", Miss: "flux logs"},
		{Row: "velero.delete", Hit: "velero backup delete nightly --confirm", Miss: "velero backup get"},
		{Row: "velero.delete", Hit: "velero schedule delete daily", Miss: "velero schedule get"},
		{Row: "velero.restore-update", Hit: "velero restore create --from-backup b --existing-resource-policy=update", Miss: "velero restore create --from-backup b"},
		{Row: "velero.restore", Hit: "velero restore create --from-backup b", Miss: "velero restore get"},
		{Row: "velero.read", Hit: "velero backup describe nightly --details", Miss: "velero backup create nightly"},
		{Row: "velero.backup", Hit: "velero backup create nightly --include-namespaces prod", Miss: "velero backup delete nightly"},
	}
}
