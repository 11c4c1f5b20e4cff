package secretkey

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

// TestLoad: the key is made once, 0600, and read back the same by every
// process that asks at once; a key others can read, or a short one, is
// refused.
func TestLoad(t *testing.T) {
	name := filepath.Join(t.TempDir(), "state", "recourse", DigestKeyFile)
	keys := make([][]byte, 8)
	var wg sync.WaitGroup
	for i := range keys {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k, err := Load(name)
			if err != nil {
				t.Error(err)
			}
			keys[i] = k
		}()
	}
	wg.Wait()
	for _, k := range keys[1:] {
		if string(k) != string(keys[0]) || len(k) != Size {
			t.Fatalf("keys differ: %x %x", k, keys[0])
		}
	}
	info, err := os.Stat(name)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", info.Mode().Perm())
	}
	if runtime.GOOS != "windows" {
		os.Chmod(name, 0o644)
		if _, err := Load(name); err == nil {
			t.Error("a key others can read was used")
		}
	}
	short := filepath.Join(t.TempDir(), "short")
	os.WriteFile(short, []byte("abc"), 0o600)
	if _, err := Load(short); err == nil {
		t.Error("a short key was used")
	}
}

// TestDigest: keyed, so a guess hashed without the key does not match.
func TestDigest(t *testing.T) {
	in := []byte(`{"command":"sshpass -p hunter2 ssh h"}`)
	a, b := Digest([]byte("k1"), in), Digest([]byte("k2"), in)
	plain := sha256.Sum256(in)
	if a == b || a == hex.EncodeToString(plain[:]) || len(a) != 64 {
		t.Errorf("%s %s", a, b)
	}
	if Digest([]byte("k1"), in) != a {
		t.Error("not deterministic")
	}
}
