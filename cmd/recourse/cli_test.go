package main

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/recourse-dev/recourse/internal/plangen"
)

func TestCLI(t *testing.T) {
	plan, err := os.ReadFile("../../testdata/plans/rds-delete-no-snapshot.json")
	if err != nil {
		t.Fatal(err)
	}
	policyDir := t.TempDir()
	writeFile(t, filepath.Join(policyDir, "broken.rego"), "package recourse.policies.broken\n\ntighten contains x if {\n\tx := undefined_fn(1)\n}\n")
	relaxDir := t.TempDir()
	writeFile(t, filepath.Join(relaxDir, "dev.rego"), `package recourse.policies.dev

relax contains {"decision": "warn", "reason": "dev databases are disposable"} if input.context.environment == "dev"
`)
	writeFile(t, filepath.Join(relaxDir, "dev_test.rego"), `package dev_test

import data.recourse.decision

test_dev_relaxes if {
	decision.result.decision == "warn" with input as {"mutations": [{"address": "a", "tier": 4, "label": "unrecoverable", "reasoning": "r", "source": "rules"}], "crossActionRisks": [], "context": {"environment": "dev"}}
}
`)
	failingDir := t.TempDir()
	writeFile(t, filepath.Join(failingDir, "x_test.rego"), "package x_test\n\ntest_wrong if 1 == 2\n")

	tests := []struct {
		name     string
		args     []string
		stdin    string
		exit     int
		stdout   []string // substrings
		stderr   []string
		noStdout []string
	}{
		{name: "stdin", args: []string{"eval", "--format", "json", "-"}, stdin: string(plan), exit: 4, stdout: []string{`"riskAssessment": "block"`}},
		{name: "terraform subcommand", args: []string{"eval", "terraform", "testdata/plans/rds-delete-no-snapshot.json"}, exit: 4, stdout: []string{"BLOCK"}},
		{name: "terraform stdin", args: []string{"eval", "terraform", "-"}, stdin: string(plan), exit: 4},
		{name: "flags after input", args: []string{"eval", "testdata/plans/rds-delete-no-snapshot.json", "--fail-on", "block", "--format", "json"}, exit: 4},
		{name: "empty stdin", args: []string{"eval", "-"}, stdin: "", exit: 1, stderr: []string{"wrong_document", "empty"}},
		{name: "garbage stdin", args: []string{"eval", "--format", "json", "-"}, stdin: "not json at all", exit: 1, stdout: []string{`"kind": "invalid_json"`}, noStdout: []string{"riskAssessment"}},
		{name: "missing file", args: []string{"eval", "testdata/plans/nope.json"}, exit: 1, stderr: []string{"cannot open the input"}},
		{name: "no input", args: []string{"eval"}, exit: 64, stderr: []string{"expected an input"}},
		{name: "two missing inputs", args: []string{"eval", "a.json", "b.json"}, exit: 1, stderr: []string{"2 of 2 inputs could not be evaluated"}},
		{name: "unknown flag", args: []string{"eval", "--bogus", "x.json"}, exit: 64, stderr: []string{"unknown flag"}},
		{name: "bad format", args: []string{"eval", "--format", "xml", "x.json"}, exit: 64, stderr: []string{"--format"}},
		{name: "fail-on allow", args: []string{"eval", "--fail-on", "allow", "x.json"}, exit: 64, stderr: []string{"--fail-on"}},
		{name: "bad timeout", args: []string{"eval", "--timeout", "soon", "x.json"}, exit: 64},
		{name: "unknown command", args: []string{"evaluate", "x.json"}, exit: 64, stderr: []string{"unknown command"}},
		{name: "state with a plan", args: []string{"eval", "--state", "testdata/states/data-workspace.tfstate", "testdata/plans/kms-key-delete.json"}, exit: 4,
			stdout: []string{"takes along 3 dependent(s)", "Cascade: aws_db_instance ×1 (depth ≤ 1)"}},
		{name: "state with a shell line", args: []string{"eval", "shell", "--state", "testdata/states/data-workspace.tfstate", "ls"}, exit: 64, stderr: []string{"--state", "Terraform plan"}},
		{name: "missing state file", args: []string{"eval", "--format", "json", "--state", "testdata/states/nope.tfstate", "testdata/plans/kms-key-delete.json"}, exit: 1,
			stdout: []string{`"field": "state"`, "cannot open the state file"}, noStdout: []string{"riskAssessment"}},
		{name: "version", args: []string{"version"}, exit: 0, stdout: []string{"recourse "}},
		{name: "schema", args: []string{"schema"}, exit: 0, stdout: []string{`"$schema": "https://json-schema.org/draft/2020-12/schema"`, "recourse.consequence.v1"}},
		{name: "help", args: []string{"eval", "--help"}, exit: 0, stdout: []string{"Exit status", "--fail-on", "Examples:"}},
		{name: "policy compile error", args: []string{"eval", "--policy", policyDir, "testdata/plans/create-only.json"}, exit: 1,
			stderr: []string{"policy_compile_error", "broken.rego:4:"}, noStdout: []string{"ALLOW"}},
		{name: "policy compile error json", args: []string{"eval", "--format", "json", "--policy", policyDir, "testdata/plans/create-only.json"}, exit: 1,
			stdout: []string{`"kind": "policy_compile_error"`, `"line": 4`}, noStdout: []string{"riskAssessment"}},
		{name: "policy dir missing", args: []string{"eval", "--policy", "does-not-exist", "testdata/plans/create-only.json"}, exit: 1, stderr: []string{"does-not-exist"}},
		{name: "policy relaxes", args: []string{"eval", "--format", "json", "--policy", relaxDir, "--environment", "dev", "--fail-on", "warn", "testdata/plans/rds-delete-no-snapshot.json"}, exit: 2,
			stdout: []string{`"riskAssessment": "warn"`, "recourse.policies.dev lowered the decision to warn", `"recourse.policies.dev"`}},
		{name: "policy does not relax elsewhere", args: []string{"eval", "--policy", relaxDir, "--environment", "staging", "testdata/plans/rds-delete-no-snapshot.json"}, exit: 4},
		{name: "policy test", args: []string{"policy", "test", relaxDir}, exit: 0, stdout: []string{"PASS: 1/1"}},
		{name: "policy test fails", args: []string{"policy", "test", failingDir}, exit: 1, stdout: []string{"FAIL"}},
		{name: "policy test default", args: []string{"policy", "test"}, exit: 0, stdout: []string{"PASS"}},
		{name: "policy test compile error", args: []string{"policy", "test", policyDir}, exit: 1, stderr: []string{"broken.rego:4:"}},
		{name: "markdown", args: []string{"eval", "--format", "markdown", "testdata/plans/rds-delete-no-snapshot.json"}, exit: 4,
			stdout: []string{"Recourse: **block**", "| 4 unrecoverable | delete | `aws_db_instance.main` |"}},
		{name: "no colour with NO_COLOR", args: []string{"eval", "testdata/plans/rds-delete-no-snapshot.json"}, exit: 4, noStdout: []string{"\x1b["}},
		{name: "completion", args: []string{"completion", "bash"}, exit: 0, stdout: []string{"bash completion"}},
		{name: "resources", args: []string{"resources"}, exit: 0, stdout: []string{"Terraform resource types", "aws.rds.instance.delete.no-recovery-point", "fs.rm.critical"}},
		{name: "resources json", args: []string{"resources", "--format", "json"}, exit: 0, stdout: []string{`"counts"`, `"terraformTypes"`, `"programs"`}},
		{name: "resources by name", args: []string{"resources", "aws_db_instance", "google_sql_*", "rm"}, exit: 0,
			stdout:   []string{"aws.rds.instance.delete.no-recovery-point", "gcp.sql.instance.delete", "gcp.sql.user.delete", "fs.rm.critical"},
			noStdout: []string{"aws.rds.cluster", "terraform.create", "no rule row"}},
		{name: "resources for a type no row has", args: []string{"resources", "acme_orders_database"}, exit: 0,
			stdout: []string{"acme_orders_database: no rule row", "reads it as database", `(from "database")`, "tier 4 unrecoverable"}},
		{name: "resources by name json", args: []string{"resources", "--format", "json", "random_password", "acme_orders_bucket"}, exit: 0,
			stdout: []string{`"utility.random-password.delete"`, `"terraformTypes": 1`, `"type": "acme_orders_bucket"`, `"category": "object-storage"`, `"destroyTier": 4`}},
		{name: "shell block", args: []string{"eval", "shell", "--format", "json", "--", "sudo rm -rf /"}, exit: 4, stdout: []string{`"riskAssessment": "block"`, `"ruleId": "fs.rm.critical"`}},
		{name: "shell allow", args: []string{"eval", "shell", "--", "ls -la"}, exit: 0, stdout: []string{"ALLOW"}},
		{name: "shell stdin", args: []string{"eval", "shell", "--format", "json", "-"}, stdin: "git reset --hard\n", exit: 4, stdout: []string{"git.reset.hard"}},
		{name: "shell cwd temp", args: []string{"eval", "shell", "--cwd", "/tmp/work", "--format", "json", "--", "rm -rf build"}, exit: 0, stdout: []string{`"riskAssessment": "warn"`, `"cwd": "/tmp/work"`}},
		{name: "shell cwd project", args: []string{"eval", "shell", "--cwd", "/srv/app/repo", "--", "rm -rf src"}, exit: 4},
		// issue 32: a directory named as build output is not proven lost:
		// needs review, naming the fact that decides.
		{name: "shell build output unproven", args: []string{"eval", "shell", "--cwd", "/srv/app/repo", "--format", "json", "--", "rm -rf build"}, exit: 3,
			stdout: []string{`"riskAssessment": "escalate"`, `"ruleId": "fs.rm.rf.output-name"`, `"gitignored:build"`}},
		{name: "shell file under /etc, existence unknown", args: []string{"eval", "shell", "--observe", "off", "--format", "json", "--", "echo 'deb https://example.com stable main' | sudo tee /etc/apt/sources.list.d/x.list"}, exit: 3,
			stdout: []string{`"riskAssessment": "escalate"`, `"exists:/etc/apt/sources.list.d/x.list"`}},
		{name: "shell new file under /etc, observed", args: []string{"eval", "shell", "--format", "json", "--", "echo 'deb https://example.com stable main' | sudo tee /etc/apt/sources.list.d/recourse-test-absent.list"}, exit: 0,
			stdout: []string{`"riskAssessment": "allow"`, `"ruleId": "fs.tee.observed.new"`, `"suppliedBy": "observed"`}},
		{name: "shell existing file under /etc", args: []string{"eval", "shell", "--", "echo x | sudo tee /etc/hosts"}, exit: 4},
		{name: "shell unparseable", args: []string{"eval", "shell", "--format", "json", "--", "rm -rf 'x"}, exit: 3, stdout: []string{`"riskAssessment": "escalate"`, "does not parse"}},
		{name: "shell empty", args: []string{"eval", "shell", "--format", "json", "--", "  "}, exit: 1, stdout: []string{`"kind": "invalid_field"`}, noStdout: []string{"riskAssessment"}},
		{name: "shell two args", args: []string{"eval", "shell", "--", "rm", "-rf"}, exit: 64, stderr: []string{"as one argument"}},
		{name: "mcp drop table", args: []string{"eval", "mcp", "--format", "json", "-"}, stdin: `{"server": "postgres", "tool": "query", "arguments": {"sql": "DROP TABLE users"}}`,
			exit: 4, stdout: []string{`"riskAssessment": "block"`, "sql.drop.data"}},
		{name: "mcp get file", args: []string{"eval", "mcp", "-"}, stdin: `{"server": "github", "tool": "get_file_contents", "arguments": {"path": "README.md"}}`, exit: 0, stdout: []string{"ALLOW"}},
		{name: "mcp sniffed", args: []string{"eval", "--format", "json", "-"}, stdin: `{"tool": "mcp__github__delete_repository", "arguments": {"owner": "a", "repo": "b"}}`,
			exit: 4, stdout: []string{`"source": "mcp"`}},
		{name: "mcp missing tool", args: []string{"eval", "mcp", "--format", "json", "-"}, stdin: `{"server": "github", "arguments": {}}`, exit: 1,
			stdout: []string{`"kind": "invalid_field"`, `"field": "tool"`, `"example"`}, noStdout: []string{"riskAssessment"}},
		{name: "mcp arguments not object", args: []string{"eval", "mcp", "-"}, stdin: `{"tool": "x", "arguments": "rm -rf /"}`, exit: 1, stderr: []string{"arguments is not a JSON object"}},
		{name: "mcp not json", args: []string{"eval", "mcp", "-"}, stdin: `tool=delete_repository`, exit: 1, stderr: []string{"invalid_json"}},
		{name: "mcp misspelt field", args: []string{"eval", "mcp", "-"}, stdin: `{"tool": "x", "argumnets": {}}`, exit: 1, stderr: []string{`did you mean "arguments"`}},
		{name: "evidence moves a verdict", args: []string{"eval", "--format", "json", "--evidence", "testdata/evidence/bucket-not-forced.json", "testdata/plans/evidence-bucket.json"},
			exit: 0, stdout: []string{`"riskAssessment": "warn"`, `"moved": true`, `"tierBefore": 5`}},
		{name: "without evidence", args: []string{"eval", "testdata/plans/evidence-bucket.json"}, exit: 3},
		{name: "evidence file missing", args: []string{"eval", "--evidence", "nope.json", "testdata/plans/evidence-bucket.json"}, exit: 1, stderr: []string{"cannot read the evidence file"}},
		{name: "owner reaches the report", args: []string{"eval", "shell", "--owner", "team-a", "--actor", "agent-7", "--format", "json", "--", "ls"}, exit: 0,
			stdout: []string{`"owner": "team-a"`, `"actor": "agent-7"`}},
		{name: "explain", args: []string{"explain", "testdata/plans/rds-variants.json", "aws_db_instance.retained"}, exit: 0,
			stdout: []string{"aws.rds.instance.delete.retained-backups", "✗ aws.rds.instance.delete.no-recovery-point", "delete_automated_backups=false", "What would change the verdict"}},
		{name: "explain json", args: []string{"explain", "--format", "json", "testdata/plans/unknown-types.json", "acme_sql_database.main"}, exit: 0,
			stdout: []string{`"classifier": true`, `"ruleId": "classifier.terraform.delete"`}},
		{name: "explain bad format", args: []string{"explain", "--format", "sarif", "testdata/plans/rds-variants.json", "aws_db_instance.retained"}, exit: 64, stderr: []string{`--format "sarif": expected human or json`}},
		{name: "explain shell bad format", args: []string{"explain", "shell", "--format", "markdown", "--", "rm -rf ./build"}, exit: 64, stderr: []string{`--format "markdown": expected human or json`}},
		{name: "resources bad format", args: []string{"resources", "--format", "xml"}, exit: 64, stderr: []string{`--format "xml": expected human or json`}},
		{name: "explain unknown address", args: []string{"explain", "testdata/plans/rds-variants.json", "aws_db_instance.retaind"}, exit: 1, stderr: []string{"did you mean aws_db_instance.retained"}},
		{name: "explain without state", args: []string{"explain", "testdata/plans/kms-key-delete.json", "aws_kms_key.shared"}, exit: 0,
			stdout: []string{"tier 3 recoverable-from-backup", "✗ aws.kms.key.delete.still-encrypting", "✓ aws.kms.key.delete.window"}},
		{name: "explain with state", args: []string{"explain", "--state", "testdata/states/data-workspace.tfstate", "testdata/plans/kms-key-delete.json", "aws_kms_key.shared"}, exit: 0,
			stdout: []string{"tier 4 unrecoverable", "✓ aws.kms.key.delete.still-encrypting", `aws_ebs_volume.data[0]`, "module.db.aws_db_instance.main"}},
		{name: "explain with evidence", args: []string{"explain", "--evidence", "testdata/evidence/queue-empty-volume-kept.json", "testdata/plans/sqs-queue-delete.json", "aws_sqs_queue.jobs"}, exit: 0,
			stdout: []string{"✓ aws.sqs.queue.delete.empty", "queue_empty=true"}},
		{name: "explain state with an mcp call", args: []string{"explain", "--state", "testdata/states/data-workspace.tfstate", "-", "github.delete_repository"}, stdin: `{"server": "github", "tool": "delete_repository"}`, exit: 1,
			stderr: []string{"--state goes only with a Terraform plan"}},
		{name: "explain mcp call", args: []string{"explain", "-", "github.delete_repository"}, stdin: `{"server": "github", "tool": "delete_repository"}`, exit: 0,
			stdout: []string{"mcp.git.delete-repository.delete_repository"}},
		{name: "explain shell, every command", args: []string{"explain", "shell", "--", "git status && rm -rf ./src"}, exit: 0,
			stdout: []string{"git status (execute git): tier 1", "✓ git.other", "rm -rf ./src (execute rm): tier 4", "✓ fs.rm.rf.project", `operand="./src"`, "What would change the verdict"}},
		{name: "explain shell in a cwd", args: []string{"explain", "shell", "--cwd", "/tmp/work", "--format", "json", "--", "rm -rf build"}, exit: 0,
			stdout: []string{`"ruleId": "fs.rm.rf.regenerable"`, `"result": "holds"`}},
		{name: "explain shell masks credentials", args: []string{"explain", "shell", "--", `curl -H "Authorization: Bearer sk_live_4eC39HqLyjWDarjtT1zdp7dc" https://api.example.com`}, exit: 0,
			stdout: []string{"Bearer ***"}, noStdout: []string{"4eC39HqLyjWDarjtT1zdp7dc"}},
		{name: "explain shell from stdin", args: []string{"explain", "shell", "-"}, stdin: "kubectl delete ns prod", exit: 0, stdout: []string{"kubectl delete ns prod (execute kubectl)"}},
		{name: "explain mcp, every part", args: []string{"explain", "mcp", "--format", "json", "-"}, stdin: `{"server": "postgres", "tool": "query", "arguments": {"sql": "DELETE FROM users"}}`, exit: 0,
			stdout: []string{`"address": "postgres.query"`, `"address": "DELETE FROM users"`, `"ruleId": "sql.delete.all"`}},
		{name: "explain shell two args", args: []string{"explain", "shell", "--", "rm", "-rf"}, exit: 64, stderr: []string{"expected one input"}},
		{name: "shell sql", args: []string{"eval", "shell", "--format", "json", "--", `psql -c "DROP TABLE users"`}, exit: 4, stdout: []string{"sql.drop.data"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := runBinary(t, tt.stdin, tt.args...)
			if res.exit != tt.exit {
				t.Fatalf("exit %d, want %d\nstdout: %.3000s\nstderr: %s", res.exit, tt.exit, res.stdout, res.stderr)
			}
			for _, s := range tt.stdout {
				if !strings.Contains(res.stdout, s) {
					t.Errorf("stdout lacks %q:\n%.3000s", s, res.stdout)
				}
			}
			for _, s := range tt.stderr {
				if !strings.Contains(res.stderr, s) {
					t.Errorf("stderr lacks %q:\n%s", s, res.stderr)
				}
			}
			for _, s := range tt.noStdout {
				if strings.Contains(res.stdout, s) {
					t.Errorf("stdout contains %q:\n%.3000s", s, res.stdout)
				}
			}
		})
	}
}

func TestSARIF(t *testing.T) {
	res := runBinary(t, "", "eval", "--format", "sarif", "testdata/plans/ebs-kms.json")
	if res.exit != 4 {
		t.Fatalf("exit %d: %s", res.exit, res.stderr)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []struct {
				RuleID string `json:"ruleId"`
				Level  string `json:"level"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(res.stdout), &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || len(log.Runs[0].Results) != 4 {
		t.Fatalf("sarif: %+v", log)
	}
	if r := log.Runs[0].Results[0]; r.RuleID != "aws.ebs.volume.delete" || r.Level != "error" {
		t.Fatalf("first result %+v, want the unrecoverable volume as an error", r)
	}
}

// TestDeadline: an evaluation past --timeout is an error, never a decision.
func TestDeadline(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.json")
	writeFile(t, path, string(plangen.Plan(20000)))
	res := runBinary(t, "", "eval", "--format", "json", "--timeout", "1ms", path)
	if res.exit != 1 || !strings.Contains(res.stdout, `"kind": "deadline_exceeded"`) {
		t.Fatalf("exit %d\nstdout: %.500s\nstderr: %s", res.exit, res.stdout, res.stderr)
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestGitHubFormat: --format github prints workflow commands: an ::error
// per unrecoverable or needs-review change on the input file, the
// decision as a ::notice, values escaped so that a comma, a colon or a
// newline in a command line cannot end a property or the command; an
// input that cannot be evaluated is an ::error, never a notice.
func TestGitHubFormat(t *testing.T) {
	res := runBinary(t, "", "eval", "--format", "github", "testdata/plans/rds-delete-no-snapshot.json")
	if res.exit != 4 || !strings.HasPrefix(res.stdout, "::error file=testdata/plans/rds-delete-no-snapshot.json,title=Recourse%3A aws_db_instance.main (tier 4 unrecoverable)::") ||
		!strings.Contains(res.stdout, "\n::notice file=testdata/plans/rds-delete-no-snapshot.json,title=Recourse%3A BLOCK::") {
		t.Errorf("plan: exit %d\n%s", res.exit, res.stdout)
	}
	res = runBinary(t, "", "eval", "shell", "--format", "github", "--", "rm -rf ~/a,b:c\necho done")
	if lines := strings.Split(strings.TrimSpace(res.stdout), "\n"); len(lines) != 2 || !strings.Contains(lines[0], "title=Recourse%3A rm -rf ~/a%2Cb%3Ac (tier 4") {
		t.Errorf("shell: %q", res.stdout)
	}
	res = runBinary(t, "", "eval", "--format", "github", "does-not-exist.json")
	if res.exit != 1 || !strings.HasPrefix(res.stdout, "::error title=Recourse could not evaluate the input") || strings.Contains(res.stdout, "::notice") {
		t.Errorf("error: exit %d %q", res.exit, res.stdout)
	}
}

// TestJUnitFormat: --format junit is JUnit XML with a failing test case
// per unrecoverable change, a passing one with its recovery requirement
// per recoverable change, and, for an input that cannot be evaluated, a
// case in error (never a passing suite).
func TestJUnitFormat(t *testing.T) {
	type suites struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
		Errors   int `xml:"errors,attr"`
		Suite    []struct {
			Cases []struct {
				Name      string    `xml:"name,attr"`
				Failure   *struct{} `xml:"failure"`
				SystemOut string    `xml:"system-out"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	tests := []struct {
		args                    []string
		exit, failures, errors  int
		passingWithRequirements int
	}{
		{[]string{"eval", "--format", "junit", "testdata/plans/rds-delete-no-snapshot.json"}, 4, 1, 0, 0},
		{[]string{"eval", "shell", "--format", "junit", "--", "rm /srv/notes.txt && rm -rf ~"}, 4, 1, 0, 1},
		{[]string{"eval", "--format", "junit", "does-not-exist.json"}, 1, 0, 1, 0},
	}
	for _, tt := range tests {
		res := runBinary(t, "", tt.args...)
		var got suites
		if err := xml.Unmarshal([]byte(res.stdout), &got); err != nil {
			t.Fatalf("%v: not XML: %v\n%s", tt.args, err, res.stdout)
		}
		passing := 0
		for _, s := range got.Suite {
			for _, c := range s.Cases {
				if c.Failure == nil && c.SystemOut != "" {
					passing++
				}
			}
		}
		if res.exit != tt.exit || got.Failures != tt.failures || got.Errors != tt.errors || passing != tt.passingWithRequirements {
			t.Errorf("%v: exit %d, %d failures, %d errors, %d passing with a requirement\n%s", tt.args, res.exit, got.Failures, got.Errors, passing, res.stdout)
		}
	}
}

// TestMarkdownFitsAComment: the Markdown report of a plan of any size stays
// under GitHub's 65,536-character comment limit, with the changes that are
// not reversible first and a note of how many it left out.
func TestMarkdownFitsAComment(t *testing.T) {
	path := filepath.Join(t.TempDir(), "plan.json")
	writeFile(t, path, string(plangen.Plan(5000)))
	res := runBinary(t, "", "eval", "--format", "markdown", path)
	out := res.stdout
	if len(out) > 60000 || !strings.Contains(out, "more changes, not listed here") || !strings.Contains(out, "**Decision:**") {
		t.Fatalf("%d bytes; the note or the decision is missing:\n%s", len(out), out[len(out)-min(len(out), 2000):])
	}
	if first := strings.Index(out, "| 1 reversible"); first >= 0 && first < strings.Index(out, "| 4 unrecoverable") {
		t.Error("a reversible change comes before an unrecoverable one")
	}
}

// TestGitLabSASTSchema holds --format gitlab-sast to what GitLab's security
// report schema 15.0.7 (sast-report-format.json, which GitLab validates a
// report against before showing it) requires, for a plan, a plan with
// cross-action risks, a shell line, an MCP call and an input that cannot be
// evaluated. The schema is not reachable from CI (gitlab.com, and not
// served by npm or the Go module proxy), so its constraints are stated
// here, read from the schema: required members, patterns, enumerations
// and lengths.
func TestGitLabSASTSchema(t *testing.T) {
	call := filepath.Join(t.TempDir(), "call.json")
	if err := os.WriteFile(call, []byte(`{"server":"github","tool":"delete_repository","arguments":{"owner":"acme","repo":"api"}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		args  []string
		vulns bool
	}{
		{"plan", []string{"eval", "--format", "gitlab-sast", "testdata/plans/rds-delete-no-snapshot.json"}, true},
		{"cross-action", []string{"eval", "--format", "gitlab-sast", "testdata/plans/xa-dangerous.json"}, true},
		{"shell", []string{"eval", "shell", "--format", "gitlab-sast", "--", "git status && rm -rf ~"}, true},
		{"mcp", []string{"eval", "mcp", "--format", "gitlab-sast", call}, true},
		{"error", []string{"eval", "--format", "gitlab-sast", "testdata/plans/error-truncated.json"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := runBinary(t, "", tc.args...)
			var doc map[string]any
			if err := json.Unmarshal([]byte(res.stdout), &doc); err != nil {
				t.Fatalf("not JSON: %v\n%s", err, res.stdout)
			}
			for _, problem := range gitlabSchemaProblems(doc) {
				t.Error(problem)
			}
			if vulns, _ := doc["vulnerabilities"].([]any); (len(vulns) > 0) != tc.vulns {
				t.Errorf("%d vulnerabilities", len(vulns))
			}
		})
	}
}

// TestGitLabSchemaProblems: the checker above finds each kind of break.
func TestGitLabSchemaProblems(t *testing.T) {
	doc := map[string]any{}
	if err := json.Unmarshal([]byte(`{"version": "15.0", "scan": {"start_time": "2026-11-28 13:00:00", "end_time": "2026-11-28T13:00:00",
		"status": "ok", "analyzer": {"id": "", "name": "n", "version": "1", "vendor": {"name": "v"}, "url": "ftp://x"},
		"scanner": {"id": "i", "name": "n", "version": "1"}, "messages": [{"level": "error", "value": ""}]},
		"vulnerabilities": [{"id": "x", "severity": "Severe", "identifiers": [{"type": "t", "name": "", "value": "v", "url": "docs"}],
		"location": {"start_line": "9"}}, {"id": "y", "name": "`+strings.Repeat("n", 256)+`", "location": {}, "identifiers": []}]}`), &doc); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(gitlabSchemaProblems(doc), "\n")
	for _, want := range []string{"report.version", "scan.start_time", "scan.status", "scan.type is required", "scan.analyzer.id",
		"scan.analyzer.url", "scan.scanner.vendor must be", "scan.messages[0].level", "scan.messages[0].value",
		"vulnerabilities[0].severity", "vulnerabilities[0].identifiers[0].name", "vulnerabilities[0].identifiers[0].url",
		"vulnerabilities[0].location.start_line", "vulnerabilities[1].name is longer", "vulnerabilities[1].identifiers needs"} {
		if !strings.Contains(got, want) {
			t.Errorf("not found: %s\nin:\n%s", want, got)
		}
	}
}

// gitlabSchemaProblems lists where doc breaks GitLab's SAST report schema
// 15.0.7.
func gitlabSchemaProblems(doc map[string]any) []string {
	var problems []string
	bad := func(format string, a ...any) { problems = append(problems, fmt.Sprintf(format, a...)) }
	str := func(where string, obj map[string]any, key string, required bool, minLen, maxLen int, pattern *regexp.Regexp, enum ...string) {
		v, present := obj[key]
		if !present {
			if required {
				bad("%s.%s is required", where, key)
			}
			return
		}
		s, ok := v.(string)
		switch n := utf8.RuneCountInString(s); {
		case !ok:
			bad("%s.%s is %T, not a string", where, key, v)
		case n < minLen:
			bad("%s.%s is shorter than %d", where, key, minLen)
		case maxLen > 0 && n > maxLen:
			bad("%s.%s is longer than %d (%d)", where, key, maxLen, n)
		case pattern != nil && !pattern.MatchString(s):
			bad("%s.%s %q does not match %s", where, key, s, pattern)
		case len(enum) > 0 && !slices.Contains(enum, s):
			bad("%s.%s %q is not one of %v", where, key, s, enum)
		}
	}
	object := func(where string, obj map[string]any, key string) map[string]any {
		m, ok := obj[key].(map[string]any)
		if !ok {
			bad("%s.%s must be an object", where, key)
		}
		return m
	}
	var (
		version = regexp.MustCompile(`^[0-9]+\.[0-9]+\.[0-9]+$`)
		httpURL = regexp.MustCompile(`^https?://.+`)
		anyURL  = regexp.MustCompile(`^(https?|ftp)://.+`)
		time    = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$`)
	)
	str("report", doc, "version", true, 0, 0, version)
	str("report", doc, "schema", false, 0, 0, httpURL)
	scan := object("report", doc, "scan")
	if scan == nil {
		return problems
	}
	for _, k := range []string{"start_time", "end_time"} {
		str("scan", scan, k, true, 0, 0, time)
	}
	str("scan", scan, "status", true, 0, 0, nil, "success", "failure")
	str("scan", scan, "type", true, 0, 0, nil, "sast")
	for _, k := range []string{"analyzer", "scanner"} {
		tool := object("scan", scan, k)
		if tool == nil {
			continue
		}
		for _, f := range []string{"id", "name", "version"} {
			str("scan."+k, tool, f, true, 1, 0, nil)
		}
		if k == "analyzer" {
			str("scan."+k, tool, "url", false, 0, 0, httpURL)
		}
		if vendor := object("scan."+k, tool, "vendor"); vendor != nil {
			str("scan."+k+".vendor", vendor, "name", true, 1, 0, nil)
		}
	}
	messages, _ := scan["messages"].([]any)
	for i, m := range messages {
		msg, _ := m.(map[string]any)
		where := fmt.Sprintf("scan.messages[%d]", i)
		str(where, msg, "level", true, 0, 0, nil, "info", "warn", "fatal")
		str(where, msg, "value", true, 1, 0, nil)
	}
	vulns, ok := doc["vulnerabilities"].([]any)
	if !ok {
		bad("report.vulnerabilities must be an array")
	}
	for i, v := range vulns {
		vuln, _ := v.(map[string]any)
		where := fmt.Sprintf("vulnerabilities[%d]", i)
		str(where, vuln, "id", true, 1, 0, nil)
		str(where, vuln, "name", false, 0, 255, nil)
		str(where, vuln, "description", false, 0, 1<<20, nil)
		str(where, vuln, "solution", false, 0, 7000, nil)
		str(where, vuln, "severity", false, 0, 0, nil, "Info", "Unknown", "Low", "Medium", "High", "Critical")
		if loc := object(where, vuln, "location"); loc != nil {
			str(where+".location", loc, "file", false, 0, 0, nil)
			if line, present := loc["start_line"]; present {
				if _, ok := line.(float64); !ok {
					bad("%s.location.start_line is %T, not a number", where, line)
				}
			}
		}
		ids, _ := vuln["identifiers"].([]any)
		if len(ids) == 0 {
			bad("%s.identifiers needs at least one identifier", where)
		}
		for j, id := range ids {
			ident, _ := id.(map[string]any)
			w := fmt.Sprintf("%s.identifiers[%d]", where, j)
			for _, f := range []string{"type", "name", "value"} {
				str(w, ident, f, true, 1, 0, nil)
			}
			str(w, ident, "url", false, 0, 0, anyURL)
		}
	}
	return problems
}

// TestGitLabSASTFormat: --format gitlab-sast is GitLab's SAST report: a
// vulnerability per change that is not reversible, in the input file at
// the change's line, with the rule as identifier and a severity by tier;
// an input that cannot be evaluated is a failed scan with no
// vulnerabilities (never "nothing found" on a successful scan).
func TestGitLabSASTFormat(t *testing.T) {
	type report struct {
		Version         string `json:"version"`
		Vulnerabilities []struct {
			ID, Category, Name, Description, Severity string
			Location                                  struct {
				File      string `json:"file"`
				StartLine int    `json:"start_line"`
			} `json:"location"`
			Identifiers []struct{ Type, Name, Value, URL string } `json:"identifiers"`
		} `json:"vulnerabilities"`
		Scan struct {
			Type, Status string
			Analyzer     struct{ ID, Version string } `json:"analyzer"`
			Messages     []struct{ Level, Value string }
		} `json:"scan"`
	}
	res := runBinary(t, "", "eval", "--format", "gitlab-sast", "testdata/plans/rds-delete-no-snapshot.json")
	var got report
	if err := json.Unmarshal([]byte(res.stdout), &got); err != nil {
		t.Fatal(err)
	}
	if got.Version == "" || got.Scan.Type != "sast" || got.Scan.Status != "success" || len(got.Vulnerabilities) != 1 {
		t.Fatalf("%+v", got)
	}
	v := got.Vulnerabilities[0]
	if v.Severity != "Critical" || v.Category != "sast" || v.Location.File != "testdata/plans/rds-delete-no-snapshot.json" || v.Location.StartLine != 9 ||
		len(v.Identifiers) != 1 || v.Identifiers[0].Value != "aws.rds.instance.delete.no-recovery-point" || v.ID == "" {
		t.Errorf("%+v", v)
	}
	res = runBinary(t, "", "eval", "--format", "gitlab-sast", "does-not-exist.json")
	got = report{}
	if err := json.Unmarshal([]byte(res.stdout), &got); err != nil || res.exit != 1 || got.Scan.Status != "failure" || len(got.Vulnerabilities) != 0 || len(got.Scan.Messages) != 1 {
		t.Errorf("error: exit %d %+v %v", res.exit, got, err)
	}
}

// TestHelpExamplesNameRealFiles: every testdata file a command's example
// names is there, so that a person who copies the example gets a verdict,
// not "no such file".
func TestHelpExamplesNameRealFiles(t *testing.T) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, word := range strings.Fields(c.Example) {
			if !strings.HasPrefix(word, "testdata/") {
				continue
			}
			if _, err := os.Stat(filepath.Join("..", "..", word)); err != nil {
				t.Errorf("%s: its example names %s: %v", c.CommandPath(), word, err)
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRoot(strings.NewReader(""), io.Discard, io.Discard))
}

// TestSmallThingsANewUserTripsOn: --cwd . is resolved, not ignored; a
// command line given without -- gets told to put -- before it; an error
// with --format markdown says so on stdout.
func TestSmallThingsANewUserTripsOn(t *testing.T) {
	dir := t.TempDir()
	abs := runWith(t, dir, nil, "", "eval", "shell", "--format", "json", "--cwd", dir, "--", "rm -rf build")
	rel := runWith(t, dir, nil, "", "eval", "shell", "--format", "json", "--cwd", ".", "--", "rm -rf build")
	if rel.exit != abs.exit || rel.stdout != abs.stdout {
		t.Errorf("--cwd . and --cwd %s differ:\n%s\n%s", dir, rel.stdout, abs.stdout)
	}
	res := runBinary(t, "", "eval", "shell", "rm", "-rf", "x")
	if res.exit != 64 || !strings.Contains(res.stderr, "goes after --") {
		t.Errorf("eval shell rm -rf x: exit %d, %q", res.exit, res.stderr)
	}
	res = runBinary(t, "", "eval", "--format", "markdown", "testdata/plans/nope.json")
	if res.exit != 1 || !strings.Contains(res.stdout, "Recourse could not evaluate the input") || !strings.Contains(res.stdout, "not a decision") {
		t.Errorf("markdown error: exit %d, stdout %q", res.exit, res.stdout)
	}
}
