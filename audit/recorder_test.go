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
	f, _ := os.Open(file)
	defer f.Close()
	if _, err := Verify(f); err != nil || strings.Count(string(must(os.ReadFile(file))), "\n") != 2 {
		t.Errorf("the chain: %v", err)
	}
}

func must[T any](v T, _ error) T { return v }

// TestLegacyEntriesVerify: entries written with the unkeyed input_sha256,
// before keyed digests, still verify, and new ones chain after them.
func TestLegacyEntriesVerify(t *testing.T) {
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
	r := Recorder{Key: statekey.New([]byte("k")), File: file}
	if err := r.Write(context.Background(), r.Entry("hook/claude-code", []byte("ls"), &report.ConsequenceReport{RiskAssessment: "allow"}, nil), nil); err != nil {
		t.Fatal(err)
	}
	f, _ := os.Open(file)
	defer f.Close()
	if _, err := Verify(f); err != nil {
		t.Errorf("a log begun before keyed digests: %v", err)
	}
}
