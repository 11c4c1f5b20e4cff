package kubernetes

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// ResourceRules are the rows for the Terraform kubernetes and helm
// providers. A namespace is a container: deleting it deletes everything in
// it, managed here or not. A claim's volume is deleted with it under the
// Delete reclaim policy, the default of dynamically provisioned volumes,
// which the plan does not show. Uninstalling a Helm release deletes its
// objects, but Kubernetes keeps the claims a StatefulSet created.
func ResourceRules() []rules.Rule {
	var out []rules.Rule
	for _, v := range []string{"", "_v1"} {
		ns, pvc := "kubernetes_namespace"+v, "kubernetes_persistent_volume_claim"+v
		out = append(out,
			rules.Rule{ID: "k8s.tf.namespace" + v + ".delete", Type: ns, On: rules.Destroy, Tier: model.TierUnrecoverable, Confidence: model.ConfidenceMedium,
				Reason: "deleting a namespace deletes every object in it, claims and secrets included, whether this configuration manages them or not"},
			rules.Rule{ID: "k8s.tf.namespace" + v + ".update.in-place", Type: ns, On: rules.Update, Tier: model.TierReversible, Confidence: model.ConfidenceMedium,
				Reason: "labels and annotations change in place; re-applying the previous values reverts them"},
			rules.Rule{ID: "k8s.tf.pvc" + v + ".delete", Type: pvc, On: rules.Destroy, Tier: model.TierUnrecoverable, Confidence: model.ConfidenceMedium,
				Reason: "with the Delete reclaim policy (the default for dynamically provisioned volumes) the volume and its data are deleted with the claim"},
			rules.Rule{ID: "k8s.tf.pvc" + v + ".update.in-place", Type: pvc, On: rules.Update, Tier: model.TierReversible, Confidence: model.ConfidenceMedium,
				Reason: "an in-place update (a resize or labels) keeps the volume and its data"},
		)
	}
	return append(out,
		rules.Rule{ID: "helm.release.delete", Type: "helm_release", On: rules.Destroy, Tier: model.TierRecoverableWithEffort, Confidence: model.ConfidenceMedium,
			Reason: "uninstalling the release deletes its objects; an apply installs it again, and the claims its StatefulSets created are kept by Kubernetes, but data in volumes the chart created directly goes with them"},
		rules.Rule{ID: "helm.release.update.in-place", Type: "helm_release", On: rules.Update, Tier: model.TierReversible, Confidence: model.ConfidenceMedium,
			Reason: "an upgrade in place; `helm rollback` or re-applying the previous values reverts it"},
	)
}
