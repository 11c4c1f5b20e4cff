// Package cloud holds the rules for the aws, gcloud, gsutil and az
// command-line tools: delete, terminate and remove operations per service, with the
// flags that change what survives (--skip-final-snapshot,
// --force-delete-without-recovery, --pending-window-in-days ...), and
// (platforms.go) for application platforms' and data stores' CLIs.
package cloud

import (
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

func row(id, typ string, when rules.Cond, tier model.Tier, reason string) rules.Rule {
	return rules.Rule{ID: id, Type: typ, On: rules.Execute, When: when, Tier: tier, Reason: reason}
}

// op holds when the command's service (first operand) is service ("*" for
// any) and its operation (second operand) starts with one of prefixes.
func op(service string, prefixes ...string) rules.Cond {
	return rules.Func(service+" "+strings.Join(prefixes, "|")+"*", func(f rules.Facts) rules.Result {
		return f.Readings(func(ops []model.Arg) rules.Result {
			if len(ops) < 2 || (service != "*" && ops[0].Value != service) {
				return rules.Result{Truth: rules.False}
			}
			for _, p := range prefixes {
				if strings.HasPrefix(ops[1].Value, p) {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "operation", Value: ops[0].Value + " " + ops[1].Value, Present: true}}}
				}
			}
			return rules.Result{Truth: rules.False}
		})
	})
}

// adminRole reports whether a GCP role grants owner or administrator
// rights: roles/owner, or an admin role (roles/resourcemanager.projectIamAdmin,
// roles/iam.securityAdmin, roles/storage.admin).
func adminRole(v string) bool {
	r := strings.ToLower(strings.TrimPrefix(v, "roles/"))
	return r == "owner" || strings.HasSuffix(r, "admin") || strings.Contains(r, ".admin")
}

// words holds when the command's operands contain every word, in order
// (gcloud sql instances delete).
// gcsVersionDeleteReason is why deleting named object generations (or
// all of them) needs review: versioning keeps nothing of a generation
// deleted by name, and only the bucket's soft delete policy (on by
// default, 7 days, but it can be turned off or shortened) keeps it
// restorable.
const gcsVersionDeleteReason = "deletes named object generations (gs://b/o#N) or every generation (-a, --all-versions): Object Versioning keeps nothing of them, " +
	"and only the bucket's soft delete policy can restore them — on by default for 7 days, but it can be off or shorter, and the bucket's policy is not in the input " +
	"(https://cloud.google.com/storage/docs/soft-delete, read 2026-11-29)"

// objectGeneration reports whether a names one generation of a Cloud
// Storage object: gs://bucket/object#GENERATION.
func objectGeneration(a model.Arg, _ *model.Command) bool {
	rest, ok := strings.CutPrefix(strings.ToLower(a.Value), "gs://")
	if !ok {
		return false
	}
	i := strings.LastIndexByte(rest, '#')
	if i < 0 || i == len(rest)-1 {
		return false
	}
	return strings.Trim(rest[i+1:], "0123456789") == ""
}

func words(ws ...string) rules.Cond {
	return rules.Func(strings.Join(ws, " "), func(f rules.Facts) rules.Result {
		ops := f.Operands()
		i := 0
		for _, o := range ops {
			if i < len(ws) && strings.EqualFold(o.Value, ws[i]) {
				i++
			}
		}
		if i == len(ws) {
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "operation", Value: strings.Join(ws, " "), Present: true}}}
		}
		return rules.Result{Truth: rules.False}
	})
}

const (
	monitoringConfigReason = "deletes monitoring configuration (an alert policy or rule, a dashboard, a notification channel or action group, an uptime check, a log-based metric or sink, diagnostic settings): a create or an apply recreates it as it was; no stored data is deleted, and alerts and exports stop until then"
	protectionOffReason    = "turns off a protection against loss (deletion or termination protection, versioning, point-in-time recovery, backups, soft delete): what it protected can then be lost for good, and whether that is intended is not in the input"
	publicReason           = "opens stored data to the public: what is read while it is open cannot be taken back"
	publicShareReason      = "shares a snapshot or machine image with every AWS account: anyone can copy the disk or database it holds, and a copy made while it is shared cannot be taken back"
	publicEndpoint         = "lets anyone on the internet reach the database or invoke the function (publicly accessible, a permission for any principal, a function URL without authentication): what is read or run while it is open cannot be taken back"
	openIngressReason      = "opens a port to the whole internet (0.0.0.0/0): whatever listens there, a database or SSH, can be reached by anyone while the rule stands, and what is read meanwhile cannot be taken back"
)

// openCIDRs are the source ranges that mean anyone on the internet.
var openCIDRs = []string{"0.0.0.0/0", "::/0"}

// protectionOff holds for a cloud CLI option that turns off a protection
// against loss: --no-deletion-protection, --no-backup, --no-versioning,
// versioning Status=Suspended, PointInTimeRecoveryEnabled=false ...
func protectionOff() rules.Cond {
	flags := rules.Flag("no-deletion-protection", "no-deletion-protection-enabled", "no-disable-api-termination", "no-backup",
		"no-versioning", "no-enable-point-in-time-recovery", "no-enable-bin-log", "no-copy-tags-to-snapshot",
		"no-enable-deletion-protection", "no-enable-drop-protection", "clear-soft-delete", "no-enable-termination-protection", "clear-retention-period")
	// The same settings given a value: --deletion-protection=false,
	// --enable-versioning false, --soft-delete-duration=0.
	var valued []rules.Cond
	for _, name := range []string{"deletion-protection", "deletion-protection-enabled", "enable-deletion-protection", "enable-drop-protection",
		"enable-versioning", "enable-purge-protection", "enable-soft-delete", "enable-delete-retention", "enable-container-delete-retention",
		"point-in-time-recovery", "enable-point-in-time-recovery", "disable-api-termination"} {
		valued = append(valued, rules.FlagEquals(name, "false", "False", "FALSE"))
	}
	for _, name := range []string{"snapshot-retention-limit", "backup-retention-period", "soft-delete-duration", "automated-snapshot-retention-period"} {
		valued = append(valued, rules.FlagEquals(name, "0", "0s", "0d"))
	}
	valued = append(valued, rules.FlagEquals("delete-protection-state", "DISABLED", "disabled"))
	return rules.Any(flags, rules.Any(valued...), argSays("status=suspended", `"status":"suspended"`, `"status": "suspended"`, "pointintimerecoveryenabled=false",
		"deletionprotection=false", "deletionprotectionenabled=false"))
}

// argSays holds when an argument contains one of the settings (compared
// without regard to case).
func argSays(settings ...string) rules.Cond {
	return rules.Func("an argument sets "+strings.Join(settings, "|"), func(f rules.Facts) rules.Result {
		for _, a := range f.M.Command.Args {
			v := strings.ToLower(a.Value)
			for _, set := range settings {
				if strings.Contains(v, set) {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "setting", Value: a.Value, Present: true}}}
				}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

var (
	dryRun       = rules.Flag("dryrun", "dry-run")
	deleteVerbs  = []string{"delete", "terminate", "remove", "deregister", "purge", "destroy", "disable", "cancel", "revoke", "detach", "release", "reset", "stop", "deprovision", "decommission", "schedule-key-deletion", "unsubscribe", "batch-delete"}
	readPrefixes = []string{"describe", "list", "get", "ls", "head", "wait", "help", "show", "lookup", "search", "query", "scan", "select", "estimate", "simulate", "validate", "test", "check", "preview", "filter", "batch-get", "download", "presign"}
)

// Rules returns the cloud CLI rows.
func Rules() []rules.Rule {
	return append([]rules.Rule{
		row("aws.dry-run", "aws", dryRun, model.TierReversible, "--dryrun/--dry-run only reports what would happen"),
		row("aws.help", "aws", rules.Any(rules.Sub("help"), rules.Sub("*", "help"), rules.Sub("*", "*", "help")), model.TierReversible, "prints help"),
		// Before the s3 rows: aws s3 cp FILE s3://b --acl public-read
		// publishes what it uploads.
		row("aws.public-access", "aws", rules.Any(rules.FlagEquals("acl", "public-read", "public-read-write", "authenticated-read"),
			argSays("blockpublicacls=false", "blockpublicpolicy=false", "restrictpublicbuckets=false", "ignorepublicacls=false", "acs.amazonaws.com/groups/global/allusers",
				"acs.amazonaws.com/groups/global/authenticatedusers")),
			model.TierNeedsReview, publicReason),
		row("aws.public-share", "aws", rules.Any(
			rules.All(op("ec2", "modify-snapshot-attribute", "modify-image-attribute"),
				rules.Any(rules.All(rules.Any(rules.FlagEquals("group-names", "all"), rules.FlagEquals("user-groups", "all")), rules.Not(rules.FlagEquals("operation-type", "remove"))),
					argSays("add=[{group=all}]", `"add":[{"group":"all"}]`, `"add": [{"group": "all"}]`, `createvolumepermission={add=[{group=all}]}`))),
			rules.All(op("rds", "modify-db-snapshot-attribute", "modify-db-cluster-snapshot-attribute"), rules.FlagEquals("values-to-add", "all"))),
			model.TierNeedsReview, publicShareReason),
		row("aws.public-endpoint", "aws", rules.Any(
			rules.All(rules.Any(op("rds", "create-db-", "modify-db-instance", "modify-db-cluster", "restore-db-"),
				op("redshift", "create-cluster", "modify-cluster", "restore-from-cluster-snapshot")), rules.Flag("publicly-accessible")),
			rules.All(op("lambda", "add-permission"), rules.FlagEquals("principal", "*")),
			rules.All(op("lambda", "create-function-url-config", "update-function-url-config"), rules.FlagEquals("auth-type", "NONE"))),
			model.TierNeedsReview, publicEndpoint),
		row("aws.open-ingress", "aws", rules.All(op("ec2", "authorize-security-group-ingress"), argSays(openCIDRs...)), model.TierNeedsReview, openIngressReason),
		row("aws.cli-input.delete", "aws", rules.All(op("*", deleteVerbs...), rules.Flag("cli-input-json", "cli-input-yaml")), model.TierNeedsReview,
			"a delete whose parameters are given as JSON or YAML (--cli-input-json): whether it keeps a final snapshot or a recovery window is in them, and they are not read as flags"),
		row("aws.s3.rb.force", "aws", rules.All(rules.Sub("s3", "rb"), rules.Flag("force")), model.TierUnrecoverable,
			"s3 rb --force deletes every object, and every version of it, then the bucket"),
		row("aws.s3.rb", "aws", rules.Sub("s3", "rb"), model.TierRecoverableWithEffort, "s3 rb without --force only deletes an empty bucket"),
		row("aws.s3.rm", "aws", rules.Sub("s3", "rm"), model.TierNeedsReview,
			"s3 rm deletes objects (all under the prefix with --recursive); whether the bucket keeps versions is not in the input"),
		row("aws.s3.sync.delete", "aws", rules.All(rules.Sub("s3", "sync"), rules.Flag("delete")), model.TierNeedsReview,
			"s3 sync --delete deletes destination files the source lacks; whether the destination keeps versions is not in the input"),
		row("aws.s3.mv", "aws", rules.Sub("s3", "mv"), model.TierRecoverableFromBackup, "s3 mv deletes the source objects after copying and overwrites same-named targets"),
		row("aws.s3.upload-secret", "aws", rules.All(rules.Any(rules.Sub("s3", "cp"), rules.Sub("s3", "mv"), rules.Sub("s3", "sync")), rules.SecretIs(2)),
			model.TierNeedsReview, rules.SendsSecretReason+" (to a bucket)"),
		row("aws.s3.copy", "aws", rules.Any(rules.Sub("s3", "cp"), rules.Sub("s3", "sync")), model.TierRecoverableWithEffort,
			"copies over objects or files of the same names: what they held survives only if the bucket keeps versions (or version control keeps the files)"),
		row("aws.rds.delete.skip-snapshot", "aws", rules.All(op("rds", "delete-db-"), rules.Flag("skip-final-snapshot"),
			rules.Not(rules.Flag("final-db-snapshot-identifier", "final-snapshot-identifier"))), model.TierUnrecoverable,
			"deletes the database with no final snapshot (--skip-final-snapshot); automated backups go too unless retained"),
		row("aws.rds.delete.final-snapshot", "aws", rules.All(op("rds", "delete-db-"), rules.Flag("final-db-snapshot-identifier", "final-snapshot-identifier")), model.TierRecoverableFromBackup,
			"a final snapshot is taken before the delete; the database can be restored from it"),
		row("aws.rds.modify.backups-off", "aws", rules.All(op("rds", "modify-db-"), rules.FlagEquals("backup-retention-period", "0")), model.TierUnrecoverable,
			"a backup retention period of 0 turns automated backups off and deletes the existing automated backups, and with them point-in-time recovery"),
		row("aws.secretsmanager.delete.force", "aws", rules.All(op("secretsmanager", "delete-secret"), rules.Flag("force-delete-without-recovery")), model.TierUnrecoverable,
			"--force-delete-without-recovery deletes the secret at once, with no recovery window"),
		row("aws.secretsmanager.delete", "aws", op("secretsmanager", "delete-secret"), model.TierRecoverableFromBackup,
			"the secret is kept for the recovery window (--recovery-window-in-days, 30 by default) and restore-secret brings it back"),
		row("aws.secretsmanager.overwrite", "aws", rules.Any(op("secretsmanager", "put-secret-value"),
			rules.All(op("secretsmanager", "update-secret"), rules.Flag("secret-string", "secret-binary"))), model.TierRecoverableFromBackup,
			"replaces the secret's current value; the previous one stays readable as the AWSPREVIOUS version until the next change"),
		row("aws.kms.schedule-deletion", "aws", op("kms", "schedule-key-deletion"), model.TierRecoverableFromBackup,
			"KMS deletes the key after the pending window (--pending-window-in-days, 7-30) and cancel-key-deletion restores it until then; after it, data encrypted under the key is unreadable"),
		row("aws.ec2.terminate", "aws", op("ec2", "terminate-instances"), model.TierNeedsReview,
			"terminates instances: their root volumes go with them, and whether data volumes are deleted on termination is not in the input"),
		row("aws.dynamodb.delete-table", "aws", op("dynamodb", "delete-table"), model.TierNeedsReview,
			"deletes the table; whether point-in-time recovery keeps a backup is not in the input"),
		row("aws.cloudformation.unreviewed", "aws", rules.Any(rules.All(op("cloudformation", "deploy"), rules.Not(rules.Flag("no-execute-changeset"))),
			op("cloudformation", "update-stack")), model.TierNeedsReview,
			"changes a stack without a reviewed change set (deploy executes its own at once; update-stack has none): what it replaces or deletes, a database or bucket included, is in the template, which the input does not show"),
		row("aws.cloudformation.delete-stack", "aws", op("cloudformation", "delete-stack"), model.TierNeedsReview,
			"deletes every resource of the stack that has no Retain policy; which those are is not in the input"),
		row("aws.organizations.close-account", "aws", op("organizations", "close-account"), model.TierRecoverableFromBackup,
			"closes the member account: its resources stop and, after the 90-day post-closure period in which AWS Support can reopen it, are deleted"),
		row("aws.account.close-account", "aws", op("account", "close-account"), model.TierRecoverableFromBackup,
			"closes the account this runs as: its resources stop and, after the 90-day post-closure period in which AWS Support can reopen it, are deleted"),
		row("aws.logs.retention", "aws", op("logs", "put-retention-policy"), model.TierNeedsReview,
			"a shorter retention deletes the log group's events older than the new period; whether it holds such events is not in the input"),
		row("aws.kinesis.retention-decrease", "aws", op("kinesis", "decrease-stream-retention-period"), model.TierUnrecoverable,
			"shortens the stream's retention: records older than the new period become unreadable at once, and consumers that had not read them lose them"),
		row("aws.retention-set", "aws", rules.Any(rules.All(op("sqs", "set-queue-attributes"), argSays("messageretentionperiod")), op("ecr", "put-lifecycle-policy")),
			model.TierNeedsReview, "sets how long the queue keeps messages, or which images the repository expires: what falls outside it is deleted at once, and the current setting (or the policy file) is not in the input"),
	}, append(awsOpRows(), append([]rules.Rule{
		row("aws.delete", "aws", op("*", deleteVerbs...), model.TierUnrecoverable,
			"a delete, terminate or remove operation; no rule shows a recovery path for it"),
		row("aws.protection-off", "aws", rules.Any(protectionOff(),
			rules.All(argSays("disableapitermination", "disableapistop"), rules.FlagEquals("value", "false", "False"))), model.TierNeedsReview, protectionOffReason),
		row("aws.s3api.lifecycle", "aws", rules.Any(rules.Sub("s3api", "put-bucket-lifecycle-configuration"), rules.Sub("s3api", "put-bucket-lifecycle")), model.TierNeedsReview,
			lifecycleReason),
		row("aws.s3api.policy-file", "aws", rules.All(rules.Sub("s3api", "put-bucket-policy"), fileArgument("policy")), model.TierNeedsReview,
			"replaces the bucket's policy with one from a file the input does not show: a policy can open the bucket to anyone, or deny everyone, its owner included"),
		row("aws.dynamodb.batch-file", "aws", rules.Any(rules.All(rules.Sub("dynamodb", "batch-write-item"), fileArgument("request-items")),
			rules.All(rules.Sub("dynamodb", "transact-write-items"), fileArgument("transact-items"))), model.TierNeedsReview,
			"writes or deletes the items a file lists, which the input does not show: its DeleteRequests remove items for good (without point-in-time recovery)"),
		row("aws.read", "aws", op("*", readPrefixes...), model.TierReversible, "reads or copies without deleting"),
		row("aws.other", "aws", nil, model.TierRecoverableWithEffort, "changes cloud resources in place (create, put, update, modify ...)"),

		row("gcloud.help", "gcloud", rules.Sub("help"), model.TierReversible, "prints help"),
		row("gcloud.public-access", "gcloud", rules.All(argSays("allusers", "allauthenticatedusers"), rules.Not(words("remove-iam-policy-binding"))),
			model.TierNeedsReview, publicReason),
		row("gcloud.open-ingress", "gcloud", rules.All(rules.Any(words("firewall-rules"), rules.All(words("sql", "instances"), rules.Flag("authorized-networks"))),
			rules.Not(words("delete")), argSays(openCIDRs...)), model.TierNeedsReview, openIngressReason),
		row("gcloud.retention-set", "gcloud", rules.All(words("pubsub"), rules.Not(words("create")), rules.Flag("message-retention-duration")), model.TierNeedsReview,
			"sets how long the topic or subscription keeps messages: those older than a shorter period are deleted at once, and the current setting is not in the input"),
		row("gcloud.projects.delete", "gcloud", words("projects", "delete"), model.TierNeedsReview,
			"shuts the project down at once — every service, database, VM and endpoint in it stops — and marks it for deletion: "+
				"the API deletes it \"at an unspecified time\" after which undelete fails (the console documents 30 days), and a deleted project's "+
				"Cloud Storage objects cannot be restored by soft delete; what runs in the project is not in the input "+
				"(https://cloud.google.com/resource-manager/reference/rest/v3/projects/delete and .../projects/undelete, https://cloud.google.com/storage/docs/soft-delete, read 2026-11-29)"),
		row("gcloud.kms.destroy", "gcloud", words("kms", "destroy"), model.TierRecoverableFromBackup,
			"a destroyed key version is scheduled for destruction (24 hours by default) and restore brings it back until then"),
		row("gcloud.storage.buckets.delete", "gcloud", words("storage", "buckets", "delete"), model.TierRecoverableWithEffort, "deletes an empty bucket"),
		row("gcloud.logging.buckets.delete", "gcloud", words("logging", "buckets", "delete"), model.TierRecoverableFromBackup,
			"a deleted log bucket and its logs are kept for 7 days, and gcloud logging buckets undelete restores them until then"),
		row("gcloud.compute.instances.delete.disks", "gcloud", rules.All(words("compute", "instances", "delete"), rules.FlagEquals("delete-disks", "all", "data")), model.TierUnrecoverable,
			"--delete-disks=all|data deletes the instances' data disks with them"),
		row("gcloud.compute.instances.delete.keep-disks", "gcloud", rules.All(words("compute", "instances", "delete"), rules.FlagEquals("keep-disks", "all")),
			model.TierRecoverableWithEffort, "deletes the instances but keeps all their disks (--keep-disks=all): new instances can be made from them"),
		row("gcloud.compute.instances.delete", "gcloud", words("compute", "instances", "delete"), model.TierNeedsReview,
			"deletes instances with their boot disks and every disk set to auto-delete (as aws ec2 terminate-instances does): whether those hold data, or have snapshots, is not in the input"),
		row("gcloud.storage.rm.version", "gcloud", rules.All(rules.Any(words("storage", "rm"), words("storage", "objects", "delete")),
			rules.Any(rules.Flag("a", "all-versions"), rules.Operand(2, "an object generation (gs://b/o#N)", objectGeneration))),
			model.TierNeedsReview, gcsVersionDeleteReason),
		row("gcloud.storage.rsync.delete", "gcloud", rules.All(words("storage", "rsync"), rules.Flag("delete-unmatched-destination-objects")), model.TierNeedsReview,
			"storage rsync --delete-unmatched-destination-objects deletes destination objects the source lacks; whether the bucket keeps versions is not in the input"),
		row("gcloud.delete.monitoring-config", "gcloud", rules.Any(words("monitoring", "policies", "delete"), words("monitoring", "dashboards", "delete"),
			words("monitoring", "channels", "delete"), words("monitoring", "uptime", "delete"), words("monitoring", "snoozes", "delete"),
			words("logging", "metrics", "delete"), words("logging", "sinks", "delete")), model.TierRecoverableWithEffort, monitoringConfigReason),
		row("gcloud.delete", "gcloud", rules.Any(words("delete"), words("rm"), words("destroy"), words("purge"), words("remove")), model.TierUnrecoverable,
			"deletes the resource (Cloud SQL instances, disks, secrets, clusters, objects ...); no rule shows a recovery path"),
		row("gcloud.read", "gcloud", rules.Any(words("list"), words("describe"), words("get-iam-policy"), words("ls"), words("cat"), words("info"), rules.Sub("config"), rules.Sub("auth")),
			model.TierReversible, "reads cloud state or configuration"),
		row("gcloud.protection-off", "gcloud", protectionOff(), model.TierNeedsReview, protectionOffReason),
		row("gcloud.storage.lifecycle", "gcloud", rules.All(words("storage", "buckets", "update"), rules.Flag("lifecycle-file")), model.TierNeedsReview, lifecycleReason),
		row("gcloud.set-iam-policy", "gcloud", words("set-iam-policy"), model.TierNeedsReview,
			"replaces the whole IAM policy with the file's: any binding the file lacks is removed, which can lock people and services out"),
		row("gcloud.remove-admin-binding", "gcloud", rules.All(words("remove-iam-policy-binding"), rules.FlagWhere([]string{"role"}, "an owner or admin role", "role", func(_ rules.Facts, v string) (string, bool) {
			return "an owner or administrator role", adminRole(v)
		})),
			model.TierNeedsReview, "removes a member's owner or administrator role: if no one else holds it, no one can grant it back, and whoever would restore it may be the one locked out"),
		row("gcloud.remove-binding", "gcloud", words("remove-iam-policy-binding"), model.TierRecoverableWithEffort,
			"removes one member's role; an add-iam-policy-binding of the same role restores it, and other members are untouched"),
		row("gcloud.other", "gcloud", nil, model.TierRecoverableWithEffort, "changes cloud resources in place"),

		row("gsutil.help", "gsutil", rules.Sub("help"), model.TierReversible, "prints help"),
		row("gsutil.upload-secret", "gsutil", rules.All(rules.Any(rules.Sub("cp"), rules.Sub("mv"), rules.Sub("rsync")), rules.SecretIs(1)),
			model.TierNeedsReview, rules.SendsSecretReason+" (to a bucket)"),
		row("gsutil.public-access", "gsutil", rules.Any(rules.All(rules.Any(rules.Sub("iam"), rules.Sub("acl"), rules.Sub("defacl")), argSays("allusers", "allauthenticatedusers")),
			rules.All(rules.Any(rules.Sub("acl", "set"), rules.Sub("defacl", "set")), argSays("public-read", "public-read-write", "authenticated-read")),
			rules.FlagEquals("a", "public-read", "public-read-write")), model.TierNeedsReview, publicReason),
		row("gsutil.lifecycle", "gsutil", rules.Sub("lifecycle", "set"), model.TierNeedsReview, lifecycleReason),
		row("gsutil.rm.version", "gsutil", rules.All(rules.Sub("rm"), rules.Any(rules.Flag("a", "all-versions"), rules.Operand(1, "an object generation (gs://b/o#N)", objectGeneration))),
			model.TierNeedsReview, gcsVersionDeleteReason),
		row("gsutil.rm", "gsutil", rules.Sub("rm"), model.TierNeedsReview,
			"gsutil rm deletes objects (all under the prefix with -r, and the bucket too with -r on a bucket); whether the bucket keeps versions is not in the input"),
		row("gsutil.rsync.delete", "gsutil", rules.All(rules.Sub("rsync"), rules.Flag("d")), model.TierNeedsReview,
			"gsutil rsync -d deletes destination objects the source lacks; whether the destination keeps versions is not in the input"),
		row("gsutil.mv", "gsutil", rules.Sub("mv"), model.TierRecoverableFromBackup, "gsutil mv deletes the source objects after copying and overwrites same-named targets"),
		row("gsutil.rb", "gsutil", rules.Sub("rb"), model.TierRecoverableWithEffort, "gsutil rb deletes empty buckets only"),
		row("gsutil.read", "gsutil", rules.Any(rules.Sub("ls"), rules.Sub("cat"), rules.Sub("du"), rules.Sub("stat"), rules.Sub("hash"), rules.Sub("version")),
			model.TierReversible, "reads objects or their metadata"),
		row("gsutil.other", "gsutil", nil, model.TierRecoverableWithEffort, "copies, or changes objects' metadata, ACLs or bucket settings in place"),

		// cbt, Bigtable's CLI: one word per command.
		row("cbt.delete", "cbt", rules.Any(rules.Sub("deletetable"), rules.Sub("deleteinstance"), rules.Sub("deletecluster"),
			rules.Sub("deletefamily"), rules.Sub("deleteallrows"), rules.Sub("deleterow"), rules.Sub("deletecolumn"), rules.Sub("deletesnapshot")),
			model.TierUnrecoverable, "deletes a Bigtable table, instance, cluster, column family, snapshot or rows: Bigtable keeps no copy unless a backup was taken"),
		row("cbt.read", "cbt", rules.Any(rules.Sub("ls"), rules.Sub("count"), rules.Sub("read"), rules.Sub("lookup"), rules.Sub("listinstances"),
			rules.Sub("listclusters"), rules.Sub("listappprofile"), rules.Sub("help"), rules.Sub("version")), model.TierReversible, "reads tables, rows or instances"),
		row("cbt.other", "cbt", nil, model.TierRecoverableWithEffort, "creates tables or families, writes rows or changes settings"),

		row("az.help", "az", rules.Flag("h"), model.TierReversible, "prints help"),
		row("az.group.delete", "az", words("group", "delete"), model.TierUnrecoverable,
			"deleting a resource group deletes every resource in it"),
		row("az.backup.delete-data", "az", rules.All(words("backup", "protection", "disable"), rules.FlagEquals("delete-backup-data", "true", "True")), model.TierUnrecoverable,
			"stops protecting the item and deletes its backup data: those recovery points are gone"),
		row("az.backup.disable", "az", words("backup", "protection", "disable"), model.TierNeedsReview,
			"stops protecting the item: no new backups are taken, and the retained ones expire on their schedule"),
		row("az.storage.lifecycle", "az", rules.Any(words("storage", "account", "management-policy", "create"), words("storage", "account", "management-policy", "update")),
			model.TierNeedsReview, lifecycleReason),
		row("az.deployment.complete", "az", rules.All(words("deployment"), rules.FlagEquals("mode", "Complete", "complete")), model.TierNeedsReview,
			"a deployment in Complete mode deletes every resource of the group that the template does not list; which those are is not in the input"),
		row("az.keyvault.purge", "az", words("purge"), model.TierUnrecoverable, "purges soft-deleted items for good"),
		row("az.keyvault.delete", "az", words("keyvault", "delete"), model.TierRecoverableFromBackup,
			"the vault (or its key, secret, certificate) is soft-deleted and can be recovered until the retention period ends, unless purged"),
		row("az.delete.monitor-config", "az", rules.Any(words("monitor", "metrics", "alert", "delete"), words("monitor", "activity-log", "alert", "delete"),
			words("monitor", "action-group", "delete"), words("monitor", "scheduled-query", "delete"), words("monitor", "autoscale", "delete"),
			words("monitor", "diagnostic-settings", "delete")), model.TierRecoverableWithEffort, monitoringConfigReason),
		row("az.delete", "az", rules.Any(words("delete"), words("delete-batch"), words("remove"), words("purge")), model.TierUnrecoverable,
			"deletes the resource; no rule shows a recovery path for it"),
		row("az.protection-off", "az", rules.Any(protectionOff(), rules.FlagEquals("enable-soft-delete", "false"), rules.FlagEquals("enable-delete-retention", "false")),
			model.TierNeedsReview, protectionOffReason),
		row("az.open-ingress", "az", rules.All(words("nsg", "rule"), rules.Not(words("delete")), rules.Not(rules.FlagEquals("access", "Deny", "deny")),
			rules.Any(rules.FlagEquals("source-address-prefixes", "*", "0.0.0.0/0", "Internet", "Any", "::/0"), rules.FlagEquals("source-address-prefix", "*", "0.0.0.0/0", "Internet", "Any", "::/0"))),
			model.TierNeedsReview, openIngressReason),
		// A database server's firewall rule for every address (az sql
		// server, postgres or mysql flexible-server firewall-rule).
		row("az.open-firewall", "az", rules.All(words("firewall-rule"), rules.Not(words("delete")),
			rules.FlagEquals("start-ip-address", "0.0.0.0"), rules.FlagEquals("end-ip-address", "255.255.255.255")),
			model.TierNeedsReview, openIngressReason),
		row("az.public-access", "az", rules.Any(rules.FlagEquals("allow-blob-public-access", "true"), rules.FlagEquals("public-access", "blob", "container")),
			model.TierNeedsReview, publicReason),
		row("az.read", "az", rules.Any(words("list"), words("show"), rules.Sub("account"), rules.Sub("login"), rules.Sub("version"), rules.Sub("find")), model.TierReversible,
			"reads cloud state"),
		row("az.other", "az", nil, model.TierRecoverableWithEffort, "changes cloud resources in place"),
	}, platformRows()...)...)...)
}

// lifecycleReason says why replacing a bucket's lifecycle rules needs
// review.
const lifecycleReason = "replaces the bucket's lifecycle rules, which can expire every object and old version after a day: what these rules expire is in a file or value the input does not show"

// fileArgument holds when an option's value is read from a file
// (file://… or fileb://…): what it says is not in the input.
func fileArgument(name string) rules.Cond {
	return rules.Func("--"+name+" from a file", func(f rules.Facts) rules.Result {
		v, ok := rules.FlagValue(f.M.Command, name)
		if ok && (strings.HasPrefix(v, "file://") || strings.HasPrefix(v, "fileb://")) {
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: name, Value: v, Present: true}}}
		}
		return rules.Result{Truth: rules.False}
	})
}
