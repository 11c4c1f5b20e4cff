// Package statekey keeps the per-user secret that authenticates what
// Recourse writes to its state directory (allow-once approvals, trusted
// project files, uninstall markers) and keys the digests its decision
// records carry: a record is taken only with a valid HMAC, so another
// process of the same user that writes a file there, without reading the
// secret, approves nothing; and a digest of an input cannot be matched by
// hashing guesses. The secret is created on first use, 32 random
// bytes in a file of mode 0600, and refused when its mode lets anyone else
// read or write it.
package statekey

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"

	"github.com/recourse-dev/recourse/internal/xdg"
)

// windows: file modes do not carry Unix permissions there (ACLs do), so
// the mode check is Unix's only.
const windows = runtime.GOOS == "windows"

// FileName is the secret's file in the state directory.
const FileName = "state.key"

// size is the secret's length in bytes.
const size = 32

// Key is the per-user secret.
type Key struct{ secret []byte }

// Load reads the secret in dir, creating it (and dir, mode 0700) when it
// is not there yet. A secret that others may read or write, or of the
// wrong size, is an error: the records it would authenticate could be
// forged.
func Load(dir string) (Key, error) {
	path := filepath.Join(dir, FileName)
	k, err := read(path)
	if !errors.Is(err, fs.ErrNotExist) {
		return k, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return Key{}, fmt.Errorf("state key: %w", err)
	}
	secret := make([]byte, size)
	if _, err := rand.Read(secret); err != nil {
		return Key{}, fmt.Errorf("state key: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return read(path) // another process created it first
	}
	if err != nil {
		return Key{}, fmt.Errorf("state key: %w", err)
	}
	if _, err := f.Write(secret); err != nil {
		f.Close()
		os.Remove(path)
		return Key{}, fmt.Errorf("state key: %w", err)
	}
	if err := f.Close(); err != nil {
		return Key{}, fmt.Errorf("state key: %w", err)
	}
	return Key{secret: secret}, nil
}

// Default is the key in Recourse's state directory (internal/xdg),
// created on first use.
func Default() (Key, error) {
	dir, err := xdg.StateDir()
	if err != nil {
		return Key{}, err
	}
	return Load(dir)
}

// Random is a key of the process's own, kept nowhere: for digests that
// only this process compares.
func Random() (Key, error) {
	secret := make([]byte, size)
	if _, err := rand.Read(secret); err != nil {
		return Key{}, err
	}
	return Key{secret: secret}, nil
}

// Existing reads the secret in dir when there is one and returns the zero
// Key (which verifies nothing) when there is none: for readers, which
// must not leave a file behind.
func Existing(dir string) (Key, error) {
	k, err := read(filepath.Join(dir, FileName))
	if errors.Is(err, fs.ErrNotExist) {
		return Key{}, nil
	}
	return k, err
}

func read(path string) (Key, error) {
	info, err := os.Lstat(path)
	if err != nil {
		return Key{}, err
	}
	if !info.Mode().IsRegular() {
		return Key{}, fmt.Errorf("state key %s is not a regular file", path)
	}
	if perm := info.Mode().Perm(); perm&0o077 != 0 && !windows {
		return Key{}, fmt.Errorf("state key %s has mode %04o: others could read or change it; expected 0600 (chmod 600 %s)", path, perm, path)
	}
	secret, err := os.ReadFile(path)
	if err != nil {
		return Key{}, fmt.Errorf("state key: %w", err)
	}
	if len(secret) != size {
		return Key{}, fmt.Errorf("state key %s holds %d bytes; expected %d (remove it and it is made anew, voiding every record it signed)", path, len(secret), size)
	}
	return Key{secret: secret}, nil
}

// New is a key of the given secret, for tests and for callers that keep
// their secret elsewhere.
func New(secret []byte) Key { return Key{secret: append([]byte(nil), secret...)} }

// Digest is the keyed digest of what a caller sent (a decided input, a
// tool call's arguments), as decision records carry it: without the key,
// a digest in a log cannot confirm a guess of a short secret in it by
// hashing candidates.
func (k Key) Digest(data []byte) string {
	h := hmac.New(sha256.New, k.secret)
	frame(h, digestPurpose)
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))
}

// digestPurpose keeps a digest from passing for a record's MAC.
const digestPurpose = "recourse input digest v1"

// IsZero reports whether k holds no secret (and so verifies nothing).
func (k Key) IsZero() bool { return len(k.secret) == 0 }

// Sign is the hex HMAC-SHA256 of parts under purpose. Each part is framed
// by its length, so parts cannot be shifted into one another, and the
// purpose keeps a MAC of one kind of record from passing for another.
func (k Key) Sign(purpose string, parts ...string) string {
	return hex.EncodeToString(k.sum(purpose, parts))
}

// Verify reports whether mac is Sign(purpose, parts...), in constant time.
// A zero Key verifies nothing.
func (k Key) Verify(mac, purpose string, parts ...string) bool {
	if len(k.secret) == 0 {
		return false
	}
	got, err := hex.DecodeString(mac)
	return err == nil && hmac.Equal(got, k.sum(purpose, parts))
}

func (k Key) sum(purpose string, parts []string) []byte {
	h := hmac.New(sha256.New, k.secret)
	frame(h, purpose)
	for _, p := range parts {
		frame(h, p)
	}
	return h.Sum(nil)
}

func frame(h hash.Hash, s string) {
	h.Write([]byte(strconv.Itoa(len(s))))
	h.Write([]byte{':'})
	h.Write([]byte(s))
	h.Write([]byte{0})
}
