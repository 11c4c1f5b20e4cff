package serve

import (
	"os"
	"testing"
)

// TestMain keeps the key of input digests (made on first use, beside the
// audit log's first entry) in a state directory of the tests' own, never
// the user's.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "serve-state-")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_STATE_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
