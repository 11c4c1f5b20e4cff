package mcpserver

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/recourse-dev/recourse/classifier"
	"github.com/recourse-dev/recourse/internal/suggest"
	"github.com/recourse-dev/recourse/rules"
)

// Paging of recourse_supported_resources' rule rows.
const (
	defaultRowLimit = 100
	maxRowLimit     = 500
)

// fallback says what happens to anything the catalog does not list.
const fallback = "anything not listed is judged by the classifier from its name (status degraded): a data-bearing or container type's destroy is unrecoverable, network or configuration recoverable with effort, anything else needs review; never allowed without read-only evidence"

// The detail levels of recourse_supported_resources' answer without a
// name.
const (
	detailSummary = "summary"
	detailFull    = "full"
)

// more says how to ask recourse_supported_resources for more than a
// summary.
const more = `name: whether one Terraform type, program or MCP tool has rules, and which; detail "full": every name; include_rules: rule rows, a page at a time`

// Summary is recourse_supported_resources' default answer: how much the
// catalog holds and how to ask about one name, small enough for an
// agent's context (every name is some 40 KB).
type Summary struct {
	Counts rules.CatalogCount `json:"counts"`
	// TerraformProviders counts the Terraform types with rules per
	// provider (the type's prefix: aws, google, azurerm ...).
	TerraformProviders map[string]int     `json:"terraformProviders,omitempty"`
	Rules              []rules.CatalogRow `json:"rules"`
	More               string             `json:"more"`
	Fallback           string             `json:"fallback"`
}

// summarise is the summary of a catalog.
func summarise(cat rules.Catalog) Summary {
	out := Summary{Counts: cat.Counts, Rules: []rules.CatalogRow{}, More: more, Fallback: fallback}
	for _, t := range cat.TerraformTypes {
		provider, _, _ := strings.Cut(t, "_")
		if out.TerraformProviders == nil {
			out.TerraformProviders = map[string]int{}
		}
		out.TerraformProviders[provider]++
	}
	return out
}

// Supported is recourse_supported_resources' answer without a name: the
// names that have rules and their counts, and, with include_rules, one
// page of rule rows (NextCursor fetches the next).
type Supported struct {
	rules.Catalog
	NextCursor string `json:"next_cursor,omitempty"`
	Fallback   string `json:"fallback"`
}

// NameAnswer is the answer about one Terraform type, program or MCP tool:
// whether it has rows of its own, and which; the nearest covered names and
// the classifier's reading when it has none.
type NameAnswer struct {
	Name       string              `json:"name"`
	Covered    bool                `json:"covered"`
	Rules      []rules.CatalogRow  `json:"rules"`
	NearBy     []string            `json:"didYouMean,omitempty"`
	Classifier *classifier.Reading `json:"classifier,omitempty"`
	Fallback   string              `json:"fallback"`
}

// Catalog is the catalog's names and counts, limited to kind when set,
// without rule rows (some two thousand, more than an agent wants in its
// context).
func Catalog(eng *rules.Engine, kind string) Supported {
	out := Supported{Catalog: eng.Catalog(kind), Fallback: fallback}
	out.Rules = []rules.CatalogRow{}
	return out
}

// supported answers recourse_supported_resources: one name's answer, a
// page of rows, or the cached names and counts.
func (s *Server) supported(t *toolDef, args map[string]any) (any, *Contract) {
	kind, name := stringArg(args, "kind", ""), stringArg(args, "name", "")
	withRules, _ := args["include_rules"].(bool)
	if name != "" {
		return nameAnswer(s.eng.Catalog(kind), name), nil
	}
	if !withRules && stringArg(args, "detail", detailSummary) == detailSummary {
		if get, ok := s.summaries[kind]; ok {
			return json.RawMessage(get()), nil
		}
		return summarise(s.eng.Catalog(kind)), nil
	}
	if !withRules {
		if get, ok := s.catalogs[kind]; ok {
			if b := get(); len(b) > 0 {
				return json.RawMessage(b), nil
			}
		}
		return Catalog(s.eng, kind), nil
	}
	offset, limit, c := page(args)
	if c != nil {
		recovery(c, t, nil, nil)
		return nil, c
	}
	out := Supported{Catalog: s.eng.Catalog(kind), Fallback: fallback}
	all := out.Rules
	end := min(len(all), offset+limit)
	out.Rules = append([]rules.CatalogRow{}, all[min(offset, len(all)):end]...)
	if end < len(all) {
		out.NextCursor = strconv.Itoa(end)
	}
	return out, nil
}

// page reads cursor (the next_cursor of the page before) and limit.
func page(args map[string]any) (offset, limit int, c *Contract) {
	limit = defaultRowLimit
	if v, ok := number(args["limit"]); ok {
		if v != float64(int(v)) || v < 1 || v > maxRowLimit {
			c = newContract(KindInvalidArgument, fmt.Sprintf("limit must be a whole number from 1 to %d, received %v", maxRowLimit, v))
			c.Field = "limit"
			return 0, 0, c
		}
		limit = int(v)
	}
	if cur := stringArg(args, "cursor", ""); cur != "" {
		n, err := strconv.Atoi(cur)
		if err != nil || n < 0 {
			c = newContract(KindInvalidArgument, fmt.Sprintf("cursor %q is not a next_cursor this tool returned", cur))
			c.Field = "cursor"
			return 0, 0, c
		}
		offset = n
	}
	return offset, limit, nil
}

// number is a JSON number argument as a float64: a json.Number (the
// arguments of a tools/call are read exactly) or a float64 (decoded
// elsewhere).
func number(v any) (float64, bool) {
	switch n := v.(type) {
	case float64:
		return n, true
	case json.Number:
		f, err := n.Float64()
		return f, err == nil
	}
	return 0, false
}

func nameAnswer(cat rules.Catalog, name string) NameAnswer {
	out := NameAnswer{Name: name, Rules: []rules.CatalogRow{}, Fallback: fallback}
	for _, r := range cat.Rules {
		if r.Type == name {
			out.Rules = append(out.Rules, r)
		}
	}
	out.Covered = len(out.Rules) > 0
	if !out.Covered {
		out.NearBy = suggest.Matches(name, cat.Names(), 3)
		reading := classifier.ReadType(name)
		out.Classifier = &reading
	}
	return out
}
