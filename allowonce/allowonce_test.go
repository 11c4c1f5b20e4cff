package allowonce

import (
	"strings"
	"testing"
	"time"

	"github.com/recourse-dev/recourse/internal/statekey"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func newStore(t *testing.T) (Store, *clock) {
	c := &clock{time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)}
	return Store{Dir: t.TempDir(), Key: statekey.New([]byte("0123456789abcdef0123456789abcdef")), Now: c.now}, c
}

var rmData = Action{Host: "claude-code", Tool: "Bash", Input: "rm -rf ./data", Cwd: "/srv/app"}

func TestAllowOnce(t *testing.T) {
	tests := []struct {
		name string
		// wait is the time between issue and approval, and between
		// approval and the retry.
		beforeApproval, beforeRetry time.Duration
		retry                       Action
		approveErr                  string
		allowed                     bool
	}{
		{"the same action, at once", 0, 0, rmData, "", true},
		{"the same action, 14 minutes after approval", time.Minute, 14 * time.Minute, rmData, "", true},
		{"after the window", time.Minute, 16 * time.Minute, rmData, "", false},
		{"a code approved too late", 16 * time.Minute, 0, rmData, "more than 15m0s ago", false},
		{"another command", 0, 0, Action{Host: "claude-code", Tool: "Bash", Input: "rm -rf ./data2", Cwd: "/srv/app"}, "", false},
		{"another directory", 0, 0, Action{Host: "claude-code", Tool: "Bash", Input: "rm -rf ./data", Cwd: "/srv/other"}, "", false},
		{"another tool", 0, 0, Action{Host: "claude-code", Tool: "Write", Input: "rm -rf ./data", Cwd: "/srv/app"}, "", false},
		{"another host", 0, 0, Action{Host: "codex", Tool: "Bash", Input: "rm -rf ./data", Cwd: "/srv/app"}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, c := newStore(t)
			code, err := s.Issue(rmData, "rm -rf ./data is unrecoverable")
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := s.Take(rmData); ok {
				t.Fatal("an issued code let the action through before a person approved it")
			}
			c.t = c.t.Add(tt.beforeApproval)
			_, err = s.Approve(strings.ToLower(Display(code)))
			if tt.approveErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.approveErr) {
					t.Fatalf("approve: %v, want %q", err, tt.approveErr)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			c.t = c.t.Add(tt.beforeRetry)
			if _, ok := s.Take(tt.retry); ok != tt.allowed {
				t.Fatalf("allowed %v, want %v", ok, tt.allowed)
			}
			if _, ok := s.Take(tt.retry); ok {
				t.Fatal("a grant let its action through twice, or another action through")
			}
			if _, err := s.Approve(code); err == nil {
				t.Fatal("a code was approved twice")
			}
		})
	}
}

func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{"k7qm-2wpd": "K7QM2WPD", "K7QM 2WPD": "K7QM2WPD", "o1il-abcd": "0111ABCD"} {
		if got, err := Normalize(in); err != nil || got != want {
			t.Errorf("%q: %q %v, want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "K7QM", "K7QM-2WPDX", "U7QM2WPD", "K7QM2WP!"} {
		if _, err := Normalize(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestFingerprintSeparatesParts(t *testing.T) {
	a := Action{Host: "h", Tool: "ab", Input: "c"}
	b := Action{Host: "h", Tool: "a", Input: "bc"}
	if a.Fingerprint() == b.Fingerprint() {
		t.Fatal("two actions share a fingerprint")
	}
}

// TestForgedRecords: a record that another process of the same user
// writes into the state directory without the state key approves
// nothing: a forged grant is not taken, a forged pending code is not
// approved, and a grant signed under another key is not taken either.
func TestForgedRecords(t *testing.T) {
	s, c := newStore(t)
	forged := Record{Code: "K7QM2WPD", Fingerprint: rmData.Fingerprint(), Action: rmData, Issued: c.t, Approved: c.t, MAC: strings.Repeat("0", 64)}
	if err := s.write("granted", forged); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Take(rmData); ok {
		t.Fatal("a grant with no valid MAC let the action through")
	}
	if err := s.write("pending", forged); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Approve(forged.Code); err == nil || !strings.Contains(err.Error(), "not issued by Recourse") {
		t.Fatalf("a forged pending code: %v", err)
	}
	other := Store{Dir: s.Dir, Key: statekey.New([]byte("another user's key, 32 bytes...!")), Now: c.now}
	code, err := other.Issue(rmData, "x")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.Approve(code); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Take(rmData); ok {
		t.Fatal("a grant signed under another key let the action through")
	}
	if _, err := (Store{Dir: t.TempDir()}).Issue(rmData, "x"); err == nil {
		t.Fatal("a store without a key issued a code")
	}
}
