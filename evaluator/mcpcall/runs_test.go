package mcpcall

import (
	"strings"
	"testing"
)

// TestCatalogRuns spells the reference git server's tools as the git
// commands they run (rules/mcp/catalog/servers/git.json, read from
// modelcontextprotocol/servers@76d64c822f5125032f89eb71dbdb94e42b434821:
// src/git/src/mcp_server_git/server.py), in the directory repo_path names.
func TestCatalogRuns(t *testing.T) {
	cases := []struct {
		tool, args, cwd string
		line, dir       string // line "-": not spelled
	}{
		{"git_reset", `{"repo_path": "/w/app"}`, "", "git reset --mixed -q", "/w/app"},
		{"git_checkout", `{"repo_path": "/w/app", "branch_name": "main"}`, "", "git checkout main", "/w/app"},
		{"git_checkout", `{"repo_path": "app", "branch_name": "feature/x y"}`, "/w", "git checkout 'feature/x y'", "/w/app"},
		{"git_create_branch", `{"repo_path": "/w/app", "branch_name": "feat"}`, "", "git branch feat", "/w/app"},
		{"git_create_branch", `{"repo_path": "/w/app", "branch_name": "feat", "base_branch": "main"}`, "", "git branch feat main", "/w/app"},
		{"git_add", `{"repo_path": "/w/app", "files": ["a.txt", "b c.txt"]}`, "", "git add -- a.txt 'b c.txt'", "/w/app"},
		{"git_commit", `{"repo_path": "/w/app", "message": "it's done"}`, "", `git commit --no-verify -m 'it'\''s done'`, "/w/app"},
		// A relative repo_path with no working directory, or ~ (which
		// Python's Path does not expand): the directory is not known.
		{"git_reset", `{"repo_path": "app"}`, "", "git reset --mixed -q", ""},
		{"git_reset", `{"repo_path": "~/app"}`, "/w", "git reset --mixed -q", ""},
		// Another server clients also call git takes more: not spelled.
		{"git_reset", `{"repo_path": "/w/app", "mode": "hard"}`, "", "-", ""},
		{"git_checkout", `{"repo_path": "/w/app"}`, "", "-", ""},
		{"git_checkout", `{"repo_path": "/w/app", "branch_name": 3}`, "", "-", ""},
		{"git_add", `{"repo_path": "/w/app", "files": []}`, "", "-", ""},
		{"git_reset", `{}`, "", "-", ""},
		{"git_status", `{"repo_path": "/w/app"}`, "", "-", ""},
	}
	for _, c := range cases {
		call, err := Decode([]byte(`{"server": "git", "tool": "` + c.tool + `", "arguments": ` + c.args + `}`))
		if err != nil {
			t.Fatal(err)
		}
		line, dir, ok := catalogRuns(call.Server, call.Tool, call.Arguments, c.cwd)
		if c.line == "-" {
			if ok {
				t.Errorf("%s %s: spelled %q", c.tool, c.args, line)
			}
			continue
		}
		if !ok || line != c.line || dir != c.dir {
			t.Errorf("%s %s: %q in %q (%v), want %q in %q", c.tool, c.args, line, dir, ok, c.line, c.dir)
		}
	}
	// The spelled command is a mutation of the call, judged on its own.
	ms, err := Parse([]byte(`{"server": "git", "tool": "git_checkout", "arguments": {"repo_path": "/w/app", "branch_name": "main"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 2 || ms[1].Command == nil || ms[1].Command.Program != "git" || ms[1].Command.Cwd != "/w/app" ||
		!strings.HasSuffix(ms[1].Address, "git checkout main") {
		t.Fatalf("mutations %+v", ms)
	}
}
