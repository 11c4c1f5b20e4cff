package report

import (
	"fmt"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// conciseDependents is how many dependents a concise mutation lists; the
// rest are counted in dependencyImpactUnlisted.
const conciseDependents = 5

// Concise returns the report an agent can afford to read: the decision,
// the summary, and only the mutations that are not reversible, without
// the evidence the rules read and with at most five dependents each; the
// reversible ones are counted by rule in mutationsSummarised, and each
// reason is said once (the policy's reasons that repeat the assessment or
// a listed mutation's reasoning are left out, as is the worst
// mutation's reasoning in the summary). rep itself is not changed.
func (rep *ConsequenceReport) Concise() *ConsequenceReport {
	out := *rep
	out.Mutations = make([]Mutation, 0, len(rep.Mutations))
	out.MutationsSummarised = append([]SummarisedMutations(nil), rep.MutationsSummarised...)
	index := map[string]int{}
	for i, s := range out.MutationsSummarised {
		index[s.RuleID+"\x00"+s.Label] = i
	}
	for _, m := range rep.Mutations {
		r := m.Recoverability
		if r.Tier != model.TierReversible {
			out.Mutations = append(out.Mutations, conciseMutation(m))
			continue
		}
		k := r.RuleID + "\x00" + r.Tier.Label()
		i, ok := index[k]
		if !ok {
			i = len(out.MutationsSummarised)
			index[k] = i
			out.MutationsSummarised = append(out.MutationsSummarised, SummarisedMutations{RuleID: r.RuleID, Tier: r.Tier, Label: r.Tier.Label(), FirstTarget: m.Intent.Target.ID})
		}
		out.MutationsSummarised[i].Count++
	}
	if len(out.MutationsSummarised) == 0 {
		out.MutationsSummarised = nil
	}
	out.Summary.WorstRecoverability.Reasoning = ""
	out.Policy.Reasons = otherReasons(rep.Policy.Reasons, rep.AssessmentReason, out.Mutations)
	return &out
}

func conciseMutation(m Mutation) Mutation {
	m.Evidence = []model.Evidence{}
	if n := len(m.DependencyImpact); n > conciseDependents {
		m.DependencyImpactUnlisted += n - conciseDependents
		m.DependencyImpact = m.DependencyImpact[:conciseDependents:conciseDependents]
	}
	return m
}

// otherReasons are the policy's reasons that say something the assessment
// and the listed mutations do not.
func otherReasons(reasons []string, assessment string, ms []Mutation) []string {
	out := []string{}
	for _, r := range reasons {
		if r == assessment || repeatsMutation(r, ms) {
			continue
		}
		out = append(out, r)
	}
	return out
}

func repeatsMutation(reason string, ms []Mutation) bool {
	for _, m := range ms {
		if m.Recoverability.Reasoning != "" && strings.Contains(reason, m.Recoverability.Reasoning) {
			return true
		}
	}
	return false
}

// Brief renders a report in a few lines for an agent's context: the
// decision and its reason, the tier counts, each mutation listed (most
// severe first, at most maxBrief) with its rule, the facts it misses, and
// what the listing left out.
func Brief(rep *ConsequenceReport) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", strings.ToUpper(string(rep.RiskAssessment)), rep.AssessmentReason)
	fmt.Fprintf(&b, "%d change(s): %s\n", rep.Summary.TotalMutations, briefCounts(rep.Summary))
	ms := sortedMutations(rep)
	for i, m := range ms {
		if i == maxBrief {
			fmt.Fprintf(&b, "… and %d more listed in structuredContent\n", len(ms)-maxBrief)
			break
		}
		r := m.Recoverability
		fmt.Fprintf(&b, "- tier %d %s · %s %s · rule %s: %s\n", r.Tier, r.Label, m.Intent.Action, m.Intent.Target.ID, r.RuleID, r.Reasoning)
		if len(m.MissingEvidence) > 0 {
			fmt.Fprintf(&b, "  missing evidence: %s\n", strings.Join(m.MissingEvidence, ", "))
		}
		for _, line := range []string{suppliedLine(m), exceptionLine(m)} {
			if line != "" {
				fmt.Fprintf(&b, "  %s\n", line)
			}
		}
	}
	for _, s := range rep.MutationsSummarised {
		fmt.Fprintf(&b, "- %d more of rule %s (tier %d %s), from %s\n", s.Count, s.RuleID, s.Tier, s.Label, s.FirstTarget)
	}
	for _, r := range rep.CrossActionRisks {
		fmt.Fprintf(&b, "- cross-action %s (tier %d): %s\n", r.ID, r.Tier, r.Reasoning)
	}
	for _, r := range rep.Policy.Reasons {
		fmt.Fprintf(&b, "- policy: %s\n", r)
	}
	return b.String()
}

// maxBrief bounds the mutations Brief lists one by one.
const maxBrief = 20

// briefCounts are the non-zero tier counts, most severe first.
func briefCounts(s Summary) string {
	var parts []string
	for _, t := range []model.Tier{model.TierUnrecoverable, model.TierNeedsReview, model.TierRecoverableFromBackup, model.TierRecoverableWithEffort, model.TierReversible} {
		if n := s.TierCounts.Of(t); n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", t.Label(), n))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, " · ")
}

// RuleIDs are the rules behind the report's verdicts, each once, in the
// order of the mutations: what a decision record names.
func (rep *ConsequenceReport) RuleIDs() []string {
	seen := map[string]bool{}
	var ids []string
	for _, m := range rep.Mutations {
		if id := m.Recoverability.RuleID; id != "" && !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	return ids
}

// Gist is the least of a report an agent needs to act: the decision and
// its reason, the worst recoverability, the rules it rests on, what to do
// instead, and the facts it misses (what recourse_evaluate_with_evidence
// takes). It is the data of every concise MCP answer (recourse mcp serve's
// default) and of the gateway's refusals, because clients such as Claude
// Code and VS Code hand the model structuredContent as it is, not the
// text: `ls` stays within 400 bytes there and `rm -rf /` within 700,
// where even the concise report was twice that.
type Gist struct {
	RiskAssessment model.Decision `json:"riskAssessment"`
	// AssessmentReason is left out by a refusal whose message says it.
	AssessmentReason string `json:"assessmentReason,omitempty"`
	// Recoverability is the worst mutation's tier and label.
	Recoverability GistTier `json:"recoverability"`
	// RuleIDs are the rules of the mutations, most severe first, at most
	// gistRules.
	RuleIDs []string `json:"ruleIds"`
	// SaferAlternative is what to do instead of the most severe change
	// (ConsequenceReport.SaferAlternative).
	SaferAlternative string `json:"saferAlternative,omitempty"`
	// MissingEvidence are the facts that would move a verdict, by target,
	// at most gistRules targets: the address and keys an evidence item
	// names.
	MissingEvidence []GistEvidence `json:"missingEvidence,omitempty"`
	TotalMutations  int            `json:"totalMutations"`
}

// GistEvidence is one target's missing facts.
type GistEvidence struct {
	Address string   `json:"address"`
	Keys    []string `json:"keys"`
}

// severity orders tiers by what they say of a change: unrecoverable (4)
// is worse than needs-review (5), which is worse than the others.
func severity(t model.Tier) int {
	if t == model.TierUnrecoverable {
		return 6
	}
	return int(t)
}

// gistRules is how many rule ids a gist lists; TotalMutations says how
// many mutations there were.
const gistRules = 5

// GistTier is a tier and its label.
type GistTier struct {
	Tier  model.Tier `json:"tier"`
	Label string     `json:"label"`
}

// Gist returns the report's gist.
func (rep *ConsequenceReport) Gist() *Gist {
	w := GistTier{Tier: rep.Summary.WorstRecoverability.Tier, Label: rep.Summary.WorstRecoverability.Label}
	for _, m := range rep.Mutations {
		if t := m.Recoverability.Tier; severity(t) > severity(w.Tier) {
			w = GistTier{Tier: t, Label: t.Label()}
		}
	}
	ids := []string{}
	seen := map[string]bool{}
	for _, m := range sortedMutations(rep) { // most severe first
		if id := m.Recoverability.RuleID; id != "" && !seen[id] && len(ids) < gistRules {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	return &Gist{RiskAssessment: rep.RiskAssessment, AssessmentReason: rep.AssessmentReason,
		Recoverability: w, RuleIDs: ids, SaferAlternative: rep.SaferAlternative(),
		MissingEvidence: rep.gistEvidence(), TotalMutations: rep.Summary.TotalMutations}
}

// gistEvidence are the missing facts of the first gistRules targets that
// miss any, in the order of the mutations.
func (rep *ConsequenceReport) gistEvidence() []GistEvidence {
	var out []GistEvidence
	for _, m := range rep.Mutations {
		if len(m.MissingEvidence) == 0 {
			continue
		}
		if len(out) == gistRules {
			break
		}
		out = append(out, GistEvidence{Address: m.Intent.Target.ID, Keys: m.MissingEvidence})
	}
	return out
}
