package serve

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/recourse-dev/recourse/evaluator/terraform"
)

// TestProviderSchemaOperatorAndRequest: the operator's provider schema
// (recourse serve --provider-schema; the real dbtcloud schema of
// testdata/classifier/schemas, from
// dbt-labs/terraform-provider-dbtcloud@9832c5d) is read with every plan
// and may lower what a type's name left open; a request's own
// provider_schema is the caller's word and may only raise. The plan
// destroys dbt Cloud project artefacts (needs review by name, configuration
// by the schema) and a webhook (configuration by name, needs review by the
// schema for the secret the provider generates).
func TestProviderSchemaOperatorAndRequest(t *testing.T) {
	plan, err := os.ReadFile("../testdata/plans/unknown-provider-schema.json")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile("../testdata/classifier/schemas/dbtcloud.json")
	if err != nil {
		t.Fatal(err)
	}
	schemas, err := terraform.ParseProviderSchemas(raw, "dbtcloud.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name               string
		operator           *terraform.ProviderSchemas
		request            bool
		artefacts, webhook float64
	}{
		{"none", nil, false, 5, 2},
		{"request's only raises", nil, true, 5, 5},
		{"operator's", schemas, false, 2, 5},
		{"operator's wins over the request's", schemas, true, 2, 5},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newServiceWith(t, c.operator)
			body := map[string]any{"plan": string(plan), "response_format": "detailed"}
			if c.request {
				body["provider_schema"] = string(raw)
			}
			b, _ := json.Marshal(body)
			code, out := s.post(t, "/v1/evaluate/terraform", token, string(b))
			if code != 200 {
				t.Fatalf("%d %.500s", code, out)
			}
			got := tiers(t, out)
			if got["dbtcloud_project_artefacts.docs"] != c.artefacts || got["dbtcloud_webhook.alerts"] != c.webhook {
				t.Fatalf("tiers %v, want artefacts %v and webhook %v", got, c.artefacts, c.webhook)
			}
		})
	}
}

// tiers reads an evaluate answer's tier per change address.
func tiers(t *testing.T, out string) map[string]float64 {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v: %.300s", err, out)
	}
	if d, ok := doc["data"].(map[string]any); ok {
		doc = d
	}
	got := map[string]float64{}
	ms, _ := doc["mutations"].([]any)
	for _, m := range ms {
		mm := m.(map[string]any)
		id := mm["intent"].(map[string]any)["target"].(map[string]any)["id"].(string)
		got[id] = mm["recoverability"].(map[string]any)["tier"].(float64)
	}
	if len(got) == 0 {
		t.Fatalf("no mutations in %.500s", out)
	}
	return got
}
