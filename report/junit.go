package report

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// JUnit XML, as Jenkins, GitLab and Azure Pipelines read test reports: one
// suite, a test case per change (no-ops and reads counted, not listed); a
// change that is unrecoverable or needs review fails its case, one that is
// recoverable passes with its recovery requirement as output; an input
// that cannot be evaluated is a case in error.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Skipped    int             `xml:"skipped,attr"`
	Properties []junitProperty `xml:"properties>property"`
	Cases      []junitCase     `xml:"testcase"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	ClassName string        `xml:"classname,attr"`
	Failure   *junitProblem `xml:"failure,omitempty"`
	Error     *junitProblem `xml:"error,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

func writeJUnit(w io.Writer, rep *ConsequenceReport, opts RenderOptions) error {
	suite := junitSuite{Name: "recourse " + string(rep.Source), Properties: []junitProperty{
		{Name: "riskAssessment", Value: string(rep.RiskAssessment)}, {Name: "assessmentReason", Value: rep.AssessmentReason}}}
	listed, more, quietCount := rows(rep, opts)
	for _, m := range listed {
		r := m.Recoverability
		c := junitCase{Name: m.Intent.Target.ID + " (" + string(m.Intent.Action) + ")", ClassName: r.RuleID}
		text := fmt.Sprintf("tier %d %s: %s", r.Tier, r.Label, r.Reasoning)
		for _, line := range []string{suppliedLine(m), exceptionLine(m)} {
			if line != "" {
				text += " — " + line
			}
		}
		switch r.Tier {
		case model.TierUnrecoverable, model.TierNeedsReview:
			c.Failure = &junitProblem{Message: r.Label, Type: r.RuleID, Text: text}
			suite.Failures++
		default:
			c.SystemOut = text
		}
		suite.Cases = append(suite.Cases, c)
	}
	for _, s := range rep.MutationsSummarised {
		c := junitCase{Name: fmt.Sprintf("%d more of %s", s.Count, s.RuleID), ClassName: s.RuleID, SystemOut: summarisedLine(s)}
		if s.Tier == model.TierUnrecoverable || s.Tier == model.TierNeedsReview {
			c.Failure, c.SystemOut = &junitProblem{Message: s.Label, Type: s.RuleID, Text: summarisedLine(s)}, ""
			suite.Failures++
		}
		suite.Cases = append(suite.Cases, c)
	}
	for _, x := range rep.CrossActionRisks {
		c := junitCase{Name: "cross-action risk: " + strings.Join(x.Addresses, ", "), ClassName: x.ID}
		if x.Tier == model.TierUnrecoverable || x.Tier == model.TierNeedsReview {
			c.Failure = &junitProblem{Message: x.Tier.Label(), Type: x.ID, Text: x.Reasoning}
			suite.Failures++
		} else {
			c.SystemOut = x.Reasoning
		}
		suite.Cases = append(suite.Cases, c)
	}
	if more > 0 {
		suite.Cases = append(suite.Cases, junitCase{Name: fmt.Sprintf("%d more changes", more), ClassName: "recourse.more",
			SystemOut: "listed in the JSON report; left out here for the row limit"})
	}
	if quietCount > 0 {
		suite.Properties = append(suite.Properties, junitProperty{Name: "noOpsAndReads", Value: fmt.Sprint(quietCount)})
	}
	suite.Tests = len(suite.Cases)
	return writeXML(w, junitSuites{Name: "recourse", Tests: suite.Tests, Failures: suite.Failures, Suites: []junitSuite{suite}})
}

// writeJUnitError writes an input that could not be evaluated as one test
// case in error: never a passing suite.
func writeJUnitError(w io.Writer, err *model.Error) error {
	c := junitCase{Name: "evaluate the input", ClassName: "recourse." + string(err.Kind),
		Error: &junitProblem{Message: "Recourse could not evaluate the input", Type: string(err.Kind), Text: err.Error() + "; nothing was evaluated, this is not a decision"}}
	return writeXML(w, junitSuites{Name: "recourse", Tests: 1, Errors: 1, Suites: []junitSuite{{Name: "recourse", Tests: 1, Errors: 1, Cases: []junitCase{c}}}})
}

func writeXML(w io.Writer, v any) error {
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
