package main

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/internal/decisionlog/decisionlogtest"
)

// TestDecisionLogFromEvalAndHooks: recourse eval and recourse hook ship
// each decision to --decision-log in OPA's format, with the same decision
// id as --audit-log's record, the input redacted; a sink that cannot be
// reached is an error for eval and a stop for the hook.
func TestDecisionLogFromEvalAndHooks(t *testing.T) {
	s := &decisionlogtest.Sink{}
	hs := httptest.NewServer(s)
	defer hs.Close()
	audit := filepath.Join(t.TempDir(), "audit.jsonl")
	secret := "ghp_" + strings.Repeat("a", 36)
	line := `curl -H "Authorization: Bearer ` + secret + `" -X DELETE https://api.example.com/v1/users/3`
	if res := runBinary(t, "", "eval", "shell", "--decision-log", hs.URL, "--decision-log-label", "team=payments", "--audit-log", audit, "--", line); res.exit == 0 || res.exit == 1 {
		t.Fatalf("%+v", res)
	}
	hook := `{"tool_name":"Bash","tool_input":{"command":"git status"},"cwd":"/tmp"}`
	if res := runBinary(t, hook, "hook", "claude-code", "--decision-log", hs.URL); res.exit != 0 {
		t.Fatalf("%+v", res)
	}
	events, raw := s.Events()
	if len(events) != 2 {
		t.Fatalf("%d events: %s", len(events), raw)
	}
	if strings.Contains(raw, secret) {
		t.Errorf("the token is in clear: %s", raw)
	}
	first, second := events[0], events[1]
	labels, _ := first["labels"].(map[string]any)
	if first["path"] != "recourse/eval/shell" || labels["team"] != "payments" || labels["app"] != "recourse" || first["input_hmac_sha256"] == nil || first["input_hmac_sha256"] == "" {
		t.Errorf("eval's event: %v", first)
	}
	if id, _ := first["decision_id"].(string); id == "" || !strings.Contains(fileText(t, audit), id) {
		t.Errorf("eval's event's decision id %v is not the audit record's", first["decision_id"])
	}
	if second["path"] != "recourse/hook/claude-code" || second["result"].(map[string]any)["decision"] != "allow" {
		t.Errorf("the hook's event: %v", second)
	}
	// A sink that cannot be reached: the decision is not recorded.
	hs.Close()
	if res := runBinary(t, "", "eval", "shell", "--decision-log", hs.URL, "--", "ls"); res.exit != 1 || !strings.Contains(res.stderr, "--decision-log") {
		t.Errorf("eval with the sink down: %+v", res)
	}
	if res := runBinary(t, hook, "hook", "claude-code", "--decision-log", hs.URL); res.exit != 2 || !strings.Contains(res.stderr, "could not be recorded") {
		t.Errorf("the hook with the sink down: %+v", res)
	}
}

func fileText(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
