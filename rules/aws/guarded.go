package aws

import (
	"fmt"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// guardedRules are the AWS types whose outcome turns on one of their own
// attributes: a deletion guard, a final snapshot or backup, a retention
// policy, or what a lifecycle rule expires.
func guardedRules() []rules.Rule {
	var out []rules.Rule
	for _, t := range [][]rules.Rule{memoryStoreRules(), ledgerRules(), fsxRules(), userPoolRules(), accountRules(), lifecycleRules(), miscStoreRules()} {
		out = append(out, t...)
	}
	return out
}

// finalCopy returns the rows of a store that keeps a final snapshot or
// backup on destroy only when attr is set: tier 3 with one, tier 4 without.
func finalCopy(typ, id, attr, what string) []rules.Rule {
	return []rules.Rule{
		{ID: id + ".delete.final-snapshot", Type: typ, On: rules.Destroy, Tier: fromBackup,
			When:   rules.Was(attr, rules.Set()),
			Reason: "a final snapshot is taken before the delete; a new " + what + " can be restored from it"},
		{ID: id + ".delete", Type: typ, On: rules.Destroy, Tier: lost,
			When:   rules.WasDefault(attr, nil, rules.Null()),
			Reason: "without " + attr + " the " + what + " and its data are deleted with no final snapshot, and its automated snapshots go with it"},
		rules.InPlace(typ, id+".update.in-place"),
	}
}

// memoryStoreRules: MemoryDB and ElastiCache (Redis/Valkey) keep a final
// snapshot only when asked to; memcached holds nothing but a cache.
func memoryStoreRules() []rules.Rule {
	const cache = "aws_elasticache_cluster"
	out := finalCopy("aws_memorydb_cluster", "aws.memorydb.cluster", "final_snapshot_name", "MemoryDB cluster")
	out = append(out,
		rules.Rule{ID: "aws.elasticache.cluster.delete.memcached", Type: cache, On: rules.Destroy, Tier: effort,
			When:   rules.Was("engine", rules.Eq("memcached")),
			Reason: "memcached keeps no data beyond a cache: an apply recreates the cluster, and it warms up again from its source"})
	return append(out, finalCopy(cache, "aws.elasticache.cluster", "final_snapshot_identifier", "cache cluster")...)
}

// ledgerRules: QLDB refuses to delete a ledger with deletion_protection,
// which is on by default; Keyspaces restores a deleted table only when it
// had point-in-time recovery.
func ledgerRules() []rules.Rule {
	const ledger, table = "aws_qldb_ledger", "aws_keyspaces_table"
	out := rules.Guard{Type: ledger, ID: "aws.qldb.ledger", Attr: "deletion_protection", On: true, Default: true, What: "QLDB"}.Rows()
	return append(out,
		rules.Rule{ID: "aws.qldb.ledger.delete", Type: ledger, On: rules.Destroy, Tier: lost,
			Reason: "the ledger and its journal are deleted; QLDB keeps no copy, and only a journal export to S3 made earlier holds the data"},
		rules.InPlace(ledger, "aws.qldb.ledger.update.in-place"),
		rules.Rule{ID: "aws.keyspaces.table.delete.pitr", Type: table, On: rules.Destroy, Tier: fromBackup,
			When:   rules.Was("point_in_time_recovery.0.status", rules.Eq("ENABLED")),
			Reason: "with point-in-time recovery on, Keyspaces can restore the deleted table for 35 days"},
		rules.Rule{ID: "aws.keyspaces.table.delete", Type: table, On: rules.Destroy, Tier: lost,
			When:   rules.WasDefault("point_in_time_recovery.0.status", "DISABLED", rules.Ne("ENABLED")),
			Reason: "without point-in-time recovery the table and its rows are deleted for good"},
		rules.Rule{ID: "aws.keyspaces.table.update.pitr-off", Type: table, On: rules.Update, Tier: lost,
			When:   rules.Becomes("point_in_time_recovery.0.status", rules.Eq("ENABLED"), rules.Ne("ENABLED")),
			Reason: "turning point-in-time recovery off discards the continuous backups, and with them every restore point"},
		rules.InPlace(table, "aws.keyspaces.table.update.in-place"),
	)
}

// fsxRules: FSx takes a final backup on delete unless skip_final_backup is
// true. The provider default differs by file system: false for Windows,
// OpenZFS and ONTAP volumes, true for Lustre. The value that counts is the
// one already applied (the provider documents that it must be applied
// before the destroy), which is the before object.
func fsxRules() []rules.Rule {
	var out []rules.Rule
	for _, f := range []struct {
		typ, id, what string
		skipDefault   bool
	}{
		{"aws_fsx_windows_file_system", "aws.fsx.windows", "FSx for Windows file system", false},
		{"aws_fsx_openzfs_file_system", "aws.fsx.openzfs", "FSx for OpenZFS file system", false},
		{"aws_fsx_lustre_file_system", "aws.fsx.lustre", "FSx for Lustre file system", true},
		{"aws_fsx_ontap_volume", "aws.fsx.ontap-volume", "FSx for ONTAP volume", false},
	} {
		out = append(out,
			rules.Rule{ID: f.id + ".delete.final-backup", Type: f.typ, On: rules.Destroy, Tier: fromBackup,
				When:   rules.WasDefault("skip_final_backup", f.skipDefault, rules.Eq(false)),
				Reason: "FSx takes a final backup of the " + f.what + " before deleting it; a new one can be restored from it"},
			rules.Rule{ID: f.id + ".delete", Type: f.typ, On: rules.Destroy, Tier: lost,
				Reason: "skip_final_backup is true, so the " + f.what + " is deleted with no final backup and its automatic backups go with it"},
			rules.Rule{ID: f.id + ".update.skip-backup-on", Type: f.typ, On: rules.Update, Tier: effort,
				When:   rules.Becomes("skip_final_backup", rules.Ne(true), rules.Eq(true)),
				Reason: "skip_final_backup is turned on, so a later delete takes no final backup"},
			rules.InPlace(f.typ, f.id+".update.in-place"))
	}
	return append(out, rules.PlainRows(
		rules.Plain{Type: "aws_fsx_ontap_file_system", ID: "aws.fsx.ontap", Tier: effort, Confidence: medium,
			Reason: "FSx refuses to delete an ONTAP file system that still has volumes other than its root volume, so only an emptied one goes"},
		rules.Plain{Type: "aws_fsx_backup", ID: "aws.fsx.backup", Tier: lost, Confidence: medium,
			Reason: "the backup is deleted for good; if its file system is gone too, it may have been the last copy of the data"},
	)...)
}

// userPoolRules: Cognito refuses to delete a user pool whose
// deletion_protection is ACTIVE. A deleted pool takes its users with it,
// and passwords cannot be exported, so every user of a new pool must sign
// up or reset again.
func userPoolRules() []rules.Rule {
	const typ = "aws_cognito_user_pool"
	out := rules.Guard{Type: typ, ID: "aws.cognito.user-pool", Attr: "deletion_protection", On: "ACTIVE", What: "Cognito"}.Rows()
	return append(out,
		rules.Rule{ID: "aws.cognito.user-pool.delete", Type: typ, On: rules.Destroy, Tier: lost,
			Reason: "the pool is deleted with every user, their attributes, passwords and MFA settings; passwords cannot be exported, so a new pool makes every user sign up or reset again"},
		rules.InPlace(typ, "aws.cognito.user-pool.update.in-place"))
}

// accountRules: destroying an aws_organizations_account removes it from
// the organization; only with close_on_deletion is it closed, and a closed
// account can be reopened through support for 90 days. It is a container
// of everything in it, so never tier 1.
func accountRules() []rules.Rule {
	const typ = "aws_organizations_account"
	return []rules.Rule{
		{ID: "aws.organizations.account.delete.close", Type: typ, On: rules.Destroy, Tier: fromBackup, Confidence: medium,
			When:   rules.Was("close_on_deletion", rules.Eq(true)),
			Reason: "the account is closed with every resource in it; AWS can reopen it during the 90-day post-closure period, after which everything in it is deleted"},
		{ID: "aws.organizations.account.delete", Type: typ, On: rules.Destroy, Tier: effort,
			When:   rules.WasDefault("close_on_deletion", false, rules.Ne(true)),
			Reason: "the account leaves the organization but stays open with its resources, no longer under the organization's policies or billing; it must be invited back"},
		{ID: "aws.organizations.account.update.close-on", Type: typ, On: rules.Update, Tier: effort,
			When:   rules.Becomes("close_on_deletion", rules.Ne(true), rules.Eq(true)),
			Reason: "close_on_deletion is turned on, so a later destroy closes the account instead of only removing it"},
		rules.InPlace(typ, "aws.organizations.account.update.in-place"),
	}
}

// lifecycleRules: a lifecycle configuration deletes nothing when removed,
// but one that is created or changed to expire every current object in
// the bucket deletes them as soon as S3 applies it.
func lifecycleRules() []rules.Rule {
	const typ = "aws_s3_bucket_lifecycle_configuration"
	expiresAll := rules.Func("a newly enabled rule expires every current object", expiresEverything)
	return []rules.Rule{
		{ID: "aws.s3.lifecycle.expire-all", Type: typ, On: rules.Written, Tier: lost,
			When:   expiresAll,
			Reason: "an enabled lifecycle rule with no filter expires every current object in the bucket after its age limit; in an unversioned bucket they are deleted for good"},
		{ID: "aws.s3.lifecycle.delete", Type: typ, On: rules.Destroy, Tier: reversible,
			Reason: "objects stop transitioning and expiring under the configuration; none is deleted"},
		rules.InPlace(typ, "aws.s3.lifecycle.update.in-place"),
	}
}

// expiresEverything reports whether the configuration after the change has
// an enabled rule, not enabled before, that applies to the whole bucket
// and expires current objects.
func expiresEverything(f rules.Facts) rules.Result {
	after := f.M.Lookup(model.After, "rule")
	if after.State != model.Known {
		return rules.Result{Truth: rules.Unknown, Missing: []string{after.MissingKey()}}
	}
	before := map[string]bool{}
	if b := f.M.Lookup(model.Before, "rule"); b.State == model.Known {
		list, _ := b.V.([]any)
		for i := range list {
			if id, ok := expiringRule(f.M, model.Before, i); ok {
				before[id] = true
			}
		}
	}
	list, _ := after.V.([]any)
	for i := range list {
		for _, p := range []string{"expiration.0.days", "expiration.0.date"} {
			if v := f.M.Lookup(model.After, fmt.Sprintf("rule.%d.%s", i, p)); v.State == model.Unknown {
				return rules.Result{Truth: rules.Unknown, Missing: []string{v.MissingKey()}}
			}
		}
		if id, ok := expiringRule(f.M, model.After, i); ok && !before[id] {
			return rules.Decided(true, model.Evidence{Key: fmt.Sprintf("rule.%d", i), Value: id, Present: true, Description: "enabled, no filter, expires current objects"})
		}
	}
	return rules.Result{Truth: rules.False}
}

// expiringRule reports whether rule i on side is enabled, filters nothing
// and expires current objects, with its id.
func expiringRule(m *model.Mutation, side model.Side, i int) (string, bool) {
	get := func(p string) any { return m.Lookup(side, fmt.Sprintf("rule.%d.%s", i, p)).V }
	if get("status") != "Enabled" {
		return "", false
	}
	days, _ := get("expiration.0.days").(float64)
	date, _ := get("expiration.0.date").(string)
	if days <= 0 && date == "" {
		return "", false
	}
	for _, p := range []string{"prefix", "filter.0.prefix", "filter.0.tag", "filter.0.and", "filter.0.object_size_greater_than", "filter.0.object_size_less_than"} {
		switch v := get(p).(type) {
		case nil:
		case string:
			if v != "" {
				return "", false
			}
		case float64:
			if v > 0 {
				return "", false
			}
		case []any:
			if len(v) > 0 {
				return "", false
			}
		default:
			return "", false
		}
	}
	id, _ := get("id").(string)
	return fmt.Sprintf("%s#%d", id, i), true
}

// miscStoreRules: stores whose guard or retention setting decides.
func miscStoreRules() []rules.Rule {
	const emr, domain, db, pub, dir = "aws_emr_cluster", "aws_sagemaker_domain", "aws_lightsail_database", "aws_ecrpublic_repository", "aws_s3_directory_bucket"
	out := rules.Guard{Type: emr, ID: "aws.emr.cluster", Attr: "termination_protection", On: true, What: "EMR"}.Rows()
	out = append(out,
		rules.Rule{ID: "aws.emr.cluster.delete", Type: emr, On: rules.Destroy, Tier: lost, Confidence: medium,
			Reason: "the cluster's instances are terminated with HDFS and their local storage; data written to S3 stays"},
		rules.InPlace(emr, "aws.emr.cluster.update.in-place"),
		rules.Rule{ID: "aws.sagemaker.domain.delete.efs-deleted", Type: domain, On: rules.Destroy, Tier: lost,
			When:   rules.WasDefault("retention_policy.0.home_efs_file_system", "Retain", rules.Eq("Delete")),
			Reason: "the retention policy deletes the domain's EFS volume, with every user's home directory and notebooks"},
		rules.Rule{ID: "aws.sagemaker.domain.delete", Type: domain, On: rules.Destroy, Tier: effort,
			When:   rules.WasDefault("retention_policy.0.home_efs_file_system", "Retain", rules.Ne("Delete")),
			Reason: "the domain is deleted but its EFS volume with the users' home directories is retained (the default), detached from any new domain"},
		rules.InPlace(domain, "aws.sagemaker.domain.update.in-place"),
		rules.Rule{ID: "aws.lightsail.database.delete.no-snapshot", Type: db, On: rules.Destroy, Tier: lost,
			When:   rules.WasDefault("skip_final_snapshot", false, rules.Eq(true)),
			Reason: "the database is deleted with no final snapshot, and its automatic snapshots go with it"},
		rules.Rule{ID: "aws.lightsail.database.delete", Type: db, On: rules.Destroy, Tier: fromBackup,
			Reason: "a final snapshot (final_snapshot_name) is taken before the delete; a new database can be created from it"},
		rules.InPlace(db, "aws.lightsail.database.update.in-place"),
	)
	out = append(out, rules.Emptied{Type: pub, ID: "aws.ecr-public.repository", Attr: "force_destroy",
		Forced:  "force_destroy deletes the public repository with every image in it",
		Refused: "ECR Public refuses to delete a repository that still holds images, so only an empty one goes"}.Rows()...)
	out = append(out, rules.InPlace(pub, "aws.ecr-public.repository.update.in-place"))
	out = append(out, rules.Emptied{Type: dir, ID: "aws.s3.directory-bucket", Attr: "force_destroy",
		Forced:  "force_destroy deletes every object in the directory bucket first; S3 Express One Zone has no versioning to recover them",
		Refused: "S3 refuses to delete a directory bucket that still holds objects, so only an empty one goes"}.Rows()...)
	return append(out, rules.InPlace(dir, "aws.s3.directory-bucket.update.in-place"))
}

// keyRules: replica and imported-material keys are scheduled for deletion
// like any KMS key, and an ACM private CA is kept restorable for its
// permanent-deletion period.
func keyRules() []rules.Rule {
	return rules.PlainRows(
		rules.Plain{Type: "aws_kms_replica_key", ID: "aws.kms.replica-key", Tier: fromBackup,
			Reason: "KMS schedules the replica key's deletion after its waiting period (7-30 days, 30 by default) and CancelKeyDeletion restores it until then; after that, data encrypted under it in this region cannot be decrypted here"},
		rules.Plain{Type: "aws_kms_external_key", ID: "aws.kms.external-key", Tier: fromBackup,
			Reason: "KMS schedules the key's deletion after its waiting period and CancelKeyDeletion restores it until then; after that, data encrypted under it is unreadable unless the same key material is imported into a new key"},
		rules.Plain{Type: "aws_acmpca_certificate_authority", ID: "aws.acmpca.certificate-authority", Tier: fromBackup,
			Reason: "the private CA is kept for its permanent-deletion period (7-30 days) and RestoreCertificateAuthority brings it back until then; after that its key is gone and every certificate it issued must be reissued by a new CA"},
		rules.Plain{Type: "aws_lightsail_instance", ID: "aws.lightsail.instance", Tier: lost, Confidence: medium,
			Reason: "the instance and its system disk are deleted; only a snapshot taken earlier could restore it"},
	)
}
