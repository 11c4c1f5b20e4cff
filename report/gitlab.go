package report

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"path/filepath"
	"time"

	"github.com/recourse-dev/recourse/model"
)

// GitLab's SAST report (security report schema 15.0.x, "gl-sast-report.json",
// https://docs.gitlab.com/ee/development/integrations/secure.html): a
// vulnerability per change that is not reversible and per cross-action
// risk, in the input file at the change's line, with the rule as its
// identifier; the scan names Recourse and says whether it succeeded. An
// input that could not be evaluated is a scan whose status is failure.
type gitlabReport struct {
	Version         string       `json:"version"`
	Vulnerabilities []gitlabVuln `json:"vulnerabilities"`
	Scan            gitlabScan   `json:"scan"`
}

type gitlabVuln struct {
	ID          string             `json:"id"`
	Category    string             `json:"category"`
	Name        string             `json:"name"`
	Message     string             `json:"message"`
	Description string             `json:"description"`
	Severity    string             `json:"severity"`
	Confidence  string             `json:"confidence"`
	Solution    string             `json:"solution"`
	Scanner     gitlabRef          `json:"scanner"`
	Location    gitlabLocation     `json:"location"`
	Identifiers []gitlabIdentifier `json:"identifiers"`
}

type gitlabRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

type gitlabLocation struct {
	File      string `json:"file"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line,omitempty"`
}

type gitlabIdentifier struct {
	Type  string `json:"type"`
	Name  string `json:"name"`
	Value string `json:"value"`
	URL   string `json:"url"`
}

type gitlabScan struct {
	Analyzer  gitlabTool       `json:"analyzer"`
	Scanner   gitlabTool       `json:"scanner"`
	Type      string           `json:"type"`
	StartTime string           `json:"start_time"`
	EndTime   string           `json:"end_time"`
	Status    string           `json:"status"`
	Messages  []gitlabScanNote `json:"messages,omitempty"`
}

type gitlabTool struct {
	ID      string       `json:"id"`
	Name    string       `json:"name"`
	Version string       `json:"version"`
	Vendor  gitlabVendor `json:"vendor"`
}

type gitlabVendor struct {
	Name string `json:"name"`
}

type gitlabScanNote struct {
	Level string `json:"level"`
	Value string `json:"value"`
}

// gitlabSchemaVersion is the security report schema the report follows.
const gitlabSchemaVersion = "15.0.7"

// The longest name and description the schema allows, in characters
// (clip's cut, in bytes and one character more, stays under them).
const (
	gitlabMaxName        = 255
	gitlabMaxDescription = 1 << 20
)

// gitlabSeverity maps a tier to GitLab's severities.
func gitlabSeverity(t model.Tier) string {
	switch t {
	case model.TierUnrecoverable:
		return "Critical"
	case model.TierNeedsReview:
		return "High"
	case model.TierRecoverableFromBackup:
		return "Medium"
	case model.TierRecoverableWithEffort:
		return "Low"
	}
	return "Info"
}

func gitlabScanOf(version, status string, now time.Time) gitlabScan {
	tool := gitlabTool{ID: "recourse", Name: "Recourse", Version: firstOf(version, "dev"), Vendor: gitlabVendor{Name: "Recourse"}}
	at := now.UTC().Format("2006-01-02T15:04:05")
	return gitlabScan{Analyzer: tool, Scanner: tool, Type: "sast", StartTime: at, EndTime: at, Status: status}
}

func writeGitLab(w io.Writer, rep *ConsequenceReport, opts RenderOptions) error {
	file, _ := inputName(rep)
	file = filepath.ToSlash(file)
	loc := newLocator(rep)
	out := gitlabReport{Version: gitlabSchemaVersion, Vulnerabilities: []gitlabVuln{}, Scan: gitlabScanOf(opts.ToolVersion, "success", time.Now())}
	add := func(ruleID, target string, tier model.Tier, label, reasoning, confidence string, source model.Source, at *Location) {
		where := gitlabLocation{File: file, StartLine: loc.region(target).StartLine}
		if at != nil {
			where = gitlabLocation{File: firstOf(filepath.ToSlash(at.File), file), StartLine: at.StartLine, EndLine: at.EndLine}
		}
		sum := sha256.Sum256([]byte(ruleID + "\x00" + target))
		out.Vulnerabilities = append(out.Vulnerabilities, gitlabVuln{
			ID: hex.EncodeToString(sum[:16]), Category: "sast", Name: clip(ruleID+": "+label, gitlabMaxName-1),
			Message: target + ": " + label, Description: clip(reasoning, gitlabMaxDescription-1), Severity: gitlabSeverity(tier), Confidence: confidence,
			Solution:    "Keep a way back before this runs (a snapshot, a backup, deletion protection), or change the plan; see the rule's documentation.",
			Scanner:     gitlabRef{ID: "recourse", Name: "Recourse"},
			Location:    where,
			Identifiers: []gitlabIdentifier{{Type: "recourse_rule", Name: ruleID, Value: ruleID, URL: helpURI(source, ruleID)}},
		})
	}
	for _, m := range sortedMutations(rep) {
		r := m.Recoverability
		if r.Tier == model.TierReversible {
			continue
		}
		description := r.Reasoning
		for _, line := range []string{suppliedLine(m), exceptionLine(m)} {
			if line != "" {
				description += " — " + line
			}
		}
		add(r.RuleID, m.Intent.Target.ID, r.Tier, r.Label, description, gitlabConfidence(r.Confidence), m.Intent.Source, m.Intent.Location)
	}
	for _, x := range rep.CrossActionRisks {
		if x.Tier == model.TierReversible || len(x.Addresses) == 0 {
			continue
		}
		add(x.ID, x.Addresses[0], x.Tier, x.Tier.Label(), x.Reasoning, "High", rep.Source, nil)
	}
	return WriteJSON(w, out)
}

// gitlabConfidence maps a verdict's confidence to GitLab's.
func gitlabConfidence(c model.Confidence) string {
	switch c {
	case model.ConfidenceHigh:
		return "High"
	case model.ConfidenceMedium:
		return "Medium"
	}
	return "Low"
}

// writeGitLabError writes an input that could not be evaluated as a scan
// that failed: no vulnerabilities (which would read as "none found") and
// the error as its message.
func writeGitLabError(w io.Writer, err *model.Error, version string) error {
	scan := gitlabScanOf(version, "failure", time.Now())
	scan.Messages = []gitlabScanNote{{Level: "fatal", Value: "Recourse could not evaluate the input (" + string(err.Kind) + "): " + err.Error() + "; nothing was evaluated, this is not a decision"}}
	return WriteJSON(w, gitlabReport{Version: gitlabSchemaVersion, Vulnerabilities: []gitlabVuln{}, Scan: scan})
}

func firstOf(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
