package main

import (
	"context"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/recourse-dev/recourse/allowonce"
	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/hooks"
	"github.com/recourse-dev/recourse/internal/workspace"
	"github.com/recourse-dev/recourse/model"
)

// hookHosts are the hosts recourse hook answers, by name.
var hookHosts = []hooks.Host{hooks.ClaudeCode{}}

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
	var escalateAs string
	cmd := &cobra.Command{
		Use:   h.Name(),
		Short: "Claude Code PreToolUse hook: reads the tool call on stdin and stops it when Recourse would",
		Long: `Run as a Claude Code PreToolUse hook. The hook input arrives on stdin
({"tool_name": ..., "tool_input": {...}, "cwd": ...}); a Bash call's command is
judged as a shell command line in its cwd, any other tool (Write, Edit, an
mcp__server__tool ...) as a tool call with its input as the arguments. Keys
are read exactly: a key given twice, or beside a case variant of itself
("Command" next to "command"), stops the call.

A block, or any decision at or above --fail-on (default escalate) other than
an escalate, exits 2 with the reason on stderr, which stops the call and tells
Claude why; below it, 0. An escalate asks the user instead (exit 0 with
hookSpecificOutput.permissionDecision "ask" and the reason, which Claude Code
shows in its prompt), or with --escalate-as deny stops it. Every stop and
question carries an allow-once code: a person who runs
recourse allow-once CODE in their own terminal lets exactly that call run
once, within 15 minutes. Anything that
cannot be read or evaluated also exits 2 — a usage error in the hook's own
command line too: Claude Code lets a call go ahead on any other status, so
this hook never uses them. With --warn-context, a warn below --fail-on goes
ahead with its reason added to Claude's context
(hookSpecificOutput.additionalContext on stdout), so that Claude can tell the
user what recovering would take; the permission stays Claude Code's.`,
		Example: `  # .claude/settings.json
  {"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "recourse hook claude-code"}]}]}}`,
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
					ev, err := newEvaluator(ctx, settings.Policies)
					if err != nil {
						return hooks.Setup{}, err
					}
					opts := evaluator.Options{Environment: settings.Environment, Actor: f.actor, Timeout: f.timeout, MemoryCeiling: evaluator.MemoryCeiling,
						Exceptions: exceptions, Workspace: workspace.Read(cwd)}
					return hooks.Setup{Evaluator: ev, Options: opts, FailOn: settings.FailOn, Notes: lines(notes.String())}, nil
				},
				WarnContext: warnContext, EscalateAsk: escalateAs == "ask",
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
	fl.BoolVar(&warnContext, "warn-context", false, "add a warn's reason to Claude's context when the call goes ahead (additionalContext)")
	fl.StringVar(&escalateAs, "escalate-as", "ask", "how an escalate is answered: ask (the user is asked, permissionDecision ask) or deny")
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
