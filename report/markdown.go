package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// writeMarkdown renders the report for a pull-request comment.
func writeMarkdown(w io.Writer, rep *ConsequenceReport, opts RenderOptions) error {
	var b strings.Builder
	icon := map[model.Decision]string{model.Allow: "✅", model.Warn: "⚠️", model.Escalate: "✋", model.Block: "⛔"}[rep.RiskAssessment]
	fmt.Fprintf(&b, "### %s Recourse: **%s**\n\n", icon, rep.RiskAssessment)
	fmt.Fprintf(&b, "%s\n\n", mdEscape(rep.AssessmentReason))
	fmt.Fprintf(&b, "_%s%s_\n\n", mdEscape(describeInput(rep)), mdEscape(contextLine(rep.Context)))
	fmt.Fprintf(&b, "| tier | action | address | reasoning | rule |\n|---|---|---|---|---|\n")
	listed, more, hidden := rows(rep, opts)
	for _, m := range listed {
		r := m.Recoverability
		reasoning := r.Reasoning
		for _, line := range []string{suppliedLine(m), exceptionLine(m)} {
			if line != "" {
				reasoning += " — " + line
			}
		}
		fmt.Fprintf(&b, "| %d %s | %s | `%s` | %s | `%s` %s |\n", r.Tier, r.Label, m.Intent.Action,
			mdEscape(m.Intent.Target.ID), mdEscape(reasoning), r.RuleID, r.Confidence)
	}
	if more > 0 {
		fmt.Fprintf(&b, "\n… and %d more changes.\n", more)
	}
	if hidden > 0 {
		fmt.Fprintf(&b, "\n%d unchanged or read-only resources not listed.\n", hidden)
	}
	for _, s := range rep.MutationsSummarised {
		fmt.Fprintf(&b, "\n%s\n", mdEscape(summarisedLine(s)))
	}
	fmt.Fprintf(&b, "\n**Tiers:** %s\n\n", tierCountsLine(rep.Summary, " · "))
	if len(rep.Summary.Cascade) > 0 {
		fmt.Fprintf(&b, "**Cascade** (resources the deletes take along): %s\n\n", mdEscape(cascadeLine(rep.Summary.Cascade)))
	}
	fmt.Fprintf(&b, "**Decision:** %s (%s)\n\n", rep.RiskAssessment, strings.Join(rep.Policy.Policies, ", "))
	shownReasons, moreReasons := reasons(rep, opts)
	for _, r := range shownReasons {
		fmt.Fprintf(&b, "- %s\n", mdEscape(r))
	}
	if moreReasons > 0 {
		fmt.Fprintf(&b, "- … and %d more\n", moreReasons)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

var mdReplacer = strings.NewReplacer("|", `\|`, "\n", " ", "`", "'")

func mdEscape(s string) string { return mdReplacer.Replace(s) }
