package report

import (
	"slices"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// Provenance says what a report's verdicts rest on, in one place, so that
// a reader (an agent, an auditor, a decision record) can tell a verdict
// the rules proved from one the classifier guessed, and a fact Recourse
// saw from one a caller asserted, without reading every mutation.
type Provenance struct {
	// Rules are the ids of the rule rows behind the verdicts and of the
	// cross-action risks found, each once, in the order of the mutations.
	Rules []string `json:"rules"`
	// Classifier are the ids of the classifier's verdicts (a type, program
	// or tool no rule knows, read from its name).
	Classifier []string `json:"classifier,omitempty"`
	// Catalog are the MCP server catalog's entries a verdict read, with
	// where the entry was read from (repo@commit:paths on a date).
	Catalog []CatalogEntry `json:"catalog,omitempty"`
	// Observed are the facts Recourse gathered itself, read-only, where
	// the action runs (--observe), by target and key.
	Observed []FactRef `json:"observed,omitempty"`
	// Caller are the facts the caller supplied (evidence), by target and
	// key; they move a verdict only as far as they prove.
	Caller []FactRef `json:"caller,omitempty"`
	// Policies are the policies that made the decision.
	Policies []string `json:"policies"`
}

// CatalogEntry is one MCP server catalog entry a verdict read.
type CatalogEntry struct {
	// Entry is the catalog's server id and tool name: github/delete_file.
	Entry string `json:"entry"`
	// Source is where the entry was read from.
	Source string `json:"source,omitempty"`
}

// FactRef names one fact: the target it is about and its key.
type FactRef struct {
	Address string `json:"address"`
	Key     string `json:"key"`
}

// SetProvenance fills rep.Provenance from its mutations, risks and
// policy. It is called once the report is whole and before Condense, so
// that every mutation is counted.
func (rep *ConsequenceReport) SetProvenance() {
	p := &Provenance{Rules: []string{}, Policies: slices.Clone(rep.Policy.Policies)}
	if p.Policies == nil {
		p.Policies = []string{}
	}
	seen := map[string]bool{}
	once := func(kind, v string) bool {
		k := kind + "\x00" + v
		if v == "" || seen[k] {
			return false
		}
		seen[k] = true
		return true
	}
	for _, m := range rep.Mutations {
		r := m.Recoverability
		switch {
		case r.Source == model.FromClassifier && once("classifier", r.RuleID):
			p.Classifier = append(p.Classifier, r.RuleID)
		case r.Source != model.FromClassifier && once("rule", r.RuleID):
			p.Rules = append(p.Rules, r.RuleID)
		}
		addr := m.Intent.Target.ID
		for _, e := range m.Evidence {
			switch {
			case e.Key == "catalog" && e.Present:
				entry, _ := e.Value.(string)
				if once("catalog", entry) {
					p.Catalog = append(p.Catalog, CatalogEntry{Entry: entry, Source: strings.TrimPrefix(e.Description, "read from ")})
				}
			case e.SuppliedBy == model.SuppliedObserved && once("observed", addr+"\x00"+e.Key):
				p.Observed = append(p.Observed, FactRef{Address: addr, Key: e.Key})
			case e.SuppliedBy == model.SuppliedByCaller && once("caller", addr+"\x00"+e.Key):
				p.Caller = append(p.Caller, FactRef{Address: addr, Key: e.Key})
			}
		}
		for _, f := range m.SuppliedEvidence {
			if once("caller", addr+"\x00"+f.Key) {
				p.Caller = append(p.Caller, FactRef{Address: addr, Key: f.Key})
			}
		}
	}
	for _, s := range rep.MutationsSummarised {
		if once("rule", s.RuleID) {
			p.Rules = append(p.Rules, s.RuleID)
		}
	}
	for _, r := range rep.CrossActionRisks {
		if once("rule", r.ID) {
			p.Rules = append(p.Rules, r.ID)
		}
	}
	rep.Provenance = p
}
