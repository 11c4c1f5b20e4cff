package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// rdsPlan is testdata/plans/rds-delete-no-snapshot.json: it deletes
// aws_db_instance.main with no final snapshot (block).
func rdsPlan(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile("../../testdata/plans/rds-delete-no-snapshot.json")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// project writes a Terraform working directory: main.tf with the given
// text and the plan beside it.
func project(t *testing.T, mainTF string, plan []byte) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range map[string][]byte{"main.tf": []byte(mainTF), "plan.json": plan} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestInlineIgnore: a # recourse:ignore comment on a resource block lowers
// that resource's finding like an exception — at most warn, listed with its
// source — within the same limits: a reason and an end at most 90 days
// ahead, else an error; an ended one is not applied.
func TestInlineIgnore(t *testing.T) {
	day := func(d int) string { return time.Now().UTC().AddDate(0, 0, d).Format(time.DateOnly) }
	block := "resource \"aws_db_instance\" \"main\" {\n  identifier = \"orders-prod\"\n}\n"
	tests := []struct {
		name    string
		comment string
		exit    int
		want    string // in stdout
		stderr  string
	}{
		{"applies", `# recourse:ignore aws.rds.* reason="replica rebuilt nightly" expires=` + day(30), 0, "excepted until " + day(30) + " by main.tf:2: replica rebuilt nightly", ""},
		{"slashes", `// recourse:ignore aws.rds.instance.delete.no-recovery-point reason="scratch" expires=` + day(1), 0, "by main.tf:2: scratch", ""},
		{"another rule", `# recourse:ignore aws.s3.* reason="not this one" expires=` + day(30), 4, "BLOCK", ""},
		{"ended", `# recourse:ignore aws.rds.* reason="old" expires=` + day(-1), 4, "BLOCK", "ended on"},
		{"no reason", `# recourse:ignore aws.rds.* expires=` + day(30), 1, "", "reason"},
		{"too far", `# recourse:ignore aws.rds.* reason="forever" expires=` + day(200), 1, "", "more than 90 days"},
		{"no rule", `# recourse:ignore reason="x" expires=` + day(3), 1, "", "names no rule"},
		{"unknown key", `# recourse:ignore aws.rds.* reason="x" until=` + day(3), 1, "", "is not reason= or expires="},
		{"not a marker", `# recourse:ignored aws.rds.* reason="x" expires=` + day(3), 4, "BLOCK", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := project(t, "# orders database\n"+tt.comment+"\n"+block, rdsPlan(t))
			res := runWith(t, dir, nil, "", "eval", "plan.json")
			if res.exit != tt.exit || !strings.Contains(res.stdout, tt.want) || !strings.Contains(res.stderr, tt.stderr) {
				t.Fatalf("exit %d (want %d)\nstdout: %s\nstderr: %s\nwant %q and %q", res.exit, tt.exit, res.stdout, res.stderr, tt.want, tt.stderr)
			}
		})
	}
}

// TestBaselineRoundTrip: --write-baseline accepts today's findings;
// --baseline then lets them through at most as warn, while a new finding
// and a finding that grew worse still fail; a broken baseline is an error.
func TestBaselineRoundTrip(t *testing.T) {
	plan := rdsPlan(t)
	dir := project(t, "", plan)
	if err := os.Remove(filepath.Join(dir, "main.tf")); err != nil {
		t.Fatal(err)
	}
	res := runWith(t, dir, nil, "", "eval", "--write-baseline", "baseline.json", "plan.json")
	if res.exit != 0 || !strings.Contains(res.stderr, "wrote 1 findings") {
		t.Fatalf("--write-baseline: exit %d\n%s", res.exit, res.stderr)
	}
	res = runWith(t, dir, nil, "", "eval", "--baseline", "baseline.json", "--format", "json", "plan.json")
	if res.exit != 0 || !strings.Contains(res.stdout, `"riskAssessment": "warn"`) || !strings.Contains(res.stdout, "accepted in the baseline") {
		t.Fatalf("--baseline: exit %d\n%s%s", res.exit, res.stdout, res.stderr)
	}

	// A second database deleted the same way is a new finding.
	more := strings.Replace(string(plan), `"resource_changes": [`, `"resource_changes": [
    {"address": "aws_db_instance.other", "mode": "managed", "type": "aws_db_instance", "name": "other",
     "provider_name": "registry.terraform.io/hashicorp/aws",
     "change": {"actions": ["delete"], "before": {"identifier": "other", "skip_final_snapshot": true, "backup_retention_period": 0,
       "delete_automated_backups": true, "deletion_protection": false, "engine": "postgres"},
       "after": null, "after_unknown": {}, "before_sensitive": {}, "after_sensitive": false}},`, 1)
	if err := os.WriteFile(filepath.Join(dir, "more.json"), []byte(more), 0o644); err != nil {
		t.Fatal(err)
	}
	res = runWith(t, dir, nil, "", "eval", "--baseline", "baseline.json", "more.json")
	if res.exit != 4 || !strings.Contains(res.stdout, "aws_db_instance.other is unrecoverable") {
		t.Fatalf("a new finding: exit %d\n%s", res.exit, res.stdout)
	}

	// The same finding accepted at a lower tier has grown worse: new.
	lower := strings.Replace(fileText(t, filepath.Join(dir, "baseline.json")), `"tier": 4`, `"tier": 2`, 1)
	if err := os.WriteFile(filepath.Join(dir, "lower.json"), []byte(lower), 0o644); err != nil {
		t.Fatal(err)
	}
	if res = runWith(t, dir, nil, "", "eval", "--baseline", "lower.json", "plan.json"); res.exit != 4 {
		t.Fatalf("a finding worse than its baseline: exit %d\n%s", res.exit, res.stdout)
	}

	for name, content := range map[string]string{
		"unknown key": `{"version": 1, "written": "2026-11-29", "findings": [], "extra": 1}`,
		"version":     `{"version": 2, "written": "2026-11-29", "findings": []}`,
		"no address":  `{"version": 1, "written": "2026-11-29", "findings": [{"rule": "r", "address": "", "tier": 4}]}`,
		"two values":  `{"version": 1, "findings": []} {}`,
	} {
		path := filepath.Join(dir, "bad.json")
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if res = runWith(t, dir, nil, "", "eval", "--baseline", path, "plan.json"); res.exit != 1 || !strings.Contains(res.stderr, "baseline") {
			t.Errorf("%s: exit %d, %s", name, res.exit, res.stderr)
		}
	}
	if res = runWith(t, dir, nil, "", "eval", "shell", "--baseline", "baseline.json", "--", "ls"); res.exit != 64 {
		t.Errorf("--baseline with a shell line: exit %d", res.exit)
	}
}
