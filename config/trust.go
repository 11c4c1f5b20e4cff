package config

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/recourse-dev/recourse/internal/statekey"
	"github.com/recourse-dev/recourse/internal/xdg"
)

// TrustStore records the project files the user trusts, each by the hash
// of its exact content: a file changed since is untrusted again. It lives
// in the user's state directory, which the gate guards against agents, and
// every entry carries an HMAC under the user's state key, so an entry that
// another process writes there without the key trusts nothing.
type TrustStore struct {
	Path string
	Key  statekey.Key
}

// DefaultTrustStore is the trust record in the user's state directory.
// With write set the state key is created when there is none yet (for
// recourse trust); a reader leaves no file behind.
func DefaultTrustStore(write bool) (TrustStore, error) {
	d, err := xdg.StateDir()
	if err != nil {
		return TrustStore{}, err
	}
	load := statekey.Existing
	if write {
		load = statekey.Load
	}
	key, err := load(d)
	if err != nil {
		return TrustStore{}, err
	}
	return TrustStore{Path: filepath.Join(d, "trusted.json"), Key: key}, nil
}

// trustEntry is one trusted file: its content's SHA-256 and the MAC of
// path and digest.
type trustEntry struct {
	SHA256 string `json:"sha256"`
	MAC    string `json:"mac"`
}

// trustPurpose keeps a trust entry's MAC from passing for another
// record's.
const trustPurpose = "recourse trusted project file v1"

func digest(content []byte) string {
	sum := sha256.Sum256(content)
	return hex.EncodeToString(sum[:])
}

// read returns the entries by absolute path; an entry that is not an
// object (the format before entries were signed) is left out, untrusted.
func (s TrustStore) read() (map[string]trustEntry, error) {
	b, err := os.ReadFile(s.Path)
	if errors.Is(err, os.ErrNotExist) {
		return map[string]trustEntry{}, nil
	}
	if err != nil {
		return nil, err
	}
	raw := map[string]json.RawMessage{}
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, fmt.Errorf("%s: %w", s.Path, err)
	}
	m := make(map[string]trustEntry, len(raw))
	for path, v := range raw {
		var e trustEntry
		if json.Unmarshal(v, &e) == nil {
			m[path] = e
		}
	}
	return m, nil
}

// Trusted reports whether path's content is the content the user trusted,
// by an entry this user's key signed.
func (s TrustStore) Trusted(path string, content []byte) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	m, err := s.read()
	if err != nil {
		return false
	}
	e, ok := m[abs]
	d := digest(content)
	return ok && e.SHA256 == d && s.Key.Verify(e.MAC, trustPurpose, abs, d)
}

// Trust records content as path's trusted content.
func (s TrustStore) Trust(path string, content []byte) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	m, err := s.read()
	if err != nil {
		return err
	}
	if s.Key.IsZero() {
		return errors.New("no state key to sign the trust entry with")
	}
	d := digest(content)
	m[abs] = trustEntry{SHA256: d, MAC: s.Key.Sign(trustPurpose, abs, d)}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(s.Path), 0o700); err != nil {
		return err
	}
	tmp := s.Path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, s.Path)
}
