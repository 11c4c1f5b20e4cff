//go:build !windows

package supervise

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMain lets the test binary be its own supervised child: with
// SUPERVISE_TEST_CHILD set it behaves as that variable says instead of
// running the tests.
func TestMain(m *testing.M) {
	if how, ok := os.LookupEnv("SUPERVISE_TEST_CHILD"); ok {
		child(how)
	}
	os.Exit(m.Run())
}

// child is the supervised child's behaviour for each case.
func child(how string) {
	reporter, ok := Child()
	if !ok {
		fmt.Fprintln(os.Stderr, "not supervised")
		os.Exit(7)
	}
	switch how {
	case "answer":
		fmt.Println(`{"decision":"allow"}`)
		reporter.Done(0)
		os.Exit(0)
	case "answer-2":
		fmt.Fprintln(os.Stderr, "stopped: rm -rf ~")
		reporter.Done(2)
		os.Exit(2)
	case "fatal":
		// What the runtime does on a fatal error: a message and exit 2,
		// with no answer reported.
		fmt.Println(`{"partial":`)
		fmt.Fprintln(os.Stderr, "fatal error: concurrent map writes")
		os.Exit(2)
	case "killed":
		fmt.Println(`{"partial":`)
		syscall.Kill(os.Getpid(), syscall.SIGKILL)
	case "hang":
		time.Sleep(time.Minute)
	case "mismatch":
		reporter.Done(0)
		os.Exit(2)
	case "exit0":
		os.Exit(0)
	}
	os.Exit(9)
}

func TestRun(t *testing.T) {
	if !supported {
		t.Skip("supervision is not supported on " + runtime.GOOS)
	}
	tests := []struct {
		how        string
		wantCode   int
		wantOut    string
		wantReason string
	}{
		{"answer", 0, `{"decision":"allow"}`, ""},
		{"answer-2", 2, "", ""},
		{"fatal", 42, "", "fatal error: concurrent map writes"},
		{"killed", 42, "", "signal: killed"},
		{"hang", 42, "", "deadline"},
		{"mismatch", 42, "", "answered 0 but ended with exit status 2"},
		{"exit0", 42, "", "ended without answering (exit status 0)"},
	}
	for _, tt := range tests {
		t.Run(tt.how, func(t *testing.T) {
			t.Setenv("SUPERVISE_TEST_CHILD", tt.how)
			var stdout, stderr bytes.Buffer
			var reason string
			code, err := Run(context.Background(), Options{
				Args: []string{"-test.run=^$"}, Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr,
				Deadline: 2 * time.Second,
				Stop:     func(r string) int { reason = r; return 42 },
			})
			if err != nil {
				t.Fatal(err)
			}
			if code != tt.wantCode {
				t.Fatalf("code %d, want %d (reason %q, stderr %q)", code, tt.wantCode, reason, stderr.String())
			}
			if tt.wantReason == "" {
				if reason != "" {
					t.Fatalf("stopped: %s", reason)
				}
				if got := strings.TrimSpace(stdout.String()); got != tt.wantOut {
					t.Fatalf("stdout %q, want %q", got, tt.wantOut)
				}
				return
			}
			if !strings.Contains(reason, tt.wantReason) {
				t.Fatalf("reason %q, want it to say %q", reason, tt.wantReason)
			}
			if stdout.Len() != 0 || stderr.Len() != 0 {
				t.Fatalf("a child that did not answer had its output passed on: %q %q", stdout.String(), stderr.String())
			}
		})
	}
}

func TestFlagDuration(t *testing.T) {
	def := 10 * time.Second
	tests := []struct {
		args []string
		want time.Duration
	}{
		{nil, def},
		{[]string{"claude-code", "--timeout=3s"}, 3 * time.Second},
		{[]string{"claude-code", "--timeout", "4s"}, 4 * time.Second},
		{[]string{"claude-code", "--timeout", "soon"}, def},
		{[]string{"claude-code", "--timeout=-1s"}, def},
		{[]string{"shell", "--", "--timeout=3s"}, def},
	}
	for _, tt := range tests {
		if got := FlagDuration(tt.args, "timeout", def); got != tt.want {
			t.Errorf("%q: %v, want %v", tt.args, got, tt.want)
		}
	}
}
