package config

import (
	"testing"
	"time"
)

// TestUnreviewed: an exception of the head file is unreviewed unless the
// base has one identical to it; removing or keeping one is no finding.
func TestUnreviewed(t *testing.T) {
	now := time.Now()
	day := func(d int) string { return now.UTC().AddDate(0, 0, d).Format(time.DateOnly) }
	x := func(rule, match string, days int) string {
		return `  - {rule: "` + rule + `", match: "` + match + `", reason: "r", expires: ` + day(days) + "}\n"
	}
	base := "exceptions:\n" + x("fs.rm.*", "rm -rf ./data", 30)
	tests := []struct {
		name, head string
		base       []byte
		want       []string // sources
	}{
		{"identical", base, []byte(base), nil},
		{"moved line, same entry", "fail_on: warn\n" + base, []byte(base), nil},
		{"added", base + x("git.*", "git push", 5), []byte(base), []string{".recourse.yaml:3"}},
		{"broader rule", "exceptions:\n" + x("fs.*", "rm -rf ./data", 30), []byte(base), []string{".recourse.yaml:2"}},
		{"later expiry", "exceptions:\n" + x("fs.rm.*", "rm -rf ./data", 31), []byte(base), []string{".recourse.yaml:2"}},
		{"no base file", base, nil, []string{".recourse.yaml:2"}},
		{"removed", "fail_on: warn\n", []byte(base), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Unreviewed(".recourse.yaml", []byte(tt.head), tt.base, now)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %+v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i].Source != tt.want[i] {
					t.Errorf("source %q, want %q", got[i].Source, tt.want[i])
				}
			}
		})
	}
	if _, err := Unreviewed(".recourse.yaml", []byte("exceptions: [{rule: x}]\n"), nil, now); err == nil {
		t.Error("a head that breaks the schema is no error")
	}
}

// TestLoadBase: a base file's exceptions and settings apply as a trusted
// project file's, labelled with the ref; a base without content is none.
func TestLoadBase(t *testing.T) {
	now := time.Now()
	data := []byte("fail_on: warn\nexceptions:\n  - {rule: \"fs.*\", match: \"rm x\", reason: \"r\", expires: " + now.UTC().AddDate(0, 0, 3).Format(time.DateOnly) + "}\n")
	c, err := Load(Paths{Base: &BaseFile{Name: "origin/main:.recourse.yaml", Dir: "/repo", Data: data}}, now, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Exceptions) != 1 || c.Exceptions[0].Source != "origin/main:.recourse.yaml:3" || c.Exceptions[0].Dir != "/repo" {
		t.Fatalf("exceptions %+v", c.Exceptions)
	}
	if s := c.Apply(Settings{FailOn: "escalate"}); s.FailOn != "warn" {
		t.Errorf("fail_on %q, want the trusted base's warn", s.FailOn)
	}
	c, err = Load(Paths{Base: &BaseFile{Name: "origin/main:.recourse.yaml", Dir: "/repo"}}, now, nil)
	if err != nil || len(c.Exceptions) != 0 {
		t.Fatalf("no base file: %+v, %v", c.Exceptions, err)
	}
	if _, err := Load(Paths{Base: &BaseFile{Name: "b", Data: []byte("nope: 1\n")}}, now, nil); err == nil {
		t.Error("a base that breaks the schema is no error")
	}
}
