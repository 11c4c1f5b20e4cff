package evaluator

import (
	"context"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

// TestMCPArgumentsAlwaysRead: whatever a tool is called, whatever its
// annotations and whatever the catalog says of it, an argument that
// deletes is never allowed (issue 35: the read-verb-with-destructive-
// argument shapes, and one case per argument language), while the same
// tools given arguments that only read are allowed.
func TestMCPArgumentsAlwaysRead(t *testing.T) {
	ev := newEvaluator(t)
	for _, tc := range []struct {
		name string
		call string
		want model.Decision
	}{
		// The failing shapes: a read verb with a destructive argument.
		{"code/python-rmtree", `{"server": "x", "tool": "inspect", "arguments": {"code": "import shutil; shutil.rmtree('/srv/data')"}}`, model.Block}, // read as rm -r /srv/data
		{"flag/delete", `{"server": "x", "tool": "get_messages", "arguments": {"delete": true}}`, model.Escalate},
		{"flag/truncate", `{"server": "x", "tool": "count", "arguments": {"truncate": true}}`, model.Escalate},
		{"http/post", `{"server": "x", "tool": "get", "arguments": {"method": "POST", "url": "https://api.example.com/items"}}`, model.Escalate},
		{"cypher/apoc-declared-read", `{"server": "neo4j", "tool": "read_neo4j_cypher", "annotations": {"readOnlyHint": true, "destructiveHint": false},
			"arguments": {"query": "CALL apoc.periodic.iterate('MATCH (n:Event) RETURN n', 'DETACH DELETE n', {batchSize: 10000})"}}`, model.Block},
		{"cypher/unknown-tool", `{"server": "graph", "tool": "get_graph_stats", "arguments": {"q": "MATCH (n) DETACH DELETE n"}}`, model.Block},
		{"cypher/create", `{"server": "neo4j", "tool": "write_neo4j_cypher", "arguments": {"query": "CREATE (p:Person {name: 'Ada'})"}}`, model.Warn},
		// One case per argument language.
		{"code/js-fs", `{"server": "x", "tool": "describe_env", "arguments": {"script": "const fs = require('fs'); fs.rmSync('/var/lib/app', {recursive: true, force: true})"}}`, model.Escalate},
		{"code/by-content", `{"server": "x", "tool": "lookup", "arguments": {"expr": "import os\nos.system('rm -rf /home/dev')"}}`, model.Block},
		{"code/shell-in-code", `{"server": "x", "tool": "show_report", "arguments": {"code": "import subprocess\nsubprocess.run(['rm', '-rf', '/srv/data'])"}}`, model.Block},
		{"sql/statement", `{"server": "x", "tool": "get_rows", "arguments": {"sql": "DROP TABLE users"}}`, model.Block},
		{"graphql/mutation-delete", `{"server": "x", "tool": "fetch_data", "arguments": {"document": "mutation { deleteProject(id: 7) { id } }"}}`, model.Escalate},
		{"graphql/mutation", `{"server": "x", "tool": "fetch_data", "arguments": {"document": "mutation { createProject(name: \"a\") { id } }"}}`, model.Escalate},
		{"redis/array", `{"server": "cache", "tool": "get_stats", "arguments": {"commands": [["INFO"], ["FLUSHALL"]]}}`, model.Block},
		{"mongo/out", `{"server": "docs", "tool": "find_report", "arguments": {"pipeline": [{"$match": {}}, {"$out": "customers"}]}}`, model.Block},
		{"mongo/drop-command", `{"server": "docs", "tool": "show_stats", "arguments": {"command": {"drop": "customers"}}}`, model.Block},
		{"http/delete", `{"server": "api", "tool": "view_item", "arguments": {"method": "DELETE", "url": "https://api.example.com/items/1"}}`, model.Escalate},
		{"operation/delete", `{"server": "grafana", "tool": "alerting_manage_rules", "arguments": {"operation": "delete", "rule_uid": "abc"}}`, model.Escalate},
		{"catalog/read-with-force", `{"server": "github", "tool": "issue_read", "arguments": {"method": "get", "owner": "a", "repo": "b", "issue_number": 1, "force": true}}`, model.Escalate},
		// More argument languages and spellings (issue 35 part 2).
		{"shell/command-string", `{"server": "x", "tool": "run_diagnostics", "arguments": {"command": "rm -rf /srv/data"}}`, model.Block},
		{"code/js-function", `{"server": "playwright", "tool": "browser_evaluate", "arguments": {"function": "() => require('child_process').execSync('rm -rf /srv/data')"}}`, model.Block},
		{"sql/query-string", `{"server": "x", "tool": "get_report", "arguments": {"query": "TRUNCATE TABLE audit_log"}}`, model.Block},
		{"mongo/delete-many-all", `{"server": "docs", "tool": "find_docs", "arguments": {"operation": "deleteMany", "filter": {}}}`, model.Escalate},
		{"mongo/delete-many-command", `{"server": "docs", "tool": "show_stats", "arguments": {"command": {"delete": "orders", "deletes": [{"q": {}, "limit": 0}]}}}`, model.Block},
		{"redis/flushall-array", `{"server": "cache", "tool": "get_info", "arguments": {"command": ["FLUSHALL"]}}`, model.Block},
		{"http/method-key", `{"server": "api", "tool": "fetch", "arguments": {"http_method": "DELETE", "url": "https://api.example.com/users/7"}}`, model.Escalate},
		{"catalog/blind-sqlite-read-drop", `{"server": "sqlite", "tool": "read_query", "arguments": {"query": "DROP TABLE products"}}`, model.Block},
		{"catalog/blind-docker-remove-volume", `{"server": "docker", "tool": "remove_volume", "arguments": {"volume_name": "pgdata"}}`, model.Escalate},
		{"read/blind-catalog", `{"tool": "mcp__gitlab__get_merge_request_diffs", "arguments": {"project_id": "acme/api", "merge_request_iid": 7}}`, model.Allow},
		// Host spellings resolve to the catalog entry.
		{"spelling/claude", `{"tool": "mcp__mcp-atlassian__jira_search", "arguments": {"jql": "project = OPS"}}`, model.Allow},
		{"spelling/cursor", `{"tool": "mcp_github_issue_read", "arguments": {"method": "get", "owner": "a", "repo": "b", "issue_number": 1}}`, model.Allow},
		{"spelling/at", `{"tool": "@grafana/query_prometheus", "arguments": {"expr": "up"}}`, model.Allow},
		// Reads with no risky argument are allowed.
		{"read/catalog", `{"server": "mcp-atlassian", "tool": "jira_search", "arguments": {"jql": "assignee = currentUser()"}}`, model.Allow},
		{"read/verb-last", `{"server": "x", "tool": "tracker_search", "arguments": {"text": "login bug"}}`, model.Allow},
		{"read/verb-middle", `{"server": "x", "tool": "db_instance_list_backups", "arguments": {"instance": "prod"}}`, model.Allow},
		{"read/cluster-get", `{"server": "x", "tool": "cluster_get", "arguments": {"name": "prod"}}`, model.Allow},
		{"read/reader-noun", `{"server": "x", "tool": "site-deploy-services-reader", "arguments": {"site": "a"}}`, model.Allow},
		{"read/cypher", `{"server": "neo4j", "tool": "read_neo4j_cypher", "arguments": {"query": "MATCH (n:Person) RETURN n.name LIMIT 10"}}`, model.Allow},
		{"read/http-get", `{"server": "x", "tool": "get", "arguments": {"method": "GET", "url": "https://api.example.com/items"}}`, model.Allow},
		{"read/flag-off", `{"server": "x", "tool": "get_messages", "arguments": {"delete": false, "include_deleted": true}}`, model.Allow},
		{"read/graphql-query", `{"server": "x", "tool": "fetch_data", "arguments": {"document": "query { projects { id name } }"}}`, model.Allow},
		{"read/redis", `{"server": "cache", "tool": "get_stats", "arguments": {"commands": [["INFO"], ["DBSIZE"]]}}`, model.Allow},
		{"read/mongo-pipeline", `{"server": "docs", "tool": "find_report", "arguments": {"pipeline": [{"$match": {"a": 1}}, {"$group": {"_id": "$b"}}]}}`, model.Allow},
		{"read/search-text-with-cypher", `{"server": "github", "tool": "search_code", "arguments": {"q": "MATCH (n) DETACH DELETE n language:cypher"}}`, model.Allow},
		{"cypher/graph-search", `{"server": "memgraph", "tool": "search_graph", "arguments": {"query": "MATCH (n) DETACH DELETE n"}}`, model.Block},
		{"read/search-text-with-sql-words", `{"server": "github", "tool": "search_issues", "arguments": {"query": "DROP TABLE in migration"}}`, model.Allow},
		// A name that holds a read verb and a write or delete word is not a read.
		{"name/read-and-delete", `{"server": "x", "tool": "get_and_delete_message", "arguments": {"id": "1"}}`, model.Escalate},
		{"name/list-update", `{"server": "x", "tool": "list_update_targets", "arguments": {}}`, model.Escalate},
		{"name/unknown-write", `{"server": "x", "tool": "ticket_frobnicate", "arguments": {"id": "1"}}`, model.Escalate},
		// A keyed delete where the service keeps a trash warns.
		{"catalog/keyed-delete", `{"server": "mcp-atlassian", "tool": "confluence_delete_page", "arguments": {"page_id": "123"}}`, model.Warn},
		{"catalog/irreversible", `{"server": "mcp-atlassian", "tool": "jira_delete_issue", "arguments": {"issue_key": "OPS-1"}}`, model.Escalate},
		// A command run in a pod is not judged against this machine's files.
		{"catalog/remote-exec", `{"server": "kubernetes", "tool": "pods_exec", "arguments": {"name": "api-0", "command": ["cat", "/etc/hostname"]}}`, model.Escalate},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := ev.MCPCall(context.Background(), []byte(tc.call), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if rep.RiskAssessment != tc.want {
				t.Errorf("%s, want %s (%s)", rep.RiskAssessment, tc.want, rep.AssessmentReason)
			}
		})
	}
}
