package aws_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
	"github.com/recourse-dev/recourse/rules/aws"
	"github.com/recourse-dev/recourse/rules/terraform"
)

type obj = map[string]any

// tc is one test row: a change and the rule and tier it must get.
// ecrPolicy is an ECR lifecycle policy document with one expiring rule.
func ecrPolicy(tagStatus, countType string, count int) string {
	return fmt.Sprintf(`{"rules":[{"rulePriority":1,"selection":{"tagStatus":%q,"countType":%q,"countUnit":"days","countNumber":%d},"action":{"type":"expire"}}]}`, tagStatus, countType, count)
}

type tc struct {
	name     string
	typ      string
	action   model.Action
	before   obj
	after    obj
	unknown  obj
	inv      []model.Resource
	wantRule string
	wantTier model.Tier
}

func rds(over obj) obj {
	b := obj{"identifier": "db", "deletion_protection": false, "skip_final_snapshot": false, "final_snapshot_identifier": "db-final",
		"backup_retention_period": 7.0, "delete_automated_backups": true, "engine_version": "15.4", "instance_class": "db.t3.micro"}
	for k, v := range over {
		b[k] = v
	}
	return b
}

func list(m obj) []any { return []any{m} }

// cases hits every row (and its near misses) of every AWS table.
func cases() []tc {
	var out []tc
	for _, r := range []struct{ typ, id, replica string }{{"aws_db_instance", "aws.rds.instance", "replicate_source_db"}, {"aws_rds_cluster", "aws.rds.cluster", "replication_source_identifier"}} {
		typ, id := r.typ, r.id
		out = append(out,
			tc{"protected", typ, model.ActionDelete, rds(obj{"deletion_protection": true, "skip_final_snapshot": true, "backup_retention_period": 0.0}), nil, nil, nil, id + ".delete.protected", 1},
			tc{"read replica", typ, model.ActionDelete, rds(obj{r.replica: "primary", "skip_final_snapshot": true}), nil, nil, nil, id + ".delete.read-replica", 2},
			tc{"near miss: not a replica", typ, model.ActionDelete, rds(obj{r.replica: nil, "skip_final_snapshot": true}), nil, nil, nil, id + ".delete.no-recovery-point", 4},
			tc{"no snapshot, no retention", typ, model.ActionDelete, rds(obj{"skip_final_snapshot": true, "backup_retention_period": 0.0}), nil, nil, nil, id + ".delete.no-recovery-point", 4},
			tc{"no snapshot, backups deleted with it", typ, model.ActionDelete, rds(obj{"skip_final_snapshot": true}), nil, nil, nil, id + ".delete.no-recovery-point", 4},
			tc{"no snapshot, delete_automated_backups absent (default true)", typ, model.ActionDelete, obj{"skip_final_snapshot": true, "backup_retention_period": 7.0, "deletion_protection": false}, nil, nil, nil, id + ".delete.no-recovery-point", 4},
			tc{"near miss: backups retained", typ, model.ActionDelete, rds(obj{"skip_final_snapshot": true, "delete_automated_backups": false}), nil, nil, nil, id + ".delete.retained-backups", 3},
			tc{"retained flag but retention 0", typ, model.ActionDelete, rds(obj{"skip_final_snapshot": true, "delete_automated_backups": false, "backup_retention_period": 0.0}), nil, nil, nil, id + ".delete.no-recovery-point", 4},
			tc{"final snapshot", typ, model.ActionDelete, rds(nil), nil, nil, nil, id + ".delete.final-snapshot", 3},
			tc{"replace judged like delete", typ, model.ActionReplace, rds(obj{"skip_final_snapshot": true, "backup_retention_period": 0.0}), rds(nil), nil, nil, id + ".delete.no-recovery-point", 4},
			tc{"snapshot requested but unnamed", typ, model.ActionDelete, rds(obj{"final_snapshot_identifier": nil}), nil, nil, nil, id + ".delete.snapshot-unnamed", 3},
			tc{"missing skip_final_snapshot", typ, model.ActionDelete, obj{"identifier": "db"}, nil, nil, nil, id + ".delete.no-recovery-point", 5},
			tc{"no before object at all", typ, model.ActionDelete, nil, nil, nil, nil, id + ".delete.no-recovery-point", 5},
			tc{"backups off", typ, model.ActionUpdate, rds(nil), rds(obj{"backup_retention_period": 0.0}), nil, nil, id + ".update.backups-off", 4},
			tc{"backups shortened", typ, model.ActionUpdate, rds(obj{"backup_retention_period": 35.0}), rds(obj{"backup_retention_period": 1.0}), nil, nil, id + ".update.backups-shortened", 2},
			tc{"backtrack off", typ, model.ActionUpdate, rds(obj{"backtrack_window": 72.0}), rds(obj{"backtrack_window": 0.0}), nil, nil, id + ".update.backtrack-off", 2},
			tc{"near miss: backtrack on", typ, model.ActionUpdate, rds(obj{"backtrack_window": 0.0}), rds(obj{"backtrack_window": 72.0}), nil, nil, id + ".update.in-place", 1},
			tc{"near miss: backups lengthened", typ, model.ActionUpdate, rds(obj{"backup_retention_period": 1.0}), rds(obj{"backup_retention_period": 35.0}), nil, nil, id + ".update.in-place", 1},
			tc{"protection off", typ, model.ActionUpdate, rds(obj{"deletion_protection": true}), rds(nil), nil, nil, id + ".update.protection-off", 2},
			tc{"near miss: protection on", typ, model.ActionUpdate, rds(nil), rds(obj{"deletion_protection": true}), nil, nil, id + ".update.in-place", 1},
			tc{"final snapshot off", typ, model.ActionUpdate, rds(nil), rds(obj{"skip_final_snapshot": true}), nil, nil, id + ".update.final-snapshot-off", 2},
			tc{"backups no longer retained", typ, model.ActionUpdate, rds(obj{"delete_automated_backups": false}), rds(nil), nil, nil, id + ".update.backups-not-retained", 2},
			tc{"engine upgrade", typ, model.ActionUpdate, rds(nil), rds(obj{"engine_version": "16.1"}), nil, nil, id + ".update.engine-version", 3},
			tc{"in place", typ, model.ActionUpdate, rds(nil), rds(obj{"instance_class": "db.t3.large"}), nil, nil, id + ".update.in-place", 1},
			tc{"update of a partial object", typ, model.ActionUpdate, obj{"instance_class": "db.t3.micro"}, obj{"instance_class": "db.t3.large"}, nil, nil, id + ".update.in-place", 1},
			tc{"attribute dropped from after", typ, model.ActionUpdate, rds(obj{"deletion_protection": true}), obj{"identifier": "db"}, nil, nil, id + ".update.backups-off", 5},
			tc{"protection after unknown", typ, model.ActionUpdate, rds(obj{"deletion_protection": true}), rds(nil), obj{"deletion_protection": true}, nil, id + ".update.protection-off", 5},
		)
	}

	versioned := []model.Resource{{Address: "aws_s3_bucket_versioning.v", Type: "aws_s3_bucket_versioning",
		Values: obj{"bucket": "b", "versioning_configuration": list(obj{"status": "Enabled"})}}}
	suspended := []model.Resource{{Address: "aws_s3_bucket_versioning.v", Type: "aws_s3_bucket_versioning",
		Values: obj{"bucket": "b", "versioning_configuration": list(obj{"status": "Suspended"})}}}
	inline := []model.Resource{{Address: "aws_s3_bucket.b", Type: "aws_s3_bucket", Values: obj{"bucket": "b", "versioning": list(obj{"enabled": true})}}}
	removed := []model.Resource{{Address: "aws_s3_bucket_versioning.v", Type: "aws_s3_bucket_versioning", Action: model.ActionDelete,
		Values: obj{"bucket": "b", "versioning_configuration": list(obj{"status": "Enabled"})}}}
	out = append(out,
		tc{"force destroy", "aws_s3_bucket", model.ActionDelete, obj{"bucket": "b", "force_destroy": true}, nil, nil, versioned, "aws.s3.bucket.delete.force-destroy", 4},
		tc{"near miss: no force destroy", "aws_s3_bucket", model.ActionDelete, obj{"bucket": "b", "force_destroy": false}, nil, nil, nil, "aws.s3.bucket.delete.must-be-empty", 2},
		tc{"force destroy unknown", "aws_s3_bucket", model.ActionDelete, obj{"bucket": "b"}, nil, nil, nil, "aws.s3.bucket.delete.force-destroy", 5},
		tc{"force destroy on", "aws_s3_bucket", model.ActionUpdate, obj{"bucket": "b", "force_destroy": false}, obj{"bucket": "b", "force_destroy": true}, nil, nil, "aws.s3.bucket.update.force-destroy-on", 2},
		tc{"inline versioning suspended", "aws_s3_bucket", model.ActionUpdate, obj{"bucket": "b", "force_destroy": false, "versioning": list(obj{"enabled": true})},
			obj{"bucket": "b", "force_destroy": false, "versioning": list(obj{"enabled": false})}, nil, nil, "aws.s3.bucket.update.versioning-suspended", 2},
		tc{"bucket tags", "aws_s3_bucket", model.ActionUpdate, obj{"bucket": "b", "force_destroy": false, "versioning": []any{}}, obj{"bucket": "b", "force_destroy": false, "versioning": []any{}, "tags": obj{"a": "b"}}, nil, nil, "aws.s3.bucket.update.in-place", 1},
		tc{"versioning removed", "aws_s3_bucket_versioning", model.ActionDelete, obj{"bucket": "b", "versioning_configuration": list(obj{"status": "Enabled"})}, nil, nil, nil, "aws.s3.versioning.delete", 2},
		tc{"near miss: versioning was suspended", "aws_s3_bucket_versioning", model.ActionDelete, obj{"bucket": "b", "versioning_configuration": list(obj{"status": "Suspended"})}, nil, nil, nil, "aws.s3.versioning.delete.not-enabled", 1},
		tc{"versioning suspended", "aws_s3_bucket_versioning", model.ActionUpdate, obj{"bucket": "b", "versioning_configuration": list(obj{"status": "Enabled"})},
			obj{"bucket": "b", "versioning_configuration": list(obj{"status": "Suspended"})}, nil, nil, "aws.s3.versioning.update.suspended", 2},
		tc{"versioning enabled", "aws_s3_bucket_versioning", model.ActionUpdate, obj{"bucket": "b", "versioning_configuration": list(obj{"status": "Suspended"})},
			obj{"bucket": "b", "versioning_configuration": list(obj{"status": "Enabled"})}, nil, nil, "aws.s3.versioning.update.in-place", 1},
		tc{"object in versioned bucket", "aws_s3_object", model.ActionDelete, obj{"bucket": "b", "key": "k"}, nil, nil, versioned, "aws.s3.object.delete.versioned", 3},
		tc{"object, inline versioning", "aws_s3_object", model.ActionDelete, obj{"bucket": "b", "key": "k"}, nil, nil, inline, "aws.s3.object.delete.versioned", 3},
		tc{"object, versioning removed in the plan keeps versions", "aws_s3_object", model.ActionDelete, obj{"bucket": "b", "key": "k"}, nil, nil, removed, "aws.s3.object.delete.versioned", 3},
		tc{"near miss: object in suspended bucket", "aws_s3_object", model.ActionDelete, obj{"bucket": "b", "key": "k"}, nil, nil, suspended, "aws.s3.object.delete.unversioned", 4},
		tc{"object, versioning unknown", "aws_s3_object", model.ActionDelete, obj{"bucket": "b", "key": "k"}, nil, nil, nil, "aws.s3.object.delete.unversioned", 5},
		tc{"object content", "aws_s3_object", model.ActionUpdate, obj{"bucket": "b", "key": "k", "etag": "1"}, obj{"bucket": "b", "key": "k", "etag": "2"}, nil, nil, "aws.s3.object.update.in-place", 1},

		tc{"table protected", "aws_dynamodb_table", model.ActionDelete, obj{"deletion_protection_enabled": true, "point_in_time_recovery": list(obj{"enabled": false})}, nil, nil, nil, "aws.dynamodb.table.delete.protected", 1},
		tc{"table with pitr", "aws_dynamodb_table", model.ActionDelete, obj{"deletion_protection_enabled": false, "point_in_time_recovery": list(obj{"enabled": true})}, nil, nil, nil, "aws.dynamodb.table.delete.pitr", 3},
		tc{"near miss: table without pitr", "aws_dynamodb_table", model.ActionDelete, obj{"deletion_protection_enabled": false, "point_in_time_recovery": list(obj{"enabled": false})}, nil, nil, nil, "aws.dynamodb.table.delete.no-pitr", 4},
		tc{"table, pitr block empty", "aws_dynamodb_table", model.ActionDelete, obj{"deletion_protection_enabled": false, "point_in_time_recovery": []any{}}, nil, nil, nil, "aws.dynamodb.table.delete.no-pitr", 4},
		tc{"pitr off", "aws_dynamodb_table", model.ActionUpdate, obj{"deletion_protection_enabled": false, "point_in_time_recovery": list(obj{"enabled": true})},
			obj{"deletion_protection_enabled": false, "point_in_time_recovery": list(obj{"enabled": false})}, nil, nil, "aws.dynamodb.table.update.pitr-off", 4},
		tc{"table protection off", "aws_dynamodb_table", model.ActionUpdate, obj{"deletion_protection_enabled": true, "point_in_time_recovery": list(obj{"enabled": true})},
			obj{"deletion_protection_enabled": false, "point_in_time_recovery": list(obj{"enabled": true})}, nil, nil, "aws.dynamodb.table.update.protection-off", 2},
		tc{"ttl on, no pitr", "aws_dynamodb_table", model.ActionUpdate, obj{"ttl": list(obj{"enabled": false, "attribute_name": ""}), "point_in_time_recovery": list(obj{"enabled": false})},
			obj{"ttl": list(obj{"enabled": true, "attribute_name": "expires_at"}), "point_in_time_recovery": list(obj{"enabled": false})}, nil, nil, "aws.dynamodb.table.update.ttl-on.no-pitr", 4},
		tc{"ttl on, pitr on", "aws_dynamodb_table", model.ActionUpdate, obj{"ttl": list(obj{"enabled": false, "attribute_name": ""}), "point_in_time_recovery": list(obj{"enabled": true})},
			obj{"ttl": list(obj{"enabled": true, "attribute_name": "expires_at"}), "point_in_time_recovery": list(obj{"enabled": true})}, nil, nil, "aws.dynamodb.table.update.ttl-on", 3},
		tc{"ttl moved to another attribute", "aws_dynamodb_table", model.ActionUpdate, obj{"ttl": list(obj{"enabled": true, "attribute_name": "expires_at"}), "point_in_time_recovery": list(obj{"enabled": true})},
			obj{"ttl": list(obj{"enabled": true, "attribute_name": "created_at"}), "point_in_time_recovery": list(obj{"enabled": true})}, nil, nil, "aws.dynamodb.table.update.ttl-on", 3},
		tc{"near miss: ttl off", "aws_dynamodb_table", model.ActionUpdate, obj{"ttl": list(obj{"enabled": true, "attribute_name": "expires_at"}), "point_in_time_recovery": list(obj{"enabled": false})},
			obj{"ttl": list(obj{"enabled": false, "attribute_name": ""}), "point_in_time_recovery": list(obj{"enabled": false})}, nil, nil, "aws.dynamodb.table.update.in-place", 1},
		tc{"near miss: ttl unchanged", "aws_dynamodb_table", model.ActionUpdate, obj{"ttl": list(obj{"enabled": true, "attribute_name": "expires_at"}), "billing_mode": "PROVISIONED"},
			obj{"ttl": list(obj{"enabled": true, "attribute_name": "expires_at"}), "billing_mode": "PAY_PER_REQUEST"}, nil, nil, "aws.dynamodb.table.update.in-place", 1},
		tc{"near miss: pitr on", "aws_dynamodb_table", model.ActionUpdate, obj{"deletion_protection_enabled": false, "point_in_time_recovery": list(obj{"enabled": false})},
			obj{"deletion_protection_enabled": false, "point_in_time_recovery": list(obj{"enabled": true})}, nil, nil, "aws.dynamodb.table.update.in-place", 1},

		tc{"ecr policy expiring every image by age", "aws_ecr_lifecycle_policy", model.ActionCreate, nil, obj{"policy": ecrPolicy("any", "sinceImagePushed", 14)}, nil, nil, "aws.ecr.lifecycle-policy.expire-by-age", 2},
		tc{"ecr policy age shortened", "aws_ecr_lifecycle_policy", model.ActionUpdate, obj{"policy": ecrPolicy("any", "sinceImagePushed", 365)}, obj{"policy": ecrPolicy("any", "sinceImagePushed", 7)}, nil, nil, "aws.ecr.lifecycle-policy.expire-by-age", 2},
		tc{"ecr policy unreadable", "aws_ecr_lifecycle_policy", model.ActionCreate, nil, obj{"policy": "{not json"}, nil, nil, "aws.ecr.lifecycle-policy.expire-by-age", 5},
		tc{"near miss: ecr policy for untagged images", "aws_ecr_lifecycle_policy", model.ActionCreate, nil, obj{"policy": ecrPolicy("untagged", "sinceImagePushed", 14)}, nil, nil, "terraform.create", 1},
		tc{"near miss: ecr policy keeps a count", "aws_ecr_lifecycle_policy", model.ActionCreate, nil, obj{"policy": ecrPolicy("any", "imageCountMoreThan", 30)}, nil, nil, "terraform.create", 1},
		tc{"near miss: ecr policy age lengthened", "aws_ecr_lifecycle_policy", model.ActionUpdate, obj{"policy": ecrPolicy("any", "sinceImagePushed", 7)}, obj{"policy": ecrPolicy("any", "sinceImagePushed", 30)}, nil, nil, "aws.ecr.lifecycle-policy.update.in-place", 1},

		tc{"volume final snapshot", "aws_ebs_volume", model.ActionDelete, obj{"final_snapshot": true}, nil, nil, nil, "aws.ebs.volume.delete.final-snapshot", 3},
		tc{"near miss: volume no snapshot", "aws_ebs_volume", model.ActionDelete, obj{"final_snapshot": false}, nil, nil, nil, "aws.ebs.volume.delete", 4},
		tc{"volume resize", "aws_ebs_volume", model.ActionUpdate, obj{"size": 10.0}, obj{"size": 20.0}, nil, nil, "aws.ebs.volume.update.in-place", 1},

		tc{"key window", "aws_kms_key", model.ActionDelete, obj{"deletion_window_in_days": 7.0}, nil, nil, nil, "aws.kms.key.delete.window", 3},
		tc{"key default window", "aws_kms_key", model.ActionDelete, obj{"deletion_window_in_days": nil}, nil, nil, nil, "aws.kms.key.delete.default-window", 3},
		tc{"key window missing", "aws_kms_key", model.ActionDelete, obj{"description": "k"}, nil, nil, nil, "aws.kms.key.delete.window", 5},
		tc{"key disabled", "aws_kms_key", model.ActionUpdate, obj{"is_enabled": true}, obj{"is_enabled": false}, nil, nil, "aws.kms.key.update.disabled", 2},
		tc{"queue retention shortened", "aws_sqs_queue", model.ActionUpdate, obj{"message_retention_seconds": 1209600.0}, obj{"message_retention_seconds": 60.0}, nil, nil, "aws.sqs.queue.update.retention-shortened", 4},
		tc{"near miss: queue retention lengthened", "aws_sqs_queue", model.ActionUpdate, obj{"message_retention_seconds": 60.0}, obj{"message_retention_seconds": 1209600.0}, nil, nil, "aws.sqs.queue.update.in-place", 1},
		tc{"stream retention shortened", "aws_kinesis_stream", model.ActionUpdate, obj{"retention_period": 168.0}, obj{"retention_period": 24.0}, nil, nil, "aws.kinesis.stream.update.retention-shortened", 4},
		tc{"near miss: stream retention unchanged", "aws_kinesis_stream", model.ActionUpdate, obj{"retention_period": 24.0, "shard_count": 1.0}, obj{"retention_period": 24.0, "shard_count": 2.0}, nil, nil, "aws.kinesis.stream.update.in-place", 1},
		tc{"log retention shortened", "aws_cloudwatch_log_group", model.ActionUpdate, obj{"retention_in_days": 365.0}, obj{"retention_in_days": 1.0}, nil, nil, "aws.logs.group.update.retention-shortened", 4},
		tc{"near miss: log retention to forever", "aws_cloudwatch_log_group", model.ActionUpdate, obj{"retention_in_days": 365.0}, obj{"retention_in_days": 0.0}, nil, nil, "aws.logs.group.update.in-place", 1},
		tc{"near miss: key enabled", "aws_kms_key", model.ActionUpdate, obj{"is_enabled": false}, obj{"is_enabled": true}, nil, nil, "aws.kms.key.update.in-place", 1},

		tc{"secret no window", "aws_secretsmanager_secret", model.ActionDelete, obj{"recovery_window_in_days": 0.0}, nil, nil, nil, "aws.secretsmanager.secret.delete.immediate", 4},
		tc{"secret force delete (RecourseOS field)", "aws_secretsmanager_secret", model.ActionDelete, obj{"recovery_window_in_days": 30.0, "force_delete_without_recovery": true}, nil, nil, nil, "aws.secretsmanager.secret.delete.immediate", 4},
		tc{"near miss: secret window", "aws_secretsmanager_secret", model.ActionDelete, obj{"recovery_window_in_days": 30.0}, nil, nil, nil, "aws.secretsmanager.secret.delete.window", 3},
		tc{"secret default window", "aws_secretsmanager_secret", model.ActionDelete, obj{"recovery_window_in_days": nil}, nil, nil, nil, "aws.secretsmanager.secret.delete.default-window", 3},
		tc{"secret window removed", "aws_secretsmanager_secret", model.ActionUpdate, obj{"recovery_window_in_days": 30.0}, obj{"recovery_window_in_days": 0.0}, nil, nil, "aws.secretsmanager.secret.update.window-off", 2},
		tc{"secret description", "aws_secretsmanager_secret", model.ActionUpdate, obj{"recovery_window_in_days": 30.0, "description": "a"}, obj{"recovery_window_in_days": 30.0, "description": "b"}, nil, nil, "aws.secretsmanager.secret.update.in-place", 1},

		tc{"role delete", "aws_iam_role", model.ActionDelete, obj{"name": "r"}, nil, nil, nil, "aws.iam.role.delete", 2},
		tc{"role replace", "aws_iam_role", model.ActionReplace, obj{"name": "r"}, obj{"name": "r2"}, nil, nil, "aws.iam.role.delete", 2},
		tc{"role policy", "aws_iam_role", model.ActionUpdate, obj{"name": "r"}, obj{"name": "r", "description": "x"}, nil, nil, "aws.iam.role.update.in-place", 1},

		tc{"instance protected", "aws_instance", model.ActionDelete, obj{"disable_api_termination": true}, nil, nil, nil, "aws.ec2.instance.delete.protected", 1},
		tc{"instance data volume", "aws_instance", model.ActionDelete, obj{"disable_api_termination": false, "ebs_block_device": []any{obj{"delete_on_termination": false}, obj{"delete_on_termination": true}}}, nil, nil, nil, "aws.ec2.instance.delete.data-volumes", 4},
		tc{"near miss: data volume kept", "aws_instance", model.ActionDelete, obj{"disable_api_termination": false, "ebs_block_device": []any{obj{"delete_on_termination": false}},
			"root_block_device": list(obj{"delete_on_termination": true})}, nil, nil, nil, "aws.ec2.instance.delete.root-volume", 3},
		tc{"root kept", "aws_instance", model.ActionDelete, obj{"disable_api_termination": false, "ebs_block_device": []any{}, "root_block_device": list(obj{"delete_on_termination": false})}, nil, nil, nil, "aws.ec2.instance.delete.root-kept", 2},
		tc{"instance type", "aws_instance", model.ActionUpdate, obj{"instance_type": "t3.small"}, obj{"instance_type": "t3.large"}, nil, nil, "aws.ec2.instance.update.in-place", 1},
		tc{"termination protection off", "aws_instance", model.ActionUpdate, obj{"disable_api_termination": true}, obj{"disable_api_termination": false}, nil, nil, "aws.ec2.instance.update.protection-off", 2},
		tc{"near miss: termination protection on", "aws_instance", model.ActionUpdate, obj{"disable_api_termination": false}, obj{"disable_api_termination": true}, nil, nil, "aws.ec2.instance.update.in-place", 1},
	)
	return append(out, serviceCases()...)
}

func TestAWSRules(t *testing.T) {
	eng, err := rules.NewEngine(aws.Rules(), terraform.Rules())
	if err != nil {
		t.Fatal(err)
	}
	hit := map[string]bool{}
	for _, c := range cases() {
		t.Run(c.typ+"/"+c.name, func(t *testing.T) {
			m := &model.Mutation{Source: model.SourceTerraform, Action: c.action, Address: c.typ + ".x",
				Target: model.Target{Type: c.typ, ID: c.typ + ".x"}, Before: c.before, After: c.after, AfterUnknown: c.unknown}
			inv := model.NewInventory()
			for _, r := range c.inv {
				inv.Add(r)
			}
			v, ok := eng.Judge(rules.Facts{M: m, Inv: inv})
			if !ok {
				t.Fatal("no rule matched")
			}
			if v.RuleID != c.wantRule || v.Tier != c.wantTier {
				t.Fatalf("got %s tier %d, want %s tier %d\n%s", v.RuleID, v.Tier, c.wantRule, c.wantTier, v.Reasoning)
			}
			if v.Tier == model.TierNeedsReview && len(v.MissingEvidence) == 0 {
				t.Fatalf("needs-review without missing evidence: %s", v.Reasoning)
			}
			hit[v.RuleID] = true
		})
	}
	t.Run("sensitive bucket name never printed", func(t *testing.T) {
		m := &model.Mutation{Action: model.ActionDelete, Target: model.Target{Type: "aws_s3_object"}, Before: obj{"bucket": "secret-bucket-name", "key": "k"},
			BeforeSensitive: obj{"bucket": true}}
		v, _ := eng.Judge(rules.Facts{M: m, Inv: model.NewInventory()})
		if v.Tier != model.TierNeedsReview || strings.Contains(v.Reasoning+strings.Join(v.MissingEvidence, ""), "secret-bucket-name") {
			t.Fatalf("%d %s %v", v.Tier, v.Reasoning, v.MissingEvidence)
		}
	})
	for _, c := range evidenceCases() {
		if v, ok := judgeWithEvidence(eng, c); ok && v.RuleID == c.rule && v.Tier == c.tier {
			hit[v.RuleID] = true
		}
	}
	for _, r := range aws.TablesTestedHere() {
		hit[r.ID] = true
	}
	for _, r := range aws.Rules() {
		if !hit[r.ID] {
			t.Errorf("rule %s has no test row", r.ID)
		}
	}
}
