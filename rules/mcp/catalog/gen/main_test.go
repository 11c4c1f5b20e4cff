package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/rules/mcp/catalog"
)

// TestScan: tool registrations are found in each language's usual forms,
// with the annotations declared beside each and the arguments that carry
// risk.
func TestScan(t *testing.T) {
	for _, tc := range []struct {
		lang, src string
		want      map[string]string // tool -> readOnlyHint as declared ("" for none)
	}{
		{"go", `
func ListIssues() mcp.Tool {
	return mcp.NewTool("list_issues",
		mcp.WithDescription("List issues"),
		mcp.WithReadOnlyHintAnnotation(true),
		mcp.WithString("query"),
	)
}
var t = api.ServerTool{Tool: api.Tool{
				Name:        "pods_delete",
				Annotations: api.ToolAnnotations{ReadOnlyHint: ptr.To(false), DestructiveHint: ptr.To(true)},
}}`, map[string]string{"list_issues": "true", "pods_delete": "false"}},
		{"ts", `
server.tool("browser_click", "Click", { element: z.string() }, async () => {});
export const tool = {
  name: "exec_in_pod",
  annotations: { readOnlyHint: false },
  inputSchema: { properties: { "command": { type: "array" } } },
};`, map[string]string{"browser_click": "", "exec_in_pod": "false"}},
		{"py", `
@mcp.tool(
    name=namespace_prefix + "read_neo4j_cypher",
    annotations=ToolAnnotations(readOnlyHint=True, destructiveHint=False),
)
async def read_neo4j_cypher(query: str = Field(...)) -> list:
    pass

@jira_mcp.tool(tags={"jira", "write"}, annotations={"readOnlyHint": False})
@check_write_access
async def create_issue(ctx: Context, summary: str) -> str:
    pass
`, map[string]string{"read_neo4j_cypher": "true", "create_issue": "false"}},
	} {
		got := map[string]string{}
		var risk map[string]string
		for _, f := range scan(tc.src) {
			v := ""
			if f.ann != nil && f.ann.ReadOnlyHint != nil {
				v = map[bool]string{true: "true", false: "false"}[*f.ann.ReadOnlyHint]
			}
			got[f.name] = v
			if f.name == "read_neo4j_cypher" || f.name == "list_issues" || f.name == "exec_in_pod" {
				risk = f.risk
				if len(risk) == 0 {
					t.Errorf("%s: %s: no risky argument found", tc.lang, f.name)
				}
			}
		}
		for name, hint := range tc.want {
			if h, ok := got[name]; !ok || h != hint {
				t.Errorf("%s: %s: found %v, readOnlyHint %q; want %q", tc.lang, name, ok, h, hint)
			}
		}
	}
}

// TestToolsListAndCheck: a tools/list dump is read into a proposed entry,
// and -check reports tools added, gone and re-annotated.
func TestToolsListAndCheck(t *testing.T) {
	dir := t.TempDir()
	dump := filepath.Join(dir, "tools.json")
	if err := os.WriteFile(dump, []byte(`{"jsonrpc": "2.0", "id": 1, "result": {"tools": [
		{"name": "run_sql", "inputSchema": {"type": "object", "properties": {"sql": {"type": "string"}}}},
		{"name": "list_tables", "annotations": {"readOnlyHint": true}, "inputSchema": {"type": "object"}},
		{"name": "delete_database", "annotations": {"destructiveHint": true}, "inputSchema": {"type": "object", "properties": {"force": {"type": "boolean"}}}}]}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	o := options{toolsList: dump, repo: "acme/db-mcp", commit: strings.Repeat("b", 40), paths: "src/server.ts", id: "db", title: "DB", names: "db,db-mcp"}
	s, err := propose(o)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Check(); err != nil {
		t.Fatalf("proposed entry does not check: %v", err)
	}
	does := map[string]catalog.Does{}
	for _, tl := range s.Tools {
		does[tl.Name] = tl.Does
	}
	if does["run_sql"] != catalog.Exec || does["list_tables"] != catalog.Read || does["delete_database"] != catalog.Irreversible {
		t.Errorf("proposed kinds %v", does)
	}
	have := *s
	have.Tools = slices.Clone(s.Tools[1:]) // the catalog lacks the first tool
	no := false
	have.Tools = append(have.Tools, catalog.Tool{Name: "zz_gone", Does: catalog.Read})
	have.Tools[0].Annotations = &catalog.Annotations{ReadOnlyHint: &no}
	d := strings.Join(diff(&have, s), "\n")
	for _, want := range []string{"+ " + s.Tools[0].Name, "- zz_gone", "~ " + have.Tools[0].Name} {
		if !strings.Contains(d, want) {
			t.Errorf("diff lacks %q:\n%s", want, d)
		}
	}
}
