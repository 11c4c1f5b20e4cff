package observe_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/internal/hookcmd"
	"github.com/recourse-dev/recourse/internal/observe"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/policy"
	"github.com/recourse-dev/recourse/report"
	"github.com/recourse-dev/recourse/rules/builtin"
)

// scenario is one line of testdata/scenarios.txt.
type scenario struct {
	fixture, dir, line string
	want               model.Decision
	rule               string
	facts              []string
}

func readScenarios(t testing.TB) []scenario {
	t.Helper()
	f, err := os.Open("testdata/scenarios.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []scenario
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		cols := strings.Split(text, "|")
		if len(cols) != 6 {
			t.Fatalf("scenarios.txt: %q has %d columns, want 6", text, len(cols))
		}
		for i := range cols {
			cols[i] = strings.TrimSpace(cols[i])
		}
		d, ok := model.ParseDecision(cols[3])
		if !ok {
			t.Fatalf("scenarios.txt: %q: decision %q", text, cols[3])
		}
		s := scenario{fixture: cols[0], dir: cols[1], line: cols[2], want: d, rule: cols[4]}
		for fact := range strings.SplitSeq(cols[5], ";") {
			if fact = strings.TrimSpace(fact); fact != "" {
				s.facts = append(s.facts, fact)
			}
		}
		out = append(out, s)
	}
	return out
}

// git runs git in dir to build a fixture (never a command under test).
func git(t testing.TB, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

func write(t testing.TB, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// buildFixture makes the repository of a fixture under root and returns
// its directory: the base (tracked src/ and docs/, a tracked link lnk to
// src, ignored build/, data/ and app.log, an empty directory, a bare
// remote origin with main and pushed, branches merged, pushed and wip),
// then the variant's change.
func buildFixture(t testing.TB, root, name string) string {
	t.Helper()
	repo := filepath.Join(root, "repo")
	write(t, filepath.Join(repo, "src", "a.go"), "package a\n")
	write(t, filepath.Join(repo, "src", "b.go"), "package b\n")
	write(t, filepath.Join(repo, "docs", "readme.md"), "# docs\n")
	write(t, filepath.Join(repo, ".gitignore"), "build/\ndata/\n*.log\n")
	git(t, root, "init", "-q", "-b", "main", repo)
	git(t, repo, "add", ".")
	git(t, repo, "commit", "-q", "-m", "one")
	write(t, filepath.Join(repo, "script.sh"), "rm -rf build\n")
	if err := os.Symlink("src", filepath.Join(repo, "lnk")); err != nil {
		t.Skip("symbolic links are not available here:", err)
	}
	git(t, repo, "add", ".")
	git(t, repo, "commit", "-q", "-m", "two")
	git(t, root, "init", "-q", "--bare", "-b", "main", filepath.Join(root, "origin.git"))
	git(t, repo, "remote", "add", "origin", "../origin.git")
	git(t, repo, "push", "-q", "-u", "origin", "main")
	git(t, repo, "branch", "merged")
	git(t, repo, "checkout", "-q", "-b", "pushed")
	write(t, filepath.Join(repo, "p.txt"), "p\n")
	git(t, repo, "add", "p.txt")
	git(t, repo, "commit", "-q", "-m", "pushed")
	git(t, repo, "push", "-q", "origin", "pushed")
	git(t, repo, "checkout", "-q", "-b", "wip", "main")
	write(t, filepath.Join(repo, "w.txt"), "w\n")
	git(t, repo, "add", "w.txt")
	git(t, repo, "commit", "-q", "-m", "wip")
	git(t, repo, "checkout", "-q", "main")
	write(t, filepath.Join(repo, "build", "out.bin"), "0101\n")
	write(t, filepath.Join(repo, "data", "db.sqlite"), "rows\n")
	write(t, filepath.Join(repo, "app.log"), "log line\n")
	if err := os.MkdirAll(filepath.Join(repo, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	switch name {
	case "clean":
	case "untracked":
		write(t, filepath.Join(repo, "src", "new.go"), "package a // new\n")
	case "modified":
		write(t, filepath.Join(repo, "src", "a.go"), "package a // changed\n")
	case "staged":
		write(t, filepath.Join(repo, "src", "b.go"), "package b // staged\n")
		git(t, repo, "add", "src/b.go")
	case "tree":
		// Trees to copy over the repository's own (cp -r): an untracked
		// vendor/ with a docs/ and a src/ of their own.
		write(t, filepath.Join(repo, "src", "new.go"), "package a // new\n")
		write(t, filepath.Join(repo, "vendor", "docs", "readme.md"), "# vendored docs\n")
		write(t, filepath.Join(repo, "vendor", "src", "new.go"), "package a // vendored\n")
		write(t, filepath.Join(repo, "vendor", "src", "extra.go"), "package a // extra\n")
	case "dirtydocs":
		write(t, filepath.Join(repo, "docs", "readme.md"), "# docs, edited\n")
	case "stash":
		write(t, filepath.Join(repo, "src", "a.go"), "package a // stashed\n")
		git(t, repo, "stash", "-q")
	case "ahead":
		other := filepath.Join(root, "other")
		git(t, root, "clone", "-q", filepath.Join(root, "origin.git"), other)
		write(t, filepath.Join(other, "o.txt"), "o\n")
		git(t, other, "add", "o.txt")
		git(t, other, "commit", "-q", "-m", "someone else's")
		git(t, other, "push", "-q", "origin", "main")
		git(t, repo, "fetch", "-q", "origin")
	default:
		t.Fatalf("no fixture %q", name)
	}
	return repo
}

// scenarioBound is the observation bound of the scenarios.
const scenarioBound = 20 * time.Second

// fixtureRoot is a directory for the fixtures outside the temp
// directories, which the rules judge disposable whatever is in them (so
// that a line's verdict without observation is what it is in a real
// project): under testdata, removed after the test. It lies in this
// repository's work tree, so a fixture that is no repository of its own
// would be read as untracked files of it; every fixture is one.
//
// When this work tree itself lies in a temp directory (a fresh clone made
// with mktemp), the fixtures go under the home directory instead; with no
// such place the test is skipped, saying why.
func fixtureRoot(t *testing.T) string {
	t.Helper()
	base, prefix := "testdata", ".scenarios-"
	if wd, _ := os.Getwd(); underTemp(wd) {
		home, err := os.UserHomeDir()
		if err != nil || home == "" || underTemp(home) {
			t.Skipf("this work tree (%s) and the home directory are in temp directories, which the rules judge disposable: the scenarios need a place outside them", wd)
		}
		base, prefix = home, "recourse-scenarios-"
	}
	dir, err := os.MkdirTemp(base, prefix)
	if err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(abs) })
	return abs
}

// underTemp reports whether dir is in a directory the rules class as
// temp (rules.PathTemp: /tmp, /var/tmp, $TMPDIR).
func underTemp(dir string) bool {
	for _, tmp := range []string{"/tmp", "/var/tmp", os.Getenv("TMPDIR"), os.TempDir()} {
		if tmp = filepath.Clean(tmp); tmp != "." && tmp != "/" && (dir == tmp || strings.HasPrefix(dir, tmp+string(filepath.Separator))) {
			return true
		}
	}
	return false
}

// fixtures builds each fixture once: nothing a scenario does changes it
// (the command under test is never run).
type fixtures struct {
	mu    sync.Mutex
	root  string
	built map[string]string
}

func (f *fixtures) get(t *testing.T, name string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if dir, ok := f.built[name]; ok {
		return dir
	}
	root := filepath.Join(f.root, name)
	dir := buildFixture(t, root, name)
	f.built[name] = dir
	return dir
}

func newEvaluator(t testing.TB) *evaluator.Evaluator {
	t.Helper()
	eng, err := builtin.CommandEngine()
	if err != nil {
		t.Fatal(err)
	}
	return evaluator.New(eng, policy.Default())
}

// judge evaluates line in dir as recourse eval shell does, with
// observation on (obs) or off (nil).
func judge(t *testing.T, ev *evaluator.Evaluator, line, dir, home string, obs *observe.Files) *report.ConsequenceReport {
	t.Helper()
	opts := evaluator.Options{Cwd: dir, Home: home}
	if obs != nil {
		opts.Observer = obs
	}
	rep, err := ev.Shell(context.Background(), line, opts)
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	return rep
}

// hook runs the Claude Code hook (recourse-hook claude-code) on a Bash
// call of line in dir and returns the decision its answer carries and
// its text.
func hook(t *testing.T, line, dir string) (model.Decision, string) {
	t.Helper()
	return hookTool(t, "claude-code", "Bash", map[string]any{"command": line}, dir)
}

// hookTool runs host's hook (Claude Code's input, which Codex's is too)
// on a call of tool with input in dir and returns the decision its
// answer carries and its text.
func hookTool(t *testing.T, host, tool string, input map[string]any, dir string) (model.Decision, string) {
	t.Helper()
	in, err := json.Marshal(map[string]any{"session_id": "s", "hook_event_name": "PreToolUse", "cwd": dir,
		"tool_name": tool, "tool_input": input})
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := hookcmd.Main("test", []string{host, "--warn-context"}, bytes.NewReader(in), &stdout, &stderr)
	text := stderr.String()
	if stdout.Len() > 0 {
		var answer struct {
			Out map[string]any `json:"hookSpecificOutput"`
		}
		if err := json.Unmarshal(stdout.Bytes(), &answer); err != nil {
			t.Fatalf("hook stdout %q: %v", stdout.String(), err)
		}
		for _, k := range []string{"permissionDecisionReason", "additionalContext"} {
			if s, ok := answer.Out[k].(string); ok {
				text += s
			}
		}
	}
	for _, d := range []model.Decision{model.Block, model.Escalate, model.Warn} {
		if strings.Contains(text, strings.ToUpper(string(d))+" —") {
			return d, text
		}
	}
	if code != 0 {
		t.Fatalf("hook exit %d without a decision: %s", code, text)
	}
	return model.Allow, text
}

// TestScenarios runs every scenario of testdata/scenarios.txt through
// the evaluator with observation on (recourse eval shell) and through the
// Claude Code hook, in a real repository built for it, and checks the
// decision, the deciding rule and the facts shown. The verdict without
// observation (--observe off) is logged beside it: the table of
// docs/observe.md.
func TestScenarios(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_STATE_HOME", filepath.Join(home, ".state"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	fx := &fixtures{root: fixtureRoot(t), built: map[string]string{}}
	// A loaded machine (CI, many tests at once) is slower than the
	// bound of a real hook call; the scenarios test the facts, the
	// benchmark the speed.
	t.Setenv("RECOURSE_OBSERVE_TIMEOUT", scenarioBound.String())
	ev := newEvaluator(t)
	scenarios := readScenarios(t)
	if len(scenarios) < 60 {
		t.Fatalf("%d scenarios, want at least 60", len(scenarios))
	}
	var table strings.Builder
	table.WriteString("| command | situation | before (--observe off) | after | facts shown |\n|---|---|---|---|---|\n")
	for _, s := range scenarios {
		t.Run(s.fixture+"/"+s.line, func(t *testing.T) {
			repo := fx.get(t, s.fixture)
			dir := filepath.Join(repo, s.dir)
			rep := judge(t, ev, s.line, dir, home, &observe.Files{Home: home, Dir: dir, Bound: scenarioBound})
			before := judge(t, ev, s.line, dir, home, nil)
			data, err := json.Marshal(rep)
			if err != nil {
				t.Fatal(err)
			}
			text := string(data)
			rule := worstRule(rep)
			if rep.RiskAssessment != s.want || rule != s.rule {
				t.Errorf("%q (%s): %s by %s, want %s by %s\n%s", s.line, s.fixture, rep.RiskAssessment, rule, s.want, s.rule, rep.AssessmentReason)
			}
			for _, fact := range s.facts {
				fact = strings.ReplaceAll(fact, "{repo}", filepath.ToSlash(repo))
				if !strings.Contains(text, fact) {
					t.Errorf("%q (%s): the report does not show %q:\n%s", s.line, s.fixture, fact, text)
				}
			}
			got, said := hook(t, s.line, dir)
			if got != s.want {
				t.Errorf("%q (%s): the Claude Code hook answers %s, want %s: %s", s.line, s.fixture, got, s.want, said)
			}
			if loss, back := report.Stakes(rep); s.want != model.Allow {
				for _, line := range []string{loss, back} {
					if line != "" && !strings.Contains(said, line) {
						t.Errorf("%q (%s): the hook's text does not carry %q: %s", s.line, s.fixture, line, said)
					}
				}
			}
			shown := strings.Join(s.facts, "; ")
			if loss, back := report.Stakes(rep); loss != "" || back != "" {
				shown = strings.Trim(loss+" · "+back, " ·")
			}
			fmt.Fprintf(&table, "| `%s` | %s | %s | %s | %s |\n", s.line, s.fixture, before.RiskAssessment, rep.RiskAssessment, strings.ReplaceAll(shown, "|", `\|`))
		})
	}
	if out := os.Getenv("OBSERVE_SCENARIO_TABLE"); out != "" {
		if err := os.WriteFile(out, []byte(table.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// worstRule is the rule of the most severe change (the last of equals:
// a redirection's rather than its writer's).
func worstRule(rep *report.ConsequenceReport) string {
	rule, sev := "", -1
	for _, m := range rep.Mutations {
		if s := m.Recoverability.Tier.Severity(); s >= sev {
			rule, sev = m.Recoverability.RuleID, s
		}
	}
	return rule
}
