package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/allowonce"
	"github.com/recourse-dev/recourse/internal/statekey"
)

// TestAllowOnceThroughTheHook: a stop carries a code; once a person
// approves it, exactly that call runs once; a second try, or another
// call, is judged as usual; the command refuses to approve without a
// terminal.
func TestAllowOnceThroughTheHook(t *testing.T) {
	call := `{"tool_name":"Bash","tool_input":{"command":"rm -rf ./data"},"cwd":"/srv/app"}`
	other := `{"tool_name":"Bash","tool_input":{"command":"rm -rf ./data"},"cwd":"/srv/other"}`
	res := runBinary(t, call, "hook", "claude-code")
	code := regexp.MustCompile(`recourse allow-once ([0-9A-Z]{4}-[0-9A-Z]{4})`).FindStringSubmatch(res.stderr)
	if res.exit != 2 || code == nil {
		t.Fatalf("exit %d, stderr %q: want a stop with a code", res.exit, res.stderr)
	}

	if res := runBinary(t, "", "allow-once", code[1]); res.exit != 1 || !strings.Contains(res.stderr, "interactive terminal") {
		t.Fatalf("allow-once without a terminal: exit %d, %q", res.exit, res.stderr)
	}
	if res := runBinary(t, call, "hook", "claude-code"); res.exit != 2 {
		t.Fatal("a code nobody approved let the call through")
	}

	// A person approves it (in their terminal; here, through the store).
	key, err := statekey.Load(filepath.Join(stateDir, "recourse"))
	if err != nil {
		t.Fatal(err)
	}
	store := allowonce.Store{Dir: filepath.Join(stateDir, "recourse", "allow-once"), Key: key}
	if _, err := store.Approve(code[1]); err != nil {
		t.Fatal(err)
	}
	if res := runBinary(t, other, "hook", "claude-code"); res.exit != 2 {
		t.Fatalf("the code let another call through (another directory): exit %d", res.exit)
	}
	res = runBinary(t, call, "hook", "claude-code")
	if res.exit != 0 || !strings.Contains(res.stdout, "let this exact call through once") {
		t.Fatalf("the approved call: exit %d, stdout %q, stderr %q", res.exit, res.stdout, res.stderr)
	}
	if res := runBinary(t, call, "hook", "claude-code"); res.exit != 2 {
		t.Fatal("the approved call ran twice")
	}
}
