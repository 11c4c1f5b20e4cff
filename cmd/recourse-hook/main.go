// Command recourse-hook is recourse hook HOST in a binary of its own: a
// coding agent's pre-tool hook, run as a whole process before every tool
// call, that links only what a hook needs — no MCP server, no OPA, no
// HTTP service — so that it starts in a few milliseconds rather than the
// twenty that loading those costs recourse (docs/performance.md).
//
// It evaluates with the compiled default policy. A call whose
// configuration names Rego policies is handed over, with its input, to
// recourse hook HOST: the recourse binary beside it, never one found on PATH.
//
//	recourse-hook claude-code < pretooluse.json
package main

import (
	"context"
	"errors"
	"os"
	"runtime/debug"
	"time"

	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/hooks"
	"github.com/recourse-dev/recourse/internal/buildinfo"
	"github.com/recourse-dev/recourse/internal/hookcmd"
	"github.com/recourse-dev/recourse/internal/supervise"
)

// version is set at build time with -ldflags "-X main.version=v1.2.3";
// otherwise it comes from the module's build information.
var version = ""

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(evaluator.SoftMemoryLimit)
	}
	if os.Getenv("GOGC") == "" {
		// A hook is a process per call that allocates a few tens of
		// megabytes and exits: collecting before the soft limit only
		// costs it time. The limit still makes the collector run once
		// the heap nears it.
		debug.SetGCPercent(-1)
	}
	reporter, child := supervise.Child()
	if !child {
		if code, err := supervise.Run(context.Background(), supervised(os.Args[1:])); err == nil {
			os.Exit(code)
		}
	}
	code := hookcmd.Main(buildVersion(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	reporter.Done(code)
	os.Exit(code)
}

// supervised runs the hook in a child whose every abnormal end (a Go
// fatal error, a signal such as the OOM killer's, the deadline) is
// answered with the host's stop: the deadline is the hook's --timeout
// and five seconds more.
func supervised(args []string) supervise.Options {
	return supervise.Options{
		Args: args, Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr,
		Deadline: supervise.FlagDuration(args, "timeout", hookcmd.DefaultTimeout) + 5*time.Second,
		Stop: func(reason string) int {
			var h hooks.Host
			if len(args) > 0 {
				h = hookcmd.HostNamed(args[0])
			}
			return hooks.Fail(h, os.Stdout, os.Stderr, errors.New(reason))
		},
	}
}

func buildVersion() string { return buildinfo.Version(version) }
