// Package secretkey keeps Recourse's per-install secrets: random keys in
// its state directory (internal/xdg), each created on first use as a file
// of mode 0600 that only the user can read. The digests of what callers
// send (a decided input, a tool call's arguments) are keyed with one
// (Digest), so that a digest in a log cannot confirm a guess of a short
// secret by hashing candidates: without the key, a guess cannot be
// hashed.
package secretkey

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	"github.com/recourse-dev/recourse/internal/xdg"
)

// Size is a key's length in bytes.
const Size = 32

// DigestKeyFile is the name, in the state directory, of the key of input
// and argument digests.
const DigestKeyFile = "digest.key"

// DigestKey is the key of input and argument digests: the state
// directory's digest.key, created on first use.
func DigestKey() ([]byte, error) {
	dir, err := xdg.StateDir()
	if err != nil {
		return nil, err
	}
	return Load(filepath.Join(dir, DigestKeyFile))
}

// Load reads the key in file name, creating it (and its directory, 0700)
// when there is none. A key that others can read, or that is not Size
// bytes, is an error: it would key nothing secret.
func Load(name string) ([]byte, error) {
	if key, err := read(name); !errors.Is(err, fs.ErrNotExist) {
		return key, err
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o700); err != nil {
		return nil, fmt.Errorf("creating the key %s: %w", name, err)
	}
	if err := create(name); err != nil && !errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("creating the key %s: %w", name, err)
	}
	// Created, or another process created it first: either way it is whole
	// now (it is linked into place only once written).
	return read(name)
}

// read reads and checks a key file.
func read(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if runtime.GOOS != "windows" && info.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("the key %s can be read by other users (mode %v): chmod 600 it, or remove it to have a new one made", name, info.Mode().Perm())
	}
	key := make([]byte, Size+1)
	n, _ := f.Read(key)
	if n != Size {
		return nil, fmt.Errorf("the key %s is %d bytes, not %d: remove it to have a new one made", name, n, Size)
	}
	return key[:Size], nil
}

// create writes a new random key to a temporary file and links it into
// place, which fails (fs.ErrExist) if another process got there first: a
// reader never sees a half-written key.
func create(name string) error {
	key := make([]byte, Size)
	if _, err := rand.Read(key); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), ".key-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil && runtime.GOOS != "windows" {
		tmp.Close()
		return err
	}
	if _, err := tmp.Write(key); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Link(tmp.Name(), name)
}

// Digest is the hex HMAC-SHA256 of data under key.
func Digest(key, data []byte) string {
	mac := hmac.New(sha256.New, key)
	mac.Write(data)
	return hex.EncodeToString(mac.Sum(nil))
}
