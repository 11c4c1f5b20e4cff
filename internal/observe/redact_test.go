package observe_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/recourse-dev/recourse/audit"
	"github.com/recourse-dev/recourse/internal/observe"
	"github.com/recourse-dev/recourse/internal/statekey"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/report"
)

// TestObservedNamesAreMasked: a file named after a credential (an AWS
// access key id saved as its own name) that observation lists as lost
// goes through the one redaction in every format, the hook's text, the
// policy's reasons and the decision record: the line (a glob) does not
// name it, only what was observed does.
func TestObservedNamesAreMasked(t *testing.T) {
	const key = "AKIAIOSFODNN7EXAMPLE"
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_STATE_HOME", filepath.Join(home, ".state"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("RECOURSE_OBSERVE_TIMEOUT", "20s")
	repo := smallRepo(t)
	write(t, filepath.Join(repo, "src", key+".txt"), "not committed\n")
	line := "rm -f src/*.txt"

	rep := judge(t, newEvaluator(t), line, repo, home, &observe.Files{Home: home, Dir: repo, Bound: 20 * time.Second})
	if rep.RiskAssessment != model.Block || worstRule(rep) != "fs.rm.observed.loss" {
		t.Fatalf("%s by %s, want a block by fs.rm.observed.loss", rep.RiskAssessment, worstRule(rep))
	}
	loss, _ := report.Stakes(rep)
	if loss != "1 untracked file, 14 B: src/***.txt (14 B)" {
		t.Errorf("at stake %q, want the file named with its key masked", loss)
	}
	for _, f := range []report.Format{report.FormatJSON, report.FormatHuman, report.FormatMarkdown, report.FormatSARIF, report.FormatGitHub, report.FormatJUnit, report.FormatGitLab} {
		var out bytes.Buffer
		if err := report.Render(&out, rep, f, report.RenderOptions{}); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out.String(), key) {
			t.Errorf("%s shows the key:\n%s", f, out.String())
		}
		if !strings.Contains(out.String(), "***.txt") {
			t.Errorf("%s does not name the lost file at all:\n%s", f, out.String())
		}
	}
	e := audit.For(statekey.New([]byte("observe-test-state-key-32-bytes!")), "eval", []byte(line), rep, nil)
	record, _ := json.Marshal(e)
	if strings.Contains(string(record), key) || !strings.Contains(e.AtStake, "src/***.txt") {
		t.Errorf("decision record %s", record)
	}
	d, text := hook(t, line, repo)
	if d != model.Block || strings.Contains(text, key) || !strings.Contains(text, "***.txt") {
		t.Errorf("hook: %s\n%s", d, text)
	}
}
