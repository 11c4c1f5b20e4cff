// Package hooks adapts agent hosts' pre-tool hooks to the evaluator. Each
// host (Claude Code, …) reads its own stdin and answers in its own form;
// what they share is here: one path that evaluates a call and one path
// that turns any failure — a usage error, an unreadable input, a policy
// that does not load, a panic, a deadline, a memory ceiling — into the
// host's stop. A hook never answers "go ahead" for a call it did not
// evaluate.
package hooks

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/recourse-dev/recourse/allowonce"
	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/report"
)

// Call is what a hook input asks the host to run, ready for the evaluator.
type Call struct {
	// Tool is the host's name for the tool (Bash, Write, mcp__github__…).
	Tool string
	// Parts are what the evaluator reads: one for most calls, one per file
	// for a patch that touches several (Codex's apply_patch). The call runs
	// only if every part may.
	Parts []Part
	// Cwd is where the call would run; empty when the host does not say.
	Cwd string
	// CannotAsk is set by Read when the call's event cannot ask its user
	// although the host can on others (Cursor's preToolUse accepts "ask"
	// but runs the call): an escalate is then a stop.
	CannotAsk bool
}

// Part is one evaluation of a call: a shell command line or a tool call.
type Part struct {
	Kind  evaluator.Kind
	Input []byte
}

// input is the call's parts as one text, for allow-once: the same text is
// the same call.
func (c Call) input() string {
	texts := make([]string, len(c.Parts))
	for i, p := range c.Parts {
		texts[i] = string(p.Input)
	}
	return strings.Join(texts, "\n")
}

// Answer is what a hook tells its host.
type Answer struct {
	// Stop is true when the call must not run.
	Stop bool
	// Ask is true when the host is to ask the user whether the call may
	// run (an escalate, on a host that can ask); the reason is the
	// question's.
	Ask bool
	// Reason is the one line the host shows the agent or the user.
	Reason string
	// Context, for a call that goes ahead, is a note for the agent (a warn's
	// recovery requirement) when the hook was asked to add one.
	Context string
}

// Host is one agent host's hook contract.
type Host interface {
	// Name is the host's name on the command line: recourse hook NAME.
	Name() string
	// Read reads the host's hook input into the call to evaluate. It reads
	// exactly the keys the host executes and refuses an input it cannot
	// read in one way only.
	Read(data []byte) (Call, error)
	// Write answers the host and returns the process's exit status.
	Write(stdout, stderr io.Writer, a Answer) int
	// CanAsk reports whether the host can ask its user about a call (an
	// Answer with Ask); a host that cannot is answered with a stop.
	CanAsk() bool
}

// All returns every host an adapter answers, in recourse hook's order; a
// new host is one more element here.
func All() []Host {
	return []Host{ClaudeCode{}, Codex{}, GeminiCLI{}, Cursor{}, Copilot{}, Windsurf{}, Cline{}, Kiro{}, Goose{}, DockerMCP{}, VSCode{},
		QwenCode{}, FactoryDroid{}, KimiCode{}, OpenCode{}, Auggie{}}
}

// Setup is what a hook evaluates a call with.
type Setup struct {
	Evaluator *evaluator.Evaluator
	// Options are the evaluation's; Cwd is taken from the call.
	Options evaluator.Options
	// FailOn is the lowest decision that stops the call.
	FailOn model.Decision
	// Notes are said with a stop (configuration warnings).
	Notes []string
}

// Config is how a hook evaluates.
type Config struct {
	// Setup prepares the evaluation for the call's working directory,
	// whose project configuration applies; an error (a policy that does
	// not load, a broken configuration file) stops the call.
	Setup func(ctx context.Context, cwd string) (Setup, error)
	// WarnContext adds a warn's reason to the agent's context when the
	// call goes ahead.
	WarnContext bool
	// EscalateAsk answers an escalate by asking the user, on hosts that
	// can ask; otherwise, or when false, an escalate at or above FailOn
	// stops the call. A block always stops it.
	EscalateAsk bool
	// AllowOnce, when set, lets a person let one stopped call through:
	// every stop or question carries a code for its exact call, and a
	// call whose code a person approved runs once (package allowonce).
	AllowOnce *allowonce.Store
	// AllowOnceErr says why AllowOnce is unset, for the stop messages.
	AllowOnceErr error
	// Observe, when set, is told of every call read: its tool, its parts'
	// text, the report that decided it (nil when it could not be
	// evaluated) and the error; for metrics and decision logs. An error it
	// returns (a decision record that cannot be written) stops the call.
	Observe func(tool, input string, rep *report.ConsequenceReport, err error) error
	// Incomplete, when set, says of a part's report that this binary
	// cannot judge all of it (recourse-hook, which has no SQL parser, of
	// a report with SQL in it). The call is then answered by HandOver,
	// and nothing is recorded here: HandOver judges it again.
	Incomplete func(rep *report.ConsequenceReport) bool
	// HandOver answers a call that Incomplete gave up on and returns the
	// exit status; an error is answered with the host's stop.
	HandOver func() (int, error)
}

// errIncomplete is decide's error for a call that Config.Incomplete gave
// up on.
var errIncomplete = errors.New("the call needs what this binary does not have")

// Run reads one hook input from stdin, evaluates it and answers the host.
// Whatever goes wrong, including a panic, the answer is the host's stop.
func Run(ctx context.Context, h Host, stdin io.Reader, stdout, stderr io.Writer, cfg Config) (code int) {
	defer func() {
		if r := recover(); r != nil {
			code = Fail(h, stdout, stderr, fmt.Errorf("internal error (a bug in Recourse; please report it): %v\n%s", r, debug.Stack()))
		}
	}()
	a, act, h, err := decide(ctx, h, stdin, cfg)
	if errors.Is(err, errIncomplete) {
		code, herr := cfg.HandOver()
		if herr == nil {
			return code
		}
		err = herr
	}
	if err != nil {
		a = Answer{Stop: true, Reason: failReason(err)}
	}
	if (a.Stop || a.Ask) && act != nil {
		a.Reason += AllowOnceNote(cfg.AllowOnce, cfg.AllowOnceErr, *act, a.Reason)
	}
	return h.Write(stdout, stderr, a)
}

// AllowOnceNote issues a code for a stopped or questioned call from store
// and says how a person uses it; a store that cannot issue one (or none,
// for the reason storeErr) is said too.
func AllowOnceNote(store *allowonce.Store, storeErr error, act allowonce.Action, reason string) string {
	if store == nil {
		if storeErr != nil {
			return " (allow-once is unavailable: " + storeErr.Error() + ")"
		}
		return ""
	}
	code, err := store.Issue(act, reason)
	if err != nil {
		return " (allow-once is unavailable: " + err.Error() + ")"
	}
	return fmt.Sprintf(" Code %s: to let exactly this call run once, a person runs `recourse allow-once %s` in their own terminal within %v.",
		allowonce.Display(code), allowonce.Display(code), allowonce.Window)
}

// Fail answers the host with its stop for a call that could not be
// evaluated: the one path every failure of every adapter takes. A nil
// host (recourse hook with a host name it does not know) answers as most
// hosts read a stop: exit status 2 and the reason on stderr.
func Fail(h Host, stdout, stderr io.Writer, err error) int {
	reason := failReason(err)
	if h == nil {
		fmt.Fprintln(stderr, reason)
		return ExitStop
	}
	return h.Write(stdout, stderr, Answer{Stop: true, Reason: reason})
}

func failReason(err error) string {
	return "Recourse could not evaluate this call, so it is stopped: " + firstLine(err)
}

// ExitStop is the exit status with which the hosts that read exit
// statuses (Claude Code, Codex, Gemini CLI, …) stop a call.
const ExitStop = 2

// decide evaluates the call in the hook input and says whether it may run,
// with the call as allow-once reads it once the input has been read, and
// the host to answer: h, or the sibling host whose input it is (Sibling).
func decide(ctx context.Context, h Host, stdin io.Reader, cfg Config) (Answer, *allowonce.Action, Host, error) {
	data, err := evaluator.ReadInput(stdin, "-")
	if err != nil {
		return Answer{}, nil, h, err
	}
	h = Sibling(h, data)
	a, act, err := judge(ctx, h, data, cfg)
	return a, act, h, err
}

// judge reads data as h's hook input and evaluates its call.
func judge(ctx context.Context, h Host, data []byte, cfg Config) (Answer, *allowonce.Action, error) {
	call, err := h.Read(data)
	if err != nil {
		return Answer{}, nil, err
	}
	if len(call.Parts) == 0 {
		return Answer{}, nil, fmt.Errorf("the %s call has nothing Recourse can evaluate", call.Tool)
	}
	act := &allowonce.Action{Host: h.Name(), Tool: call.Tool, Input: call.input(), Cwd: call.Cwd}
	if cfg.AllowOnce != nil {
		if rec, ok := cfg.AllowOnce.Take(*act); ok {
			return Answer{Context: fmt.Sprintf("Recourse: a person let this exact call through once with code %s (approved %s); the next one is judged as usual.",
				allowonce.Display(rec.Code), rec.Approved.Local().Format("15:04"))}, nil, nil
		}
	}
	setup, err := cfg.Setup(ctx, call.Cwd)
	if err != nil {
		return Answer{}, act, err
	}
	rep, err := worst(ctx, setup, call, cfg.Incomplete)
	if errors.Is(err, errIncomplete) {
		return Answer{}, act, err
	}
	if cfg.Observe != nil {
		if oerr := cfg.Observe(call.Tool, call.input(), rep, err); oerr != nil && err == nil {
			err = fmt.Errorf("the decision could not be recorded: %w", oerr)
		}
	}
	if err != nil {
		return Answer{}, act, err
	}
	a := answerFor(rep, cfg, setup.FailOn, h.CanAsk() && !call.CannotAsk)
	if a.Stop || a.Ask {
		for _, n := range setup.Notes {
			a.Reason += " (" + n + ")"
		}
	}
	return a, act, nil
}

// worst evaluates every part of call and returns the report with the
// strictest decision (the first of equals); any part that cannot be
// evaluated fails the whole call.
func worst(ctx context.Context, setup Setup, call Call, incomplete func(*report.ConsequenceReport) bool) (*report.ConsequenceReport, error) {
	opts := setup.Options
	opts.Cwd = call.Cwd
	var out *report.ConsequenceReport
	for _, p := range call.Parts {
		rep, err := setup.Evaluator.Evaluate(ctx, p.Kind, p.Input, nil, opts)
		if err != nil {
			e := model.AsError(err)
			return nil, fmt.Errorf("the %s call could not be evaluated (%s): %s", call.Tool, e.Kind, e.Message)
		}
		if incomplete != nil && incomplete(rep) {
			return nil, errIncomplete
		}
		if out == nil || rep.RiskAssessment.Rank() > out.RiskAssessment.Rank() {
			out = rep
		}
	}
	return out, nil
}

// nextStep says what the agent does for each decision that is not allow.
var nextStep = map[model.Decision]string{
	model.Warn:     "go ahead only after telling the user what recovering from it would take",
	model.Escalate: "ask the user first: the input does not show enough to do this safely",
	model.Block:    "do not run this; change the command or the plan instead",
}

// answerFor is Verdict under a hook's configuration: an escalate asks
// only when the host can ask and the hook was told to, and a warn's note
// reaches the agent only when the hook was told to add it.
func answerFor(rep *report.ConsequenceReport, cfg Config, failOn model.Decision, canAsk bool) Answer {
	a := Verdict(rep, failOn, cfg.EscalateAsk && canAsk)
	if !cfg.WarnContext {
		a.Context = ""
	}
	return a
}

// Verdict maps a report to what an adapter does with the call, the one
// decision mapping of every adapter (hooks, the MCP gateway): a decision
// at or above failOn stops the call, except an escalate, which asks when
// ask is set; below it the call goes ahead, a warn with its reason as
// Context.
func Verdict(rep *report.ConsequenceReport, failOn model.Decision, ask bool) Answer {
	d := rep.RiskAssessment
	line := strings.ToUpper(string(d)) + " — " + stakes(rep) + rep.AssessmentReason + "."
	switch alt := rep.SaferAlternative(); {
	case alt != "" && d == model.Block:
		// The alternative is the next step: do that, not this.
		line += " Do not run this; instead: " + alt + "."
	case alt != "" && d != model.Allow:
		line += " " + nextStep[d] + "; safer: " + alt + "."
	default:
		line += " " + nextStep[d] + "."
	}
	if d.Rank() >= failOn.Rank() {
		if d == model.Escalate && ask {
			return Answer{Ask: true, Reason: "Recourse asks before this call: " + line}
		}
		return Answer{Stop: true, Reason: "Recourse stopped this call: " + line}
	}
	var a Answer
	if d == model.Warn {
		a.Context = "Recourse: " + line
	}
	return a
}

// stakes is what observed facts show is at stake and the way back
// (report.Stakes), as the lines that lead a hook's stop or ask text; ""
// when nothing was observed.
func stakes(rep *report.ConsequenceReport) string {
	loss, back := report.Stakes(rep)
	var b strings.Builder
	if loss != "" {
		b.WriteString("At stake: " + loss + ".\n")
	}
	if back != "" {
		b.WriteString("Way back: " + back + ".\n")
	}
	return b.String()
}

// firstLine is the message of err without a panic's stack, which goes to
// no host.
func firstLine(err error) string {
	e := model.AsError(err)
	s, _, _ := strings.Cut(e.Message, "\n")
	if e.Field != "" {
		s = e.Field + ": " + s
	}
	if e.Expected != "" {
		s += "; expected " + e.Expected
	}
	return s
}
