package audit

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
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

// TestConcurrentWriters: a service's Log and many one-entry writers (hook
// calls) appending to one file keep one chain.
func TestConcurrentWriters(t *testing.T) {
	name := filepath.Join(t.TempDir(), "audit.jsonl")
	l, err := Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	var wg sync.WaitGroup
	errs := make(chan error, 80)
	for i := range 80 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := Entry{Endpoint: "hook/claude-code", Decision: "allow", InputSHA256: "ab"}
			if i%2 == 0 {
				errs <- l.Append(e)
			} else {
				errs <- AppendFile(name, e)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	f, _ := os.Open(name)
	defer f.Close()
	if _, err := Verify(f); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(name)
	if n := strings.Count(string(data), "\n"); n != 80 {
		t.Fatalf("%d lines", n)
	}
	// A log whose last line is not an entry is not appended to.
	if err := os.WriteFile(name, append(data, []byte("garbage\n")...), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := AppendFile(name, Entry{Decision: "allow"}); err == nil {
		t.Fatal("appended after a broken line")
	}
}
