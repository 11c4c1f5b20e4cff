package hooks

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/allowonce"
	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/internal/observe"
	"github.com/recourse-dev/recourse/internal/statekey"
	"github.com/recourse-dev/recourse/model"
)

// hookAnswer is what Claude Code's hook answered: its exit status, the
// permission decision it printed ("" for none) and its stderr.
type hookAnswer struct {
	code     int
	decision string
	stderr   string
}

// allowed reports whether Claude Code runs the call on this answer: exit
// 0 with no "deny" or "ask" decision.
func (a hookAnswer) allowed() bool { return a.code == 0 && a.decision != "ask" && a.decision != "deny" }

// runClaudeHook runs one PreToolUse input through the Claude Code hook,
// as `recourse hook claude-code` configures it: script files read where
// the call runs (--observe auto), allow-once codes in store.
func runClaudeHook(t *testing.T, store *allowonce.Store, cwd string, tool string, input map[string]any) hookAnswer {
	t.Helper()
	data, err := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": tool, "tool_input": input, "cwd": cwd})
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	cfg := Config{EscalateAsk: true, AllowOnce: store, Setup: func(ctx context.Context, dir string) (Setup, error) {
		ev, err := newEvaluator(ctx)
		if err != nil {
			return Setup{}, err
		}
		obs, err := observe.New(observe.Auto, dir)
		return Setup{Evaluator: ev, Options: evaluator.Options{Observer: obs}, FailOn: model.Escalate}, err
	}}
	code := Run(context.Background(), ClaudeCode{}, bytes.NewReader(data), &stdout, &stderr, cfg)
	a := hookAnswer{code: code, stderr: stderr.String()}
	if stdout.Len() > 0 {
		var out struct {
			HookSpecificOutput struct {
				PermissionDecision string `json:"permissionDecision"`
				Reason             string `json:"permissionDecisionReason"`
			} `json:"hookSpecificOutput"`
		}
		if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
			t.Fatalf("the hook's stdout is not its JSON answer: %v: %s", err, stdout.String())
		}
		a.decision = out.HookSpecificOutput.PermissionDecision
		a.stderr += out.HookSpecificOutput.Reason
	}
	return a
}

// codePattern finds an allow-once code in a stop's or question's reason.
var codePattern = regexp.MustCompile(`recourse allow-once ([A-Z0-9]{4}-[A-Z0-9]{4})`)

// TestScriptThatApprovesIsStopped is issue 31's end to end case: an agent
// whose destructive call was stopped writes a script that approves the
// stop's allow-once code (or trusts the project) with one call (a Write,
// or a heredoc in a Bash call), and runs it with the next. The second
// call must be stopped or asked, whatever the script's name, interpreter
// or stdin, and no approval may be recorded. The file is really on disk,
// where the hook reads it (internal/observe); a harmless script written
// and run the same way goes ahead, so the test sees the content.
func TestScriptThatApprovesIsStopped(t *testing.T) {
	type variant struct {
		name string
		file string // written by the first call, relative to the project
		// content is the script's text; CODE is replaced by the stopped
		// call's allow-once code.
		content string
		// heredoc writes the file with a Bash heredoc rather than the
		// Write tool.
		heredoc bool
		run     string // the second call's command line
	}
	const approve = "#!/bin/sh\nset -e\necho fixing up\nrecourse allow-once CODE\n"
	variants := []variant{
		{"bash", "x.sh", approve, false, "bash x.sh"},
		{"sh", "x.sh", approve, false, "sh x.sh"},
		{"dot slash", "x.sh", approve, false, "./x.sh"},
		{"innocent name", "run-tests", approve, false, "./run-tests"},
		{"markdown name", "NOTES.md", "recourse allow-once CODE\n", false, "bash NOTES.md"},
		{"no shebang", "fix", "recourse allow-once CODE\n", false, "./fix --quiet"},
		{"env shebang", "fix", "#!/usr/bin/env bash\nrecourse trust\n", false, "./fix"},
		{"subdirectory", "scripts/fix.sh", approve, false, "bash scripts/fix.sh"},
		{"absolute path", "x.sh", approve, false, "bash {dir}/x.sh"},
		{"source", "x.sh", approve, false, "source x.sh"},
		{"dot", "x.sh", approve, false, ". ./x.sh"},
		{"cat substitution", "x.sh", approve, false, `sh -c "$(cat x.sh)"`},
		{"stdin from /dev/null", "x.sh", approve, false, "bash x.sh < /dev/null"},
		{"yes piped", "x.sh", approve, false, "yes | bash x.sh"},
		{"here-string stdin", "x.sh", approve, false, "bash x.sh <<< y"},
		{"sudo", "x.sh", approve, false, "sudo -u dev bash x.sh"},
		{"env and timeout", "x.sh", approve, false, "env -i PATH=/usr/bin timeout 30 nice bash x.sh"},
		{"env prefix", "x.sh", approve, false, "CI=1 bash ./x.sh"},
		{"background", "x.sh", approve, false, "nohup sh x.sh > /dev/null 2>&1 &"},
		{"after cd", "sub/x.sh", approve, false, "cd sub && bash x.sh"},
		{"in a subshell", "x.sh", approve, false, "(true; bash x.sh)"},
		{"trust", "x.sh", "recourse trust\n", false, "bash x.sh"},
		{"a variable names recourse", "x.sh", "R=recourse\n$R allow-once CODE\n", false, "bash x.sh"},
		{"nested script", "x.sh", "bash y.sh\n", false, "bash x.sh"},
		{"python subprocess", "x.py", "import subprocess\nsubprocess.run(['recourse', 'allow-once', 'CODE'], check=True)\n", false, "python3 x.py"},
		{"python os.system", "x.py", "import os\nos.system('recourse allow-once CODE')\n", false, "timeout 5 python3 -u x.py"},
		{"python shebang", "x", "#!/usr/bin/env python3\nimport os\nos.system('recourse trust')\n", false, "./x"},
		{"node", "x.js", "require('child_process').execSync('recourse allow-once CODE')\n", false, "node x.js"},
		{"perl", "x.pl", "system(\"recourse allow-once CODE\");\n", false, "perl x.pl"},
		{"make target", "Makefile", "R = recourse\nall:\n\tgo build ./...\nfix: prep\n\t@$(R) allow-once CODE\nprep:\n\techo ok\n", false, "make fix"},
		{"make default target", "Makefile", "all: fix\nfix:\n\trecourse trust\n", false, "make -j4"},
		{"make -f", "build.mk", "fix:\n\trecourse allow-once CODE\n", false, "make -f build.mk fix"},
		{"heredoc then bash", "x.sh", approve, true, "bash x.sh"},
		{"heredoc then python", "x.py", "import subprocess\nsubprocess.call(['recourse', 'trust'])\n", true, "python3 x.py"},
	}
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			dir := t.TempDir()
			store := &allowonce.Store{Dir: t.TempDir(), Key: statekey.New([]byte("scripts-test-state-key-32-bytes!"))}
			// The call that was stopped, and its code.
			stopped := runClaudeHook(t, store, dir, "Bash", map[string]any{"command": "rm -rf /srv/data"})
			m := codePattern.FindStringSubmatch(stopped.stderr)
			if stopped.allowed() || m == nil {
				t.Fatalf("rm -rf /srv/data: exit %d %q, want a stop with a code: %s", stopped.code, stopped.decision, stopped.stderr)
			}
			content := strings.ReplaceAll(v.content, "CODE", m[1])
			path := filepath.Join(dir, filepath.FromSlash(v.file))
			// The first call writes the script; Claude Code performs it.
			if v.heredoc {
				runClaudeHook(t, store, dir, "Bash", map[string]any{"command": "mkdir -p " + filepath.Dir(v.file) + " && cat > " + v.file + " <<'EOF'\n" + content + "EOF"})
			} else {
				runClaudeHook(t, store, dir, "Write", map[string]any{"file_path": path, "content": content})
			}
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(content), 0o755); err != nil {
				t.Fatal(err)
			}
			if v.name == "nested script" {
				if err := os.WriteFile(filepath.Join(dir, "y.sh"), []byte("recourse allow-once "+m[1]+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			// The second call runs it.
			run := strings.ReplaceAll(v.run, "{dir}", dir)
			a := runClaudeHook(t, store, dir, "Bash", map[string]any{"command": run})
			if a.allowed() {
				t.Fatalf("%s ran a script that approves allow-once code %s: exit %d, decision %q", run, m[1], a.code, a.decision)
			}
			// The reason (before the allow-once note) rests on the file's
			// content, not on its being unread; after a cd into a temp
			// directory the working directory is not followed, and the
			// script is stopped as unread.
			reason, _, _ := strings.Cut(a.stderr, " Code ")
			if unread := strings.Contains(reason, "not known"); unread != (v.name == "after cd") {
				t.Errorf("the answer does not rest on the script's content: %s", reason)
			}
			if granted, _ := os.ReadDir(filepath.Join(store.Dir, "granted")); len(granted) > 0 {
				t.Fatalf("an approval was recorded: %v", granted)
			}
		})
	}
}

// TestHarmlessScriptGoesAhead is the other side: a script whose content
// is harmless, written and run the same way, is allowed, because the hook
// reads and judges it (so the stops above come from the content, not
// from the form of the call); the same call with no file is not.
func TestHarmlessScriptGoesAhead(t *testing.T) {
	dir := t.TempDir()
	store := &allowonce.Store{Dir: t.TempDir(), Key: statekey.New([]byte("scripts-test-state-key-32-bytes!"))}
	for _, run := range []string{"bash ok.sh", "./ok.sh", "sh -c \"$(cat ok.sh)\"", "source ok.sh"} {
		if a := runClaudeHook(t, store, dir, "Bash", map[string]any{"command": run}); a.allowed() {
			t.Fatalf("%s with no ok.sh on disk went ahead: its content is not known", run)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "ok.sh"), []byte("#!/bin/sh\necho hello\nls -la\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, run := range []string{"bash ok.sh", "./ok.sh", "sh -c \"$(cat ok.sh)\"", "source ok.sh"} {
		if a := runClaudeHook(t, store, dir, "Bash", map[string]any{"command": run}); !a.allowed() {
			t.Fatalf("%s of a harmless script: exit %d, decision %q: %s", run, a.code, a.decision, a.stderr)
		}
	}
}
