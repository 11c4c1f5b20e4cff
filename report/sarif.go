package report

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/recourse-dev/recourse/internal/lazyregexp"
	"github.com/recourse-dev/recourse/model"
)

// SARIF 2.1.0 as GitHub code scanning reads it
// (https://docs.github.com/en/code-security/code-scanning/integrating-with-code-scanning/sarif-support-for-code-scanning):
// one run; a rule per rule id that fired, with its reason, help and the
// security severity of its tier; a result per change that is not
// reversible and per cross-action risk, each in a file (the plan, the MCP
// call, or recourse-input.sh for a command line given as an argument) at
// the change's line, with a fingerprint that stays put across runs. An
// input that could not be evaluated is a run whose invocation failed.
//
// The structs are written here rather than taken from go-sarif, whose
// package brings a JSON Schema validator's start-up into every process
// (a hook's included); the tests validate the output against the SARIF
// 2.1.0 schema with it.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool         `json:"tool"`
	Invocations []sarifInvocation `json:"invocations"`
	Results     []sarifResult     `json:"results"`
	Properties  map[string]any    `json:"properties,omitempty"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string         `json:"id"`
	Name             string         `json:"name"`
	ShortDescription sarifMessage   `json:"shortDescription"`
	FullDescription  sarifMessage   `json:"fullDescription"`
	Help             sarifHelp      `json:"help"`
	HelpURI          string         `json:"helpUri"`
	Properties       map[string]any `json:"properties"`
}

type sarifHelp struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level   string       `json:"level"`
	Message sarifMessage `json:"message"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifMessage      `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	Properties          map[string]any    `json:"properties"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical    `json:"physicalLocation"`
	LogicalLocations []sarifLogicalLo `json:"logicalLocations,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
}

type sarifLogicalLo struct {
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Kind               string `json:"kind"`
}

const (
	sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"
	infoURI     = "https://github.com/recourse-dev/recourse"
	docsURI     = infoURI + "/blob/main/docs/"
)

func sarifLevel(t model.Tier) string {
	switch t {
	case model.TierUnrecoverable, model.TierNeedsReview:
		return "error"
	case model.TierRecoverableFromBackup, model.TierRecoverableWithEffort:
		return "warning"
	}
	return "note"
}

// securitySeverity is the score code scanning ranks a tier by: above 9
// critical, above 7 high, above 4 medium, low below.
func securitySeverity(t model.Tier) string {
	switch t {
	case model.TierUnrecoverable:
		return "9.5"
	case model.TierNeedsReview:
		return "7.5"
	case model.TierRecoverableFromBackup:
		return "5.0"
	case model.TierRecoverableWithEffort:
		return "3.0"
	}
	return "0.0"
}

// helpURI is the page that documents a rule, by where its verdict came
// from.
func helpURI(source model.Source, ruleID string) string {
	switch {
	case strings.HasPrefix(ruleID, "classifier."):
		return docsURI + "cli.md#classifier"
	case strings.HasPrefix(ruleID, "recourse.exception.") || strings.HasPrefix(ruleID, "recourse.ignore."):
		return docsURI + "ci.md#exceptions-in-ci---exceptions-from-ref"
	case strings.HasPrefix(ruleID, "xa."):
		return docsURI + "cli.md#dependency-impact"
	case strings.HasPrefix(ruleID, "policy") || strings.HasPrefix(ruleID, "limit."):
		return docsURI + "cli.md#limits-what-is-bounded-and-what-happens-at-a-bound"
	case source == model.SourceShell:
		return docsURI + "shell.md"
	case source == model.SourceMCP:
		return docsURI + "mcp-calls.md"
	}
	return docsURI + "cli.md"
}

// sarifFile is where a report's results lie, as a URI: the input file, or
// a stable name for an input that was not a file.
func sarifFile(rep *ConsequenceReport) string {
	name, isFile := inputName(rep)
	if isFile {
		return fileURI(name)
	}
	return name
}

// inputName is the input file's path, or a stable name for an input that
// was not a file (a command line given as an argument, stdin).
func inputName(rep *ConsequenceReport) (string, bool) {
	if f := rep.Input.File; f != "" && f != "-" {
		return f, true
	}
	if rep.Source == model.SourceShell {
		return "recourse-input.sh", false
	}
	return "recourse-input.json", false
}

// fileURI is a file's path as SARIF's artifactLocation.uri takes it: a
// relative reference with forward slashes, or a file: URI for an absolute
// path (a relative reference must not begin with a slash).
func fileURI(p string) string {
	if !filepath.IsAbs(p) {
		return filepath.ToSlash(p)
	}
	p = filepath.ToSlash(p)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive: file:///C:/…
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// shellPosition reads the line:col prefix of a shell command's target id.
var shellPosition = lazyregexp.New(`^(\d+):(\d+) `)

// locator finds the line of a change in its input.
type locator struct {
	rep  *ConsequenceReport
	data []byte
}

// newLocator reads the input file when there is one, to place a plan's
// changes at their lines.
func newLocator(rep *ConsequenceReport) locator {
	l := locator{rep: rep}
	if f := rep.Input.File; f != "" && f != "-" && rep.Source == model.SourceTerraform {
		if data, err := os.ReadFile(f); err == nil {
			l.data = data
		}
	}
	return l
}

// region is the change's place: a command's line and column, a plan
// resource's "address" line, else the first line.
func (l locator) region(id string) sarifRegion {
	if m := shellPosition.FindStringSubmatch(id); m != nil && l.rep.Source == model.SourceShell {
		line, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		return sarifRegion{StartLine: max(line, 1), StartColumn: max(col, 1)}
	}
	if l.data != nil {
		quoted, _ := json.Marshal(id)
		for _, pat := range [][]byte{append([]byte(`"address": `), quoted...), append([]byte(`"address":`), quoted...)} {
			if i := bytes.Index(l.data, pat); i >= 0 {
				return sarifRegion{StartLine: 1 + bytes.Count(l.data[:i], []byte("\n"))}
			}
		}
	}
	return sarifRegion{StartLine: 1}
}

func (l locator) location(file, id string) sarifLocation {
	return sarifLocation{
		PhysicalLocation: sarifPhysical{ArtifactLocation: sarifArtifact{URI: file}, Region: l.region(id)},
		LogicalLocations: []sarifLogicalLo{{FullyQualifiedName: id, Kind: "resource"}},
	}
}

// mutationLocation is where a change is written: its own Location when the
// report has one (a command's line in a script; a resource's block in a
// source file), else found from its id in the input.
func (l locator) mutationLocation(file string, m Mutation) sarifLocation {
	loc := l.location(file, m.Intent.Target.ID)
	if at := m.Intent.Location; at != nil {
		if at.File != "" {
			loc.PhysicalLocation.ArtifactLocation.URI = fileURI(at.File)
		}
		loc.PhysicalLocation.Region = sarifRegion{StartLine: at.StartLine, StartColumn: at.StartColumn, EndLine: at.EndLine}
	}
	return loc
}

// fingerprint identifies a result across runs: its rule and its target,
// not its line.
func fingerprint(ruleID, target string) map[string]string {
	sum := sha256.Sum256([]byte(ruleID + "\x00" + target))
	return map[string]string{"recourseRuleTarget/v1": hex.EncodeToString(sum[:16])}
}

// ruleSet collects the rules the results name, in order of first use.
type ruleSet struct {
	index map[string]int
	rules []sarifRule
}

func (s *ruleSet) add(id, label, reason string, tier model.Tier, source model.Source) int {
	if i, ok := s.index[id]; ok {
		return i
	}
	uri := helpURI(source, id)
	s.index[id] = len(s.rules)
	s.rules = append(s.rules, sarifRule{
		ID: id, Name: id,
		ShortDescription: sarifMessage{Text: id + ": " + label},
		FullDescription:  sarifMessage{Text: reason},
		Help:             sarifHelp{Text: reason + " See " + uri, Markdown: reason + "\n\n[Documentation](" + uri + ")"},
		HelpURI:          uri,
		Properties:       map[string]any{"tags": []string{"recourse", string(source)}, "security-severity": securitySeverity(tier), "tier": tier},
	})
	return s.index[id]
}

func writeSARIF(w io.Writer, rep *ConsequenceReport, opts RenderOptions) error {
	file := sarifFile(rep)
	loc := newLocator(rep)
	rules := &ruleSet{index: map[string]int{}}
	results := []sarifResult{}
	for _, m := range sortedMutations(rep) {
		r := m.Recoverability
		if r.Tier == model.TierReversible {
			continue
		}
		target := m.Intent.Target.ID
		text := target + " (" + string(m.Intent.Action) + "): " + r.Label + ": " + r.Reasoning
		props := map[string]any{"tier": r.Tier, "confidence": r.Confidence, "source": r.Source, "missingEvidence": m.MissingEvidence}
		if line := suppliedLine(m); line != "" {
			text += " — " + line
			props["suppliedEvidence"] = m.SuppliedEvidence
		}
		if line := exceptionLine(m); line != "" {
			text += " — " + line
			props["exception"] = m.Exception
		}
		results = append(results, sarifResult{
			RuleID: r.RuleID, RuleIndex: rules.add(r.RuleID, r.Label, r.Reasoning, r.Tier, m.Intent.Source),
			Level: sarifLevel(r.Tier), Message: sarifMessage{Text: text},
			Locations: []sarifLocation{loc.mutationLocation(file, m)}, PartialFingerprints: fingerprint(r.RuleID, target), Properties: props,
		})
	}
	for _, s := range rep.MutationsSummarised {
		if s.Tier == model.TierReversible {
			continue
		}
		results = append(results, sarifResult{
			RuleID: s.RuleID, RuleIndex: rules.add(s.RuleID, s.Label, summarisedLine(s), s.Tier, rep.Source),
			Level: sarifLevel(s.Tier), Message: sarifMessage{Text: summarisedLine(s)},
			Locations: []sarifLocation{loc.location(file, s.FirstTarget)}, PartialFingerprints: fingerprint(s.RuleID, s.FirstTarget+"…"),
			Properties: map[string]any{"tier": s.Tier, "count": s.Count},
		})
	}
	for _, x := range rep.CrossActionRisks {
		if x.Tier == model.TierReversible {
			continue
		}
		first := ""
		if len(x.Addresses) > 0 {
			first = x.Addresses[0]
		}
		label := x.Tier.Label()
		results = append(results, sarifResult{
			RuleID: x.ID, RuleIndex: rules.add(x.ID, label, x.Reasoning, x.Tier, rep.Source),
			Level: sarifLevel(x.Tier), Message: sarifMessage{Text: "cross-action risk: " + label + ": " + x.Reasoning + " (" + strings.Join(x.Addresses, ", ") + ")"},
			Locations: []sarifLocation{loc.location(file, first)}, PartialFingerprints: fingerprint(x.ID, strings.Join(x.Addresses, "\x00")),
			Properties: map[string]any{"tier": x.Tier, "addresses": x.Addresses},
		})
	}
	return WriteJSON(w, sarifLog{
		Schema:  sarifSchema,
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool:        sarifTool{Driver: sarifDriver{Name: "recourse", Version: opts.ToolVersion, InformationURI: infoURI, Rules: nonNil(rules.rules)}},
			Invocations: []sarifInvocation{{ExecutionSuccessful: true}},
			Results:     results,
			Properties:  map[string]any{"riskAssessment": rep.RiskAssessment, "assessmentReason": rep.AssessmentReason},
		}},
	})
}

// writeSARIFError writes an input that could not be evaluated as a valid
// SARIF log: no results (which would read as "nothing found"), and an
// invocation that did not succeed, with the error as its notification.
func writeSARIFError(w io.Writer, err *model.Error, version string) error {
	return WriteJSON(w, sarifLog{
		Schema:  sarifSchema,
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool: sarifTool{Driver: sarifDriver{Name: "recourse", Version: version, InformationURI: infoURI, Rules: []sarifRule{}}},
			Invocations: []sarifInvocation{{ExecutionSuccessful: false, ToolExecutionNotifications: []sarifNotification{{
				Level: "error", Message: sarifMessage{Text: "Recourse could not evaluate the input (" + string(err.Kind) + "): " + err.Error() + "; nothing was evaluated, this is not a decision"},
			}}}},
			Results:    []sarifResult{},
			Properties: map[string]any{"errorKind": err.Kind},
		}},
	})
}

func nonNil(rs []sarifRule) []sarifRule {
	if rs == nil {
		return []sarifRule{}
	}
	return rs
}
