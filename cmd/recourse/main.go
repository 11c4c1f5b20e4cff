// Command recourse is the pre-execution risk gate: it reads a proposed
// change, says how recoverable each part of it is and returns a decision
// (allow, warn, escalate, block) that fails closed.
//
// This package only wires the command line to the evaluator; the analysis
// lives in evaluator, rules, classifier, policy and report.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/evaluator/sql"
	"github.com/recourse-dev/recourse/hooks"
	"github.com/recourse-dev/recourse/internal/buildinfo"
	"github.com/recourse-dev/recourse/internal/hookcmd"
	"github.com/recourse-dev/recourse/internal/supervise"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/report"

	// PostgreSQL's grammar (and MySQL's), the SQL parser of command
	// lines and tool calls; recourse-hook links none.
	_ "github.com/recourse-dev/recourse/evaluator/sql/pg"
)

// Exit statuses, from the CLI contract in docs/cli.md.
const (
	exitOK       = 0
	exitWarn     = 2
	exitEscalate = 3
	exitBlock    = 4
	exitError    = 1
	exitUsage    = 64
)

// version is set at build time with -ldflags "-X main.version=v1.2.3";
// otherwise it comes from the module's build info.
var version = ""

// commit and date are set by release builds with -ldflags
// "-X main.commit=… -X main.date=…"; otherwise they come from the VCS
// stamp of the build.
var commit, date = "", ""

// exitStatus carries an exit status out of a command. Errors that are not
// exitStatuses come from cobra itself (unknown flag or command, wrong number
// of arguments) and are usage errors.
type exitStatus struct {
	code int
	err  error // already reported when nil
}

func (e *exitStatus) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

func usageErr(format string, args ...any) error {
	return &exitStatus{code: exitUsage, err: fmt.Errorf(format, args...)}
}

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(evaluator.SoftMemoryLimit)
	}
	if len(os.Args) > 1 && os.Args[1] == "hook" && os.Getenv("GOGC") == "" {
		// A hook is a process per call that allocates a few tens of
		// megabytes and exits: collecting before the soft limit only
		// costs it time (a third of its start-up). The limit still makes
		// the collector run once the heap nears it.
		debug.SetGCPercent(-1)
	}
	args := os.Args[1:]
	reporter, child := supervise.Child()
	if !child && oneShot(args) {
		if code, err := supervise.Run(context.Background(), supervised(args)); err == nil {
			os.Exit(code)
		}
	}
	code := run(args, os.Stdin, os.Stdout, os.Stderr)
	reporter.Done(code)
	os.Exit(code)
}

// oneShot reports whether args run a command that answers once and exits
// (eval, hook), which runs supervised; servers (mcp serve, serve, the
// gateway) stream and run in process.
func oneShot(args []string) bool {
	return len(args) > 0 && (args[0] == "eval" || args[0] == "hook")
}

// supervised runs eval or hook in a child whose every abnormal end (a Go
// fatal error, which exits 2 — warn's status —, a signal such as the OOM
// killer's, the deadline) is an error for eval (exit 1, with the error
// document under --format json or sarif) and the host's stop for hook,
// never a status that reads as a decision.
func supervised(args []string) supervise.Options {
	def := evaluator.DefaultTimeout
	if args[0] == "hook" {
		def = hookcmd.DefaultTimeout
	}
	return supervise.Options{
		Args: args, Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr,
		Deadline: supervise.FlagDuration(args, "timeout", def) + 5*time.Second,
		Stop: func(reason string) int {
			return crashed(args, os.Stdout, os.Stderr, errors.New("recourse "+args[0]+" did not finish: "+reason))
		},
	}
}

// run executes the command line and returns the exit status. A panic
// anywhere is an error (exit 1, with the error document under --format
// json), never a status that reads as a decision; under recourse hook,
// every failure, usage errors included, is the host's stop.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			code = crashed(args, stdout, stderr, fmt.Errorf("recourse panicked: %v (this is a bug in Recourse; please report it)", r))
		}
	}()
	root := newRoot(stdin, stdout, stderr)
	root.SetArgs(args)
	cmd, err := root.ExecuteC()
	if err == nil {
		return exitOK
	}
	if code, ok := hookcmd.Status(cmd, err, stdout, stderr); ok {
		return code
	}
	var st *exitStatus
	if errors.As(err, &st) {
		if st.err != nil {
			fmt.Fprintf(stderr, "recourse: %v\n", st.err)
			if st.code == exitUsage {
				fmt.Fprintln(stderr, "Run 'recourse --help' for usage.")
			}
		}
		return st.code
	}
	fmt.Fprintf(stderr, "recourse: %v\nRun 'recourse --help' for usage.\n", err)
	return exitUsage
}

// crashed answers a panic that escaped every command: the hook's stop
// under recourse hook, otherwise an internal error (exit 1) with its
// document on stdout when the command line asks for JSON or SARIF.
func crashed(args []string, stdout, stderr io.Writer, err error) int {
	if len(args) > 0 && args[0] == "hook" {
		var h hooks.Host
		if len(args) > 1 {
			h = hookcmd.HostNamed(args[1])
		}
		return hooks.Fail(h, stdout, stderr, err)
	}
	e := &model.Error{Kind: model.KindInternal, Message: err.Error(), Err: err}
	for i, a := range args {
		f := strings.TrimPrefix(a, "--format=")
		if f == a && a == "--format" && i+1 < len(args) {
			f = args[i+1]
		}
		if f == string(report.FormatJSON) || f == string(report.FormatSARIF) {
			_ = report.RenderError(stdout, e, report.Format(f), report.RenderOptions{ToolVersion: buildVersion()})
			break
		}
	}
	_ = report.RenderError(stderr, e, report.FormatHuman)
	return exitError
}

func newRoot(stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "recourse",
		Short: "Pre-execution risk gate: how recoverable is this change, and may it run?",
		Long: `Recourse reads a proposed change before it runs — a Terraform or OpenTofu plan,
a shell command line, or another MCP server's tool call — works out how
recoverable each part of it is (tier 1 reversible … tier 4 unrecoverable, tier 5
needs review), lets OPA/Rego policy fold that into allow | warn | escalate |
block, and fails closed: whatever it cannot parse, classify or evaluate is never
allowed. Nothing it reads is executed.`,
		Example: `  terraform show -json plan.out > plan.json
  recourse eval plan.json
  recourse eval terraform --environment production --format json plan.json
  recourse eval shell -- 'rm -rf ./build'
  recourse eval mcp call.json
  recourse mcp serve
  recourse hook claude-code < pretooluse.json
  recourse policy test ./policies`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       buildVersion(),
	}
	root.SetVersionTemplate("recourse {{.Version}}\n")
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		if cmd.Name() == "shell" && strings.Contains(err.Error(), "unknown") {
			// The command line was taken for the command's own flags.
			err = fmt.Errorf("%w: a command line goes after --, as one argument: recourse %s -- 'rm -rf ./build'", err, cmd.CommandPath()[len("recourse "):])
		}
		return &exitStatus{code: exitUsage, err: err}
	})
	root.AddCommand(newEvalCmd(), newSchemaCmd(), newVersionCmd(), newPolicyCmd(), newResourcesCmd(), newMCPCmd(), newExplainCmd(), hookcmd.Command(hookcmd.Options{Use: "hook HOST", Policy: policyEngine, Ship: shipDecision}), newAllowOnceCmd(), newTrustCmd(), newInstallCmd(), newUninstallCmd(), newDoctorCmd(), newServeCmd(), newAuditCmd(), newVerifyCmd())
	return root
}

func newSchemaCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "schema",
		Short: "Print the JSON Schema of the ConsequenceReport (recourse.consequence.v1)",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := cmd.OutOrStdout().Write(report.Schema)
			return err
		},
	}
}

func newVersionCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print the version of recourse (--json: version, commit, date, Go version, SQL parser)",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			info := buildInfo()
			if asJSON {
				return writeJSONTo(cmd.OutOrStdout(), info)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "recourse %s (commit %s, built %s, %s, SQL parser %s)\n", info.Version, info.Commit, info.Date, info.GoVersion, info.SQLParser)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the build as JSON")
	return cmd
}

// versionInfo is what recourse version --json prints.
type versionInfo struct {
	Version   string `json:"version"`
	Commit    string `json:"commit"`
	Date      string `json:"date"`
	GoVersion string `json:"goVersion"`
	// SQLParser says which build of PostgreSQL's parser is linked: cgo,
	// or WebAssembly in pure-Go builds (evaluator/sql).
	SQLParser string `json:"sqlParser"`
}

// buildInfo reads the version from -ldflags (a release) or the module's
// build information (go install), and the commit and date from the VCS
// stamp the go command records.
func buildInfo() versionInfo {
	info := versionInfo{Version: buildVersion(), Commit: commit, Date: date, GoVersion: runtime.Version(), SQLParser: sql.Parser()}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			switch {
			case s.Key == "vcs.revision" && info.Commit == "":
				info.Commit = s.Value
			case s.Key == "vcs.time" && info.Date == "":
				info.Date = s.Value
			}
		}
	}
	if info.Commit == "" {
		info.Commit = "unknown"
	}
	if info.Date == "" {
		info.Date = "unknown"
	}
	return info
}

func buildVersion() string { return buildinfo.Version(version) }

// humanOrJSON checks the --format of a command that prints only human
// text or JSON (explain, resources); another value is a usage error.
func humanOrJSON(format string) error {
	if format != "human" && format != "json" {
		return usageErr("--format %q: expected human or json", format)
	}
	return nil
}

// noArgs rejects positional arguments as a usage error.
func noArgs(_ *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usageErr("unexpected argument %q", args[0])
	}
	return nil
}
