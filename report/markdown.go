package report

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/recourse-dev/recourse/model"
)

// MarkdownLimit is the most bytes the Markdown report takes: under the
// 65,536 characters GitHub allows a pull-request comment, with room for a
// marker line the comment's poster adds.
const MarkdownLimit = 60000

// markdownFooter is room kept for what follows the tables.
const markdownFooter = 6000

// writeMarkdown renders the report for a pull-request comment: the
// changes that are not reversible first, in a table; the reversible ones
// counted and folded in <details>; and, past MarkdownLimit, a note of how
// many were left out (the JSON and SARIF reports have them).
func writeMarkdown(w io.Writer, rep *ConsequenceReport, opts RenderOptions) error {
	var b strings.Builder
	icon := map[model.Decision]string{model.Allow: "✅", model.Warn: "⚠️", model.Escalate: "✋", model.Block: "⛔"}[rep.RiskAssessment]
	fmt.Fprintf(&b, "### %s Recourse: **%s**\n\n", icon, rep.RiskAssessment)
	if loss, back := Stakes(rep); loss != "" || back != "" {
		if loss != "" {
			fmt.Fprintf(&b, "**At stake:** %s\n\n", clip(mdEscape(loss), 1000))
		}
		if back != "" {
			fmt.Fprintf(&b, "**Way back:** %s\n\n", clip(mdEscape(back), 1000))
		}
	}
	fmt.Fprintf(&b, "%s\n\n", clip(mdEscape(rep.AssessmentReason), 4000))
	fmt.Fprintf(&b, "_%s%s_\n\n", mdEscape(describeInput(rep)), mdEscape(contextLine(rep.Context)))
	listed, more, hidden := rows(rep, opts)
	var risky, reversible []Mutation
	for _, m := range listed {
		if m.Recoverability.Tier == model.TierReversible {
			reversible = append(reversible, m)
		} else {
			risky = append(risky, m)
		}
	}
	const header = "| tier | action | address | reasoning | rule |\n|---|---|---|---|---|\n"
	budget := MarkdownLimit - markdownFooter
	cut := 0
	if len(risky) > 0 {
		b.WriteString(header)
		cut += markdownRows(&b, risky, budget)
	}
	if len(reversible) > 0 {
		fmt.Fprintf(&b, "\n<details><summary>%d reversible changes</summary>\n\n%s", len(reversible), header)
		cut += markdownRows(&b, reversible, budget)
		b.WriteString("\n</details>\n")
	}
	if more+cut > 0 {
		fmt.Fprintf(&b, "\n… and %d more changes, not listed here to keep this under a comment's size: the JSON and SARIF reports list them.\n", more+cut)
	}
	if hidden > 0 {
		fmt.Fprintf(&b, "\n%d unchanged or read-only resources not listed.\n", hidden)
	}
	for i, s := range rep.MutationsSummarised {
		if b.Len() > budget {
			fmt.Fprintf(&b, "\n… and %d more summaries of changes past the report's size ceiling.\n", len(rep.MutationsSummarised)-i)
			break
		}
		fmt.Fprintf(&b, "\n%s\n", mdEscape(summarisedLine(s)))
	}
	fmt.Fprintf(&b, "\n**Tiers:** %s\n\n", tierCountsLine(rep.Summary, " · "))
	if len(rep.Summary.Cascade) > 0 {
		fmt.Fprintf(&b, "**Cascade** (resources the deletes take along): %s\n\n", clip(mdEscape(cascadeLine(rep.Summary.Cascade)), 1500))
	}
	fmt.Fprintf(&b, "**Decision:** %s (%s)\n\n", rep.RiskAssessment, strings.Join(rep.Policy.Policies, ", "))
	shownReasons, moreReasons := reasons(rep, opts)
	for i, r := range shownReasons {
		if b.Len() > MarkdownLimit-500 {
			moreReasons += len(shownReasons) - i
			break
		}
		fmt.Fprintf(&b, "- %s\n", clip(mdEscape(r), 400))
	}
	if moreReasons > 0 {
		fmt.Fprintf(&b, "- … and %d more\n", moreReasons)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// markdownRows writes a table row per mutation while b stays under
// budget, and returns how many did not fit.
func markdownRows(b *strings.Builder, ms []Mutation, budget int) int {
	for i, m := range ms {
		r := m.Recoverability
		reasoning := r.Reasoning
		if r.SaferAlternative != "" {
			reasoning += " Instead: " + r.SaferAlternative
		}
		for _, line := range []string{suppliedLine(m), exceptionLine(m)} {
			if line != "" {
				reasoning += " — " + line
			}
		}
		row := fmt.Sprintf("| %d %s | %s | `%s` | %s | `%s` %s |\n", r.Tier, r.Label, m.Intent.Action,
			clip(mdEscape(m.Intent.Target.ID), 300), clip(mdEscape(reasoning), 1200), r.RuleID, r.Confidence)
		if b.Len()+len(row) > budget {
			return len(ms) - i
		}
		b.WriteString(row)
	}
	return 0
}

// clip cuts s to at most n bytes, at a rune boundary, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

var mdReplacer = strings.NewReplacer("|", `\|`, "\n", " ", "`", "'")

func mdEscape(s string) string { return mdReplacer.Replace(s) }
