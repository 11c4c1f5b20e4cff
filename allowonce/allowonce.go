// Package allowonce lets a person let one stopped action through, once.
//
// When a hook stops or asks about an action, it issues a short code for
// that exact action (its host, tool, command or arguments, and working
// directory). A person who decides that the action may run types
// `recourse allow-once CODE` in their own terminal; the next time the
// agent proposes exactly that action, within Window of the approval, the
// hook lets it through and the grant is spent. A different action, a
// second use, or an old code is judged as usual.
//
// The codes live in the user's state directory ($XDG_STATE_HOME/recourse,
// ~/.local/state/recourse by default), never in the project: an agent
// works in the project, and the gate judges any write to Recourse's state
// by an agent as needing review.
package allowonce

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/recourse-dev/recourse/internal/statekey"
	"github.com/recourse-dev/recourse/internal/xdg"
)

// Window is how long a code can be approved after it is issued, and how
// long an approval lets its action through.
const Window = 15 * time.Minute

// codeAlphabet is Crockford's base 32: no I, L, O or U to misread.
const codeAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// codeLen is a code's length: 40 bits, enough that a guess within the
// window is hopeless, short enough to type.
const codeLen = 8

// Action is what a code lets through: exactly this call.
type Action struct {
	// Host is the hook host (claude-code, …).
	Host string `json:"host"`
	// Tool is the host's tool name (Bash, Write, mcp__github__…).
	Tool string `json:"tool"`
	// Input is the command line, or the tool's arguments as JSON.
	Input string `json:"input"`
	// Cwd is where it runs.
	Cwd string `json:"cwd"`
}

// Fingerprint identifies the action: two actions with the same
// fingerprint are the same call.
func (a Action) Fingerprint() string {
	h := sha256.New()
	for _, part := range []string{a.Host, a.Tool, a.Input, a.Cwd} {
		fmt.Fprintf(h, "%d:%s\x00", len(part), part)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Record is a code's file: the action (as the person is shown it) and
// its times.
type Record struct {
	Code        string    `json:"code"`
	Fingerprint string    `json:"fingerprint"`
	Action      Action    `json:"action"`
	Summary     string    `json:"summary"`
	Issued      time.Time `json:"issued"`
	Approved    time.Time `json:"approved,omitzero"`
	// MAC authenticates the record under the user's state key
	// (statekey): a record without a valid one, written by anything but
	// Recourse, is not taken.
	MAC string `json:"mac"`
}

// macPurpose keeps an allow-once record's MAC from passing for another
// kind of record's.
const macPurpose = "recourse allow-once record v1"

// signed are the fields the MAC covers: all of them.
func (r Record) signed() []string {
	a := r.Action
	return []string{r.Code, r.Fingerprint, a.Host, a.Tool, a.Input, a.Cwd, r.Summary,
		r.Issued.UTC().Format(time.RFC3339Nano), r.Approved.UTC().Format(time.RFC3339Nano)}
}

// Store keeps codes in a directory: pending/ holds issued codes, granted/
// the approved ones, each authenticated with Key.
type Store struct {
	Dir string
	// Key signs and verifies the records; a zero Key verifies none, so
	// nothing is approved or taken.
	Key statekey.Key
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// Default is the store in the user's state directory, with the user's
// state key.
func Default() (*Store, error) {
	d, err := xdg.StateDir()
	if err != nil {
		return nil, err
	}
	key, err := statekey.Load(d)
	if err != nil {
		return nil, err
	}
	return &Store{Dir: filepath.Join(d, "allow-once"), Key: key}, nil
}

func (s Store) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Issue records a code for a, described by summary (the report's reason,
// already free of credentials), and returns it.
func (s Store) Issue(a Action, summary string) (string, error) {
	if s.Key.IsZero() {
		return "", errors.New("no state key to sign the code with")
	}
	code, err := newCode()
	if err != nil {
		return "", err
	}
	rec := Record{Code: code, Fingerprint: a.Fingerprint(), Action: a, Summary: summary, Issued: s.now().UTC()}
	rec.MAC = s.Key.Sign(macPurpose, rec.signed()...)
	if err := s.write("pending", rec); err != nil {
		return "", err
	}
	s.sweep()
	return code, nil
}

// Pending is the issued, authentic code's record, for showing the person
// what they would approve; it approves nothing.
func (s Store) Pending(code string) (Record, error) {
	code, err := Normalize(code)
	if err != nil {
		return Record{}, err
	}
	rec, err := read(filepath.Join(s.Dir, "pending", code+".json"))
	if errors.Is(err, os.ErrNotExist) {
		return Record{}, fmt.Errorf("no stopped action has the code %s (or it was approved already)", code)
	}
	if err != nil {
		return Record{}, err
	}
	if !s.authentic(rec) {
		return Record{}, fmt.Errorf("the code %s was not issued by Recourse's hook (its record does not carry this user's state key's signature): nothing was approved", code)
	}
	return rec, nil
}

// Approve turns an issued code into a grant for its action, valid for
// Window; a code unknown, already approved, or issued more than Window ago
// is refused.
func (s Store) Approve(code string) (Record, error) {
	rec, err := s.Pending(code)
	if err != nil {
		return Record{}, err
	}
	pending := filepath.Join(s.Dir, "pending", rec.Code+".json")
	now := s.now()
	if now.Sub(rec.Issued) > Window {
		_ = os.Remove(pending)
		return Record{}, fmt.Errorf("the code %s was issued at %s, more than %v ago: let the agent try again for a new one", code, rec.Issued.Local().Format(time.Kitchen), Window)
	}
	rec.Approved = now.UTC()
	rec.MAC = s.Key.Sign(macPurpose, rec.signed()...)
	if err := s.write("granted", rec); err != nil {
		return Record{}, err
	}
	_ = os.Remove(pending)
	return rec, nil
}

// Take spends the grant for a, if there is one within Window of its
// approval, and reports whether there was. Removing the grant's file is
// the spending: of two hooks racing for one grant, one removes it.
func (s Store) Take(a Action) (Record, bool) {
	fp := a.Fingerprint()
	entries, err := os.ReadDir(filepath.Join(s.Dir, "granted"))
	if err != nil {
		return Record{}, false
	}
	now := s.now()
	for _, e := range entries {
		p := filepath.Join(s.Dir, "granted", e.Name())
		rec, err := read(p)
		if err != nil || rec.Fingerprint != fp {
			continue
		}
		if !s.authentic(rec) || rec.Approved.IsZero() || rec.Fingerprint != rec.Action.Fingerprint() {
			_ = os.Remove(p) // a forged or damaged grant lets nothing through
			continue
		}
		if now.Sub(rec.Approved) > Window || now.Before(rec.Approved) {
			_ = os.Remove(p)
			continue
		}
		if os.Remove(p) == nil {
			return rec, true
		}
	}
	return Record{}, false
}

// authentic reports whether rec carries a valid MAC under the store's key.
func (s Store) authentic(rec Record) bool {
	return s.Key.Verify(rec.MAC, macPurpose, rec.signed()...)
}

// sweep removes pending codes and grants past their window.
func (s Store) sweep() {
	now := s.now()
	for _, sub := range []string{"pending", "granted"} {
		entries, _ := os.ReadDir(filepath.Join(s.Dir, sub))
		for _, e := range entries {
			p := filepath.Join(s.Dir, sub, e.Name())
			rec, err := read(p)
			if err != nil || now.Sub(rec.Issued) > 2*Window {
				_ = os.Remove(p)
			}
		}
	}
}

// write stores rec under sub, readable by the user only, through a
// temporary file renamed into place (a reader never sees half a record).
func (s Store) write(sub string, rec Record) error {
	dir := filepath.Join(s.Dir, sub)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("allow-once state: %w", err)
	}
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return fmt.Errorf("allow-once state: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return fmt.Errorf("allow-once state: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("allow-once state: %w", err)
	}
	return os.Rename(tmp.Name(), filepath.Join(dir, rec.Code+".json"))
}

func read(p string) (Record, error) {
	b, err := os.ReadFile(p)
	if err != nil {
		return Record{}, err
	}
	var rec Record
	if err := json.Unmarshal(b, &rec); err != nil {
		return Record{}, fmt.Errorf("%s: %w", p, err)
	}
	return rec, nil
}

// newCode is a random code of codeLen characters.
func newCode() (string, error) {
	var b [codeLen]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	out := make([]byte, codeLen)
	for i, v := range b {
		out[i] = codeAlphabet[int(v)%len(codeAlphabet)]
	}
	return string(out), nil
}

// Normalize reads a code as a person may type it: any case, with dashes
// or spaces, O for 0 and I or L for 1 (Crockford's reading).
func Normalize(code string) (string, error) {
	var b strings.Builder
	for _, r := range strings.ToUpper(code) {
		switch r {
		case '-', ' ':
			continue
		case 'O':
			r = '0'
		case 'I', 'L':
			r = '1'
		}
		if !strings.ContainsRune(codeAlphabet, r) {
			return "", fmt.Errorf("%q is not an allow-once code: expected %d letters and digits, as the stop message gave them", code, codeLen)
		}
		b.WriteRune(r)
	}
	if b.Len() != codeLen {
		return "", fmt.Errorf("%q is not an allow-once code: expected %d letters and digits, as the stop message gave them", code, codeLen)
	}
	return b.String(), nil
}

// Display is a code as the messages show it: two groups of four.
func Display(code string) string {
	if len(code) != codeLen {
		return code
	}
	return code[:4] + "-" + code[4:]
}
