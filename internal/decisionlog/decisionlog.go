// Package decisionlog ships decisions to an HTTP sink in OPA's
// decision-log format (the decision-log plugin's: a gzip-compressed JSON
// array of events POSTed to the sink;
// https://www.openpolicyagent.org/docs/management-decision-logs), so a
// collector that accepts OPA's logs accepts Recourse's: in batches with
// retries and a bounded buffer from recourse serve (Shipper), and one
// event a process from the CLI and the hooks (Send).
package decisionlog

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/recourse-dev/recourse/audit"
	"github.com/recourse-dev/recourse/internal/redact"
)

// Options say where and how decisions are shipped.
type Options struct {
	URL string
	// Labels are every event's labels (OPA's: id, app, version …).
	Labels map[string]string
	// Batch is the most events a POST carries (default 100); Interval the
	// longest an event waits (default 5 s); Buffer the most events held
	// while the sink is slow or down (default 10,000): past it the oldest
	// are dropped and counted.
	Batch    int
	Interval time.Duration
	Buffer   int
	Client   *http.Client
}

// Event is one decision in OPA's decision-log event shape. Input is
// redacted; InputHMAC (keyed, as the audit entry's) lets a reader match it
// to the entry of the same decision and to other decisions of the same
// input.
type Event struct {
	Labels     map[string]string            `json:"labels"`
	DecisionID string                       `json:"decision_id"`
	Bundles    map[string]map[string]string `json:"bundles,omitempty"`
	Path       string                       `json:"path"`
	Input      any                          `json:"input,omitempty"`
	InputHMAC  string                       `json:"input_hmac_sha256"`
	Result     any                          `json:"result"`
	Timestamp  time.Time                    `json:"timestamp"`
}

// For is the event of an audit entry (package audit: the one way a
// decision record is made) whose decided input was input, which the event
// carries redacted.
func For(e audit.Entry, input any, labels map[string]string) Event {
	ev := Event{Labels: labels, DecisionID: e.DecisionID, Path: "recourse/" + strings.TrimPrefix(e.Endpoint, "/"),
		Input: redact.Value(input), InputHMAC: e.InputHMAC, Timestamp: e.Time,
		Result: map[string]any{"decision": e.Decision, "rule_ids": e.RuleIDs, "error": e.Error}}
	if e.BundleRevision != "" {
		ev.Bundles = map[string]map[string]string{"recourse": {"revision": e.BundleRevision}}
	}
	return ev
}

// Shipper buffers events and posts them in batches, retrying with backoff.
type Shipper struct {
	o       Options
	failed  func(reason string)
	mu      sync.Mutex
	events  []Event
	wake    chan struct{}
	done    chan struct{}
	dropped int
}

// New returns a shipper; failed, when set, is told of every batch that
// could not be posted ("upload") and every event dropped from a full
// buffer ("dropped"), for metrics.
func New(o Options, failed func(reason string)) *Shipper {
	o = o.withDefaults()
	if failed == nil {
		failed = func(string) {}
	}
	return &Shipper{o: o, failed: failed, wake: make(chan struct{}, 1), done: make(chan struct{})}
}

// withDefaults fills in what o leaves unset.
func (o Options) withDefaults() Options {
	if o.Batch <= 0 {
		o.Batch = 100
	}
	if o.Interval <= 0 {
		o.Interval = 5 * time.Second
	}
	if o.Buffer <= 0 {
		o.Buffer = 10000
	}
	if o.Client == nil {
		o.Client = &http.Client{Timeout: 30 * time.Second}
	}
	return o
}

// Done is closed once Run has returned, its last events shipped.
func (s *Shipper) Done() <-chan struct{} { return s.done }

// Add queues an event; a full buffer drops the oldest.
func (s *Shipper) Add(e Event) {
	s.mu.Lock()
	if len(s.events) >= s.o.Buffer {
		s.events = s.events[1:]
		s.dropped++
		s.failed("dropped")
	}
	s.events = append(s.events, e)
	full := len(s.events) >= s.o.Batch
	s.mu.Unlock()
	if full {
		select {
		case s.wake <- struct{}{}:
		default:
		}
	}
}

// Run ships until ctx ends, then ships what is left (for a few seconds).
func (s *Shipper) Run(ctx context.Context) {
	defer close(s.done)
	t := time.NewTicker(s.o.Interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			fctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			for s.flush(fctx) {
			}
			cancel()
			return
		case <-t.C:
		case <-s.wake:
		}
		for s.flush(ctx) {
		}
	}
}

// flush posts one batch; it reports whether more are waiting and the
// post succeeded. A failed batch goes back to the front of the buffer.
func (s *Shipper) flush(ctx context.Context) bool {
	s.mu.Lock()
	n := min(len(s.events), s.o.Batch)
	batch := append([]Event(nil), s.events[:n]...)
	s.events = s.events[n:]
	s.mu.Unlock()
	if n == 0 {
		return false
	}
	if err := post(ctx, s.o, batch); err != nil {
		s.failed("upload")
		s.mu.Lock()
		s.events = append(batch, s.events...)
		if over := len(s.events) - s.o.Buffer; over > 0 {
			s.events, s.dropped = s.events[over:], s.dropped+over
		}
		s.mu.Unlock()
		return false
	}
	s.mu.Lock()
	more := len(s.events) > 0
	s.mu.Unlock()
	return more
}

// Send posts events as one batch to o's sink, retrying a failure three
// times with backoff: how a process that makes one decision (recourse
// eval, a hook) ships it.
func Send(ctx context.Context, o Options, events ...Event) error {
	return post(ctx, o.withDefaults(), events)
}

// post sends a batch, retrying a failure three times with backoff.
func post(ctx context.Context, o Options, batch []Event) error {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if err := json.NewEncoder(zw).Encode(batch); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	wait := 200 * time.Millisecond
	var err error
	for attempt := range 4 {
		if attempt > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(wait):
			}
			wait *= 2
		}
		var req *http.Request
		req, err = http.NewRequestWithContext(ctx, http.MethodPost, o.URL, bytes.NewReader(buf.Bytes()))
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Content-Encoding", "gzip")
		var resp *http.Response
		if resp, err = o.Client.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode < 300 {
				return nil
			}
			err = fmt.Errorf("the sink answered %s", resp.Status)
		}
	}
	return err
}

// Labels are the labels of every event a process ships: app, version and
// id (the machine's host name), with extra's over them (OPA's own labels).
func Labels(version string, extra map[string]string) map[string]string {
	labels := map[string]string{"app": "recourse", "version": version}
	if host, err := os.Hostname(); err == nil {
		labels["id"] = host
	}
	for k, v := range extra {
		labels[k] = v
	}
	return labels
}

// InputOf is a decided input as an event carries it (redacted by For):
// JSON as the value it is, anything else as text.
func InputOf(data []byte) any {
	var v any
	if json.Unmarshal(data, &v) == nil {
		return v
	}
	return string(data)
}

// sendTimeout bounds Record: the posts and their retries.
const sendTimeout = 10 * time.Second

// Record ships one decision to url, within sendTimeout: the entry that
// records it (package audit) and the input decided, redacted.
func Record(ctx context.Context, url string, labels map[string]string, e audit.Entry, input any) error {
	ctx, cancel := context.WithTimeout(ctx, sendTimeout)
	defer cancel()
	if err := Send(ctx, Options{URL: url, Labels: labels}, For(e, input, labels)); err != nil {
		return fmt.Errorf("shipping the decision to %s: %w", url, err)
	}
	return nil
}
