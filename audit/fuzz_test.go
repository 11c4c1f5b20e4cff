package audit

import (
	"bytes"
	"testing"

	"github.com/recourse-dev/recourse/internal/statekey"
)

// FuzzVerify: any file either verifies or names the line where its chain
// breaks; a verified file's last hash is the hash of its last line.
func FuzzVerify(f *testing.F) {
	f.Add([]byte(`{"time":"2026-01-01T00:00:00Z","decision_id":"a","endpoint":"/x","decision":"allow","input_sha256":"00","prev_hash":"","hash":"00"}` + "\n"))
	f.Add([]byte("\n\n"))
	f.Add([]byte(`{"hash": 3}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		last, err := Verify(bytes.NewReader(data), statekey.New([]byte("fuzz")))
		if err == nil && len(bytes.TrimSpace(data)) > 0 && last == "" {
			t.Fatal("a non-empty log verified with no last hash")
		}
	})
}
