package builtin

import (
	"testing"

	"github.com/recourse-dev/recourse/model"
)

// TestCommandEngineAgrees: the command engine holds every row of the full
// engine that judges a command or a call, in the same order, and no
// other; so it gives every command line and tool call the same verdict.
func TestCommandEngineAgrees(t *testing.T) {
	full, err := Engine()
	if err != nil {
		t.Fatal(err)
	}
	cmd, err := CommandEngine()
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, r := range full.Rules() {
		for _, a := range r.On {
			if a == model.ActionExecute || a == model.ActionCall {
				want = append(want, r.ID)
				break
			}
		}
	}
	got := cmd.Rules()
	if len(got) != len(want) {
		t.Fatalf("%d rows, want the full engine's %d command and call rows", len(got), len(want))
	}
	for i, r := range got {
		if r.ID != want[i] {
			t.Fatalf("row %d is %s, want %s", i, r.ID, want[i])
		}
	}
}
