package cloud

import (
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// The AWS operations that carry a delete, stop or remove verb but lose no
// data: what they take away one call puts back. They were judged by the
// catch-all aws.delete (unrecoverable), which blocked a third of the AWS
// CLI's own everyday examples (testdata/everyday): stopping a database,
// disabling a key, cancelling a key's deletion, removing a tag.

// awsRestorable are operation prefixes whose effect the opposite call
// restores: a stopped instance starts, a disabled key is enabled, a
// detached volume attaches, a revoked grant is granted again.
var awsRestorable = []string{"stop-", "disable-", "cancel-", "reset-", "detach-", "revoke-", "unsubscribe",
	"remove-tags", "remove-permission", "remove-role", "remove-source-identifier", "remove-from-", "remove-option-from-",
	"remove-layer-version-permission", "remove-regions-from-replication", "remove-user-from-group", "remove-client-id-from",
	"deregister-task-definition", "deregister-container-instance", "deregister-targets", "deregister-instances-from",
	"deregister-transit-gateway-multicast", "deregister-instance-event-notification", "deprovision-", "release-hosts",
	"terminate-client-vpn-connections"}

// awsRecoveryWords in an operation that stops, disables or deletes
// something mean it turns a recovery path off: automated backups'
// replication, snapshot copies, point-in-time recovery.
var awsRecoveryWords = []string{"backup", "snapshot-copy", "point-in-time", "bucket-replication", "continuous-backups"}

// awsConfiguration are what a delete names (the end of its operation's
// name) that a put or create recreates as it was: configuration, not
// data, in any service ("*") or in one. A public-access block and a bucket
// policy are not among them (a delete of either can widen who reads the
// bucket), nor is replication (a copy kept for recovery), nor a login
// profile (a credential). Words that name data in some service (group:
// a log group, an ElastiCache replication group) are listed only for the
// service where they do not.
var awsConfiguration = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"*": {"tags", "tagging", "cors", "website", "analytics-configuration", "metrics-configuration",
			"inventory-configuration", "intelligent-tiering-configuration", "ownership-controls", "lifecycle", "lifecycle-policy",
			"retention-policy", "resource-policy", "repository-policy", "key-policy", "alias", "alarms", "dashboards",
			"health-check", "cluster-endpoint", "event-subscription", "parameter-group", "subnet-group", "db-security-group",
			"option-group", "event-source-mapping", "function-concurrency", "function-event-invoke-config",
			"provisioned-concurrency-config", "account-setting", "attributes", "capacity-provider", "platform-application",
			"endpoint", "topic", "metric-filter", "subscription-filter", "rule", "notification-configuration", "service",
			"cluster-capacity-providers", "task-set", "global-cluster",
			// Since January 2023 S3 encrypts every new object (SSE-S3) whatever
			// the bucket's configuration: deleting it changes the key, not whether.
			"bucket-encryption"},
		// A network's configuration: what an apply or a click recreates.
		"ec2": {"vpc", "subnet", "route", "route-table", "security-group", "network-acl", "network-acl-entry", "internet-gateway",
			"egress-only-internet-gateway", "nat-gateway", "carrier-gateway", "customer-gateway", "vpn-gateway", "vpn-connection",
			"vpn-connection-route", "dhcp-options", "vpc-endpoints", "vpc-endpoint-connection-notifications",
			"vpc-endpoint-service-configurations", "vpc-peering-connection", "transit-gateway", "transit-gateway-route",
			"transit-gateway-route-table", "transit-gateway-vpc-attachment", "transit-gateway-peering-attachment",
			"transit-gateway-connect", "transit-gateway-connect-peer", "transit-gateway-multicast-domain",
			"transit-gateway-prefix-list-reference", "client-vpn-route", "client-vpn-endpoint", "local-gateway-route",
			"managed-prefix-list", "ipam", "ipam-scope", "ipam-pool", "network-interface", "network-interface-permission",
			"placement-group", "key-pair", "launch-template", "launch-template-versions", "instance-event-window", "flow-logs",
			"traffic-mirror-filter", "traffic-mirror-filter-rule", "traffic-mirror-session", "traffic-mirror-target",
			"network-insights-path", "network-insights-analysis", "network-insights-access-scope", "network-insights-access-scope-analysis",
			"subnet-cidr-reservation", "spot-datafeed-subscription", "queued-reserved-instances", "fleets"},
		// Load balancers, APIs, fleets and schedules: how traffic and work are
		// routed, which an apply or a click recreates.
		"elbv2": {"listener", "load-balancer", "target-group", "rule"},
		"apigateway": {"authorizer", "base-path-mapping", "deployment", "domain-name", "integration", "integration-response",
			"method", "method-response", "model", "resource", "rest-api", "stage", "usage-plan", "usage-plan-key",
			"request-validator", "gateway-response", "documentation-part", "documentation-version", "vpc-link"},
		"ssm":         {"activation", "association", "document", "maintenance-window", "patch-baseline", "resource-data-sync", "ops-metadata"},
		"autoscaling": {"launch-configuration", "lifecycle-hook", "policy", "scheduled-action", "warm-pool", "notification-configuration"},
		"efs":         {"mount-target", "access-point"},
		"redshift":    {"cluster-security-group", "hsm-configuration", "scheduled-action", "usage-limit", "endpoint-access"},
		"glue":        {"job", "trigger", "crawler", "classifier", "workflow", "dev-endpoint"},
		"elasticache": {"user-group"},
		// Permissions: who may do what, which an apply or a click restores.
		"iam": {"group", "group-policy", "role-policy", "user-policy", "policy", "policy-version", "instance-profile",
			"role-permissions-boundary", "user-permissions-boundary", "account-password-policy", "ssh-public-key", "account-alias"},
	}
})

// awsOp holds when the service and operation (the first two operands of
// aws) satisfy match; name says what it checks, for explanations.
func awsOp(name string, match func(service, op string) bool) rules.Cond {
	return rules.Func(name, func(f rules.Facts) rules.Result {
		return f.Readings(func(ops []model.Arg) rules.Result {
			if len(ops) < 2 || !match(ops[0].Value, ops[1].Value) {
				return rules.Result{Truth: rules.False}
			}
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "operation", Value: ops[0].Value + " " + ops[1].Value, Present: true}}}
		})
	})
}

func hasPrefixIn(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

func containsAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// configurationDelete reports whether service's operation op deletes
// configuration: a delete whose object, the rest of its name, is or ends
// with a configuration word of any service or of that one.
func configurationDelete(service, op string) bool {
	object, ok := strings.CutPrefix(op, "delete-")
	if !ok {
		return false
	}
	for _, list := range [][]string{awsConfiguration()["*"], awsConfiguration()[service]} {
		for _, c := range list {
			if object == c || strings.HasSuffix(object, "-"+c) {
				return true
			}
		}
	}
	return false
}

// awsOpRows are the AWS operation rows that come before aws.delete.
func awsOpRows() []rules.Rule {
	stopsRecovery := func(_, op string) bool {
		return (hasPrefixIn(op, awsRestorable) || strings.HasPrefix(op, "delete-")) && containsAny(op, awsRecoveryWords)
	}
	return []rules.Rule{
		row("aws.recovery-off", "aws", awsOp("an operation that stops or deletes a backup's replication, a snapshot copy or point-in-time recovery", stopsRecovery),
			model.TierNeedsReview, protectionOffReason),
		row("aws.s3api.delete-public-access-block", "aws", op("s3api", "delete-public-access-block"), model.TierNeedsReview,
			"removes the bucket's public-access block: its policy or ACLs may then open it to anyone, and whether they do is not in the input"),
		row("aws.ec2.diagnostic-interrupt", "aws", op("ec2", "send-diagnostic-interrupt"), model.TierNeedsReview,
			"sends the instance a diagnostic interrupt, on which its operating system typically panics and restarts: what its programs held in memory is lost"),
		row("aws.iam.trust-policy-file", "aws", rules.All(op("iam", "update-assume-role-policy"), fileArgument("policy-document")), model.TierNeedsReview,
			"replaces who may assume the role with a policy from a file the input does not show: a trust policy can let any account, or anyone, act as the role"),
		row("aws.kms.cancel-key-deletion", "aws", op("kms", "cancel-key-deletion"), model.TierReversible,
			"cancels a scheduled key deletion: the key is kept"),
		row("aws.restorable", "aws", rules.All(awsOp("an operation that stops, disables, cancels, resets, detaches, revokes or removes what one call restores",
			func(_, op string) bool { return hasPrefixIn(op, awsRestorable) }), rules.Not(rules.Flag("terminate-instances"))),
			model.TierRecoverableWithEffort, "stops, disables, cancels, resets, detaches, revokes or removes something the opposite call restores (start, enable, attach, grant, add); no data is deleted"),
		row("aws.delete.configuration", "aws", rules.All(awsOp("a delete of configuration (tags, policies, aliases, alarms, parameter groups, endpoints ...)", configurationDelete),
			rules.Not(rules.Flag("terminate-instances"))),
			model.TierRecoverableWithEffort, "deletes configuration a put or create recreates as it was (tags, a policy, an alias, an alarm, a parameter group, an endpoint ...); no data is deleted"),
		row("aws.autoscaling.delete-group", "aws", rules.All(op("autoscaling", "delete-auto-scaling-group"), rules.Not(rules.Flag("force-delete"))),
			model.TierRecoverableWithEffort, "deletes the group, which EC2 Auto Scaling refuses while it has instances (without --force-delete): configuration a create recreates"),
		row("aws.redshift.delete.final-snapshot", "aws", rules.All(op("redshift", "delete-cluster"), rules.Flag("final-cluster-snapshot-identifier")),
			model.TierRecoverableFromBackup, "a final snapshot is taken before the delete; the cluster can be restored from it"),
		row("aws.s3api.delete-bucket", "aws", rules.All(op("s3api", "delete-bucket"), awsOp("the operation delete-bucket itself", func(_, op string) bool { return op == "delete-bucket" })),
			model.TierRecoverableWithEffort,
			"deletes the bucket, which S3 refuses unless it is empty (as s3 rb without --force)"),
		row("aws.ecs.delete-cluster", "aws", rules.All(op("ecs", "delete-cluster"), awsOp("the operation delete-cluster itself", func(_, op string) bool { return op == "delete-cluster" })),
			model.TierRecoverableWithEffort,
			"deletes the cluster, which ECS refuses while it has services or container instances: configuration a create recreates"),
		row("aws.s3api.delete-object-version", "aws", rules.All(op("s3api", "delete-object"), awsOp("the operation delete-object itself", func(_, op string) bool { return op == "delete-object" }),
			rules.Flag("version-id")), model.TierUnrecoverable,
			"deletes one version of one object (--version-id) for good: S3 writes no delete marker and keeps no copy, and the version cannot be restored "+
				"(S3 API Reference, DeleteObject: \"Using this query parameter permanently deletes the version\", https://docs.aws.amazon.com/AmazonS3/latest/API/API_DeleteObject.html, read 2026-11-29)"),
		row("aws.dynamodb.delete-item", "aws", rules.All(op("dynamodb", "delete-item"), rules.Flag("key")), model.TierRecoverableWithEffort,
			"deletes the one item its key names (--key); the rest of the table is untouched"),
		row("aws.sqs.delete-message", "aws", op("sqs", "delete-message"), model.TierRecoverableWithEffort,
			"acknowledges messages a consumer received (by receipt handle): an ordinary consumer's last step"),
	}
}
