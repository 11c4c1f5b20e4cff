package rules

import (
	"strings"
	"testing"
)

// TestSaferAlternative: the rules that stop the commonest losses name a
// safer way, matched exactly or by prefix, and a rule with no row none.
func TestSaferAlternative(t *testing.T) {
	tests := []struct{ rule, want string }{
		{"git.reset.hard", "git stash"},
		{"git.push.force", "--force-with-lease"},
		{"git.clean.force", "git clean -n"},
		{"fs.rm.rf.project", "git clean -n"},
		{"fs.rm.rf.absolute", "move it aside"},
		{"fs.rm.critical", "by name"},
		{"sql.drop.data", "dump"},
		{"sql.delete.all", "WHERE"},
		{"aws.rds.instance.delete.no-recovery-point", "skip_final_snapshot=false"},
		{"aws.rds.cluster.delete.no-recovery-point", "final snapshot"},
		{"kubectl.delete.namespace", "velero"},
		{"kubectl.delete", "--dry-run=server"},
		{"iac.terraform.destroy", "plan -destroy"},
		{"fs.truncate", "cp FILE FILE.bak"},
		{"aws.s3.put-bucket-policy", ""},
		{"git.other", ""},
		{"", ""},
	}
	for _, tt := range tests {
		got := SaferAlternative(tt.rule)
		if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
			t.Errorf("SaferAlternative(%q) = %q, want one with %q", tt.rule, got, tt.want)
		}
	}
}

// TestAlternativeRows: every row has a rule and a text, a pattern has at
// most one "*", and no row is hidden by an earlier one.
func TestAlternativeRows(t *testing.T) {
	for i, a := range alternatives {
		if a.rule == "" || a.text == "" || strings.Count(a.rule, "*") > 1 {
			t.Errorf("row %d: %+v", i, a)
		}
		if !strings.Contains(a.rule, "*") && SaferAlternative(a.rule) != a.text {
			t.Errorf("row %d (%s) is hidden by an earlier row", i, a.rule)
		}
	}
}
