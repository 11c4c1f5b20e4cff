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
	"os"
	"runtime/debug"

	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/internal/buildinfo"
	"github.com/recourse-dev/recourse/internal/hookcmd"
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
	os.Exit(hookcmd.Main(buildVersion(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func buildVersion() string { return buildinfo.Version(version) }
