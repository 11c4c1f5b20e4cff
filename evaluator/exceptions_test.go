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

// TestExceptionResolvedPath: an exception's relative words name paths in
// the directory it was written for, so the same words run elsewhere, or
// after a cd, are not covered.
func TestExceptionResolvedPath(t *testing.T) {
	ev := newEvaluator(t)
	project := []model.Exception{{Rule: "fs.rm.*", Match: "rm -rf ./data", Reason: "r", Expires: "2027-01-31", Source: "/srv/app/.recourse.yaml:3", Dir: "/srv/app"}}
	user := []model.Exception{{Rule: "fs.rm.*", Match: "rm -rf ./data", Reason: "r", Expires: "2027-01-31", Source: "config.yaml:3"}}
	for _, tt := range []struct {
		variant, line, cwd string
		exs                []model.Exception
		excepted           bool
	}{
		{"project, in its directory", "rm -rf ./data", "/srv/app", project, true},
		{"project, spelt with a slash", "rm -rf ./data", "/srv/app/", project, true},
		{"project, another directory", "rm -rf ./data", "/home/x", project, false},
		{"project, where eval starts", "rm -rf ./data", "", project, true},
		{"project, cd / where eval starts", "cd / && rm -rf ./data", "", project, false},
		{"project, cd /", "cd / && rm -rf ./data", "/srv/app", project, false},
		{"project, subshell cd", "(cd .. && rm -rf ./data)", "/srv/app", project, false},
		{"project, pushd", "pushd /etc && rm -rf ./data", "/srv/app", project, false},
		{"project, env -C", "env -C / rm -rf ./data", "/srv/app", project, false},
		{"user, where it starts", "rm -rf ./data", "/srv/app", user, true},
		{"user, cd /", "cd / && rm -rf ./data", "/srv/app", user, false},
		{"user, cd / from nowhere", "cd / && rm -rf ./data", "", user, false},
	} {
		rep, err := ev.Shell(context.Background(), tt.line, Options{Cwd: tt.cwd, Exceptions: tt.exs})
		if err != nil {
			t.Fatal(err)
		}
		got := false
		for _, m := range rep.Mutations {
			got = got || m.Exception != nil
		}
		if got != tt.excepted {
			t.Errorf("%s: %q in %q: excepted %v, want %v (%s)", tt.variant, tt.line, tt.cwd, got, tt.excepted, rep.RiskAssessment)
		}
	}
}
