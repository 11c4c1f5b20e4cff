// Package kubernetes holds the rules for kubectl and helm commands, and
// (gitops.go) for Argo CD, Flux and Velero.
package kubernetes

import (
	"slices"
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

func row(id, typ string, when rules.Cond, tier model.Tier, reason string) rules.Rule {
	return rules.Rule{ID: id, Type: typ, On: rules.Execute, When: when, Tier: tier, Reason: reason}
}

// kinds holds when the resource operand after "delete" (kubectl delete
// KIND NAME, or KIND/NAME) is one of kinds.
func kinds(verb string, names ...string) rules.Cond {
	return rules.Func("kubectl "+verb+" "+strings.Join(names, "|"), func(f rules.Facts) rules.Result {
		return f.Readings(func(ops []model.Arg) rules.Result { return kindOf(ops, verb, names) })
	})
}

// onlyPods holds for kubectl delete of pods and nothing else (pod, pods,
// po, pod/NAME): a local throwaway reset when a controller runs them.
func onlyPods() rules.Cond {
	return rules.Func("kubectl delete pods only", func(f rules.Facts) rules.Result {
		return f.Readings(func(ops []model.Arg) rules.Result {
			if len(ops) < 2 || ops[0].Value != "delete" || ops[1].Dynamic {
				return rules.Result{Truth: rules.False}
			}
			for _, k := range strings.Split(strings.ToLower(ops[1].Value), ",") {
				k, _, _ = strings.Cut(k, "/")
				if k != "pod" && k != "pods" && k != "po" {
					return rules.Result{Truth: rules.False}
				}
			}
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "kind", Value: "pod", Present: true}}}
		})
	})
}

// kindOf holds when ops are verb and a resource operand of one of kinds.
func kindOf(ops []model.Arg, verb string, names []string) rules.Result {
	if len(ops) < 2 || ops[0].Value != verb {
		return rules.Result{Truth: rules.False}
	}
	o := ops[1] // only the first operand after the verb names kinds
	if o.Dynamic {
		return rules.Result{Truth: rules.Unknown, Missing: []string{"resource kind " + o.Value}}
	}
	for _, k := range strings.Split(strings.ToLower(o.Value), ",") {
		k, _, _ = strings.Cut(k, "/")
		k, _, _ = strings.Cut(k, ".") // deployments.apps
		if slices.Contains(names, k) {
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "kind", Value: k, Present: true}}}
		}
	}
	return rules.Result{Truth: rules.False}
}

var (
	namespace = []string{"namespace", "namespaces", "ns"}
	storage   = []string{"pvc", "pvcs", "persistentvolumeclaim", "persistentvolumeclaims", "pv", "pvs", "persistentvolume", "persistentvolumes", "volumesnapshot", "volumesnapshots", "storageclass", "storageclasses", "sc"}
	crd       = []string{"crd", "crds", "customresourcedefinition", "customresourcedefinitions"}
	stateful  = []string{"statefulset", "statefulsets", "sts"}
	// operated are operatedKinds (terraform.go) as kubectl names them:
	// in lower case, singular or plural (backup.velero.io, kafkas).
	operated  = kubectlNames(operatedKinds)
	config    = []string{"secret", "secrets", "configmap", "configmaps", "cm", "serviceaccount", "serviceaccounts", "sa", "role", "roles", "rolebinding", "rolebindings", "clusterrole", "clusterroles", "clusterrolebinding", "clusterrolebindings", "node", "nodes", "no"}
	readVerbs = []string{"get", "describe", "logs", "top", "explain", "version", "api-resources", "api-versions", "cluster-info", "auth", "diff", "events", "wait", "config", "completion", "plugin", "port-forward", "proxy", "attach", "kustomize", "options"}
)

// Rules returns the kubectl and helm rows.
func Rules() []rules.Rule {
	return append(localClusterRows(), clusterToolRows()...)
}

// clusterToolRows are kubectl's and the other cluster tools' rows.
func clusterToolRows() []rules.Rule {
	var readSubs []rules.Cond
	for _, v := range readVerbs {
		readSubs = append(readSubs, rules.Sub(v))
	}
	return append([]rules.Rule{
		row("kubectl.delete.dry-run", "kubectl", rules.All(rules.Sub("delete"), rules.Flag("dry-run")), model.TierReversible, "--dry-run deletes nothing"),
		row("kubectl.delete.namespace", "kubectl", kinds("delete", namespace...), model.TierUnrecoverable,
			"deleting a namespace deletes every object in it, persistent volume claims and secrets included"),
		row("kubectl.delete.raw-data", "kubectl", rules.All(rules.Sub("delete"), rawResource(append(append(append([]string(nil), namespace...), storage...), crd...)...)),
			model.TierUnrecoverable, "deletes, by its API path, a namespace (with everything in it), a volume claim or volume (with its data) or a resource definition (with every object of it)"),
		row("kubectl.delete.raw", "kubectl", rules.All(rules.Sub("delete"), rules.Flag("raw")), model.TierNeedsReview,
			"deletes whatever the raw API path names, bypassing kubectl's checks: what it is and what goes with it is only in the path"),
		row("kubectl.delete.all", "kubectl", rules.All(rules.Sub("delete"), rules.Flag("all", "A", "all-namespaces")), model.TierUnrecoverable,
			"deletes every object of the kind (in every namespace with -A)"),
		row("kubectl.delete.storage", "kubectl", kinds("delete", storage...), model.TierUnrecoverable,
			"deleting a volume claim or volume deletes its data under the default Delete reclaim policy"),
		row("kubectl.delete.operated", "kubectl", kinds("delete", operated...), model.TierNeedsReview,
			"deletes a resource an operator runs a database, queue, storage, backup or cluster for: the operator deletes what it runs, and under some settings its volumes and backups too; which, is in the operator's settings, not in the input"),
		row("kubectl.delete.crd", "kubectl", kinds("delete", crd...), model.TierUnrecoverable,
			"deleting a custom resource definition deletes every custom resource of that kind"),
		row("kubectl.delete.file", "kubectl", rules.All(rules.Sub("delete"), rules.Flag("f", "filename", "k", "kustomize")), model.TierNeedsReview,
			"deletes what a manifest file lists, which the input does not show"),
		row("kubectl.delete.pods-selector", "kubectl", rules.All(onlyPods(), rules.Flag("l", "selector", "field-selector")), model.TierRecoverableWithEffort,
			"deletes the pods a selector matches: a Deployment, ReplicaSet, StatefulSet, DaemonSet or Job that runs them starts them again, as when one pod is deleted by name; what a pod kept in itself (emptyDir) is lost"),
		row("kubectl.delete.selector", "kubectl", rules.All(rules.Sub("delete"), rules.Flag("l", "selector", "field-selector")), model.TierNeedsReview,
			"deletes whatever matches a selector; what matches is not in the input"),
		row("kubectl.delete.unseen", "kubectl", rules.All(rules.Sub("delete"), rules.MoreOperands()), model.TierNeedsReview,
			"deletes objects named only at run time (xargs, find -exec): which kinds they are, namespaces and volume claims included, is not in the input"),
		row("kubectl.delete.stateful", "kubectl", kinds("delete", stateful...), model.TierRecoverableFromBackup,
			"deleting a StatefulSet stops its pods; its volume claims stay, so it can be recreated onto the same data"),
		row("kubectl.delete.config", "kubectl", kinds("delete", config...), model.TierRecoverableFromBackup,
			"deletes a secret, config map, RBAC object or node whose contents may exist nowhere but the cluster"),
		row("kubectl.delete", "kubectl", rules.Sub("delete"), model.TierRecoverableWithEffort,
			"deletes workload objects that an apply of their manifests (or their controller) recreates"),
		row("kubectl.drain", "kubectl", rules.Sub("drain"), model.TierRecoverableWithEffort,
			"evicts every pod from the node (emptyDir data is lost with --delete-emptydir-data); uncordon reverses the scheduling"),
		row("kubectl.scale.zero", "kubectl", rules.All(rules.Sub("scale"), rules.FlagEquals("replicas", "0")), model.TierRecoverableWithEffort,
			"scales the workload to zero replicas: an outage until it is scaled back"),
		row("kubectl.finalizers", "kubectl", rules.Any(rules.All(rules.Sub("patch"), flagValueContains("finalizers", "p", "patch")),
			rules.All(rules.Sub("replace"), flagValueContains("/finalize", "raw"))), model.TierNeedsReview,
			"changes an object's finalizers: removing them lets a pending deletion finish at once, skipping the cleanup they guard (a volume's detach and "+
				"deletion, a namespace's contents), and which finalizers go and why the deletion was stuck is not in the input"),
		row("kubectl.reclaim-delete", "kubectl", rules.All(rules.Sub("patch"), flagValueContains("persistentVolumeReclaimPolicy", "p", "patch"),
			flagValueContains("Delete", "p", "patch")), model.TierNeedsReview,
			"sets a volume's reclaim policy to Delete: deleting its claim then deletes the disk and the data on it, which Retain kept; whether that is intended is not in the input"),
		row("kubectl.helm-keep-off", "kubectl", rules.All(rules.Any(rules.Sub("annotate"), rules.Sub("label")), rules.Operand(0, "helm.sh/resource-policy removed or changed", func(a model.Arg, _ *model.Command) bool {
			k, v, set := strings.Cut(a.Value, "=")
			return strings.HasPrefix(k, "helm.sh/resource-policy") && (!set && strings.HasSuffix(k, "-") || set && v != "keep")
		})), model.TierNeedsReview,
			"removes helm's keep policy (helm.sh/resource-policy) from an object: the next helm uninstall or upgrade that drops it deletes it, a volume claim with its data"),
		row("kubectl.replace.force", "kubectl", rules.All(rules.Sub("replace"), rules.Flag("force")), model.TierRecoverableFromBackup,
			"replace --force deletes and recreates the objects"),
		row("kubectl.apply.prune", "kubectl", rules.All(rules.Sub("apply"), rules.Flag("prune")), model.TierNeedsReview,
			"apply --prune deletes objects missing from the manifests, which the input does not show"),
		row("kubectl.cp.database", "kubectl", rules.All(rules.Sub("cp"), rules.CopiesIntoDatabase()), model.TierNeedsReview, copyIntoDatabaseReason),
		row("kubectl.cp", "kubectl", rules.Sub("cp"), model.TierRecoverableWithEffort,
			"copies files into or out of a pod, overwriting same-named files at the destination"),
		row("kubectl.config.delete", "kubectl", rules.Any(rules.Sub("config", "delete-context"), rules.Sub("config", "delete-cluster"), rules.Sub("config", "delete-user"), rules.Sub("config", "unset")),
			model.TierRecoverableWithEffort, "removes entries from the kubeconfig; their credentials must be fetched again"),
		row("kubectl.rbac-everyone", "kubectl", rules.All(rules.Any(rules.Sub("create", "clusterrolebinding"), rules.Sub("create", "rolebinding")),
			subjectIs(everyone...)), model.TierNeedsReview,
			"binds a role to every caller: anonymous requests (system:anonymous, system:unauthenticated) or everyone who can sign in (system:authenticated, on a managed cluster any account of the cloud provider); what the role allows them is theirs until the binding goes"),
		row("kubectl.exposed", "kubectl", rules.All(rules.Any(rules.Sub("port-forward"), rules.Sub("proxy")), rules.FlagWhere([]string{"address"}, "not only this machine", "address",
			func(_ rules.Facts, v string) (string, bool) {
				for _, a := range strings.Split(v, ",") {
					if a != "localhost" && a != "127.0.0.1" && a != "::1" {
						return "listens beyond this machine", true
					}
				}
				return "", false
			})), model.TierNeedsReview,
			"listens on a network address, not only on this machine: anyone who can reach it uses the forwarded port, or with proxy the cluster's API under your credentials, while it runs"),
		row("kubectl.read", "kubectl", rules.Any(readSubs...), model.TierReversible, "reads cluster state"),
		row("kubectl.plugin.destroy", "kubectl", pluginDestroys(), model.TierNeedsReview,
			"a kubectl plugin (kubectl-NAME, which the input does not show) is asked to destroy, delete or remove something: what it takes with it is not in the input"),
		row("kubectl.other", "kubectl", nil, model.TierRecoverableWithEffort,
			"changes cluster objects in place (apply, patch, edit, label, rollout ...); re-applying the previous manifests reverts it"),

		row("helm.uninstall", "helm", rules.All(rules.Any(rules.Sub("uninstall"), rules.Sub("delete"), rules.Sub("del"), rules.Sub("un")), rules.Not(rules.Flag("dry-run"))), model.TierUnrecoverable,
			"uninstalling a release deletes every object it created, the volume claims the chart declares directly included (with their data); the claims its StatefulSets made are kept"),
		row("helm.force", "helm", rules.All(rules.Any(rules.Sub("upgrade"), rules.Sub("rollback")), rules.Flag("force"), rules.Not(rules.Flag("dry-run"))),
			model.TierRecoverableFromBackup,
			"--force deletes and recreates the objects that cannot be updated in place, as kubectl replace --force does: a volume claim recreated so loses its data unless its volume is retained"),
		row("helm.read", "helm", rules.Any(rules.Sub("list"), rules.Sub("ls"), rules.Sub("status"), rules.Sub("get"), rules.Sub("history"), rules.Sub("show"),
			rules.Sub("template"), rules.Sub("search"), rules.Sub("lint"), rules.Sub("version"), rules.Sub("repo"), rules.Sub("dependency"), rules.Sub("env"), rules.Sub("pull")),
			model.TierReversible, "reads releases, charts or repositories"),
		row("helm.other", "helm", nil, model.TierRecoverableWithEffort,
			"installs, upgrades or rolls back a release; helm rollback returns to the previous revision"),
	}, gitopsRules()...)
}

// rawResource holds when kubectl --raw's API path names a resource of
// one of kinds: /api/v1/namespaces/prod, or a collection such as
// /api/v1/namespaces/x/persistentvolumeclaims.
func rawResource(kinds ...string) rules.Cond {
	return rules.Func("--raw path to "+strings.Join(kinds, "|"), func(f rules.Facts) rules.Result {
		raw, ok := rules.FlagValue(f.M.Command, "raw")
		if !ok {
			return rules.Result{Truth: rules.False}
		}
		segs := strings.Split(strings.Trim(strings.ToLower(raw), "/"), "/")
		for i := len(segs) - 1; i >= 0 && i >= len(segs)-2; i-- {
			if slices.Contains(kinds, segs[i]) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "raw", Value: raw, Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// builtins are kubectl's own commands; any other first word runs the
// plugin kubectl-WORD (kubectl cnpg destroy runs kubectl-cnpg).
var builtins = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"get": true, "describe": true, "create": true, "apply": true, "delete": true, "edit": true, "patch": true,
		"replace": true, "scale": true, "rollout": true, "expose": true, "run": true, "set": true, "explain": true, "logs": true, "attach": true,
		"exec": true, "port-forward": true, "proxy": true, "cp": true, "auth": true, "debug": true, "events": true, "top": true, "cordon": true,
		"uncordon": true, "drain": true, "taint": true, "certificate": true, "cluster-info": true, "diff": true, "kustomize": true, "label": true,
		"annotate": true, "completion": true, "api-resources": true, "api-versions": true, "config": true, "plugin": true, "version": true,
		"wait": true, "autoscale": true, "alpha": true, "options": true}
})

// pluginVerbs, after a plugin's name, ask it to destroy something.
var pluginVerbs = []string{"destroy", "delete", "remove", "rm", "uninstall", "purge", "drop", "reset", "wipe", "prune"}

// pluginDestroys holds for a kubectl plugin given a destroying verb among
// its next two words (kubectl cnpg destroy CLUSTER, kubectl krew uninstall).
func pluginDestroys() rules.Cond {
	return rules.Func("a kubectl plugin asked to destroy", func(f rules.Facts) rules.Result {
		ops := f.Operands()
		if len(ops) < 2 || ops[0].Dynamic || builtins()[ops[0].Value] {
			return rules.Result{Truth: rules.False}
		}
		for _, o := range ops[1:min(len(ops), 3)] {
			if slices.Contains(pluginVerbs, strings.ToLower(o.Value)) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "plugin", Value: ops[0].Value + " " + o.Value, Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// flagValueContains holds when one of the named flags' value contains
// text (kubectl patch -p '{"metadata":{"finalizers":null}}').
func flagValueContains(text string, names ...string) rules.Cond {
	return rules.Func("a --"+names[len(names)-1]+" value containing "+text, func(f rules.Facts) rules.Result {
		if v, ok := rules.FlagValue(f.M.Command, names...); ok && strings.Contains(v, text) {
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: names[len(names)-1], Value: text, Present: true}}}
		}
		return rules.Result{Truth: rules.False}
	})
}

// everyone are the RBAC subjects that stand for every caller.
var everyone = []string{"system:anonymous", "system:unauthenticated", "system:authenticated"}

// subjectIs holds when a --user or --group of a binding (any of them:
// the flags repeat) is one of subjects.
func subjectIs(subjects ...string) rules.Cond {
	return rules.Func("a --user or --group that is "+strings.Join(subjects, "|"), func(f rules.Facts) rules.Result {
		for _, flag := range []string{"user", "group"} {
			for _, v := range rules.FlagValues(f.M.Command, flag) {
				if slices.Contains(subjects, v.Value) {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: flag, Value: v.Value, Present: true}}}
				}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// copyIntoDatabaseReason says why a copy into a database's data directory
// needs review.
const copyIntoDatabaseReason = "copies files over a database server's data directory in a running container: its files can be corrupted, and what they held is not kept; whether the database is running, and what the files are, is not in the input"

// kubectlNames are kinds as kubectl accepts them: lower case, singular
// and plural.
func kubectlNames(kinds []string) []string {
	out := make([]string, 0, 2*len(kinds))
	for _, k := range kinds {
		k = strings.ToLower(k)
		plural := k + "s"
		if strings.HasSuffix(k, "s") || strings.HasSuffix(k, "ch") {
			plural = k + "es"
		}
		out = append(out, k, plural)
	}
	return out
}
