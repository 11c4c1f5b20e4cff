package workspace

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	if Read("") != nil || Read("relative") != nil || Read(filepath.Join(dir, "missing")) != nil {
		t.Fatal("a workspace for no directory")
	}
	for name, content := range map[string]string{".gitignore": "# build\n/build/\nout\n!out\n", "Makefile": "all:\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ws := Read(dir)
	if ws == nil || len(ws.BuildFiles) != 1 || ws.BuildFiles[0] != "Makefile" {
		t.Fatalf("%+v", ws)
	}
	for rel, want := range map[string]bool{"build": true, "./build/": true, "out": false, "src": false, "build/x": false, ".": false} {
		if got := ws.IgnoresDir(rel); got != want {
			t.Errorf("%q: ignored %v, want %v", rel, got, want)
		}
	}
}
