package audit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/recourse-dev/recourse/internal/statekey"
	"github.com/recourse-dev/recourse/report"
)

// TestRecorderWrite: one entry to the chain and the decision log, the
// input digest keyed, the shipped input and the error redacted; a failing
// sink does not keep the entry from the other, and is reported.
func TestRecorderWrite(t *testing.T) {
	file := filepath.Join(t.TempDir(), "audit.jsonl")
	var shipped []any
	r := Recorder{Key: statekey.New([]byte("k")), File: file, Ship: func(_ context.Context, e Entry, input any) error {
		shipped = append(shipped, input)
		return nil
	}}
	input := []byte(`{"command": "sshpass -p hunter2 ssh h"}`)
	e := r.Entry("eval/shell", input, nil, errors.New("cannot read sshpass -p hunter2 ssh h"))
	plain := sha256.Sum256(input)
	if e.InputHMAC == "" || e.InputHMAC == hex.EncodeToString(plain[:]) || e.InputSHA256 != "" {
		t.Errorf("the digest is not keyed: %+v", e)
	}
	if err := r.Write(context.Background(), e, map[string]any{"command": "sshpass -p hunter2 ssh h", "password": "hunter2"}); err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(shipped)
	text, _ := os.ReadFile(file)
	if strings.Contains(string(b)+string(text), "hunter2") || len(shipped) != 1 {
		t.Errorf("a secret was written: %s %s", b, text)
	}
	r.Ship = func(context.Context, Entry, any) error { return errors.New("down") }
	if err := r.Write(context.Background(), r.Entry("eval/shell", input, &report.ConsequenceReport{RiskAssessment: "allow"}, nil), nil); err == nil || !strings.Contains(err.Error(), "decision log") {
		t.Errorf("a failed shipment: %v", err)
	}
	if _, err := VerifyFile(file, r.Key); err != nil || strings.Count(string(must(os.ReadFile(file))), "\n") != 2 {
		t.Errorf("the chain: %v", err)
	}
}

func must[T any](v T, _ error) T { return v }

// TestUnsignedLogRefused: a log written before entries were signed (with
// the unkeyed input_sha256) is not appended to: its lines carry no
// signature, so the chain cannot vouch for them.
func TestUnsignedLogRefused(t *testing.T) {
	type legacy struct {
		Time           time.Time `json:"time"`
		DecisionID     string    `json:"decision_id"`
		Endpoint       string    `json:"endpoint"`
		Decision       string    `json:"decision"`
		RuleIDs        []string  `json:"rule_ids,omitempty"`
		BundleRevision string    `json:"bundle_revision,omitempty"`
		InputSHA256    string    `json:"input_sha256"`
		Error          string    `json:"error,omitempty"`
		PrevHash       string    `json:"prev_hash"`
		Hash           string    `json:"hash"`
	}
	old := legacy{Time: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), DecisionID: "a", Endpoint: "/v1/evaluate/shell", Decision: "allow", InputSHA256: strings.Repeat("ab", 32)}
	b, _ := json.Marshal(old)
	sum := sha256.Sum256(b)
	old.Hash = hex.EncodeToString(sum[:])
	line, _ := json.Marshal(old)
	file := filepath.Join(t.TempDir(), "audit.jsonl")
	if err := os.WriteFile(file, append(line, '\n'), 0o600); err != nil {
		t.Fatal(err)
	}
	// Entries are signed now: a log begun before is refused, saying so,
	// and nothing is appended to it (appending would vouch for lines no
	// key signed).
	r := Recorder{Key: statekey.New([]byte("k")), File: file}
	err := r.Write(context.Background(), r.Entry("hook/claude-code", []byte("ls"), &report.ConsequenceReport{RiskAssessment: "allow"}, nil), nil)
	if err == nil || !strings.Contains(err.Error(), "no signature") {
		t.Errorf("appending to an unsigned log: %v", err)
	}
	if got := string(must(os.ReadFile(file))); got != string(line)+"\n" {
		t.Errorf("the unsigned log was changed: %q", got)
	}
}
