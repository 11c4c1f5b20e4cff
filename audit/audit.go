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
	"strconv"
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
	// AtStake and WayBack are what observation saw where the action runs
	// (report.Stakes: the files git cannot give back, and how the rest
	// come back), redacted; empty when nothing was observed.
	AtStake string `json:"at_stake,omitempty"`
	WayBack string `json:"way_back,omitempty"`
	// PrevHash is the previous line's Hash ("" for the first line); Hash
	// is sha256 of this entry's JSON with Hash and MAC empty; MAC is the
	// HMAC of Hash under the writer's state key (internal/statekey), so
	// that a chain rewritten after an edit, by anyone without the key,
	// does not verify.
	PrevHash string `json:"prev_hash"`
	Hash     string `json:"hash"`
	MAC      string `json:"mac,omitempty"`
}

// The purposes of the log's MACs.
const (
	entryPurpose = "recourse audit entry v1"
	headPurpose  = "recourse audit head v1"
)

// Head is a log's checkpoint, NAME.head beside it: how many entries the
// log holds and the hash of the last, signed with the writer's key and
// rewritten with every append. A log cut short (a truncated tail), emptied,
// or rewritten without the key no longer matches it.
type Head struct {
	Count int    `json:"count"`
	Hash  string `json:"hash"`
	MAC   string `json:"mac"`
}

// HeadFile is the checkpoint's file of the log name.
func HeadFile(name string) string { return name + ".head" }

func (h Head) sign(key statekey.Key) Head {
	h.MAC = key.Sign(headPurpose, strconv.Itoa(h.Count), h.Hash)
	return h
}

func (h Head) valid(key statekey.Key) bool {
	return key.Verify(h.MAC, headPurpose, strconv.Itoa(h.Count), h.Hash)
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
	e.Stakes(rep)
	return e
}

// Stakes records on e what observation saw of rep's changes, redacted.
func (e *Entry) Stakes(rep *report.ConsequenceReport) {
	loss, back := report.Stakes(rep)
	e.AtStake, e.WayBack = redact.String(loss), redact.String(back)
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
	key  statekey.Key
	f    *os.File
}

// Open opens (or creates) name for appending with key, after checking its
// whole chain and checkpoint: a log that does not verify is refused, since
// appending would hide the break.
func Open(name string, key statekey.Key) (*Log, error) {
	if key.IsZero() {
		return nil, errors.New("audit log: no key to sign entries with")
	}
	f, err := os.OpenFile(name, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("audit log: %w", err)
	}
	if info, err := f.Stat(); err == nil && info.Size() > 0 {
		if _, err := VerifyFile(name, key); err != nil {
			f.Close()
			return nil, fmt.Errorf("audit log %s: %w", name, err)
		}
	}
	return &Log{name: name, key: key, f: f}, nil
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
	return appendTo(l.f, l.name, l.key, e)
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
func AppendFile(name string, key statekey.Key, e Entry) error {
	if key.IsZero() {
		return errors.New("audit log: no key to sign entries with")
	}
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
	return appendTo(f, name, key, e)
}

// appendTo chains e to the last line of f, signs and writes it, and moves
// the checkpoint of name on. The caller holds the lock.
func appendTo(f *os.File, name string, key statekey.Key, e Entry) error {
	last, err := lastHash(f)
	if err != nil {
		return err
	}
	count, err := entriesBefore(f, name, key, last)
	if err != nil {
		return err
	}
	e.PrevHash, e.Hash, e.MAC = last, "", ""
	if e.Hash, err = hash(e); err != nil {
		return err
	}
	e.MAC = key.Sign(entryPurpose, e.Hash)
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	if _, err = f.Write(append(b, '\n')); err != nil {
		return err
	}
	return writeHead(name, Head{Count: count + 1, Hash: e.Hash}.sign(key))
}

// entriesBefore is how many entries f holds, whose last hash is last: the
// checkpoint's count when it vouches for that end; otherwise (a log from
// before checkpoints, or one another writer left behind) counted by
// verifying the whole chain once.
func entriesBefore(f *os.File, name string, key statekey.Key, last string) (int, error) {
	if last == "" {
		return 0, nil
	}
	if h, err := readHead(name); err == nil && h.Hash == last && h.valid(key) {
		return h.Count, nil
	}
	_, n, err := verifyChain(f, key)
	if err != nil {
		return 0, fmt.Errorf("audit log %s: %w", name, err)
	}
	if _, err := f.Seek(0, io.SeekEnd); err != nil {
		return 0, err
	}
	return n, nil
}

// writeHead replaces the checkpoint of name, through a file renamed into
// place: a reader sees the old one or the new one, never half.
func writeHead(name string, h Head) error {
	b, err := json.Marshal(h)
	if err != nil {
		return err
	}
	tmp := HeadFile(name) + ".tmp"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return fmt.Errorf("audit log checkpoint: %w", err)
	}
	return os.Rename(tmp, HeadFile(name))
}

func readHead(name string) (Head, error) {
	b, err := os.ReadFile(HeadFile(name))
	if err != nil {
		return Head{}, err
	}
	var h Head
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&h); err != nil {
		return Head{}, fmt.Errorf("%s is not a checkpoint: %w", HeadFile(name), err)
	}
	return h, nil
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
	e.Hash, e.MAC = "", ""
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

// Verify reads a log from its start and checks every line's hash, its
// link to the line before and its MAC under key. It returns the last hash,
// or the first break. It vouches for the lines there are, not for their
// number: VerifyFile checks the checkpoint too.
func Verify(r io.ReadSeeker, key statekey.Key) (string, error) {
	last, _, err := verifyChain(r, key)
	return last, err
}

// Summary is what VerifyFile found: the entries and the last hash.
type Summary struct {
	Count int
	Hash  string
}

// VerifyFile checks the log name whole: every line (Verify), and that it
// ends where its signed checkpoint says, so that a tail cut off, a log
// emptied or rewritten, or a checkpoint removed is found. An empty log is
// an error too: there is nothing to vouch for.
func VerifyFile(name string, key statekey.Key) (Summary, error) {
	if key.IsZero() {
		return Summary{}, errors.New("no state key here to verify the log's signatures with: verify it as the user, on the machine, that wrote it")
	}
	f, err := os.Open(name)
	if err != nil {
		return Summary{}, err
	}
	defer f.Close()
	last, n, err := verifyChain(f, key)
	if err != nil {
		return Summary{}, err
	}
	h, herr := readHead(name)
	switch {
	case errors.Is(herr, os.ErrNotExist) && n == 0:
		return Summary{}, errors.New("the log is empty and has no checkpoint: nothing was recorded, or the log and its checkpoint were removed")
	case errors.Is(herr, os.ErrNotExist):
		return Summary{}, fmt.Errorf("%s is missing: the log's end cannot be vouched for (a tail may have been cut off)", HeadFile(name))
	case herr != nil:
		return Summary{}, herr
	case !h.valid(key):
		return Summary{}, fmt.Errorf("%s is not signed with this key: it was forged or rewritten", HeadFile(name))
	case n < h.Count:
		return Summary{}, fmt.Errorf("the log holds %d entries but its checkpoint records %d ending in %.12s…: entries were cut off its end (or it was emptied)", n, h.Count, h.Hash)
	case n > h.Count || h.Hash != last:
		return Summary{}, fmt.Errorf("the log holds %d entries ending in %.12s… but its checkpoint records %d ending in %.12s…: it was changed after its checkpoint", n, last, h.Count, h.Hash)
	}
	return Summary{Count: n, Hash: last}, nil
}

// verifyChain reads a log from its start and checks every line; it
// returns the last hash and the number of entries, or the first break.
func verifyChain(r io.ReadSeeker, key statekey.Key) (string, int, error) {
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return "", 0, err
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	prev, line := "", 0
	for sc.Scan() {
		line++
		raw := bytes.TrimSpace(sc.Bytes())
		if len(raw) == 0 {
			return "", 0, &BreakError{line, "an empty line"}
		}
		var e Entry
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&e); err != nil {
			return "", 0, &BreakError{line, "not an audit entry: " + err.Error()}
		}
		want, err := hash(e)
		if err != nil {
			return "", 0, err
		}
		switch {
		case e.Hash != want:
			return "", 0, &BreakError{line, "its content does not match its hash (the line was edited)"}
		case e.PrevHash != prev:
			return "", 0, &BreakError{line, "it does not follow the line before it (a line was removed, inserted or moved)"}
		case e.MAC == "":
			return "", 0, &BreakError{line, "it carries no signature (written before entries were signed, or by something else: move the log aside and start a new one)"}
		case !key.Verify(e.MAC, entryPurpose, e.Hash):
			return "", 0, &BreakError{line, "its signature does not match this key (the chain was rewritten, or another user's key wrote it)"}
		}
		prev = e.Hash
	}
	if err := sc.Err(); err != nil {
		return "", 0, err
	}
	if _, err := r.Seek(0, io.SeekEnd); err != nil {
		return "", 0, err
	}
	return prev, line, nil
}
