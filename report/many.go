package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// Input is one input of a run over many (recourse eval a.json b.json,
// a directory, NDJSON on stdin): its name and its report, or the error
// that kept it from being evaluated.
type Input struct {
	Name   string
	Report *ConsequenceReport
	Err    *model.Error
}

// ManyDocument is the JSON of a run over many inputs: a section per input
// and the worst decision among them ("error" when any input could not be
// evaluated, which is never a decision).
type ManyDocument struct {
	RiskAssessment string         `json:"riskAssessment"`
	Inputs         []InputSection `json:"inputs"`
}

// InputSection is one input of ManyDocument: Report or Error.
type InputSection struct {
	Input  string             `json:"input"`
	Report *ConsequenceReport `json:"report,omitempty"`
	Error  *model.Error       `json:"error,omitempty"`
}

// WorstOf is the most restrictive decision of the inputs, and whether any
// of them could not be evaluated.
func WorstOf(ins []Input) (model.Decision, bool) {
	worst, failed := model.Allow, false
	for _, in := range ins {
		if in.Err != nil || in.Report == nil {
			failed = true
			continue
		}
		if in.Report.RiskAssessment.Rank() > worst.Rank() {
			worst = in.Report.RiskAssessment
		}
	}
	return worst, failed
}

// RenderMany writes the inputs as one document in format f: one SARIF run,
// one GitLab report, one set of JUnit suites, one JSON document with a
// section per input, or the human, Markdown and annotation outputs of each
// input one after another under its name.
func RenderMany(w io.Writer, ins []Input, f Format, opts RenderOptions) error {
	switch f {
	case FormatJSON:
		return renderManyJSON(w, ins)
	case FormatSARIF:
		return mergeMany(w, ins, f, opts, mergeSARIF)
	case FormatGitLab:
		return mergeMany(w, ins, f, opts, mergeGitLab)
	case FormatJUnit:
		return mergeMany(w, ins, f, opts, mergeJUnit)
	case FormatHuman, FormatMarkdown, FormatGitHub:
		return renderSections(w, ins, f, opts)
	}
	return fmt.Errorf("unknown format %q", f)
}

func renderManyJSON(w io.Writer, ins []Input) error {
	worst, failed := WorstOf(ins)
	doc := ManyDocument{RiskAssessment: string(worst), Inputs: make([]InputSection, 0, len(ins))}
	if failed {
		doc.RiskAssessment = "error"
	}
	for _, in := range ins {
		doc.Inputs = append(doc.Inputs, InputSection{Input: in.Name, Report: in.Report, Error: in.Err})
	}
	return WriteJSON(w, doc)
}

// renderSections writes each input's own output under a heading (an
// annotation run needs none: each annotation names its file).
func renderSections(w io.Writer, ins []Input, f Format, opts RenderOptions) error {
	worst, failed := WorstOf(ins)
	var b bytes.Buffer
	for i, in := range ins {
		switch f {
		case FormatMarkdown:
			fmt.Fprintf(&b, "## %s\n\n", mdEscape(in.Name))
		case FormatHuman:
			if i > 0 {
				b.WriteString("\n")
			}
			fmt.Fprintf(&b, "== %s ==\n", in.Name)
		}
		if err := renderInput(&b, in, f, opts); err != nil {
			return err
		}
		if f != FormatGitHub {
			b.WriteString("\n")
		}
	}
	overall := strings.ToUpper(string(worst))
	if failed {
		overall = "ERROR (an input could not be evaluated)"
	}
	switch f {
	case FormatMarkdown:
		fmt.Fprintf(&b, "---\n\n**%d inputs; overall: %s**\n", len(ins), overall)
	case FormatHuman:
		fmt.Fprintf(&b, "%d inputs; overall: %s\n", len(ins), overall)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// renderInput writes one input's report, or its error, in format f.
func renderInput(w io.Writer, in Input, f Format, opts RenderOptions) error {
	if in.Err != nil {
		return RenderError(w, in.Err, f, opts)
	}
	return Render(w, in.Report, f, opts)
}

// mergeMany renders each input on its own and merges the documents with
// merge, which gets them in order.
func mergeMany(w io.Writer, ins []Input, f Format, opts RenderOptions, merge func([][]byte) (any, error)) error {
	docs := make([][]byte, 0, len(ins))
	for _, in := range ins {
		var b bytes.Buffer
		if err := renderInput(&b, in, f, opts); err != nil {
			return err
		}
		docs = append(docs, b.Bytes())
	}
	merged, err := merge(docs)
	if err != nil {
		return fmt.Errorf("merging the reports: %w", err)
	}
	if x, ok := merged.(junitSuites); ok {
		return writeXML(w, x)
	}
	return WriteJSON(w, merged)
}

// mergeSARIF makes one run of many: GitHub code scanning refuses an upload
// with several runs of one tool in one category. Rules are merged by id
// and results re-indexed; the invocation succeeded only if every input
// was evaluated, with each failure as a notification.
func mergeSARIF(docs [][]byte) (any, error) {
	var out sarifLog
	var run sarifRun
	index := map[string]int{}
	run.Invocations = []sarifInvocation{{ExecutionSuccessful: true}}
	run.Results = []sarifResult{}
	run.Tool.Driver.Rules = []sarifRule{}
	for i, d := range docs {
		var log sarifLog
		if err := json.Unmarshal(d, &log); err != nil {
			return nil, err
		}
		if i == 0 {
			out.Schema, out.Version = log.Schema, log.Version
			run.Tool = log.Runs[0].Tool
			run.Tool.Driver.Rules = []sarifRule{}
		}
		for _, r := range log.Runs {
			for _, inv := range r.Invocations {
				if !inv.ExecutionSuccessful {
					run.Invocations[0].ExecutionSuccessful = false
				}
				run.Invocations[0].ToolExecutionNotifications = append(run.Invocations[0].ToolExecutionNotifications, inv.ToolExecutionNotifications...)
			}
			for _, res := range r.Results {
				rule := r.Tool.Driver.Rules[res.RuleIndex]
				at, ok := index[rule.ID]
				if !ok {
					at = len(run.Tool.Driver.Rules)
					index[rule.ID] = at
					run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, rule)
				}
				res.RuleIndex = at
				run.Results = append(run.Results, res)
			}
		}
	}
	out.Runs = []sarifRun{run}
	return out, nil
}

// mergeGitLab makes one security report of many: every vulnerability, and
// a failed scan, with the failures as messages, if any input failed.
func mergeGitLab(docs [][]byte) (any, error) {
	var out gitlabReport
	out.Vulnerabilities = []gitlabVuln{}
	for i, d := range docs {
		var r gitlabReport
		if err := json.Unmarshal(d, &r); err != nil {
			return nil, err
		}
		if i == 0 {
			out.Version, out.Scan = r.Version, r.Scan
			out.Scan.Messages = nil
		}
		out.Vulnerabilities = append(out.Vulnerabilities, r.Vulnerabilities...)
		if r.Scan.Status != "success" {
			out.Scan.Status = r.Scan.Status
		}
		out.Scan.Messages = append(out.Scan.Messages, r.Scan.Messages...)
		out.Scan.EndTime = r.Scan.EndTime
	}
	return out, nil
}

// mergeJUnit makes one testsuites element with every input's suites.
func mergeJUnit(docs [][]byte) (any, error) {
	out := junitSuites{Name: "recourse"}
	for _, d := range docs {
		var s junitSuites
		if err := xml.Unmarshal(d, &s); err != nil {
			return nil, err
		}
		out.Tests += s.Tests
		out.Failures += s.Failures
		out.Errors += s.Errors
		out.Suites = append(out.Suites, s.Suites...)
	}
	return out, nil
}
