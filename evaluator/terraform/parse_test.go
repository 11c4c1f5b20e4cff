package terraform

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

func change(actions string, extra string) string {
	return `{"format_version": "1.2", "resource_changes": [{"address": "aws_s3_bucket.b", "mode": "managed", "type": "aws_s3_bucket", "name": "b",
		"provider_name": "registry.terraform.io/hashicorp/aws", ` + extra + `"change": {"actions": ` + actions + `, "before": {"bucket": "b"}, "after": {"bucket": "b"}}}]}`
}

func TestActions(t *testing.T) {
	tests := []struct {
		actions string
		want    model.Action
	}{
		{`["create"]`, model.ActionCreate},
		{`["update"]`, model.ActionUpdate},
		{`["delete"]`, model.ActionDelete},
		{`["read"]`, model.ActionRead},
		{`["no-op"]`, model.ActionNoop},
		{`["forget"]`, model.ActionForget},
		{`["delete","create"]`, model.ActionReplace},
		{`["create","delete"]`, model.ActionReplace},
		{`["create","forget"]`, model.ActionUnknown},
		{`["delete","delete"]`, model.ActionUnknown},
		{`["obliterate"]`, model.ActionUnknown},
	}
	for _, tt := range tests {
		t.Run(tt.actions, func(t *testing.T) {
			p, err := Parse([]byte(change(tt.actions, "")))
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Mutations[0].Action; got != tt.want {
				t.Fatalf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func TestMutationFields(t *testing.T) {
	doc := `{"format_version": "1.2", "terraform_version": "1.9.5", "resource_changes": [{
		"address": "module.a.aws_db_instance.x[\"k\"]", "module_address": "module.a", "mode": "managed", "type": "aws_db_instance", "name": "x", "index": "k",
		"provider_name": "registry.terraform.io/hashicorp/aws", "deposed": "deadbeef", "action_reason": "replace_because_tainted",
		"change": {"actions": ["delete","create"], "before": {"password": "p"}, "after": {"password": "q"}, "after_unknown": {"id": true},
		"before_sensitive": {"password": true}, "after_sensitive": {"password": true}, "replace_paths": [["engine"]]}}]}`
	p, err := Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	m := p.Mutations[0]
	if m.Address != `module.a.aws_db_instance.x["k"]` || m.Target.ID != m.Address || m.Target.Provider != "aws" || m.Target.Deposed != "deadbeef" ||
		m.ActionReason != "replace_because_tainted" || len(m.ReplacePaths) != 1 || p.TerraformVersion != "1.9.5" {
		t.Fatalf("%+v", m)
	}
	if !m.IsSensitive("password") || m.Lookup(model.After, "id").State != model.Unknown {
		t.Fatal("sensitive or unknown markers lost")
	}
	if !p.Inventory.Has(m.Address) {
		t.Fatal("change not in the inventory")
	}
}

func TestPriorStateInventory(t *testing.T) {
	doc := `{"format_version": "1.2", "resource_changes": [], "prior_state": {"format_version": "1.0", "values": {"root_module": {
		"resources": [{"address": "aws_s3_bucket_versioning.v", "mode": "managed", "type": "aws_s3_bucket_versioning", "name": "v", "values": {"bucket": "b"}},
		              {"address": "data.aws_region.r", "mode": "data", "type": "aws_region", "name": "r", "values": {}}],
		"child_modules": [{"address": "module.m", "resources": [{"address": "module.m.aws_s3_bucket.c", "mode": "managed", "type": "aws_s3_bucket", "name": "c", "values": {"bucket": "c"}, "sensitive_values": {"bucket": true}}]}]}}}}`
	p, err := Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if p.Inventory.Len() != 2 || len(p.Inventory.Find("aws_s3_bucket_versioning", "bucket", "b")) != 1 || len(p.Inventory.Find("aws_s3_bucket", "bucket", "c")) != 1 {
		t.Fatalf("inventory has %d resources", p.Inventory.Len())
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, doc string
		kind      model.ErrorKind
		contains  string
	}{
		{"empty", "", model.KindWrongDocument, "empty"},
		{"whitespace", "  \n", model.KindWrongDocument, "empty"},
		{"array", `[1]`, model.KindWrongDocument, "JSON array"},
		{"string", `"plan"`, model.KindWrongDocument, "JSON string"},
		{"number", `42`, model.KindWrongDocument, "JSON number"},
		{"null", `null`, model.KindWrongDocument, "JSON null"},
		{"object", `{}`, model.KindWrongDocument, "without format_version"},
		{"other object", `{"name": "x"}`, model.KindWrongDocument, "not a Terraform plan"},
		{"mcp call", `{"tool": "delete_repository", "arguments": {}}`, model.KindWrongDocument, "MCP tool call"},
		{"state show", `{"format_version": "1.0", "values": {"root_module": {}}}`, model.KindWrongDocument, "Terraform state"},
		{"state show, version first", `{"format_version": "1.0", "terraform_version": "1.9.0", "values": {}}`, model.KindWrongDocument, "Terraform state"},
		{"mcp call with format_version", `{"format_version": "1.2", "tool": "delete_repository"}`, model.KindWrongDocument, "MCP tool call"},
		{"tfstate", `{"version": 4, "lineage": "x", "resources": []}`, model.KindWrongDocument, "raw Terraform state"},
		{"no format version", `{"resource_changes": []}`, model.KindWrongDocument, "no format_version"},
		{"format 2", `{"format_version": "2.0", "resource_changes": []}`, model.KindUnsupportedFormat, "2.0"},
		{"format garbage", `{"format_version": "one", "resource_changes": []}`, model.KindUnsupportedFormat, "one"},
		{"format number", `{"format_version": 1.2, "resource_changes": []}`, model.KindInvalidField, "format_version"},
		{"errored", `{"format_version": "1.2", "resource_changes": [], "errored": true}`, model.KindErroredPlan, "errored"},
		{"truncated", `{"format_version": "1.2", "resource_changes": [`, model.KindInvalidJSON, "truncated"},
		{"syntax", "{\"format_version\": \"1.2\",\n \"resource_changes\": [}", model.KindInvalidJSON, "line 2"},
		{"changes not array", `{"format_version": "1.2", "resource_changes": {}}`, model.KindInvalidField, "resource_changes"},
		{"null change", `{"format_version": "1.2", "resource_changes": [null]}`, model.KindInvalidField, "resource_changes[0]"},
		{"no address", `{"format_version": "1.2", "resource_changes": [{"type": "t", "change": {"actions": ["create"]}}]}`, model.KindInvalidField, "resource_changes[0].address"},
		{"no type", `{"format_version": "1.2", "resource_changes": [{"address": "t.x", "change": {"actions": ["create"]}}]}`, model.KindInvalidField, "resource_changes[0].type"},
		{"bad mode", `{"format_version": "1.2", "resource_changes": [{"address": "t.x", "type": "t", "mode": "ephemeral", "change": {"actions": ["create"]}}]}`, model.KindInvalidField, "mode"},
		{"no change", `{"format_version": "1.2", "resource_changes": [{"address": "t.x", "type": "t"}]}`, model.KindInvalidField, "resource_changes[0].change"},
		{"no actions", `{"format_version": "1.2", "resource_changes": [{"address": "t.x", "type": "t", "change": {"actions": []}}]}`, model.KindInvalidField, "change.actions"},
		{"before not object", `{"format_version": "1.2", "resource_changes": [{"address": "t.x", "type": "t", "change": {"actions": ["delete"], "before": [1]}}]}`, model.KindInvalidField, "change.before"},
		{"after not object", `{"format_version": "1.2", "resource_changes": [{"address": "t.x", "type": "t", "change": {"actions": ["create"], "after": "x"}}]}`, model.KindInvalidField, "change.after"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse([]byte(tt.doc))
			var e *model.Error
			if !errors.As(err, &e) {
				t.Fatalf("got plan %+v, err %v; want a *model.Error", p, err)
			}
			if e.Kind != tt.kind || !strings.Contains(e.Error(), tt.contains) {
				t.Fatalf("got %s: %s; want %s containing %q", e.Kind, e.Error(), tt.kind, tt.contains)
			}
			if e.Expected == "" {
				t.Fatal("the error does not say what was expected")
			}
		})
	}
}

func TestValidPlansWithoutChanges(t *testing.T) {
	for _, doc := range []string{
		`{"format_version": "1.2", "resource_changes": []}`,
		`{"format_version": "0.1", "planned_values": {}}`,
		`{"format_version": "1.2", "configuration": {"root_module": {}}}`,
		`{"format_version": "1.2", "prior_state": {"format_version": "1.0", "values": {"root_module": {}}}}`,
		// What terraform-json's Plan accepts: a format_version and nothing
		// more, as an agent writes a minimal plan (the seed's example).
		`{"format_version": "1.2"}`,
		`{"format_version": "1.2", "terraform_version": "1.9.0", "state": {}}`,
	} {
		p, err := Parse([]byte(doc))
		if err != nil || len(p.Mutations) != 0 {
			t.Errorf("%s: %v", doc, err)
		}
	}
}

// FuzzParse: the parser never panics, every failure is a *model.Error with
// a kind, and every success is a plan with a supported format version.
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob("../../testdata/plans/*.json")
	for _, s := range seeds {
		if data, err := os.ReadFile(s); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(change(`["delete"]`, "")))
	f.Add([]byte(`{"format_version":"1.2","resource_changes":[{"address":"a","type":"t","change":{"actions":["create","forget"]}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse(data)
		if err != nil {
			var e *model.Error
			if !errors.As(err, &e) || e.Kind == "" || e.Message == "" {
				t.Fatalf("error without kind: %v", err)
			}
			if p != nil {
				t.Fatal("a plan returned with an error")
			}
			return
		}
		if p.FormatVersion == "" || p.Inventory == nil {
			t.Fatalf("accepted a document without a format version: %q", data)
		}
		for _, m := range p.Mutations {
			if m.Address == "" || m.Target.Type == "" || len(m.RawActions) == 0 {
				t.Fatalf("accepted a malformed change: %+v", m)
			}
		}
	})
}

// TestProvisioners: the commands a change's provisioners run become
// mutations of their own, read from the configuration; commands not in the
// plan are unanalysed, and resources the plan does not create, replace or
// destroy run nothing.
func TestProvisioners(t *testing.T) {
	plan := func(actions, provisioners string) []byte {
		return []byte(`{"format_version": "1.2", "resource_changes": [{"address": "module.m.null_resource.x[1]", "module_address": "module.m",
			"type": "null_resource", "name": "x", "change": {"actions": ` + actions + `, "before": null, "after": {}}}],
			"configuration": {"root_module": {"module_calls": {"m": {"module": {"resources": [
			{"address": "null_resource.x", "mode": "managed", "type": "null_resource", "name": "x", "provisioners": ` + provisioners + `}]}}}}}}`)
	}
	tests := []struct {
		name, actions, provisioners, want string
	}{
		{"local-exec literal", `["create"]`, `[{"type": "local-exec", "expressions": {"command": {"constant_value": "rm -rf ~/x"}}}]`, "rm -rf ~/x"},
		{"local-exec from references", `["create"]`, `[{"type": "local-exec", "expressions": {"command": {"references": ["var.cmd"]}}}]`, "!problem"},
		{"local-exec with an interpreter", `["create"]`, `[{"type": "local-exec", "expressions": {"command": {"constant_value": "rm -rf /"}, "interpreter": {"constant_value": ["bash", "-c"]}}}]`, "rm -rf /"},
		{"remote-exec inline", `["delete", "create"]`, `[{"type": "remote-exec", "expressions": {"inline": {"constant_value": ["cd /srv", "rm -rf data"]}}}]`, "cd /srv | rm -rf data"},
		{"remote-exec script", `["create"]`, `[{"type": "remote-exec", "expressions": {"script": {"constant_value": "setup.sh"}}}]`, "!problem"},
		{"destroy runs destroy-time provisioners", `["delete"]`, `[{"type": "local-exec", "expressions": {"command": {"constant_value": "dropdb app"}}}]`, "dropdb app"},
		{"file copies, runs nothing", `["create"]`, `[{"type": "file", "expressions": {"source": {"constant_value": "a"}, "destination": {"constant_value": "/etc/a"}}}]`, ""},
		{"unknown provisioner type", `["create"]`, `[{"type": "chef", "expressions": {}}]`, "!problem"},
		{"an update runs nothing", `["update"]`, `[{"type": "local-exec", "expressions": {"command": {"constant_value": "rm -rf /"}}}]`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse(plan(tt.actions, tt.provisioners))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range p.Mutations[1:] {
				if m.Command.Problem != "" {
					got = append(got, "!problem")
					continue
				}
				if !strings.HasPrefix(m.Address, "module.m.null_resource.x[1] provisioner ") {
					t.Errorf("address %q does not name the change and its provisioner", m.Address)
				}
				words := []string{m.Command.Program}
				for _, a := range m.Command.Args {
					words = append(words, a.Value)
				}
				got = append(got, strings.Join(words, " "))
			}
			if s := strings.Join(got, " | "); s != tt.want {
				t.Errorf("got %q, want %q", s, tt.want)
			}
		})
	}
}

// TestProvisionersUnseen: without a configuration, every change its
// provisioners would run with says they could not be checked; with one,
// none does.
func TestProvisionersUnseen(t *testing.T) {
	changes := `"resource_changes": [
		{"address": "aws_instance.a", "type": "aws_instance", "change": {"actions": ["create"], "before": null, "after": {}}},
		{"address": "aws_instance.b", "type": "aws_instance", "change": {"actions": ["update"], "before": {}, "after": {}}},
		{"address": "aws_instance.c", "type": "aws_instance", "change": {"actions": ["delete"], "before": {}, "after": null}}]`
	for _, tt := range []struct {
		plan string
		want []string // the addresses that say so
	}{
		{`{"format_version": "1.2", ` + changes + `}`, []string{"aws_instance.a", "aws_instance.c"}},
		{`{"format_version": "1.2", ` + changes + `, "configuration": {"root_module": {}}}`, nil},
	} {
		p, err := Parse([]byte(tt.plan))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range p.Mutations {
			if slices.Contains(m.Unseen, model.ProvisionersUnseen) {
				got = append(got, m.Address)
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("unseen provisioners on %v, want %v", got, tt.want)
		}
	}
}
