// Package audit is the decision record and the hash-chained decision log:
// one JSON line a decision, each carrying the hash of the line before it,
// so that an edited, removed or reordered line breaks the chain where it
// happened. Verify finds the first break. A Recorder is the one writer of
// decision records, for every surface (recourse eval, the hooks, recourse
// serve, the gateway): it appends the entry to the chain and ships it to
// the OPA decision log, formats of the same entry.
package audit

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/recourse-dev/recourse/internal/redact"
	"github.com/recourse-dev/recourse/internal/statekey"
	"github.com/recourse-dev/recourse/report"
)

// Entry is one decision. Input is never written, only its keyed digest.
type Entry struct {
	Time       time.Time `json:"time"`
	DecisionID string    `json:"decision_id"`
	Endpoint   string    `json:"endpoint"`
	Decision   string    `json:"decision"`
	RuleIDs    []string  `json:"rule_ids,omitempty"`
	// BundleRevision is the policy bundle's revision, when a bundle
	// supplied the policy.
	BundleRevision string `json:"bundle_revision,omitempty"`
	// InputSHA256 is the unkeyed digest entries written before keyed
	// digests carry; it is kept so their chain still verifies, and no
	// longer written.
	InputSHA256 string `json:"input_sha256,omitempty"`
	// InputHMAC is the HMAC-SHA256 of the input under the install's
	// state key (internal/statekey): the same input has the same digest
	// on one install, and a guess of a secret in it cannot be confirmed
	// without the key.
	InputHMAC string `json:"input_hmac_sha256,omitempty"`
	// A gateway's call: the upstream and its tool, whether the call was
	// forwarded, what the person asked answered (accepted, denied,
	// decline, cancel, error, or unavailable), and the allow-once code
	// that let it through.
	Upstream    string `json:"upstream,omitempty"`
	Tool        string `json:"tool,omitempty"`
	Forwarded   *bool  `json:"forwarded,omitempty"`
	Elicitation string `json:"elicitation,omitempty"`
	AllowOnce   string `json:"allow_once,omitempty"`
	// Error is why the input could not be judged, redacted.
	Error string `json:"error,omitempty"`
	// PrevHash is the previous line's Hash ("" for the first line); Hash
	// is sha256 of this entry's JSON with Hash empty.
	PrevHash string `json:"prev_hash"`
	Hash     string `json:"hash"`
}

// For is the entry of one decision made at endpoint on input: the report's
// decision and rules, or, when err is set, "error" with its message
// (redacted: an error may quote the input). The input is kept only as its
// digest keyed with key.
func For(key statekey.Key, endpoint string, input []byte, rep *report.ConsequenceReport, err error) Entry {
	e := Entry{Time: time.Now().UTC(), DecisionID: NewID(), Endpoint: endpoint, InputHMAC: key.Digest(input)}
	if err != nil {
		e.Decision, e.Error = "error", redact.String(err.Error())
		return e
	}
	e.Decision, e.RuleIDs = string(rep.RiskAssessment), rep.RuleIDs()
	return e
}

// NewID is a random decision id.
func NewID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Log appends entries to a file, chaining each to the last. Several
// processes may append to one file (a service, the CLI, every hook call):
// each append takes the file's lock, reads the hash of the last line and
// writes its own.
type Log struct {
	mu   sync.Mutex
	name string
	f    *os.File
}

// Open opens (or creates) name for appending, after checking its whole
// chain: a log whose chain is already broken is refused, since appending
// would hide the break.
func Open(name string) (*Log, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("audit log: %w", err)
	}
	if _, err := Verify(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("audit log %s: %w", name, err)
	}
	return &Log{name: name, f: f}, nil
}

// Append chains e to the log and writes it.
func (l *Log) Append(e Entry) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	unlock, err := lock(l.name)
	if err != nil {
		return err
	}
	defer unlock()
	return appendTo(l.f, e)
}

// Close closes the file.
func (l *Log) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.f.Close()
}

// AppendFile appends e to the log file name from a process that writes
// one entry (a hook call, the CLI): it reads only the last line, not the
// whole chain; recourse audit verify checks that.
func AppendFile(name string, e Entry) error {
	unlock, err := lock(name)
	if err != nil {
		return err
	}
	defer unlock()
	f, err := os.OpenFile(name, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	defer f.Close()
	return appendTo(f, e)
}

// appendTo chains e to the last line of f and writes it. The caller holds
// the lock.
func appendTo(f *os.File, e Entry) error {
	last, err := lastHash(f)
	if err != nil {
		return err
	}
	e.PrevHash, e.Hash = last, ""
	if e.Hash, err = hash(e); err != nil {
		return err
	}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = f.Write(append(b, '\n'))
	return err
}

// tailBytes is how much of a log's end is read to find its last line;
// an entry is far smaller.
const tailBytes = 64 << 10

// lastHash is the hash of f's last line, "" for an empty file. A last
// line that is not an entry is an error: the chain cannot continue from
// it.
func lastHash(f *os.File) (string, error) {
	info, err := f.Stat()
	if err != nil {
		return "", err
	}
	size := info.Size()
	if size == 0 {
		return "", nil
	}
	start := max(size-tailBytes, 0)
	buf := make([]byte, size-start)
	if _, err := f.ReadAt(buf, start); err != nil && err != io.EOF {
		return "", err
	}
	buf = bytes.TrimRight(buf, "\n")
	if i := bytes.LastIndexByte(buf, '\n'); i >= 0 {
		buf = buf[i+1:]
	} else if start > 0 {
		return "", errors.New("audit log: its last line is longer than an entry can be")
	}
	var e Entry
	if err := json.Unmarshal(buf, &e); err != nil || e.Hash == "" {
		return "", fmt.Errorf("audit log: its last line is not an entry, so the chain cannot continue (recourse audit verify says where it breaks)")
	}
	return e.Hash, nil
}

// lockWait bounds the wait for another process's append; a lock older
// than staleLock was left by a process that died holding it.
const (
	lockWait  = 3 * time.Second
	staleLock = 10 * time.Second
)

// lock takes name's lock file, created exclusively (portable: no flock),
// and returns its release.
func lock(name string) (func(), error) {
	lockName := name + ".lock"
	deadline := time.Now().Add(lockWait)
	for {
		f, err := os.OpenFile(lockName, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
		if err == nil {
			f.Close()
			return func() { os.Remove(lockName) }, nil
		}
		if !errors.Is(err, os.ErrExist) {
			return nil, fmt.Errorf("audit log lock: %w", err)
		}
		if info, err := os.Stat(lockName); err == nil && time.Since(info.ModTime()) > staleLock {
			os.Remove(lockName)
			continue
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("audit log: %s is held by another process", lockName)
		}
		time.Sleep(2 * time.Millisecond)
	}
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
