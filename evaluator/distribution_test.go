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

	"github.com/recourse-dev/recourse/evaluator/shell"
	"github.com/recourse-dev/recourse/model"
)

// distributionCase is one line of a corpus under testdata/distribution:
// a command line somebody really ran, where it was found, and what the
// gate should answer (README.md there gives the rubric).
type distributionCase struct {
	ID      string `json:"id"`
	Command string `json:"command"`
	// Label is allow (allow or warn is right), deny (escalate or block
	// is right) or review (escalate is right: the deciding fact is not in
	// the line, so a block claims a loss nobody saw and an allow passes a
	// loss nobody ruled out).
	Label string `json:"label"`
	// Slice is tune or blind. The blind slice, a third drawn by rule, is
	// scored only before and after a round of tuning, never during one.
	Slice  string          `json:"slice"`
	Source json.RawMessage `json:"source"`
}

// dialect is the language the line was written in, from the kind of file
// it came from (and an Actions step's declared shell): a GitHub Actions
// run: step or a make recipe is rewritten
// before the shell reads it; a Dockerfile RUN is bash run in the image
// being built; a GitLab script is bash run in a CI job; an agent's
// command is bash.
func (c distributionCase) dialect() shell.Dialect {
	var src struct {
		Kind  string `json:"kind"`
		Shell string `json:"shell"`
	}
	_ = json.Unmarshal(c.Source, &src)
	switch src.Kind {
	case "actions":
		// A step that declares pwsh or powershell (source.shell) is
		// a PowerShell script.
		if src.Shell == "pwsh" || src.Shell == "powershell" {
			return shell.DialectActionsPwsh
		}
		return shell.DialectGitHubActions
	case "makefile":
		return shell.DialectMake
	case "dockerfile":
		return shell.DialectDockerfile
	case "gitlab":
		return shell.DialectGitLabCI
	}
	return shell.DialectBash
}

// distributionCeilings are the most false denies and false allows each
// corpus of testdata/distribution may have, per slice. A corpus file
// with no row fails the test, so a new file states its ceilings. They
// only ever go down.
var distributionCeilings = map[string]map[string][2]int{
	"agents.jsonl":    {"tune": {9, 0}, "blind": {8, 1}},
	"incidents.jsonl": {"tune": {0, 0}, "blind": {0, 0}},
	"pipelines.jsonl": {"tune": {69, 1}, "blind": {43, 0}},
}

// TestDistributionCorpus judges the command lines of testdata/
// distribution, drawn by rule from what agents and pipelines really ran,
// in a project directory, and holds each file and slice to its ceilings.
// go test ./evaluator -run DistributionCorpus -v prints the rates.
//
// While tuning, RECOURSE_DISTRIBUTION_SLICE=tune scores the tune slice
// alone, so that no line of the blind slice is ever printed.
func TestDistributionCorpus(t *testing.T) {
	only := os.Getenv("RECOURSE_DISTRIBUTION_SLICE")
	files, err := filepath.Glob("../testdata/distribution/*.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	ev := newEvaluator(t)
	for _, file := range files {
		name := filepath.Base(file)
		ceilings, ok := distributionCeilings[name]
		if !ok {
			t.Errorf("%s has no row in distributionCeilings", name)
			continue
		}
		for slice, s := range scoreDistribution(t, ev, file) {
			if only != "" && slice != only {
				continue
			}
			t.Logf("%s", s.summary(name, slice))
			c, ok := ceilings[slice]
			if !ok {
				t.Errorf("%s: slice %q has no ceilings", name, slice)
				continue
			}
			if len(s.falseDeny) > c[0] || len(s.falseAllow) > c[1] {
				t.Errorf("%s [%s]: %d false denies, %d false allows; the ceilings are %d and %d\n  false deny:\n    %s\n  false allow:\n    %s",
					name, slice, len(s.falseDeny), len(s.falseAllow), c[0], c[1],
					strings.Join(s.falseDeny, "\n    "), strings.Join(s.falseAllow, "\n    "))
			}
		}
	}
}

// distributionScore counts one slice of one corpus.
type distributionScore struct {
	allow, deny, review   int
	falseDeny, falseAllow []string
}

func (s *distributionScore) summary(file, slice string) string {
	return fmt.Sprintf("%s [%s]: %d lines (%d allow, %d deny, %d review): false deny %d (%.1f%% of allow+review), false allow %d (%.1f%% of deny+review)",
		file, slice, s.allow+s.deny+s.review, s.allow, s.deny, s.review,
		len(s.falseDeny), pct(len(s.falseDeny), s.allow+s.review),
		len(s.falseAllow), pct(len(s.falseAllow), s.deny+s.review))
}

func pct(n, of int) float64 { return 100 * float64(n) / float64(max(of, 1)) }

// scoreDistribution judges every line of file and returns the score of
// each slice.
func scoreDistribution(t *testing.T, ev *Evaluator, file string) map[string]*distributionScore {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	scores := map[string]*distributionScore{}
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		var c distributionCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("%s line %d: %v", file, n, err)
		}
		if c.ID == "" || c.Command == "" || len(c.Source) == 0 || seen[c.ID] {
			t.Fatalf("%s line %d: needs a unique id, a command and a source", file, n)
		}
		seen[c.ID] = true
		s := scores[c.Slice]
		if s == nil {
			if c.Slice != "tune" && c.Slice != "blind" {
				t.Fatalf("%s: %s has the slice %q, not tune or blind", file, c.ID, c.Slice)
			}
			s = &distributionScore{}
			scores[c.Slice] = s
		}
		d, reason := judgeLine(ev, c.Command, c.dialect())
		line := fmt.Sprintf("%s: %s\n      %s: %s", c.ID, clip(c.Command, 300), d, reason)
		switch c.Label {
		case "allow":
			s.allow++
			if d.Rank() >= 2 {
				s.falseDeny = append(s.falseDeny, line)
			}
		case "deny":
			s.deny++
			if d.Rank() < 2 {
				s.falseAllow = append(s.falseAllow, line)
			}
		case "review":
			s.review++
			switch {
			case d.Rank() < 2:
				s.falseAllow = append(s.falseAllow, line)
			case d == model.Block:
				s.falseDeny = append(s.falseDeny, line)
			}
		default:
			t.Fatalf("%s: %s has the label %q, not allow, deny or review", file, c.ID, c.Label)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	for _, s := range scores {
		sort.Strings(s.falseDeny)
		sort.Strings(s.falseAllow)
	}
	return scores
}

// judgeLine is the decision on line in a project directory, an error
// counting as a block.
func judgeLine(ev *Evaluator, line string, dialect shell.Dialect) (model.Decision, string) {
	rep, err := ev.Shell(context.Background(), line, Options{Cwd: "/home/dev/project", Dialect: dialect})
	if err != nil {
		return model.Block, err.Error()
	}
	return rep.RiskAssessment, rep.AssessmentReason
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
