// Package terraform turns the JSON output of `terraform show -json PLANFILE`
// (or OpenTofu's `tofu show -json`) into Mutations.
//
// The plan is validated at the edge: a document that is not a plan, a
// format_version this build does not read, a plan Terraform marked as
// errored, or a malformed resource change is an error with the field, the
// position and what was expected, never an empty (and so harmless-looking)
// list of mutations.
package terraform

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	tfjson "github.com/hashicorp/terraform-json"

	"github.com/recourse-dev/recourse/internal/jsonerr"
	"github.com/recourse-dev/recourse/internal/jsonstrict"
	"github.com/recourse-dev/recourse/model"
)

// Plan is a parsed and validated plan.
type Plan struct {
	FormatVersion    string
	TerraformVersion string
	// Mutations holds one Mutation per resource change, in input order,
	// then those of the commands the changes' provisioners run.
	Mutations []model.Mutation
	// Inventory indexes every resource the plan knows: its changes and its
	// prior state.
	Inventory *model.Inventory
	// providers are the provider addresses (provider_name) of the first
	// len(providers) mutations, the resource changes'.
	providers []string
}

// document mirrors the top level of `terraform show -json` output. It is not
// tfjson.Plan because that type drops the "errored" field and because
// knowing which other keys are present lets Parse say what a wrong document
// is. The parts rules read use terraform-json's own types.
type document struct {
	FormatVersion    *string                  `json:"format_version"`
	TerraformVersion string                   `json:"terraform_version"`
	Errored          *bool                    `json:"errored"`
	ResourceChanges  []*tfjson.ResourceChange `json:"resource_changes"`
	PriorState       *struct {
		Values *tfjson.StateValues `json:"values"`
	} `json:"prior_state"`

	// Present only to tell a plan from other documents.
	PlannedValues present         `json:"planned_values"`
	Configuration json.RawMessage `json:"configuration"`
	OutputChanges present         `json:"output_changes"`
	ResourceDrift present         `json:"resource_drift"`
	Values        present         `json:"values"`    // `terraform show -json` of a state
	Version       present         `json:"version"`   // raw terraform.tfstate
	Lineage       present         `json:"lineage"`   // raw terraform.tfstate
	Resources     present         `json:"resources"` // raw terraform.tfstate
	Tool          present         `json:"tool"`      // an MCP tool call
}

// present records that a key was in the document without keeping its value.
type present bool

func (p *present) UnmarshalJSON([]byte) error { *p = true; return nil }

// planExample is the shape a corrected input should have.
const planExample = `terraform plan -out=plan.out && terraform show -json plan.out > plan.json`

// Parse reads a plan from data.
func Parse(data []byte) (*Plan, error) { return ParseWithState(data, nil) }

// ParseWithState reads a plan and, when state is not nil, a Terraform state
// of the same or another configuration (`terraform show -json` of a state,
// or a raw terraform.tfstate). The state adds resources the plan does not
// show, so that dependency impact and cross-action risks see them.
func ParseWithState(data, state []byte) (*Plan, error) {
	if err := expectObject(data); err != nil {
		return nil, err
	}
	var doc document
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, jsonError(data, err)
	}
	// A key given twice ("actions": ["delete"], "actions": ["no-op"]) is
	// read one way here and perhaps another by whatever applies the plan.
	if err := jsonstrict.Duplicates(data); err != nil {
		return nil, err
	}
	if err := doc.validate(); err != nil {
		return nil, err
	}
	p := &Plan{
		FormatVersion:    *doc.FormatVersion,
		TerraformVersion: doc.TerraformVersion,
		Mutations:        make([]model.Mutation, 0, len(doc.ResourceChanges)),
		Inventory:        model.NewInventory(),
	}
	var all []known
	if doc.PriorState != nil && doc.PriorState.Values != nil {
		addKnownModule(&all, doc.PriorState.Values.RootModule)
		for _, k := range all {
			p.Inventory.Add(k.Resource)
		}
	}
	for i, rc := range doc.ResourceChanges {
		m, err := mutationOf(i, rc)
		if err != nil {
			return nil, err
		}
		p.Mutations = append(p.Mutations, m)
		p.providers = append(p.providers, rc.ProviderName)
		r := resourceOf(&m)
		p.Inventory.Add(r)
		all = append(all, known{Resource: r})
	}
	if state != nil {
		extra, err := parseState(state)
		if err != nil {
			return nil, err
		}
		for _, k := range extra {
			if !p.Inventory.Has(k.Address) {
				p.Inventory.Add(k.Resource)
			}
		}
		all = append(all, extra...)
	}
	cfg, err := doc.config()
	if err != nil {
		return nil, err
	}
	p.addImpact(all, cfg)
	p.Mutations = append(p.Mutations, provisionerMutations(p.Mutations, cfg)...)
	return p, nil
}

// config decodes the plan's configuration, which only dependency analysis
// reads.
func (d *document) config() (*tfjson.Config, error) {
	if len(d.Configuration) == 0 || string(d.Configuration) == "null" {
		return nil, nil
	}
	var c tfjson.Config
	if err := json.Unmarshal(d.Configuration, &c); err != nil {
		return nil, &model.Error{Kind: model.KindInvalidField, Field: "configuration",
			Message:  "the configuration cannot be read: " + err.Error(),
			Expected: `the "configuration" object of terraform show -json: {"root_module": {"resources": [...]}}`,
			Example:  planExample, Err: err}
	}
	return &c, nil
}

// addImpact fills the dependency impact of every change that destroys its
// object. A plan that destroys nothing needs no dependency graph.
func (p *Plan) addImpact(all []known, cfg *tfjson.Config) {
	destroyed := map[string]bool{}
	for i := range p.Mutations {
		if p.Mutations[i].Action.Destroys() {
			destroyed[p.Mutations[i].Address] = true
		}
	}
	if len(destroyed) == 0 {
		return
	}
	w := buildGraph(all, cfg).walker()
	for i := range p.Mutations {
		m := &p.Mutations[i]
		if destroyed[m.Address] {
			m.DependencyImpact, m.DependencyImpactCount = w.impact(m.Address, destroyed)
		}
	}
}

// expectObject rejects JSON that is not an object before decoding, so that
// the message names what the document is.
func expectObject(data []byte) error {
	trimmed := bytes.TrimLeft(data, " \t\r\n")
	if len(trimmed) == 0 {
		return &model.Error{Kind: model.KindWrongDocument, Message: "the input is empty",
			Expected: "a Terraform plan in JSON", Example: planExample}
	}
	if trimmed[0] == '{' {
		return nil
	}
	if !json.Valid(trimmed) {
		var v any
		return jsonError(data, json.Unmarshal(data, &v))
	}
	what := map[byte]string{'[': "a JSON array", '"': "a JSON string", 'n': "JSON null", 't': "a JSON boolean", 'f': "a JSON boolean"}[trimmed[0]]
	if what == "" {
		what = "a JSON number"
	}
	return &model.Error{Kind: model.KindWrongDocument, Message: "the input is " + what + ", not a Terraform plan",
		Expected: "a JSON object from `terraform show -json PLANFILE`", Example: planExample}
}

// validate accepts what terraform-json's Plan accepts, a format_version
// it reads, less the documents that are certainly something else: a
// state, an MCP call. A plan with a format_version and nothing else (an
// agent's minimal plan, the seed's example with "state": {}) is a plan
// with no changes, as it is to terraform-json.
func (d *document) validate() error {
	if d.FormatVersion == nil || d.otherDocument() {
		return d.wrongDocument()
	}
	if err := (&tfjson.Plan{FormatVersion: *d.FormatVersion}).Validate(); err != nil {
		return &model.Error{Kind: model.KindUnsupportedFormat, Field: "format_version",
			Message:  fmt.Sprintf("format_version %q is not one this build reads (%v)", *d.FormatVersion, err),
			Expected: "a plan format_version " + tfjson.PlanFormatVersionConstraints + " (Terraform 0.12 to 1.x, OpenTofu 1.x)",
			Example:  planExample, Err: err}
	}
	if d.Errored != nil && *d.Errored {
		return &model.Error{Kind: model.KindErroredPlan, Field: "errored",
			Message:  "Terraform marked this plan as errored: planning failed part-way, so the plan does not show every change that would be made",
			Expected: "a plan from a `terraform plan` that succeeded; fix the planning errors and plan again",
			Example:  planExample}
	}
	return nil
}

// otherDocument reports whether the document has a key of a state or an
// MCP call and no key only a plan has.
func (d *document) otherDocument() bool {
	return bool(d.Version || d.Lineage || d.Resources) || (!d.isPlan() && bool(d.Values || d.Tool))
}

// isPlan reports whether the document has any key only a plan has. A plan
// with no changes omits resource_changes but keeps the others.
func (d *document) isPlan() bool {
	return d.ResourceChanges != nil || bool(d.PlannedValues) || len(d.Configuration) > 0 ||
		d.PriorState != nil || bool(d.OutputChanges) || bool(d.ResourceDrift)
}

// wrongDocument says what the document appears to be.
func (d *document) wrongDocument() error {
	var what string
	switch {
	case bool(d.Version && (d.Lineage || d.Resources)):
		what = "a raw Terraform state file (terraform.tfstate), not a plan"
	case d.FormatVersion != nil && bool(d.Values):
		what = "the JSON of a Terraform state (`terraform show -json` without a plan file), not a plan"
	case bool(d.Tool):
		what = "an MCP tool call, not a Terraform plan"
	case d.FormatVersion == nil && !d.isPlan():
		what = "a JSON object without format_version or resource_changes, not a Terraform plan"
	case d.FormatVersion == nil:
		what = "a JSON object with plan fields but no format_version"
	default:
		what = "a JSON object with format_version and the keys of a Terraform state or an MCP call"
	}
	return &model.Error{Kind: model.KindWrongDocument, Message: "the input is " + what,
		Expected: `the output of "terraform show -json PLANFILE": {"format_version": "1.2", "resource_changes": [...], ...}`,
		Example:  planExample}
}

// jsonError turns a decoding error into a model.Error with a line and column.
func jsonError(data []byte, err error) error {
	return jsonerr.Wrap(data, err, "well-formed JSON from `terraform show -json PLANFILE`", planExample,
		"the field's type from the Terraform JSON plan format")
}

// fieldError reports a malformed resource change.
func fieldError(i int, field, msg, expected string) error {
	f := fmt.Sprintf("resource_changes[%d]", i)
	if field != "" {
		f += "." + field
	}
	return &model.Error{Kind: model.KindInvalidField, Field: f, Message: msg, Expected: expected,
		Example: `{"address": "aws_s3_bucket.logs", "mode": "managed", "type": "aws_s3_bucket", "name": "logs", "change": {"actions": ["delete"], "before": {...}, "after": null}}`}
}

func mutationOf(i int, rc *tfjson.ResourceChange) (model.Mutation, error) {
	if rc == nil {
		return model.Mutation{}, fieldError(i, "", "null", "a resource change object")
	}
	switch {
	case rc.Address == "":
		return model.Mutation{}, fieldError(i, "address", "missing or empty", `the resource address, e.g. "module.db.aws_db_instance.main"`)
	case rc.Type == "":
		return model.Mutation{}, fieldError(i, "type", "missing or empty", `the resource type, e.g. "aws_db_instance"`)
	case rc.Mode != "" && rc.Mode != tfjson.ManagedResourceMode && rc.Mode != tfjson.DataResourceMode:
		return model.Mutation{}, fieldError(i, "mode", fmt.Sprintf("%q is not a resource mode", rc.Mode), `"managed" or "data"`)
	case rc.Change == nil:
		return model.Mutation{}, fieldError(i, "change", "missing", `{"actions": [...], "before": ..., "after": ...}`)
	case len(rc.Change.Actions) == 0:
		return model.Mutation{}, fieldError(i, "change.actions", "missing or empty", `a non-empty action list such as ["delete"] or ["delete","create"]`)
	}
	before, ok := asObject(rc.Change.Before)
	if !ok {
		return model.Mutation{}, fieldError(i, "change.before", "not an object", "an object of attribute values, or null")
	}
	after, ok := asObject(rc.Change.After)
	if !ok {
		return model.Mutation{}, fieldError(i, "change.after", "not an object", "an object of attribute values, or null")
	}
	raw := make([]string, len(rc.Change.Actions))
	for j, a := range rc.Change.Actions {
		raw[j] = string(a)
	}
	return model.Mutation{
		Source:       model.SourceTerraform,
		Action:       actionOf(rc),
		RawActions:   raw,
		ActionReason: string(rc.ActionReason),
		Address:      rc.Address,
		Target: model.Target{
			Provider: providerOf(rc.ProviderName, rc.Type),
			Type:     rc.Type,
			ID:       rc.Address,
			Deposed:  rc.DeposedKey,
		},
		Before:          before,
		After:           after,
		AfterUnknown:    rc.Change.AfterUnknown,
		BeforeSensitive: rc.Change.BeforeSensitive,
		AfterSensitive:  rc.Change.AfterSensitive,
		ReplacePaths:    rc.Change.ReplacePaths,
		Raw:             rc,
	}, nil
}

func asObject(v any) (map[string]any, bool) {
	if v == nil {
		return nil, true
	}
	m, ok := v.(map[string]any)
	return m, ok
}

// actionOf maps Terraform's action list onto one Action. Lists Terraform
// does not document, such as ["create","forget"], are ActionUnknown: rules
// read them as the most dangerous action.
func actionOf(rc *tfjson.ResourceChange) model.Action {
	a := rc.Change.Actions
	if len(a) == 1 {
		switch a[0] {
		case tfjson.ActionCreate:
			return model.ActionCreate
		case tfjson.ActionUpdate:
			return model.ActionUpdate
		case tfjson.ActionDelete:
			return model.ActionDelete
		case tfjson.ActionRead:
			return model.ActionRead
		case tfjson.ActionNoop:
			return model.ActionNoop
		case tfjson.ActionForget:
			return model.ActionForget
		}
	}
	if a.DestroyBeforeCreate() || a.CreateBeforeDestroy() {
		return model.ActionReplace
	}
	return model.ActionUnknown
}

// providerOf returns the provider's short name: "aws" for
// "registry.terraform.io/hashicorp/aws", or the type's prefix.
func providerOf(providerName, typ string) string {
	if providerName != "" {
		name := providerName[strings.LastIndexByte(providerName, '/')+1:]
		return strings.Trim(name, `"]`)
	}
	if i := strings.IndexByte(typ, '_'); i > 0 {
		return typ[:i]
	}
	return typ
}

// resourceOf is what the inventory records for a change: the values the
// resource will have, or had if the change destroys it.
func resourceOf(m *model.Mutation) model.Resource {
	r := model.Resource{Address: m.Address, Type: m.Target.Type, Action: m.Action, Values: m.After, Sensitive: m.AfterSensitive}
	if m.Action.Destroys() || m.After == nil {
		r.Values, r.Sensitive = m.Before, m.BeforeSensitive
	}
	return r
}

func sensitiveOf(raw json.RawMessage) any {
	if len(raw) == 0 {
		return nil
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		// A malformed marker tree marks everything sensitive, never nothing.
		return true
	}
	return v
}
