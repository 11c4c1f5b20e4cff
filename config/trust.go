package config

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/recourse-dev/recourse/internal/xdg"
)

// TrustStore records the project files the user trusts, each by the hash
// of its exact content: a file changed since is untrusted again. It lives
// in the user's state directory, which the gate guards against agents.
type TrustStore struct {
	Path string
}

// DefaultTrustStore is the trust record in the user's state directory.
func DefaultTrustStore() (TrustStore, error) {
	d, err := xdg.StateDir()
	if err != nil {
		return TrustStore{}, err
	}
	return TrustStore{Path: filepath.Join(d, "trusted.json")}, nil
}

func digest(content []byte) string {
	sum := sha256.Sum256(content)
	return hex.EncodeToString(sum[:])
}

func (s TrustStore) read() (map[string]string, error) {
	b, err := os.ReadFile(s.Path)
	if errors.Is(err, os.ErrNotExist) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, err
	}
	m := map[string]string{}
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", s.Path, err)
	}
	return m, nil
}

// Trusted reports whether path's content is the content the user trusted.
func (s TrustStore) Trusted(path string, content []byte) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	m, err := s.read()
	return err == nil && m[abs] == digest(content)
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
	m[abs] = digest(content)
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
