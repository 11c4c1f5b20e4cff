package observe_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/recourse-dev/recourse/internal/observe"
)

// TestPathspecPatterns: git reads a pathspec operand with a wildcard or
// pathspec magic as a pattern over every path (git checkout -- '*.go'
// discards the change to src/a.go), while observation names literal
// paths; such an operand is missing evidence, never "nothing to lose".
// The literal spelling of the same paths is observed and stops too.
func TestPathspecPatterns(t *testing.T) {
	repo := smallRepo(t)
	write(t, filepath.Join(repo, "src", "a.go"), "package a // changed\n")
	write(t, filepath.Join(repo, "notes.txt"), "never committed\n")
	ev := newEvaluator(t)
	home := t.TempDir()
	obs := func() *observe.Files { return &observe.Files{Home: home, Dir: repo, Bound: 20 * time.Second} }
	for _, line := range []string{
		"git checkout -- '*.go'",
		"git checkout -- 'src/?.go'",
		"git restore '*.go'",
		"git restore -- 'src/[a].go'",
		"git checkout -- ':(glob)**/*.go'",
		"git clean -f '*.txt'",
		"git clean -f 'notes.tx?'",
	} {
		mustNotAllow(t, judge(t, ev, line, repo, home, obs()), line, "is a pattern git matches")
	}
	// Configuration given on the line is not the configuration observed.
	write(t, filepath.Join(repo, "build", "out.o"), "o")
	os.Remove(filepath.Join(repo, "notes.txt"))
	for _, line := range []string{"git -c core.excludesFile=/dev/null clean -fd", "git --config-env=core.excludesFile=X clean -fd"} {
		mustNotAllow(t, judge(t, ev, line, repo, home, obs()), line, "sets configuration the observation does not run with")
	}
	if rep := judge(t, ev, "git clean -fd", repo, home, obs()); rep.RiskAssessment != "allow" {
		t.Errorf("git clean -fd with only ignored build output: %s, want allow", rep.RiskAssessment)
	}
	write(t, filepath.Join(repo, "notes.txt"), "never committed\n")
	for _, line := range []string{"git checkout -- src/a.go", "git restore src", "git clean -f notes.txt"} {
		rep := judge(t, ev, line, repo, home, obs())
		if o := observedOf(rep); o == nil || o.Git == nil || len(o.Unavailable) != 0 {
			t.Errorf("%q: want the facts gathered, got %+v", line, o)
		}
		if rep.RiskAssessment == "allow" {
			t.Errorf("%q: allowed, although it discards an uncommitted file", line)
		}
	}
}
