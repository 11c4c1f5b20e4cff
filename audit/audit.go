// Package audit is the hash-chained decision log: one JSON line a
// decision, each carrying the hash of the line before it, so that an
// edited, removed or reordered line breaks the chain where it happened.
// Verify finds the first break.
package audit

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// Entry is one decision. Input is never written, only its digest.
type Entry struct {
	Time       time.Time `json:"time"`
	DecisionID string    `json:"decision_id"`
	Endpoint   string    `json:"endpoint"`
	Decision   string    `json:"decision"`
	RuleIDs    []string  `json:"rule_ids,omitempty"`
	// BundleRevision is the policy bundle's revision, when a bundle
	// supplied the policy.
	BundleRevision string `json:"bundle_revision,omitempty"`
	InputSHA256    string `json:"input_sha256"`
	Error          string `json:"error,omitempty"`
	// PrevHash is the previous line's Hash ("" for the first line); Hash
	// is sha256 of this entry's JSON with Hash empty.
	PrevHash string `json:"prev_hash"`
	Hash     string `json:"hash"`
}

// Log appends entries to a file, chaining each to the last.
type Log struct {
	mu   sync.Mutex
	f    *os.File
	last string
}

// Open opens (or creates) name for appending, reading the hash of its
// last line so that new entries continue the chain. A log whose chain is
// already broken is refused: appending would hide the break.
func Open(name string) (*Log, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("audit log: %w", err)
	}
	last, err := Verify(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("audit log %s: %w", name, err)
	}
	return &Log{f: f, last: last}, nil
}

// Append chains e to the log and writes it.
func (l *Log) Append(e Entry) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	e.PrevHash, e.Hash = l.last, ""
	h, err := hash(e)
	if err != nil {
		return err
	}
	e.Hash = h
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	if _, err := l.f.Write(append(b, '\n')); err != nil {
		return err
	}
	l.last = h
	return nil
}

// Close closes the file.
func (l *Log) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.f.Close()
}

func hash(e Entry) (string, error) {
	e.Hash = ""
	b, err := json.Marshal(e)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

// BreakError says where the chain breaks: the 1-based line and why.
type BreakError struct {
	Line   int
	Reason string
}

func (e *BreakError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Reason) }

// Verify reads a log from its start and checks every line's hash and its
// link to the line before. It returns the last hash, or the first break.
func Verify(r io.ReadSeeker) (string, error) {
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return "", err
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	prev, line := "", 0
	for sc.Scan() {
		line++
		raw := bytes.TrimSpace(sc.Bytes())
		if len(raw) == 0 {
			return "", &BreakError{line, "an empty line"}
		}
		var e Entry
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&e); err != nil {
			return "", &BreakError{line, "not an audit entry: " + err.Error()}
		}
		want, err := hash(e)
		if err != nil {
			return "", err
		}
		switch {
		case e.Hash != want:
			return "", &BreakError{line, "its content does not match its hash (the line was edited)"}
		case e.PrevHash != prev:
			return "", &BreakError{line, "it does not follow the line before it (a line was removed, inserted or moved)"}
		}
		prev = e.Hash
	}
	if err := sc.Err(); err != nil {
		return "", err
	}
	if _, err := r.Seek(0, io.SeekEnd); err != nil {
		return "", err
	}
	return prev, nil
}
