package gateway

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// record is one judged call in the decision log. It names the call and
// its verdict and nothing of its arguments but a digest: arguments carry
// file contents, queries and credentials.
type record struct {
	Time     time.Time `json:"time"`
	Upstream string    `json:"upstream"`
	Tool     string    `json:"tool"`
	// Decision is the verdict (allow, warn, escalate, block), allow-once
	// for a call a person let through with a code, or refused for a call
	// that could not be judged.
	Decision string   `json:"decision"`
	Rules    []string `json:"rule_ids,omitempty"`
	// ArgsDigest is sha256 of the arguments' JSON: the same call has the
	// same digest, and nothing of it can be read back.
	ArgsDigest string `json:"arguments_sha256,omitempty"`
	// Elicitation is what the person asked answered: accepted, denied,
	// decline, cancel, error, or unavailable (the client cannot ask).
	Elicitation string `json:"elicitation,omitempty"`
	AllowOnce   string `json:"allow_once,omitempty"`
	Forwarded   bool   `json:"forwarded"`
	Error       string `json:"error,omitempty"`
}

// decisionLog appends records to a file, one JSON line each.
type decisionLog struct {
	mu sync.Mutex
	f  *os.File
}

func openDecisionLog(name string) (*decisionLog, error) {
	if rest, ok := strings.CutPrefix(name, "~/"); ok {
		home, err := os.UserHomeDir()
		if err != nil {
			return nil, fmt.Errorf("decision_log %q: %w", name, err)
		}
		name = filepath.Join(home, rest)
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o700); err != nil {
		return nil, fmt.Errorf("decision_log: %w", err)
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("decision_log: %w", err)
	}
	return &decisionLog{f: f}, nil
}

func (l *decisionLog) write(rec record) error {
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	_, err = l.f.Write(append(b, '\n'))
	return err
}

func (l *decisionLog) close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.f.Close()
}
