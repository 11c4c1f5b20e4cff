package config

import (
	"strings"
	"testing"
	"time"

	"github.com/recourse-dev/recourse/model"
)

// FuzzParse: any bytes either parse into a file whose exceptions each
// have a rule, a match, a reason and an end date, or give an error that
// names the file; never a panic.
func FuzzParse(f *testing.F) {
	f.Add([]byte("fail_on: escalate\nexceptions:\n  - {rule: fs.rm.*, match: rm -rf ./data, reason: scratch, expires: 2026-12-31}\n"))
	f.Add([]byte("environment: prod\npolicies: [./p]\n"))
	f.Add([]byte("exceptions: [\n"))
	f.Add([]byte("fail_on: [1, 2]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse("f.yaml", data, today)
		if err != nil {
			if e, ok := err.(*model.Error); !ok || e.File != "f.yaml" {
				t.Fatalf("an error without the file: %v", err)
			}
			return
		}
		for _, x := range file.Exceptions {
			if x.Rule == "" || x.Match == "" || x.Reason == "" || x.Expires == "" {
				t.Fatalf("an incomplete exception was accepted: %+v", x)
			}
		}
	})
}

// FuzzParseIgnore: whatever a comment holds, an inline ignore is either
// not one, an error, or an exception with a rule, a reason and a date,
// matching exactly the address it was read for.
func FuzzParseIgnore(f *testing.F) {
	for _, s := range []string{`recourse:ignore aws.* reason="a \"b\"" expires=2026-12-01`, `recourse:ignore`, `recourse:ignore x reason="`, "note"} {
		f.Add(s)
	}
	now := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, comment string) {
		x, ok, _, err := ParseIgnore(comment, "main.tf", 3, "aws_s3_bucket.b", now)
		if !ok || err != nil {
			return
		}
		if x.Rule == "" || strings.TrimSpace(x.Reason) == "" || x.Expires == "" || !x.Exact || x.Match != "aws_s3_bucket.b" {
			t.Fatalf("%q gave %+v", comment, x)
		}
	})
}
