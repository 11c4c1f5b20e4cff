package saas

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// guardedRules are the SaaS types whose outcome turns on a setting of
// their own: Snowflake's Time Travel retention, GitLab's delayed deletion,
// MongoDB Atlas's termination protection and retained backups.
func guardedRules() []rules.Rule {
	var out []rules.Rule
	for _, t := range [][]rules.Rule{snowflakeRules(), gitlabRules(), atlasRules()} {
		out = append(out, t...)
	}
	return out
}

// snowflakeRules: a dropped database, schema or table can be restored with
// UNDROP during its Time Travel retention (data_retention_time_in_days);
// with a retention of 0 it is gone at once. When the plan does not show
// the retention (or shows -1, "inherited"), the account default decides,
// which no plan shows: that is missing evidence.
func snowflakeRules() []rules.Rule {
	var out []rules.Rule
	for _, s := range []struct{ typ, id, what string }{
		{"snowflake_database", "snowflake.database", "database and every schema and table in it"},
		{"snowflake_schema", "snowflake.schema", "schema and every table in it"},
		{"snowflake_table", "snowflake.table", "table"},
	} {
		kept := rules.Func("Time Travel keeps it (data_retention_time_in_days > 0)", timeTravel)
		out = append(out,
			rules.Rule{ID: s.id + ".delete.time-travel", Type: s.typ, On: rules.Destroy, Tier: fromBackup, When: kept,
				Reason: "the dropped " + s.what + " can be restored with UNDROP during its Time Travel retention; after that, Fail-safe keeps it 7 more days for Snowflake support only"},
			rules.Rule{ID: s.id + ".delete", Type: s.typ, On: rules.Destroy, Tier: lost, When: rules.Not(kept),
				Reason: "with a Time Travel retention of 0 the dropped " + s.what + " cannot be undropped"},
			rules.Rule{ID: s.id + ".update.retention-off", Type: s.typ, On: rules.Update, Tier: effort,
				When:   rules.Becomes("data_retention_time_in_days", rules.Above(0), rules.AtMost(0)),
				Reason: "Time Travel retention drops to 0, so a later drop cannot be undone"},
			rules.InPlace(s.typ, s.id+".update.in-place"))
	}
	return out
}

// timeTravel reads the retention before the change: data_retention_time_in_days
// (or the older data_retention_days), else the "time_travel_days" evidence.
func timeTravel(f rules.Facts) rules.Result {
	for _, attr := range []string{"data_retention_time_in_days", "data_retention_days"} {
		v := f.M.Lookup(model.Before, attr)
		n, ok := v.V.(float64)
		if v.State != model.Known || !ok || n < 0 {
			continue
		}
		return rules.Decided(n > 0, model.Evidence{Key: attr, Value: n, Present: true})
	}
	if n, ok := f.M.Evidence["time_travel_days"].(float64); ok && n >= 0 {
		return rules.Decided(n > 0, model.Evidence{Key: "time_travel_days", Value: n, Present: true, Description: "supplied as evidence"})
	}
	return rules.Result{Truth: rules.Unknown, Missing: []string{"time_travel_days"}}
}

// gitlabRules: the provider can archive a project instead of deleting it;
// otherwise GitLab's delayed deletion keeps a deleted project or group
// restorable for its retention period (7 days by default), unless the
// provider is told to delete permanently.
func gitlabRules() []rules.Rule {
	const project, group = "gitlab_project", "gitlab_group"
	return []rules.Rule{
		{ID: "gitlab.project.delete.archive", Type: project, On: rules.Destroy, Tier: reversible,
			When:   rules.WasDefault("archive_on_destroy", false, rules.Eq(true)),
			Reason: "archive_on_destroy archives the project instead of deleting it; unarchiving restores everything"},
		{ID: "gitlab.project.delete.permanent", Type: project, On: rules.Destroy, Tier: lost,
			When:   rules.WasDefault("permanently_delete_on_destroy", false, rules.Eq(true)),
			Reason: "permanently_delete_on_destroy skips delayed deletion: the repository, issues, merge requests and wiki are deleted at once"},
		{ID: "gitlab.project.delete", Type: project, On: rules.Destroy, Tier: fromBackup, Confidence: medium,
			Reason: "GitLab marks the project for deletion and keeps it restorable for its retention period (7 days by default, where delayed deletion is on); after that everything in it is gone"},
		rules.InPlace(project, "gitlab.project.update.in-place"),
		{ID: "gitlab.group.delete.permanent", Type: group, On: rules.Destroy, Tier: lost,
			When:   rules.WasDefault("permanently_remove_on_delete", false, rules.Eq(true)),
			Reason: "permanently_remove_on_delete deletes the group at once with every project and subgroup in it"},
		{ID: "gitlab.group.delete", Type: group, On: rules.Destroy, Tier: fromBackup, Confidence: medium,
			Reason: "the group, with every project and subgroup in it, is marked for deletion and kept restorable for its retention period (7 days by default, where delayed deletion is on)"},
		rules.InPlace(group, "gitlab.group.update.in-place"),
	}
}

// atlasRules: Atlas refuses to terminate a cluster with termination
// protection; its cloud backups are deleted with it unless
// retain_backups_enabled.
func atlasRules() []rules.Rule {
	var out []rules.Rule
	for _, c := range []struct{ typ, id string }{
		{"mongodbatlas_cluster", "atlas.cluster"},
		{"mongodbatlas_advanced_cluster", "atlas.advanced-cluster"},
	} {
		out = append(out, rules.Guard{Type: c.typ, ID: c.id, Attr: "termination_protection_enabled", On: true, What: "Atlas"}.Rows()...)
		out = append(out,
			rules.Rule{ID: c.id + ".delete.backups-kept", Type: c.typ, On: rules.Destroy, Tier: fromBackup,
				When:   rules.WasDefault("retain_backups_enabled", false, rules.Eq(true)),
				Reason: "retain_backups_enabled keeps the cluster's cloud backups after termination; a new cluster can be restored from them"},
			rules.Rule{ID: c.id + ".delete", Type: c.typ, On: rules.Destroy, Tier: lost,
				Reason: "the cluster is terminated and its cloud backups are deleted with it"},
			rules.InPlace(c.typ, c.id+".update.in-place"))
	}
	return out
}
