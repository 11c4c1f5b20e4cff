package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/allowonce"
	"github.com/recourse-dev/recourse/internal/statekey"
)

func TestConfirm(t *testing.T) {
	tests := []struct {
		answer string
		ok     bool
	}{
		{"yes\n", true},
		{"  yes  \n", true},
		{"yes", true},
		{"y\n", false},
		{"YES please\n", false},
		{"\n", false},
		{"", false},
		{"no\nyes\n", false},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		err := confirm(strings.NewReader(tt.answer), &out, "Let it run?")
		if (err == nil) != tt.ok {
			t.Errorf("%q: %v, want ok=%v", tt.answer, err, tt.ok)
		}
		if !strings.Contains(out.String(), "Let it run?") || !strings.Contains(out.String(), "Type yes") {
			t.Errorf("%q: the question was not shown: %q", tt.answer, out.String())
		}
	}
}

// TestPersonalDecisionsNeedATerminal: allow-once and trust refuse when
// their standard input is /dev/null (a character device, which the old
// check took for a terminal), a file, or a pipe carrying "yes".
func TestPersonalDecisionsNeedATerminal(t *testing.T) {
	devnull, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer devnull.Close()
	dir := t.TempDir()
	yes := filepath.Join(dir, "yes.txt")
	if err := os.WriteFile(yes, []byte("yes\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".recourse.yaml"), []byte("fail_on: block\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(dir, "state")
	key, err := statekey.Load(filepath.Join(state, "recourse"))
	if err != nil {
		t.Fatal(err)
	}
	code, err := allowonce.Store{Dir: filepath.Join(state, "recourse", "allow-once"), Key: key}.Issue(
		allowonce.Action{Host: "claude-code", Tool: "Bash", Input: "rm -rf ./data", Cwd: dir}, "unrecoverable")
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"allow-once", code}, {"trust"}} {
		for _, stdin := range []string{"devnull", "file", "pipe"} {
			cmd := exec.Command(binary, args...)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+state)
			switch stdin {
			case "devnull":
				cmd.Stdin = devnull
			case "file":
				f, err := os.Open(yes)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				cmd.Stdin = f
			case "pipe":
				cmd.Stdin = strings.NewReader("yes\n")
			}
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(stderr.String(), "interactive terminal") {
				t.Errorf("%v with stdin %s: %v %q, want exit 1 for want of a terminal", args, stdin, err, stderr.String())
			}
		}
	}
}
