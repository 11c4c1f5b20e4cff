// Package supervise runs a one-shot command (a hook, an eval) in a child
// process of the same executable and turns every abnormal end of that
// child into an answer the caller reads as "stop".
//
// In process, a panic is recovered and answered; but a Go fatal error
// (concurrent map writes, the runtime out of memory) exits with status 2,
// which `recourse eval` uses for warn and which hosts that read JSON take
// for no answer, and a signal (the kernel's OOM killer, a timeout's kill)
// ends the process with no answer at all — and several hosts run the call
// when their hook ends so. Neither can be caught from inside. So the
// parent runs the command again as its child, keeps the child's stdout
// and stderr, and passes them on only when the child reported, over a
// pipe of its own, that it answered and with which status; any other end
// (a signal, a fatal error, an exit without the report, a different
// status, the deadline) is handed to the caller's stop.
package supervise

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// envChild marks the child; its value is the file descriptor of the
// report pipe.
const envChild = "RECOURSE_SUPERVISED_FD"

// Reporter tells the supervising parent that the command answered.
type Reporter struct{ f *os.File }

// Child returns the reporter of a supervised child, and whether this
// process is one.
func Child() (*Reporter, bool) {
	v, ok := os.LookupEnv(envChild)
	if !ok {
		return nil, false
	}
	os.Unsetenv(envChild) // not inherited by what the command runs in turn
	fd, err := strconv.Atoi(v)
	if err != nil || fd < 3 {
		return &Reporter{}, true // a report nobody reads: the parent sees none and stops the call
	}
	closeOnExec(fd)
	return &Reporter{f: os.NewFile(uintptr(fd), "supervise-report")}, true
}

// Done reports that the command wrote its whole answer and is about to
// exit with code. Call it last, after stdout and stderr are written.
func (r *Reporter) Done(code int) {
	if r == nil || r.f == nil {
		return
	}
	fmt.Fprintf(r.f, "answered %d\n", code)
	r.f.Close()
}

// Options are a supervised run's.
type Options struct {
	// Args are the command's arguments (without the program's name).
	Args []string
	// Stdin is passed to the child as it is: an *os.File is inherited.
	Stdin io.Reader
	// Stdout and Stderr receive the child's output once it answered.
	Stdout, Stderr io.Writer
	// Deadline bounds the child; past it the child is killed and the
	// call stopped.
	Deadline time.Duration
	// Stop answers a call whose child ended without answering, with the
	// reason, and returns the exit status.
	Stop func(reason string) int
}

// ErrUnsupported says the platform cannot hand the child its report
// pipe; the caller then runs the command in process.
var ErrUnsupported = errors.New("supervision is not supported on this platform")

// Run runs this executable again as a supervised child and returns the
// exit status to end with. It returns ErrUnsupported where it cannot
// supervise; any other failure to start the child is the caller's stop.
func Run(ctx context.Context, o Options) (int, error) {
	if !supported {
		return 0, ErrUnsupported
	}
	self, err := os.Executable()
	if err != nil {
		return o.Stop("cannot find its own executable to run the judgement in: " + err.Error()), nil
	}
	r, w, err := os.Pipe()
	if err != nil {
		return o.Stop("cannot make the report pipe: " + err.Error()), nil
	}
	defer r.Close()
	ctx, cancel := context.WithTimeout(ctx, o.Deadline)
	defer cancel()
	cmd := exec.CommandContext(ctx, self, o.Args...)
	cmd.Stdin = o.Stdin
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.ExtraFiles = []*os.File{w} // descriptor 3 in the child
	cmd.Env = append(os.Environ(), envChild+"=3")
	cmd.WaitDelay = time.Second
	if err := cmd.Start(); err != nil {
		w.Close()
		return o.Stop("cannot start the judgement: " + err.Error()), nil
	}
	w.Close()
	report, _ := io.ReadAll(io.LimitReader(r, 64))
	waitErr := cmd.Wait()
	code, answered := parse(string(report))
	exit := cmd.ProcessState.ExitCode()
	switch {
	case ctx.Err() != nil:
		return o.Stop(fmt.Sprintf("the judgement ran past its %v deadline and was ended", o.Deadline)), nil
	case !answered:
		return o.Stop("the judgement ended without answering (" + describe(waitErr, stderr.Bytes()) + ")"), nil
	case exit != code:
		return o.Stop(fmt.Sprintf("the judgement answered %d but ended with %s", code, describe(waitErr, stderr.Bytes()))), nil
	}
	if _, err := o.Stdout.Write(stdout.Bytes()); err != nil {
		return o.Stop("cannot write the answer: " + err.Error()), nil
	}
	_, _ = o.Stderr.Write(stderr.Bytes())
	return code, nil
}

// parse reads the child's report, "answered CODE".
func parse(report string) (int, bool) {
	v, ok := strings.CutPrefix(strings.TrimSpace(report), "answered ")
	if !ok {
		return 0, false
	}
	code, err := strconv.Atoi(v)
	return code, err == nil && code >= 0
}

// describe names how the child ended: its status or signal, and the first
// line of a Go fatal error when it printed one.
func describe(waitErr error, stderr []byte) string {
	how := "exit status 0"
	if waitErr != nil {
		how = waitErr.Error()
	}
	for _, line := range strings.Split(string(stderr), "\n") {
		if strings.HasPrefix(line, "fatal error: ") || strings.HasPrefix(line, "panic: ") || strings.HasPrefix(line, "runtime: ") {
			return how + "; " + strings.TrimSpace(line)
		}
	}
	return how
}

// FlagDuration reads a duration flag (--name=D or --name D) from args as
// the command will, for sizing the child's deadline; def when it is absent
// or not a duration (the command itself then refuses it).
func FlagDuration(args []string, name string, def time.Duration) time.Duration {
	for i, a := range args {
		if a == "--" {
			break
		}
		v, ok := strings.CutPrefix(a, "--"+name+"=")
		if !ok && a == "--"+name && i+1 < len(args) {
			v, ok = args[i+1], true
		}
		if ok {
			if d, err := time.ParseDuration(v); err == nil && d > 0 {
				return d
			}
		}
	}
	return def
}
