// Package gcp holds the recoverability rules for resources of the Google
// Cloud Terraform provider. Each row cites the provider or service
// behaviour it rests on in its reason.
package gcp

import (
	"encoding/json"
	"fmt"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// Rules returns every GCP row.
func Rules() []rules.Rule {
	var out []rules.Rule
	for _, t := range [][]rules.Rule{sqlRules(), storageRules(), diskRules(), secretRules(), kmsVersionRules(), guardedRules(), plainRules(), memberRules(), authoritativeRules()} {
		out = append(out, t...)
	}
	return out
}

// sqlRules: the provider refuses to destroy a Cloud SQL instance while
// its Terraform-level deletion_protection is true (the default). Deleting
// an instance deletes its automated and on-demand backups, unless a final
// backup is configured to be retained (final_backup_config).
func sqlRules() []rules.Rule {
	const typ = "google_sql_database_instance"
	return []rules.Rule{
		{ID: "gcp.sql.instance.delete.protected", Type: typ, On: rules.Destroy, Tier: model.TierReversible,
			When:   rules.WasDefault("deletion_protection", true, rules.Eq(true)),
			Reason: "deletion_protection (true unless set to false) makes the provider refuse the destroy, so nothing is lost"},
		{ID: "gcp.sql.instance.delete.final-backup", Type: typ, On: rules.Destroy, Tier: model.TierRecoverableFromBackup,
			When:   rules.Was("settings.0.final_backup_config.0.enabled", rules.Eq(true)),
			Reason: "a final backup is taken and retained after the delete; a new instance can be restored from it"},
		{ID: "gcp.sql.instance.delete", Type: typ, On: rules.Destroy, Tier: model.TierUnrecoverable,
			When:   rules.WasDefault("settings.0.final_backup_config.0.enabled", false, rules.Ne(true)),
			Reason: "Cloud SQL deletes the instance's backups with it and no final backup is retained, so the data is lost"},
		{ID: "gcp.sql.instance.update.protection-off", Type: typ, On: rules.Update, Tier: model.TierRecoverableWithEffort,
			When:   rules.Becomes("deletion_protection", rules.Ne(false), rules.Eq(false)),
			Reason: "deletion protection is removed, so a later destroy is no longer refused"},
		rules.InPlace(typ, "gcp.sql.instance.update.in-place"),
	}
}

// storageRules: GCS refuses to delete a bucket that holds objects unless
// force_destroy is true; then every object, including every noncurrent
// version, is deleted first, so versioning does not survive it.
func storageRules() []rules.Rule {
	const typ = "google_storage_bucket"
	return []rules.Rule{
		{ID: "gcp.storage.bucket.delete.force-destroy", Type: typ, On: rules.Destroy, Tier: model.TierUnrecoverable,
			When:   rules.Was("force_destroy", rules.Eq(true)),
			Reason: "force_destroy deletes every object and every noncurrent version before the bucket: versioning does not survive a force-destroyed bucket"},
		{ID: "gcp.storage.bucket.delete.must-be-empty", Type: typ, On: rules.Destroy, Tier: model.TierRecoverableWithEffort,
			When:   rules.WasDefault("force_destroy", false, rules.Ne(true)),
			Reason: "GCS refuses to delete a bucket that still holds objects, so only an empty bucket goes; an apply recreates it, though another project may claim the name meanwhile"},
		{ID: "gcp.storage.bucket.lifecycle.delete-live", Type: typ, On: rules.Written, Tier: model.TierUnrecoverable,
			When:   rules.Func("a new lifecycle rule deletes live objects", deletesLiveObjects),
			Reason: "a new lifecycle rule deletes every live object past its age or date, with no prefix or suffix to narrow it; in a bucket without versioning they are deleted for good"},
		{ID: "gcp.storage.bucket.update.force-destroy-on", Type: typ, On: rules.Update, Tier: model.TierRecoverableWithEffort,
			When:   rules.Becomes("force_destroy", rules.Ne(true), rules.Eq(true)),
			Reason: "force_destroy is turned on, so a later destroy takes every object and version with it"},
		rules.InPlace(typ, "gcp.storage.bucket.update.in-place"),
	}
}

// deletesLiveObjects holds when the bucket after the change has a
// lifecycle rule, not there before, whose action is Delete and whose
// condition reaches live objects across the bucket: not only archived
// (noncurrent) versions, no prefix or suffix filter.
func deletesLiveObjects(f rules.Facts) rules.Result {
	after := f.M.Lookup(model.After, "lifecycle_rule")
	if after.State == model.Absent {
		return rules.Result{Truth: rules.False}
	}
	if after.State != model.Known {
		return rules.Result{Truth: rules.Unknown, Missing: []string{after.MissingKey()}}
	}
	before := map[string]bool{}
	if b := f.M.Lookup(model.Before, "lifecycle_rule"); b.State == model.Known {
		list, _ := b.V.([]any)
		for _, r := range list {
			before[canonical(r)] = true
		}
	}
	list, _ := after.V.([]any)
	for i, r := range list {
		if rule, ok := r.(map[string]any); ok && !before[canonical(r)] && deletesLive(rule) {
			return rules.Decided(true, model.Evidence{Key: fmt.Sprintf("lifecycle_rule.%d", i), Value: "Delete", Present: true,
				Description: "a new rule that deletes live objects across the bucket"})
		}
	}
	return rules.Result{Truth: rules.False}
}

// deletesLive reports whether a google_storage_bucket lifecycle rule
// deletes live objects of the whole bucket.
func deletesLive(rule map[string]any) bool {
	action := first(rule["action"])
	if fmt.Sprint(action["type"]) != "Delete" {
		return false
	}
	cond := first(rule["condition"])
	for _, k := range []string{"matches_prefix", "matches_suffix", "matches_storage_class"} {
		if l, _ := cond[k].([]any); len(l) > 0 {
			return false
		}
	}
	for _, k := range []string{"num_newer_versions", "days_since_noncurrent_time"} {
		if n, ok := cond[k].(float64); ok && n > 0 {
			return false
		}
	}
	if s, _ := cond["noncurrent_time_before"].(string); s != "" {
		return false
	}
	return cond["with_state"] != "ARCHIVED" && cond["is_live"] != false
}

// first is the first object of a nested block list ([{...}]).
func first(v any) map[string]any {
	if l, ok := v.([]any); ok && len(l) > 0 {
		m, _ := l[0].(map[string]any)
		return m
	}
	return nil
}

// canonical is a block's JSON, to tell the same rule before and after.
func canonical(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// diskRules: a deleted persistent disk's data is gone; only a snapshot
// taken earlier can restore it.
func diskRules() []rules.Rule {
	const typ = "google_compute_disk"
	return []rules.Rule{
		{ID: "gcp.compute.disk.delete", Type: typ, On: rules.Destroy, Tier: model.TierUnrecoverable,
			Reason: "the disk and its data are deleted; only a snapshot taken earlier could restore it"},
		rules.InPlace(typ, "gcp.compute.disk.update.in-place"),
	}
}

// secretRules: Secret Manager has no soft delete: deleting a secret
// destroys every version of it at once.
func secretRules() []rules.Rule {
	const typ = "google_secret_manager_secret"
	return []rules.Rule{
		{ID: "gcp.secretmanager.secret.delete", Type: typ, On: rules.Destroy, Tier: model.TierUnrecoverable,
			Reason: "Secret Manager destroys the secret and every version of it at once, with no recovery window"},
		rules.InPlace(typ, "gcp.secretmanager.secret.update.in-place"),
	}
}

// kmsVersionRules: a key version's state is set in place (its destroy is
// a plain row): DESTROYED schedules its destruction as deleting it does,
// DISABLED stops it decrypting.
func kmsVersionRules() []rules.Rule {
	return []rules.Rule{
		{ID: "gcp.kms.crypto-key-version.update.destroyed", Type: "google_kms_crypto_key_version", On: rules.Update, Tier: model.TierRecoverableFromBackup,
			When:   rules.Becomes("state", rules.Ne("DESTROYED"), rules.Eq("DESTROYED")),
			Reason: "sets the version to DESTROYED: it is scheduled for destruction and can be restored until its scheduled time; after that, data encrypted under it is unreadable"},
		{ID: "gcp.kms.crypto-key-version.update.disabled", Type: "google_kms_crypto_key_version", On: rules.Update, Tier: model.TierRecoverableWithEffort,
			When:   rules.Becomes("state", rules.Eq("ENABLED"), rules.Eq("DISABLED")),
			Reason: "disables the version: data encrypted under it cannot be decrypted, and whatever reads it fails, until it is enabled again"},
	}
}
