package observe_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/internal/observe"
	"github.com/recourse-dev/recourse/model"
)

// TestGitMCPScenarios: the reference git server's tools
// (modelcontextprotocol/servers@76d64c822f5125032f89eb71dbdb94e42b434821:
// src/git/src/mcp_server_git/server.py) are judged as the git commands
// the catalog says they run (rules/mcp/catalog/servers/git.json runs), in
// repo_path, and observed as those commands where the gateway runs the
// server (ObserveCalls, its stdio upstreams). git_reset is
// repo.index.reset(), an unstage: nothing is lost even with staged
// changes; git_checkout checks out a ref (git refuses to overwrite local
// changes); a branch_name spelled like a path is judged, as the command
// `git checkout .` would be, by what it would discard now.
func TestGitMCPScenarios(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("RECOURSE_OBSERVE_TIMEOUT", scenarioBound.String())
	fx := &fixtures{root: fixtureRoot(t), built: map[string]string{}}
	ev := newEvaluator(t)
	cases := []struct {
		fixture, tool string
		args          map[string]any
		want          model.Decision
		rule          string // of the spelled command
		facts         []string
	}{
		{"staged", "git_reset", map[string]any{}, model.Allow, "git.other", []string{"git reset --mixed -q"}},
		{"modified", "git_checkout", map[string]any{"branch_name": "merged"}, model.Allow, "git.other", []string{"git checkout merged"}},
		{"clean", "git_checkout", map[string]any{"branch_name": "."}, model.Allow, "git.checkout.paths.observed-clean", []string{"no uncommitted changes"}},
		{"modified", "git_checkout", map[string]any{"branch_name": "."}, model.Block, "git.checkout.paths.observed-loss", []string{"1 modified file, 21 B: src/a.go (21 B)"}},
		{"modified", "git_add", map[string]any{"files": []any{"src/a.go"}}, model.Allow, "git.other", nil},
		{"clean", "git_create_branch", map[string]any{"branch_name": "feat"}, model.Allow, "git.other", nil},
	}
	for _, c := range cases {
		t.Run(c.fixture+"/"+c.tool, func(t *testing.T) {
			repo := fx.get(t, c.fixture)
			args := map[string]any{"repo_path": filepath.ToSlash(repo)}
			for k, v := range c.args {
				args[k] = v
			}
			call, err := json.Marshal(map[string]any{"server": "git", "tool": c.tool, "arguments": args})
			if err != nil {
				t.Fatal(err)
			}
			rep, err := ev.Evaluate(context.Background(), evaluator.KindMCPCall, call, nil, evaluator.Options{Cwd: home, Home: home,
				Observer: &observe.Files{Home: home, Dir: home, Bound: scenarioBound}, ObserveCalls: true})
			if err != nil {
				t.Fatal(err)
			}
			if rule := worstRule(rep); rep.RiskAssessment != c.want || rule != c.rule {
				t.Errorf("%s by %s, want %s by %s: %s", rep.RiskAssessment, rule, c.want, c.rule, rep.AssessmentReason)
			}
			data, _ := json.Marshal(rep)
			for _, f := range c.facts {
				if !strings.Contains(string(data), f) {
					t.Errorf("the report does not show %q:\n%s", f, data)
				}
			}
		})
	}
}
