package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestProviderSchemaEndToEnd runs the binary on a plan that destroys two
// dbt Cloud types no rule knows, with the provider's real schema
// (testdata/classifier/schemas/dbtcloud.json, generated from
// dbt-labs/terraform-provider-dbtcloud@9832c5d's own plugin server): the
// schema lowers the project artefacts, whose name left them open, to configuration
// (tier 2), and raises the webhook, whose name reads as configuration, to
// needs-review for the secret it holds; in production the schema lowers
// nothing. Bad schemas are errors (exit 1), never a decision.
func TestProviderSchemaEndToEnd(t *testing.T) {
	const plan = "testdata/plans/unknown-provider-schema.json"
	const schema = "testdata/classifier/schemas/dbtcloud.json"
	tiers := func(t *testing.T, res result) map[string]int {
		t.Helper()
		var rep reportDoc
		if err := json.Unmarshal([]byte(res.stdout), &rep); err != nil {
			t.Fatalf("%v\nstdout: %.500s\nstderr: %s", err, res.stdout, res.stderr)
		}
		out := map[string]int{}
		for _, m := range rep.Mutations {
			out[m.Intent.Target.ID] = m.Recoverability.Tier
			if m.Recoverability.Tier != 0 && !strings.HasPrefix(m.Recoverability.RuleID, "classifier.terraform.delete") {
				t.Errorf("%s: rule %s", m.Intent.Target.ID, m.Recoverability.RuleID)
			}
		}
		return out
	}
	for _, c := range []struct {
		name string
		args []string
		exit int
		want map[string]int
	}{
		{"without", nil, 3, map[string]int{"dbtcloud_project_artefacts.docs": 5, "dbtcloud_webhook.alerts": 2}},
		{"with", []string{"--provider-schema", schema}, 3, map[string]int{"dbtcloud_project_artefacts.docs": 2, "dbtcloud_webhook.alerts": 5}},
		{"production", []string{"--provider-schema", schema, "--environment", "production"}, 3, map[string]int{"dbtcloud_project_artefacts.docs": 5, "dbtcloud_webhook.alerts": 5}},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := runBinary(t, "", append(append([]string{"eval", "terraform", "--format", "json"}, c.args...), plan)...)
			if res.exit != c.exit {
				t.Fatalf("exit %d, want %d\n%s", res.exit, c.exit, res.stderr)
			}
			got := tiers(t, res)
			for addr, tier := range c.want {
				if got[addr] != tier {
					t.Errorf("%s: tier %d, want %d", addr, got[addr], tier)
				}
			}
		})
	}
	// With the schema alone the artefacts would be allowed to go ahead (warn):
	// the webhook is what escalates.
	res := runBinary(t, "", "eval", "terraform", "--format", "json", "--provider-schema", schema, plan)
	if !strings.Contains(res.stdout, `"suppliedBy": "caller"`) || !strings.Contains(res.stdout, "provider_schema.hmac_secret") {
		t.Errorf("the schema's facts are not marked as the caller's:\n%.3000s", res.stdout)
	}

	dir := t.TempDir()
	dup := filepath.Join(dir, "dup.json")
	writeFile(t, dup, `{"format_version": "1.0", "format_version": "1.0", "provider_schemas": {}}`)
	newer := filepath.Join(dir, "newer.json")
	writeFile(t, newer, `{"format_version": "1.0", "provider_schemas": {}, "newer_key": {}}`)
	for _, c := range []struct {
		name   string
		args   []string
		exit   int
		stdout []string
		stderr []string
	}{
		{"duplicate key", []string{"eval", "--format", "json", "--provider-schema", dup, plan}, 1, []string{`"field": "provider_schema.format_version"`}, nil},
		{"unknown key", []string{"eval", "--format", "json", "--provider-schema", newer, plan}, 1, []string{`"field": "provider_schema.newer_key"`, "terraform providers schema -json"}, nil},
		{"a plan as schema", []string{"eval", "--format", "json", "--provider-schema", plan, plan}, 1, []string{`"field": "provider_schema.provider_schemas"`}, nil},
		{"missing file", []string{"eval", "--provider-schema", filepath.Join(dir, "nope.json"), plan}, 1, nil, []string{"cannot open the provider schema"}},
		{"with a shell line", []string{"eval", "shell", "--provider-schema", dup, "--", "ls"}, 64, nil, []string{"--provider-schema", "goes with a Terraform plan"}},
		{"explain, duplicate key", []string{"explain", "--provider-schema", dup, plan, "dbtcloud_webhook.alerts"}, 1, nil, []string{"provider_schema.format_version"}},
		{"serve, duplicate key", []string{"serve", "--addr", "127.0.0.1:0", "--provider-schema", dup}, 1, nil, []string{"provider_schema.format_version"}},
		{"mcp serve, missing file", []string{"mcp", "serve", "--provider-schema", filepath.Join(dir, "nope.json")}, 1, nil, []string{"cannot open the provider schema"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := runBinary(t, "", c.args...)
			if res.exit != c.exit {
				t.Fatalf("exit %d, want %d\nstdout: %.1000s\nstderr: %s", res.exit, c.exit, res.stdout, res.stderr)
			}
			if strings.Contains(res.stdout, "riskAssessment") {
				t.Errorf("an error with a decision:\n%s", res.stdout)
			}
			for _, s := range c.stdout {
				if !strings.Contains(res.stdout, s) {
					t.Errorf("stdout lacks %q:\n%s", s, res.stdout)
				}
			}
			for _, s := range c.stderr {
				if !strings.Contains(res.stderr, s) {
					t.Errorf("stderr lacks %q:\n%s", s, res.stderr)
				}
			}
		})
	}
}

// TestExplainProviderSchema: recourse explain reads --provider-schema as
// eval does: the dbt Cloud project artefacts, needs-review by name, are
// configuration by the provider's schema, under the schema rule's id.
func TestExplainProviderSchema(t *testing.T) {
	const plan = "testdata/plans/unknown-provider-schema.json"
	const schema = "testdata/classifier/schemas/dbtcloud.json"
	for _, c := range []struct {
		name string
		args []string
		tier int
		rule string
	}{
		{"without", nil, 5, "classifier.terraform.delete"},
		{"with", []string{"--provider-schema", schema}, 2, "classifier.terraform.delete.provider-schema"},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append(append([]string{"explain", "--format", "json"}, c.args...), plan, "dbtcloud_project_artefacts.docs")
			res := runBinary(t, "", args...)
			if res.exit != 0 {
				t.Fatalf("exit %d\n%s", res.exit, res.stderr)
			}
			var doc struct {
				Verdict struct {
					Tier   int    `json:"tier"`
					RuleID string `json:"ruleId"`
				} `json:"verdict"`
			}
			if err := json.Unmarshal([]byte(res.stdout), &doc); err != nil {
				t.Fatalf("%v\n%.500s", err, res.stdout)
			}
			if doc.Verdict.Tier != c.tier || doc.Verdict.RuleID != c.rule {
				t.Fatalf("tier %d rule %s, want %d %s\n%.1500s", doc.Verdict.Tier, doc.Verdict.RuleID, c.tier, c.rule, res.stdout)
			}
		})
	}
}

// TestProviderSchemaWhoSetsTheSecret runs the binary on a plan that
// destroys a Fivetran webhook and a destination with the provider's real
// schema (testdata/classifier/schemas/fivetran.json, from
// fivetran/terraform-provider-fivetran@4d1b48e): the webhook's signing
// secret is one the configuration sets (optional, not computed), so the
// schema does not raise the webhook, configuration by its name, and the
// apply that recreates it sets the secret again; the destination's schema
// names its key pair and snapshot retention, so its destroy is
// unrecoverable, production or not.
func TestProviderSchemaWhoSetsTheSecret(t *testing.T) {
	const plan = "testdata/plans/unknown-provider-schema-fivetran.json"
	const schema = "testdata/classifier/schemas/fivetran.json"
	for _, c := range []struct {
		name                 string
		args                 []string
		exit                 int
		webhook, destination int
	}{
		{"without", nil, 3, 2, 5},
		{"with", []string{"--provider-schema", schema}, 4, 2, 4},
		{"production", []string{"--provider-schema", schema, "--environment", "production"}, 4, 2, 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := runBinary(t, "", append(append([]string{"eval", "terraform", "--format", "json"}, c.args...), plan)...)
			if res.exit != c.exit {
				t.Fatalf("exit %d, want %d\n%s", res.exit, c.exit, res.stderr)
			}
			var rep reportDoc
			if err := json.Unmarshal([]byte(res.stdout), &rep); err != nil {
				t.Fatal(err)
			}
			got := map[string]int{}
			for _, m := range rep.Mutations {
				got[m.Intent.Target.ID] = m.Recoverability.Tier
			}
			if got["fivetran_webhook.alerts"] != c.webhook || got["fivetran_destination.warehouse"] != c.destination {
				t.Fatalf("tiers %v, want webhook %d and destination %d", got, c.webhook, c.destination)
			}
		})
	}
}

// TestProviderSchemaLowersOnlyOnFacts runs the binary on a plan that
// destroys three Power Platform types no rule knows, with the provider's
// real schema (testdata/classifier/schemas/powerplatform.json, from
// microsoft/terraform-provider-power-platform@57ba091): a schema lowers a
// type only on positive evidence (classifier/schema.go). The REST call's
// schema shows no data field, but its description ("Resource to execute
// web api requests") names no kind of configuration and the provider
// sets its response body, so it stays needs-review, with a fact saying
// why; the data record is a row by its name and stays unrecoverable; the
// copilot's Application Insights link, described as configuration and
// with only ids the provider sets, is lowered to recoverable with effort,
// and not in production.
func TestProviderSchemaLowersOnlyOnFacts(t *testing.T) {
	const plan = "testdata/plans/unknown-provider-schema-powerplatform.json"
	const schema = "testdata/classifier/schemas/powerplatform.json"
	const rest, record, insights = "powerplatform_rest.cleanup", "powerplatform_data_record.account", "powerplatform_copilot_studio_application_insights.telemetry"
	for _, c := range []struct {
		name string
		args []string
		want map[string]int
	}{
		{"without", nil, map[string]int{rest: 5, record: 4, insights: 5}},
		{"with", []string{"--provider-schema", schema}, map[string]int{rest: 5, record: 4, insights: 2}},
		{"production", []string{"--provider-schema", schema, "--environment", "production"}, map[string]int{rest: 5, record: 4, insights: 5}},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := runBinary(t, "", append(append([]string{"eval", "terraform", "--format", "json"}, c.args...), plan)...)
			if res.exit != 4 {
				t.Fatalf("exit %d, want 4 (the data record blocks)\n%s", res.exit, res.stderr)
			}
			var rep reportDoc
			if err := json.Unmarshal([]byte(res.stdout), &rep); err != nil {
				t.Fatal(err)
			}
			for _, m := range rep.Mutations {
				if want := c.want[m.Intent.Target.ID]; m.Recoverability.Tier != want {
					t.Errorf("%s: tier %d, want %d: %s", m.Intent.Target.ID, m.Recoverability.Tier, want, m.Recoverability.Reasoning)
				}
			}
			if c.name == "with" && !strings.Contains(res.stdout, "does not name it as a kind of configuration, so the schema lowers nothing") {
				t.Errorf("no fact says why the REST call's schema lowers nothing:\n%.3000s", res.stdout)
			}
		})
	}
}
