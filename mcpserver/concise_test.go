package mcpserver

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// planOf builds a plan of n resource changes, the first destructive of
// them RDS deletes without a final snapshot, the rest creates.
func planOf(n, destructive int) map[string]any {
	changes := make([]any, n)
	for i := range changes {
		if i < destructive {
			changes[i] = map[string]any{"address": fmt.Sprintf("aws_db_instance.db%d", i), "type": "aws_db_instance", "name": fmt.Sprintf("db%d", i),
				"change": map[string]any{"actions": []any{"delete"}, "before": map[string]any{"skip_final_snapshot": true, "backup_retention_period": 0}}}
			continue
		}
		changes[i] = map[string]any{"address": fmt.Sprintf("aws_s3_bucket.b%d", i), "type": "aws_s3_bucket", "name": fmt.Sprintf("b%d", i),
			"change": map[string]any{"actions": []any{"create"}, "after": map[string]any{"bucket": fmt.Sprintf("b%d", i)}}}
	}
	return map[string]any{"format_version": "1.2", "resource_changes": changes}
}

// TestConciseByteTargets: what the model sees of a concise result (Claude
// Code and VS Code hand it structuredContent, not the text) stays within
// the targets of issue 35, measured as compact JSON, and still carries
// what an agent acts on; its text mirror is the same JSON. Detailed is
// the whole report.
func TestConciseByteTargets(t *testing.T) {
	s := newServer(t, Options{})
	initialize(t, s)
	tests := []struct {
		name     string
		tool     string
		args     map[string]any
		decision string
		max      int
		rule     string
		safer    bool
	}{
		{"ls", ToolShell, map[string]any{"command": "ls"}, "allow", 400, "catalog.ls", false},
		{"rm -rf /", ToolShell, map[string]any{"command": "rm -rf /"}, "block", 700, "fs.rm.critical", true},
		{"50 changes, 5 destructive", ToolTerraform, map[string]any{"plan": planOf(50, 5)}, "block", 1200, "", false},
		{"500 changes, 5 destructive", ToolTerraform, map[string]any{"plan": planOf(500, 5)}, "block", 1200, "", false},
		{"MCP delete_repository", ToolMCPCall, map[string]any{"server": "github", "tool": "delete_repository", "arguments": map[string]any{"owner": "acme", "repo": "api"}}, "block", 700, "mcp.git.delete-repository.delete_repository", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, env, isErr := call(t, s, tt.tool, tt.args)
			seen, err := json.Marshal(res["structuredContent"])
			if err != nil {
				t.Fatal(err)
			}
			text := res["content"].([]any)[0].(map[string]any)["text"].(string)
			data := env["data"].(map[string]any)
			if isErr || data["riskAssessment"] != tt.decision {
				t.Fatalf("%v", env)
			}
			if len(seen) > tt.max {
				t.Errorf("%d bytes of structuredContent, over %d:\n%s", len(seen), tt.max, seen)
			}
			if len(text) > tt.max {
				t.Errorf("%d bytes of text, over %d", len(text), tt.max)
			}
			rec := data["recoverability"].(map[string]any)
			if rec["tier"] == nil || rec["label"] == "" || data["assessmentReason"] == "" || len(data["ruleIds"].([]any)) == 0 {
				t.Errorf("the gist lacks what an agent acts on: %s", seen)
			}
			if tt.rule != "" && data["ruleIds"].([]any)[0] != tt.rule {
				t.Errorf("ruleIds %v, want %s first", data["ruleIds"], tt.rule)
			}
			if alt, _ := data["saferAlternative"].(string); tt.safer && alt == "" {
				t.Errorf("no saferAlternative: %s", seen)
			}
			if tt.decision != "allow" && len(env["follow_up_hints"].([]any)) == 0 {
				t.Errorf("no follow-up hint: %s", seen)
			}
			validate(t, tt.tool, env)
			detailedArgs := map[string]any{"response_format": "detailed"}
			for k, v := range tt.args {
				detailedArgs[k] = v
			}
			_, full, _ := call(t, s, tt.tool, detailedArgs)
			validate(t, tt.tool, full)
			total := int(full["data"].(map[string]any)["summary"].(map[string]any)["totalMutations"].(float64))
			if got := int(data["totalMutations"].(float64)); got != total {
				t.Errorf("concise counts %d mutations, detailed %d", got, total)
			}
			listed := len(full["data"].(map[string]any)["mutations"].([]any))
			summarised, _ := full["data"].(map[string]any)["mutationsSummarised"].([]any)
			for _, x := range summarised {
				listed += int(x.(map[string]any)["count"].(float64))
			}
			if listed != total {
				t.Errorf("detailed accounts for %d mutations of %d", listed, total)
			}
			t.Logf("%s: %d bytes of structuredContent (concise)", tt.name, len(seen))
		})
	}
}

// TestConciseMissingEvidence: the gist names the facts an agent can
// supply, by address, as recourse_evaluate_with_evidence takes them.
func TestConciseMissingEvidence(t *testing.T) {
	s := newServer(t, Options{})
	initialize(t, s)
	plan := map[string]any{"format_version": "1.2", "resource_changes": []any{map[string]any{"address": "aws_s3_bucket.logs", "type": "aws_s3_bucket", "name": "logs",
		"change": map[string]any{"actions": []any{"delete"}, "before": map[string]any{"bucket": "logs"}}}}}
	_, env, isErr := call(t, s, ToolTerraform, map[string]any{"plan": plan})
	if isErr {
		t.Fatal(env["error"])
	}
	miss, _ := env["data"].(map[string]any)["missingEvidence"].([]any)
	if len(miss) == 0 || miss[0].(map[string]any)["address"] != "aws_s3_bucket.logs" || len(miss[0].(map[string]any)["keys"].([]any)) == 0 {
		t.Fatalf("missingEvidence %v", env["data"])
	}
	validate(t, ToolTerraform, env)
}

// TestClassifierArgument: the agent contract's example call sends
// classifier: false; it is accepted, and the result says it was ignored.
func TestClassifierArgument(t *testing.T) {
	s := newServer(t, Options{})
	initialize(t, s)
	_, env, isErr := call(t, s, ToolTerraform, map[string]any{"plan": planOf(3, 1), "classifier": false, "response_format": "detailed"})
	if isErr {
		t.Fatal(env["error"])
	}
	notes := env["data"].(map[string]any)["input"].(map[string]any)["notes"]
	if fmt.Sprint(notes) == "" || !strings.Contains(fmt.Sprint(notes), "classifier: false was ignored") {
		t.Fatalf("notes %v", notes)
	}
	validate(t, ToolTerraform, env)
}
