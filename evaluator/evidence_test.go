package evaluator

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/report"
)

// TestSuppliedEvidence: a caller's evidence moves a verdict only when it
// says where it came from, agrees with itself and has a value the rule
// reads; what is applied is marked as supplied, by whom, and caps the
// verdict's confidence at MEDIUM.
func TestSuppliedEvidence(t *testing.T) {
	plan, err := os.ReadFile("../testdata/plans/evidence-bucket.json")
	if err != nil {
		t.Fatal(err)
	}
	ev := newEvaluator(t)
	const addr = "aws_s3_bucket.unknown"
	item := func(value any, source string) report.EvidenceItem {
		return report.EvidenceItem{Address: addr, Key: "force_destroy", Value: value, Source: source}
	}
	tests := []struct {
		name    string
		env     string
		items   []report.EvidenceItem
		applied int
		ignored string // in the first ignored item's reason
	}{
		{"with a source", "", []report.EvidenceItem{item(false, "aws s3api get-bucket-tagging")}, 1, ""},
		{"without a source", "", []report.EvidenceItem{item(false, " ")}, 0, "no source"},
		{"contradicting", "", []report.EvidenceItem{item(false, "a"), item(true, "b")}, 0, "different value"},
		{"repeated", "", []report.EvidenceItem{item(false, "a"), item(false, "a")}, 1, "repeats"},
		{"mistyped", "", []report.EvidenceItem{item("false", "aws s3api get-bucket-tagging")}, 0, "is a yes/no fact and the value is a JSON string"},
		{"in production", "production", []report.EvidenceItem{item(false, "aws s3api get-bucket-tagging")}, 0, "is production"},
		{"in prod-eu", "prod-eu", []report.EvidenceItem{item(false, "aws s3api get-bucket-tagging")}, 0, "is production"},
		{"in staging", "staging", []report.EvidenceItem{item(false, "aws s3api get-bucket-tagging")}, 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := ev.Evaluate(context.Background(), KindTerraform, plan, tt.items, Options{Actor: "agent-7", Environment: tt.env})
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Evidence.Applied) != tt.applied {
				t.Fatalf("%d applied, want %d (ignored: %+v)", len(rep.Evidence.Applied), tt.applied, rep.Evidence.Ignored)
			}
			if tt.ignored != "" && (len(rep.Evidence.Ignored) == 0 || !strings.Contains(rep.Evidence.Ignored[0].Reason, tt.ignored)) {
				t.Fatalf("ignored %+v, want a reason with %q", rep.Evidence.Ignored, tt.ignored)
			}
			m := rep.Mutations[0]
			if tt.applied == 0 {
				if len(m.SuppliedEvidence) != 0 || m.Recoverability.Tier == model.TierRecoverableWithEffort {
					t.Fatalf("unapplied evidence moved the verdict: %+v", m)
				}
				return
			}
			if m.Recoverability.Confidence != model.ConfidenceMedium {
				t.Errorf("confidence %s, want MEDIUM for a verdict on supplied evidence", m.Recoverability.Confidence)
			}
			if len(m.SuppliedEvidence) != 1 || m.SuppliedEvidence[0].By != "agent-7" || m.SuppliedEvidence[0].Source == "" || m.SuppliedEvidence[0].SuppliedBy != model.SuppliedByCaller {
				t.Errorf("supplied evidence %+v, want one fact by agent-7 with its source", m.SuppliedEvidence)
			}
			for _, f := range report.Formats {
				var b strings.Builder
				if err := report.Render(&b, rep, f, report.RenderOptions{}); err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(b.String(), "agent-7") {
					t.Errorf("the %s report does not say who supplied the fact", f)
				}
			}
		})
	}
}
