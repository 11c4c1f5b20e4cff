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
			rules.Plain{Type: "kubernetes_pod" + v, ID: "k8s.tf.pod" + v, Tier: model.TierRecoverableWithEffort,
				Reason: "the pod stops and is deleted with its emptyDir volumes and logs; an apply starts it again from its spec"},
			rules.Plain{Type: "kubernetes_replication_controller" + v, ID: "k8s.tf.replicationcontroller" + v, Tier: model.TierRecoverableWithEffort,
				Reason: "its pods are deleted and requests fail until an apply recreates it from its spec"},
			rules.Plain{Type: "kubernetes_role" + v, ID: "k8s.tf.role" + v, Tier: model.TierRecoverableWithEffort,
				Reason: "bindings to the role grant nothing until an apply recreates it from configuration"},
			rules.Plain{Type: "kubernetes_cluster_role" + v, ID: "k8s.tf.clusterrole" + v, Tier: model.TierRecoverableWithEffort,
				Reason: "bindings to the cluster role grant nothing until an apply recreates it from configuration"},
			rules.Plain{Type: "kubernetes_network_policy" + v, ID: "k8s.tf.networkpolicy" + v, Tier: model.TierRecoverableWithEffort,
				Reason: "the traffic the policy kept out of its pods is let in (or, if it was their only policy, all traffic is) until an apply recreates it"},
			rules.Plain{Type: "kubernetes_ingress_class" + v, ID: "k8s.tf.ingressclass" + v, Tier: model.TierRecoverableWithEffort,
				Reason: "ingresses that name the class stop being served by its controller until an apply recreates it"},
			rules.Plain{Type: "kubernetes_priority_class" + v, ID: "k8s.tf.priorityclass" + v, Tier: model.TierRecoverableWithEffort,
				Reason: "new pods that name the class are refused until an apply recreates it; running pods keep their priority"},
			rules.Plain{Type: "kubernetes_pod_disruption_budget" + v, ID: "k8s.tf.poddisruptionbudget" + v, Tier: model.TierReversible,
				Reason: "voluntary evictions (a node drain) are no longer held back for the pods until an apply adds the budget again"},
			rules.Plain{Type: "kubernetes_limit_range" + v, ID: "k8s.tf.limitrange" + v, Tier: model.TierReversible,
				Reason: "new pods in the namespace get no default or bounded resources until an apply adds the range again; running pods are untouched"},
			rules.Plain{Type: "kubernetes_resource_quota" + v, ID: "k8s.tf.resourcequota" + v, Tier: model.TierReversible,
				Reason: "the namespace is no longer held to the quota until an apply adds it again; nothing running is touched"},
			rules.Plain{Type: "kubernetes_mutating_webhook_configuration" + v, ID: "k8s.tf.mutatingwebhookconfiguration" + v, Tier: model.TierRecoverableWithEffort,
				Reason: "objects are admitted without the webhook's changes (injected sidecars, defaults) until an apply adds it again"},
			rules.Plain{Type: "kubernetes_validating_webhook_configuration" + v, ID: "k8s.tf.validatingwebhookconfiguration" + v, Tier: model.TierRecoverableWithEffort,
				Reason: "objects are admitted without the webhook's checks (policies it enforced) until an apply adds it again"},
		)...)
	}
	return append(out, rules.PlainRows(
		rules.Plain{Type: "kubernetes_horizontal_pod_autoscaler", ID: "k8s.tf.hpa", Tier: model.TierReversible,
			Reason: "the workload stops autoscaling and keeps its current replica count until an apply adds the autoscaler again"},
		rules.Plain{Type: "kubernetes_horizontal_pod_autoscaler_v1", ID: "k8s.tf.hpa_v1", Tier: model.TierReversible,
			Reason: "the workload stops autoscaling and keeps its current replica count until an apply adds the autoscaler again"},
		rules.Plain{Type: "kubernetes_horizontal_pod_autoscaler_v2", ID: "k8s.tf.hpa_v2", Tier: model.TierReversible,
			Reason: "the workload stops autoscaling and keeps its current replica count until an apply adds the autoscaler again"},
		rules.Plain{Type: "kubernetes_labels", ID: "k8s.tf.labels", Tier: model.TierReversible,
			Reason: "the labels it set are removed from the object until an apply sets them again; selectors that matched them stop matching meanwhile"},
		rules.Plain{Type: "kubernetes_annotations", ID: "k8s.tf.annotations", Tier: model.TierReversible,
			Reason: "the annotations it set are removed from the object until an apply sets them again"},
		rules.Plain{Type: "kubernetes_env", ID: "k8s.tf.env", Tier: model.TierReversible,
			Reason: "the environment variables it set are removed from the container spec (its pods restart without them) until an apply sets them again"},
		rules.Plain{Type: "kubernetes_config_map_v1_data", ID: "k8s.tf.configmap-data", Tier: model.TierReversible,
			Reason: "the keys it manages are removed from the config map until an apply writes them again"},
		rules.Plain{Type: "kubernetes_secret_v1_data", ID: "k8s.tf.secret-data", Tier: model.TierRecoverableWithEffort,
			Reason: "the keys it manages are removed from the secret until an apply writes them again from configuration; pods that read them fail meanwhile"},
		rules.Plain{Type: "kubernetes_token_request_v1", ID: "k8s.tf.token-request", Tier: model.TierReversible,
			Reason: "a token request holds a short-lived token; an apply requests a new one"},
		rules.Plain{Type: "kubernetes_default_service_account_v1", ID: "k8s.tf.default-serviceaccount", Tier: model.TierReversible,
			Reason: "the namespace's default service account cannot be deleted: Terraform only stops managing its settings"},
		rules.Plain{Type: "kubernetes_csi_driver_v1", ID: "k8s.tf.csidriver", Tier: model.TierRecoverableWithEffort,
			Reason: "the driver's registration settings are removed until an apply recreates them; volumes already attached stay"},
		rules.Plain{Type: "kubernetes_endpoints_v1", ID: "k8s.tf.endpoints", Tier: model.TierRecoverableWithEffort,
			Reason: "the service loses the addresses it routed to until an apply recreates them"},
		rules.Plain{Type: "kubernetes_api_service_v1", ID: "k8s.tf.apiservice", Tier: model.TierRecoverableWithEffort,
			Reason: "the aggregated API group stops being served (kubectl top, custom metrics) until an apply registers it again"},
	)...)
}

// manifestRules: a kubernetes_manifest can be any kind, so its kind
// decides. Deleting a CustomResourceDefinition deletes every custom
// resource of that kind in the cluster.
func manifestRules() []rules.Rule {
	return append(manifestRows("kubernetes_manifest", "k8s.tf.manifest", "manifest.kind"), manifestRows("kubectl_manifest", "kubectl.manifest", "kind")...)
}

// manifestRows are the rows of a type that holds any Kubernetes object,
// whose kind is at kindPath: the kubernetes provider's kubernetes_manifest
// (manifest.kind) and the kubectl provider's kubectl_manifest (kind, read
// from its yaml_body).
func manifestRows(typ, id, kindPath string) []rules.Rule {
	kind := func(k string) rules.Cond { return rules.Was(kindPath, rules.Eq(k)) }
	return []rules.Rule{
		{ID: id + ".delete.crd", Type: typ, On: rules.Destroy, Tier: model.TierUnrecoverable,
			When:   kind("CustomResourceDefinition"),
			Reason: "deleting a CustomResourceDefinition deletes every custom resource of its kind in the cluster, managed here or not"},
		{ID: id + ".delete.namespace", Type: typ, On: rules.Destroy, Tier: model.TierUnrecoverable, Confidence: model.ConfidenceMedium,
			When:   kind("Namespace"),
			Reason: "deleting a namespace deletes every object in it, claims and secrets included, whether this configuration manages them or not"},
		{ID: id + ".delete.volume", Type: typ, On: rules.Destroy, Tier: model.TierUnrecoverable, Confidence: model.ConfidenceMedium,
			When:   rules.Any(kind("PersistentVolumeClaim"), kind("PersistentVolume")),
			Reason: "with the Delete reclaim policy (the default for dynamically provisioned volumes) the volume and its data go with it"},
		{ID: id + ".delete.operated", Type: typ, On: rules.Destroy, Tier: model.TierUnrecoverable, Confidence: model.ConfidenceMedium,
			When:   operatedKind(kind),
			Reason: "the kind is one an operator runs a database, queue, storage, backup or cluster for (CloudNativePG's Cluster, Velero's Backup, Strimzi's Kafka, ECK's Elasticsearch, Rook's CephCluster): the operator deletes what it runs, and under some settings its volumes and backups too"},
		{ID: id + ".delete", Type: typ, On: rules.Destroy, Tier: model.TierRecoverableWithEffort, Confidence: model.ConfidenceMedium,
			When:   rules.Was(kindPath, rules.Set()),
			Reason: "the object is deleted and an apply recreates it from its manifest; state it held outside the manifest (status, generated fields) is lost"},
		{ID: id + ".delete.no-kind", Type: typ, On: rules.Destroy, Tier: model.TierUnrecoverable, Confidence: model.ConfidenceMedium,
			Reason: "the manifest names no kind, so it is read as the most dangerous one: a definition or namespace whose delete takes other objects with it"},
		rules.InPlace(typ, id+".update.in-place"),
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
