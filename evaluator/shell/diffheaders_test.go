package shell

import (
	"reflect"
	"strings"
	"testing"
)

func TestDiffTargets(t *testing.T) {
	tests := []struct {
		name, text string
		want       []DiffTarget
	}{
		{"git edit", "diff --git a/.claude/settings.json b/.claude/settings.json\nindex 1..2 100644\n--- a/.claude/settings.json\n+++ b/.claude/settings.json\n@@ -1 +1 @@\n-{}\n+{\"x\":1}\n",
			[]DiffTarget{{Path: "a/.claude/settings.json"}, {Path: "b/.claude/settings.json"}}},
		{"unified with timestamps", "--- src/x.c\t2024-01-01 00:00:00\n+++ src/x.c\t2024-01-02 00:00:00\n@@ -1 +1 @@\n",
			[]DiffTarget{{Path: "src/x.c"}}},
		{"delete to /dev/null", "--- a/.git/hooks/pre-commit\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n",
			[]DiffTarget{{Path: "a/.git/hooks/pre-commit", Delete: true}}},
		{"create from /dev/null", "--- /dev/null\n+++ b/.bashrc\n@@ -0,0 +1 @@\n+x\n",
			[]DiffTarget{{Path: "b/.bashrc"}}},
		{"git delete, binary", "diff --git a/k b/k\ndeleted file mode 100644\nBinary files a/k and /dev/null differ\n",
			[]DiffTarget{{Path: "a/k", Delete: true}, {Path: "b/k"}}},
		{"git rename", "diff --git a/x b/.claude/settings.json\nsimilarity index 100%\nrename from x\nrename to .claude/settings.json\n",
			[]DiffTarget{{Path: "a/x", Delete: true}, {Path: "b/.claude/settings.json"}}},
		{"quoted name", "--- \"a/sp ace\"\n+++ \"b/sp ace\"\n", []DiffTarget{{Path: "a/sp ace"}, {Path: "b/sp ace"}}},
		{"crlf", "--- a/x\r\n+++ b/x\r\n", []DiffTarget{{Path: "a/x"}, {Path: "b/x"}}},
		{"no diff", "hello\nworld\n", nil},
	}
	for _, tt := range tests {
		got, more := DiffTargets(tt.text)
		if more || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: got %v (more %v), want %v", tt.name, got, more, tt.want)
		}
	}
	var b strings.Builder
	for i := range MaxDiffTargets + 5 {
		b.WriteString("--- a/f" + strings.Repeat("x", i) + "\n+++ b/f\n")
	}
	if got, more := DiffTargets(b.String()); len(got) != MaxDiffTargets || !more {
		t.Errorf("bound: %d targets, more %v", len(got), more)
	}
}

// FuzzDiffTargets: the diff-header reader never panics, stays within its
// bound, and every name it returns is one the text holds (quoted names
// aside) and is never /dev/null.
func FuzzDiffTargets(f *testing.F) {
	for _, s := range []string{
		"diff --git a/.claude/settings.json b/.claude/settings.json\n--- a/.claude/settings.json\n+++ b/.claude/settings.json\n",
		"--- a/x\n+++ /dev/null\n", "--- /dev/null\n+++ b/y\n", "rename from a\nrename to b\n", "--- \"a/\\t\"\n+++ \"b/\\303\\251\"\n",
		"diff --git \"a/x y\" \"b/x y\"\ndeleted file mode 100644\n", "+++ \n--- \n", "diff --git \n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got, more := DiffTargets(text)
		if len(got) > MaxDiffTargets || more && len(got) != MaxDiffTargets {
			t.Fatalf("%d targets, more %v", len(got), more)
		}
		seen := map[string]bool{}
		for _, d := range got {
			if d.Path == "" || d.Path == "/dev/null" || seen[d.Path] {
				t.Fatalf("bad or repeated target %q in %v", d.Path, got)
			}
			seen[d.Path] = true
			name := d.Path
			if strings.Contains(text, "rename ") || strings.Contains(text, "copy to ") {
				name = strings.TrimPrefix(strings.TrimPrefix(name, "a/"), "b/") // git's rename lines name a path without its prefix
			}
			if !strings.Contains(text, `"`) && !strings.Contains(text, name) {
				t.Fatalf("target %q is not in the text", d.Path)
			}
		}
	})
}
