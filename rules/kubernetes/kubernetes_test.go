package kubernetes

import (
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
	"github.com/recourse-dev/recourse/model"
)

func TestRows(t *testing.T) {
	rulestest.Run(t, Rules(), []rulestest.Case{
		{Row: "kubectl.delete.dry-run", Hit: "kubectl delete ns prod --dry-run=client", Miss: "kubectl delete ns prod"},
		{Row: "kubectl.delete.namespace", Hit: "kubectl delete namespace prod", Miss: "kubectl get namespace prod"},
		{Row: "kubectl.delete.namespace", Hit: "kubectl -n x delete ns/prod", Miss: "kubectl -n ns delete pod web"},
		{Row: "kubectl.delete.all", Hit: "kubectl delete pods --all", Miss: "kubectl delete pod web"},
		{Row: "kubectl.delete.storage", Hit: "kubectl delete pvc data-db-0", Miss: "kubectl describe pvc data-db-0"},
		{Row: "kubectl.delete.crd", Hit: "kubectl delete crd certificates.cert-manager.io", Miss: "kubectl delete certificate web"},
		{Row: "kubectl.delete.file", Hit: "kubectl delete -f app.yaml", Miss: "kubectl apply -f app.yaml"},
		{Row: "kubectl.delete.selector", Hit: "kubectl delete pods -l app=web", Miss: "kubectl get pods -l app=web"},
		{Row: "kubectl.delete.stateful", Hit: "kubectl delete statefulset db", Miss: "kubectl delete deployment web"},
		{Row: "kubectl.delete.config", Hit: "kubectl delete secret api-key", Miss: "kubectl get secret api-key"},
		{Row: "kubectl.delete", Hit: "kubectl delete deployment web", Miss: "kubectl delete ns web"},
		{Row: "kubectl.drain", Hit: "kubectl drain node-1 --ignore-daemonsets", Miss: "kubectl cordon node-1"},
		{Row: "kubectl.scale.zero", Hit: "kubectl scale deploy web --replicas=0", Miss: "kubectl scale deploy web --replicas=3"},
		{Row: "kubectl.replace.force", Hit: "kubectl replace --force -f x.yaml", Miss: "kubectl replace -f x.yaml"},
		{Row: "kubectl.apply.prune", Hit: "kubectl apply --prune -l app=web -f .", Miss: "kubectl apply -f ."},
		{Row: "kubectl.read", Hit: "kubectl get pods -A", Miss: "kubectl patch pod x -p '{}'"},
		{Row: "kubectl.other", Hit: "kubectl rollout restart deploy/web", Miss: "kubectl logs web"},
		{Row: "helm.uninstall", Hit: "helm uninstall web -n prod", Miss: "helm status web"},
		{Row: "helm.read", Hit: "helm list -A", Miss: "helm upgrade web ./chart"},
		{Row: "helm.other", Hit: "helm upgrade --install web ./chart", Miss: "helm delete web"},
	})
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
		)
	}
	cases = append(cases,
		c("release uninstalled", "helm_release", del, map[string]any{"name": "api", "chart": "api"}, nil, "helm.release.delete", 2),
		c("release upgraded", "helm_release", upd, map[string]any{"version": "1.0.0"}, map[string]any{"version": "1.1.0"}, "helm.release.update.in-place", 1),
	)
	rulestest.RunResources(t, ResourceRules(), cases)
}
