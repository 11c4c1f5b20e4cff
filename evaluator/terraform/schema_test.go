package terraform

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

// The provider schema documents below are the shape `terraform providers
// schema -json` writes (hashicorp/terraform-json's ProviderSchemas); the
// real schemas read in the held-out test are under
// testdata/classifier/schemas.
const minimalSchema = `{"format_version": "1.0", "provider_schemas": {"registry.terraform.io/example/vault": {"resource_schemas": {
 "vault_box": {"version": 0, "block": {"description": "A box that stores documents.", "attributes": {
  "name": {"type": "string", "description": "The box's name.", "required": true},
  "token": {"type": "string", "sensitive": true, "optional": true}},
  "block_types": {"policy": {"nesting_mode": "list", "block": {"description": "Who may open it.",
   "attributes": {"retention_days": {"type": "number", "optional": true}}}}}}}}}}}`

func TestParseProviderSchemas(t *testing.T) {
	s, err := ParseProviderSchemas([]byte(minimalSchema), "schema.json")
	if err != nil {
		t.Fatal(err)
	}
	if s.Len() != 1 || s.FormatVersion != "1.0" {
		t.Fatalf("Len %d, format %q", s.Len(), s.FormatVersion)
	}
	rs := s.Lookup("registry.terraform.io/example/vault", "vault_box")
	if rs == nil {
		t.Fatal("no schema for vault_box")
	}
	var paths []string
	for _, f := range rs.Fields {
		paths = append(paths, f.Path)
	}
	if got, want := strings.Join(paths, " "), "name policy policy.retention_days token"; got != want {
		t.Errorf("fields %q, want %q", got, want)
	}
	if rs.Description != "A box that stores documents." || rs.File != "schema.json" || rs.Provider != "registry.terraform.io/example/vault" {
		t.Errorf("schema %+v", rs)
	}
	for _, f := range rs.Fields {
		if f.Path == "token" && !f.Sensitive {
			t.Error("token is not marked sensitive")
		}
		if f.Path == "policy" && (!f.Block || f.Description != "Who may open it.") {
			t.Errorf("policy block %+v", f)
		}
	}
}

func TestProviderSchemasLookup(t *testing.T) {
	two := strings.Replace(minimalSchema, `"registry.terraform.io/example/vault": {"resource_schemas": {`,
		`"registry.terraform.io/fork/vault": {"resource_schemas": {"vault_box": {"version": 0, "block": {}}}}, "registry.terraform.io/example/vault": {"resource_schemas": {`, 1)
	s, err := ParseProviderSchemas([]byte(two), "")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		address, typ string
		want         string // the provider whose schema is found, "" none
	}{
		{"registry.terraform.io/example/vault", "vault_box", "registry.terraform.io/example/vault"},
		{"registry.terraform.io/fork/vault", "vault_box", "registry.terraform.io/fork/vault"},
		{"registry.terraform.io/other/vault", "vault_box", ""}, // another provider's type of the same name
		{"", "vault_box", ""}, // two providers have it: neither is taken
		{"registry.terraform.io/example/vault", "vault_other", ""},
	} {
		rs := s.Lookup(c.address, c.typ)
		got := ""
		if rs != nil {
			got = rs.Provider
		}
		if got != c.want {
			t.Errorf("Lookup(%q, %q) = %q, want %q", c.address, c.typ, got, c.want)
		}
	}
	one, _ := ParseProviderSchemas([]byte(minimalSchema), "")
	if rs := one.Lookup("", "vault_box"); rs == nil {
		t.Error("a plan without provider_name gets no schema from the one provider that has the type")
	}
	if rs := one.Lookup("vault", "vault_box"); rs == nil {
		t.Error("a 0.12 plan's short provider name does not find its schema")
	}
}

func TestParseProviderSchemasRefuses(t *testing.T) {
	for _, c := range []struct {
		name, doc string
		kind      model.ErrorKind
		field     string
	}{
		{"empty", ``, model.KindWrongDocument, "provider_schema"},
		{"array", `[]`, model.KindWrongDocument, "provider_schema"},
		{"broken", `{"format_version": "1.0",`, model.KindInvalidJSON, "provider_schema"},
		{"no format", `{"provider_schemas": {}}`, model.KindWrongDocument, "provider_schema.format_version"},
		{"no schemas", `{"format_version": "1.0"}`, model.KindWrongDocument, "provider_schema.provider_schemas"},
		{"a plan", `{"format_version": "1.2", "resource_changes": []}`, model.KindWrongDocument, "provider_schema.provider_schemas"},
		{"format 2", `{"format_version": "2.0", "provider_schemas": {}}`, model.KindUnsupportedFormat, "provider_schema.format_version"},
		{"format junk", `{"format_version": "one", "provider_schemas": {}}`, model.KindUnsupportedFormat, "provider_schema.format_version"},
		{"duplicate top", `{"format_version": "1.0", "format_version": "1.0", "provider_schemas": {}}`, "", "provider_schema.format_version"},
		{"duplicate deep", strings.Replace(minimalSchema, `"sensitive": true`, `"sensitive": true, "sensitive": false`, 1), "", ""},
		{"unknown top", `{"format_version": "1.0", "provider_schemas": {}, "schemas": {}}`, model.KindInvalidField, "provider_schema.schemas"},
		{"unknown deep", strings.Replace(minimalSchema, `"sensitive": true`, `"sensitiv": true`, 1), model.KindInvalidField,
			"provider_schema.provider_schemas.registry.terraform.io/example/vault.resource_schemas.vault_box.block.attributes.token.sensitiv"},
		{"unknown in block", strings.Replace(minimalSchema, `"nesting_mode": "list"`, `"nesting_mode": "list", "nesting": "set"`, 1), model.KindInvalidField, ""},
		{"wrong type", strings.Replace(minimalSchema, `"sensitive": true`, `"sensitive": "yes"`, 1), model.KindInvalidField, ""},
		{"null provider", `{"format_version": "1.0", "provider_schemas": {"p": null}}`, model.KindInvalidField, "provider_schema.provider_schemas.p"},
		{"no block", `{"format_version": "1.0", "provider_schemas": {"p": {"resource_schemas": {"t": {"version": 0}}}}}`, model.KindInvalidField, "provider_schema.provider_schemas.p.resource_schemas.t.block"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseProviderSchemas([]byte(c.doc), "")
			var e *model.Error
			if !errors.As(err, &e) {
				t.Fatalf("err %v, want a *model.Error", err)
			}
			if c.kind != "" && e.Kind != c.kind {
				t.Errorf("kind %q, want %q (%v)", e.Kind, c.kind, e)
			}
			if c.field != "" && e.Field != c.field {
				t.Errorf("field %q, want %q (%v)", e.Field, c.field, e)
			}
			if !strings.HasPrefix(e.Field, "provider_schema") {
				t.Errorf("field %q does not name the provider schema", e.Field)
			}
			if e.Expected == "" && e.Example == "" {
				t.Errorf("no expected shape or example: %+v", e)
			}
		})
	}
}

func TestParseProviderSchemasTooLarge(t *testing.T) {
	big := make([]byte, MaxProviderSchemaBytes+1)
	_, err := ParseProviderSchemas(big, "")
	var e *model.Error
	if !errors.As(err, &e) || e.Kind != model.KindInputTooLarge {
		t.Fatalf("err %v, want input_too_large", err)
	}
}

func TestAttachSchemas(t *testing.T) {
	plan := `{"format_version": "1.2", "resource_changes": [
 {"address": "vault_box.a", "mode": "managed", "type": "vault_box", "name": "a", "provider_name": "registry.terraform.io/example/vault",
  "change": {"actions": ["delete"], "before": {"name": "a"}, "after": null}},
 {"address": "vault_box.b", "mode": "managed", "type": "vault_box", "name": "b", "provider_name": "registry.terraform.io/other/vault",
  "change": {"actions": ["delete"], "before": {"name": "b"}, "after": null}}]}`
	p, err := Parse([]byte(plan))
	if err != nil {
		t.Fatal(err)
	}
	s, err := ParseProviderSchemas([]byte(minimalSchema), "schema.json")
	if err != nil {
		t.Fatal(err)
	}
	p.AttachSchemas(s, true)
	if p.Mutations[0].Schema == nil || !p.Mutations[0].Schema.RaiseOnly {
		t.Errorf("vault_box.a: schema %+v, want the example provider's, raise-only", p.Mutations[0].Schema)
	}
	if p.Mutations[1].Schema != nil {
		t.Errorf("vault_box.b of another provider got a schema: %+v", p.Mutations[1].Schema)
	}
	if s.Lookup("registry.terraform.io/example/vault", "vault_box").RaiseOnly {
		t.Error("AttachSchemas changed the parsed schema")
	}
}

// TestParseRealProviderSchemas reads the real provider schemas the
// classifier's held-out test uses (generated from the providers' own
// servers, testdata/classifier/schemas/README.md).
func TestParseRealProviderSchemas(t *testing.T) {
	files, err := os.ReadDir("../../testdata/classifier/schemas")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		if !strings.HasSuffix(f.Name(), ".json") {
			continue
		}
		data, err := os.ReadFile("../../testdata/classifier/schemas/" + f.Name())
		if err != nil {
			t.Fatal(err)
		}
		s, err := ParseProviderSchemas(data, f.Name())
		if err != nil {
			t.Fatalf("%s: %v", f.Name(), err)
		}
		n += s.Len()
	}
	if n == 0 {
		t.Fatal("no resource schemas read")
	}
}

func FuzzParseProviderSchemas(f *testing.F) {
	f.Add([]byte(minimalSchema))
	f.Add([]byte(`{"format_version": "1.0", "provider_schemas": {}}`))
	f.Add([]byte(`{"format_version": "1.0", "provider_schemas": {"p": {"resource_schemas": {"t": {"block": {"block_types": {"b": {"block": {"attributes": {"a": {"nested_type": {"attributes": {}}}}}}}}}}}}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseProviderSchemas(data, "fuzz.json")
		if err != nil {
			var e *model.Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is not a *model.Error", err)
			}
			if s != nil {
				t.Fatal("schemas with an error")
			}
			return
		}
		if s == nil {
			t.Fatal("no schemas and no error")
		}
	})
}
