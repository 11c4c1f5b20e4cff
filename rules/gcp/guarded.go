package gcp

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// guardedRules are the GCP types whose outcome turns on one of their own
// attributes (a deletion guard, a deletion policy, what a bucket keeps) or
// on a related resource in the same input.
func guardedRules() []rules.Rule {
	var out []rules.Rule
	for _, t := range [][]rules.Rule{databaseRules(), warehouseRules(), objectRules(), computeRules(), containerRules(), configRules()} {
		out = append(out, t...)
	}
	return out
}

// databaseRules: Spanner and Bigtable have a Terraform-level
// deletion_protection that is on by default; Spanner also has an API-level
// drop protection. Spanner backups are separate resources that outlive a
// database; a deleted Bigtable table can be undeleted for 7 days.
// Firestore's deletion_policy ABANDON makes Terraform only forget the
// database; its default has changed between provider versions, so an input
// without it is not read as abandoned.
func databaseRules() []rules.Rule {
	const spanner, bt, btTable, fs = "google_spanner_database", "google_bigtable_instance", "google_bigtable_table", "google_firestore_database"
	var out []rules.Rule
	out = append(out, rules.Guard{Type: spanner, ID: "gcp.spanner.database", Attr: "deletion_protection", On: true, Default: true, What: "the provider"}.Rows()...)
	out = append(out, rules.Guard{Type: spanner, ID: "gcp.spanner.database.drop", Attr: "enable_drop_protection", On: true, What: "Spanner"}.Rows()...)
	out = append(out,
		rules.Rule{ID: "gcp.spanner.database.delete", Type: spanner, On: rules.Destroy, Tier: lost, Confidence: medium,
			Reason: "the database and its version history are deleted; only a Spanner backup taken earlier (backups outlive the database) could restore it"},
		rules.InPlace(spanner, "gcp.spanner.database.update.in-place"))
	out = append(out, rules.Guard{Type: bt, ID: "gcp.bigtable.instance", Attr: "deletion_protection", On: true, Default: true, What: "the provider"}.Rows()...)
	out = append(out,
		rules.Rule{ID: "gcp.bigtable.instance.delete", Type: bt, On: rules.Destroy, Tier: lost,
			Reason: "the instance is deleted with every table and the backups stored in its clusters"},
		rules.InPlace(bt, "gcp.bigtable.instance.update.in-place"))
	out = append(out, rules.Guard{Type: btTable, ID: "gcp.bigtable.table", Attr: "deletion_protection", On: "PROTECTED", What: "Bigtable"}.Rows()...)
	out = append(out,
		rules.Rule{ID: "gcp.bigtable.table.delete", Type: btTable, On: rules.Destroy, Tier: fromBackup,
			Reason: "the table is deleted, but Bigtable can undelete it for 7 days; after that its rows are gone"},
		rules.InPlace(btTable, "gcp.bigtable.table.update.in-place"),
		// An abandoned database is only forgotten, so abandon is read before
		// the protection a delete would meet.
		rules.Rule{ID: "gcp.firestore.database.delete.abandon", Type: fs, On: rules.Destroy, Tier: effort,
			When:   rules.Was("deletion_policy", rules.Eq("ABANDON")),
			Reason: "deletion_policy ABANDON makes Terraform only forget the database; it stays with its documents, unmanaged until imported"})
	out = append(out, rules.Guard{Type: fs, ID: "gcp.firestore.database", Attr: "delete_protection_state", On: "DELETE_PROTECTION_ENABLED", What: "Firestore"}.Rows()...)
	out = append(out,
		rules.Rule{ID: "gcp.firestore.database.delete", Type: fs, On: rules.Destroy, Tier: lost,
			Reason: "the database is deleted with every document, and its point-in-time recovery window and backups go with it"},
		rules.Rule{ID: "gcp.firestore.database.update.policy-delete", Type: fs, On: rules.Update, Tier: effort,
			When:   rules.Becomes("deletion_policy", rules.Ne("DELETE"), rules.Eq("DELETE")),
			Reason: "deletion_policy becomes DELETE, so a later destroy deletes the database instead of abandoning it"},
		rules.InPlace(fs, "gcp.firestore.database.update.in-place"),
	)
	return out
}

// warehouseRules: BigQuery refuses to delete a dataset that holds tables
// unless delete_contents_on_destroy; a deleted dataset or table can be
// restored within the time-travel window (7 days by default).
func warehouseRules() []rules.Rule {
	const ds, table, sqlDB = "google_bigquery_dataset", "google_bigquery_table", "google_sql_database"
	out := []rules.Rule{
		{ID: "gcp.bigquery.dataset.delete.contents", Type: ds, On: rules.Destroy, Tier: fromBackup, Confidence: medium,
			When:   rules.Was("delete_contents_on_destroy", rules.Eq(true)),
			Reason: "the dataset is deleted with every table in it; BigQuery can undelete it within its time-travel window (7 days by default), after which the tables are gone"},
		{ID: "gcp.bigquery.dataset.delete", Type: ds, On: rules.Destroy, Tier: effort,
			When:   rules.WasDefault("delete_contents_on_destroy", false, rules.Ne(true)),
			Reason: "BigQuery refuses to delete a dataset that still holds tables, so only an empty dataset goes; an apply recreates it"},
		{ID: "gcp.bigquery.dataset.update.contents-on", Type: ds, On: rules.Update, Tier: effort,
			When:   rules.Becomes("delete_contents_on_destroy", rules.Ne(true), rules.Eq(true)),
			Reason: "delete_contents_on_destroy is turned on, so a later destroy takes every table with it"},
		rules.InPlace(ds, "gcp.bigquery.dataset.update.in-place"),
	}
	out = append(out, rules.Guard{Type: table, ID: "gcp.bigquery.table", Attr: "deletion_protection", On: true, Default: true, What: "the provider"}.Rows()...)
	return append(out,
		rules.Rule{ID: "gcp.bigquery.table.delete", Type: table, On: rules.Destroy, Tier: fromBackup, Confidence: medium,
			Reason: "the table is deleted, but BigQuery can restore it from time travel within the dataset's window (7 days by default)"},
		rules.InPlace(table, "gcp.bigquery.table.update.in-place"),
		rules.Rule{ID: "gcp.sql.database.delete.abandon", Type: sqlDB, On: rules.Destroy, Tier: effort,
			When:   rules.Was("deletion_policy", rules.Eq("ABANDON")),
			Reason: "deletion_policy ABANDON makes Terraform only forget the database; it stays in the instance"},
		rules.Rule{ID: "gcp.sql.database.delete", Type: sqlDB, On: rules.Destroy, Tier: fromBackup, Confidence: medium,
			Reason: "the database is dropped; the instance's backups still hold it, but restoring one overwrites the whole instance, so it is usually restored to a clone and copied back"},
		rules.InPlace(sqlDB, "gcp.sql.database.update.in-place"),
	)
}

// objectRules: an object deleted from a bucket with versioning becomes a
// noncurrent version that can be restored; without versioning it is gone.
// The bucket is looked up in the same input; a bucket the input does not
// show is not assumed versioned.
func objectRules() []rules.Rule {
	const typ = "google_storage_bucket_object"
	versioned := rules.Func("its bucket in this input keeps versions and stays", func(f rules.Facts) rules.Result {
		name := f.M.Lookup(model.Before, "bucket")
		if name.State != model.Known || name.V == nil {
			return rules.Result{Truth: rules.False}
		}
		for _, b := range f.Inv.Find("google_storage_bucket", "name", name.V) {
			on := versioningOn(b.Values) && !b.Action.Destroys()
			return rules.Decided(on, model.Evidence{Key: "bucket", Value: name.V, Present: true, Sensitive: name.Sensitive,
				Description: b.Address + map[bool]string{true: " keeps noncurrent versions", false: " keeps no versions (or is destroyed too)"}[on]})
		}
		return rules.Result{Truth: rules.False}
	})
	return []rules.Rule{
		{ID: "gcp.storage.object.delete.versioned", Type: typ, On: rules.Destroy, Tier: fromBackup,
			When:   versioned,
			Reason: "the bucket keeps versions, so the object becomes noncurrent and can be restored until its lifecycle deletes it"},
		{ID: "gcp.storage.object.delete", Type: typ, On: rules.Destroy, Tier: lost, Confidence: medium,
			Reason: "the object is deleted; no versioned bucket in this input keeps a copy, so unless the bucket has versioning or soft delete, it is gone"},
		rules.InPlace(typ, "gcp.storage.object.update.in-place"),
	}
}

// versioningOn reads versioning[0].enabled from a bucket's values.
func versioningOn(v map[string]any) bool {
	on, _ := model.ValueAt(v, "versioning.0.enabled")
	return on == true
}

// computeRules: a VM with deletion_protection is refused; its boot disk
// is deleted with it unless auto_delete is false. Filestore instances have
// an API-level deletion guard. Secret versions follow deletion_policy.
func computeRules() []rules.Rule {
	const filestore, version = "google_filestore_instance", "google_secret_manager_secret_version"
	var out []rules.Rule
	// An instance made from a template is an instance like any other once
	// it exists: the same guard and the same boot disk.
	for _, vm := range []struct{ typ, id string }{{"google_compute_instance", "gcp.compute.instance"}, {"google_compute_instance_from_template", "gcp.compute.instance-from-template"}} {
		out = append(out, rules.Guard{Type: vm.typ, ID: vm.id, Attr: "deletion_protection", On: true, What: "Compute Engine"}.Rows()...)
		out = append(out,
			rules.Rule{ID: vm.id + ".delete.boot-disk", Type: vm.typ, On: rules.Destroy, Tier: fromBackup, Confidence: medium,
				When:   rules.WasDefault("boot_disk.0.auto_delete", true, rules.Ne(false)),
				Reason: "the boot disk is deleted with the instance (auto_delete defaults to true): it can be recreated from its image, but anything written to the disk since is lost unless snapshotted"},
			rules.Rule{ID: vm.id + ".delete", Type: vm.typ, On: rules.Destroy, Tier: effort,
				Reason: "the boot disk survives (auto_delete=false) and attached disks are kept; a new instance can use them"},
			rules.InPlace(vm.typ, vm.id+".update.in-place"))
	}
	out = append(out, rules.Guard{Type: filestore, ID: "gcp.filestore.instance", Attr: "deletion_protection_enabled", On: true, What: "Filestore"}.Rows()...)
	return append(out,
		rules.Rule{ID: "gcp.filestore.instance.delete", Type: filestore, On: rules.Destroy, Tier: lost, Confidence: medium,
			Reason: "the file share and its files are deleted; only a Filestore backup taken earlier (backups outlive the instance) could restore them"},
		rules.InPlace(filestore, "gcp.filestore.instance.update.in-place"),
		rules.Rule{ID: "gcp.secretmanager.version.delete.disable", Type: version, On: rules.Destroy, Tier: reversible,
			When:   rules.Was("deletion_policy", rules.Eq("DISABLE")),
			Reason: "deletion_policy DISABLE only disables the version; enabling it again restores its value"},
		rules.Rule{ID: "gcp.secretmanager.version.delete.abandon", Type: version, On: rules.Destroy, Tier: effort,
			When:   rules.Was("deletion_policy", rules.Eq("ABANDON")),
			Reason: "deletion_policy ABANDON makes Terraform only forget the version; it stays enabled"},
		rules.Rule{ID: "gcp.secretmanager.version.delete", Type: version, On: rules.Destroy, Tier: lost,
			Reason: "the version is destroyed (deletion_policy DELETE, the default): its value cannot be recovered"},
		rules.InPlace(version, "gcp.secretmanager.version.update.in-place"),
	)
}

// containerRules: projects, folders and GKE clusters contain everything
// in them, so their deletes are never tier 1, even when refused.
func containerRules() []rules.Rule {
	const project, gke = "google_project", "google_container_cluster"
	return []rules.Rule{
		{ID: "gcp.project.delete.prevented", Type: project, On: rules.Destroy, Tier: effort,
			When:   rules.WasIfPresent("deletion_policy", rules.Eq("PREVENT")),
			Reason: "deletion_policy PREVENT makes the provider refuse to delete the project, so the apply fails; the project and everything in it stay"},
		{ID: "gcp.project.delete.abandon", Type: project, On: rules.Destroy, Tier: effort,
			When:   rules.Any(rules.WasIfPresent("deletion_policy", rules.Eq("ABANDON")), rules.WasIfPresent("skip_delete", rules.Eq(true))),
			Reason: "Terraform only forgets the project; it keeps running with everything in it, unmanaged until imported"},
		{ID: "gcp.project.delete", Type: project, On: rules.Destroy, Tier: fromBackup, Confidence: medium,
			Reason: "the project is shut down with every resource in it, managed here or not; it can be restored for 30 days, after which everything in it is deleted"},
		{ID: "gcp.project.update.policy-delete", Type: project, On: rules.Update, Tier: effort,
			When:   rules.Becomes("deletion_policy", rules.Ne("DELETE"), rules.Eq("DELETE")),
			Reason: "deletion_policy becomes DELETE, so a later destroy shuts the project down instead of being refused"},
		rules.InPlace(project, "gcp.project.update.in-place"),
		{ID: "gcp.gke.cluster.delete.protected", Type: gke, On: rules.Destroy, Tier: effort,
			When:   rules.WasDefault("deletion_protection", true, rules.Eq(true)),
			Reason: "deletion_protection (true unless set to false) makes the provider refuse the destroy, so the cluster and its workloads stay"},
		{ID: "gcp.gke.cluster.delete", Type: gke, On: rules.Destroy, Tier: lost, Confidence: medium,
			Reason: "the cluster is deleted with every Kubernetes object in it and the persistent disks its claims provisioned with the Delete policy; only what is kept in git or a Backup for GKE plan survives"},
		{ID: "gcp.gke.cluster.update.protection-off", Type: gke, On: rules.Update, Tier: effort,
			When:   rules.Becomes("deletion_protection", rules.Eq(true), rules.Ne(true)),
			Reason: "deletion protection is removed, so a later destroy deletes the cluster"},
		rules.InPlace(gke, "gcp.gke.cluster.update.in-place"),
	}
}

// configRules: zones and enabled APIs, whose outcome turns on one flag.
func configRules() []rules.Rule {
	const zone, service = "google_dns_managed_zone", "google_project_service"
	return append(rules.Emptied{Type: zone, ID: "gcp.dns.zone", Attr: "force_destroy", ForcedConfidence: medium,
		Forced:  "force_destroy deletes the zone with every record set in it, including ones this configuration does not manage; a new zone gets new name servers",
		Refused: "Cloud DNS refuses to delete a zone that still holds record sets, so only an empty zone goes; a recreated zone gets new name servers and the parent delegation must be updated"}.Rows(),
		rules.InPlace(zone, "gcp.dns.zone.update.in-place"),
		rules.Rule{ID: "gcp.project-service.delete.kept", Type: service, On: rules.Destroy, Tier: reversible,
			When:   rules.Was("disable_on_destroy", rules.Eq(false)),
			Reason: "disable_on_destroy is false, so the API stays enabled and only Terraform forgets it"},
		rules.Rule{ID: "gcp.project-service.delete", Type: service, On: rules.Destroy, Tier: effort, Confidence: medium,
			Reason: "the API is disabled in the project (and, with disable_dependent_services, the services that depend on it): calls fail and its resources stop working until an apply enables it again"},
		rules.InPlace(service, "gcp.project-service.update.in-place"))
}
