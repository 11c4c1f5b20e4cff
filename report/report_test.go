package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

func sample(n int) *ConsequenceReport {
	var ms []Mutation
	for i := 0; i < n; i++ {
		tier := model.Tiers[i%len(model.Tiers)]
		action := model.ActionDelete
		if i%7 == 0 {
			action = model.ActionNoop
		}
		m := &model.Mutation{Source: model.SourceTerraform, Action: action, Target: model.Target{Provider: "aws", Type: "aws_x", ID: fmt.Sprintf("aws_x.r%d", i)}}
		ms = append(ms, NewMutation(m, model.Recoverability{Tier: tier, Reasoning: "because | of `x`", Source: model.FromRules, RuleID: "aws.x", Confidence: model.ConfidenceHigh}))
	}
	return &ConsequenceReport{SchemaVersion: SchemaVersion, RiskAssessment: model.Block, AssessmentReason: "reason", Source: model.SourceTerraform,
		Summary: Summarize(ms), Mutations: ms, CrossActionRisks: []CrossActionRisk{},
		Policy: PolicyResult{Decision: model.Block, Reasons: []string{"a", "b"}, Policies: []string{"recourse.default"}}}
}

func TestSummarize(t *testing.T) {
	s := Summarize(sample(10).Mutations)
	if s.TotalMutations != 10 || !s.NeedsReview || !s.HasUnrecoverable || s.WorstRecoverability.Tier != model.TierNeedsReview {
		t.Fatalf("%+v", s)
	}
	total := 0
	for _, t := range model.Tiers {
		total += s.TierCounts.Of(t)
	}
	if total != 10 {
		t.Fatalf("tier counts %v", s.TierCounts)
	}
	empty := Summarize(nil)
	if empty.WorstRecoverability.Tier != model.TierReversible || empty.NeedsReview {
		t.Fatalf("%+v", empty)
	}
}

func TestHumanSeverityOrderAndLimits(t *testing.T) {
	var b bytes.Buffer
	if err := Render(&b, sample(30), FormatHuman, RenderOptions{MaxRows: 8}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	first := strings.Index(out, "4 unrecoverable")
	review := strings.Index(out, "5 needs-review")
	if first < 0 || review < 0 || first > review {
		t.Fatalf("unrecoverable changes are not listed first:\n%s", out)
	}
	for _, want := range []string{"BLOCK  reason", "… and 17 more changes", "5 unchanged or read-only", "Decision: BLOCK (recourse.default)"} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\x1b[") {
		t.Fatal("colour without Color")
	}
	b.Reset()
	_ = Render(&b, sample(3), FormatHuman, RenderOptions{Color: true})
	if !strings.Contains(b.String(), "\x1b[") {
		t.Fatal("no colour with Color")
	}
}

func TestMarkdownEscapes(t *testing.T) {
	var b bytes.Buffer
	if err := Render(&b, sample(3), FormatMarkdown, RenderOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `because \| of 'x'`) {
		t.Fatalf("table cells not escaped:\n%s", b.String())
	}
}

func TestSARIF(t *testing.T) {
	var b bytes.Buffer
	if err := Render(&b, sample(10), FormatSARIF, RenderOptions{}); err != nil {
		t.Fatal(err)
	}
	var log map[string]any
	if err := json.Unmarshal(b.Bytes(), &log); err != nil || log["version"] != "2.1.0" {
		t.Fatalf("%v %v", err, log["version"])
	}
}

func TestRenderError(t *testing.T) {
	e := &model.Error{Kind: model.KindInvalidJSON, Message: "bad", Line: 1, Column: 2, Example: "terraform show -json"}
	var b bytes.Buffer
	if err := RenderError(&b, e, FormatJSON); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil || doc["schemaVersion"] != ErrorSchemaVersion || doc["riskAssessment"] != nil {
		t.Fatalf("%s", b.String())
	}
	b.Reset()
	_ = RenderError(&b, e, FormatHuman)
	if !strings.Contains(b.String(), "invalid_json") || !strings.Contains(b.String(), "not a decision") {
		t.Fatal(b.String())
	}
}

func TestUnknownFormat(t *testing.T) {
	if err := Render(&bytes.Buffer{}, sample(1), Format("xml"), RenderOptions{}); err == nil {
		t.Fatal("rendered an unknown format")
	}
}
