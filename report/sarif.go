package report

import (
	"io"
	"sort"

	"github.com/recourse-dev/recourse/model"
)

// SARIF 2.1.0, the subset code-scanning services read: one run, one rule
// per rule id that fired, one result per change that is not reversible.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool       sarifTool      `json:"tool"`
	Results    []sarifResult  `json:"results"`
	Properties map[string]any `json:"properties"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	ShortDescription sarifMessage `json:"shortDescription"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID     string          `json:"ruleId"`
	Level      string          `json:"level"`
	Message    sarifMessage    `json:"message"`
	Locations  []sarifLocation `json:"locations"`
	Properties map[string]any  `json:"properties"`
}

type sarifLocation struct {
	PhysicalLocation *sarifPhysical   `json:"physicalLocation,omitempty"`
	LogicalLocations []sarifLogicalLo `json:"logicalLocations"`
}

type sarifPhysical struct {
	ArtifactLocation struct {
		URI string `json:"uri"`
	} `json:"artifactLocation"`
}

type sarifLogicalLo struct {
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Kind               string `json:"kind"`
}

func sarifLevel(t model.Tier) string {
	switch t {
	case model.TierUnrecoverable, model.TierNeedsReview:
		return "error"
	case model.TierRecoverableFromBackup, model.TierRecoverableWithEffort:
		return "warning"
	}
	return "note"
}

// locationOf is where a result about target id lies: the resource, in
// the input file when there is one.
func locationOf(rep *ConsequenceReport, id string) sarifLocation {
	loc := sarifLocation{LogicalLocations: []sarifLogicalLo{{FullyQualifiedName: id, Kind: "resource"}}}
	if rep.Input.File != "" && rep.Input.File != "-" {
		loc.PhysicalLocation = &sarifPhysical{}
		loc.PhysicalLocation.ArtifactLocation.URI = rep.Input.File
	}
	return loc
}

func writeSARIF(w io.Writer, rep *ConsequenceReport) error {
	rules := map[string]string{}
	results := []sarifResult{}
	for _, m := range sortedMutations(rep) {
		r := m.Recoverability
		if r.Tier == model.TierReversible {
			continue
		}
		rules[r.RuleID] = r.Label
		loc := locationOf(rep, m.Intent.Target.ID)
		text := m.Intent.Target.ID + " (" + string(m.Intent.Action) + "): " + r.Label + ": " + r.Reasoning
		props := map[string]any{"tier": r.Tier, "confidence": r.Confidence, "source": r.Source, "missingEvidence": m.MissingEvidence}
		if line := suppliedLine(m); line != "" {
			text += " — " + line
			props["suppliedEvidence"] = m.SuppliedEvidence
		}
		if line := exceptionLine(m); line != "" {
			text += " — " + line
			props["exception"] = m.Exception
		}
		results = append(results, sarifResult{
			RuleID:     r.RuleID,
			Level:      sarifLevel(r.Tier),
			Message:    sarifMessage{Text: text},
			Locations:  []sarifLocation{loc},
			Properties: props,
		})
	}
	for _, s := range rep.MutationsSummarised {
		if s.Tier == model.TierReversible {
			continue
		}
		rules[s.RuleID] = s.Label
		results = append(results, sarifResult{
			RuleID:     s.RuleID,
			Level:      sarifLevel(s.Tier),
			Message:    sarifMessage{Text: summarisedLine(s)},
			Locations:  []sarifLocation{locationOf(rep, s.FirstTarget)},
			Properties: map[string]any{"tier": s.Tier, "count": s.Count},
		})
	}
	ids := make([]string, 0, len(rules))
	for id := range rules {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	driver := sarifDriver{Name: "recourse", InformationURI: "https://github.com/recourse-dev/recourse", Rules: []sarifRule{}}
	for _, id := range ids {
		driver.Rules = append(driver.Rules, sarifRule{ID: id, ShortDescription: sarifMessage{Text: rules[id]}})
	}
	return WriteJSON(w, sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []sarifRun{{Tool: sarifTool{Driver: driver}, Results: results,
			Properties: map[string]any{"riskAssessment": rep.RiskAssessment, "assessmentReason": rep.AssessmentReason}}},
	})
}
