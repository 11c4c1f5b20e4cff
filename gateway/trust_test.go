package gateway

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/recourse-dev/recourse/model"
)

// TestAnnotationTrustPerUpstream: the readOnlyHint and destructiveHint an
// upstream advertises in its own tools/list count as evidence only for an
// upstream the operator vouches for (trust_annotations), and then only as
// far as the arguments allow: a destructive argument stops a trusted
// read-only tool as it stops any other.
func TestAnnotationTrustPerUpstream(t *testing.T) {
	f := start(t, map[string]string{"trusted": "", "untrusted": "{trust_annotations: false}"})
	benign := map[string]any{"scope": "this week"}
	cypher := map[string]any{"query": "MATCH (n) DETACH DELETE n"}
	flag := map[string]any{"scope": "all", "purge": true}
	cases := []struct {
		upstream, tool string
		args           map[string]any
		want           model.Decision
		vouched        bool // the verdict rests on a hint the operator vouched for
	}{
		{"trusted", "tally_items", benign, model.Allow, true},
		{"trusted", "tally_items", cypher, model.Block, false},
		{"trusted", "tally_items", flag, model.Escalate, false},
		{"trusted", "tidy_items", benign, model.Escalate, true},
		{"trusted", "tidy_items", cypher, model.Block, false},
		{"untrusted", "tally_items", benign, model.Escalate, false},
		{"untrusted", "tally_items", cypher, model.Block, false},
		{"untrusted", "tidy_items", benign, model.Escalate, false},
		{"untrusted", "tidy_items", flag, model.Escalate, false},
	}
	for _, tc := range cases {
		t.Run(tc.upstream+"/"+tc.tool+"/"+string(tc.want), func(t *testing.T) {
			r, ok := f.g.route(tc.upstream + "__" + tc.tool)
			if !ok {
				t.Fatalf("no route for %s__%s", tc.upstream, tc.tool)
			}
			raw, _ := json.Marshal(tc.args)
			v := f.g.judgeCall(context.Background(), r, mcp.CallToolParams{Name: tc.tool, RawArguments: raw}, false)
			if v.err != nil {
				t.Fatal(v.err)
			}
			if v.rep.RiskAssessment != tc.want {
				t.Fatalf("%s, want %s: %s", v.rep.RiskAssessment, tc.want, v.rep.AssessmentReason)
			}
			var vouched bool
			for _, m := range v.rep.Mutations {
				for _, e := range m.Evidence {
					if e.SuppliedBy == model.SuppliedOperator {
						vouched = true
						if e.Description == "" || !strings.Contains(e.Description, tc.upstream) {
							t.Errorf("vouched evidence does not name the upstream: %+v", e)
						}
					}
				}
			}
			if vouched != tc.vouched && tc.want != model.Block {
				t.Fatalf("evidence supplied by the operator: %v, want %v: %+v", vouched, tc.vouched, v.rep.Mutations)
			}
			if tc.upstream == "untrusted" && vouched {
				t.Fatal("an untrusted upstream's hint was taken as the operator's")
			}
		})
	}
}

// TestVouchedReadOnlyNeverAllowsADestructiveArgument: a tool whose
// vouched readOnlyHint would let it through is still stopped by an
// argument that deletes or changes, in every argument language the rules
// read.
func TestVouchedReadOnlyNeverAllowsADestructiveArgument(t *testing.T) {
	f := start(t, map[string]string{"trusted": ""})
	r, ok := f.g.route("tally_items")
	if !ok {
		t.Fatal("no route for tally_items")
	}
	cases := []struct {
		language string
		args     string
	}{
		{"code", `{"code": "import shutil\nshutil.rmtree('/srv/data')"}`},
		{"shell", `{"command": "rm -rf /srv/data"}`},
		{"SQL", `{"sql": "DELETE FROM users"}`},
		{"Cypher", `{"query": "MATCH (n:User) DETACH DELETE n"}`},
		{"APOC", `{"query": "CALL apoc.periodic.iterate('MATCH (n) RETURN n', 'DETACH DELETE n', {batchSize: 1000})"}`},
		{"GraphQL", `{"query": "mutation { deleteRepository(input: {repositoryId: \"R_1\"}) { clientMutationId } }"}`},
		{"Redis", `{"command": ["FLUSHALL"]}`},
		{"Mongo", `{"pipeline": [{"$match": {}}, {"$out": "users"}]}`},
		{"HTTP", `{"method": "DELETE", "url": "https://api.example.com/v1/users/42"}`},
		{"a destructive flag", `{"scope": "all", "purge": true}`},
	}
	for _, tc := range cases {
		t.Run(tc.language, func(t *testing.T) {
			v := f.g.judgeCall(context.Background(), r, mcp.CallToolParams{Name: "tally_items", RawArguments: json.RawMessage(tc.args)}, false)
			if v.err != nil {
				t.Fatal(v.err)
			}
			if v.rep.RiskAssessment.Rank() < model.Escalate.Rank() {
				t.Fatalf("%s: %s", v.rep.RiskAssessment, v.rep.AssessmentReason)
			}
			t.Logf("%s: %s (%v)", tc.language, v.rep.RiskAssessment, v.rep.RuleIDs())
		})
	}
}

// TestTrustAnnotationsDefault: the operator vouches for a stdio server
// it launches unless it says otherwise, and for a remote one only when it
// says so.
func TestTrustAnnotationsDefault(t *testing.T) {
	yes, no := true, false
	cases := []struct {
		s    Server
		want bool
	}{
		{Server{Command: "mcp-server-filesystem"}, true},
		{Server{Command: "mcp-server-filesystem", Recourse: Policy{TrustAnnotations: &no}}, false},
		{Server{URL: "https://mcp.example.com/"}, false},
		{Server{URL: "https://mcp.example.com/", Type: "sse"}, false},
		{Server{URL: "https://mcp.example.com/", Recourse: Policy{TrustAnnotations: &yes}}, true},
	}
	for _, tc := range cases {
		if got := tc.s.TrustsAnnotations(); got != tc.want {
			t.Errorf("%+v: %v, want %v", tc.s, got, tc.want)
		}
	}
}
