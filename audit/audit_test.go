package audit

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/recourse-dev/recourse/internal/statekey"
)

// testKey is the state key the tests sign with.
var testKey = statekey.New([]byte("0123456789abcdef0123456789abcdef"))

func writeLog(t *testing.T, n int) (string, []string) {
	t.Helper()
	name := filepath.Join(t.TempDir(), "audit.jsonl")
	l, err := Open(name, testKey)
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
	if _, err := Verify(f, testKey); err != nil {
		t.Fatalf("an untouched log: %v", err)
	}
	f.Close()
	// Reopening continues the chain.
	l, err := Open(name, testKey)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Append(Entry{Decision: "allow"}); err != nil {
		t.Fatal(err)
	}
	l.Close()
	f, _ = os.Open(name)
	if _, err := Verify(f, testKey); err != nil {
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
			_, err := Verify(f, testKey)
			var b *BreakError
			if !errors.As(err, &b) || b.Line != tt.line {
				t.Fatalf("got %v, want a break at line %d", err, tt.line)
			}
			if _, err := Open(p, testKey); err == nil {
				t.Fatal("a broken log was opened for appending")
			}
		})
	}
}

// TestConcurrentWriters: a service's Log and many one-entry writers (hook
// calls) appending to one file keep one chain.
func TestConcurrentWriters(t *testing.T) {
	name := filepath.Join(t.TempDir(), "audit.jsonl")
	l, err := Open(name, testKey)
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
				errs <- AppendFile(name, testKey, e)
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
	if _, err := Verify(f, testKey); err != nil {
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
	if err := AppendFile(name, testKey, Entry{Decision: "allow"}); err == nil {
		t.Fatal("appended after a broken line")
	}
}

// TestVerifyFile: the signed checkpoint finds what the chain alone cannot
// — a tail cut off, an emptied log, a chain rewritten whole after an edit
// by someone without the key, a checkpoint removed or forged — and an
// untouched log verifies with its count.
func TestVerifyFile(t *testing.T) {
	name, lines := writeLog(t, 5)
	if sum, err := VerifyFile(name, testKey); err != nil || sum.Count != 5 {
		t.Fatalf("an untouched log: %+v %v", sum, err)
	}
	other := statekey.New([]byte("fedcba9876543210fedcba9876543210"))
	rewritten := func() string {
		// An edit, then the whole chain made again, as a forger without
		// the key would: hashes right, signatures under another key.
		p := filepath.Join(t.TempDir(), "rewritten.jsonl")
		l, err := Open(p, other)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 5 {
			if err := l.Append(Entry{Endpoint: "/v1/evaluate/shell", Decision: []string{"allow", "allow", "allow"}[i%3]}); err != nil {
				t.Fatal(err)
			}
		}
		l.Close()
		b, _ := os.ReadFile(p)
		return string(b)
	}()
	unsigned := func() string {
		var out []string
		prev := ""
		for range 5 {
			e := Entry{Decision: "allow", PrevHash: prev}
			e.Hash, _ = hash(e)
			b, _ := json.Marshal(e)
			out = append(out, string(b))
			prev = e.Hash
		}
		return strings.Join(out, "\n") + "\n"
	}()
	head, _ := os.ReadFile(HeadFile(name))
	tests := []struct {
		name       string
		log        string
		head       *string // nil: no checkpoint
		wantSubstr string
	}{
		{"tail cut off", strings.Join(lines[:3], "\n") + "\n", ptr(string(head)), "cut off"},
		{"emptied", "", ptr(string(head)), "cut off"},
		{"emptied, checkpoint removed", "", nil, "empty"},
		{"checkpoint removed", strings.Join(lines, "\n") + "\n", nil, "missing"},
		{"checkpoint forged", strings.Join(lines[:3], "\n") + "\n", ptr(`{"count":3,"hash":"x","mac":"00"}`), "not signed"},
		{"rewritten without the key", rewritten, ptr(string(head)), "signature"},
		{"unsigned chain", unsigned, ptr(string(head)), "no signature"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "audit.jsonl")
			if err := os.WriteFile(p, []byte(tt.log), 0o600); err != nil {
				t.Fatal(err)
			}
			if tt.head != nil {
				if err := os.WriteFile(HeadFile(p), []byte(*tt.head), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			_, err := VerifyFile(p, testKey)
			if err == nil || !strings.Contains(err.Error(), tt.wantSubstr) {
				t.Fatalf("%v, want an error saying %q", err, tt.wantSubstr)
			}
		})
	}
	if _, err := VerifyFile(name, statekey.Key{}); err == nil {
		t.Fatal("verified without a key")
	}
}

func ptr(s string) *string { return &s }
