package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEvalManyInputs: files, a directory and NDJSON on stdin are judged in
// one run, with a section per input; the exit status is the worst
// decision's, or 1 when any input could not be evaluated.
func TestEvalManyInputs(t *testing.T) {
	plans := "testdata/plans/"
	empty := t.TempDir()
	oneDoc, err := os.ReadFile("../../testdata/plans/rds-delete-no-snapshot.json")
	if err != nil {
		t.Fatal(err)
	}
	ndjson := `{"server":"github","tool":"list_issues","arguments":{"owner":"a","repo":"b"}}` + "\n\n" +
		`{"server":"github","tool":"delete_repository","arguments":{"owner":"a","repo":"b"}}` + "\n"
	tests := []struct {
		name  string
		stdin string
		args  []string
		exit  int
		want  []string
	}{
		{"two files", "", []string{"eval", plans + "no-changes.json", plans + "rds-delete-no-snapshot.json"}, 4,
			[]string{"== " + plans + "no-changes.json ==", "== " + plans + "rds-delete-no-snapshot.json ==", "2 inputs; overall: BLOCK"}},
		{"below fail-on", "", []string{"eval", "terraform", plans + "no-changes.json", plans + "create-only.json"}, 0,
			[]string{"2 inputs; overall: ALLOW"}},
		{"NDJSON", ndjson, []string{"eval", "mcp", "--format", "markdown", "-"}, 4,
			[]string{"## -:1", "## -:3", "**2 inputs; overall: BLOCK**"}},
		{"one document on stdin is an ordinary run", string(oneDoc), []string{"eval", "-"}, 4,
			[]string{"Decision: BLOCK"}},
		{"an input that fails", "", []string{"eval", plans + "no-changes.json", plans + "error-truncated.json"}, 1,
			[]string{"overall: ERROR", "could not be evaluated"}},
		{"a missing file", "", []string{"eval", plans + "no-changes.json", plans + "nope.json"}, 1,
			[]string{"overall: ERROR"}},
		{"an empty directory", "", []string{"eval", empty}, 64, nil},
		{"stdin with files", "", []string{"eval", "-", plans + "no-changes.json"}, 64, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := runBinary(t, tt.stdin, tt.args...)
			out := res.stdout + res.stderr
			if res.exit != tt.exit {
				t.Fatalf("exit %d, want %d\n%s", res.exit, tt.exit, out)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

// TestEvalManyFormats: a run over a directory is one JSON document with a
// section per file, one SARIF run (valid 2.1.0, rules merged, results of
// every file at their own files) and one JUnit document.
func TestEvalManyFormats(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"rds-delete-no-snapshot.json", "xa-dangerous.json", "no-changes.json"} {
		data, err := os.ReadFile(filepath.Join("../../testdata/plans", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res := runBinary(t, "", "eval", "--format", "json", dir)
	var doc struct {
		RiskAssessment string `json:"riskAssessment"`
		Inputs         []struct {
			Input  string          `json:"input"`
			Report json.RawMessage `json:"report"`
		} `json:"inputs"`
	}
	if err := json.Unmarshal([]byte(res.stdout), &doc); err != nil || res.exit != 4 || doc.RiskAssessment != "block" || len(doc.Inputs) != 3 {
		t.Fatalf("exit %d, %v: %+v", res.exit, err, doc)
	}
	if doc.Inputs[0].Input != filepath.Join(dir, "no-changes.json") {
		t.Errorf("inputs not in name order: %s first", doc.Inputs[0].Input)
	}

	res = runBinary(t, "", "eval", "--format", "sarif", dir)
	log := validSARIF(t, res.stdout)
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs: code scanning takes one per tool and category", len(log.Runs))
	}
	files := map[string]bool{}
	for _, r := range log.Runs[0].Results {
		if rule := log.Runs[0].Tool.Driver.Rules[r.RuleIndex]; *rule.ID != *r.RuleID {
			t.Errorf("result %s points at rule %s", *r.RuleID, *rule.ID)
		}
		files[filepath.Base(*r.Locations[0].PhysicalLocation.ArtifactLocation.URI)] = true
	}
	if !files["rds-delete-no-snapshot.json"] || !files["xa-dangerous.json"] {
		t.Errorf("results are not at their files: %v", files)
	}

	res = runBinary(t, "", "eval", "--format", "junit", dir)
	if strings.Count(res.stdout, "<testsuites") != 1 || strings.Count(res.stdout, "<testsuite ") != 3 {
		t.Errorf("want one testsuites with three suites:\n%s", res.stdout)
	}
}
