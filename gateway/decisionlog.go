package gateway

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/recourse-dev/recourse/audit"
	"github.com/recourse-dev/recourse/internal/statekey"
)

// Endpoint is the endpoint of the gateway's decision records.
const Endpoint = "gateway"

// recorder is the gateway's decision-record writer: the one writer
// (audit.Recorder) every surface writes through, appending each judged
// call to decision_log as an entry of the hash-chained log (recourse audit
// verify checks it). An entry names the call and its verdict and nothing
// of its arguments but their keyed digest: arguments carry file contents,
// queries and credentials. Without decision_log nothing is written, and
// the digests (which name a call to the person asked about it) are keyed
// with a key of the process's own.
func recorder(name string) (audit.Recorder, error) {
	if name == "" {
		key, err := statekey.Random()
		return audit.Recorder{Key: key}, err
	}
	if rest, ok := strings.CutPrefix(name, "~/"); ok {
		home, err := os.UserHomeDir()
		if err != nil {
			return audit.Recorder{}, fmt.Errorf("decision_log %q: %w", name, err)
		}
		name = filepath.Join(home, rest)
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o700); err != nil {
		return audit.Recorder{}, fmt.Errorf("decision_log: %w", err)
	}
	key, err := statekey.Default()
	if err != nil {
		return audit.Recorder{}, fmt.Errorf("decision_log: the key of argument digests: %w", err)
	}
	l, err := audit.Open(name, key)
	if err != nil {
		return audit.Recorder{}, fmt.Errorf("decision_log: %w", err)
	}
	return audit.Recorder{Key: key, Log: l}, nil
}
