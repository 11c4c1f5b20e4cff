package evaluator

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/recourse-dev/recourse/evaluator/shell"
	"github.com/recourse-dev/recourse/internal/hostile"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/report"
)

// TestCapsAreNeverSilent: every input that reaches a cap comes out as at
// least escalate, with a needs-review mutation that names the cap, and
// in the time and size the caps promise. Each was allowed, or ran out of
// memory, before the caps said so.
func TestCapsAreNeverSilent(t *testing.T) {
	ev := newEvaluator(t)
	tests := []struct {
		name string
		line string
		cap  string // in the needs-review mutation's reasoning; "" when the delete itself is judged
	}{
		{"10,000 no-ops then rm -rf /", hostile.NoOpPrefix(shell.MaxCommands), "MaxCommands"},
		{"100,000 commands", hostile.NoOpPrefix(100000), "MaxCommands"},
		{"10,000 SQL statements then DROP TABLE", hostile.SQLStatements(shell.MaxCommands), "MaxCommands"},
		{"a doubling variable in a dead branch, N=40", hostile.ExpansionBomb(40), ""},
		{"a line that expands more than the budget", hostile.WideExpansion(16, 16), "MaxExpandedBytes"},
		{"scripts nested past MaxDepth", hostile.Nested(shell.MaxDepth + 2), "nested more than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := ev.Shell(context.Background(), tt.line, Options{Timeout: 30 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			if rep.RiskAssessment.Rank() < model.Escalate.Rank() {
				t.Fatalf("decision %s, want at least escalate (%s)", rep.RiskAssessment, rep.AssessmentReason)
			}
			if tt.cap == "" {
				return
			}
			found := false
			for _, m := range rep.Mutations {
				found = found || m.Recoverability.Tier == model.TierNeedsReview && strings.Contains(m.Recoverability.Reasoning, tt.cap)
			}
			if !found {
				t.Errorf("no needs-review mutation names %q", tt.cap)
			}
		})
	}
}

// TestOutputGrowsLinearly: ten thousand redirections in one awk program
// name each mutation by its own text, not by the whole 200 KB line, and
// past the report's size ceiling the like ones are summarised, counted.
func TestOutputGrowsLinearly(t *testing.T) {
	ev := newEvaluator(t)
	line := hostile.AwkRedirections(10000)
	rep, err := ev.Shell(context.Background(), line, Options{Timeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) > 5*len(line) {
		t.Errorf("a %d-byte line made a %d-byte report (over 5×)", len(line), len(out))
	}
	summarised := 0
	for _, s := range rep.MutationsSummarised {
		summarised += s.Count
	}
	if len(rep.Mutations) > report.MaxListedMutations || len(rep.Mutations)+summarised != rep.Summary.TotalMutations || rep.Summary.TotalMutations < 10000 {
		t.Errorf("%d listed + %d summarised, total %d", len(rep.Mutations), summarised, rep.Summary.TotalMutations)
	}
	for _, m := range rep.Mutations {
		if id := m.Intent.Target.ID; len(id) > 300 {
			t.Fatalf("a mutation's id is %d bytes: %.80s…", len(id), id)
		}
	}
}

// TestDensePlanIsBounded: 3,000 deleted security groups that reference
// 50 others each took 20 s and 4.3 GB; the listing caps keep the report
// linear and the count exact.
func TestDensePlanIsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("a 6 MB plan")
	}
	ev := newEvaluator(t)
	rep, err := ev.Terraform(context.Background(), hostile.DensePlan(3000, 50), Options{})
	if err != nil {
		t.Fatal(err)
	}
	listed := 0
	for _, m := range rep.Mutations {
		listed += len(m.DependencyImpact) + m.DependencyImpactUnlisted
	}
	// The summary counts every dependent, of the listed changes and of
	// those summarised past the report's size ceiling.
	if rep.Summary.DependencyImpactCount <= 3000*50 || listed > rep.Summary.DependencyImpactCount || len(rep.Mutations) > report.MaxListedMutations {
		t.Errorf("dependencyImpactCount %d, listed and unlisted %d over %d changes", rep.Summary.DependencyImpactCount, listed, len(rep.Mutations))
	}
}

// TestShellDeadline: the deadline holds inside the analysis of a line,
// whatever its size (a small line used to run to the end inline).
func TestShellDeadline(t *testing.T) {
	_, err := shell.Parse(hostile.NoOpPrefix(5000), shell.Options{Deadline: time.Now().Add(-time.Second)})
	if e, ok := err.(*model.Error); !ok || e.Kind != model.KindDeadlineExceeded {
		t.Fatalf("err %v, want a deadline error", err)
	}
}

// FuzzNoOpsThenDelete: however many no-op commands (of whatever kind)
// come first, a line that ends in rm -rf / is never allowed.
func FuzzNoOpsThenDelete(f *testing.F) {
	f.Add(uint16(10000), uint8(0), uint8(0))
	f.Add(uint16(9999), uint8(1), uint8(2))
	f.Add(uint16(20000), uint8(3), uint8(1))
	ev := newEvaluator(f)
	noops := []string{":", "true", "ls", "echo a", "x=1"}
	seps := []string{";", "\n", " && ", " || "}
	f.Fuzz(func(t *testing.T, n uint16, noop, sep uint8) {
		s := seps[int(sep)%len(seps)]
		line := strings.Repeat(noops[int(noop)%len(noops)]+s, int(n)%(shell.MaxLineBytes/8)) + hostile.Destructive
		if len(line) > shell.MaxLineBytes {
			return
		}
		rep, err := ev.Shell(context.Background(), line, Options{Timeout: 30 * time.Second})
		if err != nil {
			return // an error is never a decision
		}
		if rep.RiskAssessment == model.Allow {
			t.Fatalf("%d × %q then rm -rf / was allowed", n, noops[int(noop)%len(noops)]+s)
		}
	})
}

// TestMemoryCeiling: an evaluation whose heap passes the ceiling is an
// error, never a decision or a crash.
func TestMemoryCeiling(t *testing.T) {
	ev := newEvaluator(t)
	_, err := ev.Terraform(context.Background(), hostile.DensePlan(3000, 50), Options{MemoryCeiling: 1 << 20})
	if e, ok := err.(*model.Error); !ok || e.Kind != model.KindInputTooLarge || !strings.Contains(e.Message, "memory") {
		t.Fatalf("err %v, want input_too_large for memory", err)
	}
}

// TestNoCredentialInReports: a secret in a command line reaches no
// output format (it was printed verbatim in every one, SARIF included).
func TestNoCredentialInReports(t *testing.T) {
	ev := newEvaluator(t)
	tests := []struct{ line, secret string }{
		{`curl -X DELETE -H 'Authorization: Bearer abcdef123456' https://api.example.com/v1/x`, "abcdef123456"},
		{`mysql -u root -phunter2 -e 'DROP DATABASE app'`, "hunter2"},
		{`PGPASSWORD=s3cr3tpw psql -h db -c 'DROP TABLE users'`, "s3cr3tpw"},
		{`AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI aws s3 rb s3://b --force`, "wJalrXUtnFEMI"},
		{`curl -u admin:pa55w0rd -X DELETE https://x/api/items/1`, "pa55w0rd"},
		{`kubectl --token=eyJabc123 delete ns prod`, "eyJabc123"},
		{`psql postgres://app:s3cretpw@db:5432/app -c 'DROP TABLE t'`, "s3cretpw"},
		{`mongo --password=p4ssw0rd --eval 'db.dropDatabase()'`, "p4ssw0rd"},
		{"ssh-add - <<< '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXkAAAA\n-----END OPENSSH PRIVATE KEY-----'; rm -rf ~", "b3BlbnNzaC1rZXkAAAA"},
	}
	for _, tt := range tests {
		rep, err := ev.Shell(context.Background(), tt.line, Options{})
		if err != nil {
			t.Fatalf("%s: %v", tt.line, err)
		}
		for _, f := range report.Formats {
			var b strings.Builder
			if err := report.Render(&b, rep, f, report.RenderOptions{}); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(b.String(), tt.secret) {
				t.Errorf("%s: the %s report contains %q", tt.line, f, tt.secret)
			}
		}
	}
}

// TestOneReading: an input that two readers would read two ways is an
// error, never a decision on one of the readings.
func TestOneReading(t *testing.T) {
	ev := newEvaluator(t)
	tests := []struct {
		name  string
		kind  Kind
		input string
		want  string // in the error; "" for a decision
	}{
		{"tool and name differ", KindMCPCall, `{"server":"github","tool":"get_issue","name":"delete_repository","arguments":{"owner":"a","repo":"b"}}`, "names two tools"},
		{"tool and name agree", KindMCPCall, `{"server":"github","tool":"delete_repository","name":"delete_repository","arguments":{"owner":"a","repo":"b"}}`, ""},
		{"an argument given twice", KindMCPCall, `{"server":"postgres","tool":"query","arguments":{"sql":"DROP TABLE t","sql":"SELECT 1"}}`, "arguments.sql"},
		{"a top-level key given twice", KindMCPCall, `{"tool":"delete_repository","tool":"get_issue","server":"github","arguments":{}}`, `"tool" appears twice`},
		{"actions given twice", KindTerraform, `{"format_version":"1.2","resource_changes":[{"address":"aws_db_instance.main","mode":"managed","type":"aws_db_instance","name":"main","change":{"actions":["delete"],"actions":["no-op"],"before":{},"after":null}}]}`, "resource_changes[0].change.actions"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := ev.Evaluate(context.Background(), tt.kind, []byte(tt.input), nil, Options{})
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil {
				t.Fatalf("decision %s, want an error naming %q", rep.RiskAssessment, tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err %v, want an error naming %q", err, tt.want)
			}
		})
	}
}
