package install

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/recourse-dev/recourse/internal/statekey"
)

// A host the person took Recourse's hook out of with recourse uninstall
// is not a failure: they decided it. Uninstall leaves a small marker,
// STATE/uninstalled/HOST (one line: the scope and when), which install
// removes, and doctor reports a host that is not wired and has the marker
// as "uninstalled" and passing. A host that is not wired and has no marker
// was never wired, or lost its entry to something other than Recourse:
// that stays a failure. The marker says only that a person ran uninstall
// on this machine; it never makes a wired host pass. It carries an HMAC
// under the user's state key (internal/statekey), so a marker another
// process writes to quiet doctor about a host it unwired is not one.

// uninstalledPath is the marker of host, or "" when there is no state
// directory to keep it in.
func uninstalledPath(opts Options, host string) string {
	if opts.StateDir == "" {
		return ""
	}
	return filepath.Join(opts.StateDir, "uninstalled", host)
}

// markUninstalled records that the person uninstalled host at scope.
func markUninstalled(opts Options, host string, scope Scope) error {
	p := uninstalledPath(opts, host)
	if p == "" {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return fmt.Errorf("recording that %s was uninstalled: %w", host, err)
	}
	key, err := statekey.Load(opts.StateDir)
	if err != nil {
		return fmt.Errorf("recording that %s was uninstalled: %w", host, err)
	}
	when := time.Now().UTC().Format(time.RFC3339)
	line := fmt.Sprintf("%s %s %s\n", scope, when, key.Sign(markerPurpose, host, string(scope), when))
	return os.WriteFile(p, []byte(line), 0o600)
}

// clearUninstalled removes host's marker: it is wired again.
func clearUninstalled(opts Options, host string) error {
	p := uninstalledPath(opts, host)
	if p == "" {
		return nil
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// uninstalled returns the marker's line (scope and time) when the person
// uninstalled host.
func uninstalled(opts Options, host string) (string, bool) {
	p := uninstalledPath(opts, host)
	if p == "" {
		return "", false
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return "", false
	}
	key, err := statekey.Existing(opts.StateDir)
	if err != nil {
		return "", false
	}
	f := strings.Fields(string(b))
	if len(f) != 3 || !key.Verify(f[2], markerPurpose, host, f[0], f[1]) {
		return "", false // not written by recourse uninstall for this user
	}
	return f[0] + " " + f[1], true
}

// markerPurpose keeps an uninstall marker's MAC from passing for another
// record's.
const markerPurpose = "recourse uninstalled marker v1"
