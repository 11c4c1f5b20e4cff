package classifier

import (
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

func TestCategorize(t *testing.T) {
	tests := []struct {
		typ  string
		want Category
		head bool
	}{
		{"acme_sql_database", Database, true},
		{"acme_database_instance", Database, true}, // a deferring head takes the data kind before it
		{"acme_database_user", Identity, true},
		{"acme_database_firewall", Network, true},
		{"acme_storage_bucket", ObjectStorage, true},
		{"acme_kms_key", KeyMaterial, true},
		{"acme_ssh_key", Identity, true},
		{"acme_secret_manager_regional_secret_iam_binding", Identity, true}, // a grant on a secret, not the secret
		{"acme_secret_iam_policy", Identity, true},
		{"acme_secret_manager_regional_secret", Secret, true},
		{"acme_credential_ssh", Secret, true}, // a leading kind: a credential for SSH
		{"acme_api_key", Secret, true},
		{"acme_log_stream", Observability, true},
		{"acme_event_stream", Messaging, true},
		{"acme_resource_group", Container, true},
		{"acme_security_group", Network, true},
		{"acme_project", Container, true},
		{"acme_iam_binding", Identity, true},
		{"acme_backup_policy", Config, true},
		{"acme_volume_v2", BlockStorage, true}, // version suffixes are skipped
		{"acme_bucket_frobnicator", ObjectStorage, false},
		{"acme_widget", Unclassified, false},
		{"acme_diskless_thing", Unclassified, false}, // whole words only
		{"okta_policy_signon", Identity, false},      // an identity vendor's policy read before the head
		{"okta_login_texts", Config, true},           // its texts read at the head stay configuration
		{"acme_license_map", Config, true},           // a map is a mapping
		{"acme_rule_set", Config, true},              // a set is what it collects
		{"acme_data_set", Database, true},
		{"acme_data_record", Database, true},    // a data record is a row of a table
		{"acme_dns_record", Network, true},      // a DNS record is configuration
		{"acme_dns_view", Container, true},      // a DNS view holds its zones
		{"acme_network_view", Container, true},  // a network view holds its networks
		{"acme_log_view", Observability, true},  // a log view is a saved query
		{"acme_ipv4_network", Container, true},  // an IPAM network holds its allocations
		{"acme_ipv6_network", Container, true},  //
		{"acme_private_network", Network, true}, // a cloud network is configuration
	}
	for _, tt := range tests {
		if got, _, head := Categorize(tt.typ); got != tt.want || head != tt.head {
			t.Errorf("%s: %s (head %v), want %s (head %v)", tt.typ, got, head, tt.want, tt.head)
		}
	}
}

// TestClassifyPriors: a destroy takes the category's prior; only a head
// word earns MEDIUM confidence, and LOW is always needs-review; updates
// and creates do not depend on the category.
func TestClassifyPriors(t *testing.T) {
	tests := []struct {
		typ    string
		action model.Action
		tier   model.Tier
		conf   model.Confidence
	}{
		{"acme_sql_database", model.ActionDelete, model.TierUnrecoverable, model.ConfidenceMedium},
		{"acme_sql_database", model.ActionReplace, model.TierUnrecoverable, model.ConfidenceMedium},
		{"acme_project", model.ActionDelete, model.TierUnrecoverable, model.ConfidenceMedium},
		{"acme_firewall", model.ActionDelete, model.TierRecoverableWithEffort, model.ConfidenceMedium},
		{"acme_webhook", model.ActionDelete, model.TierRecoverableWithEffort, model.ConfidenceMedium},
		{"acme_dashboard", model.ActionDelete, model.TierRecoverableWithEffort, model.ConfidenceMedium},
		{"acme_audit_log", model.ActionDelete, model.TierNeedsReview, model.ConfidenceLow},
		{"acme_user", model.ActionDelete, model.TierNeedsReview, model.ConfidenceLow},
		{"acme_widget_iam_policy", model.ActionDelete, model.TierNeedsReview, model.ConfidenceLow}, // authoritative IAM can lock people out
		{"acme_widget_iam_binding", model.ActionReplace, model.TierNeedsReview, model.ConfidenceLow},
		{"acme_lifecycle_policy", model.ActionDelete, model.TierRecoverableWithEffort, model.ConfidenceMedium},
		{"acme_environment", model.ActionDelete, model.TierNeedsReview, model.ConfidenceLow}, // a product's own environment may hold its database
		{"acme_env_v2", model.ActionDelete, model.TierNeedsReview, model.ConfidenceLow},
		{"acme_project_environment", model.ActionDelete, model.TierRecoverableWithEffort, model.ConfidenceMedium}, // a deployment target
		{"acme_dns_view", model.ActionDelete, model.TierUnrecoverable, model.ConfidenceMedium},
		{"acme_ipv4_network", model.ActionDelete, model.TierUnrecoverable, model.ConfidenceMedium},
		{"acme_data_record", model.ActionDelete, model.TierUnrecoverable, model.ConfidenceMedium},
		{"acme_server", model.ActionDelete, model.TierNeedsReview, model.ConfidenceLow},
		{"acme_bucket_frobnicator", model.ActionDelete, model.TierNeedsReview, model.ConfidenceLow},
		{"acme_widget", model.ActionUnknown, model.TierNeedsReview, model.ConfidenceLow},
		{"acme_sql_database", model.ActionUpdate, model.TierRecoverableWithEffort, model.ConfidenceLow},
		{"acme_sql_database", model.ActionForget, model.TierRecoverableWithEffort, model.ConfidenceLow},
		{"acme_sql_database", model.ActionCreate, model.TierReversible, model.ConfidenceLow},
		{"acme_widget", model.ActionRead, model.TierReversible, model.ConfidenceLow},
	}
	for _, tt := range tests {
		m := &model.Mutation{Source: model.SourceTerraform, Action: tt.action, Target: model.Target{Type: tt.typ}}
		v := Classify(m)
		if v.Tier != tt.tier || v.Confidence != tt.conf || v.Source != model.FromClassifier || v.Reasoning == "" || v.RuleID == "" {
			t.Errorf("%s %s: tier %d %s, want %d %s (%s)", tt.typ, tt.action, v.Tier, v.Confidence, tt.tier, tt.conf, v.Reasoning)
		}
		if (v.Tier == model.TierNeedsReview) != (len(v.MissingEvidence) > 0) {
			t.Errorf("%s %s: missing evidence %v with tier %d", tt.typ, tt.action, v.MissingEvidence, v.Tier)
		}
		if v.Confidence == model.ConfidenceLow && tt.action.Destroys() && v.Tier != model.TierNeedsReview {
			t.Errorf("%s %s: a LOW confidence destroy must be needs-review", tt.typ, tt.action)
		}
	}
}

// TestClassifyDataAttributes: the prior state's attributes can only raise
// a destroy to unrecoverable, and only on evidence: one protection
// attribute or two storage attributes.
func TestClassifyDataAttributes(t *testing.T) {
	tests := []struct {
		typ    string
		action model.Action
		before map[string]any
		tier   model.Tier
		attrs  string
	}{
		{"acme_widget", model.ActionDelete, map[string]any{"deletion_protection": false, "name": "w"}, model.TierUnrecoverable, "deletion_protection"},
		{"acme_widget", model.ActionDelete, map[string]any{"engine": "pg", "allocated_storage": 20}, model.TierUnrecoverable, "allocated_storage,engine"},
		{"acme_widget", model.ActionDelete, map[string]any{"engine": "pg", "name": "w"}, model.TierNeedsReview, ""},
		{"acme_firewall", model.ActionDelete, map[string]any{"skip_final_snapshot": true}, model.TierUnrecoverable, "skip_final_snapshot"},
		{"acme_firewall", model.ActionDelete, map[string]any{"cidr": "10.0.0.0/8"}, model.TierRecoverableWithEffort, ""},
		{"acme_sql_database", model.ActionDelete, map[string]any{"deletion_protection": true}, model.TierUnrecoverable, ""}, // the name already says so
		{"acme_widget", model.ActionUpdate, map[string]any{"deletion_protection": true}, model.TierRecoverableWithEffort, ""},
		{"acme_widget", model.ActionReplace, map[string]any{"versioning": []any{}}, model.TierUnrecoverable, "versioning"},
		{"acme_webhook", model.ActionDelete, map[string]any{"url": "https://x", "token": "t"}, model.TierNeedsReview, ""}, // it signs in with a token
		{"acme_webhook", model.ActionDelete, map[string]any{"url": "https://x"}, model.TierRecoverableWithEffort, ""},
		{"acme_smtp_config", model.ActionDelete, nil, model.TierNeedsReview, ""}, // a mail server's password
	}
	for _, tt := range tests {
		m := &model.Mutation{Source: model.SourceTerraform, Action: tt.action, Target: model.Target{Type: tt.typ}, Before: tt.before}
		v := Classify(m)
		got := ""
		for _, e := range v.Evidence {
			if e.Key == "data-attributes" {
				got = e.Value.(string)
			}
		}
		if v.Tier != tt.tier || got != tt.attrs {
			t.Errorf("%s %s %v: tier %d with data attributes %q, want %d and %q (%s)", tt.typ, tt.action, tt.before, v.Tier, got, tt.tier, tt.attrs, v.Reasoning)
		}
		if v.Tier == model.TierUnrecoverable && v.Confidence != model.ConfidenceMedium {
			t.Errorf("%s: tier 4 at %s confidence", tt.typ, v.Confidence)
		}
	}
}

// TestClassifyCall: an unknown tool's verdict follows the verbs of its
// name ("empty" is a verb only in front) and of an argument that names
// its operation; what is neither a plain read nor destructive is needs
// review unless the caller supplies read_only evidence, which moves it to
// recoverable-with-effort (warn), never further.
func TestClassifyCall(t *testing.T) {
	tests := []struct {
		words    []string
		args     map[string]any
		evidence map[string]any
		tier     model.Tier
		rule     string
		ann      *model.ToolAnnotations
	}{
		{[]string{"empty", "bucket"}, nil, nil, model.TierNeedsReview, "classifier.mcp.destructive-verb", nil},
		{[]string{"delete", "widget"}, nil, nil, model.TierNeedsReview, "classifier.mcp.destructive-verb", nil},
		{[]string{"create", "empty", "file"}, nil, nil, model.TierNeedsReview, "classifier.mcp.unknown-tool", nil},
		{[]string{"list", "widgets"}, nil, nil, model.TierReversible, "classifier.mcp.read-verb", nil},
		{[]string{"get", "or", "create", "user"}, nil, nil, model.TierNeedsReview, "classifier.mcp.unknown-tool", nil},
		{[]string{"search", "and", "send"}, nil, nil, model.TierNeedsReview, "classifier.mcp.unknown-tool", nil},
		{[]string{"query", "widgets"}, nil, nil, model.TierNeedsReview, "classifier.mcp.unknown-tool", nil},
		{[]string{"empty"}, nil, nil, model.TierNeedsReview, "classifier.mcp.unknown-tool", nil},
		// An argument that says which operation a generic tool performs.
		{[]string{"dml", "records"}, map[string]any{"operation": "delete", "objectName": "Account"}, nil, model.TierNeedsReview, "classifier.mcp.destructive-operation", nil},
		{[]string{"dml", "records"}, map[string]any{"operation": "insert"}, nil, model.TierNeedsReview, "classifier.mcp.unknown-tool", nil},
		{[]string{"records"}, map[string]any{"Action": "hardDelete"}, nil, model.TierNeedsReview, "classifier.mcp.destructive-operation", nil},
		{[]string{"list", "records"}, map[string]any{"mode": "purge"}, nil, model.TierNeedsReview, "classifier.mcp.destructive-operation", nil},
		{[]string{"update", "note"}, map[string]any{"text": "delete this line"}, nil, model.TierNeedsReview, "classifier.mcp.unknown-tool", nil},
		{[]string{"records"}, map[string]any{"operation": 3}, nil, model.TierNeedsReview, "classifier.mcp.unknown-tool", nil},
		// The evidence route: the caller's word moves an unknown tool to
		// warn at most, and never a destructive one.
		{[]string{"frobnicate"}, nil, map[string]any{ReadOnlyKey: true}, model.TierRecoverableWithEffort, "classifier.mcp.unknown-tool.read-only-supplied", nil},
		{[]string{"frobnicate"}, nil, map[string]any{ReadOnlyKey: false}, model.TierNeedsReview, "classifier.mcp.unknown-tool.changes-state", nil},
		{[]string{"frobnicate"}, nil, map[string]any{ReadOnlyKey: "yes"}, model.TierNeedsReview, "classifier.mcp.unknown-tool", nil},
		{[]string{"delete", "widget"}, nil, map[string]any{ReadOnlyKey: true}, model.TierNeedsReview, "classifier.mcp.destructive-verb", nil},
		// Annotations only raise: destructiveHint counts unless the tool is
		// marked read-only, where the schema says it means nothing (SDKs
		// fill both in); readOnlyHint alone lowers nothing.
		{[]string{"list", "widgets"}, nil, nil, model.TierNeedsReview, "classifier.mcp.destructive-hint", &model.ToolAnnotations{DestructiveHint: ptr(true)}},
		{[]string{"list", "widgets"}, nil, nil, model.TierNeedsReview, "classifier.mcp.destructive-hint", &model.ToolAnnotations{DestructiveHint: ptr(true), ReadOnlyHint: ptr(false)}},
		{[]string{"list", "widgets"}, nil, nil, model.TierReversible, "classifier.mcp.read-verb", &model.ToolAnnotations{DestructiveHint: ptr(true), ReadOnlyHint: ptr(true)}},
		{[]string{"zap", "widgets"}, nil, nil, model.TierNeedsReview, "classifier.mcp.unknown-tool", &model.ToolAnnotations{DestructiveHint: ptr(true), ReadOnlyHint: ptr(true)}},
		{[]string{"delete", "widgets"}, nil, nil, model.TierNeedsReview, "classifier.mcp.destructive-verb", &model.ToolAnnotations{ReadOnlyHint: ptr(true)}},
	}
	for _, tt := range tests {
		name := strings.Join(tt.words, "_")
		m := &model.Mutation{Source: model.SourceMCP, Action: model.ActionCall, Target: model.Target{Type: name},
			Call: &model.ToolCall{Tool: name, Name: name, Words: tt.words, Arguments: tt.args, Annotations: tt.ann}, Evidence: tt.evidence}
		if v := Classify(m); v.Tier != tt.tier || v.RuleID != tt.rule {
			t.Errorf("%s %v: tier %d by %s, want %d by %s (%s)", name, tt.evidence, v.Tier, v.RuleID, tt.tier, tt.rule, v.Reasoning)
		}
	}
}

// FuzzCategorize: any name gets one of the categories, a destroy verdict
// from the classifier is never tier 1 nor without a reason, and LOW
// confidence destroys are needs-review.
func FuzzCategorize(f *testing.F) {
	for _, s := range []string{"aws_db_instance", "acme_iam_binding", "x", "", "_", "a__b__c", "oci_core_volume_backup_policy_assignment", "v1", "acme_v2_v3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, typ string) {
		c, _, _ := Categorize(typ)
		if !validCategory(c) {
			t.Fatalf("%q: category %q", typ, c)
		}
		v := Classify(&model.Mutation{Source: model.SourceTerraform, Action: model.ActionDelete, Target: model.Target{Type: typ}})
		if v.Tier == model.TierReversible || v.Reasoning == "" || (v.Confidence == model.ConfidenceLow && v.Tier != model.TierNeedsReview) {
			t.Fatalf("%q: %+v", typ, v)
		}
	})
}

// TestClassifyCommand: a program no rule knows is needs-review when its
// subcommand words or flags name a destructive operation, and otherwise
// recoverable-with-effort (it was not analysed); a read verb among the
// first words wins over a destructive noun.
func TestClassifyCommand(t *testing.T) {
	tests := []struct {
		line string
		want model.Tier
	}{
		{"doppler secrets delete --yes", model.TierNeedsReview},
		{"circleci namespace delete x", model.TierNeedsReview},
		{"vault secrets disable kv/", model.TierNeedsReview},
		{"kafka-topics --delete --topic t", model.TierNeedsReview},
		{"virsh undefine --remove-all-storage vm1", model.TierNeedsReview},
		{"mytool sync --delete-extraneous s3://b", model.TierNeedsReview},
		{"mytool sync --no-delete s3://b", model.TierRecoverableWithEffort},
		{"mytool build --rm", model.TierRecoverableWithEffort},
		{"velero restore get", model.TierRecoverableWithEffort},
		{"mytool deploy web", model.TierRecoverableWithEffort},
		{"sysadminctl -deleteUser bob", model.TierNeedsReview},
		{"dscl . -delete /Users/bob", model.TierNeedsReview},
		{"mytool purgeCache", model.TierNeedsReview},
		{"bigtool deletetable events", model.TierNeedsReview},
		{"mytool dropdatabase shop", model.TierNeedsReview},
		{"mytool removeall", model.TierNeedsReview},
		{"doctl compute droplet create web", model.TierRecoverableWithEffort},
		{"mytool dropdown render", model.TierRecoverableWithEffort},
		{"mytool removable list", model.TierRecoverableWithEffort},
		{"mytool -xzvf a.tgz", model.TierRecoverableWithEffort},
		{"mytool -rf x", model.TierRecoverableWithEffort},
		{"mytool -Dmode=fast run", model.TierRecoverableWithEffort},
	}
	for _, tt := range tests {
		words := strings.Fields(tt.line)
		c := &model.Command{Program: words[0]}
		for _, w := range words[1:] {
			c.Args = append(c.Args, model.Arg{Value: w})
		}
		v := Classify(&model.Mutation{Source: model.SourceShell, Action: model.ActionExecute, Command: c})
		if v.Tier != tt.want || v.Source != model.FromClassifier {
			t.Errorf("%s: tier %d from %s (%s), want tier %d", tt.line, v.Tier, v.Source, v.Reasoning, tt.want)
		}
	}
}

func ptr[T any](v T) *T { return &v }
