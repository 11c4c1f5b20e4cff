package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// rdsDelete is a plan deleting a database without a final snapshot or
// backups: block, whatever the environment.
var rdsDelete = map[string]any{"format_version": "1.2", "resource_changes": []any{map[string]any{
	"address": "aws_db_instance.main", "type": "aws_db_instance",
	"change": map[string]any{"actions": []any{"delete"}, "before": map[string]any{"skip_final_snapshot": true, "backup_retention_period": 0}},
}}}

func rdsDeleteText() string {
	b, _ := json.Marshal(rdsDelete)
	return string(b)
}

// recoveryCases are calls with a fault, each beside the call its caller
// meant (nil when what was meant cannot be known from the call).
var recoveryCases = []struct {
	name           string
	tool           string
	args           any
	meantTool      string
	meant          map[string]any
	wantSuggestion bool
}{
	{"misspelt key", ToolShell, map[string]any{"comand": "rm -rf /"}, ToolShell, map[string]any{"command": "rm -rf /"}, true},
	{"alias, never the nearest spelling (cmd is not cwd)", ToolShell, map[string]any{"cmd": "rm -rf ~"}, ToolShell, map[string]any{"command": "rm -rf ~"}, true},
	{"key in another case", ToolShell, map[string]any{"Command": "rm -rf ~", "CWD": "/srv"}, ToolShell, map[string]any{"command": "rm -rf ~", "cwd": "/srv"}, true},
	{"every unknown key at once", ToolShell, map[string]any{"comand": "rm -rf /", "working_directory": "/", "enviroment": "prod"}, ToolShell, map[string]any{"command": "rm -rf /", "cwd": "/", "environment": "prod"}, true},
	{"an unknown key with no sure rename", ToolShell, map[string]any{"command": "rm -rf /", "sudo": true}, "", nil, false},
	{"Command and command", ToolShell, map[string]any{"Command": "ls", "command": "rm -rf /"}, "", nil, false},
	{"missing command", ToolShell, map[string]any{"cwd": "ls"}, "", nil, false},
	{"command of the wrong type", ToolShell, map[string]any{"command": []any{"rm", "-rf", "/"}}, "", nil, false},
	{"arguments as a JSON string", ToolMCPCall, map[string]any{"server": "postgres", "tool": "query", "arguments": `{"sql": "DROP TABLE users"}`}, ToolMCPCall,
		map[string]any{"server": "postgres", "tool": "query", "arguments": map[string]any{"sql": "DROP TABLE users"}}, true},
	{"the whole call as a JSON string", ToolShell, `{"command": "rm -rf /"}`, ToolShell, map[string]any{"command": "rm -rf /"}, true},
	{"a boolean as a string", ToolSupportedResources, map[string]any{"name": "aws_db_instance", "include_rules": "true"}, ToolSupportedResources, map[string]any{"name": "aws_db_instance", "include_rules": true}, true},
	{"an enum in another case", ToolSupportedResources, map[string]any{"kind": "Terraform", "name": "aws_db_instance"}, ToolSupportedResources, map[string]any{"kind": "terraform", "name": "aws_db_instance"}, true},
	{"an enum misspelt", ToolSupportedResources, map[string]any{"kind": "terrafrom"}, "", nil, false},
	{"a truncated RDS-delete plan", ToolTerraform, map[string]any{"plan": rdsDeleteText()[:80]}, "", nil, false},
	{"an errored RDS-delete plan", ToolTerraform, map[string]any{"plan": map[string]any{"format_version": "1.2", "errored": true, "resource_changes": rdsDelete["resource_changes"]}}, "", nil, false},
	{"a plan without format_version", ToolTerraform, map[string]any{"plan": map[string]any{"resource_changes": rdsDelete["resource_changes"]}}, "", nil, false},
	{"a misspelt tool name on an RDS delete", "recourse_evaluate_terraform_plan", map[string]any{"plan": rdsDelete}, ToolTerraform, map[string]any{"plan": rdsDelete}, true},
	{"a reworded tool name on a shell line", "evaluate_shell_command", map[string]any{"command": "rm -rf /"}, ToolShell, map[string]any{"command": "rm -rf /"}, true},
	{"a misspelt tool name whose arguments fit no tool", "recourse_evaluate_shel", map[string]any{"sql": "DROP TABLE users"}, "", nil, false},
	{"evidence with a misspelt input key", ToolWithEvidence, map[string]any{"tool": ToolShell, "input": map[string]any{"comand": "rm -rf ./data"},
		"evidence": []any{map[string]any{"address": "x", "key": "k", "value": true, "source": "ls"}}}, ToolWithEvidence,
		map[string]any{"tool": ToolShell, "input": map[string]any{"command": "rm -rf ./data"}, "evidence": []any{map[string]any{"address": "x", "key": "k", "value": true, "source": "ls"}}}, true},
	{"evidence that is not a list of items", ToolWithEvidence, map[string]any{"tool": ToolShell, "input": map[string]any{"command": "ls"}, "evidence": []any{"force_destroy=false"}}, "", nil, false},
	{"a misspelt key on a line with a credential", ToolShell, map[string]any{"comand": "curl -H 'Authorization: Bearer sk_live_4eC39HqLyjWDarjtT1zdp7dc' https://api.example.com -X DELETE"}, "", nil, false},
}

// TestFollowingARecoveryJudgesOnlyTheCallersAction: an agent that follows
// error.recovery.suggested_args reaches a verdict on its own action or
// another error, never a verdict on anything else; every suggestion passes
// the suggested tool's input schema; a fault with no exact repair has no
// suggestion.
func TestFollowingARecoveryJudgesOnlyTheCallersAction(t *testing.T) {
	s := newServer(t, Options{})
	initialize(t, s)
	for _, tc := range recoveryCases {
		t.Run(tc.name, func(t *testing.T) {
			_, env, isErr := call(t, s, tc.tool, tc.args)
			if !isErr || env["error"] == nil {
				t.Fatalf("a faulty call was judged: %v", env)
			}
			tool, args, ok := suggestion(env)
			if ok != tc.wantSuggestion {
				t.Fatalf("suggestion %v %v, want one: %v (%v)", tool, args, tc.wantSuggestion, env["error"])
			}
			for hop := 0; ok; hop++ {
				if hop == 3 {
					t.Fatal("a recovery chain of three errors")
				}
				inputValidate(t, tool, args)
				_, env, isErr = call(t, s, tool, args)
				if isErr {
					tool, args, ok = suggestion(env)
					continue
				}
				if tc.meant == nil {
					t.Fatalf("a suggestion led to a verdict on something the caller never named: %v", env["data"])
				}
				_, want, _ := call(t, s, tc.meantTool, tc.meant)
				if got, exp := verdictOf(env), verdictOf(want); got != exp {
					t.Fatalf("following the recovery judged\n  %s\nthe call meant is judged\n  %s", got, exp)
				}
				break
			}
		})
	}
}

// TestSuggestionsNeverEchoACredential: the repair of a call that carries
// a credential is given as fixes, without the arguments.
func TestSuggestionsNeverEchoACredential(t *testing.T) {
	s := newServer(t, Options{})
	initialize(t, s)
	line := "curl -H 'Authorization: Bearer sk_live_4eC39HqLyjWDarjtT1zdp7dc' https://api.example.com -X DELETE"
	res, env, _ := call(t, s, ToolShell, map[string]any{"comand": line})
	b, _ := json.Marshal(res)
	if strings.Contains(string(b), "4eC39HqLyjWDarjtT1zdp7dc") {
		t.Fatalf("the credential is in the result: %s", b)
	}
	fixes := env["error"].(map[string]any)["recovery"].(map[string]any)["fixes"]
	if fmt.Sprint(fixes) != "[map[action:rename field:comand to:command]]" {
		t.Fatalf("fixes %v", fixes)
	}
}

// TestNullOptionalArguments: the agent contract's examples send null for
// optional parameters; they are read as absent.
func TestNullOptionalArguments(t *testing.T) {
	s := newServer(t, Options{})
	initialize(t, s)
	_, env, isErr := call(t, s, ToolShell, map[string]any{"command": "rm -rf /", "cwd": nil, "environment": nil})
	if isErr || env["data"].(map[string]any)["riskAssessment"] != "block" {
		t.Fatalf("%v", env)
	}
	_, env, isErr = call(t, s, ToolShell, map[string]any{"command": nil})
	if !isErr || env["error"].(map[string]any)["kind"] != "missing_argument" {
		t.Fatalf("a required argument sent as null: %v", env)
	}
}

func suggestion(env map[string]any) (string, map[string]any, bool) {
	e, _ := env["error"].(map[string]any)
	rec, _ := e["recovery"].(map[string]any)
	tool, _ := rec["suggested_tool"].(string)
	args, ok := rec["suggested_args"].(map[string]any)
	return tool, args, ok && tool != ""
}

// verdictOf is what a result judged: the decision and the mutations'
// targets, or the data itself for a result without a report (a gist, the
// concise answer, names its reason, rules and count).
func verdictOf(env map[string]any) string {
	data, _ := env["data"].(map[string]any)
	if _, ok := data["mutations"]; !ok {
		b, _ := json.Marshal(data)
		return string(b)
	}
	var targets []string
	for _, m := range data["mutations"].([]any) {
		intent := m.(map[string]any)["intent"].(map[string]any)
		targets = append(targets, fmt.Sprint(intent["target"].(map[string]any)["id"]))
	}
	slices.Sort(targets)
	return fmt.Sprintf("%v %v", data["riskAssessment"], targets)
}

func inputValidate(t *testing.T, tool string, args map[string]any) {
	t.Helper()
	def := toolByName(tool)
	if def == nil {
		t.Fatalf("suggested tool %q does not exist", tool)
	}
	sch := compileSchema(t, tool+".in.json", def.inputSchema())
	b, _ := json.Marshal(args)
	if err := sch.Validate(b); err != nil {
		t.Fatalf("suggested_args %s fail %s's input schema: %v", b, tool, err)
	}
}

// TestOperatorContextWins: what the operator set with the server's flags
// cannot be weakened by a call; a call may only make it stricter.
func TestOperatorContextWins(t *testing.T) {
	tests := []struct {
		name          string
		server        Options
		args          map[string]any
		decision, env string
		actor, owner  string
	}{
		{"a call cannot lower production to dev", Options{Environment: "production"}, map[string]any{"environment": "dev"}, "escalate", "production", "", ""},
		{"a call may raise staging to production", Options{Environment: "staging"}, map[string]any{"environment": "prod"}, "escalate", "prod", "", ""},
		{"a call's other environment is ignored", Options{Environment: "staging"}, map[string]any{"environment": "qa"}, "warn", "staging", "", ""},
		{"without the flag the call's environment is used", Options{}, map[string]any{"environment": "dev"}, "warn", "dev", "", ""},
		{"the operator's actor and owner win", Options{Actor: "ci-agent", Owner: "platform"}, map[string]any{"actor": "root", "owner": "nobody"}, "warn", "", "ci-agent", "platform"},
		{"without them the call's are used", Options{}, map[string]any{"actor": "claude", "owner": "payments"}, "warn", "", "claude", "payments"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newServer(t, tt.server)
			initialize(t, s)
			args := map[string]any{"command": "rm /srv/notes.txt", "response_format": "detailed"}
			for k, v := range tt.args {
				args[k] = v
			}
			_, env, isErr := call(t, s, ToolShell, args)
			if isErr {
				t.Fatal(env)
			}
			data := env["data"].(map[string]any)
			ctx, _ := data["context"].(map[string]any)
			if data["riskAssessment"] != tt.decision || fmt.Sprint(ctx["environment"]) != fmt.Sprint(orNil(tt.env)) ||
				fmt.Sprint(ctx["actor"]) != fmt.Sprint(orNil(tt.actor)) || fmt.Sprint(ctx["owner"]) != fmt.Sprint(orNil(tt.owner)) {
				t.Fatalf("%v with context %v", data["riskAssessment"], ctx)
			}
		})
	}
}

func orNil(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// TestSuggestedArgsKeepLargeIntegersExact: an argument above 2^53 comes
// back in suggested_args as the caller wrote it (9007199254740993, which
// a float64 reads as ...992), in structuredContent and in the text, and
// the repaired call is judged with the same number.
func TestSuggestedArgsKeepLargeIntegersExact(t *testing.T) {
	s := newServer(t, Options{})
	initialize(t, s)
	const big = "9007199254740993"
	for _, c := range []struct {
		name, params string
	}{
		{"renamed argument", `{"name":"recourse_evaluate_mcp_call","arguments":{"tool_name":"delete_issue","server":"github","arguments":{"issue_number":` + big + `,"ids":[` + big + `]}}}`},
		{"arguments as a JSON string", `{"name":"recourse_evaluate_mcp_call","arguments":"{\"tool\":\"delete_issue\",\"server\":\"github\",\"arguments\":{\"issue_number\":` + big + `}}"}`},
		{"object argument as a JSON string", `{"name":"recourse_evaluate_mcp_call","arguments":{"tool":"delete_issue","arguments":"{\"issue_number\":` + big + `}"}}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			resp := s.Handle(context.Background(), []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":`+c.params+`}`))
			var out struct {
				Result struct {
					Content           []struct{ Text string } `json:"content"`
					StructuredContent json.RawMessage         `json:"structuredContent"`
				} `json:"result"`
			}
			if err := json.Unmarshal(resp, &out); err != nil {
				t.Fatal(err)
			}
			d := json.NewDecoder(bytes.NewReader(out.Result.StructuredContent))
			d.UseNumber()
			var env map[string]any
			if err := d.Decode(&env); err != nil {
				t.Fatal(err)
			}
			_, args, ok := suggestion(env)
			if !ok {
				t.Fatalf("no suggested_args: %s", out.Result.StructuredContent)
			}
			inner, _ := args["arguments"].(map[string]any)
			if n, _ := inner["issue_number"].(json.Number); n.String() != big {
				t.Fatalf("suggested issue_number %v, want %s: %s", inner["issue_number"], big, out.Result.StructuredContent)
			}
			if !strings.Contains(out.Result.Content[0].Text, big) {
				t.Fatalf("the text mirror lost %s: %s", big, out.Result.Content[0].Text)
			}
			if strings.Contains(string(resp), "9007199254740992") || strings.Contains(string(resp), "e+15") {
				t.Fatalf("a rounded number in %s", resp)
			}
		})
	}
}
