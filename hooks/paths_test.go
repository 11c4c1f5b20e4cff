package hooks

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/internal/observe"
	"github.com/recourse-dev/recourse/model"
)

// TestClaudeCodePathsResolved: through the Claude Code hook, every
// spelling of a protected file, and every way a line moves to it, is
// judged where it lands (internal/pathres): the call is stopped, never let
// through. A control per class that lands elsewhere goes through.
func TestClaudeCodePathsResolved(t *testing.T) {
	bash := func(cwd, line string) string {
		b, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Bash", "cwd": cwd, "tool_input": map[string]any{"command": line}})
		return string(b)
	}
	write := func(cwd, file string) string {
		b, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Write", "cwd": cwd,
			"tool_input": map[string]any{"file_path": file, "content": "{}"}})
		return string(b)
	}
	tests := []struct {
		class, variant, input string
		stop                  bool
	}{
		{"cwd", "cd", bash("/srv/app", "cd .claude && rm settings.json"), true},
		{"cwd", "subshell", bash("/srv/app", "(cd .git/hooks && echo x > pre-commit)"), true},
		{"cwd", "absolute cd", bash("/tmp", "cd /srv/app/.claude && cp x settings.json"), true},
		{"cwd", "pushd", bash("/srv/app", "pushd .claude && rm settings.json"), true},
		{"cwd", "popd", bash("/srv/app", "pushd .claude && pushd /etc && popd && rm settings.json"), true},
		{"cwd", "cd -", bash("/srv/app", "cd .claude; cd /etc; cd -; rm settings.json"), true},
		{"cwd", "env -C", bash("/srv/app", "env -C .claude rm settings.json"), true},
		{"cwd", "git -C", bash("/srv/app", "git -C .claude rm settings.json"), true},
		{"cwd", "tar -C", bash("/srv/app", "cd .claude && tar -xf x.tar -C ."), true},
		{"cwd", "control", bash("/srv/app", "cd docs && rm -f notes.pyc"), false},
		{"spelling", "case", bash("/srv/app", "rm .CLAUDE/Settings.json"), true},
		{"spelling", "backslash", bash("/srv/app", `rm '.claude\settings.json'`), true},
		{"spelling", "trailing dot", bash("/srv/app", `rm ".claude/settings.json."`), true},
		{"spelling", "trailing space", bash("/srv/app", `rm ".claude/settings.json "`), true},
		{"spelling", "dot dot", bash("/srv/app", "rm docs/../.claude//./settings.json"), true},
		{"spelling", "Write, case", write("/srv/app", "/srv/app/.CLAUDE/Settings.json"), true},
		{"spelling", "Write, trailing space", write("/srv/app", "/srv/app/.claude/settings.json "), true},
		{"spelling", "Write, relative to cwd", write("/srv/app/.claude", "settings.json"), true},
		{"spelling", "Write, control", write("/srv/app", "/srv/app/docs/settings.json"), false},
		{"symlink", "link to home", bash("/srv/app", "ln -s ~ /tmp/h && rm -rf /tmp/h/"), true},
		{"symlink", "link to config", bash("/srv/app", "ln -s .claude c"), true},
		{"nested agent", "setting sources", bash("/srv/app", `claude --setting-sources "" -p hi`), true},
		{"nested agent", "config dir", bash("/srv/app", "CLAUDE_CONFIG_DIR=/tmp/x claude -p hi"), true},
	}
	for _, tt := range tests {
		t.Run(tt.class+"/"+tt.variant, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			cfg := Config{Setup: func(ctx context.Context, _ string) (Setup, error) {
				ev, err := newEvaluator(ctx)
				return Setup{Evaluator: ev, FailOn: model.Escalate}, err
			}}
			code := Run(context.Background(), ClaudeCode{}, strings.NewReader(tt.input), &stdout, &stderr, cfg)
			stopped := code != 0 || strings.Contains(stdout.String(), `"permissionDecision":"deny"`) ||
				strings.Contains(stdout.String(), `"permissionDecision":"ask"`)
			if stopped != tt.stop {
				t.Errorf("%s: stopped %v, want %v (exit %d, %s %s)", tt.input, stopped, tt.stop, code, stdout.String(), stderr.String())
			}
		})
	}
}

// TestPatchHeadersTrimmed: Codex trims a hunk header before reading its
// path (codex-rs/apply-patch/src/parser.rs, parse_one_hunk), so padding
// around a header hides no file from the gate.
func TestPatchHeadersTrimmed(t *testing.T) {
	for _, patch := range []string{
		"*** Begin Patch\n*** Add File: .claude/settings.json  \n+{}\n*** End Patch",
		"*** Begin Patch\n  *** Add File: .claude/settings.json\n+{}\n*** End Patch",
		"*** Begin Patch\n*** Delete File: .claude/settings.json\t\n*** End Patch",
		"*** Begin Patch\n*** Update File: a.txt\n@@\n-a\n+b\n *** Add File: x\n*** Add File: .claude/settings.json \n+{}\n*** End Patch",
	} {
		ops, err := patchFiles(patch)
		if err != nil {
			t.Fatalf("%q: %v", patch, err)
		}
		found := false
		for _, op := range ops {
			found = found || op.args["path"] == ".claude/settings.json"
		}
		if !found {
			t.Errorf("%q: files %v, want .claude/settings.json among them", patch, ops)
		}
	}
}

// TestClaudeCodeLinksPatchesArchives: through the Claude Code hook, with
// the files visible where the call runs (--observe auto): a symbolic link
// on disk to the home is followed (rm -rf LINK/ is rm -rf ~/), a patch
// and an archive are judged by the files they write, an unreadable patch
// needs review, and find -execdir on a configuration file name and
// make -C .claude stop; controls go through.
func TestClaudeCodeLinksPatchesArchives(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(root, "home")
	app := filepath.Join(root, "app")
	for _, d := range []string{home, filepath.Join(app, ".claude"), filepath.Join(app, "docs")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(home, filepath.Join(root, "h")); err != nil {
		t.Skip("symbolic links are not available here:", err)
	}
	files := map[string]string{
		"settings.patch": "--- a/.claude/settings.json\n+++ b/.claude/settings.json\n@@ -1 +1 @@\n-{}\n+{\"hooks\":{}}\n",
		"docs.patch":     "--- a/docs/x.md\n+++ b/docs/x.md\n@@ -1 +1 @@\n-a\n+b\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		variant, line string
		stop          bool
	}{
		{"rm -rf through a link on disk to the home", "rm -rf " + root + "/h/", true},
		{"git apply into .claude", "git apply " + root + "/settings.patch", true},
		{"patch -p1 < into .claude", "patch -p1 < " + root + "/settings.patch", true},
		{"git apply of a patch not there", "git apply " + root + "/missing.patch", true},
		{"find -execdir rm settings.json", "find . -name settings.json -execdir rm {} +", true},
		{"make -C .claude", "make -C .claude", true},
		{"control: rm of the link itself", "rm " + root + "/h", false},
		{"control: a patch of docs", "git apply " + root + "/docs.patch", false},
	}
	for _, tt := range tests {
		t.Run(tt.variant, func(t *testing.T) {
			data, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Bash", "cwd": app, "tool_input": map[string]any{"command": tt.line}})
			var stdout, stderr bytes.Buffer
			cfg := Config{Setup: func(ctx context.Context, dir string) (Setup, error) {
				ev, err := newEvaluator(ctx)
				return Setup{Evaluator: ev, Options: evaluator.Options{Home: home, Observer: &observe.Files{Home: home, Dir: dir}}, FailOn: model.Escalate}, err
			}}
			code := Run(context.Background(), ClaudeCode{}, bytes.NewReader(data), &stdout, &stderr, cfg)
			stopped := code != 0 || strings.Contains(stdout.String(), `"permissionDecision":"deny"`) ||
				strings.Contains(stdout.String(), `"permissionDecision":"ask"`)
			if stopped != tt.stop {
				t.Errorf("%q: stopped %v, want %v (exit %d, %s %s)", tt.line, stopped, tt.stop, code, stdout.String(), stderr.String())
			}
		})
	}
}
