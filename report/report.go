// Package report holds the ConsequenceReport (schema
// recourse.consequence.v1), its JSON Schema and its renderers.
//
// Field names follow RecourseOS's published ConsequenceReport so that its
// clients read ours unchanged; the fields Recourse adds are additive.
package report

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// SchemaVersion is the value of every report's schemaVersion.
const SchemaVersion = "recourse.consequence.v1"

// ConsequenceReport is the answer to one evaluation.
type ConsequenceReport struct {
	SchemaVersion    string         `json:"schemaVersion"`
	RiskAssessment   model.Decision `json:"riskAssessment"`
	AssessmentReason string         `json:"assessmentReason"`
	Source           model.Source   `json:"source"`
	Summary          Summary        `json:"summary"`
	Mutations        []Mutation     `json:"mutations"`
	// MutationsSummarised stands for the mutations left out of Mutations
	// past the report's size ceiling (MaxListedMutations), by rule and
	// tier; Summary counts them.
	MutationsSummarised []SummarisedMutations `json:"mutationsSummarised,omitempty"`
	CrossActionRisks    []CrossActionRisk     `json:"crossActionRisks"`
	Policy              PolicyResult          `json:"policy"`
	// Context is what the caller said about where the change would run.
	Context Context `json:"context"`
	// Input describes the document evaluated (format and tool versions).
	Input InputInfo `json:"input"`
	// Evidence says which agent-supplied facts were applied, what they
	// moved, and which were ignored (recourse_evaluate_with_evidence,
	// --evidence).
	Evidence *EvidenceReport `json:"evidence,omitempty"`
	// Provenance says which rules, catalog entries and observed and
	// supplied facts the verdicts rest on (SetProvenance).
	Provenance *Provenance `json:"provenance,omitempty"`
}

// EvidenceItem is one fact an agent gathered for a key a report listed in
// a change's missingEvidence; Address is the change's target id.
type EvidenceItem struct {
	Address string `json:"address"`
	Key     string `json:"key"`
	Value   any    `json:"value"`
	// Source says how the fact was gathered (a command, a console page).
	Source string `json:"source,omitempty"`
}

// EvidenceReport accounts for every evidence item.
type EvidenceReport struct {
	Applied []AppliedEvidence `json:"applied"`
	Ignored []IgnoredEvidence `json:"ignored"`
}

// AppliedEvidence is an item that filled a missing fact, with the verdict
// of its change before and after.
type AppliedEvidence struct {
	EvidenceItem
	TierBefore model.Tier `json:"tierBefore"`
	TierAfter  model.Tier `json:"tierAfter"`
	RuleBefore string     `json:"ruleBefore"`
	RuleAfter  string     `json:"ruleAfter"`
	Moved      bool       `json:"moved"`
}

// suppliedLine says which facts of m the caller supplied, or "".
func suppliedLine(m Mutation) string {
	if len(m.SuppliedEvidence) == 0 {
		return ""
	}
	parts := make([]string, len(m.SuppliedEvidence))
	for i, f := range m.SuppliedEvidence {
		parts[i] = fmt.Sprintf("%s=%v (by %s: %s)", f.Key, f.Value, f.By, f.Source)
	}
	return "supplied, not shown by the input: " + strings.Join(parts, "; ")
}

// exceptionLine says which configured exception covers m, or "".
func exceptionLine(m Mutation) string {
	x := m.Exception
	if x == nil {
		return ""
	}
	until := ""
	if x.Expires != "" {
		until = " until " + x.Expires
	}
	return fmt.Sprintf("excepted (at most warn)%s by %s (rule %s, match %q): %s", until, x.Source, x.Rule, x.Match, x.Reason)
}

// IgnoredEvidence is an item that was not applied, and why.
type IgnoredEvidence struct {
	EvidenceItem
	Reason string `json:"reason"`
}

// Finish records each applied item's verdict after the evidence.
func (e *EvidenceReport) Finish(rep *ConsequenceReport) {
	after := make(map[string]Recoverability, len(rep.Mutations))
	for _, m := range rep.Mutations {
		if _, ok := after[m.Intent.Target.ID]; !ok {
			after[m.Intent.Target.ID] = m.Recoverability
		}
	}
	for i := range e.Applied {
		a := &e.Applied[i]
		if r, ok := after[a.Address]; ok {
			a.TierAfter, a.RuleAfter = r.Tier, r.RuleID
			a.Moved = a.TierAfter != a.TierBefore || a.RuleAfter != a.RuleBefore
		}
	}
}

// Summary aggregates the mutations.
type Summary struct {
	TotalMutations        int              `json:"totalMutations"`
	NeedsReview           bool             `json:"needsReview"`
	HasUnrecoverable      bool             `json:"hasUnrecoverable"`
	DependencyImpactCount int              `json:"dependencyImpactCount"`
	WorstRecoverability   Worst            `json:"worstRecoverability"`
	TierCounts            model.TierCounts `json:"tierCounts"`
	// ClassifierVerdicts counts mutations no rule knew (judged by the
	// classifier fallback, which reads the type from its name).
	ClassifierVerdicts int `json:"classifierVerdicts"`
	// Cascade counts the resources the destroyed ones take along, by type,
	// with the deepest chain for each type.
	Cascade []CascadeEntry `json:"cascade"`
}

// CascadeEntry is one resource type in the cascade summary.
type CascadeEntry struct {
	Type     string `json:"type"`
	Count    int    `json:"count"`
	MaxDepth int    `json:"maxDepth"`
}

// Worst is the worst tier among the mutations, with the reasoning of the
// first mutation that has it.
type Worst struct {
	Tier      model.Tier `json:"tier"`
	Label     string     `json:"label"`
	Reasoning string     `json:"reasoning"`
}

// Mutation is one judged change.
type Mutation struct {
	Intent           Intent             `json:"intent"`
	Recoverability   Recoverability     `json:"recoverability"`
	Evidence         []model.Evidence   `json:"evidence"`
	MissingEvidence  []string           `json:"missingEvidence"`
	DependencyImpact []DependencyImpact `json:"dependencyImpact"`
	// DependencyImpactUnlisted counts the dependents the walk reached
	// beyond those listed, once a listing cap was reached: the report
	// grows with the input, the count stays exact.
	DependencyImpactUnlisted int `json:"dependencyImpactUnlisted,omitempty"`
	// SuppliedEvidence are the facts the verdict read that the caller
	// supplied (--evidence, recourse_evaluate_with_evidence), not the
	// input: who supplied each and how they say they learnt it.
	SuppliedEvidence []model.SuppliedFact `json:"suppliedEvidence,omitempty"`
	// Exception is the configured exception that covers this change: its
	// decision is at most warn (docs/exceptions.md).
	Exception *model.Exception `json:"exception,omitempty"`
	// MissingEvidenceDetails explains each missingEvidence key: why it
	// matters, where each answer would move the verdict, and how to check
	// it read-only.
	MissingEvidenceDetails []MissingEvidenceDetail `json:"missingEvidenceDetails,omitempty"`
	// Observed are the facts Recourse gathered, read-only, where the
	// action runs about what the command acts on (--observe auto): its
	// targets' existence, git state and blast radius, and a git command's
	// repository facts; absent when nothing was observed. The verdict's
	// evidence marks the facts it read as suppliedBy "observed".
	Observed *model.Observed `json:"observed,omitempty"`
}

// MissingEvidenceDetail explains one missing-evidence key.
type MissingEvidenceDetail struct {
	Key string `json:"key"`
	Why string `json:"why"`
	// Outcomes are the verdicts the change would get with each answer, as
	// the rules compute them (not a guess).
	Outcomes []EvidenceOutcome `json:"outcomes"`
	// VerificationSuggestions are read-only commands that answer the key.
	VerificationSuggestions []VerificationSuggestion `json:"verificationSuggestions"`
}

// EvidenceOutcome is the verdict for one answer to a missing key.
type EvidenceOutcome struct {
	Value  any        `json:"value"`
	Tier   model.Tier `json:"tier"`
	Label  string     `json:"label"`
	RuleID string     `json:"ruleId"`
}

// VerificationSuggestion is a read-only command, as an argv array.
type VerificationSuggestion struct {
	Argv        []string `json:"argv"`
	Permissions []string `json:"permissions"`
}

// Intent says what the change would do.
type Intent struct {
	Source model.Source `json:"source"`
	Action model.Action `json:"action"`
	Target model.Target `json:"target"`
	// RawActions are the actions as the input spelled them.
	RawActions   []string `json:"rawActions,omitempty"`
	ActionReason string   `json:"actionReason,omitempty"`
	// Location is where the change is written: a command's line and
	// column in a shell input. Code scanning, annotations and review
	// comments point there; without it they fall back to the input's
	// first line or, for a plan, the resource's line in the plan.
	Location *Location `json:"location,omitempty"`
}

// Location is a place in a source file. File is empty when the place is
// in the input itself.
type Location struct {
	File        string `json:"file,omitempty"`
	StartLine   int    `json:"startLine"`
	StartColumn int    `json:"startColumn,omitempty"`
	EndLine     int    `json:"endLine,omitempty"`
}

// CommandLocation is the line and column of a shell mutation's command in
// its input: only for a shell input, where the line is the input's (a
// provisioner's command in a plan has its line in the command, not in
// the plan).
func CommandLocation(c *model.Command) *Location {
	if c == nil || c.Line <= 0 {
		return nil
	}
	return &Location{StartLine: int(c.Line), StartColumn: int(max(c.Col, 1))}
}

// Recoverability is the verdict on one mutation.
type Recoverability struct {
	Tier       model.Tier          `json:"tier"`
	Label      string              `json:"label"`
	Reasoning  string              `json:"reasoning"`
	Source     model.VerdictSource `json:"source"`
	RuleID     string              `json:"ruleId"`
	Confidence model.Confidence    `json:"confidence"`
	// SaferAlternative is what to do instead: the way to the same end
	// that keeps a way back (rules.SaferAlternative), for a change that is
	// not reversible and whose rule names one.
	SaferAlternative string `json:"saferAlternative,omitempty"`
}

// CrossActionRisk is a danger that arises from several mutations together.
type CrossActionRisk struct {
	ID        string     `json:"id"`
	Tier      model.Tier `json:"tier"`
	Reasoning string     `json:"reasoning"`
	Addresses []string   `json:"addresses"`
}

// DependencyImpact is a resource affected by the deletion of another.
type DependencyImpact struct {
	Address string `json:"address"`
	Type    string `json:"type"`
	Depth   int    `json:"depth"`
	Reason  string `json:"reason"`
	// AlsoDestroyed is true when the same input destroys the dependent.
	AlsoDestroyed bool `json:"alsoDestroyed"`
}

// PolicyResult is what the policy decided and why.
type PolicyResult struct {
	Decision model.Decision `json:"decision"`
	Reasons  []string       `json:"reasons"`
	Policies []string       `json:"policies"`
}

// Context is the caller's description of where the change would run.
type Context struct {
	Environment string `json:"environment,omitempty"`
	Actor       string `json:"actor,omitempty"`
	Owner       string `json:"owner,omitempty"`
}

// InputInfo describes the evaluated document.
type InputInfo struct {
	File             string `json:"file,omitempty"`
	FormatVersion    string `json:"formatVersion,omitempty"`
	TerraformVersion string `json:"terraformVersion,omitempty"`
	// Cwd is the working directory a shell command line was judged in.
	Cwd string `json:"cwd,omitempty"`
	// Notes say what the evaluation made of arguments it accepted but did
	// not act on (an MCP call's classifier: false).
	Notes []string `json:"notes,omitempty"`
}

// NewMutation builds the report entry for m and its verdict.
func NewMutation(m *model.Mutation, v model.Recoverability) Mutation {
	ev := v.Evidence
	if ev == nil {
		ev = []model.Evidence{}
	}
	if sf := scriptEvidence(m); sf != nil {
		ev = append(ev[:len(ev):len(ev)], *sf)
	}
	if c := m.Command; c != nil {
		for _, l := range c.Links {
			ev = append(ev[:len(ev):len(ev)], model.Evidence{Key: "followed-link", Value: l.Path, Present: true,
				SuppliedBy:  model.SuppliedObserved,
				Description: fmt.Sprintf("%s is read through a symbolic link on disk (lstat/readlink where the action runs): it reaches %s, which is what is judged", l.Path, l.Reaches)})
		}
	}
	missing := v.MissingEvidence
	if missing == nil {
		missing = []string{}
	}
	return Mutation{
		Intent: Intent{Source: m.Source, Action: m.Action, Target: m.Target, RawActions: m.RawActions, ActionReason: m.ActionReason},
		Recoverability: Recoverability{Tier: v.Tier, Label: v.Tier.Label(), Reasoning: v.Reasoning,
			Source: v.Source, RuleID: v.RuleID, Confidence: v.Confidence},
		Evidence:                 ev,
		MissingEvidence:          missing,
		DependencyImpact:         dependencyImpact(m.DependencyImpact),
		DependencyImpactUnlisted: max(0, m.DependencyImpactCount-len(m.DependencyImpact)),
		SuppliedEvidence:         m.Supplied,
		Observed:                 observedOf(m),
	}
}

// observedOf is what was observed of m's command or file tool, or nil.
func observedOf(m *model.Mutation) *model.Observed { return m.Observation() }

// Evidence keys of observed facts the renderers lead with (the rules
// record them; rules.LossKey and rules.WayBackKey).
const (
	lossKey    = "loss"
	wayBackKey = "way-back"
)

// Stakes returns, for the most severe change whose verdict names them,
// the concrete loss ("3 untracked files, 14 KB: …") and the way back
// ("tracked files: `git checkout -- src`") that observed facts showed;
// "" for what no verdict names. The human and markdown reports and the
// hooks' stop and ask text lead with them.
func Stakes(rep *ConsequenceReport) (loss, wayBack string) {
	lossTier, backTier := -1, -1
	for _, m := range rep.Mutations {
		sev := m.Recoverability.Tier.Severity()
		for _, e := range m.Evidence {
			v, ok := e.Value.(string)
			if !ok || e.SuppliedBy != model.SuppliedObserved {
				continue
			}
			switch {
			case e.Key == lossKey && sev > lossTier:
				loss, lossTier = v, sev
			case e.Key == wayBackKey && sev > backTier:
				wayBack, backTier = v, sev
			}
		}
	}
	return loss, wayBack
}

// scriptEvidence is the fact that the content of the script file m's
// command runs was read, and from where: Recourse read it where the
// action runs (supplied by observed), or the line wrote it earlier. Nil
// when m runs no script file, or one whose content is not known.
func scriptEvidence(m *model.Mutation) *model.Evidence {
	c := m.Command
	if c == nil || c.ScriptFile == nil || c.ScriptFile.From == "" {
		return nil
	}
	sf := c.ScriptFile
	e := model.Evidence{Key: "script-content", Value: sf.Path, Present: true}
	switch sf.From {
	case model.ScriptFromObserved:
		e.SuppliedBy = model.SuppliedObserved
		e.Description = fmt.Sprintf("read where the action runs (%s, %d bytes, sha256 %s); its commands are judged as the script's own", sf.Resolved, sf.Bytes, sf.SHA256)
	default:
		e.Description = fmt.Sprintf("written earlier in this line (%d bytes); its commands are judged as the script's own", sf.Bytes)
	}
	return &e
}

func dependencyImpact(ds []model.Dependent) []DependencyImpact {
	out := make([]DependencyImpact, len(ds))
	for i, d := range ds {
		out[i] = DependencyImpact{Address: d.Address, Type: d.Type, Depth: d.Depth, Reason: d.Reason, AlsoDestroyed: d.AlsoDestroyed}
	}
	return out
}

// cascade summarises the dependents of all mutations by type; a resource
// reached from several destroyed ones counts once, at its greatest depth.
func cascade(ms []Mutation) []CascadeEntry {
	if !slices.ContainsFunc(ms, func(m Mutation) bool { return len(m.DependencyImpact) > 0 }) {
		return []CascadeEntry{}
	}
	depth := map[string]int{}
	typ := map[string]string{}
	for _, m := range ms {
		for _, d := range m.DependencyImpact {
			if d.Depth > depth[d.Address] {
				depth[d.Address], typ[d.Address] = d.Depth, d.Type
			}
		}
	}
	if len(depth) == 0 {
		return []CascadeEntry{}
	}
	byType := map[string]*CascadeEntry{}
	for addr, d := range depth {
		e := byType[typ[addr]]
		if e == nil {
			e = &CascadeEntry{Type: typ[addr]}
			byType[typ[addr]] = e
		}
		e.Count++
		e.MaxDepth = max(e.MaxDepth, d)
	}
	out := make([]CascadeEntry, 0, len(byType))
	for _, e := range byType {
		out = append(out, *e)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Type < out[j].Type
	})
	return out
}

// Summarize computes the summary of ms.
func Summarize(ms []Mutation) Summary {
	s := Summary{TotalMutations: len(ms),
		WorstRecoverability: Worst{Tier: model.TierReversible, Label: model.TierReversible.Label(), Reasoning: "the input has no changes"}}
	worst := -1
	for i, m := range ms {
		r := m.Recoverability
		s.TierCounts.Add(r.Tier) // the evaluator rejects a verdict with an invalid tier before this
		s.DependencyImpactCount += len(m.DependencyImpact) + m.DependencyImpactUnlisted
		if r.Source == model.FromClassifier {
			s.ClassifierVerdicts++
		}
		if worst < 0 || r.Tier > ms[worst].Recoverability.Tier {
			worst = i
		}
	}
	if worst >= 0 {
		w := ms[worst]
		s.WorstRecoverability = Worst{Tier: w.Recoverability.Tier, Label: w.Recoverability.Label, Reasoning: w.Intent.Target.ID + ": " + w.Recoverability.Reasoning}
	}
	s.Cascade = cascade(ms)
	s.NeedsReview = s.TierCounts.Of(model.TierNeedsReview) > 0
	s.HasUnrecoverable = s.TierCounts.Of(model.TierUnrecoverable) > 0
	return s
}
