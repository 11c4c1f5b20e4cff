package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/evaluator/terraform"
	"github.com/recourse-dev/recourse/internal/schematest"
	"github.com/recourse-dev/recourse/policy/rego"
	"github.com/recourse-dev/recourse/rules/builtin"
)

func newServer(t testing.TB, opts Options, policyDirs ...string) *Server {
	t.Helper()
	eng, err := builtin.Engine()
	if err != nil {
		t.Fatal(err)
	}
	pol, err := rego.New(context.Background(), policyDirs...)
	if err != nil {
		t.Fatal(err)
	}
	return New(evaluator.New(eng, pol), eng, opts)
}

// rpc sends one request through Handle and decodes the response.
func rpc(t *testing.T, s *Server, id int, method string, params any) map[string]any {
	t.Helper()
	msg, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	resp := s.Handle(context.Background(), msg)
	var out map[string]any
	if err := json.Unmarshal(resp, &out); err != nil {
		t.Fatalf("%s: %v: %s", method, err, resp)
	}
	return out
}

// call runs a tool and returns its result, the envelope and isError.
func call(t *testing.T, s *Server, tool string, args any) (map[string]any, map[string]any, bool) {
	t.Helper()
	out := rpc(t, s, 1, "tools/call", map[string]any{"name": tool, "arguments": args})
	res, ok := out["result"].(map[string]any)
	if !ok {
		t.Fatalf("%s: no result: %v", tool, out)
	}
	env, _ := res["structuredContent"].(map[string]any)
	isErr, _ := res["isError"].(bool)
	checkText(t, res["content"].([]any), env)
	return res, env, isErr
}

// checkText holds the content to its form: an error's content[0].text
// is the envelope's JSON alone (seed 002's client rule) and content[1]
// its human line, type and kind first; anything else is the envelope's
// JSON alone.
func checkText(t *testing.T, content []any, env map[string]any) {
	t.Helper()
	first := content[0].(map[string]any)["text"].(string)
	if env["error"] != nil {
		e := env["error"].(map[string]any)
		if len(content) != 2 {
			t.Fatalf("an error has %d contents, want 2 (the envelope, the human line)", len(content))
		}
		human := content[1].(map[string]any)["text"].(string)
		if want := fmt.Sprintf("%s %s: %s", e["type"], e["kind"], e["message"]); human != want {
			t.Fatalf("an error's human line is %q, want %q", human, want)
		}
	} else if len(content) != 1 {
		t.Fatalf("a result has %d contents, want 1 (the envelope)", len(content))
	}
	var text map[string]any
	if err := json.Unmarshal([]byte(first), &text); err != nil || fmt.Sprint(text) != fmt.Sprint(env) {
		t.Fatalf("content[0].text does not parse as the envelope in structuredContent: %v", err)
	}
}

func initialize(t *testing.T, s *Server) {
	t.Helper()
	out := rpc(t, s, 0, "initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "test", "version": "1"}})
	if out["error"] != nil {
		t.Fatal(out["error"])
	}
}

func TestToolsList(t *testing.T) {
	s := newServer(t, Options{})
	initialize(t, s)
	result := rpc(t, s, 2, "tools/list", map[string]any{})["result"].(map[string]any)
	tools := result["tools"].([]any)
	if len(tools) != 5 {
		t.Fatalf("%d tools", len(tools))
	}
	// An agent's context pays for tools/list on every session. (16 KB
	// before the charter's _meta hints, some 100 bytes a tool; 17 KB
	// before the concise answer's schema in four outputSchemas.)
	if b, _ := json.Marshal(result); len(b) >= 18<<10 {
		t.Errorf("tools/list is %d bytes, over 18 KB", len(b))
	} else {
		t.Logf("tools/list is %d bytes", len(b))
	}
	for _, raw := range tools {
		tool := raw.(map[string]any)
		name := tool["name"].(string)
		a := tool["annotations"].(map[string]any)
		if a["readOnlyHint"] != true || a["destructiveHint"] != false || a["idempotentHint"] != true || a["openWorldHint"] != false || tool["title"] == "" {
			t.Errorf("%s annotations %v", name, a)
		}
		if _, ok := tool["outputSchema"].(map[string]any); !ok {
			t.Errorf("%s has no outputSchema", name)
		}
		// The charter's per-tool hints, in _meta under recourse/.
		meta, _ := tool["_meta"].(map[string]any)
		if meta[MetaCostHint] != "low" || meta[MetaSideEffects] != "none" ||
			(meta[MetaLatencyHint] != "fast" && meta[MetaLatencyHint] != "bounded") ||
			(name == ToolTerraform) != (meta[MetaLatencyHint] == "bounded") && name != ToolWithEvidence {
			t.Errorf("%s _meta %v", name, meta)
		}
		in := tool["inputSchema"].(map[string]any)
		if in["additionalProperties"] != false || in["examples"] == nil {
			t.Errorf("%s input schema %v", name, in)
		}
	}
}

// TestDescriptions lints every tool description.
func TestDescriptions(t *testing.T) {
	for _, d := range toolDefs() {
		desc := d.description
		if len(desc) >= 500 || !strings.HasPrefix(desc, "Use this when") || !strings.Contains(desc, "instead") || !strings.Contains(desc, "composition") {
			t.Errorf("%s: %d chars: %s", d.name, len(desc), desc)
		}
	}
}

// outputValidator compiles a tool's outputSchema.
func outputValidator(t *testing.T, tool string) *schematest.Schema {
	t.Helper()
	return compileSchema(t, tool+".json", toolByName(tool).outputSchema())
}

// compileSchema compiles a JSON Schema document, named in errors.
func compileSchema(t *testing.T, name string, schema []byte) *schematest.Schema {
	t.Helper()
	sch, err := schematest.Compile(schema)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return sch
}

func toolByName(name string) *toolDef {
	for _, d := range toolDefs() {
		if d.name == name {
			return d
		}
	}
	return nil
}

func validate(t *testing.T, tool string, env map[string]any) {
	t.Helper()
	b, _ := json.Marshal(env)
	if err := outputValidator(t, tool).Validate(b); err != nil {
		t.Fatalf("%s: structuredContent does not validate against outputSchema: %v\n%s", tool, err, b)
	}
}

func TestToolCalls(t *testing.T) {
	s := newServer(t, Options{})
	initialize(t, s)
	plan := map[string]any{"format_version": "1.2", "resource_changes": []any{map[string]any{"address": "aws_db_instance.a", "type": "aws_db_instance",
		"change": map[string]any{"actions": []any{"delete"}, "before": map[string]any{"skip_final_snapshot": true, "backup_retention_period": 0}}}}}
	planText, _ := json.Marshal(plan)
	tests := []struct {
		tool     string
		args     map[string]any
		status   string
		decision string
	}{
		{ToolShell, map[string]any{"command": "rm -rf /"}, "success", "block"},
		{ToolShell, map[string]any{"command": "ls -la", "cwd": "/workspace", "environment": "production", "actor": "agent-1"}, "success", "allow"},
		{ToolShell, map[string]any{"command": "frobnicate --all"}, "degraded", "warn"},
		{ToolShell, map[string]any{"command": "rm -rf 'x"}, "partial", "escalate"},
		{ToolTerraform, map[string]any{"plan": plan}, "success", "block"},
		{ToolTerraform, map[string]any{"plan": string(planText)}, "success", "block"},
		{ToolTerraform, map[string]any{"plan": map[string]any{"format_version": "1.2", "resource_changes": []any{}}}, "empty", "allow"},
		{ToolMCPCall, map[string]any{"server": "postgres", "tool": "query", "arguments": map[string]any{"sql": "DROP TABLE users"}}, "success", "block"},
		{ToolMCPCall, map[string]any{"server": "github", "tool": "get_file_contents", "arguments": map[string]any{"path": "README.md"}}, "success", "allow"},
		{ToolMCPCall, map[string]any{"tool": "acme_purge", "annotations": map[string]any{"readOnlyHint": true}}, "degraded", "escalate"},
	}
	for _, tt := range tests {
		t.Run(tt.tool+"/"+tt.status+"/"+tt.decision, func(t *testing.T) {
			_, env, isErr := call(t, s, tt.tool, tt.args)
			data, _ := env["data"].(map[string]any)
			if isErr || env["status"] != tt.status || data["riskAssessment"] != tt.decision || env["error"] != nil || env["charter_version"] != CharterVersion {
				t.Fatalf("got %v", env)
			}
			validate(t, tt.tool, env)
		})
	}
	kmsPlan, err := os.ReadFile("../testdata/plans/kms-key-delete.json")
	if err != nil {
		t.Fatal(err)
	}
	state, err := os.ReadFile("../testdata/states/data-workspace.tfstate")
	if err != nil {
		t.Fatal(err)
	}
	var stateObj any
	if err := json.Unmarshal(state, &stateObj); err != nil {
		t.Fatal(err)
	}
	for _, st := range []any{nil, string(state), stateObj} {
		args := map[string]any{"plan": string(kmsPlan), "response_format": "detailed"}
		want, deps := "warn", 0
		if st != nil {
			args["state"], want, deps = st, "block", 3
		}
		_, env, isErr := call(t, s, ToolTerraform, args)
		data, _ := env["data"].(map[string]any)
		if isErr || data["riskAssessment"] != want || data["summary"].(map[string]any)["dependencyImpactCount"] != float64(deps) {
			t.Fatalf("with state %T: decision %v, want %s with %d dependents", st, data["riskAssessment"], want, deps)
		}
		validate(t, ToolTerraform, env)
	}
	bucket := map[string]any{"format_version": "1.2", "resource_changes": []any{map[string]any{"address": "aws_s3_bucket.logs", "type": "aws_s3_bucket",
		"change": map[string]any{"actions": []any{"delete"}, "before": map[string]any{"bucket": "logs"}}}}}
	_, env, _ := call(t, s, ToolTerraform, map[string]any{"plan": bucket})
	if env["data"].(map[string]any)["riskAssessment"] != "escalate" || !strings.Contains(fmt.Sprint(env["follow_up_hints"]), ToolWithEvidence) {
		t.Fatalf("an escalate with missing evidence hints at %s: %v", ToolWithEvidence, env["follow_up_hints"])
	}
	_, env, isErr := call(t, s, ToolWithEvidence, map[string]any{"tool": ToolTerraform, "input": map[string]any{"plan": bucket},
		"evidence": []any{map[string]any{"address": "aws_s3_bucket.logs", "key": "force_destroy", "value": false, "source": "console"}}, "response_format": "detailed"})
	data := env["data"].(map[string]any)
	applied := data["evidence"].(map[string]any)["applied"].([]any)
	if isErr || data["riskAssessment"] != "warn" || len(applied) != 1 || applied[0].(map[string]any)["moved"] != true {
		t.Fatalf("with evidence: %v", env)
	}
	validate(t, ToolWithEvidence, env)
	_, env, isErr = call(t, s, ToolSupportedResources, map[string]any{"kind": "mcp", "detail": "full"})
	data = env["data"].(map[string]any)
	if isErr || env["status"] != "success" || len(data["mcpTools"].([]any)) < 50 || len(data["terraformTypes"].([]any)) != 0 || len(data["rules"].([]any)) != 0 {
		t.Fatalf("supported resources: %v", env["status"])
	}
	validate(t, ToolSupportedResources, env)
}

// TestSupportedResourcesQueries: names and counts by default, one name's
// rows (or did-you-mean) on request, every row only when asked for.
func TestSupportedResourcesQueries(t *testing.T) {
	s := newServer(t, Options{})
	tests := []struct {
		args    map[string]any
		covered any
		rows    func(n int) bool
		near    string
	}{
		{map[string]any{"kind": "terraform", "name": "aws_db_instance"}, true, func(n int) bool { return n >= 5 }, ""},
		{map[string]any{"name": "aws_db_instanse"}, false, func(n int) bool { return n == 0 }, "aws_db_instance"},
		{map[string]any{"kind": "shell", "name": "rm"}, true, func(n int) bool { return n >= 3 }, ""},
		{map[string]any{"kind": "terraform", "include_rules": true}, nil, func(n int) bool { return n == defaultRowLimit }, ""},
		{map[string]any{"kind": "terraform", "include_rules": true, "limit": 7, "cursor": "14"}, nil, func(n int) bool { return n == 7 }, ""},
		{map[string]any{}, nil, func(n int) bool { return n == 0 }, ""},
	}
	for _, tt := range tests {
		_, env, isErr := call(t, s, ToolSupportedResources, tt.args)
		data := env["data"].(map[string]any)
		rows := data["rules"].([]any)
		_, named := tt.args["name"]
		if isErr || data["covered"] != tt.covered || !tt.rows(len(rows)) {
			t.Errorf("%v: covered %v, %d rows", tt.args, data["covered"], len(rows))
		}
		// A name's answer is that name's alone, not the catalog.
		if _, hasCounts := data["counts"]; named == hasCounts || named && data["terraformTypes"] != nil {
			t.Errorf("%v: counts %v and names in a name's answer", tt.args, data["counts"])
		}
		if tt.near != "" && !strings.Contains(fmt.Sprint(data["didYouMean"]), tt.near) {
			t.Errorf("%v: did you mean %v, want %s", tt.args, data["didYouMean"], tt.near)
		}
		// A name with no rows gets the classifier's reading; a covered one does not.
		if reading, ok := data["classifier"].(map[string]any); (tt.covered == false) != ok ||
			ok && (reading["category"] != "database" || reading["destroyTier"] != float64(5) || reading["type"] != tt.args["name"]) {
			t.Errorf("%v: classifier reading %v", tt.args, data["classifier"])
		}
		validate(t, ToolSupportedResources, env)
	}
}

// TestSupportedResourcesPages: following next_cursor visits every row
// once, and the last page has no cursor.
func TestSupportedResourcesPages(t *testing.T) {
	s := newServer(t, Options{})
	args := map[string]any{"kind": "terraform", "include_rules": true, "limit": 500}
	total, rows := 0, 0
	for pages := 0; ; pages++ {
		if pages > 100 {
			t.Fatal("the pages do not end")
		}
		_, env, isErr := call(t, s, ToolSupportedResources, args)
		if isErr {
			t.Fatal(env["error"])
		}
		data := env["data"].(map[string]any)
		total = int(data["counts"].(map[string]any)["rules"].(float64))
		rows += len(data["rules"].([]any))
		next, ok := data["next_cursor"].(string)
		if !ok {
			break
		}
		args["cursor"] = next
	}
	if rows != total || total < 1000 {
		t.Fatalf("the pages held %d rows of %d", rows, total)
	}
	for _, bad := range []map[string]any{{"include_rules": true, "limit": 0}, {"include_rules": true, "limit": 1.5}, {"include_rules": true, "cursor": "x"}} {
		if _, env, isErr := call(t, s, ToolSupportedResources, bad); !isErr || env["error"].(map[string]any)["kind"] != "invalid_argument" {
			t.Errorf("%v: %v", bad, env)
		}
	}
}

func TestErrorContracts(t *testing.T) {
	s := newServer(t, Options{MaxInputBytes: 4096})
	initialize(t, s)
	big := `{"format_version": "1.2", "resource_changes": [], "x": "` + strings.Repeat("a", 5000) + `"}`
	tests := []struct {
		name, tool  string
		args        any
		kind, typ   string
		recoverable bool
		fuzzy       string // a fuzzy match expected
		fixedArg    string // an argument expected in suggested_args; "": no suggested_args (no exact repair)
	}{
		{"unknown tool", "recourse_evaluate_shel", map[string]any{"command": "ls"}, "unknown_tool", "NOT_FOUND", true, "recourse_evaluate_shell", "command"},
		{"unknown tool no prefix", "evaluate_shell", map[string]any{}, "unknown_tool", "NOT_FOUND", true, "recourse_evaluate_shell", ""},
		{"unknown tool dotted", "recourse.evaluate.shell", map[string]any{}, "unknown_tool", "NOT_FOUND", true, "recourse_evaluate_shell", ""},
		{"unknown tool reworded", "evaluate_terraform_plan", map[string]any{"plan": map[string]any{"format_version": "1.2"}}, "unknown_tool", "NOT_FOUND", true, "recourse_evaluate_terraform", "plan"},
		{"unknown argument", ToolShell, map[string]any{"comand": "rm -rf ./build"}, "unknown_argument", "VALIDATION", true, "command", "command"},
		{"alias, not the nearest spelling", ToolShell, map[string]any{"cmd": "ls"}, "unknown_argument", "VALIDATION", true, "command", "command"},
		{"conflicting case variants", ToolShell, map[string]any{"Command": "ls", "command": "rm -rf /"}, "conflicting_arguments", "CONFLICT", true, "", ""},
		{"missing argument", ToolShell, map[string]any{"cwd": "/x"}, "missing_argument", "VALIDATION", true, "", ""},
		{"wrong type", ToolShell, map[string]any{"command": 42}, "wrong_type", "VALIDATION", true, "", ""},
		{"a JSON string for an object", ToolMCPCall, map[string]any{"tool": "query", "arguments": `{"sql": "DROP TABLE t"}`}, "wrong_type", "VALIDATION", true, "", "arguments"},
		{"arguments not an object", ToolShell, []any{"ls"}, "wrong_type", "VALIDATION", true, "", ""},
		{"bad enum", ToolSupportedResources, map[string]any{"kind": "shel"}, "invalid_argument", "VALIDATION", true, "shell", ""},
		{"enum in another case", ToolSupportedResources, map[string]any{"kind": "Shell"}, "invalid_argument", "VALIDATION", true, "", "kind"},
		{"malformed plan", ToolTerraform, map[string]any{"plan": `{"format_version": "1.2",`}, "malformed_input", "VALIDATION", true, "", ""},
		{"unsupported format", ToolTerraform, map[string]any{"plan": map[string]any{"format_version": "2.0", "resource_changes": []any{}}}, "unsupported_format_version", "VALIDATION", true, "", ""},
		{"state file", ToolTerraform, map[string]any{"plan": map[string]any{"version": 4, "lineage": "x", "resources": []any{}}}, "wrong_document", "VALIDATION", true, "", ""},
		{"input over the limit", ToolTerraform, map[string]any{"plan": big}, "input_too_large", "VALIDATION", true, "", ""},
		{"state that is no state", ToolTerraform, map[string]any{"plan": map[string]any{"format_version": "1.2", "resource_changes": []any{}}, "state": map[string]any{"serial": 1}}, "invalid_argument", "VALIDATION", true, "", ""},
		{"state over the limit", ToolTerraform, map[string]any{"plan": map[string]any{"format_version": "1.2", "resource_changes": []any{}}, "state": big}, "input_too_large", "VALIDATION", true, "", ""},
		{"empty command", ToolShell, map[string]any{"command": "  "}, "invalid_argument", "VALIDATION", true, "", ""},
		{"mcp call without tool name", ToolMCPCall, map[string]any{"tool": ""}, "invalid_argument", "VALIDATION", true, "", ""},
		{"evidence for an unknown tool", ToolWithEvidence, map[string]any{"tool": "recourse_evaluate_shel", "input": map[string]any{}, "evidence": []any{}}, "invalid_argument", "VALIDATION", true, ToolShell, ""},
		{"evidence input misspelt", ToolWithEvidence, map[string]any{"tool": ToolShell, "input": map[string]any{"comand": "ls"}, "evidence": []any{}}, "unknown_argument", "VALIDATION", true, "command", "input"},
		{"evidence item malformed", ToolWithEvidence, map[string]any{"tool": ToolShell, "input": map[string]any{"command": "ls"}, "evidence": []any{"force_destroy=false"}}, "wrong_type", "VALIDATION", true, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, env, isErr := call(t, s, tt.tool, tt.args)
			e, _ := env["error"].(map[string]any)
			status := "error"
			if tt.kind == "input_too_large" {
				status = "refused" // Recourse chooses not to judge it
			}
			if !isErr || env["status"] != status || e == nil || env["data"] != nil {
				t.Fatalf("got %v", env)
			}
			if e["kind"] != tt.kind || e["type"] != tt.typ || e["recoverable"] != tt.recoverable || e["message"] == "" {
				t.Fatalf("contract %v", e)
			}
			rec := e["recovery"].(map[string]any)
			if tt.fuzzy != "" && !strings.Contains(fmt.Sprint(rec["fuzzy_matches"]), tt.fuzzy) {
				t.Errorf("fuzzy matches %v lack %s", rec["fuzzy_matches"], tt.fuzzy)
			}
			args, suggested := rec["suggested_args"].(map[string]any)
			if _, ok := args[tt.fixedArg]; tt.fixedArg != "" && !ok {
				t.Errorf("suggested_args %v lack %s", rec["suggested_args"], tt.fixedArg)
			}
			if tt.fixedArg == "" && suggested {
				t.Errorf("suggested_args %v for a fault with no exact repair", args)
			}
			if rec["suggested_tool"] == nil || rec["schema_hint"] == nil {
				t.Errorf("recovery %v lacks a tool or schema hint", rec)
			}
			if tool := toolByName(tt.tool); tool != nil {
				validate(t, tt.tool, env)
			}
		})
	}
}

func TestTransientAndInternalErrors(t *testing.T) {
	s := newServer(t, Options{Timeout: time.Nanosecond})
	initialize(t, s)
	_, env, isErr := call(t, s, ToolShell, map[string]any{"command": strings.Repeat("echo a; ", 2000)})
	e := env["error"].(map[string]any)
	if !isErr || e["kind"] != "deadline_exceeded" || e["type"] != "TRANSIENT" || e["recoverable"] != true {
		t.Fatalf("deadline: %v", e)
	}
	dir := t.TempDir()
	src := "package recourse.policies.boom\n\ntighten contains {\"decision\": \"block\", \"reason\": x} if { x := sprintf(\"%d\", [to_number(\"nope\")]) }\n"
	if err := os.WriteFile(filepath.Join(dir, "boom.rego"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	s = newServer(t, Options{}, dir)
	initialize(t, s)
	_, env, _ = call(t, s, ToolShell, map[string]any{"command": "ls"})
	e = env["error"].(map[string]any)
	if e["kind"] != "policy_error" || e["type"] != "INTERNAL" || e["recoverable"] != false {
		t.Fatalf("policy error: %v", e)
	}
}

func TestEnvelopeInvariant(t *testing.T) {
	good := []Envelope{
		{Status: StatusSuccess, Data: map[string]any{}, CharterVersion: CharterVersion},
		failure(newContract(KindInternal, "x")),
	}
	for _, e := range good {
		if err := e.Validate(); err != nil {
			t.Errorf("%+v: %v", e, err)
		}
	}
	bad := []Envelope{
		{Status: StatusError, CharterVersion: CharterVersion},
		{Status: StatusSuccess, Data: 1, Error: newContract(KindInternal, "x"), CharterVersion: CharterVersion},
		{Status: StatusRefused, Data: 1, Error: newContract(KindErroredPlan, "x"), CharterVersion: CharterVersion},
		{Status: StatusSuccess, CharterVersion: CharterVersion},
		{Status: StatusSuccess, Data: 1},
	}
	for _, e := range bad {
		if e.Validate() == nil {
			t.Errorf("accepted %+v", e)
		}
	}
	// result() never lets a broken envelope out.
	res := result(Envelope{Status: StatusError, CharterVersion: CharterVersion})
	if env := res.StructuredContent.(Envelope); env.Error == nil || env.Error.Kind != KindInternal || !res.IsError {
		t.Fatalf("%+v", env)
	}
	// refused only where Recourse chooses not to judge; an errored plan
	// is an input it cannot judge: an error.
	if failure(newContract(KindErroredPlan, "x")).Status != StatusError || failure(newContract(KindInputTooLarge, "x")).Status != StatusRefused {
		t.Fatal("an errored plan is an error, an input over the limit refused")
	}
	for _, e := range []Envelope{
		{Status: StatusPartial, Data: 1, Confidence: ptr("MEDIUM"), CharterVersion: CharterVersion},
		{Status: StatusPartial, Data: 1, DegradationReason: ReasonUnanalysedPart, Confidence: ptr("HIGH"), CharterVersion: CharterVersion},
		{Status: StatusSuccess, Data: 1, DegradationReason: ReasonClassifierFallback, CharterVersion: CharterVersion},
	} {
		if e.Validate() == nil {
			t.Errorf("accepted %+v", e)
		}
	}
	for kind := range Registry {
		if newContract(kind, "x").Type == "" {
			t.Errorf("%s has no type", kind)
		}
	}
}

func TestInstructionsResourceAndPrompt(t *testing.T) {
	s := newServer(t, Options{})
	initialize(t, s)
	res := rpc(t, s, 3, "resources/read", map[string]any{"uri": InstructionsURI})
	if !strings.Contains(fmt.Sprint(res["result"]), "recourse_evaluate_shell") {
		t.Fatalf("%v", res)
	}
	p := rpc(t, s, 4, "prompts/get", map[string]any{"name": PromptName})
	if !strings.Contains(fmt.Sprint(p["result"]), "escalate") {
		t.Fatalf("%v", p)
	}
}

// TestMinimalTerraformInputs: what an agent writes by hand, as the seed
// documents' example does, is judged: an empty state object (no known
// resources), and a plan with a format_version and nothing to change.
func TestMinimalTerraformInputs(t *testing.T) {
	s := newServer(t, Options{})
	initialize(t, s)
	del := map[string]any{"format_version": "1.2", "resource_changes": []any{map[string]any{
		"address": "aws_s3_bucket.logs", "type": "aws_s3_bucket", "name": "logs", "mode": "managed",
		"change": map[string]any{"actions": []any{"delete"}, "before": map[string]any{"bucket": "logs"}, "after": nil}}}}
	for _, c := range []struct {
		name     string
		args     map[string]any
		status   string
		decision string
	}{
		{"state {}", map[string]any{"plan": del, "state": map[string]any{}}, "", ""},
		{"state {} as a string", map[string]any{"plan": del, "state": "{}"}, "", ""},
		{"plan with state {}", map[string]any{"plan": map[string]any{"format_version": "1.2", "state": map[string]any{}}}, "empty", "allow"},
		{"format_version only", map[string]any{"plan": map[string]any{"format_version": "1.2"}}, "empty", "allow"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, env, isErr := call(t, s, ToolTerraform, c.args)
			if isErr {
				t.Fatalf("an error: %v", env["error"])
			}
			data := env["data"].(map[string]any)
			if c.status != "" && (env["status"] != c.status || data["riskAssessment"] != c.decision) {
				t.Fatalf("status %v, decision %v; want %s, %s", env["status"], data["riskAssessment"], c.status, c.decision)
			}
			if c.status == "" && data["riskAssessment"] == "allow" {
				t.Fatalf("a bucket's delete allowed with an empty state: %v", env)
			}
		})
	}
}

// TestSupportedResourcesConciseByDefault: without a name the answer is a
// summary under 2 KB as the model reads it (content and
// structuredContent); detail "full" gives every name.
func TestSupportedResourcesConciseByDefault(t *testing.T) {
	s := newServer(t, Options{})
	initialize(t, s)
	for _, kind := range []string{"", "terraform", "shell", "mcp"} {
		args := map[string]any{}
		if kind != "" {
			args["kind"] = kind
		}
		res, env, isErr := call(t, s, ToolSupportedResources, args)
		if isErr {
			t.Fatal(env["error"])
		}
		sc, _ := json.Marshal(res["structuredContent"])
		text := res["content"].([]any)[0].(map[string]any)["text"].(string)
		if len(sc) > 2048 || len(text) > 2048 {
			t.Errorf("kind %q: structuredContent %d B, text %d B, want at most 2 KB", kind, len(sc), len(text))
		}
		data := env["data"].(map[string]any)
		counts := data["counts"].(map[string]any)
		if data["terraformTypes"] != nil || data["more"] == nil || counts["rules"].(float64) < 100 {
			t.Errorf("kind %q: %s", kind, sc)
		}
		if providers, _ := data["terraformProviders"].(map[string]any); (kind == "" || kind == "terraform") && providers["aws"] == nil {
			t.Errorf("kind %q: providers %v", kind, providers)
		}
		validate(t, ToolSupportedResources, env)
	}
	_, env, _ := call(t, s, ToolSupportedResources, map[string]any{"detail": "full"})
	data := env["data"].(map[string]any)
	types, _ := data["terraformTypes"].([]any)
	if len(types) != int(data["counts"].(map[string]any)["terraformTypes"].(float64)) || len(types) < 100 {
		t.Fatalf("detail full: %d types", len(types))
	}
}

// TestProviderSchemaArgument passes the real dbtcloud provider schema
// (testdata/classifier/schemas) with a plan that destroys dbt Cloud
// project artefacts no rule knows, whose name leaves them needs-review, and
// a webhook, configuration by its name. As a call's provider_schema
// argument it is the caller's word: it raises the webhook (the secret the
// provider generates is lost) and lowers nothing. As the operator's
// (Options.ProviderSchemas, recourse mcp serve --provider-schema) it also
// lowers the artefacts, whose fields show no data, to recoverable with
// effort, and wins over a call's. A schema with a duplicate key is an
// error naming the field, never a decision.
func TestProviderSchemaArgument(t *testing.T) {
	s := newServer(t, Options{})
	plan, err := os.ReadFile("../testdata/plans/unknown-provider-schema.json")
	if err != nil {
		t.Fatal(err)
	}
	schema, err := os.ReadFile("../testdata/classifier/schemas/dbtcloud.json")
	if err != nil {
		t.Fatal(err)
	}
	tierOf := func(env map[string]any, addr string) float64 {
		data, _ := env["data"].(map[string]any)
		ms, _ := data["mutations"].([]any)
		for _, m := range ms {
			mm := m.(map[string]any)
			if mm["intent"].(map[string]any)["target"].(map[string]any)["id"] == addr {
				return mm["recoverability"].(map[string]any)["tier"].(float64)
			}
		}
		return 0
	}
	parsed, err := terraform.ParseProviderSchemas(schema, "dbtcloud.json")
	if err != nil {
		t.Fatal(err)
	}
	operator := newServer(t, Options{ProviderSchemas: parsed})
	for _, c := range []struct {
		name               string
		srv                *Server
		schema             any
		artefacts, webhook float64
	}{
		{"none", s, nil, 5, 2},
		{"the call's", s, string(schema), 5, 5},
		{"the operator's", operator, nil, 2, 5},
		{"the operator's and the call's", operator, string(schema), 2, 5},
	} {
		args := map[string]any{"plan": string(plan), "response_format": "detailed"}
		if c.schema != nil {
			args["provider_schema"] = c.schema
		}
		_, env, isErr := call(t, c.srv, ToolTerraform, args)
		if isErr || tierOf(env, "dbtcloud_project_artefacts.docs") != c.artefacts || tierOf(env, "dbtcloud_webhook.alerts") != c.webhook {
			t.Fatalf("%s: artefacts tier %v, webhook %v, want %v and %v (%v)", c.name, tierOf(env, "dbtcloud_project_artefacts.docs"),
				tierOf(env, "dbtcloud_webhook.alerts"), c.artefacts, c.webhook, env["error"])
		}
		validate(t, ToolTerraform, env)
	}
	dup := `{"format_version": "1.0", "format_version": "1.0", "provider_schemas": {}}`
	_, env, isErr := call(t, s, ToolTerraform, map[string]any{"plan": string(plan), "provider_schema": dup})
	e, _ := env["error"].(map[string]any)
	if !isErr || env["status"] != "error" || e == nil || !strings.HasPrefix(fmt.Sprint(e["field"]), "provider_schema") {
		t.Fatalf("a duplicate key in the schema: %v", env)
	}
}
