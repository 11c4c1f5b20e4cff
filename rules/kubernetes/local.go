package kubernetes

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// localClusterRows are the tools that run a Kubernetes cluster on the
// developer's own machine (kind, minikube, k3d): deleting one deletes a
// disposable development cluster, whose workloads an apply recreates.
func localClusterRows() []rules.Rule {
	const reason = "deletes a local development cluster (on this machine, in containers or a VM): what ran in it an apply recreates, and anything kept only inside it is lost"
	return []rules.Rule{
		row("k8s.kind.delete", "kind", rules.Any(rules.Sub("delete", "cluster"), rules.Sub("delete", "clusters")), model.TierRecoverableWithEffort, reason),
		row("k8s.minikube.delete", "minikube", rules.Sub("delete"), model.TierRecoverableWithEffort, reason),
		row("k8s.k3d.delete", "k3d", rules.Sub("cluster", "delete"), model.TierRecoverableWithEffort, reason),
	}
}
