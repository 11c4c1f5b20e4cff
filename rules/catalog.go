package rules

import (
	"slices"
	"strings"

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
	cat.count(types)
	return cat
}

// count fills the catalog's lists of names and its counts from types, the
// names of each kind that its rows judge.
func (c *Catalog) count(types map[string]map[string]bool) {
	sorted := func(m map[string]bool) []string {
		out := make([]string, 0, len(m))
		for t := range m {
			out = append(out, t)
		}
		slices.Sort(out)
		return out
	}
	c.TerraformTypes, c.Programs, c.MCPTools = sorted(types[KindTerraform]), sorted(types[KindShell]), sorted(types[KindMCP])
	c.Counts = CatalogCount{TerraformTypes: len(c.TerraformTypes), Programs: len(c.Programs), MCPTools: len(c.MCPTools), Rules: len(c.Rules)}
}

// Names returns every name the catalog's rows judge: its Terraform
// types, then its programs, then its MCP tools. A name no row has is
// suggested the nearest of them.
func (c Catalog) Names() []string { return slices.Concat(c.TerraformTypes, c.Programs, c.MCPTools) }

// Only returns the catalog of the rows whose type is one of names, or
// starts with a name's stem when the name ends in '*' (aws_db_*), and the
// names that no row has. The rows that apply to every type are not kept.
func (c Catalog) Only(names []string) (Catalog, []string) {
	matches := func(typ, name string) bool {
		if stem, ok := strings.CutSuffix(name, "*"); ok {
			return strings.HasPrefix(typ, stem)
		}
		return typ == name
	}
	types := map[string]map[string]bool{KindTerraform: {}, KindShell: {}, KindMCP: {}}
	out := Catalog{Rules: []CatalogRow{}}
	hit := make([]bool, len(names))
	for _, r := range c.Rules {
		kept := false
		for i, n := range names {
			if r.Type == AnyType || !matches(r.Type, n) {
				continue
			}
			hit[i] = true
			if !kept {
				out.Rules = append(out.Rules, r)
				types[r.Kind][r.Type] = true
				kept = true
			}
		}
	}
	out.count(types)
	var none []string
	for i, n := range names {
		if !hit[i] {
			none = append(none, n)
		}
	}
	return out, none
}
