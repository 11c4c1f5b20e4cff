package aws

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// clusterSnapshotRules are the rows of a database cluster that, like
// Neptune, DocumentDB and Redshift, takes a final snapshot on delete unless
// skip_final_snapshot is true, and deletes its automated snapshots with it.
// The provider refuses a delete with skip_final_snapshot=false and no
// final_snapshot_identifier, so that case loses nothing.
func clusterSnapshotRules(typ, id, service, retention string, offAtZero bool) []rules.Rule {
	var retentionRows []rules.Rule
	if offAtZero { // Redshift: a retention of 0 turns automated snapshots off
		retentionRows = append(retentionRows, rules.Rule{ID: id + ".update.snapshots-off", Type: typ, On: rules.Update, Tier: model.TierUnrecoverable,
			When:   rules.Becomes(retention, rules.Above(0), rules.AtMost(0)),
			Reason: "setting " + retention + " to 0 turns automated snapshots off and deletes the existing ones: those recovery points are lost"})
	}
	retentionRows = append(retentionRows, rules.Rule{ID: id + ".update.backups-shortened", Type: typ, On: rules.Update, Tier: model.TierRecoverableWithEffort,
		When:   rules.Shrinks(retention),
		Reason: "the automated backup retention is shortened: backups older than the new period are deleted, and recovery no longer reaches back that far (the data itself is untouched)"})
	rows := []rules.Rule{
		{ID: id + ".delete.final-snapshot", Type: typ, On: rules.Destroy, Tier: model.TierRecoverableFromBackup,
			When:   rules.All(rules.Was("skip_final_snapshot", rules.Eq(false)), rules.Was("final_snapshot_identifier", rules.Set())),
			Reason: "a final snapshot is taken before the delete; a new " + service + " cluster can be restored from it"},
		{ID: id + ".delete.no-snapshot", Type: typ, On: rules.Destroy, Tier: model.TierUnrecoverable,
			When:   rules.Was("skip_final_snapshot", rules.Eq(true)),
			Reason: "no final snapshot is taken and " + service + " deletes the automated snapshots with the cluster, so the data is lost unless a manual snapshot exists"},
		{ID: id + ".delete.snapshot-unnamed", Type: typ, On: rules.Destroy, Tier: model.TierRecoverableWithEffort,
			When:   rules.Was("skip_final_snapshot", rules.Eq(false)),
			Reason: "a final snapshot is requested without final_snapshot_identifier, which the provider refuses: the apply fails before anything is deleted"},
	}
	rows = append(append(rows, retentionRows...), rules.InPlace(typ, id+".update.in-place"))
	// Redshift has no deletion_protection argument in older providers;
	// where the attribute is present and true the delete is refused.
	protected := rules.Rule{ID: id + ".delete.protected", Type: typ, On: rules.Destroy, Tier: model.TierReversible,
		When:   rules.WasIfPresent("deletion_protection", rules.Eq(true)),
		Reason: service + " refuses to delete the cluster while deletion protection is on, so the apply fails and nothing is lost"}
	offRow := rules.Rule{ID: id + ".update.protection-off", Type: typ, On: rules.Update, Tier: model.TierRecoverableWithEffort,
		When:   rules.Becomes("deletion_protection", rules.Eq(true), rules.Ne(true)),
		Reason: "deletion protection is removed, so a later delete is no longer refused"}
	return append([]rules.Rule{protected, offRow}, rows...)
}

// elastiCacheRules: a Redis/Valkey replication group takes a final snapshot
// only when final_snapshot_identifier is set; otherwise its data goes with
// it. Memcached keeps nothing to lose beyond a cache.
func elastiCacheRules() []rules.Rule {
	const typ = "aws_elasticache_replication_group"
	return []rules.Rule{
		{ID: "aws.elasticache.replication-group.delete.final-snapshot", Type: typ, On: rules.Destroy, Tier: model.TierRecoverableFromBackup,
			When:   rules.Was("final_snapshot_identifier", rules.Set()),
			Reason: "a final snapshot is taken before the delete; a new replication group can be seeded from it"},
		{ID: "aws.elasticache.replication-group.delete", Type: typ, On: rules.Destroy, Tier: model.TierUnrecoverable, Confidence: model.ConfidenceMedium,
			When:   rules.WasDefault("final_snapshot_identifier", nil, rules.Null()),
			Reason: "without final_snapshot_identifier the replication group and its data are deleted with no snapshot; if it is only a cache, the data can be rebuilt from its source"},
		{ID: "aws.elasticache.replication-group.update.backups-off", Type: typ, On: rules.Update, Tier: model.TierRecoverableWithEffort,
			When:   rules.Becomes("snapshot_retention_limit", rules.Ne(0.0), rules.Eq(0.0)),
			Reason: "snapshot_retention_limit 0 turns automatic backups off: no restore point is taken from now on"},
		rules.InPlace(typ, "aws.elasticache.replication-group.update.in-place"),
	}
}

// efsRules: a deleted file system's data is gone; only an AWS Backup
// recovery point taken elsewhere can restore it.
func efsRules() []rules.Rule {
	const typ = "aws_efs_file_system"
	return []rules.Rule{
		{ID: "aws.efs.file-system.delete", Type: typ, On: rules.Destroy, Tier: model.TierUnrecoverable,
			Reason: "the file system and its files are deleted; only an AWS Backup recovery point taken earlier could restore them"},
		rules.InPlace(typ, "aws.efs.file-system.update.in-place"),
	}
}
