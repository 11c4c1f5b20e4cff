// Package decisionlogtest is a decision-log collector for tests: an HTTP
// handler that accepts batches as OPA's decision-log plugin sends them (a
// gzip-compressed JSON array) and keeps every event.
package decisionlogtest

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
)

// Sink keeps the events it is sent.
type Sink struct {
	mu     sync.Mutex
	events []map[string]any
	raw    []string
	// Fail is how many posts are answered 503 before any is accepted.
	Fail int
}

func (s *Sink) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Fail > 0 {
		s.Fail--
		http.Error(w, "busy", http.StatusServiceUnavailable)
		return
	}
	zr, err := gzip.NewReader(r.Body)
	if err != nil || r.Header.Get("Content-Encoding") != "gzip" {
		http.Error(w, "expected gzip", http.StatusBadRequest)
		return
	}
	body, err := io.ReadAll(zr)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var batch []map[string]any
	if err := json.Unmarshal(body, &batch); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	s.events = append(s.events, batch...)
	s.raw = append(s.raw, string(body))
}

// Events are the events received so far, and the batches' JSON as sent,
// one a line.
func (s *Sink) Events() ([]map[string]any, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]map[string]any(nil), s.events...), strings.Join(s.raw, "\n")
}
