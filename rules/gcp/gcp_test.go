package gcp

import (
	"slices"
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

type obj = map[string]any

func TestRules(t *testing.T) {
	del, upd := model.ActionDelete, model.ActionUpdate
	finalBackup := func(on bool) obj {
		return obj{"deletion_protection": false, "settings": []any{obj{"final_backup_config": []any{obj{"enabled": on}}}}}
	}
	c := rulestest.Change
	core := append(append(append(append(sqlRules(), storageRules()...), diskRules()...), secretRules()...),
		slices.DeleteFunc(memberRules(), func(r rules.Rule) bool { return r.Type != "google_project_iam_member" })...)
	rulestest.RunResources(t, core, []rulestest.ResourceCase{
		c("protected", "google_sql_database_instance", del, obj{"deletion_protection": true}, nil, "gcp.sql.instance.delete.protected", 1),
		c("protection absent (provider default true)", "google_sql_database_instance", del, obj{"name": "db"}, nil, "gcp.sql.instance.delete.protected", 1),
		c("near miss: unprotected, no final backup", "google_sql_database_instance", del, finalBackup(false), nil, "gcp.sql.instance.delete", 4),
		c("final backup retained", "google_sql_database_instance", del, finalBackup(true), nil, "gcp.sql.instance.delete.final-backup", 3),
		c("unprotected, no settings", "google_sql_database_instance", del, obj{"deletion_protection": false}, nil, "gcp.sql.instance.delete", 4),
		c("lifecycle deletes live objects", "google_storage_bucket", upd, obj{"lifecycle_rule": []any{}},
			obj{"lifecycle_rule": []any{obj{"action": []any{obj{"type": "Delete"}}, "condition": []any{obj{"age": 1.0, "with_state": "ANY"}}}}}, "gcp.storage.bucket.lifecycle.delete-live", 4),
		c("near miss: lifecycle deletes old versions", "google_storage_bucket", upd, obj{"lifecycle_rule": []any{}},
			obj{"lifecycle_rule": []any{obj{"action": []any{obj{"type": "Delete"}}, "condition": []any{obj{"num_newer_versions": 3.0, "with_state": "ARCHIVED"}}}}}, "gcp.storage.bucket.update.in-place", 1),
		c("near miss: lifecycle rule already there", "google_storage_bucket", upd,
			obj{"lifecycle_rule": []any{obj{"action": []any{obj{"type": "Delete"}}, "condition": []any{obj{"age": 30.0}}}}, "labels": obj{"a": "1"}},
			obj{"lifecycle_rule": []any{obj{"action": []any{obj{"type": "Delete"}}, "condition": []any{obj{"age": 30.0}}}}, "labels": obj{"a": "2"}}, "gcp.storage.bucket.update.in-place", 1),
		c("protection off", "google_sql_database_instance", upd, obj{"deletion_protection": true}, obj{"deletion_protection": false}, "gcp.sql.instance.update.protection-off", 2),
		c("near miss: protection on", "google_sql_database_instance", upd, obj{"deletion_protection": false}, obj{"deletion_protection": true}, "gcp.sql.instance.update.in-place", 1),

		c("force destroy, even versioned", "google_storage_bucket", del, obj{"force_destroy": true, "versioning": []any{obj{"enabled": true}}}, nil, "gcp.storage.bucket.delete.force-destroy", 4),
		c("near miss: must be empty", "google_storage_bucket", del, obj{"force_destroy": false}, nil, "gcp.storage.bucket.delete.must-be-empty", 2),
		c("force destroy on", "google_storage_bucket", upd, obj{"force_destroy": false}, obj{"force_destroy": true}, "gcp.storage.bucket.update.force-destroy-on", 2),
		c("near miss: labels", "google_storage_bucket", upd, obj{"force_destroy": false}, obj{"force_destroy": false, "labels": obj{"a": "b"}}, "gcp.storage.bucket.update.in-place", 1),

		c("disk delete", "google_compute_disk", del, obj{"name": "d"}, nil, "gcp.compute.disk.delete", 4),
		c("disk resize", "google_compute_disk", upd, obj{"size": 10.0}, obj{"size": 20.0}, "gcp.compute.disk.update.in-place", 1),
		c("secret delete", "google_secret_manager_secret", del, obj{"secret_id": "s"}, nil, "gcp.secretmanager.secret.delete", 4),
		c("secret labels", "google_secret_manager_secret", upd, obj{"labels": obj{}}, obj{"labels": obj{"a": "b"}}, "gcp.secretmanager.secret.update.in-place", 1),
		c("member removed", "google_project_iam_member", del, obj{"role": "roles/viewer", "member": "user:a@example.com"}, nil, "gcp.iam.project-member.delete", 1),
		c("member condition", "google_project_iam_member", upd, obj{"condition": []any{}}, obj{"condition": []any{obj{"title": "t"}}}, "gcp.iam.project-member.update.in-place", 1),
	})
}

// TestKMSVersionRules: a key version set to DESTROYED or DISABLED in place,
// and the near misses that land on its in-place row.
func TestKMSVersionRules(t *testing.T) {
	const typ = "google_kms_crypto_key_version"
	upd, c := model.ActionUpdate, rulestest.Change
	table := append(kmsVersionRules(), rules.InPlace(typ, "gcp.kms.crypto-key-version.update.in-place"))
	rulestest.RunResources(t, table, []rulestest.ResourceCase{
		c("destroyed", typ, upd, obj{"state": "ENABLED"}, obj{"state": "DESTROYED"}, "gcp.kms.crypto-key-version.update.destroyed", 3),
		c("near miss: restored", typ, upd, obj{"state": "DESTROYED"}, obj{"state": "DISABLED"}, "gcp.kms.crypto-key-version.update.in-place", 1),
		c("disabled", typ, upd, obj{"state": "ENABLED"}, obj{"state": "DISABLED"}, "gcp.kms.crypto-key-version.update.disabled", 2),
		c("near miss: enabled", typ, upd, obj{"state": "DISABLED"}, obj{"state": "ENABLED"}, "gcp.kms.crypto-key-version.update.in-place", 1),
	})
}
