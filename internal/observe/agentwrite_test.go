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
	"github.com/recourse-dev/recourse/report"
)

// TestAgentWriteScenarios: a coding agent's own file tools, run through
// the hooks where the agent runs, are observed like a redirection's
// target (the same code path: mcpcall.FileCommand spells the call as
// `> FILE`, `rm` or `mv` and internal/observe gathers its facts), and the
// observed rows of rules/mcp decide. A Write onto a new path or onto a
// tracked, unmodified file loses nothing git cannot give back; onto an
// untracked or modified file it loses that content. An Edit is not
// observed: the text it replaces is in its input and the rest of the file
// stays (docs/observe.md). Each case runs through the evaluator as the
// hook calls it (facts, rule) and through the host's hook (decision, and
// the loss or the way back in its text). {repo} is the fixture's
// repository.
func TestAgentWriteScenarios(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_STATE_HOME", filepath.Join(home, ".state"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("RECOURSE_OBSERVE_TIMEOUT", scenarioBound.String())
	fx := &fixtures{root: fixtureRoot(t), built: map[string]string{}}
	ev := newEvaluator(t)
	patch := func(body string) map[string]any {
		return map[string]any{"command": "*** Begin Patch\n" + body + "*** End Patch\n"}
	}
	cases := []struct {
		fixture, host, tool string
		input               map[string]any
		want                model.Decision
		rule                string
		facts               []string
	}{
		{"clean", "claude-code", "Write", map[string]any{"file_path": "{repo}/new.txt", "content": "x\n"},
			model.Allow, "mcp.fs.write.observed.new.write", []string{"new.txt does not exist"}},
		{"clean", "claude-code", "Write", map[string]any{"file_path": "{repo}/src/a.go", "content": "x\n"},
			model.Warn, "mcp.fs.write.observed.from-git.write", []string{"git checkout -- {repo}/src/a.go"}},
		{"untracked", "claude-code", "Write", map[string]any{"file_path": "{repo}/src/new.go", "content": "x\n"},
			model.Block, "mcp.fs.write.observed.loss.write", []string{"1 untracked file, 17 B: src/new.go (17 B)"}},
		{"modified", "claude-code", "Write", map[string]any{"file_path": "{repo}/src/a.go", "content": "x\n"},
			model.Block, "mcp.fs.write.observed.loss.write", []string{"1 modified file, 21 B: src/a.go (21 B)"}},
		// A relative path is read from the hook's working directory.
		{"modified", "claude-code", "Write", map[string]any{"file_path": "src/a.go", "content": "x\n"},
			model.Block, "mcp.fs.write.observed.loss.write", []string{"1 modified file, 21 B: src/a.go (21 B)"}},
		// Edit replaces the text its input quotes; the rest stays: not observed.
		{"modified", "claude-code", "Edit", map[string]any{"file_path": "{repo}/src/a.go", "old_string": "changed", "new_string": "edited"},
			model.Warn, "mcp.fs.edit.edit", nil},
		{"untracked", "gemini-cli", "write_file", map[string]any{"file_path": "{repo}/src/new.go", "content": "x\n"},
			model.Block, "mcp.fs.write.observed.loss.write", []string{"src/new.go (17 B)"}},
		{"untracked", "codex", "apply_patch", patch("*** Add File: src/new.go\n+x\n"),
			model.Block, "mcp.fs.write.observed.loss.write", []string{"src/new.go (17 B)"}},
		{"clean", "codex", "apply_patch", patch("*** Add File: notes.txt\n+x\n"),
			model.Allow, "mcp.fs.write.observed.new.write", []string{"notes.txt does not exist"}},
		{"untracked", "codex", "apply_patch", patch("*** Delete File: src/new.go\n"),
			model.Block, "mcp.fs.delete.observed.loss.delete_file", []string{"src/new.go (17 B)"}},
		{"clean", "codex", "apply_patch", patch("*** Delete File: src/b.go\n"),
			model.Warn, "mcp.fs.delete.observed.from-git.delete_file", []string{"git checkout -- src/b.go"}},
	}
	for _, c := range cases {
		t.Run(c.fixture+"/"+c.host+"/"+c.tool, func(t *testing.T) {
			repo := fx.get(t, c.fixture)
			input := map[string]any{}
			for k, v := range c.input {
				if s, ok := v.(string); ok {
					v = strings.ReplaceAll(s, "{repo}", filepath.ToSlash(repo))
				}
				input[k] = v
			}
			got, said := hookTool(t, c.host, c.tool, input, repo)
			if got != c.want {
				t.Errorf("the %s hook answers %s, want %s: %s", c.host, got, c.want, said)
			}
			if c.host != "claude-code" {
				return // the evaluator's side is the same for every host
			}
			call, err := json.Marshal(map[string]any{"server": c.host, "tool": c.tool, "arguments": input})
			if err != nil {
				t.Fatal(err)
			}
			rep, err := ev.Evaluate(context.Background(), evaluator.KindMCPCall, call, nil, evaluator.Options{Cwd: repo, Home: home,
				Observer: &observe.Files{Home: home, Dir: repo, Bound: scenarioBound}, ObserveAgentTools: true})
			if err != nil {
				t.Fatal(err)
			}
			if rule := worstRule(rep); rep.RiskAssessment != c.want || rule != c.rule {
				t.Errorf("%s by %s, want %s by %s: %s", rep.RiskAssessment, rule, c.want, c.rule, rep.AssessmentReason)
			}
			data, _ := json.Marshal(rep)
			for _, f := range c.facts {
				f = strings.ReplaceAll(f, "{repo}", filepath.ToSlash(repo))
				if !strings.Contains(string(data), f) {
					t.Errorf("the report does not show %q:\n%s", f, data)
				}
			}
			if loss, back := report.Stakes(rep); c.want != model.Allow {
				for _, line := range []string{loss, back} {
					if line != "" && !strings.Contains(said, line) {
						t.Errorf("the hook's text does not carry %q: %s", line, said)
					}
				}
			}
		})
	}
}
