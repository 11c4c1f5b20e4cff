package classifier

import (
	"testing"

	"github.com/recourse-dev/recourse/model"
)

// TestSchemaRule judges destroys of made-up types whose names leave them
// open (needs review by name: "widget" and "thing" are no category's
// head word) or read as a connection, given schemas that differ in one
// fact each: who sets a secret, a credential word's place and type, how
// deep a data word stands, where "data" is said, whether the environment
// is production, and whether the positive evidence a lowering needs is
// there: a description that names a kind of configuration, and no value
// only the provider sets but ids, times, statuses and flags.
func TestSchemaRule(t *testing.T) {
	str := func(path, desc string) model.SchemaField {
		return model.SchemaField{Path: path, Description: desc, Type: "string", Optional: true}
	}
	secret := func(path string, required, optional, computed, writeOnly bool) model.SchemaField {
		return model.SchemaField{Path: path, Type: "string", Sensitive: !writeOnly, WriteOnly: writeOnly, Required: required, Optional: optional, Computed: computed}
	}
	setting := func(path, typ string) model.SchemaField {
		return model.SchemaField{Path: path, Type: typ, Optional: true}
	}
	computed := func(path, typ string) model.SchemaField {
		return model.SchemaField{Path: path, Type: typ, Computed: true}
	}
	const cfg = "Manages a widget's settings."
	for _, c := range []struct {
		name, typ, desc string
		fields          []model.SchemaField
		raiseOnly       bool
		want            model.Tier
	}{
		{"only configuration", "acme_widget", cfg, []model.SchemaField{str("name", "The name.")}, false, model.TierRecoverableWithEffort},
		{"production lowers nothing", "acme_widget", cfg, []model.SchemaField{str("name", "The name.")}, true, model.TierNeedsReview},
		{"a secret the configuration sets", "acme_widget", cfg, []model.SchemaField{secret("hmac_secret", false, true, false, false)}, false, model.TierRecoverableWithEffort},
		{"a required secret", "acme_widget", cfg, []model.SchemaField{secret("api_key", true, false, false, false)}, false, model.TierRecoverableWithEffort},
		{"a write-only secret", "acme_widget", cfg, []model.SchemaField{secret("token_wo", false, true, false, true)}, false, model.TierRecoverableWithEffort},
		{"a secret the provider generates", "acme_widget", cfg, []model.SchemaField{secret("hmac_secret", false, false, true, false)}, false, model.TierNeedsReview},
		{"a secret the provider sets when the configuration does not", "acme_widget", cfg, []model.SchemaField{secret("secret", false, true, true, false)}, false, model.TierNeedsReview},
		{"a connection's secret, set by the configuration", "acme_connection", "Manages a connection's settings.", []model.SchemaField{secret("password", true, false, false, false)}, false, model.TierNeedsReview},
		{"a connection without one", "acme_connection", "Manages a connection's settings.", []model.SchemaField{str("host", "The host.")}, false, model.TierRecoverableWithEffort},
		{"key material the configuration sets", "acme_widget", cfg, []model.SchemaField{str("public_key", "An SSH public key.")}, false, model.TierNeedsReview},
		{"a computed credential-named string", "acme_widget", cfg, []model.SchemaField{{Path: "access_token", Type: "string", Computed: true}}, false, model.TierNeedsReview},
		{"a credential word before another noun", "acme_widget", cfg, []model.SchemaField{str("secret_label", "Label of the secret field.")}, false, model.TierRecoverableWithEffort},
		{"a setting about passwords", "acme_widget", cfg, []model.SchemaField{setting("max_password_attempts", "number"), setting("hide_password_reset", "bool")}, false, model.TierRecoverableWithEffort},
		{"a credential word last, with a value word", "acme_widget", cfg, []model.SchemaField{{Path: "password_hash", Type: "string", Computed: true}}, false, model.TierNeedsReview},
		{"a data word in a top-level field's description", "acme_widget", "", []model.SchemaField{str("keep", "Days the backups are kept.")}, false, model.TierUnrecoverable},
		{"a data word one block down", "acme_widget", "", []model.SchemaField{{Path: "settings", Block: true}, str("settings.keep", "Days the backups are kept.")}, false, model.TierUnrecoverable},
		{"a data word in a document's part", "acme_widget", cfg, []model.SchemaField{{Path: "layout", Block: true}, {Path: "layout.widgets", Block: true}, str("layout.widgets.mode", "One of archive or live.")}, false, model.TierRecoverableWithEffort},
		{"a data word describing a reference", "acme_widget", cfg, []model.SchemaField{str("retention_policy_id", "The retention policy to apply.")}, false, model.TierRecoverableWithEffort},
		{"a data word in a field's name, deep", "acme_widget", "", []model.SchemaField{{Path: "a", Block: true}, {Path: "a.b", Block: true}, str("a.b.snapshot_schedule", "")}, false, model.TierUnrecoverable},
		{"data in a field's description", "acme_widget", cfg, []model.SchemaField{str("value", "For binary data, use base64encode.")}, false, model.TierRecoverableWithEffort},
		{"data in the type's description", "acme_widget", "Manages the settings that enrich your log data.", []model.SchemaField{str("name", "")}, false, model.TierNeedsReview},
		{"data in the type's name", "acme_data_thing", cfg, []model.SchemaField{str("name", "")}, false, model.TierNeedsReview},
		{"no description", "acme_widget", "", []model.SchemaField{str("name", "The name.")}, false, model.TierNeedsReview},
		{"a description that names no kind of configuration", "acme_widget", "Resource to execute web api requests.", []model.SchemaField{str("name", "")}, false, model.TierNeedsReview},
		{"a kind of configuration named only after the first sentence", "acme_widget", "Manages the site basic information. It can assign templates.", []model.SchemaField{str("name", "")}, false, model.TierNeedsReview},
		{"a computed id, time, status and flag", "acme_widget", "Manages the RF templates.", []model.SchemaField{str("name", ""), computed("id", "string"), computed("created_at", "string"),
			computed("status", "string"), computed("is_read_only", "bool"), {Path: "items", Block: true}, computed("items.item_id", "string")}, false, model.TierRecoverableWithEffort},
		{"state only the provider sets", "acme_widget", "Manages the RF templates.", []model.SchemaField{str("name", ""), computed("serial", "string")}, false, model.TierNeedsReview},
		{"state only the provider sets, deep", "acme_widget", "Manages the RF templates.", []model.SchemaField{{Path: "devices", Block: true}, computed("devices.mac", "string")}, false, model.TierNeedsReview},
		{"state the configuration may set", "acme_widget", "Manages the RF templates.", []model.SchemaField{{Path: "serial", Type: "string", Optional: true, Computed: true}}, false, model.TierRecoverableWithEffort},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := &model.Mutation{Source: model.SourceTerraform, Action: model.ActionDelete, Target: model.Target{Type: c.typ},
				Schema: &model.ResourceSchema{Provider: "registry.terraform.io/acme/acme", Type: c.typ, Description: c.desc, Fields: c.fields, RaiseOnly: c.raiseOnly}}
			v := Classify(m)
			if v.Tier != c.want {
				t.Fatalf("tier %v, want %v: %s", v.Tier, c.want, v.Reasoning)
			}
			if !c.raiseOnly && len(v.Evidence) < 2 {
				t.Errorf("no schema evidence: %+v", v.Evidence)
			}
		})
	}
}
