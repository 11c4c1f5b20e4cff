package observe

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadScript: only regular files are read, at most limit+1 bytes,
// relative paths from Dir and "~/" from Home; everything else is an
// error that says why.
func TestReadScript(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "x.sh"), []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.sh")
	if err := os.Symlink(filepath.Join(dir, "x.sh"), link); err != nil {
		t.Fatal(err)
	}
	f := &Files{Home: dir, Dir: dir}
	tests := []struct {
		path  string
		limit int
		want  string // content, or the error's text
	}{
		{filepath.Join(dir, "x.sh"), 100, "0123456789"},
		{"x.sh", 100, "0123456789"},
		{"~/x.sh", 100, "0123456789"},
		{"link.sh", 100, "0123456789"}, // as bash would: through the link
		{"x.sh", 4, "01234"},           // limit+1: past the bound
		{"nope.sh", 100, "does not exist"},
		{"d", 100, "not a regular file"},
	}
	for _, tt := range tests {
		got, err := f.ReadScript(tt.path, tt.limit)
		if err != nil {
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s: error %v, want %q", tt.path, err, tt.want)
			}
			continue
		}
		if string(got) != tt.want {
			t.Errorf("%s: %q, want %q", tt.path, got, tt.want)
		}
	}
	if _, err := (&Files{}).ReadScript("x.sh", 10); err == nil {
		t.Error("a relative path with no directory was read")
	}
	if _, err := (&Files{}).ReadScript("~/x.sh", 10); err == nil {
		t.Error("a home path with no home was read")
	}
	if obs, err := New(Off, dir); obs != nil || err != nil {
		t.Errorf("--observe off: %v %v, want no observer", obs, err)
	}
	if _, err := New("sometimes", dir); err == nil {
		t.Error("an unknown mode was accepted")
	}
}
