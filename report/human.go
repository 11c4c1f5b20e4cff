package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiGreen  = "\x1b[32m"
	ansiCyan   = "\x1b[36m"
	ansiDim    = "\x1b[2m"
)

type painter bool

func (p painter) paint(code, s string) string {
	if !p {
		return s
	}
	return code + s + ansiReset
}

func decisionColor(d model.Decision) string {
	switch d {
	case model.Block:
		return ansiRed
	case model.Escalate:
		return ansiYellow
	case model.Warn:
		return ansiCyan
	}
	return ansiGreen
}

func tierColor(t model.Tier) string {
	switch t {
	case model.TierUnrecoverable:
		return ansiRed
	case model.TierNeedsReview:
		return ansiYellow
	case model.TierRecoverableFromBackup, model.TierRecoverableWithEffort:
		return ansiCyan
	}
	return ansiGreen
}

// writeHuman renders the blast-radius report a person reads in a CI log:
// the decision first, then the direct changes most severe first with
// their tier and reasoning, the counts per tier, and why the policy
// decided as it did.
func writeHuman(w io.Writer, rep *ConsequenceReport, opts RenderOptions) error {
	p := painter(opts.Color)
	var b strings.Builder
	decision := strings.ToUpper(string(rep.RiskAssessment))
	fmt.Fprintf(&b, "%s  %s\n", p.paint(ansiBold+decisionColor(rep.RiskAssessment), decision), rep.AssessmentReason)
	if loss, back := Stakes(rep); loss != "" || back != "" {
		if loss != "" {
			fmt.Fprintf(&b, "At stake: %s\n", loss)
		}
		if back != "" {
			fmt.Fprintf(&b, "Way back: %s\n", back)
		}
	}
	fmt.Fprintf(&b, "%s\n", p.paint(ansiDim, "Recourse · "+describeInput(rep)+contextLine(rep.Context)))

	listed, more, hidden := rows(rep, opts)
	fmt.Fprintf(&b, "\nDirect changes (%d)\n", rep.Summary.TotalMutations)
	for _, m := range listed {
		r := m.Recoverability
		tier := fmt.Sprintf("%d %-23s", r.Tier, r.Label)
		fmt.Fprintf(&b, "  %s  %-8s %s\n", p.paint(tierColor(r.Tier), tier), m.Intent.Action, m.Intent.Target.ID)
		if m.Intent.Action == model.ActionCreate && r.Tier == model.TierReversible {
			continue
		}
		fmt.Fprintf(&b, "      %s\n", r.Reasoning)
		if r.SaferAlternative != "" {
			fmt.Fprintf(&b, "      instead: %s\n", r.SaferAlternative)
		}
		fmt.Fprintf(&b, "      %s\n", p.paint(ansiDim, fmt.Sprintf("rule %s · %s · %s", r.RuleID, r.Source, r.Confidence)))
		for _, line := range []string{suppliedLine(m), exceptionLine(m)} {
			if line != "" {
				fmt.Fprintf(&b, "      %s\n", line)
			}
		}
		if len(m.MissingEvidence) > 0 {
			fmt.Fprintf(&b, "      missing evidence: %s\n", strings.Join(m.MissingEvidence, ", "))
		}
		for _, d := range m.MissingEvidenceDetails {
			for _, o := range d.Outcomes {
				fmt.Fprintf(&b, "        %s=%v would make it tier %d (%s)\n", d.Key, o.Value, o.Tier, o.RuleID)
			}
			for _, s := range d.VerificationSuggestions {
				fmt.Fprintf(&b, "        check read-only: %s  (needs %s)\n", strings.Join(s.Argv, " "), strings.Join(s.Permissions, ", "))
			}
		}
		if len(m.DependencyImpact) > 0 {
			fmt.Fprintf(&b, "      takes along %s\n", dependentsLine(m.DependencyImpact, m.DependencyImpactUnlisted, 5))
		}
	}
	if more > 0 {
		fmt.Fprintf(&b, "  … and %d more changes (use --format json for all of them)\n", more)
	}
	if hidden > 0 {
		fmt.Fprintf(&b, "  %d unchanged or read-only (no-op, data source read) not listed\n", hidden)
	}
	for _, s := range rep.MutationsSummarised {
		fmt.Fprintf(&b, "  %s\n", summarisedLine(s))
	}
	if len(rep.Mutations) == 0 {
		b.WriteString("  none\n")
	}

	for _, r := range rep.CrossActionRisks {
		fmt.Fprintf(&b, "\nCross-action risk %s (tier %d): %s\n", r.ID, r.Tier, r.Reasoning)
	}

	fmt.Fprintf(&b, "\nTiers: %s\n", tierCountsLine(rep.Summary, " · "))
	if len(rep.Summary.Cascade) > 0 {
		fmt.Fprintf(&b, "Cascade: %s\n", cascadeLine(rep.Summary.Cascade))
	}
	if n := rep.Summary.ClassifierVerdicts; n > 0 {
		fmt.Fprintf(&b, "%d change(s) judged by the classifier fallback: no rule knows their type, so it was read from its name (at most MEDIUM confidence)\n", n)
	}
	fmt.Fprintf(&b, "\nDecision: %s (%s)\n", p.paint(ansiBold+decisionColor(rep.RiskAssessment), decision), strings.Join(rep.Policy.Policies, ", "))
	shownReasons, moreReasons := reasons(rep, opts)
	for _, reason := range shownReasons {
		fmt.Fprintf(&b, "  - %s\n", reason)
	}
	if moreReasons > 0 {
		fmt.Fprintf(&b, "  … and %d more reasons\n", moreReasons)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func contextLine(c Context) string {
	var parts []string
	if c.Environment != "" {
		parts = append(parts, "environment "+c.Environment)
	}
	if c.Actor != "" {
		parts = append(parts, "actor "+c.Actor)
	}
	if len(parts) == 0 {
		return ""
	}
	return " · " + strings.Join(parts, " · ")
}

// dependentsLine names up to n dependents: "2 dependents: aws_ebs_volume.a
// (depth 1), aws_instance.b (depth 2)".
func dependentsLine(ds []DependencyImpact, unlisted, n int) string {
	parts := make([]string, 0, min(n, len(ds)))
	for _, d := range ds[:min(n, len(ds))] {
		s := fmt.Sprintf("%s (depth %d", d.Address, d.Depth)
		if d.AlsoDestroyed {
			s += ", also destroyed"
		}
		parts = append(parts, s+")")
	}
	line := fmt.Sprintf("%d dependent(s): %s", len(ds)+unlisted, strings.Join(parts, ", "))
	if len(ds)+unlisted > n {
		line += fmt.Sprintf(", … and %d more", len(ds)+unlisted-len(parts))
	}
	return line
}

// cascadeLine summarises the cascade: "aws_ebs_volume ×3 (depth ≤ 2), ...".
func cascadeLine(cs []CascadeEntry) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = fmt.Sprintf("%s ×%d (depth ≤ %d)", c.Type, c.Count, c.MaxDepth)
	}
	return strings.Join(parts, ", ")
}
