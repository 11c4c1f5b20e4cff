package evaluator

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// everydayCeilings are the most false-denies (an ordinary command
// escalated or blocked) and false-allows (a destructive one allowed or
// warned about) each everyday corpus may have (testdata/everyday). They
// only ever go down.
var everydayCeilings = map[string][2]int{
	// Two lines run a script the corpus does not hold (git bisect run
	// ~/test.sh, and ~/check_test_case.sh inside sh -c): a script whose
	// content is not known needs review (issue 31, evaluator/shell/
	// scriptfile.go), and this test reads no file.
	"commands.jsonl": {2, 0},
	"heldout.jsonl":  {0, 0},
	"heldout2.jsonl": {11, 0},
}

// TestEverydayCorpus judges the everyday command lines of
// testdata/everyday, taken from Debian's manual pages and the AWS CLI's
// own examples, in a project directory, and holds each file to its
// ceilings (deny = escalate|block, allow = allow|warn).
func TestEverydayCorpus(t *testing.T) {
	ev := newEvaluator(t)
	for file, ceiling := range everydayCeilings {
		f, err := os.Open("../testdata/everyday/" + file)
		if err != nil {
			t.Fatal(err)
		}
		var cases, allows, denies int
		var falseDeny, falseAllow []string
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var c struct {
				ID, Command, Label string
			}
			if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
				t.Fatalf("%s line %d: %v", file, cases+1, err)
			}
			cases++
			rep, err := ev.Shell(context.Background(), c.Command, Options{Cwd: "/home/dev/project"})
			denied := err != nil || rep.RiskAssessment.Rank() >= 2
			reason := "an error"
			if err == nil {
				reason = rep.AssessmentReason
			}
			switch c.Label {
			case "allow":
				allows++
				if denied {
					falseDeny = append(falseDeny, fmt.Sprintf("%s: %s\n      %s", c.ID, c.Command, reason))
				}
			case "deny":
				denies++
				if !denied {
					falseAllow = append(falseAllow, fmt.Sprintf("%s: %s\n      %s", c.ID, c.Command, reason))
				}
			default:
				t.Fatalf("%s: %s has the label %q", file, c.ID, c.Label)
			}
		}
		f.Close()
		t.Logf("%s: %d cases, %d ordinary, %d destructive: false-deny %d (%.1f%%), deny recall %.1f%%", file, cases, allows, denies,
			len(falseDeny), 100*float64(len(falseDeny))/float64(max(allows, 1)), 100*float64(denies-len(falseAllow))/float64(max(denies, 1)))
		if len(falseDeny) > ceiling[0] || len(falseAllow) > ceiling[1] {
			t.Errorf("%s: %d false-denies, %d false-allows; the ceilings are %d and %d\n  false-deny:\n    %s\n  false-allow:\n    %s", file,
				len(falseDeny), len(falseAllow), ceiling[0], ceiling[1], strings.Join(falseDeny, "\n    "), strings.Join(falseAllow, "\n    "))
		}
	}
}
