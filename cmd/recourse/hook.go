package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/model"
)

// exitHookStop is the status with which a Claude Code PreToolUse hook stops
// the tool call; its stderr is the reason Claude is shown. Every other
// non-zero status lets the call go ahead, so the hook never uses them.
const exitHookStop = 2

// claudeCodeInput is the part of a Claude Code PreToolUse hook's input
// that Recourse reads.
type claudeCodeInput struct {
	ToolName  string          `json:"tool_name"`
	ToolInput json.RawMessage `json:"tool_input"`
	Cwd       string          `json:"cwd"`
}

func newHookCmd() *cobra.Command {
	hook := &cobra.Command{
		Use:   "hook",
		Short: "Run as a coding agent's pre-execution hook",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return usageErr("expected a hook: recourse hook claude-code")
		},
	}
	var f evalFlags
	var warnContext bool
	cc := &cobra.Command{
		Use:   "claude-code",
		Short: "Claude Code PreToolUse hook: reads the tool call on stdin and stops it when Recourse would",
		Long: `Run as a Claude Code PreToolUse hook. The hook input arrives on stdin
({"tool_name": ..., "tool_input": {...}, "cwd": ...}); a Bash call's command is
judged as a shell command line in its cwd, any other tool (Write, Edit, an
mcp__server__tool ...) as a tool call with its input as the arguments.

A decision at or above --fail-on (default escalate) exits 2 with the reason on
stderr, which stops the call and tells Claude why; below it, 0. Anything that
cannot be read or evaluated also exits 2: Claude Code lets a call go ahead on
any other status, so this hook never uses them. With --warn-context, a warn
below --fail-on goes ahead with its reason added to Claude's context
(hookSpecificOutput.additionalContext on stdout), so that Claude can tell the
user what recovering would take; the permission stays Claude Code's.`,
		Example: `  # .claude/settings.json
  {"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "recourse hook claude-code"}]}]}}`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runClaudeCodeHook(cmd, &f, warnContext)
		},
	}
	fl := cc.Flags()
	fl.StringVar(&f.environment, "environment", "", `where the agent works; "production", "prod" ... make the default policy stricter`)
	fl.StringVar(&f.actor, "actor", "claude-code", "who proposes the change, passed to the policy")
	fl.StringArrayVar(&f.policies, "policy", nil, "directory of Rego policies (repeatable; see docs/policy.md)")
	fl.StringVar(&f.failOn, "fail-on", string(model.Escalate), "lowest decision that stops the call: warn, escalate or block")
	fl.DurationVar(&f.timeout, "timeout", 10*time.Second, "deadline for the evaluation; past it the call is stopped")
	fl.BoolVar(&warnContext, "warn-context", false, "add a warn's reason to Claude's context when the call goes ahead (additionalContext)")
	_ = cc.RegisterFlagCompletionFunc("fail-on", fixedCompletion("warn", "escalate", "block"))
	hook.AddCommand(cc)
	return hook
}

// runClaudeCodeHook evaluates one hook input and answers with Claude
// Code's exit statuses: 0 to go ahead, 2 to stop.
func runClaudeCodeHook(cmd *cobra.Command, f *evalFlags, warnContext bool) error {
	f.format = "human"
	_, failOn, err := f.check()
	if err != nil {
		return err
	}
	stderr := cmd.ErrOrStderr()
	stop := func(format string, args ...any) error {
		fmt.Fprintf(stderr, "Recourse stopped this call: "+format+"\n", args...)
		return &exitStatus{code: exitHookStop}
	}
	data, err := evaluator.ReadInput(cmd.InOrStdin(), "-")
	if err != nil {
		return stop("%v", err)
	}
	in, kind, input, err := hookInput(data)
	if err != nil {
		return stop("%v", err)
	}
	ev, err := newEvaluator(cmd.Context(), f.policies)
	if err != nil {
		return stop("%s", model.AsError(err).Message)
	}
	opts := evaluator.Options{Environment: f.environment, Actor: f.actor, Timeout: f.timeout, Cwd: in.Cwd}
	rep, err := ev.Evaluate(cmd.Context(), kind, input, nil, opts)
	if err != nil {
		e := model.AsError(err)
		return stop("the %s call could not be evaluated (%s): %s", in.ToolName, e.Kind, e.Message)
	}
	what := map[model.Decision]string{
		model.Warn:     "go ahead only after telling the user what recovering from it would take",
		model.Escalate: "ask the user first: the input does not show enough to do this safely",
		model.Block:    "do not run this; change the command or the plan instead",
	}[rep.RiskAssessment]
	if rep.RiskAssessment.Rank() < failOn.Rank() {
		if warnContext && rep.RiskAssessment == model.Warn {
			// No permissionDecision: Claude Code's own rules still decide.
			out := map[string]any{"hookSpecificOutput": map[string]string{"hookEventName": "PreToolUse",
				"additionalContext": "Recourse: WARN — " + rep.AssessmentReason + ". " + what + "."}}
			return json.NewEncoder(cmd.OutOrStdout()).Encode(out)
		}
		return nil
	}
	return stop("%s — %s. %s", strings.ToUpper(string(rep.RiskAssessment)), rep.AssessmentReason, what)
}

// hookInput reads a PreToolUse input into what to evaluate: a Bash call's
// command line, or any other tool call as an MCP-style call.
func hookInput(data []byte) (claudeCodeInput, evaluator.Kind, []byte, error) {
	var in claudeCodeInput
	if err := json.Unmarshal(data, &in); err != nil {
		return in, 0, nil, fmt.Errorf("the hook input is not JSON (%v); expected Claude Code's PreToolUse input, {\"tool_name\": \"Bash\", \"tool_input\": {\"command\": \"ls\"}}", err)
	}
	if in.ToolName == "" {
		return in, 0, nil, fmt.Errorf(`the hook input has no tool_name; expected {"tool_name": "Bash", "tool_input": {"command": "ls"}}`)
	}
	if in.ToolName == "Bash" {
		var bash struct {
			Command string `json:"command"`
		}
		if err := json.Unmarshal(in.ToolInput, &bash); err != nil || strings.TrimSpace(bash.Command) == "" {
			return in, 0, nil, fmt.Errorf(`the Bash call has no command in tool_input; expected {"tool_input": {"command": "ls"}}`)
		}
		return in, evaluator.KindShell, []byte(bash.Command), nil
	}
	args := in.ToolInput
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage("{}")
	}
	call := map[string]any{"tool": in.ToolName, "arguments": args}
	if !strings.HasPrefix(in.ToolName, "mcp__") {
		call["server"] = "claude-code" // a built-in tool (Write, Edit ...); an mcp__server__tool names its server
	}
	out, err := json.Marshal(call)
	if err != nil {
		return in, 0, nil, err
	}
	return in, evaluator.KindMCPCall, out, nil
}
