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
	out = append(out, workloadRules()...)
	out = append(out, manifestRules()...)
	return append(out,
		rules.Rule{ID: "helm.release.delete", Type: "helm_release", On: rules.Destroy, Tier: model.TierUnrecoverable, Confidence: model.ConfidenceMedium,
			Reason: "uninstalling the release deletes every object it created, the volume claims the chart declares directly included (with their data; the claims its StatefulSets made are kept), as helm uninstall does; an apply installs it again empty"},
		rules.Rule{ID: "helm.release.update.in-place", Type: "helm_release", On: rules.Update, Tier: model.TierReversible, Confidence: model.ConfidenceMedium,
			Reason: "an upgrade in place; `helm rollback` or re-applying the previous values reverts it"},
	)
}

// workloadRules are the Terraform kubernetes provider's other object
// types, in both spellings (kubernetes_x and kubernetes_x_v1). Workloads
// and configuration are recreated by an apply; a StatefulSet's claims
// outlive it (the default persistentVolumeClaimRetentionPolicy is
// Retain); a PersistentVolume's storage follows its reclaim policy.
func workloadRules() []rules.Rule {
	var out []rules.Rule
	for _, v := range []string{"", "_v1"} {
		pv := "kubernetes_persistent_volume" + v
		out = append(out,
			rules.Rule{ID: "k8s.tf.pv" + v + ".delete.retain", Type: pv, On: rules.Destroy, Tier: model.TierRecoverableWithEffort,
				When:   rules.Was("spec.0.persistent_volume_reclaim_policy", rules.Eq("Retain")),
				Reason: "with the Retain reclaim policy the storage asset and its data outlive the volume object; a new volume can be bound to it again"},
			rules.Rule{ID: "k8s.tf.pv" + v + ".delete", Type: pv, On: rules.Destroy, Tier: model.TierUnrecoverable, Confidence: model.ConfidenceMedium,
				Reason: "with the Delete (or Recycle) reclaim policy the storage behind the volume can be deleted or wiped with it"},
			rules.Rule{ID: "k8s.tf.pv" + v + ".update.reclaim-delete", Type: pv, On: rules.Update, Tier: model.TierRecoverableWithEffort,
				When:   rules.Becomes("spec.0.persistent_volume_reclaim_policy", rules.Eq("Retain"), rules.Ne("Retain")),
				Reason: "the reclaim policy no longer retains the storage: when the volume or its claim is deleted later, the disk and its data go with it"},
			rules.InPlace(pv, "k8s.tf.pv"+v+".update.in-place"))
		out = append(out, rules.PlainRows(
			rules.Plain{Type: "kubernetes_stateful_set" + v, ID: "k8s.tf.statefulset" + v, Tier: model.TierRecoverableWithEffort, Confidence: model.ConfidenceMedium,
				Reason: "its pods are deleted, but the claims it created are kept (unless its claim retention policy says Delete), so an apply recreates it on the same data"},
			rules.Plain{Type: "kubernetes_deployment" + v, ID: "k8s.tf.deployment" + v, Tier: model.TierRecoverableWithEffort,
				Reason: "its pods are deleted and requests fail until an apply recreates it from its spec"},
			rules.Plain{Type: "kubernetes_daemonset" + v, ID: "k8s.tf.daemonset" + v, Tier: model.TierRecoverableWithEffort,
				Reason: "its pod is removed from every node until an apply recreates it"},
			rules.Plain{Type: "kubernetes_job" + v, ID: "k8s.tf.job" + v, Tier: model.TierRecoverableWithEffort, Confidence: model.ConfidenceMedium,
				Reason: "the job and its pods are deleted, with their logs; a running job stops partway"},
			rules.Plain{Type: "kubernetes_cron_job" + v, ID: "k8s.tf.cronjob" + v, Tier: model.TierRecoverableWithEffort,
				Reason: "no run is scheduled until an apply recreates it; runs missed meanwhile are not made up"},
			rules.Plain{Type: "kubernetes_service" + v, ID: "k8s.tf.service" + v, Tier: model.TierRecoverableWithEffort,
				Reason: "traffic to the service fails; a recreated service gets a new cluster IP, and a LoadBalancer a new external address, unless they are pinned"},
			rules.Plain{Type: "kubernetes_ingress" + v, ID: "k8s.tf.ingress" + v, Tier: model.TierRecoverableWithEffort,
				Reason: "external traffic it routed fails until an apply recreates it, and its load balancer address may change"},
			rules.Plain{Type: "kubernetes_secret" + v, ID: "k8s.tf.secret" + v, Tier: model.TierRecoverableWithEffort, Confidence: model.ConfidenceMedium,
				Reason: "an apply writes the secret again from configuration, but values written into it outside Terraform (generated tokens, certificates) are lost"},
			rules.Plain{Type: "kubernetes_config_map" + v, ID: "k8s.tf.configmap" + v, Tier: model.TierReversible,
				Reason: "an apply writes the config map again from configuration; pods that mount it fail to start until then"},
			rules.Plain{Type: "kubernetes_service_account" + v, ID: "k8s.tf.serviceaccount" + v, Tier: model.TierRecoverableWithEffort,
				Reason: "pods using the account lose their identity and tokens; a recreated account has a new uid, so tokens issued for the old one stop working"},
			rules.Plain{Type: "kubernetes_role_binding" + v, ID: "k8s.tf.rolebinding" + v, Tier: model.TierReversible,
				Reason: "the subjects lose the role in the namespace until an apply binds it again"},
			rules.Plain{Type: "kubernetes_cluster_role_binding" + v, ID: "k8s.tf.clusterrolebinding" + v, Tier: model.TierReversible,
				Reason: "the subjects lose the cluster role until an apply binds it again"},
			rules.Plain{Type: "kubernetes_storage_class" + v, ID: "k8s.tf.storageclass" + v, Tier: model.TierRecoverableWithEffort,
				Reason: "new claims that name the class cannot be provisioned until an apply recreates it; existing volumes are untouched"},
		)...)
	}
	return out
}

// manifestRules: a kubernetes_manifest can be any kind, so its kind
// decides. Deleting a CustomResourceDefinition deletes every custom
// resource of that kind in the cluster.
func manifestRules() []rules.Rule {
	const typ = "kubernetes_manifest"
	kind := func(k string) rules.Cond { return rules.Was("manifest.kind", rules.Eq(k)) }
	return []rules.Rule{
		{ID: "k8s.tf.manifest.delete.crd", Type: typ, On: rules.Destroy, Tier: model.TierUnrecoverable,
			When:   kind("CustomResourceDefinition"),
			Reason: "deleting a CustomResourceDefinition deletes every custom resource of its kind in the cluster, managed here or not"},
		{ID: "k8s.tf.manifest.delete.namespace", Type: typ, On: rules.Destroy, Tier: model.TierUnrecoverable, Confidence: model.ConfidenceMedium,
			When:   kind("Namespace"),
			Reason: "deleting a namespace deletes every object in it, claims and secrets included, whether this configuration manages them or not"},
		{ID: "k8s.tf.manifest.delete.volume", Type: typ, On: rules.Destroy, Tier: model.TierUnrecoverable, Confidence: model.ConfidenceMedium,
			When:   rules.Any(kind("PersistentVolumeClaim"), kind("PersistentVolume")),
			Reason: "with the Delete reclaim policy (the default for dynamically provisioned volumes) the volume and its data go with it"},
		{ID: "k8s.tf.manifest.delete.operated", Type: typ, On: rules.Destroy, Tier: model.TierUnrecoverable, Confidence: model.ConfidenceMedium,
			When:   operatedKind(kind),
			Reason: "the kind is one an operator runs a database, queue, storage, backup or cluster for (CloudNativePG's Cluster, Velero's Backup, Strimzi's Kafka, ECK's Elasticsearch, Rook's CephCluster): the operator deletes what it runs, and under some settings its volumes and backups too"},
		{ID: "k8s.tf.manifest.delete", Type: typ, On: rules.Destroy, Tier: model.TierRecoverableWithEffort, Confidence: model.ConfidenceMedium,
			When:   rules.Was("manifest.kind", rules.Set()),
			Reason: "the object is deleted and an apply recreates it from its manifest; state it held outside the manifest (status, generated fields) is lost"},
		{ID: "k8s.tf.manifest.delete.no-kind", Type: typ, On: rules.Destroy, Tier: model.TierUnrecoverable, Confidence: model.ConfidenceMedium,
			Reason: "the manifest names no kind, so it is read as the most dangerous one: a definition or namespace whose delete takes other objects with it"},
		rules.InPlace(typ, "k8s.tf.manifest.update.in-place"),
	}
}

// operatedKinds are the custom resources of operators that run databases,
// queues, storage, backups and clusters (CloudNativePG's Cluster and
// Backup, Velero's Backup, Zalando's postgresql, Strimzi's Kafka, ECK's
// Elasticsearch, Rook's CephCluster, a Cluster API cluster), as manifests
// spell their kinds: the operator deletes what it runs, and under some
// settings the volumes and backups with it.
var operatedKinds = []string{"Backup", "VolumeSnapshot", "VolumeSnapshotContent", "Cluster", "PostgresCluster", "postgresql",
	"InnoDBCluster", "PerconaXtraDBCluster", "PerconaServerMongoDB", "MongoDBCommunity", "MongoDB", "Kafka", "KafkaTopic",
	"Elasticsearch", "OpenSearchCluster", "RedisFailover", "RedisCluster", "RabbitmqCluster", "CassandraDatacenter", "CephCluster",
	"CephBlockPool", "CephFilesystem", "CephObjectStore", "ObjectBucketClaim", "EtcdCluster", "Database"}

// operatedKind holds when the manifest's kind is one of operatedKinds.
func operatedKind(kind func(string) rules.Cond) rules.Cond {
	cs := make([]rules.Cond, len(operatedKinds))
	for i, k := range operatedKinds {
		cs[i] = kind(k)
	}
	return rules.Any(cs...)
}
