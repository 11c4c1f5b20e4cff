// Package xdg finds Recourse's directories in the user's home, by the XDG
// Base Directory Specification: $XDG_STATE_HOME/recourse for what Recourse
// keeps between runs (allow-once codes, trusted project files) and
// $XDG_CONFIG_HOME/recourse for the user's configuration. A relative
// value is ignored, as the specification says.
package xdg

import (
	"fmt"
	"os"
	"path/filepath"
)

// StateDir is Recourse's state directory: $XDG_STATE_HOME/recourse, by
// default ~/.local/state/recourse.
func StateDir() (string, error) {
	return dir("XDG_STATE_HOME", ".local/state")
}

// ConfigDir is Recourse's configuration directory: $XDG_CONFIG_HOME/recourse,
// by default ~/.config/recourse.
func ConfigDir() (string, error) {
	return dir("XDG_CONFIG_HOME", ".config")
}

func dir(env, fallback string) (string, error) {
	if d := os.Getenv(env); filepath.IsAbs(d) {
		return filepath.Join(d, "recourse"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no home directory for Recourse's %s: %w", fallback, err)
	}
	return filepath.Join(home, fallback, "recourse"), nil
}
