// Package httpauth holds what Recourse's HTTP listeners (recourse serve,
// the MCP gateway's --listen) share to decide who may call them: bearer
// tokens from a file that is read again when it changes, compared in
// constant time, and whether an address is loopback only.
package httpauth

import (
	"crypto/subtle"
	"fmt"
	"net"
	"os"
	"strings"
	"sync"
	"time"
)

// Tokens are the bearer tokens of a file, one a line (# comments), read
// again when the file's modification time or size changes (checked at
// most once a second), so a token is added or revoked without a restart.
type Tokens struct {
	name string

	mu      sync.Mutex
	tokens  [][]byte
	mod     time.Time
	size    int64
	checked time.Time
}

// Open reads a token file; one that holds no token is an error.
func Open(name string) (*Tokens, error) {
	t := &Tokens{name: name}
	if err := t.reload(); err != nil {
		return nil, err
	}
	if len(t.tokens) == 0 {
		return nil, fmt.Errorf("--token-file %s holds no token", name)
	}
	return t, nil
}

func (t *Tokens) reload() error {
	info, err := os.Stat(t.name)
	if err != nil {
		return fmt.Errorf("--token-file: %w", err)
	}
	t.checked = time.Now()
	if info.ModTime().Equal(t.mod) && info.Size() == t.size && t.tokens != nil {
		return nil
	}
	data, err := os.ReadFile(t.name)
	if err != nil {
		return fmt.Errorf("--token-file: %w", err)
	}
	var tokens [][]byte
	for line := range strings.SplitSeq(string(data), "\n") {
		if tok := strings.TrimSpace(line); tok != "" && !strings.HasPrefix(tok, "#") {
			tokens = append(tokens, []byte(tok))
		}
	}
	t.tokens, t.mod, t.size = tokens, info.ModTime(), info.Size()
	return nil
}

// Valid reports whether got is one of the tokens, comparing with every
// token in constant time. A file that can no longer be read admits no
// one.
func (t *Tokens) Valid(got string) bool {
	t.mu.Lock()
	if time.Since(t.checked) > time.Second {
		if err := t.reload(); err != nil {
			t.tokens = nil
		}
	}
	tokens := t.tokens
	t.mu.Unlock()
	match := 0
	for _, tok := range tokens {
		match |= subtle.ConstantTimeCompare([]byte(got), tok)
	}
	return got != "" && match == 1
}

// Bearer is the token of an Authorization: Bearer header, and whether
// there is one.
func Bearer(header string) (string, bool) {
	return strings.CutPrefix(header, "Bearer ")
}

// Loopback reports whether host (of HOST:PORT) reaches only this machine.
func Loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
