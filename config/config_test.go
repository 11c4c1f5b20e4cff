package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/recourse-dev/recourse/internal/statekey"
	"github.com/recourse-dev/recourse/model"
)

var today = time.Date(2026, 11, 26, 15, 0, 0, 0, time.UTC)

func write(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestParseErrors: a broken file is an error naming its line and field,
// with what was expected.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, content string
		line          int
		want          string
	}{
		{"unknown key", "fail_on: block\nexceptoins: []\n", 2, "exceptoins"},
		{"repeated key", "fail_on: block\nfail_on: warn\n", 2, "already defined"},
		{"bad fail_on", "environment: prod\nfail_on: sometimes\n", 2, "fail_on"},
		{"allow never stops", "fail_on: allow\n", 1, "fail_on"},
		{"no reason", "exceptions:\n  - rule: fs.rm.*\n    match: rm -rf ./data\n    expires: 2027-01-31\n", 2, "exceptions[0].reason: missing"},
		{"no expiry", "exceptions:\n  - {rule: fs.rm.*, match: rm -rf ./data, reason: scratch}\n", 2, "exceptions[0].expires: missing"},
		{"not a date", "exceptions:\n  - {rule: x, match: y, reason: z, expires: soon}\n", 2, "not a date"},
		{"too far ahead", "exceptions:\n  - {rule: x, match: y, reason: z, expires: 2027-06-01}\n", 2, "more than 90 days ahead"},
		{"matches everything", "exceptions:\n  - {rule: x, match: '*', reason: z, expires: 2027-01-01}\n", 2, "matches everything"},
		{"not YAML", "exceptions: [\n", 1, "does not read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("p.yaml", []byte(tt.content), today)
			e, ok := err.(*model.Error)
			if !ok || e.Line != tt.line || !strings.Contains(e.Error(), tt.want) {
				t.Fatalf("%v (line %d), want line %d and %q", err, lineOf(e), tt.line, tt.want)
			}
		})
	}
	if _, err := Parse("p.yaml", nil, today); err != nil {
		t.Errorf("an empty file: %v", err)
	}
}

func lineOf(e *model.Error) int {
	if e == nil {
		return 0
	}
	return e.Line
}

// TestPrecedenceAndTrust: managed over flags over user over a trusted
// project; an untrusted project only tightens; exceptions come from
// trusted files only and expire.
func TestPrecedenceAndTrust(t *testing.T) {
	dir := t.TempDir()
	exception := "exceptions:\n  - {rule: fs.rm.*, match: rm -rf ./data, reason: scratch, expires: 2027-01-31}\n  - {rule: fs.rm.*, match: rm -rf ./old, reason: gone, expires: 2026-11-01}\n"
	managed := write(t, dir, "etc/config.yaml", "fail_on: warn\n")
	user := write(t, dir, "home/config.yaml", "environment: staging\nfail_on: block\npolicies: [pol]\n"+exception)
	project := write(t, dir, "proj/.recourse.yaml", "environment: production\nfail_on: block\npolicies: [p]\n"+exception)
	relaxing := write(t, dir, "proj2/.recourse.yaml", "environment: dev\nfail_on: block\n")
	flags := Settings{Environment: "qa", FailOn: model.Escalate}
	trustAll := func(string, []byte) bool { return true }

	tests := []struct {
		name      string
		paths     Paths
		trusted   Trusted
		flags     Settings
		env       string
		failOn    model.Decision
		policies  int
		excepted  int
		warnsWith string
	}{
		{"managed fail_on wins over the flag", Paths{Managed: managed}, nil, Settings{FailOn: model.Block, FailOnSet: true}, "", model.Warn, 0, 0, ""},
		{"flags win over the user", Paths{User: user}, nil, Settings{Environment: "qa", EnvironmentSet: true, FailOn: model.Escalate, FailOnSet: true}, "qa", model.Escalate, 1, 1, "expired on 2026-11-01"},
		{"the user fills what flags leave", Paths{User: user}, nil, flags, "staging", model.Block, 1, 1, ""},
		{"an untrusted project tightens only", Paths{Project: project}, nil, flags, "production", model.Escalate, 0, 0, "not trusted"},
		{"an untrusted project cannot relax", Paths{Project: relaxing}, nil, Settings{Environment: "production", EnvironmentSet: true, FailOn: model.Escalate, FailOnSet: true}, "production", model.Escalate, 0, 0, "not trusted"},
		{"a trusted project counts", Paths{Project: project}, trustAll, flags, "production", model.Block, 1, 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Load(tt.paths, today, tt.trusted)
			if err != nil {
				t.Fatal(err)
			}
			got := c.Apply(tt.flags)
			if got.Environment != tt.env || got.FailOn != tt.failOn || len(got.Policies) != tt.policies || len(c.Exceptions) != tt.excepted {
				t.Errorf("env %q fail_on %q policies %v exceptions %v", got.Environment, got.FailOn, got.Policies, c.Exceptions)
			}
			if tt.warnsWith != "" && !strings.Contains(strings.Join(c.Warnings, "\n"), tt.warnsWith) {
				t.Errorf("warnings %v lack %q", c.Warnings, tt.warnsWith)
			}
		})
	}
}

// TestTrustStore: trust is for the exact content; a changed file is
// untrusted again.
func TestTrustStore(t *testing.T) {
	dir := t.TempDir()
	s := TrustStore{Path: filepath.Join(dir, "state", "trusted.json"), Key: statekey.New([]byte("0123456789abcdef0123456789abcdef"))}
	p := write(t, dir, ".recourse.yaml", "fail_on: block\n")
	if s.Trusted(p, []byte("fail_on: block\n")) {
		t.Fatal("trusted before trust")
	}
	if err := s.Trust(p, []byte("fail_on: block\n")); err != nil {
		t.Fatal(err)
	}
	if !s.Trusted(p, []byte("fail_on: block\n")) || s.Trusted(p, []byte("fail_on: warn\n")) {
		t.Fatal("trust is not for the exact content")
	}
	// An entry written without the key (another process of the same
	// user), or in the format before entries were signed, trusts nothing.
	abs, _ := filepath.Abs(p)
	for _, forged := range []string{
		`{"` + abs + `": {"sha256": "` + digest([]byte("fail_on: warn\n")) + `", "mac": "00"}}`,
		`{"` + abs + `": "` + digest([]byte("fail_on: warn\n")) + `"}`,
	} {
		if err := os.WriteFile(s.Path, []byte(forged), 0o600); err != nil {
			t.Fatal(err)
		}
		if s.Trusted(p, []byte("fail_on: warn\n")) {
			t.Fatalf("a forged entry trusted the file: %s", forged)
		}
	}
	if (TrustStore{Path: s.Path}).Trust(p, []byte("x")) == nil {
		t.Fatal("a store without a key wrote a trust entry")
	}
}

func TestFindProject(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "repo/.recourse.yaml", "")
	if got := FindProject(filepath.Join(dir, "repo", "a", "b")); got != p {
		t.Fatalf("%q, want %q", got, p)
	}
}
