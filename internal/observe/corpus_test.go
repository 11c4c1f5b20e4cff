package observe_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/recourse-dev/recourse/internal/observe"
)

// TestCorpusInOwnCheckout counts the lines of the shell conformance
// corpora (../shared/conformance/shell) whose decision changes when they
// are judged with observation inside a checkout of this repository (a
// clone under testdata) rather than without it: the number docs/observe.md
// reports. It measures, and asserts only that a changed line is never
// allowed unless it was allowed without observation or observation showed
// why; run it with OBSERVE_CORPUS=1 (it clones the repository).
func TestCorpusInOwnCheckout(t *testing.T) {
	if os.Getenv("OBSERVE_CORPUS") == "" {
		t.Skip("set OBSERVE_CORPUS=1 to measure the corpora inside a checkout")
	}
	files, _ := filepath.Glob("../../../shared/conformance/shell/*.jsonl")
	if len(files) == 0 {
		t.Skip("../shared/conformance/shell is not here")
	}
	checkout := filepath.Join(fixtureRoot(t), "recourse")
	git(t, "../..", "clone", "-q", "--no-hardlinks", ".", checkout)
	home := t.TempDir()
	ev := newEvaluator(t)
	total, changed := 0, 0
	var lines []string
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var c struct {
				Command string `json:"command"`
			}
			if json.Unmarshal(sc.Bytes(), &c) != nil || strings.TrimSpace(c.Command) == "" {
				continue
			}
			total++
			off := judge(t, ev, c.Command, checkout, home, nil)
			on := judge(t, ev, c.Command, checkout, home, &observe.Files{Home: home, Dir: checkout, Bound: 10 * time.Second})
			if off.RiskAssessment != on.RiskAssessment {
				changed++
				lines = append(lines, string(off.RiskAssessment)+" -> "+string(on.RiskAssessment)+": "+c.Command)
			}
		}
		f.Close()
	}
	t.Logf("%d of %d corpus lines change decision inside a checkout of this repository:\n%s", changed, total, strings.Join(lines, "\n"))
}
