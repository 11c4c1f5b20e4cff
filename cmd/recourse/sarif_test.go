package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"
)

// TestSARIFForCodeScanning: --format sarif is valid SARIF 2.1.0 (the
// OASIS schema, through go-sarif) for every kind of input and for an
// input that cannot be evaluated, and holds what GitHub code scanning
// requires of a result: a physical location with a line in a file, a
// fingerprint, and a rule with a full description, help, a help URI and a
// security severity; cross-action risks are results too.
func TestSARIFForCodeScanning(t *testing.T) {
	call := filepath.Join(t.TempDir(), "call.json")
	if err := os.WriteFile(call, []byte(`{"server":"github","tool":"delete_repository","arguments":{"owner":"acme","repo":"api"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		args    []string
		file    string
		results int
		xa      bool
		failed  bool
	}{
		{"a plan", []string{"eval", "--format", "sarif", "testdata/plans/rds-delete-no-snapshot.json"}, "testdata/plans/rds-delete-no-snapshot.json", 1, false, false},
		{"cross-action risks", []string{"eval", "--format", "sarif", "testdata/plans/xa-dangerous.json"}, "testdata/plans/xa-dangerous.json", 1, true, false},
		{"a shell line", []string{"eval", "shell", "--format", "sarif", "--", "echo ok\nrm -rf ~"}, "recourse-input.sh", 1, false, false},
		{"an MCP call", []string{"eval", "mcp", "--format", "sarif", call}, "file://" + filepath.ToSlash(call), 1, false, false},
		{"an error", []string{"eval", "--format", "sarif", "testdata/plans/error-truncated.json"}, "", 0, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := runBinary(t, "", tt.args...)
			validSARIF(t, res.stdout)
			var log struct {
				Runs []struct {
					Tool struct {
						Driver struct {
							Version string `json:"version"`
							Rules   []struct {
								ID              string                          `json:"id"`
								FullDescription struct{ Text string }           `json:"fullDescription"`
								Help            struct{ Text, Markdown string } `json:"help"`
								HelpURI         string                          `json:"helpUri"`
								Properties      map[string]any                  `json:"properties"`
							} `json:"rules"`
						} `json:"driver"`
					} `json:"tool"`
					Invocations []struct {
						ExecutionSuccessful bool `json:"executionSuccessful"`
					} `json:"invocations"`
					Results []struct {
						RuleID    string `json:"ruleId"`
						RuleIndex int    `json:"ruleIndex"`
						Locations []struct {
							PhysicalLocation struct {
								ArtifactLocation struct{ URI string } `json:"artifactLocation"`
								Region           struct {
									StartLine int `json:"startLine"`
								} `json:"region"`
							} `json:"physicalLocation"`
						} `json:"locations"`
						PartialFingerprints map[string]string `json:"partialFingerprints"`
					} `json:"results"`
				} `json:"runs"`
			}
			if err := json.Unmarshal([]byte(res.stdout), &log); err != nil || len(log.Runs) != 1 {
				t.Fatalf("%v", err)
			}
			run := log.Runs[0]
			if run.Tool.Driver.Version == "" || len(run.Invocations) != 1 || run.Invocations[0].ExecutionSuccessful == tt.failed {
				t.Errorf("tool version %q, invocations %+v", run.Tool.Driver.Version, run.Invocations)
			}
			if len(run.Results) < tt.results {
				t.Fatalf("%d results, want at least %d", len(run.Results), tt.results)
			}
			sawXA := false
			for _, r := range run.Results {
				if r.RuleIndex < 0 || r.RuleIndex >= len(run.Tool.Driver.Rules) || run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
					t.Errorf("%s: ruleIndex %d does not name its rule", r.RuleID, r.RuleIndex)
				}
				if len(r.Locations) == 0 || r.Locations[0].PhysicalLocation.ArtifactLocation.URI != tt.file || r.Locations[0].PhysicalLocation.Region.StartLine < 1 {
					t.Errorf("%s: locations %+v, want %s at a line", r.RuleID, r.Locations, tt.file)
				}
				if len(r.PartialFingerprints) == 0 {
					t.Errorf("%s: no partialFingerprints", r.RuleID)
				}
				sawXA = sawXA || strings.HasPrefix(r.RuleID, "xa.")
			}
			if sawXA != tt.xa {
				t.Errorf("cross-action results: %v, want %v", sawXA, tt.xa)
			}
			for _, rule := range run.Tool.Driver.Rules {
				if rule.FullDescription.Text == "" || rule.Help.Text == "" || !strings.HasPrefix(rule.HelpURI, "https://") || rule.Properties["security-severity"] == nil {
					t.Errorf("rule %s lacks what code scanning shows: %+v", rule.ID, rule)
				}
			}
		})
	}
	// A plan's change is placed at the line of its address in the plan.
	res := runBinary(t, "", "eval", "--format", "sarif", "testdata/plans/rds-delete-no-snapshot.json")
	if !strings.Contains(res.stdout, `"startLine": 9`) {
		t.Errorf("the change is not at line 9, where the plan has its address:\n%s", res.stdout)
	}
}

// TestShellFindingsOnTheirLines: a script's findings are placed at the
// line and column of their command in every format that places findings
// (SARIF, GitLab SAST, JUnit's message is not placed; the JSON report
// carries intent.location).
func TestShellFindingsOnTheirLines(t *testing.T) {
	script := "echo start\ncd /tmp\n\n  rm -rf /srv/data\necho done; git push --force origin main\n"
	tests := []struct {
		format string
		want   []string
	}{
		{"sarif", []string{`"startLine": 4,`, `"startColumn": 3`, `"startLine": 5,`, `"startColumn": 12`}},
		{"gitlab-sast", []string{`"start_line": 4`, `"start_line": 5`}},
		{"json", []string{`"location": {`, `"startLine": 4,`, `"startColumn": 3`}},
	}
	for _, tt := range tests {
		t.Run(tt.format, func(t *testing.T) {
			res := runBinary(t, script, "eval", "shell", "--format", tt.format, "-")
			for _, w := range tt.want {
				if !strings.Contains(res.stdout, w) {
					t.Errorf("--format %s lacks %s:\n%s", tt.format, w, res.stdout)
				}
			}
			if tt.format != "json" && strings.Contains(res.stdout, `"startLine": 1,`) {
				t.Errorf("--format %s places a finding on line 1:\n%s", tt.format, res.stdout)
			}
		})
	}
}

// TestSARIFOnTerraformSource: the findings of a plan of a real
// multi-module project (internal/tfsource/testdata/terraform-aws-rds) are
// placed at their resource blocks in the .tf files, through local modules
// and at the module call of a registry module, in SARIF (valid 2.1.0),
// GitHub annotations and GitLab SAST; without configuration, at the
// plan's lines.
func TestSARIFOnTerraformSource(t *testing.T) {
	dir := "../../internal/tfsource/testdata/terraform-aws-rds"
	plan := "examples/complete-postgres/plan.json"
	res := runWith(t, dir, nil, "", "eval", "--format", "sarif", plan)
	rep := validSARIF(t, res.stdout)
	want := map[string]string{ // address → file:startLine-endLine
		"module.db.module.db_instance.aws_db_instance.this[0]":               "modules/db_instance/main.tf:30-160",
		"module.db_default.module.db_instance.aws_db_instance.this[0]":       "modules/db_instance/main.tf:30-160",
		"module.db.module.db_parameter_group.aws_db_parameter_group.this[0]": "modules/db_parameter_group/main.tf:8-38",
		"module.vpc.aws_vpc.this[0]":                                         "examples/complete-postgres/main.tf:192-207",
	}
	got := map[string]string{}
	for _, r := range rep.Runs[0].Results {
		loc := r.Locations[0]
		got[*loc.LogicalLocations[0].FullyQualifiedName] = fmt.Sprintf("%s:%d-%d", *loc.PhysicalLocation.ArtifactLocation.URI,
			*loc.PhysicalLocation.Region.StartLine, *loc.PhysicalLocation.Region.EndLine)
	}
	for addr, w := range want {
		if got[addr] != w {
			t.Errorf("%s at %q, want %s", addr, got[addr], w)
		}
	}
	gh := runWith(t, dir, nil, "", "eval", "--format", "github", plan)
	if !strings.Contains(gh.stdout, "::error file=modules/db_instance/main.tf,line=30,endLine=160,") {
		t.Errorf("annotations not on the .tf block:\n%s", gh.stdout)
	}
	gl := runWith(t, dir, nil, "", "eval", "--format", "gitlab-sast", plan)
	if !strings.Contains(gl.stdout, `"file": "modules/db_instance/main.tf",`) || !strings.Contains(gl.stdout, `"end_line": 160`) {
		t.Errorf("GitLab findings not on the .tf block:\n%s", gl.stdout)
	}
	// The same plan elsewhere, with no configuration beside it or in the
	// working directory: the plan's own lines.
	elsewhere := filepath.Join(t.TempDir(), "plan.json")
	data, err := os.ReadFile(filepath.Join(dir, plan))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(elsewhere, data, 0o644); err != nil {
		t.Fatal(err)
	}
	bare := runWith(t, filepath.Dir(elsewhere), nil, "", "eval", "--format", "sarif", elsewhere)
	if strings.Contains(bare.stdout, "main.tf") || !strings.Contains(bare.stdout, `"startLine": 9`) {
		t.Errorf("without configuration the findings should stay in the plan:\n%s", bare.stdout)
	}
	usage := runWith(t, dir, nil, "", "eval", "--tf-dir", "modules/../../", plan)
	if usage.exit != 64 || !strings.Contains(usage.stderr, "--tf-dir") {
		t.Errorf("--tf-dir without configuration: exit %d, %s", usage.exit, usage.stderr)
	}
}

// validSARIF parses out as SARIF and holds it to the SARIF 2.1.0 schema
// (the OASIS schema, through go-sarif).
func validSARIF(t *testing.T, out string) *sarif.Report {
	t.Helper()
	rep, err := sarif.FromBytes([]byte(out))
	if err != nil {
		t.Fatalf("not SARIF: %v\n%s", err, out)
	}
	// go-sarif writes a run's and a tool's language and the run's newline
	// sequences back even when a log leaves them out, as ours does (they
	// are optional, with defaults): give them their defaults, so that the
	// schema judges what Recourse wrote.
	for _, run := range rep.Runs {
		run.Language, run.NewlineSequences = "en-US", []string{"\r\n", "\n"}
		if run.Tool.Driver != nil {
			run.Tool.Driver.Language = "en-US"
		}
	}
	if err := rep.Validate(); err != nil {
		t.Fatalf("invalid SARIF 2.1.0: %v", err)
	}
	return rep
}
