package aws

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// dynamodbRules: a delete is refused with deletion_protection_enabled. With
// point-in-time recovery on, DynamoDB keeps a system backup for 35 days
// after the table is deleted; turning PITR off discards the continuous
// backups and with them every restore point.
func dynamodbRules() []rules.Rule {
	const typ = "aws_dynamodb_table"
	const pitr = "point_in_time_recovery.0.enabled"
	ttlStarts := rules.Any(rules.Becomes("ttl.0.enabled", rules.Ne(true), rules.Eq(true)),
		rules.All(rules.Was("ttl.0.enabled", rules.Eq(true)), rules.Will("ttl.0.enabled", rules.Eq(true)), rules.Changes("ttl.0.attribute_name", rules.Set())))
	return []rules.Rule{
		{ID: "aws.dynamodb.table.delete.protected", Type: typ, On: rules.Destroy, Tier: model.TierReversible,
			When:   rules.Was("deletion_protection_enabled", rules.Eq(true)),
			Reason: "DynamoDB refuses to delete the table while deletion protection is on, so the apply fails and nothing is lost"},
		{ID: "aws.dynamodb.table.delete.pitr", Type: typ, On: rules.Destroy, Tier: model.TierRecoverableFromBackup,
			When:   rules.Was(pitr, rules.Eq(true)),
			Reason: "with point-in-time recovery on, DynamoDB keeps a system backup for 35 days after the delete; the table can be restored from it"},
		{ID: "aws.dynamodb.table.delete.no-pitr", Type: typ, On: rules.Destroy, Tier: model.TierUnrecoverable,
			When:   rules.WasDefault(pitr, false, rules.Ne(true)),
			Reason: "without point-in-time recovery the table and its items are deleted; only an on-demand or AWS Backup backup taken elsewhere could restore them"},
		{ID: "aws.dynamodb.table.update.pitr-off", Type: typ, On: rules.Update, Tier: model.TierUnrecoverable,
			When:   rules.Becomes(pitr, rules.Eq(true), rules.Ne(true)),
			Reason: "turning point-in-time recovery off discards the continuous backups, and with them every restore point"},
		// Time to live deletes items by their own attribute's value: turning
		// it on, or pointing it at another attribute, can delete items that
		// already hold a past time. Whether any does is not in the plan.
		{ID: "aws.dynamodb.table.update.ttl-on.no-pitr", Type: typ, On: rules.Update, Tier: model.TierUnrecoverable, Confidence: medium,
			When:   rules.All(ttlStarts, rules.Will(pitr, rules.Ne(true))),
			Reason: "time to live starts on an attribute: within days DynamoDB deletes every item whose attribute holds a time already past, and without point-in-time recovery they are gone; whether any item does is not in the plan"},
		{ID: "aws.dynamodb.table.update.ttl-on", Type: typ, On: rules.Update, Tier: model.TierRecoverableFromBackup, Confidence: medium,
			When:   ttlStarts,
			Reason: "time to live starts on an attribute: within days DynamoDB deletes every item whose attribute holds a time already past; point-in-time recovery can restore the table as it was before (into a new table); whether any item does is not in the plan"},
		{ID: "aws.dynamodb.table.update.protection-off", Type: typ, On: rules.Update, Tier: model.TierRecoverableWithEffort,
			When:   rules.Becomes("deletion_protection_enabled", rules.Eq(true), rules.Ne(true)),
			Reason: "deletion protection is removed, so a later delete is no longer refused"},
		rules.InPlace(typ, "aws.dynamodb.table.update.in-place"),
	}
}

// ebsRules: a deleted volume's blocks are gone unless final_snapshot asks
// the provider to snapshot it first.
func ebsRules() []rules.Rule {
	const typ = "aws_ebs_volume"
	return []rules.Rule{
		{ID: "aws.ebs.volume.delete.final-snapshot", Type: typ, On: rules.Destroy, Tier: model.TierRecoverableFromBackup,
			When:   rules.Was("final_snapshot", rules.Eq(true)),
			Reason: "the provider snapshots the volume before deleting it; a new volume can be created from that snapshot"},
		{ID: "aws.ebs.volume.delete", Type: typ, On: rules.Destroy, Tier: model.TierUnrecoverable,
			When:   rules.WasDefault("final_snapshot", false, rules.Ne(true)),
			Reason: "the volume and its data are deleted with no final snapshot; only a snapshot taken earlier could restore it"},
		rules.InPlace(typ, "aws.ebs.volume.update.in-place"),
	}
}

// kmsRules: KMS never deletes a key at once. It schedules the deletion
// after a waiting period of 7 to 30 days (30 by default), during which
// CancelKeyDeletion restores it; after that, everything encrypted under
// the key can never be decrypted again.
func kmsRules() []rules.Rule {
	const typ = "aws_kms_key"
	return []rules.Rule{
		{ID: "aws.kms.key.delete.still-encrypting", Type: typ, On: rules.Destroy, Tier: model.TierUnrecoverable,
			When:   rules.DependentsKeep("resources that stay keep data encrypted under the key", encryptedHolders()),
			Reason: "resources that stay keep their data encrypted under this key: KMS deletes it when the waiting period ends, and from then on their data can never be decrypted; CancelKeyDeletion only helps if someone acts within the window"},
		{ID: "aws.kms.key.delete.window", Type: typ, On: rules.Destroy, Tier: model.TierRecoverableFromBackup,
			When:   rules.Was("deletion_window_in_days", rules.Above(0)),
			Reason: "KMS schedules the key's deletion after the waiting period and CancelKeyDeletion restores it until then; once it passes, all data encrypted under the key is unreadable forever"},
		{ID: "aws.kms.key.delete.default-window", Type: typ, On: rules.Destroy, Tier: model.TierRecoverableFromBackup,
			When:   rules.Was("deletion_window_in_days", rules.Null()),
			Reason: "KMS schedules the key's deletion after the default 30-day waiting period and CancelKeyDeletion restores it until then; once it passes, all data encrypted under the key is unreadable forever"},
		{ID: "aws.kms.key.update.disabled", Type: typ, On: rules.Update, Tier: model.TierRecoverableWithEffort,
			When:   rules.Becomes("is_enabled", rules.Eq(true), rules.Eq(false)),
			Reason: "disabling the key makes everything encrypted under it undecryptable until the key is enabled again"},
		rules.InPlace(typ, "aws.kms.key.update.in-place"),
	}
}

// encryptedHolders are the AWS types that keep data encrypted under a KMS
// key they name.
func encryptedHolders() map[string]bool {
	out := map[string]bool{}
	for _, t := range []string{"aws_ebs_volume", "aws_ebs_snapshot", "aws_db_instance", "aws_db_snapshot", "aws_rds_cluster", "aws_db_cluster_snapshot",
		"aws_s3_bucket", "aws_s3_bucket_server_side_encryption_configuration", "aws_s3_object", "aws_dynamodb_table", "aws_efs_file_system",
		"aws_secretsmanager_secret", "aws_ssm_parameter", "aws_redshift_cluster", "aws_docdb_cluster", "aws_neptune_cluster",
		"aws_elasticache_replication_group", "aws_memorydb_cluster", "aws_opensearch_domain", "aws_kinesis_stream", "aws_sqs_queue",
		"aws_sns_topic", "aws_cloudwatch_log_group", "aws_backup_vault", "aws_fsx_windows_file_system", "aws_fsx_lustre_file_system",
		"aws_fsx_openzfs_file_system", "aws_fsx_ontap_file_system", "aws_msk_cluster", "aws_keyspaces_table", "aws_qldb_ledger"} {
		out[t] = true
	}
	return out
}

// secretsManagerRules: a secret is kept for recovery_window_in_days (7 to
// 30, default 30) after a delete and RestoreSecret brings it back; with a
// window of 0 the provider deletes it at once (ForceDeleteWithoutRecovery).
// The provider has no force_delete_without_recovery attribute, but plans
// written for RecourseOS carry one, so it is honoured when present.
func secretsManagerRules() []rules.Rule {
	const typ = "aws_secretsmanager_secret"
	return []rules.Rule{
		{ID: "aws.secretsmanager.secret.delete.immediate", Type: typ, On: rules.Destroy, Tier: model.TierUnrecoverable,
			When:   rules.Any(rules.Was("recovery_window_in_days", rules.AtMost(0)), rules.WasIfPresent("force_delete_without_recovery", rules.Eq(true))),
			Reason: "the secret is deleted at once with no recovery window, so its value is lost"},
		{ID: "aws.secretsmanager.secret.delete.window", Type: typ, On: rules.Destroy, Tier: model.TierRecoverableFromBackup,
			When:   rules.Was("recovery_window_in_days", rules.Above(0)),
			Reason: "Secrets Manager keeps the secret for the recovery window and RestoreSecret brings it back until then"},
		{ID: "aws.secretsmanager.secret.delete.default-window", Type: typ, On: rules.Destroy, Tier: model.TierRecoverableFromBackup,
			When:   rules.Was("recovery_window_in_days", rules.Null()),
			Reason: "Secrets Manager keeps the secret for the default 30-day recovery window and RestoreSecret brings it back until then"},
		{ID: "aws.secretsmanager.secret.update.window-off", Type: typ, On: rules.Update, Tier: model.TierRecoverableWithEffort,
			When:   rules.Becomes("recovery_window_in_days", rules.Above(0), rules.AtMost(0)),
			Reason: "the recovery window is removed, so a later delete loses the secret at once"},
		rules.InPlace(typ, "aws.secretsmanager.secret.update.in-place"),
	}
}
