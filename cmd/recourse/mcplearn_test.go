package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/rules/mcp/catalog"
)

// learnDoc is recourse mcp catalog learn's output, as a test reads it.
type learnDoc struct {
	Status  string `json:"status"`
	Servers []struct {
		Upstream string `json:"upstream"`
		Learned  struct {
			Command string `json:"command"`
			Date    string `json:"date"`
		} `json:"learned"`
		Entry catalog.Server `json:"entry"`
	} `json:"servers"`
	Failed []struct {
		Upstream, Error string
	} `json:"failed"`
}

// TestCatalogLearn: recourse mcp catalog learn starts the gateway tests'
// upstream (from a gateway configuration and after --), follows
// tools/list's pages, proposes each tool's kind and risk arguments as the
// catalog generator does, never prints the configuration's credentials,
// reports a server that fails to start while still printing the others,
// and never overwrites a file.
func TestCatalogLearn(t *testing.T) {
	dir := t.TempDir()
	upstream := filepath.Join(dir, "upstream")
	if out, err := exec.Command("go", "build", "-o", upstream, "../../gateway/testdata/upstream").CombinedOutput(); err != nil {
		t.Fatalf("building the test upstream: %v\n%s", err, out)
	}
	const secret = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
	cfg := filepath.Join(dir, "gateway.yaml")
	writeFile(t, cfg, fmt.Sprintf("mcpServers:\n  records:\n    command: %q\n    args: [\"--token=%s\"]\n    env: {RECORD_FILE: %q, PAGE_SIZE: \"3\", GITHUB_TOKEN: %q}\n  broken:\n    command: %q\n",
		upstream, secret, filepath.Join(dir, "rec.jsonl"), secret, filepath.Join(dir, "no-such-server")))

	res := runBinary(t, "", "mcp", "catalog", "learn", "--from", cfg)
	if res.exit != 1 {
		t.Fatalf("exit %d, want 1 (one upstream failed)\n%s\n%s", res.exit, res.stdout, res.stderr)
	}
	if strings.Contains(res.stdout+res.stderr, secret) {
		t.Fatalf("a credential was printed:\n%s\n%s", res.stdout, res.stderr)
	}
	var doc learnDoc
	if err := json.Unmarshal([]byte(res.stdout), &doc); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, res.stdout)
	}
	if doc.Status != "proposed" || len(doc.Servers) != 1 || len(doc.Failed) != 1 || doc.Failed[0].Upstream != "broken" {
		t.Fatalf("servers/failed: %+v", doc)
	}
	if !strings.Contains(res.stderr, "upstream broken failed") {
		t.Errorf("stderr does not report the failed upstream: %s", res.stderr)
	}
	got := doc.Servers[0]
	if got.Upstream != "records" || got.Learned.Date == "" || !strings.Contains(got.Learned.Command, upstream) {
		t.Errorf("provenance %+v", got)
	}
	// Every tool of the test upstream (gateway/testdata/upstream: one
	// mcp.NewTool each) over pages of three: every page was followed.
	want := map[string]catalog.Does{
		"list_records": catalog.Read, "execute_sql": catalog.Exec, "delete_file": catalog.Irreversible,
		"count_records": catalog.Read, "add_tool": catalog.Irreversible,
	}
	src, err := os.ReadFile("../../gateway/testdata/upstream/main.go")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(src), "mcp.NewTool("); len(got.Entry.Tools) != n || n < 8 {
		t.Fatalf("%d tools, want the upstream's %d (pages followed): %+v", len(got.Entry.Tools), n, got.Entry.Tools)
	}
	for _, tl := range got.Entry.Tools {
		if w, ok := want[tl.Name]; ok && tl.Does != w {
			t.Errorf("%s: does %s, want %s", tl.Name, tl.Does, w)
		}
		switch tl.Name {
		case "execute_sql":
			if tl.Risk["sql"] != "sql" {
				t.Errorf("execute_sql risk %v, want sql: sql", tl.Risk)
			}
		case "delete_file":
			if tl.Risk["path"] != "path" {
				t.Errorf("delete_file risk %v, want path: path", tl.Risk)
			}
		case "list_records":
			if tl.Annotations == nil || tl.Annotations.ReadOnlyHint == nil || !*tl.Annotations.ReadOnlyHint {
				t.Errorf("list_records annotations %+v, want readOnlyHint true", tl.Annotations)
			}
		}
	}

	// One stdio server after --, written to a new file; an existing file
	// is refused before anything starts.
	out := filepath.Join(dir, "proposal.json")
	res = runWith(t, "../..", []string{"RECORD_FILE=" + filepath.Join(dir, "rec2.jsonl")}, "", "mcp", "catalog", "learn", "--out", out, "--", upstream)
	if res.exit != 0 || res.stdout != "" {
		t.Fatalf("learn --out: exit %d\n%s\n%s", res.exit, res.stdout, res.stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil || !json.Valid(data) || !strings.Contains(string(data), `"execute_sql"`) {
		t.Fatalf("proposal file: %v\n%s", err, data)
	}
	res = runBinary(t, "", "mcp", "catalog", "learn", "--out", out, "--", upstream)
	if res.exit != 64 || !strings.Contains(res.stderr, "never overwrites") {
		t.Errorf("existing --out: exit %d, stderr %s", res.exit, res.stderr)
	}
	if after, _ := os.ReadFile(out); string(after) != string(data) {
		t.Error("the existing file was changed")
	}

	// Bounds: a tool cap below the server's list fails that upstream.
	res = runWith(t, "../..", []string{"RECORD_FILE=" + filepath.Join(dir, "rec3.jsonl")}, "", "mcp", "catalog", "learn", "--max-tools", "2", "--", upstream)
	if res.exit != 1 || !strings.Contains(res.stdout, "more than 2 tools") {
		t.Errorf("--max-tools 2: exit %d\n%s", res.exit, res.stdout)
	}
	// Neither --from nor a command: a usage error with an example.
	if res = runBinary(t, "", "mcp", "catalog", "learn"); res.exit != 64 {
		t.Errorf("no servers: exit %d %s", res.exit, res.stderr)
	}
}
