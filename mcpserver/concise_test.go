package mcpserver

import (
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

// TestConciseByteTargets: the text an agent reads of a concise result
// stays within the targets; detailed is the whole report.
func TestConciseByteTargets(t *testing.T) {
	s := newServer(t, Options{})
	initialize(t, s)
	tests := []struct {
		name     string
		tool     string
		args     map[string]any
		decision string
		max      int
		listed   int
	}{
		{"ls", ToolShell, map[string]any{"command": "ls"}, "allow", 400, 0},
		{"rm -rf /", ToolShell, map[string]any{"command": "rm -rf /"}, "block", 700, 1},
		{"500 changes, 5 destructive", ToolTerraform, map[string]any{"plan": planOf(500, 5)}, "block", 6 << 10, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, env, isErr := call(t, s, tt.tool, tt.args)
			text := res["content"].([]any)[0].(map[string]any)["text"].(string)
			data := env["data"].(map[string]any)
			if isErr || data["riskAssessment"] != tt.decision {
				t.Fatalf("%v", env)
			}
			if len(text) > tt.max {
				t.Errorf("%d bytes of text, over %d:\n%s", len(text), tt.max, text)
			}
			if n := len(data["mutations"].([]any)); n != tt.listed {
				t.Errorf("concise lists %d mutations, want %d", n, tt.listed)
			}
			detailedArgs := map[string]any{"response_format": "detailed"}
			for k, v := range tt.args {
				detailedArgs[k] = v
			}
			_, full, _ := call(t, s, tt.tool, detailedArgs)
			total := int(full["data"].(map[string]any)["summary"].(map[string]any)["totalMutations"].(float64))
			if n := len(full["data"].(map[string]any)["mutations"].([]any)); n != total {
				t.Errorf("detailed lists %d mutations of %d", n, total)
			}
			t.Logf("%s: %d bytes of text (concise)", tt.name, len(text))
		})
	}
}

// TestClassifierArgument: the agent contract's example call sends
// classifier: false; it is accepted, and the result says it was ignored.
func TestClassifierArgument(t *testing.T) {
	s := newServer(t, Options{})
	initialize(t, s)
	_, env, isErr := call(t, s, ToolTerraform, map[string]any{"plan": planOf(3, 1), "classifier": false})
	if isErr {
		t.Fatal(env["error"])
	}
	notes := env["data"].(map[string]any)["input"].(map[string]any)["notes"]
	if fmt.Sprint(notes) == "" || !strings.Contains(fmt.Sprint(notes), "classifier: false was ignored") {
		t.Fatalf("notes %v", notes)
	}
	validate(t, ToolTerraform, env)
}
