//go:build linux

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestAbnormalEndIsTheHostsStop: the judging child ends without
// answering — killed by a signal (as the OOM killer does), or still
// waiting past the deadline — and the host gets its stop (exit 2 and the
// reason for Claude Code), never a status it reads as "go ahead".
func TestAbnormalEndIsTheHostsStop(t *testing.T) {
	for _, how := range []string{"killed", "deadline"} {
		t.Run(how, func(t *testing.T) {
			stdinR, stdinW, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer stdinW.Close() // held open: the child waits for its input
			cmd := exec.Command(built.hook, "claude-code", "--timeout", "1ms")
			cmd.Stdin = stdinR
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			stdinR.Close()
			if how == "killed" {
				killChild(t, cmd.Process.Pid)
			}
			err = cmd.Wait()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 2 {
				t.Fatalf("%v, stderr %q: want exit 2, Claude Code's stop", err, stderr.String())
			}
			want := map[string]string{"killed": "signal: killed", "deadline": "deadline"}[how]
			if !strings.Contains(stderr.String(), "could not evaluate this call, so it is stopped") || !strings.Contains(stderr.String(), want) {
				t.Fatalf("stderr %q: want the stop, saying %q", stderr.String(), want)
			}
		})
	}
}

// killChild kills the one child of pid with SIGKILL, as the OOM killer
// would: a child that is gone by the time it is signalled (a process seen
// while it starts) is looked for again.
func killChild(t *testing.T, pid int) {
	t.Helper()
	var err error
	for range 50 {
		if err = syscall.Kill(waitForChild(t, pid), syscall.SIGKILL); err == nil {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no child of %d could be killed: %v", pid, err)
}

// waitForChild returns the pid of the one child of pid, once it has one.
func waitForChild(t *testing.T, pid int) int {
	t.Helper()
	// Any of pid's threads may have started it.
	pattern := "/proc/" + strconv.Itoa(pid) + "/task/*/children"
	for range 200 {
		files, _ := filepath.Glob(pattern)
		if len(files) == 0 {
			t.Skipf("no %s", pattern)
		}
		var kids []string
		for _, f := range files {
			b, _ := os.ReadFile(f)
			kids = append(kids, strings.Fields(string(b))...)
		}
		if len(kids) == 1 {
			child, _ := strconv.Atoi(kids[0])
			time.Sleep(100 * time.Millisecond) // past its start-up
			return child
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the hook started no child")
	return 0
}
