package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// writeGitHub writes rep as GitHub Actions workflow commands
// (https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions):
// an ::error annotation per change of tier 4 or 5, a ::warning per change
// of tier 2 or 3, on the input file when there is one, and a ::notice
// with the decision. The runner shows them on the run and, for a file in
// the pull request, beside its diff.
func writeGitHub(w io.Writer, rep *ConsequenceReport, opts RenderOptions) error {
	file := ""
	if rep.Input.File != "" && rep.Input.File != "-" {
		file = rep.Input.File
	}
	listed, more, _ := rows(rep, opts)
	var b strings.Builder
	for _, m := range listed {
		r := m.Recoverability
		level := ""
		switch r.Tier {
		case model.TierUnrecoverable, model.TierNeedsReview:
			level = "error"
		case model.TierRecoverableFromBackup, model.TierRecoverableWithEffort:
			level = "warning"
		default:
			continue
		}
		title := fmt.Sprintf("Recourse: %s (tier %d %s)", m.Intent.Target.ID, r.Tier, r.Label)
		text := r.Reasoning + " [" + r.RuleID + "]"
		for _, line := range []string{suppliedLine(m), exceptionLine(m)} {
			if line != "" {
				text += " — " + line
			}
		}
		writeCommand(&b, level, file, title, text, m.Intent.Location)
	}
	for _, s := range rep.MutationsSummarised {
		if s.Tier == model.TierReversible {
			continue
		}
		writeCommand(&b, "warning", file, "Recourse: summarised changes", summarisedLine(s))
	}
	if more > 0 {
		writeCommand(&b, "warning", file, "Recourse: more changes", fmt.Sprintf("%d more changes are not annotated one by one; the report has them", more))
	}
	writeCommand(&b, "notice", file, "Recourse: "+strings.ToUpper(string(rep.RiskAssessment)), rep.AssessmentReason)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeCommand writes one workflow command, its values escaped as the
// runner reads them (a newline would end the command early).
func writeCommand(b *strings.Builder, level, file, title, message string, at ...*Location) {
	b.WriteString("::" + level + " ")
	if len(at) > 0 && at[0] != nil {
		if at[0].File != "" {
			file = at[0].File
		}
		if file != "" {
			fmt.Fprintf(b, "file=%s,line=%d,", escapeProperty(file), at[0].StartLine)
			if at[0].EndLine > 0 {
				fmt.Fprintf(b, "endLine=%d,", at[0].EndLine)
			}
			file = ""
		}
	}
	if file != "" {
		b.WriteString("file=" + escapeProperty(file) + ",")
	}
	b.WriteString("title=" + escapeProperty(title) + "::" + escapeData(message) + "\n")
}

var (
	dataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

func escapeData(s string) string     { return dataEscaper.Replace(s) }
func escapeProperty(s string) string { return propertyEscaper.Replace(s) }
