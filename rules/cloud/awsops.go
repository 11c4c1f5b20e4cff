package cloud

import (
	"strings"

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
	"deregister-task-definition", "deregister-container-instance", "deregister-targets", "deregister-instances-from"}

// awsRecoveryWords in an operation that stops, disables or deletes
// something mean it turns a recovery path off: automated backups'
// replication, snapshot copies, point-in-time recovery.
var awsRecoveryWords = []string{"backup", "snapshot-copy", "point-in-time", "bucket-replication", "continuous-backups"}

// awsConfiguration are what a delete names (the end of its operation's
// name) that a put or create recreates as it was: configuration, not
// data. A public-access block and a bucket policy are not among them (a
// delete of either can widen who reads the bucket), nor is replication (a
// copy kept for recovery).
var awsConfiguration = []string{"tags", "tagging", "cors", "website", "analytics-configuration", "metrics-configuration",
	"inventory-configuration", "intelligent-tiering-configuration", "ownership-controls", "lifecycle", "lifecycle-policy",
	"retention-policy", "resource-policy", "repository-policy", "key-policy", "alias", "alarms", "dashboards",
	"health-check", "cluster-endpoint", "event-subscription", "parameter-group", "subnet-group", "db-security-group",
	"option-group", "event-source-mapping", "function-concurrency", "function-event-invoke-config",
	"provisioned-concurrency-config", "account-setting", "attributes", "capacity-provider", "platform-application",
	"endpoint", "topic", "metric-filter", "subscription-filter", "rule", "notification-configuration", "service",
	"cluster-capacity-providers", "task-set", "login-profile"}

// awsOp holds when the operation (the second operand of aws) satisfies
// match; name says what it checks, for explanations.
func awsOp(name string, match func(op string) bool) rules.Cond {
	return rules.Func(name, func(f rules.Facts) rules.Result {
		return f.Readings(func(ops []model.Arg) rules.Result {
			if len(ops) < 2 || !match(ops[1].Value) {
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

// configurationDelete reports whether op deletes configuration: a delete
// whose object, the rest of its name, ends with a configuration word.
func configurationDelete(op string) bool {
	object, ok := strings.CutPrefix(op, "delete-")
	if !ok {
		return false
	}
	for _, c := range awsConfiguration {
		if object == c || strings.HasSuffix(object, "-"+c) {
			return true
		}
	}
	return false
}

// awsOpRows are the AWS operation rows that come before aws.delete.
func awsOpRows() []rules.Rule {
	stopsRecovery := func(op string) bool {
		return (hasPrefixIn(op, awsRestorable) || strings.HasPrefix(op, "delete-")) && containsAny(op, awsRecoveryWords)
	}
	return []rules.Rule{
		row("aws.recovery-off", "aws", awsOp("an operation that stops or deletes a backup's replication, a snapshot copy or point-in-time recovery", stopsRecovery),
			model.TierNeedsReview, protectionOffReason),
		row("aws.s3api.delete-public-access-block", "aws", op("s3api", "delete-public-access-block"), model.TierNeedsReview,
			"removes the bucket's public-access block: its policy or ACLs may then open it to anyone, and whether they do is not in the input"),
		row("aws.kms.cancel-key-deletion", "aws", op("kms", "cancel-key-deletion"), model.TierReversible,
			"cancels a scheduled key deletion: the key is kept"),
		row("aws.restorable", "aws", rules.All(awsOp("an operation that stops, disables, cancels, resets, detaches, revokes or removes what one call restores",
			func(op string) bool { return hasPrefixIn(op, awsRestorable) }), rules.Not(rules.Flag("terminate-instances"))),
			model.TierRecoverableWithEffort, "stops, disables, cancels, resets, detaches, revokes or removes something the opposite call restores (start, enable, attach, grant, add); no data is deleted"),
		row("aws.delete.configuration", "aws", awsOp("a delete of configuration (tags, policies, aliases, alarms, parameter groups, endpoints ...)", configurationDelete),
			model.TierRecoverableWithEffort, "deletes configuration a put or create recreates as it was (tags, a policy, an alias, an alarm, a parameter group, an endpoint ...); no data is deleted"),
		row("aws.dynamodb.delete-item", "aws", rules.All(op("dynamodb", "delete-item"), rules.Flag("key")), model.TierRecoverableWithEffort,
			"deletes the one item its key names (--key); the rest of the table is untouched"),
		row("aws.sqs.delete-message", "aws", op("sqs", "delete-message"), model.TierRecoverableWithEffort,
			"acknowledges messages a consumer received (by receipt handle): an ordinary consumer's last step"),
	}
}
