package observe

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// Git is run read-only. Every invocation:
//   - passes --no-optional-locks (and GIT_OPTIONAL_LOCKS=0), so that
//     git status does not refresh and write the index;
//   - overrides the repository's configuration where a read would run a
//     program it names: core.fsmonitor=false (git status runs the
//     fsmonitor hook), core.hooksPath=/dev/null, and, for each filter
//     driver the configuration defines, filter.NAME.clean= and
//     filter.NAME.process= (git status runs a clean filter on a file
//     whose stat data changed) — read with `git config --name-only -l`,
//     which runs nothing;
//   - runs with a minimal environment: PATH and HOME only, no system
//     configuration (GIT_CONFIG_NOSYSTEM: /etc/gitconfig is not the
//     user's nor the repository's, and it may name programs too), no
//     pager, editor, askpass or terminal prompt, no lazy fetch of a
//     partial clone's missing objects (which would reach the network
//     and run ssh), literal pathspecs, and LC_ALL=C for parseable output;
//   - stops at its context's deadline (the per-command bound) and is
//     killed then; its output is read up to maxGitOutput bytes.
//
// The user's global configuration is kept (GIT_CONFIG_GLOBAL is not
// cleared): excludesFile there decides what git status calls ignored,
// exactly as it will for the user; the overrides above apply to it too.

// maxGitOutput bounds what one git invocation's output is read to.
const maxGitOutput = 4 << 20

// errOutputBound is the error of an invocation whose output passed
// maxGitOutput.
var errOutputBound = errors.New("its output passed the bound of 4 MiB")

// gitRunner runs git read-only in repositories, remembering each
// repository's configuration overrides.
type gitRunner struct {
	bin  string
	home string
	mu   sync.Mutex
	// overrides are the -c options of each repository top.
	overrides map[string][]string
	// indexes are the parsed index files, trees the trees of commits'
	// directories ("COMMIT:dir"), both kept while they hold.
	indexes map[string]cachedIndex
	trees   map[string]string
	// trace, when set, is told of each invocation (Files.Trace).
	trace func(args []string, took time.Duration)
}

// env is the minimal environment of a git invocation; literal adds
// GIT_LITERAL_PATHSPECS=1.
func (g *gitRunner) env(literal bool) []string {
	env := []string{
		"PATH=" + os.Getenv("PATH"),
		"LC_ALL=C",
		"GIT_OPTIONAL_LOCKS=0",
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_TERMINAL_PROMPT=0",
		"GIT_PAGER=cat", "PAGER=cat",
		"GIT_EDITOR=:", "EDITOR=:", "VISUAL=:",
		"GIT_ASKPASS=", "SSH_ASKPASS=",
		"GIT_NO_LAZY_FETCH=1",
		"GIT_NO_REPLACE_OBJECTS=1",
	}
	if literal {
		env = append(env, "GIT_LITERAL_PATHSPECS=1")
	}
	if g.home != "" {
		env = append(env, "HOME="+g.home)
	}
	return env
}

// fixed are the overrides every invocation carries.
var fixed = []string{"--no-optional-locks", "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null",
	"-c", "core.quotePath=false", "-c", "color.ui=false", "-c", "core.untrackedCache=false"}

// run runs git args in dir (a repository's top) and returns its standard
// output; an error says what failed, in words fit for a report.
func (g *gitRunner) run(ctx context.Context, dir string, args ...string) ([]byte, error) {
	over, err := g.configOverrides(ctx, dir)
	if err != nil {
		return nil, err
	}
	return g.exec(ctx, dir, append(append(append([]string(nil), fixed...), over...), args...))
}

// configOverrides returns the -c options that stop the filters the
// repository's configuration defines from running.
func (g *gitRunner) configOverrides(ctx context.Context, dir string) ([]string, error) {
	g.mu.Lock()
	over, ok := g.overrides[dir]
	g.mu.Unlock()
	if ok {
		return over, nil
	}
	out, err := g.exec(ctx, dir, append(append([]string(nil), fixed...), "config", "-z", "--name-only", "-l"))
	if err != nil {
		return nil, err
	}
	over = []string{}
	seen := map[string]bool{}
	for name := range strings.SplitSeq(string(out), "\x00") {
		lower := strings.ToLower(name)
		if !strings.HasPrefix(lower, "filter.") {
			continue
		}
		i := strings.LastIndexByte(name, '.')
		driver := name[len("filter."):i]
		if driver == "" || seen[driver] {
			continue
		}
		seen[driver] = true
		over = append(over, "-c", "filter."+driver+".clean=", "-c", "filter."+driver+".process=",
			"-c", "filter."+driver+".smudge=", "-c", "filter."+driver+".required=false")
	}
	g.mu.Lock()
	if g.overrides == nil {
		g.overrides = map[string][]string{}
	}
	g.overrides[dir] = over
	g.mu.Unlock()
	return over, nil
}

// runPlain runs git args in dir with the fixed overrides only, its
// standard input stdin: for invocations that read no file of the work
// tree (rev-parse, check-ignore), where no filter can run, so the
// repository's filter configuration need not be read first. They take
// no pathspec, so GIT_LITERAL_PATHSPECS is not set (check-ignore refuses
// it; it reads each path it is given as a path, and its caller never
// gives one that begins with ':', which it would read as pathspec magic).
func (g *gitRunner) runPlain(ctx context.Context, dir string, stdin []byte, args ...string) ([]byte, error) {
	return g.execIn(ctx, dir, stdin, false, append(append([]string(nil), fixed...), args...))
}

// exec runs the git binary with args in dir.
func (g *gitRunner) exec(ctx context.Context, dir string, args []string) ([]byte, error) {
	return g.execIn(ctx, dir, nil, true, args)
}

// execIn runs the git binary with args in dir, stdin its standard input.
func (g *gitRunner) execIn(ctx context.Context, dir string, stdin []byte, literal bool, args []string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, timeoutError(ctx)
	}
	if g.trace != nil {
		start := time.Now()
		defer func() { g.trace(args[len(fixed):], time.Since(start)) }()
	}
	cmd := exec.CommandContext(ctx, g.bin, args...)
	cmd.Dir = dir
	cmd.Env = g.env(literal)
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	cmd.WaitDelay = 50 * time.Millisecond
	var stderr bytes.Buffer
	cmd.Stderr = &limitedBuffer{b: &stderr, n: 4 << 10}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("git could not be started: %v", err)
	}
	out, readErr := io.ReadAll(io.LimitReader(stdout, maxGitOutput+1))
	if len(out) > maxGitOutput {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return nil, errOutputBound
	}
	err = cmd.Wait()
	switch {
	case ctx.Err() != nil:
		return nil, timeoutError(ctx)
	case readErr != nil:
		return nil, readErr
	case err != nil:
		msg := strings.TrimSpace(stderr.String())
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		if msg == "" {
			msg = err.Error()
		}
		return out, &gitError{msg: msg, err: err}
	}
	return out, nil
}

// gitError is a git invocation that exited with an error.
type gitError struct {
	msg string
	err error
}

func (e *gitError) Error() string { return "git: " + e.msg }
func (e *gitError) Unwrap() error { return e.err }

// exitCode is the exit status of a failed git invocation, or -1.
func exitCode(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	return -1
}

// timeoutError says that the bound stopped an invocation.
func timeoutError(ctx context.Context) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return errors.New("timed out (the observation bound per command)")
	}
	return ctx.Err()
}

// limitedBuffer keeps the first n bytes written to it.
type limitedBuffer struct {
	b *bytes.Buffer
	n int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := l.n - l.b.Len(); room > 0 {
		l.b.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}
