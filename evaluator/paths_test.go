package evaluator

import (
	"context"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

// TestPathsResolved: a path is judged where it lands, by the one resolver
// (internal/pathres), for each class of issue 31's item 1 and its
// variants; each class has a control that lands elsewhere.
func TestPathsResolved(t *testing.T) {
	ev := newEvaluator(t)
	const home = "/github/home"
	tests := []struct {
		class, variant, line, cwd string
		atLeast                   model.Decision // the decision must be this or worse
		below                     bool           // or, for a control, below escalate
	}{
		{"cwd", "cd", "cd .claude && rm settings.json", "/srv/app", model.Escalate, false},
		{"cwd", "subshell", "(cd .git/hooks && echo x > pre-commit)", "/srv/app", model.Escalate, false},
		{"cwd", "absolute cd", "cd /srv/app/.claude && cp x settings.json", "/tmp", model.Escalate, false},
		{"cwd", "pushd", "pushd .claude && rm settings.json", "/srv/app", model.Escalate, false},
		{"cwd", "popd", "pushd .git && pushd /etc && popd && cp x hooks/", "/srv/app", model.Escalate, false},
		{"cwd", "cd -", "cd .claude; cd /etc; cd -; rm settings.json", "/srv/app", model.Escalate, false},
		{"cwd", "env -C", "env -C .claude rm settings.json", "/srv/app", model.Escalate, false},
		{"cwd", "env --chdir=", "env --chdir=.git/hooks tee pre-commit", "/srv/app", model.Escalate, false},
		{"cwd", "git -C", "git -C .claude rm settings.json", "/srv/app", model.Escalate, false},
		{"cwd", "tar -C .", "cd .claude && tar -xf x.tar -C .", "/srv/app", model.Escalate, false},
		{"cwd", "control", "cd docs && rm -f notes.txt", "/srv/app", model.Allow, true},
		{"spelling", "case", "rm .CLAUDE/Settings.json", "/srv/app", model.Escalate, false},
		{"spelling", "backslash", `rm '.claude\settings.json'`, "/srv/app", model.Escalate, false},
		{"spelling", "trailing dot", `rm ".claude/settings.json."`, "/srv/app", model.Escalate, false},
		{"spelling", "trailing space", `rm ".claude/settings.json "`, "/srv/app", model.Escalate, false},
		{"spelling", "dot slash", "rm ./.claude//settings.json", "/srv/app", model.Escalate, false},
		{"spelling", "dot dot", "rm src/../.claude/settings.json", "/srv/app", model.Escalate, false},
		{"spelling", "~", "rm ~/.claude/settings.json", "/srv/app", model.Escalate, false},
		{"spelling", "$HOME", "rm $HOME/.claude/settings.json", "/srv/app", model.Escalate, false},
		{"spelling", "${HOME}", "rm ${HOME}/.claude/settings.json", "/srv/app", model.Escalate, false},
		{"spelling", "~user", "rm ~root/.claude/settings.json", "/srv/app", model.Escalate, false},
		{"spelling", "gate file, case", "rm .Recourse.YAML", "/srv/app", model.Escalate, false},
		{"spelling", "control", "rm .claude/notes.md", "/srv/app", model.Escalate, true},
		{"home", "the home itself", "rm -rf " + home, "/srv", model.Block, false},
		{"home", "a dotfile", "rm " + home + "/.bashrc", "/srv", model.Escalate, false},
		{"home", "cwd in the home", "rm .bashrc", home, model.Escalate, false},
		{"home", "control", "rm " + home + "x/.bashrc", "/srv", model.Escalate, true},
		{"symlink", "link to home", "ln -s ~ /tmp/h && rm -rf /tmp/h/", "/srv/app", model.Escalate, false},
		{"symlink", "rm through a link the line made", "ln -s ~ /tmp/h; rm -rf /tmp/h/", "/srv/app", model.Block, false},
		{"symlink", "rm through a link to the root", "ln -s / /tmp/r && rm -rf /tmp/r/etc", "/srv/app", model.Block, false},
		{"symlink", "write through a relative link", "ln -s .claude c && cp x c/settings.json", "/srv/app", model.Escalate, false},
		{"symlink", "link to config", "ln -s /srv/app/.claude /tmp/c", "/srv/app", model.Escalate, false},
		{"symlink", "control", "ln -s /srv/app/docs /tmp/d", "/srv/app", model.Allow, true},
		{"writer", "tar -C", "tar -xf x.tar -C .CLAUDE", "/srv/app", model.Escalate, false},
		{"writer", "unzip -d", "unzip x.zip -d .git/hooks", "/srv/app", model.Escalate, false},
		{"writer", "rsync", "rsync -a evil/ .claude/", "/srv/app", model.Escalate, false},
		{"nested agent", "--setting-sources", `claude --setting-sources "" -p hi`, "/srv/app", model.Escalate, false},
		{"nested agent", "--dangerously-*", "claude --dangerously-skip-permissions -p hi", "/srv/app", model.Escalate, false},
		{"nested agent", "CLAUDE_CONFIG_DIR", "CLAUDE_CONFIG_DIR=/tmp/x claude -p hi", "/srv/app", model.Escalate, false},
		{"nested agent", "control", "claude -p hi", "/srv/app", model.Allow, true},
	}
	for _, tt := range tests {
		rep, err := ev.Shell(context.Background(), tt.line, Options{Cwd: tt.cwd, Home: home})
		if err != nil {
			t.Fatal(err)
		}
		got := rep.RiskAssessment
		if tt.below {
			if got.Rank() >= model.Escalate.Rank() {
				t.Errorf("%s/%s: %q in %s is %s, want below escalate (%s)", tt.class, tt.variant, tt.line, tt.cwd, got, rep.AssessmentReason)
			}
			continue
		}
		if got.Rank() < tt.atLeast.Rank() {
			t.Errorf("%s/%s: %q in %s is %s, want at least %s (%s)", tt.class, tt.variant, tt.line, tt.cwd, got, tt.atLeast, rep.AssessmentReason)
		}
	}
}
