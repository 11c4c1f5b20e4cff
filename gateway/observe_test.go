package gateway

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/audit"
)

// observedRepo makes a git repository with a committed file (tracked.txt)
// and a file no commit holds (notes.txt), the directory a stdio upstream
// runs in.
func observedRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range map[string]string{"tracked.txt": "kept in git\n", "notes.txt": "only here\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "tracked.txt"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "one"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return dir
}

// startIn runs a gateway whose one upstream, "files", is the test
// upstream running in dir, with the recourse settings given, the
// configuration's top-level observe setting and the command's --observe
// flag ("" for none).
func startIn(t *testing.T, dir, settings, observe, flag string) *fixture {
	t.Helper()
	// The per-command bound of observation is for a user's machine, not a
	// loaded test runner: past it the facts are missing evidence.
	t.Setenv("RECOURSE_OBSERVE_TIMEOUT", "20s")
	f := newFixture(t)
	f.observe = flag
	f.records["files"] = filepath.Join(filepath.Dir(f.log), "files.jsonl")
	cfg := fmt.Sprintf("mcpServers:\n  files:\n    command: %q\n    cwd: %q\n    env: {RECORD_FILE: %q}\n", upstreamBin, dir, f.records["files"])
	if settings != "" {
		cfg += "    recourse: " + settings + "\n"
	}
	if observe != "" {
		cfg += "observe: " + observe + "\n"
	}
	cfg += fmt.Sprintf("decision_log: %q\n", f.log)
	f.run(t, cfg)
	// The upstream is up; its tools are exposed once listed.
	waitUntil(t, func() bool { _, ok := f.g.route("delete_file"); return ok })
	return f
}

// ruleIDs are the rule ids of the decision log's entries, in order.
func (f *fixture) ruleIDs(t *testing.T) [][]string {
	t.Helper()
	var out [][]string
	for _, e := range f.entries(t) {
		out = append(out, e.RuleIDs)
	}
	return out
}

// entries are the decision log's entries, in order.
func (f *fixture) entries(t *testing.T) []audit.Entry {
	t.Helper()
	var out []audit.Entry
	for _, line := range readLines(t, f.log) {
		var e audit.Entry
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatal(err)
		}
		out = append(out, e)
	}
	return out
}

// TestStdioUpstreamIsObserved: a stdio upstream acts on this machine, so
// what its file tools delete and the targets of the lines it runs are
// observed from its working directory, as eval shell observes a line
// (docs/observe.md): deleting a committed, unmodified file is recoverable
// from git and goes through with a warning; deleting a file no commit
// holds is blocked with the loss named, and never reaches the upstream.
// Nothing is deleted: the test upstream only records the calls it gets.
func TestStdioUpstreamIsObserved(t *testing.T) { overBoth(t, testStdioUpstreamIsObserved) }

func testStdioUpstreamIsObserved(t *testing.T, stdio bool) {
	dir := observedRepo(t)
	f := startIn(t, dir, "", "", "")
	f.stdio = stdio
	c := f.connect(t, nil)

	res := call(t, c, "delete_file", map[string]any{"path": "tracked.txt"})
	if res.IsError {
		t.Fatalf("delete_file of a committed file was refused: %s", text(res))
	}
	if got := text(res); !strings.Contains(got, "git checkout -- tracked.txt") {
		t.Errorf("the warning does not give the way back:\n%s", got)
	}
	for _, tc := range []struct {
		tool string
		args map[string]any
	}{
		{"delete_file", map[string]any{"path": "notes.txt"}},
		{"delete_file", map[string]any{"path": filepath.Join(dir, "notes.txt")}},
		{"run_command", map[string]any{"command": "rm -f notes.txt"}},
	} {
		res := call(t, c, tc.tool, tc.args)
		if status, kind := refusal(t, res); status != "refused" || kind != "blocked" {
			t.Errorf("%s %v: %s %s, want refused blocked", tc.tool, tc.args, status, kind)
		}
		if got := text(res); !strings.Contains(got, "1 untracked file, 10 B: notes.txt (10 B)") {
			t.Errorf("%s %v: the refusal does not name the loss:\n%s", tc.tool, tc.args, got)
		}
	}
	if got := f.received(t, "files"); !slices.Equal(got, []string{"delete_file"}) {
		t.Errorf("the upstream received %v, want only the allowed delete_file", got)
	}
	ids := f.ruleIDs(t)
	want := []string{"mcp.fs.delete.observed.from-git.delete_file", "mcp.fs.delete.observed.loss.delete_file", "mcp.fs.delete.observed.loss.delete_file", "fs.rm.observed.loss"}
	if len(ids) != len(want) {
		t.Fatalf("decision log rule ids %v, want one entry each for %v", ids, want)
	}
	for i, w := range want {
		if !slices.Contains(ids[i], w) {
			t.Errorf("decision %d: rule ids %v, want %s", i, ids[i], w)
		}
	}
	// The decision record carries what was observed.
	es := f.entries(t)
	if es[0].WayBack != "tracked files: `git checkout -- tracked.txt`" || es[0].AtStake != "" {
		t.Errorf("the allowed delete's record: at stake %q, way back %q", es[0].AtStake, es[0].WayBack)
	}
	for _, e := range es[1:] {
		if e.AtStake != "1 untracked file, 10 B: notes.txt (10 B)" {
			t.Errorf("a refused delete's record: at stake %q", e.AtStake)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "notes.txt")); err != nil {
		t.Errorf("observation changed the directory: %v", err)
	}
}

// TestObserveOff: observe off (the server's setting, the configuration's,
// or the command's --observe) judges the same delete without facts, by
// its name alone: a delete of files that may not be in git is a block.
func TestObserveOff(t *testing.T) {
	dir := observedRepo(t)
	for _, tc := range []struct {
		name, settings, observe, command string
	}{
		{"server", "{observe: off}", "", ""},
		{"configuration", "", "off", ""},
		{"command", "", "", "off"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := startIn(t, dir, tc.settings, tc.observe, tc.command)
			res := call(t, f.connect(t, nil), "delete_file", map[string]any{"path": "tracked.txt"})
			if status, kind := refusal(t, res); status != "refused" || kind != "blocked" {
				t.Errorf("%s %s, want refused blocked (not observed: judged by the name)", status, kind)
			}
			if ids := f.ruleIDs(t); len(ids) != 1 || !slices.Contains(ids[0], "mcp.fs.delete.delete_file") {
				t.Errorf("rule ids %v, want mcp.fs.delete.delete_file", ids)
			}
		})
	}
}
