package evaluator

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/recourse-dev/recourse/evaluator/shell"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
	"github.com/recourse-dev/recourse/rules/builtin"
)

// shellCorpus is ../shared/conformance/shell, beside the repository.
const shellCorpus = "../../shared/conformance/shell"

// neutralCwd is where cases without a cwd are judged: a project directory
// that is not a home, not under a temp dir, and not above anything the
// commands touch (see the corpus README).
const neutralCwd = "/workspace/project"

type corpusCase struct {
	ID       string `json:"id"`
	Category string `json:"category"`
	Command  string `json:"command"`
	Expected string `json:"expected"`
	Context  struct {
		Cwd *string           `json:"cwd"`
		Env map[string]string `json:"env"`
	} `json:"context"`
	ConflictsWith any    `json:"conflicts_with"`
	MvdanParse    string `json:"mvdan_parse"`
}

// score counts one group's outcomes.
type score struct {
	cases, falseAllow, falseDeny, errors int
	failures                             []string
}

func (s *score) String() string {
	pass := s.cases - s.falseAllow - s.falseDeny
	return fmt.Sprintf("%4d cases  %5.1f%% right  %3d false-allow  %3d false-deny", s.cases, 100*float64(pass)/float64(max(s.cases, 1)), s.falseAllow, s.falseDeny)
}

// shellCeilings are the most false-allows and false-denies each scored
// part may have. They only ever go down: a change that raises one is a
// regression. One deliberate exception: rm -r without -f deletes the same
// trees as rm -rf in an agent's shell (its prompt concerns only
// write-protected files), so it is judged the same, where both corpora
// allow it (ccsn rules-rm/28 and /29, find/14; dcg e2e_safe/64). And a
// second, from the everyday corpus (testdata/everyday): 16 dcg fixtures
// deny operations that lose no data, which the precision work warns about
// instead (docs/shell.md, "Deliberate divergences"): a secret's new value
// (the old stays as AWSPREVIOUS) or description, an SQS message
// acknowledged, an SNS topic or subscription (configuration), rsync
// --remove-source-files (a move), s3api delete-bucket (S3 refuses
// unless the bucket is empty). And a third, from issue 31 (scripts are
// what they contain): a script or program file a line runs (bash
// script.sh, python script.py, node app.js, ./target/release/dcg,
// ../other-project/run.sh) is judged by its content where it can be read,
// and where it cannot — as in these corpora, which name files that are
// not there — it needs review, never a silent allow: ccsn command/26,
// dcg other_safe/15, e2e_safe/84 and /85, e2e_edge_cases/51 and /52.
// And a fourth, from issue 32 (secure-delete tools): srm overwrites the
// files before it deletes them, as shred -u does, so that nothing
// recovers them, and is judged as shred is (block); dcg's
// substring_safe/31 lists srm -z file.txt as allowed only to check that
// the rm inside srm is not read as rm. An S3 object version deleted by
// its id (s3api delete-object --version-id) is gone for good (S3 API
// Reference, DeleteObject), so dcg's destructive_commands/99 is no
// longer a divergence: the fixtures' ceiling went from 22 to 21. And a
// fifth, from issue 32 §3 (block only on facts, review what the line does
// not show): rm of a named file in a project or a home directory, in a
// shell that states no context (an agent's), loses the file unless git
// tracks it unmodified, which the line does not show: it needs review
// with git-tracked missing, and where the gate runs beside the action
// observation answers it (a tracked, clean file warns; an untracked one
// blocks). These corpora list such deletes as allowed: ccsn
// analyze-coverage/4 (rm -f file.txt); dcg e2e_safe/62 and /63 (rm
// file.txt, rm -f file.txt), rm_safe/15, /16, /17 and /19 (rm file.txt,
// rm file1.txt file2.txt, rm -f file.txt, rm -v file.txt). rm -i, which
// asks a person, stays a warn. And a request that changes state on
// another machine, sent from such a shell, needs review naming
// server-effect:HOST (the agents rubric: what the server does with it is
// not in the line): dcg heredoc_data/16 (curl -d @- https://example.com
// with a here-document body) lists one as allowed.
var shellCeilings = map[string][2]int{
	"dcg.jsonl regression": {0, 7},
	"dcg.jsonl fixtures":   {21, 0},
	"ccsn.jsonl default":   {0, 8},
	"dcg-e2e.jsonl":        {2, 7},
	"dcg-gaps.jsonl":       {1, 0},
}

// TestShellConformance scores the shell evaluator on other command guards'
// public test cases (deny = block|escalate, allow = allow|warn; an error
// counts as deny) and reports per file and category.
func TestShellConformance(t *testing.T) {
	needShellCorpus(t)
	fresh := t.TempDir()
	ev := newEvaluator(t)
	parts := map[string]*score{}
	cats := map[string]*score{}
	var report strings.Builder
	for _, file := range []string{"dcg.jsonl", "ccsn.jsonl", "dcg-e2e.jsonl", "dcg-gaps.jsonl", "dcg-nocrash.jsonl"} {
		for _, c := range readCorpus(t, filepath.Join(shellCorpus, file)) {
			part := partOf(file, c)
			if part == "" {
				continue
			}
			cwd := neutralCwd
			if c.Context.Cwd != nil {
				cwd = *c.Context.Cwd
				if home, ok := c.Context.Env["HOME"]; ok && home == cwd {
					cwd = "$HOME"
				}
				cwd = strings.NewReplacer("$FRESH_TMPDIR", fresh, "$HOME", "~").Replace(cwd)
			}
			start := time.Now()
			rep, err := ev.Shell(context.Background(), c.Command, Options{Cwd: cwd, Timeout: 5 * time.Second})
			if d := time.Since(start); d > time.Second {
				t.Errorf("%s took %v", c.ID, d)
			}
			got := "deny"
			decision := "error"
			if err == nil {
				decision = string(rep.RiskAssessment)
				if rep.RiskAssessment.Rank() < model.Escalate.Rank() {
					got = "allow"
				}
			}
			for _, s := range []*score{group(parts, part), group(cats, part+" · "+c.Category)} {
				s.cases++
				if err != nil {
					s.errors++
				}
				if c.Expected == "any" || got == c.Expected {
					continue
				}
				if c.Expected == "deny" {
					s.falseAllow++
				} else {
					s.falseDeny++
				}
				if s == group(parts, part) {
					s.failures = append(s.failures, fmt.Sprintf("%s want %s got %s: %s", c.ID, c.Expected, decision, c.Command))
				}
			}
		}
	}
	names := make([]string, 0, len(parts))
	for n := range parts {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(&report, "%-32s %s\n", n, parts[n])
	}
	report.WriteString("\nby category:\n")
	catNames := make([]string, 0, len(cats))
	for n := range cats {
		catNames = append(catNames, n)
	}
	sort.Strings(catNames)
	for _, n := range catNames {
		fmt.Fprintf(&report, "  %-70s %s\n", n, cats[n])
	}
	for _, n := range names {
		if len(parts[n].failures) > 0 {
			fmt.Fprintf(&report, "\n%s failures:\n  %s\n", n, strings.Join(parts[n].failures, "\n  "))
		}
	}
	t.Log("\n" + report.String())
	if out := os.Getenv("RECOURSE_CONFORMANCE_REPORT"); out != "" {
		_ = os.WriteFile(out, []byte(report.String()), 0o644)
	}
	for part, ceiling := range shellCeilings {
		s := parts[part]
		if s == nil {
			t.Errorf("no cases in %s", part)
			continue
		}
		if s.falseAllow > ceiling[0] || s.falseDeny > ceiling[1] {
			t.Errorf("%s: %d false-allows, %d false-denies; the ceilings are %d and %d", part, s.falseAllow, s.falseDeny, ceiling[0], ceiling[1])
		}
	}
}

func group(m map[string]*score, name string) *score {
	if m[name] == nil {
		m[name] = &score{}
	}
	return m[name]
}

// partOf names the scored part a case belongs to, or "" for cases scored
// against another mode (context.env) or contradicted elsewhere.
func partOf(file string, c corpusCase) string {
	switch {
	case len(c.Context.Env) > 0 && !onlyHome(c.Context.Env):
		return "modes (context.env, not scored)"
	case c.ConflictsWith != nil:
		return "conflicting cwd semantics"
	case strings.TrimSpace(c.Command) == "" && file != "dcg-nocrash.jsonl":
		return "empty input (an error by design)"
	case c.MvdanParse != "" && c.Expected == "allow":
		return "unparseable (deny by design)"
	}
	switch file {
	case "dcg.jsonl":
		if strings.HasPrefix(c.Category, "fixtures/") || strings.HasPrefix(c.Category, "scenarios/") {
			return "dcg.jsonl fixtures"
		}
		return "dcg.jsonl regression"
	case "ccsn.jsonl":
		return "ccsn.jsonl default"
	}
	return file
}

// onlyHome reports whether the environment only moves HOME, which the
// cwd "$HOME" mapping already expresses.
func onlyHome(env map[string]string) bool {
	_, ok := env["HOME"]
	return ok && len(env) == 1
}

// needShellCorpus skips a test when ../shared/conformance is not there (a
// fresh clone: .ci/run, which has it, runs them), and fails it in CI.
func needShellCorpus(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(shellCorpus); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("the shell conformance corpus is missing in CI: %v", err)
		}
		t.Skipf("the shell conformance corpus is not here (%v): clone the steering repository's shared/ beside this one, or run .ci/run, to run it", err)
	}
}

func readCorpus(t *testing.T, path string) []corpusCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []corpusCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		var c corpusCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if c.Command == "" && c.Expected == "" {
			continue
		}
		out = append(out, c)
	}
	return out
}

// TestRowFiltersNeverChangeAVerdict: the engine passes over rows it can
// tell cannot hold (a needed word no argument starts like, a path class no
// operand has); an explanation reads every row. For every command of
// every corpus line, both give the same verdict.
func TestRowFiltersNeverChangeAVerdict(t *testing.T) {
	needShellCorpus(t)
	eng, err := builtin.Engine()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, file := range []string{"dcg.jsonl", "ccsn.jsonl", "dcg-e2e.jsonl", "dcg-gaps.jsonl"} {
		for _, c := range readCorpus(t, filepath.Join(shellCorpus, file)) {
			cwd := "/workspace/project"
			if c.Context.Cwd != nil {
				cwd = *c.Context.Cwd
			}
			ms, err := shell.Parse(c.Command, shell.Options{Cwd: cwd})
			if err != nil {
				continue
			}
			for i := range ms {
				f := rules.Facts{M: &ms[i], Inv: model.NewInventory()}
				judged, ok1 := eng.Judge(f)
				explained, ok2, _ := eng.Explain(f)
				if ok1 != ok2 || judged.RuleID != explained.RuleID || judged.Tier != explained.Tier {
					t.Errorf("%s: %q: judged %s (tier %d), explained %s (tier %d)", c.ID, ms[i].Command.Text, judged.RuleID, judged.Tier, explained.RuleID, explained.Tier)
				}
				n++
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d commands compared", n)
	}
}
