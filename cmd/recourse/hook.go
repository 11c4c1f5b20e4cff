package main

import (
	"context"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/recourse-dev/recourse/allowonce"
	"github.com/recourse-dev/recourse/audit"
	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/hooks"
	"github.com/recourse-dev/recourse/internal/workspace"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/report"
)

// hookHosts are the hosts recourse hook answers, by name.
var hookHosts = []hooks.Host{hooks.ClaudeCode{}, hooks.Codex{}, hooks.GeminiCLI{}, hooks.Cursor{}, hooks.Copilot{},
	hooks.Windsurf{}, hooks.Cline{}, hooks.Kiro{}, hooks.Goose{}, hooks.DockerMCP{}}

// hostHelp is what recourse hook HOST --help says of each host: the
// hook it is, how it answers, and the configuration that installs it
// (recourse install HOST writes the same; docs/hooks/HOST.md cites the
// host's own documentation).
var hostHelp = map[string]struct{ short, answers, example string }{
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
at or above --fail-on stops too, with an allow-once code.`,
		`  # ~/.codex/hooks.json
  {"hooks": {"PreToolUse": [{"matcher": ".*", "hooks": [{"type": "command", "command": "recourse hook codex"}]}]}}`},
	"gemini-cli": {"Gemini CLI BeforeTool hook",
		`run_shell_command, write_file, replace and MCP calls (mcp_context names the
server). A stop prints {"decision": "deny", "reason"} and exits 2 with the
reason on stderr. Gemini CLI does not ask: an escalate stops, with an
allow-once code.`,
		`  # .gemini/settings.json
  {"hooks": {"BeforeTool": [{"matcher": ".*", "hooks": [{"type": "command", "command": "recourse hook gemini-cli"}]}]}}`},
	"cursor": {"Cursor beforeShellExecution / beforeMCPExecution / preToolUse hook",
		`Every answer is JSON on stdout: {"permission": "allow" | "deny" | "ask",
"user_message", "agent_message"}. An escalate asks (or with --escalate-as deny
stops); a warn with --warn-context goes ahead with an agent_message.`,
		`  # .cursor/hooks.json
  {"version": 1, "hooks": {"beforeShellExecution": [{"command": "recourse hook cursor", "failClosed": true}],
    "beforeMCPExecution": [{"command": "recourse hook cursor", "failClosed": true}]}}`},
	"copilot": {"GitHub Copilot CLI and coding agent preToolUse hook",
		`toolArgs is read as the JSON string Copilot sends. A stop prints
{"permissionDecision": "deny", "permissionDecisionReason"}; a call that goes
ahead prints nothing. An escalate at or above --fail-on stops, with an
allow-once code.`,
		`  # .github/hooks/recourse.json
  {"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "recourse hook copilot", "timeoutSec": 30}]}}`},
	"windsurf": {"Windsurf Cascade pre_run_command / pre_mcp_tool_use / pre_write_code hook",
		`A stop exits 2 with the reason on stderr, which blocks the action. Windsurf
does not ask: an escalate stops, with an allow-once code.`,
		`  # .windsurf/hooks.json
  {"hooks": {"pre_run_command": [{"command": "recourse hook windsurf", "show_output": true}]}}`},
	"cline": {"Cline PreToolUse hook",
		`Every answer is JSON on stdout: {"cancel": true, "errorMessage"} stops,
{"cancel": false} goes ahead (with --warn-context, a contextModification).
Cline does not ask: an escalate stops, with an allow-once code.`,
		`  # .clinerules/hooks/PreToolUse (executable)
  #!/bin/sh
  exec recourse hook cline`},
	"kiro": {"Kiro CLI preToolUse hook",
		`A stop exits 2 with the reason on stderr, which Kiro returns to the model.
Kiro does not ask: an escalate stops, with an allow-once code.`,
		`  # .kiro/agents/AGENT.json
  {"hooks": {"preToolUse": [{"matcher": "*", "command": "recourse hook kiro"}]}}`},
	"goose": {"goose PreToolUse plugin hook",
		`A stop exits 2 with the reason on stderr; a call that goes ahead prints
nothing. goose does not ask: an escalate stops, with an allow-once code.`,
		`  # ~/.agents/plugins/recourse/hooks/hooks.json
  {"hooks": {"PreToolUse": [{"matcher": ".*", "hooks": [{"type": "command", "command": "recourse hook goose", "on_failure": "block"}]}]}}`},
	"docker-mcp": {"Docker MCP Gateway before:exec interceptor",
		`A stop prints a CallToolResult with isError true and the reason, which the
gateway returns in place of the tool's result; a call that goes ahead prints
nothing. The gateway cannot ask: an escalate stops, with an allow-once code.`,
		`  docker mcp gateway run --interceptor 'before:exec:recourse hook docker-mcp'`},
}

// hookAnnotation marks a command whose every failure, usage errors
// included, must be answered with its host's stop (run reads it).
const hookAnnotation = "recourse.hook"

// hookAnswered is a hook's exit status once it has answered its host.
type hookAnswered struct{ code int }

func (h hookAnswered) Error() string { return "hook answered" }

func newHookCmd() *cobra.Command {
	hook := &cobra.Command{
		Use:   "hook HOST",
		Short: "Run as a coding agent's pre-execution hook",
		Long: `Run as a coding agent's pre-tool hook: read the host's hook input on stdin,
evaluate the call and answer in the host's own form.

Whatever goes wrong — an unknown host or flag, a bad flag value, an input
that cannot be read, a policy that does not load, a panic, a deadline — is
answered with the host's stop, never with "go ahead": a typo in the host's
settings stops calls loudly rather than switching the guard off.`,
		Annotations: map[string]string{hookAnnotation: ""},
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usageErr("unknown hook host %q; expected one of %s", args[0], hostNames())
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			return usageErr("expected a host: recourse hook HOST, one of %s", hostNames())
		},
	}
	for _, h := range hookHosts {
		hook.AddCommand(newHostCmd(h))
	}
	return hook
}

// newHostCmd is recourse hook HOST.
func newHostCmd(h hooks.Host) *cobra.Command {
	var f evalFlags
	var warnContext bool
	var escalateAs, auditLog string
	help := hostHelp[h.Name()]
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
		Annotations: map[string]string{hookAnnotation: h.Name()},
		Args:        noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			f.format = "human"
			_, failOn, err := f.check()
			if err != nil {
				return err
			}
			if escalateAs != "ask" && escalateAs != "deny" {
				return usageErr("--escalate-as %q: expected ask or deny", escalateAs)
			}
			cfg := hooks.Config{
				Setup: func(ctx context.Context, cwd string) (hooks.Setup, error) {
					var notes strings.Builder
					settings, exceptions, err := configured(cmd, cwd, f.environment, failOn, f.policies, &notes)
					if err != nil {
						return hooks.Setup{}, err
					}
					ev, err := newCommandEvaluator(ctx, settings.Policies)
					if err != nil {
						return hooks.Setup{}, err
					}
					opts := evaluator.Options{Environment: settings.Environment, Actor: f.actor, Timeout: f.timeout, MemoryCeiling: evaluator.MemoryCeiling,
						Exceptions: exceptions, Workspace: workspace.Read(cwd)}
					return hooks.Setup{Evaluator: ev, Options: opts, FailOn: settings.FailOn, Notes: lines(notes.String())}, nil
				},
				WarnContext: warnContext, EscalateAsk: escalateAs == "ask",
			}
			if auditLog != "" {
				cfg.Observe = func(tool, input string, rep *report.ConsequenceReport, err error) error {
					return audit.AppendFile(auditLog, audit.For("hook/"+h.Name(), []byte(input), rep, err))
				}
			}
			if dir, err := allowonce.DefaultDir(); err == nil {
				cfg.AllowOnce = &allowonce.Store{Dir: dir}
			} else {
				cfg.AllowOnceErr = err
			}
			return hookAnswered{hooks.Run(cmd.Context(), h, cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr(), cfg)}
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.environment, "environment", "", `where the agent works; "production", "prod" ... make the default policy stricter`)
	fl.StringVar(&f.actor, "actor", h.Name(), "who proposes the change, passed to the policy")
	fl.StringArrayVar(&f.policies, "policy", nil, "directory of Rego policies (repeatable; see docs/policy.md)")
	fl.StringVar(&f.failOn, "fail-on", string(model.Escalate), "lowest decision that stops the call: warn, escalate or block")
	fl.DurationVar(&f.timeout, "timeout", 10*time.Second, "deadline for the evaluation; past it the call is stopped")
	fl.BoolVar(&warnContext, "warn-context", false, "add a warn's reason to the agent's context when the call goes ahead (Claude Code's additionalContext, Cursor's agent_message, Cline's contextModification)")
	fl.StringVar(&auditLog, "audit-log", "", "append every decision to this hash-chained JSONL file (shared with other hooks and recourse serve; recourse audit verify checks it); a decision that cannot be recorded stops the call")
	fl.StringVar(&escalateAs, "escalate-as", "ask", "how an escalate is answered where the host can ask (Claude Code, Cursor): ask (the user decides) or deny")
	_ = cmd.RegisterFlagCompletionFunc("escalate-as", fixedCompletion("ask", "deny"))
	_ = cmd.RegisterFlagCompletionFunc("fail-on", fixedCompletion("warn", "escalate", "block"))
	return cmd
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
	names := make([]string, len(hookHosts))
	for i, h := range hookHosts {
		names[i] = h.Name()
	}
	return strings.Join(names, ", ")
}

// hookHost returns the host of a command under recourse hook, and whether
// cmd is under it at all (a nil host: recourse hook itself, or an unknown
// host name).
func hookHost(cmd *cobra.Command) (hooks.Host, bool) {
	if cmd == nil {
		return nil, false
	}
	name, ok := cmd.Annotations[hookAnnotation]
	if !ok {
		return nil, false
	}
	return hostNamed(name), true
}

// hostNamed is the host of that name, or nil.
func hostNamed(name string) hooks.Host {
	for _, h := range hookHosts {
		if h.Name() == name {
			return h
		}
	}
	return nil
}
