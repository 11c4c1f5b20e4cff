package statekey

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestLoadCreatesOnceAndKeeps(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	k1, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	k2, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	mac := k1.Sign("p", "a", "b")
	if !k2.Verify(mac, "p", "a", "b") {
		t.Fatal("the key read back does not verify what the new one signed")
	}
	if runtime.GOOS != "windows" {
		info, err := os.Stat(filepath.Join(dir, FileName))
		if err != nil || info.Mode().Perm() != 0o600 {
			t.Fatalf("mode %v, %v; want 0600", info.Mode().Perm(), err)
		}
	}
}

func TestVerify(t *testing.T) {
	k := New([]byte("0123456789abcdef0123456789abcdef"))
	mac := k.Sign("purpose", "ab", "c")
	tests := []struct {
		name    string
		key     Key
		mac     string
		purpose string
		parts   []string
		want    bool
	}{
		{"the same", k, mac, "purpose", []string{"ab", "c"}, true},
		{"parts shifted", k, mac, "purpose", []string{"a", "bc"}, false},
		{"another purpose", k, mac, "other", []string{"ab", "c"}, false},
		{"another key", New([]byte("fedcba9876543210fedcba9876543210")), mac, "purpose", []string{"ab", "c"}, false},
		{"no key", Key{}, Key{}.Sign("purpose", "ab", "c"), "purpose", []string{"ab", "c"}, false},
		{"not hex", k, "zz", "purpose", []string{"ab", "c"}, false},
		{"empty", k, "", "purpose", []string{"ab", "c"}, false},
	}
	for _, tt := range tests {
		if got := tt.key.Verify(tt.mac, tt.purpose, tt.parts...); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestLoadRefuses(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Unix file modes")
	}
	tests := []struct {
		name    string
		content []byte
		mode    os.FileMode
	}{
		{"readable by others", make([]byte, size), 0o644},
		{"writable by the group", make([]byte, size), 0o620},
		{"short", []byte("short"), 0o600},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		p := filepath.Join(dir, FileName)
		if err := os.WriteFile(p, tt.content, tt.mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, tt.mode); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(dir); err == nil {
			t.Errorf("%s: loaded", tt.name)
		}
	}
	dir := t.TempDir()
	if err := os.Symlink("/dev/null", filepath.Join(dir, FileName)); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(dir); err == nil {
		t.Error("a symlink loaded as the key")
	}
}
