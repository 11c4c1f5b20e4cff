package main

import (
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// built are the binaries the tests run: recourse and recourse-hook side by
// side, as an install puts them, and recourse-hook alone.
var built struct {
	dir, hook, full, alone string
}

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "recourse-hook-")
	if err != nil {
		panic(err)
	}
	built.dir = dir
	built.hook = filepath.Join(dir, "pair", "recourse-hook")
	built.full = filepath.Join(dir, "pair", "recourse")
	built.alone = filepath.Join(dir, "alone", "recourse-hook")
	for out, pkg := range map[string]string{built.hook: ".", built.full: "../recourse", built.alone: "."} {
		build := exec.Command("go", "build", "-o", out, pkg)
		build.Stderr = os.Stderr
		if err := build.Run(); err != nil {
			panic("building " + out + ": " + err.Error())
		}
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

type answer struct {
	exit           int
	stdout, stderr string
}

// run runs argv on stdin with a state and configuration of the test's own
// and PATH without the binaries, so that recourse-hook finds recourse only
// beside itself.
func run(t *testing.T, stdin string, argv ...string) answer {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin = strings.NewReader(stdin)
	cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+filepath.Join(built.dir, "state"), "XDG_CONFIG_HOME="+filepath.Join(built.dir, "config"),
		"PATH=/usr/bin:/bin")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	a := answer{stdout: out.String(), stderr: errb.String()}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		a.exit = exit.ExitCode()
	case err != nil:
		t.Fatalf("%v: %v", argv, err)
	}
	return a
}

// codes are allow-once codes, which every stop carries and which differ
// from run to run.
var codes = regexp.MustCompile(`\b[0-9A-Za-z]{4}-[0-9A-Za-z]{4}\b`)

func (a answer) normal() answer {
	a.stdout = codes.ReplaceAllString(a.stdout, "CODE")
	a.stderr = codes.ReplaceAllString(a.stderr, "CODE")
	return a
}

// TestSameAnswersAsRecourseHook: recourse-hook answers every host as
// recourse hook does — what it judges itself (SQL the fast path reads
// included), and what it hands over (SQL the fast path does not read) —
// and fails closed the same way.
func TestSameAnswersAsRecourseHook(t *testing.T) {
	tests := []struct{ name, host, input string }{
		{"allow", "claude-code", `{"hook_event_name":"PreToolUse","cwd":"/tmp","tool_name":"Bash","tool_input":{"command":"git status"}}`},
		{"block", "claude-code", `{"hook_event_name":"PreToolUse","cwd":"/tmp","tool_name":"Bash","tool_input":{"command":"rm -rf ~"}}`},
		{"ask", "claude-code", `{"hook_event_name":"PreToolUse","cwd":"/home/dev/app","tool_name":"Write","tool_input":{"file_path":"/home/dev/.bashrc","content":""}}`},
		{"mcp", "claude-code", `{"hook_event_name":"PreToolUse","tool_name":"mcp__github__delete_repository","tool_input":{"owner":"acme","repo":"api"}}`},
		{"duplicate key", "claude-code", `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /","command":"ls"}}`},
		{"not json", "claude-code", `rm -rf /`},
		{"sql drop", "claude-code", `{"hook_event_name":"PreToolUse","cwd":"/tmp","tool_name":"Bash","tool_input":{"command":"psql -c 'DROP TABLE users'"}}`},
		{"sql select", "claude-code", `{"hook_event_name":"PreToolUse","cwd":"/tmp","tool_name":"Bash","tool_input":{"command":"psql -c 'SELECT count(*) FROM users'"}}`},
		{"sql the fast path refuses", "claude-code", `{"hook_event_name":"PreToolUse","cwd":"/tmp","tool_name":"Bash","tool_input":{"command":"psql -c 'WITH d AS (DELETE FROM users RETURNING *) SELECT count(*) FROM d'"}}`},
		{"sql in an mcp call", "cursor", `{"hook_event_name":"beforeMCPExecution","tool_name":"query","tool_input":"{\"sql\":\"DELETE FROM orders\"}","url":"","command":"postgres-mcp"}`},
		{"cursor block", "cursor", `{"hook_event_name":"beforeShellExecution","command":"rm -rf ~","cwd":"/tmp"}`},
		{"codex block", "codex", `{"hook_event_name":"PreToolUse","cwd":"/tmp","tool_name":"Bash","tool_input":{"command":"git push --force origin main"}}`},
		{"unknown host", "claude-cod", `{}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := run(t, tt.input, built.full, "hook", tt.host).normal()
			got := run(t, tt.input, built.hook, tt.host).normal()
			if got != want {
				t.Errorf("recourse-hook %s answered\n%+v\nrecourse hook %s answered\n%+v", tt.host, got, tt.host, want)
			}
		})
	}
}

// TestHandsOverRego: a Rego policy, which recourse-hook cannot run, is
// run by recourse hook, so that it decides.
func TestHandsOverRego(t *testing.T) {
	dir := t.TempDir()
	policy := `package recourse.policies.team

tighten contains {"decision": "block", "reason": "the team's policy: no git on this machine"} if {
	some m in input.mutations
	m.type == "git"
}
`
	if err := os.WriteFile(filepath.Join(dir, "team.rego"), []byte(policy), 0o644); err != nil {
		t.Fatal(err)
	}
	in := `{"hook_event_name":"PreToolUse","cwd":"/tmp","tool_name":"Bash","tool_input":{"command":"git status"}}`
	got := run(t, in, built.hook, "claude-code", "--policy", dir)
	if got.exit != 2 || !strings.Contains(got.stderr, "no git on this machine") {
		t.Fatalf("git status under a policy that blocks git: %+v; want the policy's stop", got)
	}
}

// TestStopsWithoutRecourse: a call recourse-hook must hand over, with no
// recourse beside it, is stopped, saying what to install; one it judges
// itself is answered.
func TestStopsWithoutRecourse(t *testing.T) {

	got := run(t, sqlCall, built.alone, "claude-code")
	if got.exit != 2 || !strings.Contains(got.stderr, "in the same directory as recourse-hook") {
		t.Fatalf("SQL without recourse: %+v; want a stop that says to install recourse", got)
	}
	got = run(t, `{"hook_event_name":"PreToolUse","cwd":"/tmp","tool_name":"Bash","tool_input":{"command":"git status"}}`, built.alone, "claude-code")
	if got.exit != 0 || got.stderr != "" {
		t.Fatalf("git status without recourse: %+v; want it allowed", got)
	}
	got = run(t, fastSQLCall, built.alone, "claude-code")
	if got.exit != 2 || !strings.Contains(got.stderr, "DROP TABLE users is unrecoverable") {
		t.Fatalf("SQL the fast path reads, without recourse: %+v; want recourse-hook's own block", got)
	}
	got = run(t, `{"hook_event_name":"PreToolUse","cwd":"/tmp","tool_name":"Bash","tool_input":{"command":"psql -c 'SELECT count(*) FROM users'"}}`, built.alone, "claude-code")
	if got.exit != 0 {
		t.Fatalf("a SELECT the fast path reads, without recourse: %+v; want it allowed", got)
	}
}

// TestHandsOverDecisionLog: --decision-log, which recourse-hook (no HTTP
// client linked) cannot ship, is shipped by recourse hook.
func TestHandsOverDecisionLog(t *testing.T) {
	var posts atomic.Int32
	sink := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.Header.Get("Content-Encoding") == "gzip" {
			posts.Add(1)
		}
	}))
	defer sink.Close()
	in := `{"hook_event_name":"PreToolUse","cwd":"/tmp","tool_name":"Bash","tool_input":{"command":"git status"}}`
	if got := run(t, in, built.hook, "claude-code", "--decision-log", sink.URL); got.exit != 0 || posts.Load() != 1 {
		t.Fatalf("%+v, %d posts; want git status allowed and its decision shipped once", got, posts.Load())
	}
}

// sqlCall is a call recourse-hook hands over: its SQL (a data-modifying
// WITH) is not in the fast path's grammar, and recourse-hook has no other
// SQL parser. fastSQLCall is one it judges itself.
const (
	sqlCall     = `{"hook_event_name":"PreToolUse","cwd":"/tmp","tool_name":"Bash","tool_input":{"command":"psql -c 'WITH d AS (DELETE FROM t RETURNING *) SELECT 1'"}}`
	fastSQLCall = `{"hook_event_name":"PreToolUse","cwd":"/tmp","tool_name":"Bash","tool_input":{"command":"psql -c 'DROP TABLE users'"}}`
)

// fakeRecourse writes an executable recourse into dir that records that
// it ran (in ran) and exits with status.
func fakeRecourse(t *testing.T, dir, ran string, status int) {
	t.Helper()
	script := "#!/bin/sh\necho ran > '" + ran + "'\necho '{}'\nexit " + strconv.Itoa(status) + "\n"
	if err := os.WriteFile(filepath.Join(dir, "recourse"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestHandOverIgnoresPath: recourse-hook hands a call over only to the
// recourse beside it, never to the first recourse on PATH (which the
// agent's environment decides: a project's node_modules/.bin, a directory
// the agent wrote): the one on PATH is never run, and the call is stopped.
func TestHandOverIgnoresPath(t *testing.T) {
	onPath := t.TempDir()
	ran := filepath.Join(t.TempDir(), "ran")
	fakeRecourse(t, onPath, ran, 0)
	cmd := exec.Command(built.alone, "claude-code")
	cmd.Stdin = strings.NewReader(sqlCall)
	cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+filepath.Join(built.dir, "state"), "XDG_CONFIG_HOME="+filepath.Join(built.dir, "config"),
		"PATH="+onPath+":/usr/bin:/bin")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(stderr.String(), "not beside recourse-hook") {
		t.Fatalf("recourse-hook with recourse only on PATH: %v %s; want the host's stop", err, stderr.String())
	}
	if _, err := os.Stat(ran); err == nil {
		t.Fatal("recourse-hook ran the recourse it found on PATH")
	}
}

// TestHandOverStatusNotAnAnswer: a recourse beside recourse-hook that ends
// with a status that is not a hook's answer (1, which Claude Code reads as
// a failed hook and then runs the call; 137, killed) is answered with the
// host's stop, and what it printed is not passed on.
func TestHandOverStatusNotAnAnswer(t *testing.T) {
	for _, status := range []int{1, 3, 64, 137} {
		dir := t.TempDir()
		hook := filepath.Join(dir, "recourse-hook")
		b, err := os.ReadFile(built.alone)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(hook, b, 0o755); err != nil {
			t.Fatal(err)
		}
		ran := filepath.Join(dir, "ran")
		fakeRecourse(t, dir, ran, status)
		got := run(t, sqlCall, hook, "claude-code")
		if _, err := os.Stat(ran); err != nil {
			t.Fatalf("status %d: the recourse beside recourse-hook did not run", status)
		}
		if got.exit != 2 || strings.Contains(got.stdout, "{}") || !strings.Contains(got.stderr, "not an answer") {
			t.Errorf("status %d handed over: %+v; want the host's stop", status, got)
		}
	}
}

// TestHelp: recourse-hook builds only the host command its arguments run,
// and every one for its own help, which lists them all.
func TestHelp(t *testing.T) {
	all := run(t, "", built.hook, "--help")
	if all.exit != 0 {
		t.Fatalf("recourse-hook --help exited %d: %s", all.exit, all.stderr)
	}
	for _, host := range []string{"claude-code", "codex", "cursor", "gemini-cli"} {
		if !strings.Contains(all.stdout, host) {
			t.Errorf("recourse-hook --help does not list %s:\n%s", host, all.stdout)
		}
		one := run(t, "", built.hook, host, "--help")
		if one.exit != 0 || !strings.Contains(one.stdout, "--fail-on") || !strings.Contains(one.stdout, "--observe") {
			t.Errorf("recourse-hook %s --help exited %d with\n%s%s", host, one.exit, one.stdout, one.stderr)
		}
	}
}
