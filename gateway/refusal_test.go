package gateway

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/recourse-dev/recourse/mcpserver"
)

// modelSees is what Claude Code and VS Code hand the model of a result:
// its structuredContent when it has one, else its text.
func modelSees(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	if res.StructuredContent != nil {
		b, err := json.Marshal(res.StructuredContent)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	return text(res)
}

// TestRefusalOfAToolWithOutputSchema: a refusal of a tool that declares
// an outputSchema carries no structuredContent (the TypeScript SDK would
// validate it against the tool's schema and throw, isError or not), and
// carries the envelope as the JSON of content[0] and in _meta.
func TestRefusalOfAToolWithOutputSchema(t *testing.T) {
	overBoth(t, testRefusalOfAToolWithOutputSchema)
}

func testRefusalOfAToolWithOutputSchema(t *testing.T, stdio bool) {
	f := start(t, map[string]string{"records": ""})
	f.stdio = stdio
	c := f.connect(t, nil)
	for _, tc := range []struct{ tool, kind string }{{"query_rows", "blocked"}, {"execute_sql", "blocked"}} {
		// DROP TABLE: the envelope's message says why.
		res := call(t, c, tc.tool, map[string]any{"sql": "DROP TABLE users"})
		if !res.IsError {
			t.Fatalf("%s: not refused: %s", tc.tool, text(res))
		}
		if tc.tool == "execute_sql" { // no outputSchema: the envelope is the structuredContent
			if _, kind := refusal(t, res); kind != tc.kind {
				t.Fatalf("%s: kind %s", tc.tool, kind)
			}
			continue
		}
		if res.StructuredContent != nil {
			t.Fatalf("%s declares an outputSchema, and its refusal has structuredContent %v", tc.tool, res.StructuredContent)
		}
		var env struct {
			Status string
			Data   struct{ RiskAssessment string }
			Error  struct{ Kind, Message string }
		}
		first := res.Content[0].(mcp.TextContent).Text
		if err := json.Unmarshal([]byte(first), &env); err != nil {
			t.Fatalf("content[0] is not the envelope: %v\n%s", err, first)
		}
		if env.Status != "refused" || env.Error.Kind != tc.kind || env.Data.RiskAssessment != "block" || !strings.Contains(env.Error.Message, "DROP TABLE") {
			t.Fatalf("envelope %+v", env)
		}
		if res.Meta == nil || res.Meta.AdditionalFields[mcpserver.EnvelopeMeta] == nil {
			t.Fatalf("no envelope in _meta: %+v", res.Meta)
		}
	}
	if got := f.received(t, "records"); len(got) != 0 {
		t.Fatalf("the upstream received %v", got)
	}
}

// TestWhatTheModelSeesIsConcise: a refusal is within the byte targets as
// the model sees it (structuredContent where there is one).
func TestWhatTheModelSeesIsConcise(t *testing.T) {
	f := start(t, map[string]string{"records": "{allow_once: never}"})
	c := f.connect(t, nil)
	cases := []struct {
		name, tool string
		args       map[string]any
		kind       string
		max        int
	}{
		{"rm -rf /", "run_command", map[string]any{"command": "rm -rf /"}, "blocked", 700},
		{"DROP TABLE with an outputSchema (the envelope as text)", "query_rows", map[string]any{"sql": "DROP TABLE users"}, "blocked", 800},
		{"an unknown tool, no one to ask", "zap_everything", map[string]any{"scope": "all"}, "needs_approval", 700},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := call(t, c, tc.tool, tc.args)
			seen := modelSees(t, res)
			if !res.IsError || !strings.Contains(seen, tc.kind) {
				t.Fatalf("not a %s refusal: %s", tc.kind, seen)
			}
			if len(seen) > tc.max {
				t.Fatalf("the model sees %d bytes, over %d:\n%s", len(seen), tc.max, seen)
			}
			t.Logf("%s: the model sees %d bytes", tc.name, len(seen))
		})
	}
}

// TestWarnNoteReachesTheModel: a warn's note is in the structured result
// the model is handed, unless the tool's outputSchema refuses another
// property (then in the text and _meta only, the result still valid).
func TestWarnNoteReachesTheModel(t *testing.T) {
	f := start(t, map[string]string{"records": ""})
	c := f.connect(t, nil)
	update := map[string]any{"sql": "UPDATE users SET name = 'a' WHERE id = 1"}
	res := call(t, c, "query_rows", update)
	if res.IsError {
		t.Fatal(text(res))
	}
	sc, _ := res.StructuredContent.(map[string]any)
	note, _ := sc[NoteKey].(string)
	if !strings.Contains(note, "Recourse: WARN") || sc["rows"] == nil {
		t.Fatalf("structuredContent %v", res.StructuredContent)
	}
	res = call(t, c, "strict_rows", update)
	sc, _ = res.StructuredContent.(map[string]any)
	if res.IsError || sc[NoteKey] != nil || sc["rows"] == nil {
		t.Fatalf("strict_rows: %v", res.StructuredContent)
	}
	if !strings.Contains(text(res), "Recourse: WARN") || res.Meta == nil || res.Meta.AdditionalFields[NoteKey] == nil {
		t.Fatalf("strict_rows: the note is not in the text and _meta: %s %+v", text(res), res.Meta)
	}
}

// TestAllowOnceSetting: allow_once says which refused calls a code can
// let through, and the refusal says which applies.
func TestAllowOnceSetting(t *testing.T) {
	f := start(t, map[string]string{"esc": "", "blk": "{allow_once: block}", "nvr": "{allow_once: never}"})
	c := f.connect(t, nil)
	drop := map[string]any{"sql": "DROP TABLE users"}
	zap := map[string]any{"scope": "all"}
	cases := []struct {
		upstream, tool string
		args           map[string]any
		code           bool
		says           string
	}{
		{"esc", "execute_sql", drop, false, "allow_once: escalate"},
		{"esc", "zap_everything", zap, true, "recourse allow-once"},
		{"blk", "execute_sql", drop, true, "recourse allow-once"},
		{"nvr", "zap_everything", zap, false, "allow_once: never"},
		{"nvr", "execute_sql", drop, false, "allow_once: never"},
	}
	for _, tc := range cases {
		t.Run(tc.upstream+"/"+tc.tool, func(t *testing.T) {
			name := tc.upstream + "__" + tc.tool
			res := call(t, c, name, tc.args)
			if !res.IsError || !strings.Contains(text(res), tc.says) {
				t.Fatalf("the refusal does not say %q: %s", tc.says, text(res))
			}
			if !tc.code {
				if strings.Contains(text(res), "recourse allow-once") {
					t.Fatalf("a code was issued: %s", text(res))
				}
				return
			}
			code := allowOnceCode(t, text(res))
			if _, err := f.store.Approve(code); err != nil {
				t.Fatal(err)
			}
			if res := call(t, c, name, tc.args); res.IsError {
				t.Fatalf("the approved call was refused: %s", text(res))
			}
			if got := f.received(t, tc.upstream); len(got) != 1 || got[0] != tc.tool {
				t.Fatalf("the upstream received %v", got)
			}
		})
	}
	for _, u := range []string{"esc", "nvr"} {
		for _, tool := range f.received(t, u) {
			if tool == "execute_sql" {
				t.Fatalf("%s received a blocked call", u)
			}
		}
	}
}

// TestApprovalFormShowsTheCall: the person asked sees the tool, the
// server, the arguments that matter (redacted, clipped), the verdict's
// reason and its recoverability.
func TestApprovalFormShowsTheCall(t *testing.T) {
	f := start(t, map[string]string{"records": ""})
	asker := &elicitor{action: mcp.ElicitationResponseActionDecline}
	c := f.connect(t, asker)
	long := strings.Repeat("x", 1000)
	res := call(t, c, "zap_everything", map[string]any{"scope": "all", "api_key": "sk-live-0123456789abcdef0123456789", "note": long})
	if _, kind := refusal(t, res); kind != "needs_approval" || len(asker.asked) != 1 {
		t.Fatalf("kind %s, asked %d", kind, len(asker.asked))
	}
	msg := asker.asked[0]
	for _, want := range []string{"zap_everything on records", `scope: "all"`, "Verdict: escalate", "no rule knows the tool zap_everything", "Recoverability: tier 5, needs-review"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the form does not say %q:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "sk-live-0123456789abcdef0123456789") {
		t.Errorf("the form shows a credential:\n%s", msg)
	}
	if strings.Contains(msg, long[:200]) || len(msg) > approvalLen {
		t.Errorf("the form is not clipped (%d bytes):\n%s", len(msg), msg)
	}
}
