// Package hookcmd is the command line of `recourse hook HOST`: it reads a
// coding agent's pre-tool hook input, evaluates the call and answers in
// the host's own form (package hooks), and answers every failure, usage
// errors and panics included, with the host's stop.
//
// It is shared by the recourse binary and by recourse-hook, a binary that
// links only what a hook needs (no MCP server, no OPA, no full SQL
// parser) so that a hook, which is a whole process on every tool call an
// agent makes, starts in a few milliseconds. recourse-hook evaluates with
// the compiled default policy and reads the common SQL statements with the
// SQL fast path (package sql/fast); a call whose configuration names Rego
// policies, or that has SQL the fast path does not read, is handed over
// with its input to recourse hook HOST, which answers the host.
package hookcmd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/recourse-dev/recourse/allowonce"
	"github.com/recourse-dev/recourse/audit"
	"github.com/recourse-dev/recourse/config"
	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/evaluator/sql"
	"github.com/recourse-dev/recourse/hooks"
	"github.com/recourse-dev/recourse/internal/buildinfo"
	"github.com/recourse-dev/recourse/internal/observe"
	"github.com/recourse-dev/recourse/internal/workspace"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/policy"
	"github.com/recourse-dev/recourse/report"
	"github.com/recourse-dev/recourse/rules/builtin"
)

// DefaultTimeout is a hook's evaluation deadline unless --timeout says.
const DefaultTimeout = 10 * time.Second

// Hosts are the hosts recourse hook answers, by name.
var Hosts = hooks.All()

// hostHelp is what recourse hook HOST --help says of each host: the
// hook it is, how it answers, and the configuration that installs it
// (recourse install HOST writes the same; docs/hooks/HOST.md cites the
// host's own documentation).
var hostHelp = sync.OnceValue(func() map[string]struct{ short, answers, example string } {
	return map[string]struct{ short, answers, example string }{
		"claude-code": {"Claude Code PreToolUse hook",
			`A block, or any decision at or above --fail-on other than an escalate, exits 2
with the reason on stderr. An escalate asks the user (exit 0 with
hookSpecificOutput.permissionDecision "ask"), or with --escalate-as deny stops.
With --warn-context a warn that goes ahead adds its reason to Claude's context
(hookSpecificOutput.additionalContext).`,
			`  # .claude/settings.json
  {"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "recourse hook claude-code"}]}]}}`},
		"codex": {"OpenAI Codex PreToolUse hook",
			`Bash, apply_patch (one judgement per file the patch touches) and MCP calls.
A stop exits 2 with the reason on stderr. Codex does not ask, so an escalate
at or above --fail-on stops too, with an allow-once code. With --warn-context
a warn that goes ahead adds its reason to the model's context
(hookSpecificOutput.additionalContext). Codex runs the hook only once you
trust it in /hooks, and again after any change to it; a hook that crashes or
times out lets the call run (recourse doctor checks the trust).`,
			`  # $CODEX_HOME/hooks.json (~/.codex/hooks.json), or a trusted project's .codex/hooks.json
  {"hooks": {"PreToolUse": [{"matcher": ".*", "hooks": [{"type": "command", "command": "recourse hook codex"}]}]}}`},
		"gemini-cli": {"Gemini CLI BeforeTool hook",
			`run_shell_command, write_file, replace and MCP calls (mcp_context names the
server); its read, search, plan and sub-agent tools go ahead. A stop prints
{"decision": "deny", "reason"} and exits 2 with the reason on stderr. An
escalate asks the user ({"decision": "ask", "reason", "systemMessage"}, exit
0), or with --escalate-as deny stops.`,
			`  # .gemini/settings.json
  {"hooks": {"BeforeTool": [{"matcher": ".*", "hooks": [{"type": "command", "command": "recourse hook gemini-cli"}]}]}}`},
		"cursor": {"Cursor beforeShellExecution / beforeMCPExecution / preToolUse hook",
			`Every answer is JSON on stdout: {"permission": "allow" | "deny" | "ask",
"user_message", "agent_message"}. On beforeShellExecution and
beforeMCPExecution an escalate asks (or with --escalate-as deny stops); on
preToolUse, where Cursor runs a call it was told to ask about, it is a deny
with an allow-once code. A warn with --warn-context goes ahead with an
agent_message.`,
			`  # .cursor/hooks.json
  {"version": 1, "hooks": {"beforeShellExecution": [{"command": "recourse hook cursor", "failClosed": true}],
    "beforeMCPExecution": [{"command": "recourse hook cursor", "failClosed": true}],
    "preToolUse": [{"command": "recourse hook cursor", "failClosed": true}]}}`},
		"copilot": {"GitHub Copilot CLI and coding agent preToolUse hook",
			`Reads the preToolUse input (toolArgs a JSON string or object) and the
PreToolUse one (tool_name, tool_input). A stop prints {"permissionDecision":
"deny", "permissionDecisionReason"}; an escalate asks ("ask", or with
--escalate-as deny a stop), which the coding agent and -p read as a deny; a
call that goes ahead prints nothing (with --warn-context, additionalContext).
VS Code runs ~/.copilot/hooks entries with its own input, which is read and
answered as recourse hook vscode's.`,
			`  # ~/.copilot/hooks/recourse.json or .github/hooks/recourse.json
  {"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "recourse hook copilot", "timeoutSec": 30}]}}`},
		"windsurf": {"Windsurf Cascade pre_run_command / pre_mcp_tool_use / pre_write_code hook",
			`A stop exits 2 with the reason on stderr, which blocks the action. Windsurf
does not ask: an escalate stops, with an allow-once code.`,
			`  # .windsurf/hooks.json
  {"hooks": {"pre_run_command": [{"command": "recourse hook windsurf", "show_output": true}]}}`},
		"cline": {"Cline PreToolUse hook",
			`Every answer is JSON on stdout: {"cancel": true, "errorMessage"} stops,
{"cancel": false} goes ahead (with --warn-context, a contextModification).
Cline does not ask: an escalate stops, with an allow-once code; in Cline 4.x
a stop ends the whole task. Reads both Cline 4.x's SDK tools (run_commands,
editor, apply_patch, server__tool) and the classic ones.`,
			`  # .clinerules/hooks/PreToolUse (executable)
  #!/bin/sh
  exec recourse hook cline`},
		"kiro": {"Kiro CLI PreToolUse hook",
			`A stop exits 2 with the reason on stderr, which Kiro returns to the model.
Kiro does not ask: an escalate stops, with an allow-once code.`,
			`  # .kiro/hooks/recourse.json (Kiro CLI 3.x, every agent)
  {"version": "v1", "hooks": [{"name": "recourse", "trigger": "PreToolUse", "action": {"type": "command", "command": "recourse hook kiro"}}]}
  # or, the earlier form, .kiro/agents/AGENT.json
  {"hooks": {"preToolUse": [{"matcher": "*", "command": "recourse hook kiro"}]}}`},
		"goose": {"goose PreToolUse plugin hook",
			`A stop exits 2 with the reason on stderr; a call that goes ahead prints
nothing. goose does not ask: an escalate stops, with an allow-once code.`,
			`  # ~/.agents/plugins/recourse/hooks/hooks.json
  {"hooks": {"PreToolUse": [{"matcher": ".*", "hooks": [{"type": "command", "command": "recourse hook goose", "on_failure": "block"}]}]}}`},
		"vscode": {"VS Code agent PreToolUse hook",
			`Every answer is hookSpecificOutput JSON on stdout with exit 0:
permissionDecision "deny" stops, "ask" asks (an escalate; --escalate-as deny
stops), a warn with --warn-context adds additionalContext, and a call that
goes ahead prints nothing. A Copilot CLI input (VS Code's hook files are
Copilot's too) is read and answered as recourse hook copilot's.`,
			`  # .github/hooks/recourse-vscode.json or ~/.copilot/hooks/recourse-vscode.json
  {"hooks": {"PreToolUse": [{"type": "command", "command": "recourse hook vscode", "timeout": 30}]}}`},
		"docker-mcp": {"Docker MCP Gateway before:exec interceptor",
			`The input is the go-sdk request the gateway marshals ({"Session", "Params":
{"name", "arguments"}, "Extra"}) or {"method": "tools/call", "params"}. A
stop prints a CallToolResult with isError true and the reason, which the
gateway returns in place of the tool's result; a call that goes ahead prints
nothing. The gateway cannot ask: an escalate stops, with an allow-once code.`,
			`  docker mcp gateway run --interceptor 'before:exec:recourse hook docker-mcp'`},
		// Issue 30's new hosts.
		"qwen-code": {"Qwen Code PreToolUse hook",
			`Claude Code's input and answers: a stop exits 2 with the reason on stderr;
an escalate asks the user (hookSpecificOutput.permissionDecision "ask"), or
with --escalate-as deny stops. run_shell_command runs in its "directory"
argument. Qwen Code lets a call run when a hook crashes or times out unless
the entry says "failMode": "closed", as recourse install qwen-code writes.`,
			`  # ~/.qwen/settings.json
  {"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "recourse hook qwen-code", "failMode": "closed"}]}]}}`},
		"factory-droid": {"Factory Droid PreToolUse hook",
			`Execute, Create, Edit, ApplyPatch and mcp__server__tool calls. A stop exits 2
with the reason on stderr; an escalate asks the user (permissionDecision
"ask"), or with --escalate-as deny stops. Droid runs the call when a hook
crashes or times out, and applies an edited hook only after /hooks review.`,
			`  # ~/.factory/settings.json
  {"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "recourse hook factory-droid"}]}]}}`},
		"kimi-code": {"Kimi Code CLI PreToolUse hook",
			`A stop exits 2 with the reason on stderr. Kimi does not ask: an escalate stops,
with an allow-once code. Kimi fails open: a hook that crashes or times out
lets the call run.`,
			`  # ~/.kimi/config.toml
  [[hooks]]
  event = "PreToolUse"
  command = "recourse hook kimi-code"`},
		"opencode": {"OpenCode tool.execute.before plugin hook",
			`Run by the plugin recourse install opencode writes, with {"tool", "args",
"directory", "sessionID", "callID"} on stdin. A stop exits 2 with the reason on
stderr, which the plugin throws, so OpenCode does not run the tool; the plugin
also throws when this hook cannot run. OpenCode cannot ask: an escalate stops,
with an allow-once code.`,
			`  # ~/.config/opencode/plugins/recourse.js (written by recourse install opencode)
  "tool.execute.before": runs recourse hook opencode and throws unless it exits 0`},
		"auggie": {"Augment Auggie CLI PreToolUse hook",
			`{"tool_name", "tool_input", "cwd"?} on stdin. launch-process is judged by its
command line, str-replace-editor, save-file and remove-files as the file tools
they are, its reading tools as reads; an MCP tool ({tool}_{server}) or an
integration needs review. A stop exits 2 with the reason on stderr. Auggie's
docs give no way to ask: an escalate stops, with an allow-once code. A file
tool's relative path is refused when the input has no cwd. Auggie runs a .sh
file: recourse install auggie writes ~/.augment/hooks/recourse.sh, which execs
this hook. What Auggie does when a hook crashes or times out is not documented.`,
			`  # ~/.augment/settings.json (recourse install auggie)
  {"hooks": {"PreToolUse": [{"matcher": ".*", "hooks": [{"type": "command", "command": "/home/dev/.augment/hooks/recourse.sh", "timeout": 30000}]}]}}`},
	}
})

// annotation marks a command whose every failure, usage errors included,
// must be answered with its host's stop (Host reads it).
const annotation = "recourse.hook"

// Answered is a hook's exit status once it has answered its host: the
// error a hook command returns when it ran to the end.
type Answered struct{ Code int }

func (Answered) Error() string { return "hook answered" }

// Options are what differs between the binaries that run hooks.
type Options struct {
	// Use is the command's name and arguments as the binary spells them:
	// "hook HOST" under recourse, "recourse-hook HOST" as its own binary.
	Use string
	// Policy is the policy engine for the Rego policies in dirs. When nil
	// (recourse-hook, which does not link OPA), a call whose settings name
	// policies is handed over to recourse hook HOST.
	Policy func(ctx context.Context, dirs []string) (*policy.Engine, error)
	// Ship ships a decision to the --decision-log sink url, with the
	// labels of --decision-log-label. When nil (recourse-hook, which links
	// no HTTP client), a call with --decision-log is handed over to
	// recourse hook HOST.
	Ship func(ctx context.Context, url string, labels map[string]string, e audit.Entry, input any) error
	// Only, when it names a host, makes that host's the only subcommand:
	// recourse-hook builds just the one its arguments run (each host's
	// command and flags are a part of every call's start-up), and all of
	// them for help, completion and an unknown host's error.
	Only string
}

// Command is the hook command: one subcommand per host.
func Command(o Options) *cobra.Command {
	hook := &cobra.Command{
		Use:   o.Use,
		Short: "Run as a coding agent's pre-execution hook",
		Long: `Run as a coding agent's pre-tool hook: read the host's hook input on stdin,
evaluate the call and answer in the host's own form.

Whatever goes wrong — an unknown host or flag, a bad flag value, an input
that cannot be read, a policy that does not load, a panic, a deadline — is
answered with the host's stop, never with "go ahead": a typo in the host's
settings stops calls loudly rather than switching the guard off.`,
		Annotations: map[string]string{annotation: ""},
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 0 {
				return fmt.Errorf("unknown hook host %q; expected one of %s", args[0], hostNames())
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			return fmt.Errorf("expected a host: recourse hook HOST, one of %s", hostNames())
		},
	}
	for _, h := range Hosts {
		if o.Only == "" || h.Name() == o.Only {
			hook.AddCommand(hostCommand(h, o))
		}
	}
	return hook
}

// flags are a host command's flags.
type flags struct {
	environment, actor, failOn, escalateAs, auditLog, decisionLog string
	observe                                                       string
	policies                                                      []string
	decisionLabels                                                map[string]string
	timeout                                                       time.Duration
	warnContext                                                   bool
}

// hostCommand is the hook of host h.
func hostCommand(h hooks.Host, o Options) *cobra.Command {
	var f flags
	help := hostHelp()[h.Name()]
	cmd := &cobra.Command{
		Use:   h.Name(),
		Short: help.short + ": reads the call on stdin and stops it when Recourse would",
		Long: "Run as the " + help.short + ". The host's hook input arrives on stdin; a shell\n" +
			`call's command line is judged in its working directory, a file write or edit as
the file tool it is, and an MCP call by its server, tool and arguments. Keys
are read exactly: a key given twice, or beside a case variant of itself,
stops the call.

` + help.answers + `

A block, or a decision at or above --fail-on (default escalate), stops the
call; below it the call goes ahead. Every stop and question carries an
allow-once code: a person who runs recourse allow-once CODE in their own
terminal lets exactly that call run once, within 15 minutes. Anything that
cannot be read or evaluated, a usage error in the hook's own command line
included, is answered with the host's stop, never with "go ahead".`,
		Example:     help.example,
		Annotations: map[string]string{annotation: h.Name()},
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 0 {
				return fmt.Errorf("unexpected argument %q", args[0])
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runHost(cmd, h, o, f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.environment, "environment", "", `where the agent works; "production", "prod" ... make the default policy stricter`)
	fl.StringVar(&f.actor, "actor", h.Name(), "who proposes the change, passed to the policy")
	fl.StringArrayVar(&f.policies, "policy", nil, "directory of Rego policies (repeatable; see docs/policy.md)")
	fl.StringVar(&f.failOn, "fail-on", string(model.Escalate), "lowest decision that stops the call: warn, escalate or block")
	fl.DurationVar(&f.timeout, "timeout", DefaultTimeout, "deadline for the evaluation; past it the call is stopped")
	fl.BoolVar(&f.warnContext, "warn-context", false, "add a warn's reason to the agent's context when the call goes ahead (Claude Code's additionalContext, Cursor's agent_message, Cline's contextModification)")
	fl.StringVar(&f.auditLog, "audit-log", "", "append every decision to this hash-chained JSONL file (shared with other hooks and recourse serve; recourse audit verify checks it); a decision that cannot be recorded stops the call")
	fl.StringVar(&f.decisionLog, "decision-log", "", "ship every decision to this URL in OPA's decision-log format (as recourse serve does; input redacted); a decision that cannot be shipped stops the call")
	fl.StringToStringVar(&f.decisionLabels, "decision-log-label", nil, "a label of every shipped decision, KEY=VALUE (repeatable)")
	fl.StringVar(&f.escalateAs, "escalate-as", "ask", "how an escalate is answered where the host can ask (Claude Code, Gemini CLI, Cursor's shell and MCP events): ask (the user decides) or deny")
	fl.StringVar(&f.observe, "observe", observe.Auto, "auto: read the script files, patches and archives a shell call runs or applies (bash x.sh, ./x.sh, python3 x.py, source x, git apply x.patch, tar xf x.tar; read-only, bounded) and the symbolic links its operands go through, and judge what they contain; gather git and file facts (tracked, modified, untracked, ignored, merged, pushed, sizes) about what its mutating commands and the agent's own file tools (Write, write_file, apply_patch) act on (docs/observe.md); off: read nothing, so such a call needs review")
	_ = cmd.RegisterFlagCompletionFunc("escalate-as", fixedCompletion("ask", "deny"))
	_ = cmd.RegisterFlagCompletionFunc("observe", fixedCompletion(observe.Modes...))
	_ = cmd.RegisterFlagCompletionFunc("fail-on", fixedCompletion("warn", "escalate", "block"))
	return cmd
}

// fixedCompletion completes a flag from a fixed list of values.
func fixedCompletion(values ...string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	}
}

// runHost reads the host's input, resolves the configuration of the
// call's working directory and answers the host. The configuration is
// resolved before anything else reads the call, so that a call handed
// over to recourse hook HOST (Rego policies, which recourse-hook cannot
// run) reaches it untouched: no allow-once code taken, nothing recorded.
func runHost(cmd *cobra.Command, h hooks.Host, o Options, f flags) error {
	failOn, ok := model.ParseFailOn(f.failOn)
	if !ok {
		return fmt.Errorf("--fail-on %q: expected warn, escalate or block", f.failOn)
	}
	if f.timeout <= 0 {
		return fmt.Errorf("--timeout %s: expected a positive duration such as 30s", f.timeout)
	}
	if f.escalateAs != "ask" && f.escalateAs != "deny" {
		return fmt.Errorf("--escalate-as %q: expected ask or deny", f.escalateAs)
	}
	if !slices.Contains(observe.Modes, f.observe) {
		return fmt.Errorf("--observe %q: expected auto or off", f.observe)
	}
	data, err := evaluator.ReadInput(cmd.InOrStdin(), "-")
	if err != nil {
		return err
	}
	// A call that cannot be read has no working directory: its
	// configuration is the process's, and hooks.Run refuses the call.
	call, _ := h.Read(data)
	var notes strings.Builder
	settings, exceptions, setupErr := config.Resolve(call.Cwd, config.Settings{
		Environment: f.environment, EnvironmentSet: cmd.Flags().Changed("environment"),
		FailOn: failOn, FailOnSet: cmd.Flags().Changed("fail-on"),
		Policies: f.policies,
	}, time.Now(), &notes)
	if setupErr == nil && (len(settings.Policies) > 0 && o.Policy == nil || f.decisionLog != "" && o.Ship == nil) {
		code, err := handOver(cmd, h, data)
		if err != nil {
			return err
		}
		return Answered{code}
	}
	cfg := hooks.Config{
		Setup: func(ctx context.Context, cwd string) (hooks.Setup, error) {
			if setupErr != nil {
				return hooks.Setup{}, setupErr
			}
			ev, err := newEvaluator(ctx, o, settings.Policies)
			if err != nil {
				return hooks.Setup{}, err
			}
			obs, err := observe.New(f.observe, cwd)
			if err != nil {
				return hooks.Setup{}, err
			}
			opts := evaluator.Options{Environment: settings.Environment, Actor: f.actor, Timeout: f.timeout, MemoryCeiling: evaluator.MemoryCeiling,
				Exceptions: exceptions, Workspace: workspace.Read(cwd), Observer: obs, Home: os.Getenv("HOME"),
				// The agent's own file tools write where the hook runs.
				ObserveAgentTools: true}
			return hooks.Setup{Evaluator: ev, Options: opts, FailOn: settings.FailOn, Notes: lines(notes.String())}, nil
		},
		WarnContext: f.warnContext, EscalateAsk: f.escalateAs == "ask",
	}
	if !sql.Available() {
		// recourse-hook has only the SQL fast path: a call with SQL it
		// does not read is judged by recourse hook HOST, which has the
		// full parser.
		cfg.Incomplete = unparsedSQL
		cfg.HandOver = func() (int, error) { return handOver(cmd, h, data) }
	}
	if f.auditLog != "" || f.decisionLog != "" {
		cfg.Observe = func(tool, input string, rep *report.ConsequenceReport, err error) error {
			return record(cmd.Context(), f, o, "hook/"+h.Name(), tool, input, rep, err)
		}
	}
	cfg.AllowOnce, cfg.AllowOnceErr = allowonce.Default()
	return Answered{hooks.Run(cmd.Context(), h, bytes.NewReader(data), cmd.OutOrStdout(), cmd.ErrOrStderr(), cfg)}
}

// record writes a hook's decision to --audit-log and ships it to
// --decision-log, as configured: one entry, one decision id.
func record(ctx context.Context, f flags, o Options, endpoint, tool, input string, rep *report.ConsequenceReport, evalErr error) error {
	var ship audit.Ship
	if f.decisionLog != "" {
		ship = func(ctx context.Context, e audit.Entry, shown any) error {
			return o.Ship(ctx, f.decisionLog, f.decisionLabels, e, shown)
		}
	}
	return audit.RecordOne(ctx, f.auditLog, ship, endpoint, []byte(input), map[string]any{"tool": tool, "input": input}, rep, evalErr)
}

// newEvaluator is a hook's evaluator: the rules of command lines and tool
// calls (builtin.CommandEngine leaves the Terraform resource tables out)
// and the policy.
func newEvaluator(ctx context.Context, o Options, dirs []string) (*evaluator.Evaluator, error) {
	pol := policy.Default()
	if o.Policy != nil {
		var err error
		if pol, err = o.Policy(ctx, dirs); err != nil {
			return nil, err
		}
	}
	eng, err := builtin.CommandEngine()
	if err != nil {
		return nil, &model.Error{Kind: model.KindInternal, Message: err.Error(), Err: err}
	}
	return evaluator.New(eng, pol), nil
}

// FullBinary is the name of the binary recourse-hook hands a call over
// to, looked for beside recourse-hook only.
const FullBinary = "recourse"

// unparsedSQL reports whether rep judges SQL text that was not parsed: a
// statement the rule for unparsed SQL judged, or one whose evidence is
// that this binary has no parser for it. Whatever the reason the text was
// not parsed (the fast path does not read it, or no parser does), the full
// binary judges it again: handing over more than needed costs time, never
// a verdict.
func unparsedSQL(rep *report.ConsequenceReport) bool {
	for _, m := range rep.Mutations {
		if m.Intent.Target.Type != model.SQLProgram {
			continue
		}
		if m.Recoverability.RuleID == "sql.unparsed" || slices.ContainsFunc(m.Evidence, func(e model.Evidence) bool { return e.Value == sql.NoParser }) {
			return true
		}
	}
	return false
}

// handOver runs recourse hook HOST with the same flags on the same input,
// which answers the host, and returns its exit status. Its answer is
// passed on only when its status is one a hook answers with (0, or the
// stop status); a recourse that cannot be found or run, that does not
// finish, that is killed, or that ends with any other status is an error,
// which the caller answers with the host's stop — a status such as 1,
// which some hosts read as a failed hook and then run the call, never
// reaches the host.
func handOver(cmd *cobra.Command, h hooks.Host, data []byte) (int, error) {
	bin, err := fullBinary()
	if err != nil {
		return 0, err
	}
	args := []string{"hook", h.Name()}
	cmd.Flags().Visit(func(fl *pflag.Flag) {
		if sv, ok := fl.Value.(pflag.SliceValue); ok {
			for _, v := range sv.GetSlice() {
				args = append(args, "--"+fl.Name+"="+v)
			}
			return
		}
		args = append(args, "--"+fl.Name+"="+fl.Value.String())
	})
	run := exec.CommandContext(cmd.Context(), bin, args...)
	run.Stdin = bytes.NewReader(data)
	var stdout, stderr bytes.Buffer
	run.Stdout, run.Stderr = &stdout, &stderr
	err = run.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return 0, fmt.Errorf("%s hook %s, which judges what recourse-hook cannot, did not answer: %w", bin, h.Name(), err)
	}
	code := run.ProcessState.ExitCode()
	if code != 0 && code != hooks.ExitStop {
		return 0, fmt.Errorf("%s hook %s, which judges what recourse-hook cannot, ended with %s, which is not an answer", bin, h.Name(), run.ProcessState)
	}
	if _, err := io.Copy(cmd.OutOrStdout(), &stdout); err != nil {
		return 0, err
	}
	_, _ = io.Copy(cmd.ErrOrStderr(), &stderr)
	return code, nil
}

// fullBinary finds recourse beside this executable, and only there: the
// first recourse on PATH is whatever the agent's environment puts first
// (a project's node_modules/.bin, a directory the agent wrote), and the
// hook must not hand a call over to a program of the agent's choosing.
func fullBinary() (string, error) {
	if p, ok := buildinfo.Sibling(FullBinary); ok {
		return p, nil
	}
	return "", fmt.Errorf("this call needs %s (for Rego policies, SQL or --decision-log, which recourse-hook hands over to it), and it is not beside recourse-hook; recourse-hook does not look for it on PATH: install %s in the same directory as recourse-hook", FullBinary, FullBinary)
}

// lines splits text into its non-empty lines.
func lines(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// hostNames lists the hosts' names for messages.
func hostNames() string {
	names := make([]string, len(Hosts))
	for i, h := range Hosts {
		names[i] = h.Name()
	}
	return strings.Join(names, ", ")
}

// Host returns the host of a command under the hook command, and whether
// cmd is under it at all (a nil host: the hook command itself, or an
// unknown host name).
func Host(cmd *cobra.Command) (hooks.Host, bool) {
	if cmd == nil {
		return nil, false
	}
	name, ok := cmd.Annotations[annotation]
	if !ok {
		return nil, false
	}
	return HostNamed(name), true
}

// HostNamed is the host of that name, or nil.
func HostNamed(name string) hooks.Host {
	for _, h := range Hosts {
		if h.Name() == name {
			return h
		}
	}
	return nil
}

// Status is the exit status of a command that ran under the hook command
// and returned err, and whether cmd is under it at all: a hook that
// answered exits as it answered; any other error is its host's stop.
func Status(cmd *cobra.Command, err error, stdout, stderr io.Writer) (int, bool) {
	var answered Answered
	if errors.As(err, &answered) {
		return answered.Code, true
	}
	h, ok := Host(cmd)
	if !ok {
		return 0, false
	}
	return hooks.Fail(h, stdout, stderr, err), true
}

// Main runs recourse-hook's command line (args without the program's name)
// and returns its exit status; every failure, a panic included, is the
// host's stop.
func Main(version string, args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			var h hooks.Host
			if len(args) > 0 {
				h = HostNamed(args[0])
			}
			code = hooks.Fail(h, stdout, stderr, fmt.Errorf("recourse-hook panicked: %v (this is a bug in Recourse; please report it)", r))
		}
	}()
	o := Options{Use: "recourse-hook HOST"}
	if len(args) > 0 && HostNamed(args[0]) != nil {
		o.Only = args[0]
	}
	root := Command(o)
	root.Long += "\n\nrecourse-hook is recourse hook in a binary of its own that starts faster;\nrecourse install wires it in when it is installed beside recourse."
	root.Version = version
	root.SilenceUsage, root.SilenceErrors = true, true
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	cmd, err := root.ExecuteC()
	if err == nil {
		return 0
	}
	if code, ok := Status(cmd, err, stdout, stderr); ok {
		return code
	}
	return hooks.Fail(nil, stdout, stderr, err)
}
