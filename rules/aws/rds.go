package aws

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// rdsRules returns the rows for an RDS instance or cluster; both take the
// same protection attributes; replicaAttr names the source of a read
// replica.
//
// Facts: a delete with deletion_protection=true is refused by the API. With
// skip_final_snapshot=true no snapshot is taken. Automated backups are
// deleted with the instance unless delete_automated_backups=false, and
// there are none when backup_retention_period=0. Setting the retention to 0
// deletes the existing automated backups at once.
func rdsRules(typ, id, noun, replicaAttr string) []rules.Rule {
	return []rules.Rule{
		{ID: id + ".delete.protected", Type: typ, On: rules.Destroy, Tier: model.TierReversible,
			When:   rules.Was("deletion_protection", rules.Eq(true)),
			Reason: "AWS refuses to delete the " + noun + " while deletion protection is on, so the apply fails and nothing is lost"},
		{ID: id + ".delete.read-replica", Type: typ, On: rules.Destroy, Tier: model.TierRecoverableWithEffort,
			When:   rules.Was(replicaAttr, rules.Set()),
			Reason: "a read replica holds no data of its own: it can be recreated from its source, which this delete leaves in place"},
		{ID: id + ".delete.no-recovery-point", Type: typ, On: rules.Destroy, Tier: model.TierUnrecoverable,
			When: rules.All(rules.Was("skip_final_snapshot", rules.Eq(true)),
				rules.Any(rules.Was("backup_retention_period", rules.AtMost(0)), rules.WasDefault("delete_automated_backups", true, rules.Ne(false)))),
			Reason: "no final snapshot is taken and no automated backup survives the delete (they are kept only with delete_automated_backups=false and a retention above 0), so the data is lost"},
		{ID: id + ".delete.retained-backups", Type: typ, On: rules.Destroy, Tier: model.TierRecoverableFromBackup,
			When:   rules.Was("skip_final_snapshot", rules.Eq(true)),
			Reason: "no final snapshot is taken, but the automated backups are retained after the delete; restore to a point in time from them before they expire"},
		{ID: id + ".delete.final-snapshot", Type: typ, On: rules.Destroy, Tier: model.TierRecoverableFromBackup,
			When:   rules.All(rules.Was("skip_final_snapshot", rules.Eq(false)), rules.Was("final_snapshot_identifier", rules.Set())),
			Reason: "a final snapshot is taken before the delete; a new " + noun + " can be restored from it"},
		{ID: id + ".delete.snapshot-unnamed", Type: typ, On: rules.Destroy, Tier: model.TierRecoverableFromBackup, Confidence: model.ConfidenceMedium,
			When:   rules.Was("skip_final_snapshot", rules.Eq(false)),
			Reason: "a final snapshot is requested but final_snapshot_identifier is unset, which the provider rejects; once it is named, the snapshot is the way back"},

		{ID: id + ".update.backups-off", Type: typ, On: rules.Update, Tier: model.TierUnrecoverable,
			When:   rules.Becomes("backup_retention_period", rules.Above(0), rules.AtMost(0)),
			Reason: "setting the backup retention to 0 disables automated backups and deletes the existing ones at once, so every point-in-time recovery point is lost"},
		{ID: id + ".update.backups-shortened", Type: typ, On: rules.Update, Tier: model.TierRecoverableWithEffort,
			When:   rules.Shrinks("backup_retention_period"),
			Reason: "the backup retention is shortened: automated backups older than the new period are deleted, and point-in-time recovery no longer reaches back that far (the data itself is untouched)"},
		{ID: id + ".update.backtrack-off", Type: typ, On: rules.Update, Tier: model.TierRecoverableWithEffort,
			When:   rules.Becomes("backtrack_window", rules.Above(0), rules.AtMost(0)),
			Reason: "backtracking is turned off: the cluster can no longer be rewound to an earlier time, and its change records are discarded"},
		{ID: id + ".update.protection-off", Type: typ, On: rules.Update, Tier: model.TierRecoverableWithEffort,
			When:   rules.Becomes("deletion_protection", rules.Eq(true), rules.Ne(true)),
			Reason: "deletion protection is removed, so a later delete is no longer refused"},
		{ID: id + ".update.final-snapshot-off", Type: typ, On: rules.Update, Tier: model.TierRecoverableWithEffort,
			When:   rules.Becomes("skip_final_snapshot", rules.Ne(true), rules.Eq(true)),
			Reason: "a later delete will take no final snapshot"},
		{ID: id + ".update.backups-not-retained", Type: typ, On: rules.Update, Tier: model.TierRecoverableWithEffort,
			When:   rules.Becomes("delete_automated_backups", rules.Eq(false), rules.Ne(false)),
			Reason: "automated backups will be deleted together with the " + noun + " by a later delete"},
		{ID: id + ".update.engine-version", Type: typ, On: rules.Update, Tier: model.TierRecoverableFromBackup, Confidence: model.ConfidenceMedium,
			When:   rules.Changes("engine_version", rules.Set()),
			Reason: "an engine version upgrade cannot be rolled back in place; going back needs a restore from a snapshot"},
		rules.InPlace(typ, id+".update.in-place"),
	}
}
