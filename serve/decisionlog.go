package serve

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// DecisionLogOptions ship every decision to an HTTP sink in OPA's
// decision-log format (the decision-log plugin's: a gzip-compressed JSON
// array of events POSTed to the sink; https://www.openpolicyagent.org/docs/management-decision-logs),
// so a collector that accepts OPA's logs accepts Recourse's.
type DecisionLogOptions struct {
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

// logEvent is one decision in OPA's decision-log event shape. Input is
// redacted; InputSHA256 lets a reader match it to the request.
type logEvent struct {
	Labels      map[string]string            `json:"labels"`
	DecisionID  string                       `json:"decision_id"`
	Bundles     map[string]map[string]string `json:"bundles,omitempty"`
	Path        string                       `json:"path"`
	Input       any                          `json:"input,omitempty"`
	InputSHA256 string                       `json:"input_sha256"`
	Result      any                          `json:"result"`
	Timestamp   time.Time                    `json:"timestamp"`
}

// shipper buffers events and posts them in batches, retrying with backoff.
type shipper struct {
	o       DecisionLogOptions
	m       *metrics
	mu      sync.Mutex
	events  []logEvent
	wake    chan struct{}
	done    chan struct{}
	dropped int
}

func newShipper(o DecisionLogOptions, m *metrics) *shipper {
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
	return &shipper{o: o, m: m, wake: make(chan struct{}, 1), done: make(chan struct{})}
}

// add queues an event; a full buffer drops the oldest.
func (s *shipper) add(e logEvent) {
	s.mu.Lock()
	if len(s.events) >= s.o.Buffer {
		s.events = s.events[1:]
		s.dropped++
		s.m.failure("decision-log", "dropped")
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

// run ships until ctx ends, then ships what is left (for a few seconds).
func (s *shipper) run(ctx context.Context) {
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
func (s *shipper) flush(ctx context.Context) bool {
	s.mu.Lock()
	n := min(len(s.events), s.o.Batch)
	batch := append([]logEvent(nil), s.events[:n]...)
	s.events = s.events[n:]
	s.mu.Unlock()
	if n == 0 {
		return false
	}
	if err := s.post(ctx, batch); err != nil {
		s.m.failure("decision-log", "upload")
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

// post sends a batch, retrying a failure three times with backoff.
func (s *shipper) post(ctx context.Context, batch []logEvent) error {
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
		req, err = http.NewRequestWithContext(ctx, http.MethodPost, s.o.URL, bytes.NewReader(buf.Bytes()))
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Content-Encoding", "gzip")
		var resp *http.Response
		if resp, err = s.o.Client.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode < 300 {
				return nil
			}
			err = fmt.Errorf("the sink answered %s", resp.Status)
		}
	}
	return err
}
