package aws_test

import (
	"testing"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
	"github.com/recourse-dev/recourse/rules/aws"
	"github.com/recourse-dev/recourse/rules/terraform"
)

// del and upd are test rows for a delete and an update.
func del(name, typ string, before obj, rule string, tier model.Tier) tc {
	return tc{name: name, typ: typ, action: model.ActionDelete, before: before, wantRule: rule, wantTier: tier}
}

func upd(name, typ string, before, after obj, rule string, tier model.Tier) tc {
	return tc{name: name, typ: typ, action: model.ActionUpdate, before: before, after: after, wantRule: rule, wantTier: tier}
}

// serviceCases hit every row of the per-service tables beyond RDS, S3,
// DynamoDB, EBS, KMS, Secrets Manager, IAM roles and EC2, each with a
// near miss where the row has a condition.
func serviceCases() []tc {
	var out []tc
	for _, c := range []struct{ typ, id, retention string }{{"aws_neptune_cluster", "aws.neptune.cluster", "backup_retention_period"},
		{"aws_docdb_cluster", "aws.docdb.cluster", "backup_retention_period"}, {"aws_redshift_cluster", "aws.redshift.cluster", "automated_snapshot_retention_period"}} {
		out = append(out,
			upd("backups shortened", c.typ, obj{c.retention: 35.0}, obj{c.retention: 7.0}, c.id+".update.backups-shortened", 2),
			upd("near miss: backups lengthened", c.typ, obj{c.retention: 7.0}, obj{c.retention: 35.0}, c.id+".update.in-place", 1),
			del("protected", c.typ, obj{"deletion_protection": true, "skip_final_snapshot": true}, c.id+".delete.protected", 1),
			del("near miss: protection off", c.typ, obj{"deletion_protection": false, "skip_final_snapshot": true}, c.id+".delete.no-snapshot", 4),
			del("final snapshot", c.typ, obj{"skip_final_snapshot": false, "final_snapshot_identifier": "final"}, c.id+".delete.final-snapshot", 3),
			del("snapshot unnamed", c.typ, obj{"skip_final_snapshot": false, "final_snapshot_identifier": nil}, c.id+".delete.snapshot-unnamed", 2),
			del("skip_final_snapshot missing", c.typ, obj{"cluster_identifier": "c"}, c.id+".delete.no-snapshot", 5),
			upd("protection off", c.typ, obj{"deletion_protection": true}, obj{"deletion_protection": false}, c.id+".update.protection-off", 2),
			upd("near miss: protection on", c.typ, obj{"deletion_protection": false}, obj{"deletion_protection": true}, c.id+".update.in-place", 1),
		)
	}
	out = append(out,
		upd("snapshots off", "aws_redshift_cluster", obj{"automated_snapshot_retention_period": 1.0}, obj{"automated_snapshot_retention_period": 0.0}, "aws.redshift.cluster.update.snapshots-off", 4),
		upd("near miss: snapshots on", "aws_redshift_cluster", obj{"automated_snapshot_retention_period": 0.0}, obj{"automated_snapshot_retention_period": 1.0}, "aws.redshift.cluster.update.in-place", 1))
	for _, s := range []struct{ typ, id, attr, srcType, srcAttr string }{
		{"aws_db_snapshot", "aws.rds.snapshot", "db_instance_identifier", "aws_db_instance", "identifier"},
		{"aws_db_cluster_snapshot", "aws.rds.cluster-snapshot", "db_cluster_identifier", "aws_rds_cluster", "cluster_identifier"},
		{"aws_ebs_snapshot", "aws.ebs.snapshot", "volume_id", "aws_ebs_volume", "id"},
		{"aws_docdb_cluster_snapshot", "aws.docdb.cluster-snapshot", "db_cluster_identifier", "aws_docdb_cluster", "cluster_identifier"},
		{"aws_neptune_cluster_snapshot", "aws.neptune.cluster-snapshot", "db_cluster_identifier", "aws_neptune_cluster", "cluster_identifier"},
	} {
		src := func(a model.Action) []model.Resource {
			return []model.Resource{{Address: s.srcType + ".src", Type: s.srcType, Action: a, Values: obj{s.srcAttr: "src-1"}}}
		}
		kept, gone := del("source kept", s.typ, obj{s.attr: "src-1"}, s.id+".delete.source-kept", 2), del("source destroyed", s.typ, obj{s.attr: "src-1"}, s.id+".delete", 4)
		kept.inv, gone.inv = src(""), src(model.ActionDelete)
		final := del("source destroyed with a final snapshot", s.typ, obj{s.attr: "src-1"}, s.id+".delete.source-kept", 2)
		final.inv = src(model.ActionDelete)
		final.inv[0].Values = obj{s.srcAttr: "src-1", "skip_final_snapshot": false, "final_snapshot_identifier": "last", "final_snapshot": true}
		out = append(out, final)
		other := del("near miss: another source kept", s.typ, obj{s.attr: "src-2"}, s.id+".delete", 5)
		other.inv = src("")
		out = append(out, kept, gone, other,
			del("source not in the input", s.typ, obj{s.attr: "src-1"}, s.id+".delete", 5),
			upd("snapshot tags", s.typ, obj{"tags": obj{}}, obj{"tags": obj{"a": "b"}}, s.id+".update.in-place", 1))
	}
	for _, n := range []struct{ typ, id string }{
		{"aws_vpc", "aws.vpc"}, {"aws_subnet", "aws.vpc.subnet"}, {"aws_internet_gateway", "aws.vpc.internet-gateway"},
		{"aws_nat_gateway", "aws.vpc.nat-gateway"}, {"aws_route_table", "aws.vpc.route-table"}, {"aws_security_group", "aws.vpc.security-group"},
		{"aws_lb", "aws.elb.load-balancer"}, {"aws_iam_access_key", "aws.iam.access-key"}, {"aws_iam_user", "aws.iam.user"},
		{"aws_iam_policy", "aws.iam.policy"}, {"aws_lambda_function", "aws.lambda.function"}, {"aws_efs_file_system", "aws.efs.file-system"},
		{"aws_kinesis_stream", "aws.kinesis.stream"}, {"aws_sns_topic", "aws.sns.topic"},
		{"aws_backup_plan", "aws.backup.plan"}, {"aws_route53_record", "aws.route53.record"},
	} {
		tier := model.TierRecoverableWithEffort
		switch n.typ {
		case "aws_efs_file_system", "aws_kinesis_stream":
			tier = model.TierUnrecoverable
		case "aws_route53_record":
			tier = model.TierReversible
		}
		out = append(out,
			del("delete", n.typ, obj{"id": "x-1"}, n.id+".delete", tier),
			upd("tags", n.typ, obj{"tags": obj{}}, obj{"tags": obj{"a": "b"}}, n.id+".update.in-place", 1))
	}
	return append(out,
		del("cache final snapshot", "aws_elasticache_replication_group", obj{"final_snapshot_identifier": "last"}, "aws.elasticache.replication-group.delete.final-snapshot", 3),
		del("near miss: cache without snapshot", "aws_elasticache_replication_group", obj{"final_snapshot_identifier": nil}, "aws.elasticache.replication-group.delete", 4),
		del("cache, snapshot attribute absent (no snapshot by default)", "aws_elasticache_replication_group", obj{"replication_group_id": "r"}, "aws.elasticache.replication-group.delete", 4),
		upd("cache node type", "aws_elasticache_replication_group", obj{"node_type": "a"}, obj{"node_type": "b"}, "aws.elasticache.replication-group.update.in-place", 1),
		upd("cache backups off", "aws_elasticache_replication_group", obj{"snapshot_retention_limit": 7.0}, obj{"snapshot_retention_limit": 0.0}, "aws.elasticache.replication-group.update.backups-off", 2),
		upd("near miss: cache backups kept", "aws_elasticache_replication_group", obj{"snapshot_retention_limit": 7.0}, obj{"snapshot_retention_limit": 3.0}, "aws.elasticache.replication-group.update.in-place", 1),

		del("repository force delete", "aws_ecr_repository", obj{"force_delete": true}, "aws.ecr.repository.delete.force", 4),
		del("near miss: repository without force delete", "aws_ecr_repository", obj{"force_delete": false}, "aws.ecr.repository.delete", 2),
		upd("repository force delete on", "aws_ecr_repository", obj{"force_delete": false}, obj{"force_delete": true}, "aws.ecr.repository.update.force-delete-on", 2),
		upd("near miss: force delete off", "aws_ecr_repository", obj{"force_delete": true}, obj{"force_delete": false}, "aws.ecr.repository.update.in-place", 1),

		del("vault force destroy", "aws_backup_vault", obj{"force_destroy": true}, "aws.backup.vault.delete.force", 4),
		del("near miss: vault must be empty", "aws_backup_vault", obj{"force_destroy": false}, "aws.backup.vault.delete", 2),
		upd("vault tags", "aws_backup_vault", obj{"tags": obj{}}, obj{"tags": obj{"a": "b"}}, "aws.backup.vault.update.in-place", 1),

		del("log group kept", "aws_cloudwatch_log_group", obj{"skip_destroy": true}, "aws.logs.group.delete.skip-destroy", 1),
		del("near miss: log group deleted", "aws_cloudwatch_log_group", obj{"skip_destroy": false}, "aws.logs.group.delete", 4),
		upd("retention set on a never-expiring group", "aws_cloudwatch_log_group", obj{"retention_in_days": 0.0}, obj{"retention_in_days": 30.0}, "aws.logs.group.update.retention-set", 4),
		upd("retention set from unset", "aws_cloudwatch_log_group", obj{"retention_in_days": nil}, obj{"retention_in_days": 7.0}, "aws.logs.group.update.retention-set", 4),
		upd("near miss: retention lengthened from 30 days", "aws_cloudwatch_log_group", obj{"retention_in_days": 30.0}, obj{"retention_in_days": 365.0}, "aws.logs.group.update.in-place", 1),

		del("trail delete", "aws_cloudtrail", obj{"name": "t"}, "aws.cloudtrail.trail.delete", 2),
		upd("trail logging off", "aws_cloudtrail", obj{"enable_logging": true}, obj{"enable_logging": false}, "aws.cloudtrail.trail.update.logging-off", 2),
		upd("near miss: trail logging on", "aws_cloudtrail", obj{"enable_logging": false}, obj{"enable_logging": true}, "aws.cloudtrail.trail.update.in-place", 1),

		del("zone force destroy", "aws_route53_zone", obj{"force_destroy": true}, "aws.route53.zone.delete.force", 4),
		del("near miss: zone must be empty", "aws_route53_zone", obj{"force_destroy": false}, "aws.route53.zone.delete", 2),
		upd("queue attributes", "aws_sqs_queue", obj{"delay_seconds": 0.0}, obj{"delay_seconds": 5.0}, "aws.sqs.queue.update.in-place", 1),
		upd("zone comment", "aws_route53_zone", obj{"comment": "a"}, obj{"comment": "b"}, "aws.route53.zone.update.in-place", 1),
	)
}

// evidenceCase is a row that evidence decides: a snapshot whose source the
// input does not show, a queue whose contents no plan shows.
type evidenceCase struct {
	typ      string
	evidence obj
	rule     string
	tier     model.Tier
}

func evidenceCases() []evidenceCase {
	return []evidenceCase{
		{"aws_sqs_queue", nil, "aws.sqs.queue.delete", 5},
		{"aws_sqs_queue", obj{"queue_empty": true}, "aws.sqs.queue.delete.empty", 2},
		{"aws_sqs_queue", obj{"queue_empty": false}, "aws.sqs.queue.delete", 4},
		{"aws_sqs_queue", obj{"queue_empty": "yes"}, "aws.sqs.queue.delete", 5},
		{"aws_ebs_snapshot", obj{"source_exists": true}, "aws.ebs.snapshot.delete.source-kept", 2},
		{"aws_ebs_snapshot", obj{"source_exists": false}, "aws.ebs.snapshot.delete", 4},
	}
}

// judgeWithEvidence judges a delete of typ carrying evidence.
func judgeWithEvidence(eng *rules.Engine, c evidenceCase) (model.Recoverability, bool) {
	m := &model.Mutation{Source: model.SourceTerraform, Action: model.ActionDelete, Address: c.typ + ".x",
		Target: model.Target{Type: c.typ, ID: c.typ + ".x"}, Before: obj{"volume_id": "vol-1", "name": "q"}, Evidence: c.evidence}
	return eng.Judge(rules.Facts{M: m, Inv: model.NewInventory()})
}

func TestEvidenceRows(t *testing.T) {
	eng, err := rules.NewEngine(aws.Rules(), terraform.Rules())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range evidenceCases() {
		v, ok := judgeWithEvidence(eng, c)
		if !ok || v.RuleID != c.rule || v.Tier != c.tier {
			t.Errorf("%s with %v: %s tier %d, want %s tier %d (%s)", c.typ, c.evidence, v.RuleID, v.Tier, c.rule, c.tier, v.Reasoning)
		}
	}
}
