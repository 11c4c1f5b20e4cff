package config

import (
	"testing"

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
