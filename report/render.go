package report

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// Format is an output format of the CLI.
type Format string

// The output formats.
const (
	FormatHuman    Format = "human"
	FormatJSON     Format = "json"
	FormatMarkdown Format = "markdown"
	FormatSARIF    Format = "sarif"
	FormatGitHub   Format = "github"
	FormatJUnit    Format = "junit"
	FormatGitLab   Format = "gitlab-sast"
)

// Formats lists every format, for flag validation and completion.
var Formats = []Format{FormatHuman, FormatJSON, FormatMarkdown, FormatSARIF, FormatGitHub, FormatJUnit, FormatGitLab}

// RenderOptions tune the human renderer.
type RenderOptions struct {
	// Color enables ANSI colour; the CLI sets it only on a terminal and
	// never with NO_COLOR.
	Color bool
	// MaxRows caps the changes listed one by one (0: 200); the JSON output
	// has them all up to the report's size ceiling (MaxListedMutations).
	MaxRows int
	// ToolVersion is Recourse's version, which SARIF names.
	ToolVersion string
}

// Render writes rep in format f.
func Render(w io.Writer, rep *ConsequenceReport, f Format, opts RenderOptions) error {
	switch f {
	case FormatJSON:
		return WriteJSON(w, rep)
	case FormatHuman:
		return writeHuman(w, rep, opts)
	case FormatMarkdown:
		return writeMarkdown(w, rep, opts)
	case FormatSARIF:
		return writeSARIF(w, rep, opts)
	case FormatGitHub:
		return writeGitHub(w, rep, opts)
	case FormatJUnit:
		return writeJUnit(w, rep, opts)
	case FormatGitLab:
		return writeGitLab(w, rep, opts)
	}
	return fmt.Errorf("unknown format %q", f)
}

// WriteJSON writes v as indented JSON.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// ErrorSchemaVersion marks the JSON error document.
const ErrorSchemaVersion = "recourse.error.v1"

// ErrorDocument is what --format json prints when the input or the policy
// could not be evaluated. It has no riskAssessment, so no client can read
// it as a decision.
type ErrorDocument struct {
	SchemaVersion string       `json:"schemaVersion"`
	Error         *model.Error `json:"error"`
}

// RenderError writes err in format f: the error document for JSON, a
// SARIF log whose invocation failed for SARIF (opts names the version).
func RenderError(w io.Writer, err *model.Error, f Format, opts ...RenderOptions) error {
	switch f {
	case FormatJSON:
		return WriteJSON(w, ErrorDocument{SchemaVersion: ErrorSchemaVersion, Error: err})
	case FormatSARIF:
		version := ""
		if len(opts) > 0 {
			version = opts[0].ToolVersion
		}
		return writeSARIFError(w, err, version)
	case FormatJUnit:
		return writeJUnitError(w, err)
	case FormatGitLab:
		version := ""
		if len(opts) > 0 {
			version = opts[0].ToolVersion
		}
		return writeGitLabError(w, err, version)
	}
	var b strings.Builder
	if f == FormatMarkdown {
		// For a pull-request comment: the failure said where the report
		// would have been.
		fmt.Fprintf(&b, "### ❗ Recourse could not evaluate the input\n\n**%s**: %s\n\n", err.Kind, mdEscape(err.Error()))
		if err.Example != "" {
			fmt.Fprintf(&b, "Example: `%s`\n\n", strings.ReplaceAll(err.Example, "`", "'"))
		}
		b.WriteString("_Nothing was evaluated; this is not a decision._\n")
		_, werr := io.WriteString(w, b.String())
		return werr
	}
	fmt.Fprintf(&b, "recourse: error (%s): %s\n", err.Kind, err.Error())
	if err.Example != "" {
		fmt.Fprintf(&b, "  example: %s\n", err.Example)
	}
	b.WriteString("  nothing was evaluated; this is not a decision\n")
	if f == FormatGitHub {
		// As an annotation the runner shows on the run.
		b.Reset()
		writeCommand(&b, "error", "", "Recourse could not evaluate the input ("+string(err.Kind)+")", err.Error()+"; nothing was evaluated, this is not a decision")
	}
	_, werr := io.WriteString(w, b.String())
	return werr
}

// SaferAlternative is what to do instead of the most severe change that
// has one (and no exception), for a stop or ask message: "" when none has.
func (rep *ConsequenceReport) SaferAlternative() string {
	for _, m := range sortedMutations(rep) {
		if r := m.Recoverability; r.SaferAlternative != "" && m.Exception == nil {
			return r.SaferAlternative
		}
	}
	return ""
}

// severityOrder sorts verdicts most severe first: unrecoverable, then
// needs-review, then the recoverable tiers, then reversible.
func severityOrder(t model.Tier) int { return -t.Severity() }

// sortedMutations returns the mutations most severe first, stable within
// a tier.
func sortedMutations(rep *ConsequenceReport) []Mutation {
	ms := append([]Mutation(nil), rep.Mutations...)
	sort.SliceStable(ms, func(i, j int) bool {
		return severityOrder(ms[i].Recoverability.Tier) < severityOrder(ms[j].Recoverability.Tier)
	})
	return ms
}

// quiet reports whether a mutation changes nothing worth a line of its own.
func quiet(m Mutation) bool {
	return m.Intent.Action == model.ActionNoop || m.Intent.Action == model.ActionRead
}

// rows selects the mutations a renderer lists one by one: most severe
// first, without no-ops and reads, at most opts.MaxRows of them. more
// counts the changes left out for the limit, quietCount the no-ops and
// reads.
func rows(rep *ConsequenceReport, opts RenderOptions) (listed []Mutation, more, quietCount int) {
	for _, m := range sortedMutations(rep) {
		switch {
		case quiet(m):
			quietCount++
		case len(listed) == maxRows(opts):
			more++
		default:
			listed = append(listed, m)
		}
	}
	return listed, more, quietCount
}

// summarisedLine says what one summary of left-out mutations stands for.
func summarisedLine(s SummarisedMutations) string {
	return fmt.Sprintf("… and %d more of rule %s (tier %d %s), from %s on, summarised past the report's size ceiling",
		s.Count, s.RuleID, s.Tier, s.Label, s.FirstTarget)
}

// reasons returns the policy's reasons up to the row limit, and how many
// were left out.
func reasons(rep *ConsequenceReport, opts RenderOptions) ([]string, int) {
	rs := rep.Policy.Reasons
	if n := maxRows(opts); len(rs) > n {
		return rs[:n], len(rs) - n
	}
	return rs, 0
}

func tierCountsLine(s Summary, sep string) string {
	tiers := append([]model.Tier(nil), model.Tiers[:]...)
	sort.Slice(tiers, func(i, j int) bool { return severityOrder(tiers[i]) < severityOrder(tiers[j]) })
	parts := make([]string, 0, len(tiers))
	for _, t := range tiers {
		parts = append(parts, fmt.Sprintf("%s %d", t.Label(), s.TierCounts.Of(t)))
	}
	return strings.Join(parts, sep)
}

func maxRows(opts RenderOptions) int {
	if opts.MaxRows <= 0 {
		return 200
	}
	return opts.MaxRows
}

func describeInput(rep *ConsequenceReport) string {
	parts := []string{string(rep.Source)}
	if rep.Input.File != "" {
		parts = append(parts, rep.Input.File)
	}
	var versions []string
	if rep.Input.FormatVersion != "" {
		versions = append(versions, "format "+rep.Input.FormatVersion)
	}
	if rep.Input.TerraformVersion != "" {
		versions = append(versions, "Terraform "+rep.Input.TerraformVersion)
	}
	s := strings.Join(parts, " ")
	if len(versions) > 0 {
		s += " (" + strings.Join(versions, ", ") + ")"
	}
	return s
}
