// Package observe gathers, read-only and bounded, facts about what a
// command line acts on from the machine the action runs on: today the
// content of the script files it runs (shell.Observer). The command line
// (recourse eval shell) and the hooks use it where they run beside the
// action (--observe auto, their default); recourse serve and the MCP
// server, which judge actions that run elsewhere, do not. It never
// executes or writes anything; it reads the path it is given and, to
// follow the symbolic links an operand goes through, lstat and readlink.
package observe

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/recourse-dev/recourse/evaluator/shell"
)

// Modes of --observe.
const (
	Auto = "auto"
	Off  = "off"
)

// Modes lists the values --observe takes.
var Modes = []string{Auto, Off}

// Files reads script files from the local file system. Home is the home
// directory a "~/" path names (the environment's HOME), Dir the directory
// a relative path is read from (the line's, when the caller gives none);
// empty: such a path is not read.
type Files struct {
	Home string
	Dir  string
	// Git is the git binary facts are read with ("": git on PATH).
	Git string
	// ReadDir, when set, reads directories for the blast-radius walk
	// instead of os.ReadDir (tests make one unreadable with it).
	ReadDir func(string) ([]fs.DirEntry, error)
	// Bound is the time bound of one command's observation (0:
	// CommandBound, or $RECOURSE_OBSERVE_TIMEOUT where set).
	Bound time.Duration
	// Trace, when set, is told of every git process the observer runs:
	// its arguments (after the fixed safety options) and how long it
	// took. Benchmarks count and time the processes with it.
	Trace func(args []string, took time.Duration)
	// git runs git for this observer (set on first use).
	git *gitRunner
}

// New returns the observer of mode (Auto or Off), which reads a relative
// path from dir: nil for Off, so that nothing is read.
func New(mode, dir string) (shell.Observer, error) {
	switch mode {
	case Auto, "":
		home, _ := os.UserHomeDir()
		bound, err := boundFromEnv()
		if err != nil {
			return nil, err
		}
		return &Files{Home: home, Dir: dir, Bound: bound}, nil
	case Off:
		return nil, nil
	}
	return nil, fmt.Errorf("--observe %q is not one of auto, off", mode)
}

// boundFromEnv reads $RECOURSE_OBSERVE_TIMEOUT, the per-command bound
// of observation on a machine where 300 ms is too short (a slow disk, a
// loaded CI runner); 0 when unset.
func boundFromEnv() (time.Duration, error) {
	v := os.Getenv("RECOURSE_OBSERVE_TIMEOUT")
	if v == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 || d > time.Minute {
		return 0, fmt.Errorf("RECOURSE_OBSERVE_TIMEOUT=%q: expected a duration from 1ms to 1m, such as 300ms", v)
	}
	return d, nil
}

// ReadScript returns the first limit+1 bytes at most of the regular file
// at p (absolute, or "~/" based). A FIFO, device, socket or directory is
// refused without being opened, so a read never blocks on a writer.
func (f *Files) ReadScript(p string, limit int) ([]byte, error) {
	full, err := f.local(p)
	if err != nil {
		return nil, err
	}
	info, err := os.Stat(full)
	if err != nil {
		return nil, describe(err)
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file (%s)", full, info.Mode().Type())
	}
	file, err := os.Open(full)
	if err != nil {
		return nil, describe(err)
	}
	defer file.Close()
	// The path may have been replaced between the two looks: the file
	// opened must be the regular file seen.
	if opened, err := file.Stat(); err != nil || !opened.Mode().IsRegular() || !os.SameFile(info, opened) {
		return nil, fmt.Errorf("%s changed while it was being read", full)
	}
	return io.ReadAll(io.LimitReader(file, int64(limit)+1))
}

// Lstat is os.Lstat: the observer follows symbolic links on disk with
// lstat and readlink only (shell.LinkObserver).
func (f *Files) Lstat(name string) (fs.FileInfo, error) { return os.Lstat(name) }

// Readlink is os.Readlink.
func (f *Files) Readlink(name string) (string, error) { return os.Readlink(name) }

// HomeDir is the home directory "~" names.
func (f *Files) HomeDir() string { return f.Home }

// local turns p into a path of this machine.
func (f *Files) local(p string) (string, error) {
	if rest, ok := strings.CutPrefix(p, "~"); ok {
		if f.Home == "" {
			return "", errors.New("the home directory is not known")
		}
		p = filepath.Join(f.Home, filepath.FromSlash(rest))
	}
	if !filepath.IsAbs(filepath.FromSlash(p)) {
		if f.Dir == "" {
			return "", fmt.Errorf("the directory %s is named from is not known", p)
		}
		p = filepath.Join(f.Dir, filepath.FromSlash(p))
	}
	return filepath.FromSlash(p), nil
}

// describe shortens a file system error to what it says of the file.
func describe(err error) error {
	var pe *fs.PathError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if errors.As(err, &pe) {
			return fmt.Errorf("%s does not exist", pe.Path)
		}
	case errors.Is(err, fs.ErrPermission):
		if errors.As(err, &pe) {
			return fmt.Errorf("%s is not readable (permission denied)", pe.Path)
		}
	}
	return err
}
