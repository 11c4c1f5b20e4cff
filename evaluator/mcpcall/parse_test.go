package mcpcall

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/recourse-dev/recourse/model"
)

func TestNames(t *testing.T) {
	tests := []struct {
		server, tool, wantServer, wantName string
	}{
		{"github", "delete_repository", "github", "delete_repository"},
		{"github", "deleteRepository", "github", "delete_repository"},
		{"github", "delete-repository", "github", "delete_repository"},
		{"github", "DeleteRepository", "github", "delete_repository"},
		{"github", "DELETE_REPOSITORY", "github", "delete_repository"},
		{"", "mcp__github__delete_repository", "github", "delete_repository"},
		{"", "aws___s3_delete_bucket", "aws", "s3_delete_bucket"},
		{"", "s3.delete_bucket", "s3", "delete_bucket"},
		{"github", "github.delete_repository", "github", "delete_repository"},
		{"", "deleteS3Bucket", "", "delete_s3_bucket"},
		{"", "getHTTPResponse", "", "get_http_response"},
		{"", "run command", "", "run_command"},
		// A prefix with no tool name after it is not a server.
		{"", "drop_db.", "", "drop_db"},
		{"", "mcp__db__", "", "mcp_db"},
	}
	for _, tt := range tests {
		ms := Mutations(&Call{Server: tt.server, Tool: tt.tool, Arguments: map[string]any{}})
		c := ms[0].Call
		if !strings.EqualFold(c.Server, tt.wantServer) || c.Name != tt.wantName || ms[0].Target.Type != tt.wantName {
			t.Errorf("%s/%s: server %q name %q, want %q %q", tt.server, tt.tool, c.Server, c.Name, tt.wantServer, tt.wantName)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		doc, field, contains string
		kind                 model.ErrorKind
	}{
		{`not json`, "", "invalid character", model.KindInvalidJSON},
		{`{"tool": "x",`, "", "truncated", model.KindInvalidJSON},
		{`[1]`, "", "not a JSON object", model.KindInvalidField},
		{`{}`, "tool", "missing", model.KindInvalidField},
		{`{"tool": ""}`, "tool", "missing or empty", model.KindInvalidField},
		{`{"tool": 3}`, "tool", "a JSON number", model.KindInvalidField},
		{`{"tool": "x", "arguments": [1]}`, "arguments", "not a JSON object", model.KindInvalidField},
		{`{"tool": "x", "arguments": "rm -rf /"}`, "arguments", "not a JSON object", model.KindInvalidField},
		{`{"tool": "x", "argumnets": {}}`, "argumnets", `did you mean "arguments"`, model.KindInvalidField},
		{`{"tool": "x", "annotations": {"readOnly": true}}`, "annotations", "unknown field", model.KindInvalidField},
		{`{"tool": "x", "annotations": {"readOnlyHint": "yes"}}`, "annotations", "boolean", model.KindInvalidField},
		// A client reads names exactly: another case is another name.
		{`{"tool": "x", "annotations": {"DestructiveHint": true}}`, "annotations", `did you mean "destructiveHint"`, model.KindInvalidField},
		{`{"tool": "x", "annotations": [true]}`, "annotations", "boolean", model.KindInvalidField},
	}
	for _, tt := range tests {
		_, err := Decode([]byte(tt.doc))
		var e *model.Error
		if !errors.As(err, &e) || e.Kind != tt.kind || e.Field != tt.field || !strings.Contains(e.Error(), tt.contains) || e.Example == "" {
			t.Errorf("%s: got %v (%+v), want %s on %q containing %q", tt.doc, err, e, tt.kind, tt.field, tt.contains)
		}
	}
}

func TestDecodeAccepts(t *testing.T) {
	for _, doc := range []string{
		`{"tool": "x"}`,
		`{"name": "x", "arguments": {}}`,
		`{"server": "s", "tool": "x", "arguments": null, "annotations": null}`,
		`{"tool": "x", "annotations": {"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false}}`,
	} {
		if _, err := Decode([]byte(doc)); err != nil {
			t.Errorf("%s: %v", doc, err)
		}
	}
}

func TestDerivedMutations(t *testing.T) {
	tests := []struct {
		doc   string
		types string
	}{
		{`{"server": "postgres", "tool": "query", "arguments": {"sql": "DROP TABLE users; SELECT 1"}}`, "query sql sql"},
		{`{"server": "sqlite", "tool": "read_query", "arguments": {"query": "SELECT 1"}}`, "read_query sql"},
		{`{"server": "neon", "tool": "run_sql_transaction", "arguments": {"sqlStatements": ["DELETE FROM users", "SELECT 1;"]}}`, "run_sql_transaction sql sql"},
		// The 7 does not parse: the DELETE is still read on its own.
		{`{"server": "neon", "tool": "run_sql_transaction", "arguments": {"sqlStatements": ["DELETE FROM users", 7]}}`, "run_sql_transaction sql sql"},
		{`{"server": "github", "tool": "search_code", "arguments": {"query": "DROP TABLE"}}`, "search_code"},
		{`{"server": "terminal", "tool": "run_command", "arguments": {"command": "rm -rf ~ && ls"}}`, "run_command rm ls"},
		{`{"server": "desktop-commander", "tool": "execute_command", "arguments": {"command": "git push -f", "cwd": "/repo"}}`, "execute_command git"},
		// A command argument is read as a command line whatever the tool:
		// an unknown tool is judged by what it is handed (it was not).
		{`{"server": "notes", "tool": "save_note", "arguments": {"command": "rm -rf /"}}`, "save_note rm"},
		{`{"server": "shell", "tool": "execute", "arguments": {"commands": ["cd app", "rm -rf build"]}}`, "execute cd rm"},
		{`{"server": "shell", "tool": "execute", "arguments": {"command": ["rm", "-rf", "build"]}}`, "execute rm"},
		{`{"server": "terminal", "tool": "run_command", "arguments": {"command": "rm", "args": ["-rf", "build"]}}`, "run_command rm"},
		{`{"server": "terminal", "tool": "run_command", "arguments": {"command": "rm -rf", "args": "build"}}`, "run_command rm"},
		{`{"server": "terminal", "tool": "run_command", "arguments": {"command": "rm", "args": ["-rf", "build"], "argv": ["x"]}}`, "run_command rm"},
		{`{"server": "terminal", "tool": "run_command", "arguments": {"command": "psql", "stdin": "DROP TABLE t"}}`, "run_command psql sql"},
		{`{"server": "terminal", "tool": "run_command", "arguments": {"command": "sh", "input": "rm -rf build"}}`, "run_command rm"},
		{`{"server": "terminal", "tool": "run_commands", "arguments": {"commands": [{"command": "cd app"}, {"cmd": "rm -rf build"}]}}`, "run_commands cd rm"},
		{`{"server": "process", "tool": "spawn", "arguments": {"cmd": "bash", "argv": ["-c", "rm -rf build"]}}`, "spawn rm"},
		{`{"server": "kubernetes", "tool": "pods_delete", "arguments": {"name": "web-0", "namespace": "prod"}}`, "pods_delete kubectl"},
		{`{"server": "kubernetes", "tool": "resources_delete", "arguments": {"apiVersion": "v1", "kind": "Namespace", "name": "prod"}}`, "resources_delete kubectl"},
		{`{"server": "kubernetes", "tool": "resources_delete", "arguments": {"kind": "Namespace"}}`, "resources_delete"},
	}
	for _, tt := range tests {
		ms, err := Parse([]byte(tt.doc))
		if err != nil {
			t.Fatal(err)
		}
		var types []string
		for _, m := range ms {
			types = append(types, m.Target.Type)
		}
		if got := strings.Join(types, " "); got != tt.types {
			t.Errorf("%s: %s, want %s", tt.doc, got, tt.types)
		}
	}
}

// TestAWSAPILine: an AWS API call given as service, operation and
// parameters is judged as the aws command line that makes it.
func TestAWSAPILine(t *testing.T) {
	tests := []struct{ doc, line string }{
		{`{"server": "aws", "tool": "use_aws", "arguments": {"service_name": "rds", "operation_name": "delete-db-instance",
			"parameters": {"DBInstanceIdentifier": "prod", "SkipFinalSnapshot": true}, "region": "us-east-1"}}`,
			"aws rds delete-db-instance --db-instance-identifier prod --skip-final-snapshot --region us-east-1"},
		{`{"tool": "mcp__aws__use_aws", "arguments": {"service_name": "ec2", "operation_name": "TerminateInstances",
			"parameters": {"InstanceIds": ["i-1"], "DryRun": false}}}`,
			`aws ec2 terminate-instances --no-dry-run --instance-ids '["i-1"]'`},
		{`{"server": "aws", "tool": "use_aws", "arguments": {"service_name": "s3api", "operation_name": "list_buckets"}}`, "aws s3api list-buckets"},
		{`{"server": "billing", "tool": "call", "arguments": {"service": "rds", "operation": "delete"}}`, ""},
	}
	for _, tt := range tests {
		ms, err := Parse([]byte(tt.doc))
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		for _, m := range ms[1:] {
			if m.Command != nil && m.Command.Program == "aws" {
				got = m.Command.Text
			}
		}
		if got != tt.line {
			t.Errorf("%s:\n got %q\nwant %q", tt.doc, got, tt.line)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{`{"tool":"x"}`, `{"server":"postgres","tool":"query","arguments":{"sql":"DROP TABLE t"}}`,
		`{"tool":"mcp__a__b","arguments":{"command":"rm -rf /"}}`, `{"name":"x","arguments":{"a":[1,{"b":null}]}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ms, err := Parse(data)
		if err != nil {
			var e *model.Error
			if !errors.As(err, &e) || e.Kind == "" {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		if len(ms) == 0 || ms[0].Call == nil || ms[0].Target.Type == "" && len(ms[0].Call.Words) > 0 {
			t.Fatalf("malformed call mutation %+v", ms)
		}
	})
}

// FuzzWords: Words splits a name as a rune-by-rune reading does (the
// definition below, which Words replaced because it allocated a rune
// slice per name and per word).
func FuzzWords(f *testing.F) {
	for _, s := range []string{"deleteS3Bucket", "getHTTPResponse", "DELETE_REPOSITORY", "mcp__db__", "ÉtéDrop", "a\xffB", "İstanbulDrop", "x\u01c5y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if got, want := Words(name), wordsByRune(name); !slices.Equal(got, want) {
			t.Fatalf("Words(%q) = %q, want %q", name, got, want)
		}
	})
}

func wordsByRune(name string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
		case unicode.IsUpper(r) && len(cur) > 0 && (unicode.IsLower(cur[len(cur)-1]) || (i+1 < len(rs) && unicode.IsLower(rs[i+1]))):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	return words
}

// TestArgumentCode: code in an argument of a tool not named for code is
// read as the interpreter would run it, by the argument's name or by its
// content; a file's content or a message's text is not run, and a
// browser's page script is left to the browser rows.
func TestArgumentCode(t *testing.T) {
	for _, tc := range []struct {
		doc  string
		want bool
	}{
		{`{"server": "x", "tool": "inspect", "arguments": {"code": "print(1)"}}`, true},
		{`{"server": "x", "tool": "lookup", "arguments": {"expr": "import os\nos.remove('/etc/hosts')"}}`, true},
		{`{"server": "x", "tool": "describe", "arguments": {"q": "const fs = require('fs')"}}`, true},
		{`{"server": "fs", "tool": "write_file", "arguments": {"path": "clean.py", "content": "import shutil\nshutil.rmtree('build')"}}`, false},
		{`{"server": "github", "tool": "add_issue_comment", "arguments": {"body": "run import os; os.remove(x) to fix"}}`, false},
		{`{"server": "playwright", "tool": "browser_evaluate", "arguments": {"function": "() => { const fs = document.title; return fs.length }"}}`, false},
		{`{"server": "puppeteer", "tool": "page_inspect", "arguments": {"js": "document.title"}}`, false},
		{`{"server": "x", "tool": "search", "arguments": {"q": "how to delete files in python"}}`, false},
	} {
		ms, err := Parse([]byte(tc.doc))
		if err != nil {
			t.Fatal(err)
		}
		got := len(ms[0].Call.Parsed) > 0
		if got != tc.want {
			t.Errorf("%s: read as code %v, want %v (%v)", tc.doc, got, tc.want, ms[0].Call.Parsed)
		}
	}
}

// TestSplitHostSpellings: each host's spelling of a server's tool gives
// the same server and tool.
func TestSplitHostSpellings(t *testing.T) {
	for _, tc := range []struct{ server, tool, wantServer, wantTool string }{
		{"", "mcp__github__issue_read", "github", "issue_read"},
		{"", "@github/issue_read", "github", "issue_read"},
		{"", "github__issue_read", "github", "issue_read"},
		{"", "mcp_github_issue_read", "github", "issue_read"},
		{"", "mcp_mcp-atlassian_jira_search", "mcp-atlassian", "jira_search"},
		{"", "mcp_acme_do_thing", "", "mcp_acme_do_thing"}, // not a known server: the name stays whole
		{"", "github.issue_read", "github", "issue_read"},
		{"github", "issue_read", "github", "issue_read"},
		{"", "__x", "", "__x"},
		{"acme", "foo__bar", "acme", "foo__bar"}, // a server given apart: "foo" is no prefix of its
		{"github", "github__issue_read", "github", "issue_read"},
		{"", "@/x", "", "@/x"},
	} {
		s, tool := Split(tc.server, tc.tool)
		if s != tc.wantServer || tool != tc.wantTool {
			t.Errorf("Split(%q, %q) = %q, %q; want %q, %q", tc.server, tc.tool, s, tool, tc.wantServer, tc.wantTool)
		}
	}
}
