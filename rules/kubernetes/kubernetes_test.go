package kubernetes

import (
	"strings"

	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
	"github.com/recourse-dev/recourse/model"
)

func TestRows(t *testing.T) {
	cases := []rulestest.Case{
		{Row: "k8s.kind.delete", Hit: "kind delete cluster --name dev", Miss: "kind get clusters"},
		{Row: "k8s.minikube.delete", Hit: "minikube delete --all --purge", Miss: "minikube status"},
		{Row: "k8s.k3d.delete", Hit: "k3d cluster delete dev", Miss: "k3d cluster list"},
		{Row: "kubectl.delete.dry-run", Hit: "kubectl delete ns prod --dry-run=client", Miss: "kubectl delete ns prod"},
		{Row: "kubectl.delete.namespace", Hit: "kubectl delete namespace prod", Miss: "kubectl get namespace prod"},
		{Row: "kubectl.delete.namespace", Hit: "kubectl -n x delete ns/prod", Miss: "kubectl -n ns delete pod web"},
		{Row: "kubectl.delete.namespace", Hit: "kubectl --as admin delete ns prod", Miss: "kubectl --as admin get ns prod"},
		{Row: "kubectl.delete.raw-data", Hit: "kubectl delete --raw /api/v1/namespaces/prod", Miss: "kubectl delete --raw /api/v1/namespaces/prod/pods/web"},
		{Row: "kubectl.delete.raw-data", Hit: "kubectl delete --raw=/api/v1/namespaces/x/persistentvolumeclaims", Miss: "kubectl get --raw /api/v1/namespaces/x/persistentvolumeclaims"},
		{Row: "kubectl.delete.raw", Hit: "kubectl delete --raw /apis/apps/v1/namespaces/prod/deployments/web", Miss: "kubectl delete deploy web"},
		{Row: "kubectl.plugin.destroy", Hit: "kubectl cnpg destroy prod-db 1", Miss: "kubectl cnpg status prod-db"},
		{Row: "kubectl.plugin.destroy", Hit: "kubectl krew uninstall ctx", Miss: "kubectl rollout undo deploy/web"},
		{Row: "kubectl.delete.namespace", Hit: "kubectl --new-option x delete ns prod", Miss: "kubectl new-option x delete ns prod"},
		{Row: "kubectl.delete.all", Hit: "kubectl delete pods --all", Miss: "kubectl delete pod web"},
		{Row: "kubectl.delete.storage", Hit: "kubectl delete pvc data-db-0", Miss: "kubectl describe pvc data-db-0"},
		{Row: "kubectl.delete.crd", Hit: "kubectl delete crd certificates.cert-manager.io", Miss: "kubectl delete certificate web"},
		{Row: "kubectl.delete.operated", Hit: "kubectl delete backup.velero.io daily -n velero", Miss: "kubectl get backup.velero.io -n velero"},
		{Row: "kubectl.delete.operated", Hit: "kubectl delete cluster.postgresql.cnpg.io pg-main -n db", Miss: "kubectl delete pod pg-main-1 -n db"},
		{Row: "kubectl.delete.operated", Hit: "kubectl delete kafka my-cluster -n kafka", Miss: "kubectl delete kafkauser app -n kafka"},
		{Row: "kubectl.delete.file", Hit: "kubectl delete -f app.yaml", Miss: "kubectl apply -f app.yaml"},
		{Row: "kubectl.delete.selector", Hit: "kubectl delete pods,secrets -l app=web", Miss: "kubectl get pods -l app=web"},
		{Row: "kubectl.delete.selector", Hit: "kubectl delete deploy -l app=web", Miss: "kubectl delete pods -l app=web"},
		{Row: "kubectl.delete.pods-selector", Hit: "kubectl delete pods -l app=web", Miss: "kubectl delete pods,pvc -l app=web"},
		{Row: "kubectl.delete.pods-selector", Hit: "kubectl -n ci delete po --selector app=db,tier=test", Miss: "kubectl delete pods --all -A"},
		{Row: "kubectl.delete.unseen", Hit: "xargs kubectl delete", Miss: "xargs kubectl get"},
		{Row: "kubectl.delete.stateful", Hit: "kubectl delete statefulset db", Miss: "kubectl delete deployment web"},
		{Row: "kubectl.delete.config", Hit: "kubectl delete secret api-key", Miss: "kubectl get secret api-key"},
		{Row: "kubectl.delete", Hit: "kubectl delete deployment web", Miss: "kubectl delete ns web"},
		{Row: "kubectl.drain", Hit: "kubectl drain node-1 --ignore-daemonsets", Miss: "kubectl cordon node-1"},
		{Row: "kubectl.scale.zero", Hit: "kubectl scale deploy web --replicas=0", Miss: "kubectl scale deploy web --replicas=3"},
		{Row: "kubectl.replace.force", Hit: "kubectl replace --force -f x.yaml", Miss: "kubectl replace -f x.yaml"},
		{Row: "kubectl.apply.prune", Hit: "kubectl apply --prune -l app=web -f .", Miss: "kubectl apply -f ."},
		{Row: "kubectl.finalizers", Hit: `kubectl patch pvc data -p '{"metadata":{"finalizers":null}}'`, Miss: `kubectl patch deploy web -p '{"spec":{"replicas":2}}'`},
		{Row: "kubectl.finalizers", Hit: `kubectl patch ns stuck --type=json --patch='[{"op":"remove","path":"/metadata/finalizers"}]'`, Miss: "kubectl get ns stuck -o json"},
		{Row: "kubectl.finalizers", Hit: "kubectl replace --raw /api/v1/namespaces/stuck/finalize -f ns.json", Miss: "kubectl replace -f ns.json"},
		{Row: "kubectl.reclaim-delete", Hit: `kubectl patch pv data -p '{"spec":{"persistentVolumeReclaimPolicy": "Delete"}}'`, Miss: `kubectl patch pv data -p '{"spec":{"persistentVolumeReclaimPolicy":"Retain"}}'`},
		{Row: "kubectl.read", Hit: "kubectl get pods -A", Miss: "kubectl patch pod x -p '{}'"},
		{Row: "kubectl.rbac-everyone", Hit: "kubectl create clusterrolebinding anon --clusterrole=cluster-admin --user=system:anonymous", Miss: "kubectl create clusterrolebinding ops --clusterrole=cluster-admin --user=alice@example.com"},
		{Row: "kubectl.rbac-everyone", Hit: "kubectl create rolebinding r --role=reader --group=devs --group system:authenticated -n prod", Miss: "kubectl create rolebinding r --role=reader --group=devs -n prod"},
		{Row: "kubectl.exposed", Hit: "kubectl port-forward svc/db 5432:5432 --address 0.0.0.0", Miss: "kubectl port-forward svc/db 5432:5432 --address localhost"},
		{Row: "kubectl.exposed", Hit: "kubectl proxy --address=0.0.0.0 --accept-hosts='.*'", Miss: "kubectl proxy --port=8001"},
		{Row: "kubectl.other", Hit: "kubectl rollout restart deploy/web", Miss: "kubectl logs web"},
		{Row: "helm.uninstall", Hit: "helm uninstall web -n prod", Miss: "helm status web"},
		{Row: "kubectl.cp", Hit: "kubectl cp /tmp/x db-0:/var/lib/data/x", Miss: "kubectl get pods"},
		{Row: "kubectl.helm-keep-off", Hit: "kubectl annotate pvc data helm.sh/resource-policy-", Miss: "kubectl annotate pvc data helm.sh/resource-policy=keep"},
		{Row: "kubectl.cp.database", Hit: "kubectl cp /dev/null prod/db-0:/var/lib/postgresql/data/PG_VERSION", Miss: "kubectl cp prod/db-0:/var/lib/postgresql/data/pg_hba.conf ./pg_hba.conf"},
		{Row: "helm.force", Hit: "helm upgrade --install db ./chart --force", Miss: "helm upgrade --install db ./chart --force --dry-run"},
		{Row: "kubectl.config.delete", Hit: "kubectl config delete-context prod", Miss: "kubectl config get-contexts"},
		{Row: "helm.uninstall", Hit: "helm delete web", Miss: "helm uninstall web --dry-run"},
		{Row: "helm.uninstall", Hit: "helm --kube-token tok uninstall web", Miss: "helm --kube-token tok status web"},
		{Row: "helm.read", Hit: "helm list -A", Miss: "helm upgrade web ./chart"},
		{Row: "helm.other", Hit: "helm upgrade --install web ./chart", Miss: "helm delete web"},
	}
	rulestest.Run(t, Rules(), append(cases, gitopsCases()...))
}

func TestResourceRules(t *testing.T) {
	c := func(name, typ string, a model.Action, before, after map[string]any, rule string, tier model.Tier) rulestest.ResourceCase {
		return rulestest.ResourceCase{Name: name, Type: typ, Action: a, Before: before, After: after, Rule: rule, Tier: tier}
	}
	del, upd := model.ActionDelete, model.ActionUpdate
	var cases []rulestest.ResourceCase
	for _, v := range []string{"", "_v1"} {
		cases = append(cases,
			c("namespace delete", "kubernetes_namespace"+v, del, map[string]any{"metadata": []any{map[string]any{"name": "prod"}}}, nil, "k8s.tf.namespace"+v+".delete", 4),
			c("namespace labels", "kubernetes_namespace"+v, upd, map[string]any{"metadata": []any{}}, map[string]any{"metadata": []any{map[string]any{"labels": map[string]any{"a": "b"}}}}, "k8s.tf.namespace"+v+".update.in-place", 1),
			c("claim delete", "kubernetes_persistent_volume_claim"+v, del, map[string]any{"metadata": []any{}}, nil, "k8s.tf.pvc"+v+".delete", 4),
			c("claim resize", "kubernetes_persistent_volume_claim"+v, upd, map[string]any{"spec": []any{}}, map[string]any{"spec": []any{map[string]any{}}}, "k8s.tf.pvc"+v+".update.in-place", 1),
			c("volume retained", "kubernetes_persistent_volume"+v, del, map[string]any{"spec": []any{map[string]any{"persistent_volume_reclaim_policy": "Retain"}}}, nil, "k8s.tf.pv"+v+".delete.retain", 2),
			c("near miss: volume deleted", "kubernetes_persistent_volume"+v, del, map[string]any{"spec": []any{map[string]any{"persistent_volume_reclaim_policy": "Delete"}}}, nil, "k8s.tf.pv"+v+".delete", 4),
			c("volume labels", "kubernetes_persistent_volume"+v, upd, map[string]any{"metadata": []any{}}, map[string]any{"metadata": []any{map[string]any{}}}, "k8s.tf.pv"+v+".update.in-place", 1),
			c("volume no longer retained", "kubernetes_persistent_volume"+v, upd, map[string]any{"spec": []any{map[string]any{"persistent_volume_reclaim_policy": "Retain"}}},
				map[string]any{"spec": []any{map[string]any{"persistent_volume_reclaim_policy": "Delete"}}}, "k8s.tf.pv"+v+".update.reclaim-delete", 2),
			c("near miss: volume now retained", "kubernetes_persistent_volume"+v, upd, map[string]any{"spec": []any{map[string]any{"persistent_volume_reclaim_policy": "Delete"}}},
				map[string]any{"spec": []any{map[string]any{"persistent_volume_reclaim_policy": "Retain"}}}, "k8s.tf.pv"+v+".update.in-place", 1),
		)
		for _, p := range []struct {
			kind string
			tier model.Tier
		}{
			{"stateful_set", 2}, {"deployment", 2}, {"daemonset", 2}, {"job", 2}, {"cron_job", 2}, {"service", 2}, {"ingress", 2},
			{"secret", 2}, {"config_map", 1}, {"service_account", 2}, {"role_binding", 1}, {"cluster_role_binding", 1}, {"storage_class", 2},
			{"pod", 2}, {"replication_controller", 2}, {"role", 2}, {"cluster_role", 2}, {"network_policy", 2}, {"ingress_class", 2},
			{"priority_class", 2}, {"pod_disruption_budget", 1}, {"limit_range", 1}, {"resource_quota", 1},
			{"mutating_webhook_configuration", 2}, {"validating_webhook_configuration", 2},
		} {
			id := "k8s.tf." + strings.ReplaceAll(p.kind, "_", "") + v
			cases = append(cases, rulestest.PlainCases("kubernetes_"+p.kind+v, id, p.tier)...)
		}
	}
	manifest := func(kind string) map[string]any {
		return map[string]any{"manifest": map[string]any{"apiVersion": "v1", "kind": kind, "metadata": map[string]any{"name": "x"}}}
	}
	cases = append(cases,
		c("crd", "kubernetes_manifest", del, manifest("CustomResourceDefinition"), nil, "k8s.tf.manifest.delete.crd", 4),
		c("namespace manifest", "kubernetes_manifest", del, manifest("Namespace"), nil, "k8s.tf.manifest.delete.namespace", 4),
		c("claim manifest", "kubernetes_manifest", del, manifest("PersistentVolumeClaim"), nil, "k8s.tf.manifest.delete.volume", 4),
		c("operator's database manifest", "kubernetes_manifest", del, manifest("Cluster"), nil, "k8s.tf.manifest.delete.operated", 4),
		c("operator's backup manifest", "kubernetes_manifest", del, manifest("Backup"), nil, "k8s.tf.manifest.delete.operated", 4),
		c("near miss: config map manifest", "kubernetes_manifest", del, manifest("ConfigMap"), nil, "k8s.tf.manifest.delete", 2),
		c("manifest without kind", "kubernetes_manifest", del, map[string]any{"manifest": map[string]any{}}, nil, "k8s.tf.manifest.delete.no-kind", 4),
		c("manifest not in the input", "kubernetes_manifest", del, map[string]any{"object": map[string]any{}}, nil, "k8s.tf.manifest.delete.no-kind", 4),
		c("manifest spec change", "kubernetes_manifest", upd, manifest("ConfigMap"), manifest("ConfigMap"), "k8s.tf.manifest.update.in-place", 1),
	)
	for _, p := range []rulestest.PlainTier{
		{Type: "kubernetes_horizontal_pod_autoscaler", ID: "k8s.tf.hpa", Tier: 1}, {Type: "kubernetes_horizontal_pod_autoscaler_v1", ID: "k8s.tf.hpa_v1", Tier: 1},
		{Type: "kubernetes_horizontal_pod_autoscaler_v2", ID: "k8s.tf.hpa_v2", Tier: 1}, {Type: "kubernetes_labels", ID: "k8s.tf.labels", Tier: 1},
		{Type: "kubernetes_annotations", ID: "k8s.tf.annotations", Tier: 1}, {Type: "kubernetes_env", ID: "k8s.tf.env", Tier: 1},
		{Type: "kubernetes_config_map_v1_data", ID: "k8s.tf.configmap-data", Tier: 1}, {Type: "kubernetes_secret_v1_data", ID: "k8s.tf.secret-data", Tier: 2},
		{Type: "kubernetes_token_request_v1", ID: "k8s.tf.token-request", Tier: 1}, {Type: "kubernetes_default_service_account_v1", ID: "k8s.tf.default-serviceaccount", Tier: 1},
		{Type: "kubernetes_csi_driver_v1", ID: "k8s.tf.csidriver", Tier: 2}, {Type: "kubernetes_endpoints_v1", ID: "k8s.tf.endpoints", Tier: 2},
		{Type: "kubernetes_api_service_v1", ID: "k8s.tf.apiservice", Tier: 2},
	} {
		cases = append(cases, rulestest.PlainCases(p.Type, p.ID, p.Tier)...)
	}
	kubectl := func(kind string) map[string]any {
		return map[string]any{"kind": kind, "name": "x", "yaml_body": "kind: " + kind + "\n"}
	}
	cases = append(cases,
		c("kubectl crd", "kubectl_manifest", del, kubectl("CustomResourceDefinition"), nil, "kubectl.manifest.delete.crd", 4),
		c("kubectl namespace", "kubectl_manifest", del, kubectl("Namespace"), nil, "kubectl.manifest.delete.namespace", 4),
		c("kubectl claim", "kubectl_manifest", del, kubectl("PersistentVolumeClaim"), nil, "kubectl.manifest.delete.volume", 4),
		c("kubectl operator's cluster", "kubectl_manifest", del, kubectl("Kafka"), nil, "kubectl.manifest.delete.operated", 4),
		c("near miss: kubectl deployment", "kubectl_manifest", del, kubectl("Deployment"), nil, "kubectl.manifest.delete", 2),
		c("kubectl manifest without kind", "kubectl_manifest", del, map[string]any{"yaml_body": "x"}, nil, "kubectl.manifest.delete.no-kind", 4),
		c("kubectl manifest change", "kubectl_manifest", upd, kubectl("Deployment"), kubectl("Deployment"), "kubectl.manifest.update.in-place", 1),
	)
	cases = append(cases,
		c("release uninstalled", "helm_release", del, map[string]any{"name": "api", "chart": "api"}, nil, "helm.release.delete", 4),
		c("release upgraded", "helm_release", upd, map[string]any{"version": "1.0.0"}, map[string]any{"version": "1.1.0"}, "helm.release.update.in-place", 1),
	)
	rulestest.RunResources(t, ResourceRules(), cases)
}
