package terraform_test

import (
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
	"github.com/recourse-dev/recourse/rules/terraform"
)

func TestActionRows(t *testing.T) {
	eng, err := rules.NewEngine(terraform.Rules())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		action   model.Action
		wantRule string
		wantTier model.Tier
		wantOK   bool
	}{
		{model.ActionCreate, "terraform.create", model.TierReversible, true},
		{model.ActionRead, "terraform.read", model.TierReversible, true},
		{model.ActionNoop, "terraform.no-op", model.TierReversible, true},
		{model.ActionForget, "terraform.forget", model.TierRecoverableWithEffort, true},
		// Near misses: actions that change or destroy an object are never
		// decided by the action alone.
		{model.ActionUpdate, "", 0, false},
		{model.ActionDelete, "", 0, false},
		{model.ActionReplace, "", 0, false},
		{model.ActionUnknown, "", 0, false},
	}
	hit := map[string]bool{}
	for _, tt := range tests {
		m := &model.Mutation{Action: tt.action, Target: model.Target{Type: "any_type"}}
		v, ok := eng.Judge(rules.Facts{M: m, Inv: model.NewInventory()})
		if ok != tt.wantOK || v.RuleID != tt.wantRule || v.Tier != tt.wantTier {
			t.Errorf("%s: got %v %s %d, want %v %s %d", tt.action, ok, v.RuleID, v.Tier, tt.wantOK, tt.wantRule, tt.wantTier)
		}
		hit[v.RuleID] = true
	}
	for _, r := range terraform.Rules() {
		if !hit[r.ID] && !r.Also { // the Also rows are TestExposureRows'
			t.Errorf("rule %s has no test row", r.ID)
		}
	}
}

// TestBuiltinRows: terraform_data and null_resource lose nothing when
// destroyed or replaced, and every one of their rows is hit.
func TestBuiltinRows(t *testing.T) {
	rulestest.RunPlain(t, terraform.Builtin(), []rulestest.PlainTier{
		{Type: "terraform_data", ID: "terraform.data", Tier: model.TierReversible},
		{Type: "null_resource", ID: "terraform.null-resource", Tier: model.TierReversible},
	})
}

// TestUtilityRows: the utility providers' resources lose only a value an
// apply makes again, except a private key; acme revokes on destroy unless
// told not to. Every row is hit.
func TestUtilityRows(t *testing.T) {
	var tiers []rulestest.PlainTier
	for _, typ := range []string{"random_password", "random_string", "random_bytes", "random_id", "random_pet", "random_integer", "random_uuid", "random_shuffle"} {
		tiers = append(tiers, rulestest.PlainTier{Type: typ, ID: "utility." + strings.ReplaceAll(typ, "_", "-"), Tier: model.TierRecoverableWithEffort})
	}
	tiers = append(tiers,
		rulestest.PlainTier{Type: "tls_private_key", ID: "utility.tls-private-key", Tier: model.TierUnrecoverable},
		rulestest.PlainTier{Type: "tls_self_signed_cert", ID: "utility.tls-self-signed-cert", Tier: model.TierRecoverableWithEffort},
		rulestest.PlainTier{Type: "tls_locally_signed_cert", ID: "utility.tls-locally-signed-cert", Tier: model.TierRecoverableWithEffort},
		rulestest.PlainTier{Type: "tls_cert_request", ID: "utility.tls-cert-request", Tier: model.TierReversible},
		rulestest.PlainTier{Type: "local_file", ID: "utility.local-file", Tier: model.TierReversible},
		rulestest.PlainTier{Type: "local_sensitive_file", ID: "utility.local-sensitive-file", Tier: model.TierReversible},
		rulestest.PlainTier{Type: "archive_file", ID: "utility.archive-file", Tier: model.TierReversible},
	)
	for _, typ := range []string{"time_rotating", "time_static", "time_offset", "time_sleep"} {
		tiers = append(tiers, rulestest.PlainTier{Type: typ, ID: "utility." + strings.ReplaceAll(typ, "_", "-"), Tier: model.TierReversible})
	}
	var cases []rulestest.ResourceCase
	for _, p := range tiers {
		cases = append(cases, rulestest.PlainCases(p.Type, p.ID, p.Tier)...)
	}
	acme := "acme_certificate"
	cases = append(cases,
		rulestest.Change("revoked by default", acme, model.ActionDelete, map[string]any{"common_name": "x.example.com"}, nil, "utility.acme-certificate.delete.revoked", 2),
		rulestest.Change("revoked on replace", acme, model.ActionReplace, map[string]any{"revoke_certificate_on_destroy": true}, map[string]any{"revoke_certificate_on_destroy": true}, "utility.acme-certificate.delete.revoked", 2),
		rulestest.Change("near miss: not revoked", acme, model.ActionDelete, map[string]any{"revoke_certificate_on_destroy": false}, nil, "utility.acme-certificate.delete", 1),
		rulestest.Change("renewal window", acme, model.ActionUpdate, map[string]any{"min_days_remaining": 30.0}, map[string]any{"min_days_remaining": 20.0}, "utility.acme-certificate.update.in-place", 1),
	)
	rulestest.RunResources(t, terraform.Utility(), cases)
}
