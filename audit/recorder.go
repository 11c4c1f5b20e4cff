package audit

import (
	"context"
	"errors"
	"fmt"

	"github.com/recourse-dev/recourse/internal/redact"
	"github.com/recourse-dev/recourse/internal/statekey"
	"github.com/recourse-dev/recourse/report"
)

// Recorder writes decision records: the one writer of every surface
// (recourse eval, the hooks, recourse serve, the gateway), to the sinks it
// is given. An entry is made by Entry (or For, with the same key) and
// written by Write: appended to the hash-chained log, and shipped to the
// OPA decision log with its input, redacted. The formats are formats of
// the same entry, with the same decision id.
type Recorder struct {
	// Key keys the digests of inputs (internal/statekey).
	Key statekey.Key
	// Log is the chain a long-running process appends to (recourse serve,
	// the gateway); File the chain a process that writes one entry
	// appends to (recourse eval, a hook call). At most one is set.
	Log  *Log
	File string
	// Ship sends an entry and its input to the decision log (package
	// decisionlog), when one is configured. The input it is given is
	// redacted already.
	Ship Ship
}

// Enabled reports whether the recorder writes anywhere.
func (r *Recorder) Enabled() bool {
	return r != nil && (r.Log != nil || r.File != "" || r.Ship != nil)
}

// Entry is the entry of one decision made at endpoint on input.
func (r *Recorder) Entry(endpoint string, input []byte, rep *report.ConsequenceReport, err error) Entry {
	return For(r.Key, endpoint, input, rep, err)
}

// Digest is the keyed digest of a caller's input (a tool call's
// arguments), as an entry carries it.
func (r *Recorder) Digest(input []byte) string {
	return r.Key.Digest(input)
}

// Write writes e to every sink: the chain, and the decision log with
// input (the decided input as the event carries it), redacted here, so
// that no sink can receive it in clear. A sink that fails does not keep e
// from the others; the failures are returned, each naming its sink, since
// a decision that cannot be recorded is an error for a caller that must
// not act unrecorded.
func (r *Recorder) Write(ctx context.Context, e Entry, input any) error {
	if r == nil {
		return nil
	}
	e.Error = redact.String(e.Error)
	var errs []error
	switch {
	case r.Log != nil:
		if err := r.Log.Append(e); err != nil {
			errs = append(errs, fmt.Errorf("the audit log: %w", err))
		}
	case r.File != "":
		if err := AppendFile(r.File, r.Key, e); err != nil {
			errs = append(errs, fmt.Errorf("the audit log %s: %w", r.File, err))
		}
	}
	if r.Ship != nil {
		if err := r.Ship(ctx, e, redact.Value(input)); err != nil {
			errs = append(errs, fmt.Errorf("the decision log: %w", err))
		}
	}
	return errors.Join(errs...)
}

// Ship sends an entry and its redacted input to a decision log.
type Ship func(ctx context.Context, e Entry, input any) error

// RecordOne records the one decision of a process that makes one
// (recourse eval, a hook call): appended to the chain in file and, with
// ship, shipped to the decision log; either may be unset. The input's
// digest is keyed with the user's state key, made on first use.
// shown is the input as the decision log carries it (redacted by Write).
func RecordOne(ctx context.Context, file string, ship Ship, endpoint string, input []byte, shown any, rep *report.ConsequenceReport, evalErr error) error {
	if file == "" && ship == nil {
		return nil
	}
	key, err := statekey.Default()
	if err != nil {
		return fmt.Errorf("the key of input digests: %w", err)
	}
	r := Recorder{Key: key, File: file, Ship: ship}
	return r.Write(ctx, r.Entry(endpoint, input, rep, evalErr), shown)
}
