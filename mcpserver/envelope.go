// Package mcpserver is Recourse's MCP server (mark3labs/mcp-go): the tools
// agents call before they act, each answering with an envelope an agent can
// branch on without reading English: a status, the ConsequenceReport, and,
// when something went wrong, an error contract with a ready next call.
package mcpserver

import (
	"fmt"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/report"
)

// CharterVersion is the version of the envelope contract.
const CharterVersion = "1.0"

// Status is the envelope's status.
type Status string

// The statuses (docs/mcp.md).
const (
	// StatusSuccess: every part was judged by deterministic rules.
	StatusSuccess Status = "success"
	// StatusEmpty: the input has nothing to judge (a plan with no changes).
	StatusEmpty Status = "empty"
	// StatusPartial: some part could not be analysed (a parse error, a
	// dynamic command); the decision is then at least escalate.
	StatusPartial Status = "partial"
	// StatusDegraded: part of the verdict came from the classifier fallback.
	StatusDegraded Status = "degraded"
	// StatusError: the call could not be evaluated; error says why.
	StatusError Status = "error"
	// StatusRefused: the input is understood but will not be judged (a
	// plan Terraform marked errored); error says why.
	StatusRefused Status = "refused"
)

// Envelope is every tool result's structuredContent.
type Envelope struct {
	Status         Status    `json:"status"`
	Data           any       `json:"data"`
	Error          *Contract `json:"error"`
	Confidence     *string   `json:"confidence"`
	FollowUpHints  []string  `json:"follow_up_hints"`
	CharterVersion string    `json:"charter_version"`
}

// Validate enforces the invariant: error is set exactly when the status is
// error or refused, and a failed envelope carries no data.
func (e Envelope) Validate() error {
	failed := e.Status == StatusError || e.Status == StatusRefused
	switch {
	case failed && e.Error == nil:
		return fmt.Errorf("status %s without an error", e.Status)
	case !failed && e.Error != nil:
		return fmt.Errorf("status %s with an error", e.Status)
	case failed && e.Data != nil:
		return fmt.Errorf("status %s with data", e.Status)
	case !failed && e.Data == nil:
		return fmt.Errorf("status %s without data", e.Status)
	case e.CharterVersion != CharterVersion:
		return fmt.Errorf("charter version %q", e.CharterVersion)
	}
	return nil
}

// failure is the envelope of a call that could not be evaluated.
func failure(c *Contract) Envelope {
	status := StatusError
	if c.Kind == KindErroredPlan {
		status = StatusRefused
	}
	hints := []string{}
	if c.Recovery != nil && c.Recovery.SuggestedTool != "" {
		hints = append(hints, c.Recovery.SuggestedTool)
	}
	return Envelope{Status: status, Error: c, FollowUpHints: hints, CharterVersion: CharterVersion}
}

// reportEnvelope is the envelope of an evaluated report.
func reportEnvelope(rep *report.ConsequenceReport, tool string) Envelope {
	env := Envelope{Status: StatusSuccess, Data: rep, FollowUpHints: []string{}, CharterVersion: CharterVersion}
	conf := model.ConfidenceHigh
	partial, degraded := false, false
	for _, m := range rep.Mutations {
		r := m.Recoverability
		switch {
		case r.Confidence == model.ConfidenceLow:
			conf = model.ConfidenceLow
		case r.Confidence == model.ConfidenceMedium && conf == model.ConfidenceHigh:
			conf = model.ConfidenceMedium
		}
		degraded = degraded || r.Source == model.FromClassifier
		partial = partial || m.Intent.Target.Type == model.UnanalysedProgram || r.RuleID == "sql.unparsed"
	}
	c := string(conf)
	env.Confidence = &c
	switch {
	case len(rep.Mutations) == 0:
		env.Status = StatusEmpty
	case partial:
		env.Status = StatusPartial
	case degraded:
		env.Status = StatusDegraded
		env.FollowUpHints = append(env.FollowUpHints, ToolSupportedResources)
	}
	if rep.RiskAssessment.Rank() >= model.Escalate.Rank() {
		for _, m := range rep.Mutations {
			if len(m.MissingEvidence) > 0 {
				env.FollowUpHints = append(env.FollowUpHints, ToolWithEvidence)
				break
			}
		}
		env.FollowUpHints = append(env.FollowUpHints, tool)
	}
	if len(env.FollowUpHints) > 3 {
		env.FollowUpHints = env.FollowUpHints[:3]
	}
	return env
}
