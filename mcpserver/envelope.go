// Package mcpserver is Recourse's MCP server (mark3labs/mcp-go): the tools
// agents call before they act, each answering with an envelope an agent can
// branch on without reading English: a status, the ConsequenceReport, and,
// when something went wrong, an error contract with a ready next call.
package mcpserver

import (
	"cmp"
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
	Status Status    `json:"status"`
	Data   any       `json:"data"`
	Error  *Contract `json:"error"`
	// DegradationReason says why a result is partial or degraded; set
	// exactly then, from a closed set (DegradationReasons).
	DegradationReason string   `json:"degradation_reason,omitempty"`
	Confidence        *string  `json:"confidence"`
	FollowUpHints     []string `json:"follow_up_hints"`
	CharterVersion    string   `json:"charter_version"`
}

// The degradation reasons, a closed set agents branch on.
const (
	// ReasonUnanalysedPart: part of the input could not be analysed (a
	// parse error, a dynamic command, a cap reached); status partial.
	ReasonUnanalysedPart = "unanalysed_part"
	// ReasonUnparsedSQL: SQL that could not be parsed; status partial.
	ReasonUnparsedSQL = "unparsed_sql"
	// ReasonClassifierFallback: part of the verdict came from the
	// classifier, which reads a type or tool from its name; status
	// degraded.
	ReasonClassifierFallback = "classifier_fallback"
)

// DegradationReasons lists the closed set, for the output schema.
var DegradationReasons = []string{ReasonUnanalysedPart, ReasonUnparsedSQL, ReasonClassifierFallback}

// Validate enforces the invariant: error is set exactly when the status is
// error or refused, and a failed envelope carries no data.
func (e Envelope) Validate() error {
	failed := e.Status == StatusError || e.Status == StatusRefused
	switch {
	case failed && e.Error == nil:
		return fmt.Errorf("status %s without an error", e.Status)
	case !failed && e.Error != nil:
		return fmt.Errorf("status %s with an error", e.Status)
	case failed && e.Data != nil && !judged(e):
		return fmt.Errorf("status %s with data", e.Status)
	case (e.Status == StatusPartial || e.Status == StatusDegraded) != (e.DegradationReason != ""):
		return fmt.Errorf("status %s with degradation reason %q", e.Status, e.DegradationReason)
	case e.Status == StatusPartial && e.Confidence != nil && *e.Confidence == string(model.ConfidenceHigh):
		return fmt.Errorf("status partial at HIGH confidence")
	case !failed && e.Data == nil:
		return fmt.Errorf("status %s without data", e.Status)
	case e.CharterVersion != CharterVersion:
		return fmt.Errorf("charter version %q", e.CharterVersion)
	}
	return nil
}

// judged reports whether e refuses a call that was judged (the gateway's
// block or unapproved escalate): its data is the report of the refusal.
func judged(e Envelope) bool {
	return e.Status == StatusRefused && (e.Error.Kind == KindBlocked || e.Error.Kind == KindNeedsApproval)
}

// failure is the envelope of a call that could not be evaluated: status
// refused where Recourse chooses not to judge (an input over its size
// limit), error for everything else.
func failure(c *Contract) Envelope {
	status := StatusError
	if c.Kind == KindInputTooLarge {
		status = StatusRefused
	}
	hints := []string{}
	if c.Recovery != nil && c.Recovery.SuggestedTool != "" {
		hints = append(hints, c.Recovery.SuggestedTool)
	}
	return Envelope{Status: status, Error: c, FollowUpHints: hints, CharterVersion: CharterVersion}
}

// reportEnvelope is the envelope of an evaluated report. A partial result
// is never HIGH confidence: part of the input was not read. The evidence
// tool is suggested only when an agent can supply a fact that would move
// a verdict (a key whose answers the report lists as outcomes).
func reportEnvelope(rep *report.ConsequenceReport, tool string) Envelope {
	env := Envelope{Status: StatusSuccess, Data: rep, FollowUpHints: []string{}, CharterVersion: CharterVersion}
	conf := model.ConfidenceHigh
	var partial, degraded string
	suppliable := false
	for _, m := range rep.Mutations {
		r := m.Recoverability
		switch {
		case r.Confidence == model.ConfidenceLow:
			conf = model.ConfidenceLow
		case r.Confidence == model.ConfidenceMedium && conf == model.ConfidenceHigh:
			conf = model.ConfidenceMedium
		}
		switch {
		case r.RuleID == "sql.unparsed":
			partial = cmp.Or(partial, ReasonUnparsedSQL)
		case m.Intent.Target.Type == model.UnanalysedProgram:
			partial = cmp.Or(partial, ReasonUnanalysedPart)
		case r.Source == model.FromClassifier:
			degraded = ReasonClassifierFallback
		}
		for _, d := range m.MissingEvidenceDetails {
			suppliable = suppliable || len(d.Outcomes) > 0
		}
	}
	for _, s := range rep.MutationsSummarised {
		if s.RuleID == "sql.unparsed" || s.RuleID == "program.unanalysed" {
			partial = cmp.Or(partial, ReasonUnanalysedPart)
		}
	}
	switch {
	case len(rep.Mutations) == 0:
		env.Status = StatusEmpty
	case partial != "":
		env.Status, env.DegradationReason = StatusPartial, partial
		if conf == model.ConfidenceHigh {
			conf = model.ConfidenceMedium
		}
	case degraded != "":
		env.Status, env.DegradationReason = StatusDegraded, degraded
		env.FollowUpHints = append(env.FollowUpHints, ToolSupportedResources)
	}
	c := string(conf)
	env.Confidence = &c
	if rep.RiskAssessment.Rank() >= model.Escalate.Rank() {
		if suppliable {
			env.FollowUpHints = append(env.FollowUpHints, ToolWithEvidence)
		}
		env.FollowUpHints = append(env.FollowUpHints, tool)
	}
	if len(env.FollowUpHints) > 3 {
		env.FollowUpHints = env.FollowUpHints[:3]
	}
	return env
}
