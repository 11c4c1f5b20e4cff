package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/internal/schematest"
)

// binary is the recourse binary built once for every test that runs the
// real command line.
var binary string

// stateDir is XDG_STATE_HOME for every run of the binary.
var stateDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "recourse-bin-")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "recourse")
	// The hooks' allow-once codes go to a state directory of the tests'
	// own, never the user's.
	stateDir = filepath.Join(dir, "state")
	os.Setenv("XDG_STATE_HOME", stateDir)
	// Nor does the user's own configuration apply.
	os.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		panic("building recourse: " + err.Error())
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// result is one run of the binary.
type result struct {
	stdout, stderr string
	exit           int
}

// runBinary runs recourse with args, feeding stdin, in dir (the repository
// root when empty).
func runBinary(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	return runWith(t, "../..", nil, stdin, args...)
}

// runWith runs the binary in dir, with env added to the environment.
func runWith(t *testing.T, dir string, env []string, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(stdin)
	cmd.Env = append(append(os.Environ(), "NO_COLOR=1"), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	res := result{stdout: out.String(), stderr: errb.String()}
	var exitErr *exec.ExitError
	switch {
	case errors.As(err, &exitErr):
		res.exit = exitErr.ExitCode()
	case err != nil:
		t.Fatalf("running recourse %v: %v", args, err)
	}
	return res
}

// expectation is a fixture's sidecar (NAME.expect.json).
type expectation struct {
	Description       string              `json:"description"`
	Args              []string            `json:"args"`
	Exit              int                 `json:"exit"`
	Decision          string              `json:"decision"`
	Tiers             map[string]int      `json:"tiers"`
	Rules             map[string]string   `json:"rules"`
	ReasoningContains map[string][]string `json:"reasoningContains"`
	MustNotContain    []string            `json:"mustNotContain"`
	Error             string              `json:"error"`
	ErrorContains     []string            `json:"errorContains"`
	Risks             *[]string           `json:"risks"`
	// Dependents lists, per destroyed address, its dependency impact as
	// "address@depth" in report order.
	Dependents map[string][]string `json:"dependents"`
	Line       int                 `json:"line"`
	Variants   []struct {
		Args     []string `json:"args"`
		Exit     int      `json:"exit"`
		Decision string   `json:"decision"`
	} `json:"variants"`
}

type reportDoc struct {
	RiskAssessment   string `json:"riskAssessment"`
	AssessmentReason string `json:"assessmentReason"`
	CrossActionRisks []struct {
		ID string `json:"id"`
	} `json:"crossActionRisks"`
	Mutations []struct {
		Intent struct {
			Target struct {
				ID string `json:"id"`
			} `json:"target"`
		} `json:"intent"`
		DependencyImpact []struct {
			Address string `json:"address"`
			Depth   int    `json:"depth"`
		} `json:"dependencyImpact"`
		Recoverability struct {
			Tier      int    `json:"tier"`
			Reasoning string `json:"reasoning"`
			RuleID    string `json:"ruleId"`
		} `json:"recoverability"`
	} `json:"mutations"`
}

type errorDoc struct {
	SchemaVersion string `json:"schemaVersion"`
	Error         struct {
		Kind    string `json:"kind"`
		Message string `json:"message"`
		Line    int    `json:"line"`
		Column  int    `json:"column"`
	} `json:"error"`
}

// TestPlanFixtures runs every plan in testdata/plans through the built
// binary and checks it against its sidecar.
func TestPlanFixtures(t *testing.T) {
	plans, err := filepath.Glob("../../testdata/plans/*.json")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, plan := range plans {
		if strings.HasSuffix(plan, ".expect.json") {
			continue
		}
		n++
		name := strings.TrimSuffix(filepath.Base(plan), ".json")
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(strings.TrimSuffix(plan, ".json") + ".expect.json")
			if err != nil {
				t.Fatalf("every fixture needs a sidecar: %v", err)
			}
			var want expectation
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatalf("sidecar: %v", err)
			}
			rel := filepath.Join("testdata/plans", filepath.Base(plan))
			if want.Error != "" {
				checkErrorFixture(t, rel, want)
				return
			}
			checkReportFixture(t, rel, want)
		})
	}
	if n < 20 {
		t.Fatalf("only %d plan fixtures; the issue asks for at least 20", n)
	}
}

func checkReportFixture(t *testing.T, plan string, want expectation) {
	args := append(append([]string{"eval", "--format", "json"}, want.Args...), plan)
	res := runBinary(t, "", args...)
	if res.exit != want.Exit {
		t.Fatalf("exit %d, want %d\nstdout: %.2000s\nstderr: %s", res.exit, want.Exit, res.stdout, res.stderr)
	}
	if err := schematest.Validate([]byte(res.stdout)); err != nil {
		t.Fatalf("report does not validate against the schema: %v", err)
	}
	var rep reportDoc
	if err := json.Unmarshal([]byte(res.stdout), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.RiskAssessment != want.Decision {
		t.Fatalf("decision %s, want %s (%s)", rep.RiskAssessment, want.Decision, rep.AssessmentReason)
	}
	got := map[string]int{}
	for _, m := range rep.Mutations {
		id, r := m.Intent.Target.ID, m.Recoverability
		got[id] = r.Tier
		if deps, ok := want.Dependents[id]; ok {
			var have []string
			for _, d := range m.DependencyImpact {
				have = append(have, fmt.Sprintf("%s@%d", d.Address, d.Depth))
			}
			if strings.Join(have, " ") != strings.Join(deps, " ") {
				t.Errorf("%s: dependency impact %v, want %v", id, have, deps)
			}
		}
		if rule, ok := want.Rules[id]; ok && rule != r.RuleID {
			t.Errorf("%s: rule %s, want %s (%s)", id, r.RuleID, rule, r.Reasoning)
		}
		for _, s := range want.ReasoningContains[id] {
			if !strings.Contains(r.Reasoning, s) {
				t.Errorf("%s: reasoning %q lacks %q", id, r.Reasoning, s)
			}
		}
	}
	for addr, tier := range want.Tiers {
		if got[addr] != tier {
			t.Errorf("%s: tier %d, want %d", addr, got[addr], tier)
		}
	}
	if len(got) != len(want.Tiers) {
		t.Errorf("report has %d mutations %v, sidecar lists %d", len(got), got, len(want.Tiers))
	}
	if want.Risks != nil {
		var ids []string
		for _, r := range rep.CrossActionRisks {
			ids = append(ids, r.ID)
		}
		if strings.Join(ids, ",") != strings.Join(*want.Risks, ",") {
			t.Errorf("cross-action risks %v, want %v", ids, *want.Risks)
		}
	}
	human := runBinary(t, "", append(append([]string{"eval"}, want.Args...), plan)...)
	if human.exit != want.Exit {
		t.Errorf("human format: exit %d, want %d", human.exit, want.Exit)
	}
	if !strings.Contains(human.stdout, "Decision: "+strings.ToUpper(want.Decision)) {
		t.Errorf("human report lacks the decision:\n%s", human.stdout)
	}
	for _, secret := range want.MustNotContain {
		for _, out := range []string{res.stdout, res.stderr, human.stdout, human.stderr} {
			if strings.Contains(out, secret) {
				t.Errorf("output contains %q", secret)
			}
		}
	}
	for _, v := range want.Variants {
		args := append(append([]string{"eval", "--format", "json"}, v.Args...), plan)
		res := runBinary(t, "", args...)
		var rep reportDoc
		_ = json.Unmarshal([]byte(res.stdout), &rep)
		if res.exit != v.Exit || rep.RiskAssessment != v.Decision {
			t.Errorf("%v: exit %d decision %s, want %d %s", v.Args, res.exit, rep.RiskAssessment, v.Exit, v.Decision)
		}
	}
}

func checkErrorFixture(t *testing.T, plan string, want expectation) {
	for _, format := range []string{"json", "human"} {
		res := runBinary(t, "", append([]string{"eval", "--format", format}, plan)...)
		if res.exit != 1 {
			t.Fatalf("%s: exit %d, want 1\nstdout: %s\nstderr: %s", format, res.exit, res.stdout, res.stderr)
		}
		if strings.Contains(res.stdout, "riskAssessment") || strings.Contains(strings.ToLower(res.stdout), "allow") {
			t.Errorf("%s: an error printed something that looks like a decision:\n%s", format, res.stdout)
		}
		if !strings.Contains(res.stderr, want.Error) {
			t.Errorf("%s: stderr does not name the error kind %s: %s", format, want.Error, res.stderr)
		}
		for _, s := range want.ErrorContains {
			if !strings.Contains(res.stderr, s) {
				t.Errorf("%s: stderr %q lacks %q", format, res.stderr, s)
			}
		}
		if format != "json" {
			continue
		}
		var doc errorDoc
		if err := json.Unmarshal([]byte(res.stdout), &doc); err != nil {
			t.Fatalf("json error document: %v\n%s", err, res.stdout)
		}
		if doc.SchemaVersion != "recourse.error.v1" || doc.Error.Kind != want.Error || doc.Error.Message == "" {
			t.Errorf("error document %+v, want kind %s", doc, want.Error)
		}
		if want.Line != 0 && (doc.Error.Line != want.Line || doc.Error.Column == 0) {
			t.Errorf("error at line %d column %d, want line %d", doc.Error.Line, doc.Error.Column, want.Line)
		}
	}
}
