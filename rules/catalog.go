package rules

import (
	"slices"

	"github.com/recourse-dev/recourse/model"
)

// The kinds of input a rule row judges, as the catalog names them.
const (
	KindTerraform = "terraform"
	KindShell     = "shell"
	KindMCP       = "mcp"
)

// Catalog lists what the deterministic rules cover, by kind of input.
// Whatever it does not list goes to the classifier fallback.
type Catalog struct {
	TerraformTypes []string     `json:"terraformTypes"`
	Programs       []string     `json:"programs"`
	MCPTools       []string     `json:"mcpTools"`
	Counts         CatalogCount `json:"counts"`
	Rules          []CatalogRow `json:"rules"`
}

// CatalogCount counts the catalog's entries.
type CatalogCount struct {
	TerraformTypes int `json:"terraformTypes"`
	Programs       int `json:"programs"`
	MCPTools       int `json:"mcpTools"`
	Rules          int `json:"rules"`
}

// CatalogRow is one rule row.
type CatalogRow struct {
	ID        string     `json:"id"`
	Kind      string     `json:"kind"`
	Type      string     `json:"type"`
	Actions   []string   `json:"actions"`
	Condition string     `json:"condition"`
	Tier      model.Tier `json:"tier"`
	Label     string     `json:"label"`
	Reason    string     `json:"reason"`
}

// KindOf says which input a row judges: a shell program's rows run on
// execute, an MCP tool's on call, a Terraform type's on plan actions.
func KindOf(r *Rule) string {
	for _, a := range r.On {
		switch a {
		case model.ActionExecute:
			return KindShell
		case model.ActionCall:
			return KindMCP
		}
	}
	return KindTerraform
}

// Catalog lists the engine's rows; a non-empty kind keeps only that kind.
func (e *Engine) Catalog(kind string) Catalog {
	types := map[string]map[string]bool{KindTerraform: {}, KindShell: {}, KindMCP: {}}
	cat := Catalog{Rules: []CatalogRow{}}
	for _, r := range e.Rules() {
		k := KindOf(&r)
		if kind != "" && k != kind {
			continue
		}
		if r.Type != AnyType {
			types[k][r.Type] = true
		}
		actions := make([]string, len(r.On))
		for i, a := range r.On {
			actions[i] = string(a)
		}
		cond := "always"
		if r.When != nil {
			cond = r.When.String()
		}
		cat.Rules = append(cat.Rules, CatalogRow{ID: r.ID, Kind: k, Type: r.Type, Actions: actions, Condition: cond,
			Tier: r.Tier, Label: r.Tier.Label(), Reason: r.Reason})
	}
	sorted := func(m map[string]bool) []string {
		out := make([]string, 0, len(m))
		for t := range m {
			out = append(out, t)
		}
		slices.Sort(out)
		return out
	}
	cat.TerraformTypes, cat.Programs, cat.MCPTools = sorted(types[KindTerraform]), sorted(types[KindShell]), sorted(types[KindMCP])
	cat.Counts = CatalogCount{TerraformTypes: len(cat.TerraformTypes), Programs: len(cat.Programs), MCPTools: len(cat.MCPTools), Rules: len(cat.Rules)}
	return cat
}
