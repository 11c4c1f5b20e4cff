package catalog

import (
	"slices"
	"strings"
	"testing"
)

// TestCatalogFiles: every embedded file parses and checks (provenance
// present, known kinds and risk roles, no tool listed twice, sorted), and
// the catalog holds real servers.
func TestCatalogFiles(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	tools := 0
	for _, s := range c.Servers {
		tools += len(s.Tools)
		if err := s.Check(); err != nil {
			t.Errorf("%s: %v", s.ID, err)
		}
	}
	if len(c.Servers) < 64 || tools < 1300 {
		t.Errorf("the catalog holds %d servers and %d tools; want at least 64 and 1300", len(c.Servers), tools)
	}
	t.Logf("%d servers, %d tools", len(c.Servers), tools)
}

// TestCheckRefuses: entries without provenance, with an unknown kind or
// risk role, or with a tool twice are refused.
func TestCheckRefuses(t *testing.T) {
	good := `{"id": "x", "title": "X", "names": ["x"], "source": {"repo": "o/x", "commit": "` + strings.Repeat("a", 40) + `", "paths": ["src"], "read": "2026-11-29"},
		"tools": [{"name": "a_get", "does": "read"}, {"name": "b_run", "does": "exec", "risk": {"sql": "sql"}}]}`
	if _, err := Parse([]byte(good)); err != nil {
		t.Fatalf("good entry: %v", err)
	}
	for name, bad := range map[string]string{
		"no commit":      strings.Replace(good, strings.Repeat("a", 40), "main", 1),
		"no paths":       strings.Replace(good, `"paths": ["src"]`, `"paths": []`, 1),
		"no date":        strings.Replace(good, `"read": "2026-11-29"`, `"read": ""`, 1),
		"unknown kind":   strings.Replace(good, `"does": "read"`, `"does": "safe"`, 1),
		"unknown role":   strings.Replace(good, `{"sql": "sql"}`, `{"sql": "dangerous"}`, 1),
		"duplicate":      strings.Replace(good, `"b_run"`, `"a-get"`, 1),
		"unknown field":  strings.Replace(good, `"title"`, `"tier": 1, "title"`, 1),
		"unsorted":       strings.Replace(good, `"a_get"`, `"c_get"`, 1),
		"path outside":   strings.Replace(good, `["src"]`, `["../src"]`, 1),
		"no names":       strings.Replace(good, `"names": ["x"]`, `"names": []`, 1),
		"repo not o/n":   strings.Replace(good, `"o/x"`, `"x"`, 1),
		"two documents":  good + `{}`,
		"not an object":  `[]`,
		"no tools":       strings.Replace(good, `"tools": [{"name": "a_get", "does": "read"}, {"name": "b_run", "does": "exec", "risk": {"sql": "sql"}}]`, `"tools": []`, 1),
		"empty tool":     strings.Replace(good, `"a_get"`, `""`, 1),
		"id not lower":   strings.Replace(good, `"id": "x"`, `"id": "X Y"`, 1),
		"empty title":    strings.Replace(good, `"title": "X"`, `"title": ""`, 1),
		"risk arg empty": strings.Replace(good, `{"sql": "sql"}`, `{"": "sql"}`, 1),
	} {
		if _, err := Parse([]byte(bad)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestLookup: a tool is found under every host's spelling of its server
// and name, and a name shared by servers is told apart by the tool.
func TestLookup(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ server, tool, want string }{
		{"github", "get_issue", ""}, // not a tool of the current server (issue_read is)
		{"github", "issue_read", "github/issue_read"},
		{"", "mcp__github__issue_read", "github/issue_read"},
		{"", "mcp_github_issue_read", "github/issue_read"},
		{"", "github__issue_read", "github/issue_read"},
		{"", "@github/issue_read", "github/issue_read"},
		{"", "github.issue_read", "github/issue_read"},
		{"GitHub", "issueRead", "github/issue_read"},
		{"mcp-atlassian", "jira_search", "jira/jira_search"},
		{"", "mcp__mcp-atlassian__confluence_get_page", "confluence/confluence_get_page"},
		{"", "mcp_mcp_atlassian_jira_get_issue", "jira/jira_get_issue"},
		{"kubernetes", "pods_list", "kubernetes-mcp-server/pods_list"},
		{"kubernetes", "kubectl_get", "mcp-server-kubernetes/kubectl_get"},
		{"", "issue_read", ""}, // a tool name alone is not a server
		{"acme", "issue_read", ""},
	} {
		ms := c.Lookup(tc.server, tc.tool)
		var got []string
		for _, m := range ms {
			got = append(got, m.Server.ID+"/"+m.Tool.Name)
		}
		if tc.want == "" && len(got) > 0 || tc.want != "" && !slices.Contains(got, tc.want) {
			t.Errorf("Lookup(%q, %q) = %v, want %q", tc.server, tc.tool, got, tc.want)
		}
	}
}

// FuzzParse: any input parses into a checked entry or an error, never a
// panic.
func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"id": "x", "title": "X", "names": ["x"], "source": {"repo": "o/x", "commit": "` + strings.Repeat("a", 40) + `", "paths": ["src"], "read": "2026-11-29"}, "tools": [{"name": "a", "does": "read"}]}`))
	f.Add([]byte(`{"tools": [{"name": "", "does": "exec", "risk": {"": ""}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if s, err := Parse(data); err == nil && s.Check() != nil {
			t.Fatal("Parse accepted an entry that does not check")
		}
	})
}

// FuzzLookup: any server and tool name resolve without a panic, and only
// to entries of a server that goes by a name the input holds.
func FuzzLookup(f *testing.F) {
	c, err := Load()
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"mcp__github__issue_read", "mcp_mcp_atlassian_jira_search", "@grafana/x", "a__b__c", "mcp_", "mcp__", "@/", "..."} {
		f.Add("", s)
		f.Add("github", s)
	}
	f.Fuzz(func(t *testing.T, server, tool string) {
		for _, m := range c.Lookup(server, tool) {
			if m.Server == nil || m.Tool == nil {
				t.Fatal("a match without its server or tool")
			}
		}
	})
}
