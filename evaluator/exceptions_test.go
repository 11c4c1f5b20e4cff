package evaluator

import (
	"context"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

func TestGlob(t *testing.T) {
	for _, tt := range []struct {
		pattern, s string
		want       bool
	}{
		{"fs.rm.*", "fs.rm.rf.project", true},
		{"fs.rm.*", "fs.rmdir", false},
		{"*", "", true},
		{"a?c", "abc", true},
		{"a?c", "ac", false},
		{"./data/*", "./data/x/y", true},
		{"aws_s3_bucket.logs", "aws_s3_bucket.logs2", false},
		{"*.logs", "module.a.aws_s3_bucket.logs", true},
		{"a*b*c", "axxbyyc", true},
		{"a*b*c", "axxbyy", false},
	} {
		if got := glob(tt.pattern, tt.s); got != tt.want {
			t.Errorf("glob(%q, %q) = %v", tt.pattern, tt.s, got)
		}
	}
}

// TestExceptionScope: an exception lowers the change it matches to warn,
// inside a compound line too, and never another change of the line, nor
// a longer or dynamic version of the command.
func TestExceptionScope(t *testing.T) {
	ev := newEvaluator(t)
	scratch := []model.Exception{{Rule: "fs.rm.*", Match: "rm -rf ./data", Reason: "scratch data, rebuilt nightly", Expires: "2027-01-31", Source: ".recourse.yaml:3"}}
	tests := []struct {
		line     string
		exs      []model.Exception
		decision model.Decision
		excepted int
	}{
		{"rm -rf ./data", nil, model.Block, 0},
		{"rm -rf ./data", scratch, model.Warn, 1},
		{"make clean && rm -rf ./data", scratch, model.Warn, 1},
		{"rm -rf ./data && rm -rf ~", scratch, model.Block, 1},
		{"rm -rf ./data ~", scratch, model.Block, 0},
		{"rm -rf $DIR", []model.Exception{{Rule: "fs.rm.*", Match: "rm -rf *", Reason: "r", Expires: "2027-01-31", Source: "x:1"}}, model.Escalate, 0},
		{"rm -rf ./data", []model.Exception{{Rule: "git.*", Match: "rm -rf ./data", Reason: "r", Expires: "2027-01-31", Source: "x:1"}}, model.Block, 0},
		{"ls ./data", scratch, model.Allow, 0},
	}
	for _, tt := range tests {
		rep, err := ev.Shell(context.Background(), tt.line, Options{Exceptions: tt.exs})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, m := range rep.Mutations {
			if m.Exception != nil {
				n++
			}
		}
		if rep.RiskAssessment != tt.decision || n != tt.excepted {
			t.Errorf("%q: %s with %d excepted, want %s with %d (%s)", tt.line, rep.RiskAssessment, n, tt.decision, tt.excepted, rep.AssessmentReason)
		}
		if n > 0 && tt.decision == model.Warn && !strings.Contains(strings.Join(rep.Policy.Reasons, " "), "excepted until 2027-01-31 by .recourse.yaml:3: scratch data") {
			t.Errorf("%q: reasons %v do not name the exception", tt.line, rep.Policy.Reasons)
		}
	}
}
