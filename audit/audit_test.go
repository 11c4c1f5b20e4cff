package audit

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func writeLog(t *testing.T, n int) (string, []string) {
	t.Helper()
	name := filepath.Join(t.TempDir(), "audit.jsonl")
	l, err := Open(name)
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if err := l.Append(Entry{Endpoint: "/v1/evaluate/shell", Decision: []string{"allow", "block", "warn"}[i%3], InputSHA256: strings.Repeat("a", 64)}); err != nil {
			t.Fatal(err)
		}
	}
	l.Close()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return name, strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

func TestVerify(t *testing.T) {
	name, lines := writeLog(t, 5)
	f, _ := os.Open(name)
	if _, err := Verify(f); err != nil {
		t.Fatalf("an untouched log: %v", err)
	}
	f.Close()
	// Reopening continues the chain.
	l, err := Open(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Append(Entry{Decision: "allow"}); err != nil {
		t.Fatal(err)
	}
	l.Close()
	f, _ = os.Open(name)
	if _, err := Verify(f); err != nil {
		t.Fatalf("after reopening: %v", err)
	}
	f.Close()

	tests := []struct {
		name   string
		change func([]string) []string
		line   int
	}{
		{"edited decision", func(l []string) []string {
			l[2] = strings.Replace(l[2], `"decision":"warn"`, `"decision":"allow"`, 1)
			return l
		}, 3},
		{"removed line", func(l []string) []string { return slices.Delete(l, 1, 2) }, 2},
		{"reordered lines", func(l []string) []string { l[1], l[2] = l[2], l[1]; return l }, 2},
		{"inserted copy", func(l []string) []string { return slices.Insert(l, 3, l[0]) }, 4},
		{"first line removed", func(l []string) []string { return l[1:] }, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			changed := tt.change(slices.Clone(lines))
			p := filepath.Join(t.TempDir(), "x.jsonl")
			if err := os.WriteFile(p, []byte(strings.Join(changed, "\n")+"\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			f, _ := os.Open(p)
			defer f.Close()
			_, err := Verify(f)
			var b *BreakError
			if !errors.As(err, &b) || b.Line != tt.line {
				t.Fatalf("got %v, want a break at line %d", err, tt.line)
			}
			if _, err := Open(p); err == nil {
				t.Fatal("a broken log was opened for appending")
			}
		})
	}
}
