package terraform

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	tfjson "github.com/hashicorp/terraform-json"

	"github.com/recourse-dev/recourse/internal/jsonerr"
	"github.com/recourse-dev/recourse/model"
)

// stateExample is the shape a corrected state input should have.
const stateExample = `terraform show -json > state.json   (or the raw terraform.tfstate: {"version": 4, "resources": [...]})`

// known is a resource the input knows, as the inventory records it, with
// the dependencies a state recorded for it.
type known struct {
	model.Resource
	// DependsOn are the configuration addresses Terraform recorded as this
	// resource's dependencies (explicit depends_on and references alike).
	DependsOn []string
}

// rawState mirrors the parts of a raw terraform.tfstate (version 4) that
// dependency analysis reads.
type rawState struct {
	Version   *int `json:"version"`
	Resources []struct {
		Module    string `json:"module"`
		Mode      string `json:"mode"`
		Type      string `json:"type"`
		Name      string `json:"name"`
		Instances []struct {
			IndexKey     any            `json:"index_key"`
			Attributes   map[string]any `json:"attributes"`
			Dependencies []string       `json:"dependencies"`
		} `json:"instances"`
	} `json:"resources"`
	FormatVersion   *string             `json:"format_version"`
	Values          *tfjson.StateValues `json:"values"`
	ResourceChanges json.RawMessage     `json:"resource_changes"`
	PlannedValues   json.RawMessage     `json:"planned_values"`
}

// parseState reads a Terraform state: a raw terraform.tfstate (version 4)
// or the JSON of `terraform show -json` without a plan file. Anything else
// is an error naming the field "state".
func parseState(data []byte) ([]known, error) {
	trimmed := bytes.TrimLeft(data, " \t\r\n")
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return nil, stateError("is not a JSON object", nil)
	}
	var s rawState
	if err := json.Unmarshal(data, &s); err != nil {
		e := jsonerr.Wrap(data, err, "a Terraform state in JSON", stateExample, "the field's type in a Terraform state")
		e.Field = "state" + prefixed(e.Field)
		e.Message = "the state: " + e.Message
		return nil, e
	}
	switch {
	case empty(data):
		// {} or {"format_version": "1.0"}: no resources, as terraform show
		// -json prints an empty state. No state adds nothing to a plan.
		return nil, nil
	case s.ResourceChanges != nil || s.PlannedValues != nil:
		return nil, stateError("is a Terraform plan, not a state: pass the plan as the input and the state separately", nil)
	case s.Values != nil && s.FormatVersion != nil:
		var out []known
		addKnownModule(&out, s.Values.RootModule)
		return out, nil
	case s.Version != nil && *s.Version == 4:
		return rawResources(&s)
	case s.Version != nil:
		return nil, stateError(fmt.Sprintf("has version %d; this build reads version 4 (Terraform 0.12 and later, OpenTofu)", *s.Version), nil)
	}
	return nil, stateError("has neither \"values\" (terraform show -json) nor \"version\" and \"resources\" (terraform.tfstate)", nil)
}

// empty reports whether a state object has no key but format_version.
func empty(data []byte) bool {
	var keys map[string]json.RawMessage
	if json.Unmarshal(data, &keys) != nil {
		return false
	}
	delete(keys, "format_version")
	return len(keys) == 0
}

func prefixed(field string) string {
	if field == "" {
		return ""
	}
	return "." + field
}

func stateError(msg string, err error) error {
	return &model.Error{Kind: model.KindInvalidField, Field: "state", Message: "the state " + msg,
		Expected: "a Terraform state: the output of `terraform show -json` or a raw terraform.tfstate", Example: stateExample, Err: err}
}

func rawResources(s *rawState) ([]known, error) {
	var out []known
	for i, r := range s.Resources {
		if r.Mode == string(tfjson.DataResourceMode) {
			continue
		}
		if r.Type == "" || r.Name == "" {
			return nil, &model.Error{Kind: model.KindInvalidField, Field: fmt.Sprintf("state.resources[%d]", i),
				Message: "a resource without type or name", Expected: `{"mode": "managed", "type": "aws_kms_key", "name": "main", "instances": [...]}`,
				Example: stateExample}
		}
		base := r.Type + "." + r.Name
		if r.Module != "" {
			base = r.Module + "." + base
		}
		for _, in := range r.Instances {
			out = append(out, known{Resource: model.Resource{Address: base + indexSuffix(in.IndexKey), Type: r.Type, Values: in.Attributes},
				DependsOn: in.Dependencies})
		}
	}
	return out, nil
}

// indexSuffix renders a count or for_each key as Terraform writes it in an
// address: [0] or ["a"].
func indexSuffix(key any) string {
	switch k := key.(type) {
	case nil:
		return ""
	case float64:
		return "[" + strconv.FormatFloat(k, 'f', -1, 64) + "]"
	case string:
		return "[" + strconv.Quote(k) + "]"
	}
	return fmt.Sprintf("[%v]", key)
}

func addKnownModule(out *[]known, mod *tfjson.StateModule) {
	if mod == nil {
		return
	}
	for _, r := range mod.Resources {
		if r == nil || r.Mode == tfjson.DataResourceMode {
			continue
		}
		*out = append(*out, known{Resource: model.Resource{Address: r.Address, Type: r.Type, Values: r.AttributeValues, Sensitive: sensitiveOf(r.SensitiveValues)},
			DependsOn: r.DependsOn})
	}
	for _, c := range mod.ChildModules {
		addKnownModule(out, c)
	}
}
