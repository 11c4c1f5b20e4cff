// Package evaluator runs the pipeline: an input is parsed into Mutations
// (evaluator/terraform, ...), each Mutation is judged by the rules or, when
// no rule knows it, by the classifier, the policy decides, and the result
// is a ConsequenceReport.
//
// The pipeline fails closed: a parse error, a panic anywhere in it, a
// policy error or a missed deadline is returned as a *model.Error, never as
// a report.
package evaluator

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"path"
	"reflect"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/recourse-dev/recourse/classifier"
	"github.com/recourse-dev/recourse/evaluator/mcpcall"
	"github.com/recourse-dev/recourse/evaluator/shell"
	"github.com/recourse-dev/recourse/evaluator/terraform"
	"github.com/recourse-dev/recourse/internal/jsonerr"
	"github.com/recourse-dev/recourse/internal/redact"
	"github.com/recourse-dev/recourse/internal/suggest"
	"github.com/recourse-dev/recourse/internal/workers"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/policy"
	"github.com/recourse-dev/recourse/report"
	"github.com/recourse-dev/recourse/rules"
	"github.com/recourse-dev/recourse/rules/crossaction"
	mcprules "github.com/recourse-dev/recourse/rules/mcp"
)

// DefaultTimeout bounds one evaluation when Options.Timeout is zero.
const DefaultTimeout = 30 * time.Second

// MaxInputBytes is the largest input read. Terraform plans of tens of
// thousands of changes are far below it.
const MaxInputBytes = 512 << 20

// Options describe one evaluation.
type Options struct {
	// Environment is where the change would run ("production"); the policy
	// may be stricter there.
	Environment string
	// Actor is who or what proposes the change (an agent or CI job id).
	Actor string
	// Owner is who owns the affected system, passed to the policy.
	Owner string
	// File names the input in reports and errors.
	File string
	// Timeout bounds the evaluation; zero means DefaultTimeout.
	Timeout time.Duration
	// Cwd is the working directory of a shell command line; empty means
	// unknown.
	Cwd string
	// Home is the home directory ($HOME) of the environment the command
	// line runs in (the hook's, eval's); empty means unknown. The path
	// resolver reads ~ and paths under it as the home directory's.
	Home string
	// State is a Terraform state (`terraform show -json` or a raw
	// terraform.tfstate) read with a plan, so that dependency impact and
	// cross-action risks see resources the plan does not show. Nil means
	// none; other inputs ignore it.
	State []byte
	// StateFile names the state in errors about it.
	StateFile string
	// ProviderSchema is the JSON of `terraform providers schema -json`
	// read with a plan: the classifier reads a destroyed type's schema
	// (descriptions, attributes, blocks) where no rule knows the type. Nil
	// means none; other inputs ignore it. It is the caller's evidence: in
	// a production environment it may only raise a verdict.
	ProviderSchema []byte
	// ProviderSchemaFile names the provider schema in errors and evidence.
	ProviderSchemaFile string
	// ProviderSchemaRaiseOnly marks ProviderSchema as the caller's word
	// rather than the operator's (a request's provider_schema on a server
	// or an MCP call): it may then only raise a verdict, anywhere.
	ProviderSchemaRaiseOnly bool
	// Schemas are the operator's provider schemas, parsed once (recourse
	// serve --provider-schema): read like ProviderSchema, raise-only in a
	// production environment, and they win over ProviderSchema for a type
	// both have.
	Schemas *terraform.ProviderSchemas
	// MemoryCeiling, when set, is the process's heap past which this
	// evaluation stops with an error (MemoryCeiling is the binary's). The
	// heap is the process's, not the evaluation's: a process that runs one
	// evaluation (the CLI, a hook) sets it; a server of many relies on the
	// caps that bound each one.
	MemoryCeiling uint64
	// Exceptions are the configured exceptions (package config): a change
	// one covers is marked, and the policy caps its decision at warn.
	Exceptions []model.Exception
	// Workspace is what the shell line's working directory (Cwd) shows
	// about itself, read by the caller; nil when it was not read.
	Workspace *model.Workspace
	// Observer reads the script files a shell line runs, where the gate
	// runs beside the action (internal/observe; --observe auto); nil: none
	// is read, and such a script needs review.
	Observer shell.Observer
	// ObserveCalls says that an MCP call acts on this machine (the
	// gateway's stdio upstreams): with an Observer that gathers facts
	// (FactObserver), the paths its file tools delete or write over and
	// the targets of the command lines it runs are observed as eval shell
	// observes a line's, from Cwd.
	ObserveCalls bool
	// ObserveAgentTools says that a coding agent's own file tools act on
	// this machine, from Cwd (the hooks, which run beside the agent): with
	// an Observer that gathers facts, the path a Write (Claude Code's
	// Write, Gemini CLI's write_file, a file Codex's apply_patch adds or
	// deletes) writes over or deletes is observed as for ObserveCalls, but
	// only for a call whose server is one of rules/mcp.AgentHosts; an MCP
	// server's tool named through the hook may run elsewhere, and is not.
	ObserveAgentTools bool
	// Dialect is what rewrites a shell line before the shell reads it
	// (shell.Dialect: a GitHub Actions step, a make recipe); empty is bash.
	Dialect shell.Dialect
	// Review are changes to Recourse's reviewed configuration that come
	// with the input (model.SourceConfig: an exception a pull request adds
	// or widens), judged beside the input's own changes; no exception
	// covers one.
	Review []model.Mutation
}

// FactObserver gathers, read-only and bounded, facts about what the
// commands of a shell line act on, where the action runs
// (internal/observe): one entry per command, nil where none were
// gathered. The rules judge them; the observer decides nothing.
type FactObserver interface {
	ObserveLine(ctx context.Context, cmds []*model.Command) []*model.Observed
}

// observeFacts records on each shell mutation's command what fo observed
// of it, within deadline (zero: the observer's own bound per command).
// With calls, a file tool's call (delete_file, write_file, move_file) is
// observed as the shell command that does the same (mcpcall.FileCommand),
// and its facts recorded on the call.
func observeFacts(fo FactObserver, ms []model.Mutation, deadline time.Time, calls bool) {
	cmds := make([]*model.Command, len(ms))
	for i := range ms {
		switch {
		case ms[i].Command != nil:
			cmds[i] = ms[i].Command
		case calls && ms[i].Call != nil:
			cmds[i], _ = mcpcall.FileCommand(ms[i].Call)
		}
	}
	ctx := context.Background()
	if !deadline.IsZero() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline)
		defer cancel()
	}
	for i, o := range fo.ObserveLine(ctx, cmds) {
		switch {
		case o == nil || cmds[i] == nil:
		case ms[i].Command != nil:
			c := *cmds[i]
			c.Observed = o
			ms[i].Command = &c
		default:
			call := *ms[i].Call
			call.Observed = o
			ms[i].Call = &call
		}
	}
}

// observesCall reports whether the MCP call whose mutations are ms acts
// on this machine, so that its targets (and those of the command lines
// it runs) are observed: every call for ObserveCalls (the gateway's stdio
// servers), a coding agent's own tool for ObserveAgentTools (the hooks).
func observesCall(ms []model.Mutation, opts Options) bool {
	if opts.ObserveCalls {
		return true
	}
	return opts.ObserveAgentTools && len(ms) > 0 && ms[0].Call != nil && slices.Contains(mcprules.AgentHosts, ms[0].Call.Server)
}

// Evaluator runs the pipeline. It is safe for concurrent use.
type Evaluator struct {
	rules *rules.Engine
	// policy is swapped whole when a policy bundle changes (SetPolicy):
	// an evaluation decides with the policy it started with.
	policy  atomic.Pointer[policy.Engine]
	workers *workers.Pool // a plan's or a large input's evaluations
}

// New returns an evaluator over a rule engine and a prepared policy.
func New(r *rules.Engine, p *policy.Engine) *Evaluator {
	e := &Evaluator{rules: r, workers: workers.New()}
	e.policy.Store(p)
	return e
}

// SetPolicy makes p the policy of the evaluations that start from now.
func (e *Evaluator) SetPolicy(p *policy.Engine) { e.policy.Store(p) }

// ReadInput reads all of r, refusing more than MaxInputBytes.
func ReadInput(r io.Reader, name string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxInputBytes+1))
	if err != nil {
		return nil, &model.Error{Kind: model.KindWrongDocument, File: name, Message: "cannot read the input: " + err.Error(), Err: err}
	}
	if len(data) > MaxInputBytes {
		return nil, &model.Error{Kind: model.KindInputTooLarge, File: name,
			Message:  fmt.Sprintf("the input is larger than %d MiB", MaxInputBytes>>20),
			Expected: "one plan's `terraform show -json` output; split very large configurations into several plans"}
	}
	return data, nil
}

// Terraform evaluates the JSON of a Terraform or OpenTofu plan.
func (e *Evaluator) Terraform(ctx context.Context, data []byte, opts Options) (*report.ConsequenceReport, error) {
	return e.Evaluate(ctx, KindTerraform, data, nil, opts)
}

// Shell evaluates a shell command line, as an agent would pass it to
// `bash -c`.
func (e *Evaluator) Shell(ctx context.Context, line string, opts Options) (*report.ConsequenceReport, error) {
	return e.guard(ctx, input{kind: KindShell, line: line}, nil, opts)
}

// MCPCall evaluates an MCP tool call an agent is about to make on another
// server: {"server": ..., "tool": ..., "arguments": {...}, "annotations": {...}}.
func (e *Evaluator) MCPCall(ctx context.Context, data []byte, opts Options) (*report.ConsequenceReport, error) {
	return e.Evaluate(ctx, KindMCPCall, data, nil, opts)
}

// Call evaluates an MCP tool call its caller has already read, as a
// gateway holds a tools/call (mcpcall.NewCall): the same judgement as
// MCPCall's of the call written as JSON, without writing and reading it
// again. arguments are the call's arguments as the client wrote them, from
// which c.Arguments was read: their size bounds the evaluation as an
// input's does, and a credential in them is masked in the report.
func (e *Evaluator) Call(ctx context.Context, c *mcpcall.Call, arguments []byte, opts Options) (*report.ConsequenceReport, error) {
	return e.guard(ctx, input{kind: KindMCPCall, call: c, data: arguments}, nil, opts)
}

// Kind is what an input is.
type Kind int

// The kinds of input.
const (
	KindTerraform Kind = iota
	KindMCPCall
	KindShell
)

// Evaluate parses an input of the given kind and runs the pipeline. With
// evidence, each change is judged once to learn which facts it lacks, the
// evidence that supplies exactly those facts is filled in, and the input is
// judged again; the report says which evidence was applied, what it moved,
// and which was ignored and why.
func (e *Evaluator) Evaluate(ctx context.Context, kind Kind, data []byte, evidence []report.EvidenceItem, opts Options) (*report.ConsequenceReport, error) {
	return e.guard(ctx, input{kind: kind, data: data}, evidence, opts)
}

// input is what an evaluation reads: the bytes of a plan or an MCP call,
// or a shell line, which Shell hands over as the string it is rather than
// copying it to bytes and back, or an MCP call already read (Call), with
// its arguments' bytes as data.
type input struct {
	kind Kind
	data []byte
	line string
	call *mcpcall.Call
}

func (in input) size() int { return len(in.data) + len(in.line) }

// run parses the input, applies the evidence and runs the pipeline.
func (e *Evaluator) run(ctx context.Context, in input, evidence []report.EvidenceItem, opts Options) (*report.ConsequenceReport, error) {
	deadline, _ := ctx.Deadline()
	src, ms, inv, info, err := parse(in, opts, deadline)
	if err != nil {
		return nil, err
	}
	ms = append(ms, opts.Review...)
	var ev *report.EvidenceReport
	if evidence != nil {
		ev = e.applyEvidence(ms, inv, evidence, opts.Actor, opts.Environment)
	}
	var mask *redact.Masker
	if mayQuoteSecrets(in, opts) || readFiles(ms) || observedAny(ms) {
		// A report that quotes the input, a script read from disk, or
		// the names of files observed there, is redacted.
		mask = in.masker()
	}
	rep, err := e.pipeline(ctx, src, ms, inv, opts, mask)
	if err != nil {
		return nil, err
	}
	rep.Input = info
	if ev != nil {
		maskEvidence(ev)
		ev.Finish(rep)
		rep.Evidence = ev
	}
	rep.SetProvenance()
	report.Condense(rep, report.MaxListedMutations)
	return rep, nil
}

// maskEvidence masks credentials in the evidence items a report echoes:
// their addresses (as the report's ids are masked, which Finish matches
// them against), values and sources. Evidence is not part of the input
// mayQuoteSecrets looked at, so it is always masked.
func maskEvidence(ev *report.EvidenceReport) {
	for i := range ev.Applied {
		ev.Applied[i].EvidenceItem = maskItem(ev.Applied[i].EvidenceItem)
	}
	for i := range ev.Ignored {
		ev.Ignored[i].EvidenceItem = maskItem(ev.Ignored[i].EvidenceItem)
	}
}

func maskItem(it report.EvidenceItem) report.EvidenceItem {
	it.Address, it.Value, it.Source = redact.String(it.Address), redact.Value(it.Value), redact.String(it.Source)
	return it
}

// observedEvidence is the evidence of a verdict that Recourse observed
// where the action runs (suppliedBy observed), for the policy input; nil
// when none.
func observedEvidence(ev []model.Evidence) []model.Evidence {
	var out []model.Evidence
	for _, e := range ev {
		if e.SuppliedBy == model.SuppliedObserved {
			out = append(out, e)
		}
	}
	return out
}

// maskSupplied is facts with their values and sources masked.
func maskSupplied(facts []model.SuppliedFact) []model.SuppliedFact {
	out := make([]model.SuppliedFact, len(facts))
	for i, f := range facts {
		f.Value, f.Source = redact.Value(f.Value), redact.String(f.Source)
		out[i] = f
	}
	return out
}

// parse turns an input into mutations; a shell line's analysis stops at
// deadline (zero: none).
func parse(in input, opts Options, deadline time.Time) (model.Source, []model.Mutation, *model.Inventory, report.InputInfo, error) {
	info := report.InputInfo{File: opts.File}
	data := in.data
	switch in.kind {
	case KindShell:
		line := in.line
		if data != nil {
			line = string(data)
		}
		ms, err := shell.Parse(line, shell.Options{Cwd: opts.Cwd, Deadline: deadline, Workspace: opts.Workspace, Observer: opts.Observer, Dialect: opts.Dialect})
		withHome(ms, opts.Home)
		if fo, ok := opts.Observer.(FactObserver); ok && err == nil {
			observeFacts(fo, ms, deadline, false)
		}
		info.Cwd = opts.Cwd
		return model.SourceShell, ms, nil, info, err // a nil inventory is an empty one
	case KindMCPCall:
		var ms []model.Mutation
		var err error
		if in.call != nil {
			ms = mcpcall.Mutations(in.call)
		} else {
			ms, err = mcpcall.Parse(data)
		}
		if opts.Cwd != "" {
			// A hook's working directory: the agent's file tools read a
			// relative path from it.
			for i := range ms {
				if ms[i].Call != nil {
					ms[i].Call.Cwd = opts.Cwd
				}
			}
			info.Cwd = opts.Cwd
		}
		if fo, ok := opts.Observer.(FactObserver); ok && err == nil && observesCall(ms, opts) {
			observeFacts(fo, ms, deadline, true)
		}
		return model.SourceMCP, ms, nil, info, err
	}
	plan, err := terraform.ParseWithState(data, opts.State)
	if e, ok := err.(*model.Error); ok && strings.HasPrefix(e.Field, "state") && opts.StateFile != "" {
		e.File = opts.StateFile
	}
	if err != nil {
		return model.SourceTerraform, nil, nil, info, err
	}
	production := policy.IsProduction(opts.Environment)
	plan.AttachSchemas(opts.Schemas, production)
	if opts.ProviderSchema != nil {
		schemas, err := terraform.ParseProviderSchemas(opts.ProviderSchema, opts.ProviderSchemaFile)
		if err != nil {
			if e, ok := err.(*model.Error); ok && opts.ProviderSchemaFile != "" {
				e.File = opts.ProviderSchemaFile
			}
			return model.SourceTerraform, nil, nil, info, err
		}
		plan.AttachSchemas(schemas, production || opts.ProviderSchemaRaiseOnly)
	}
	info.FormatVersion, info.TerraformVersion = plan.FormatVersion, plan.TerraformVersion
	return model.SourceTerraform, plan.Mutations, plan.Inventory, info, nil
}

// applyEvidence fills each evidence item into the change it names, if and
// only if a first judgement of that change reported its key missing. The
// caller's word moves a verdict only as far as the rule that asked for
// the fact lets it, and only when it says how it was learnt: an item
// without a source, two items that contradict each other, and a value the
// rule cannot read are ignored, each with its reason. What is applied is
// marked as supplied by by (the actor) on its change. In a production
// environment (the operator's, policy.IsProduction) nothing the caller
// asserts is applied: there a verdict moves only on what the input shows
// or Recourse observes.
func (e *Evaluator) applyEvidence(ms []model.Mutation, inv *model.Inventory, items []report.EvidenceItem, by, environment string) *report.EvidenceReport {
	if by == "" {
		by = "the caller"
	}
	byAddress := make(map[string]int, len(ms))
	for i := range ms {
		if _, dup := byAddress[ms[i].Target.ID]; !dup {
			byAddress[ms[i].Target.ID] = i
		}
	}
	contradicted := contradictions(items)
	applied := map[[2]string]bool{}
	before := map[int]model.Recoverability{}
	ev := &report.EvidenceReport{Applied: []report.AppliedEvidence{}, Ignored: []report.IgnoredEvidence{}}
	ignore := func(it report.EvidenceItem, reason string) {
		ev.Ignored = append(ev.Ignored, report.IgnoredEvidence{EvidenceItem: it, Reason: reason})
	}
	for _, it := range items {
		k := [2]string{it.Address, it.Key}
		i, ok := byAddress[it.Address]
		switch {
		case policy.IsProduction(environment):
			ignore(it, fmt.Sprintf("the environment %q is production: there a fact the caller supplies does not move a verdict; only what the input shows or Recourse observes does", environment))
			continue
		case strings.TrimSpace(it.Source) == "":
			ignore(it, "no source: say how the fact was learnt (the command run, the console page read); evidence without one is not used")
			continue
		case contradicted[k]:
			ignore(it, "another item gives this address and key a different value; neither is used")
			continue
		case applied[k]:
			ignore(it, "repeats an item already applied")
			continue
		case !ok:
			ignore(it, "no change in the input has this address")
			continue
		}
		v, judged := before[i]
		if !judged {
			v = e.judge(&ms[i], inv)
			before[i] = v
		}
		if !slices.Contains(v.MissingEvidence, it.Key) {
			ignore(it, "this key was not reported missing for this change: evidence only fills what the input lacks")
			continue
		}
		m := &ms[i]
		if _, isBool := it.Value.(bool); !isBool && e.yesNo(m, inv, it.Key, v) {
			// "false" is not false: a rule that compares with true would
			// read the string "true" as not true.
			ignore(it, fmt.Sprintf("%s is a yes/no fact and the value is a JSON %s: give true or false", it.Key, jsonerr.TypeOf(it.Value)))
			continue
		}
		if m.Evidence == nil {
			m.Evidence = map[string]any{}
		}
		m.Evidence[it.Key] = it.Value
		if w := e.judge(m, inv); slices.Contains(w.MissingEvidence, it.Key) {
			delete(m.Evidence, it.Key)
			ignore(it, fmt.Sprintf("the rule could not read the value (a JSON %s): give it the type the fact has", jsonerr.TypeOf(it.Value)))
			continue
		}
		applied[k] = true
		m.Supplied = append(m.Supplied, model.SuppliedFact{Key: it.Key, Value: it.Value, Source: it.Source, By: by, SuppliedBy: model.SuppliedByCaller})
		ev.Applied = append(ev.Applied, report.AppliedEvidence{EvidenceItem: it, TierBefore: v.Tier, RuleBefore: v.RuleID})
	}
	return ev
}

// yesNo reports whether key is a yes/no fact of m: answering it true or
// false moves m's verdict v, as missingDetails finds the outcomes.
func (e *Evaluator) yesNo(m *model.Mutation, inv *model.Inventory, key string, v model.Recoverability) bool {
	for _, answer := range []bool{true, false} {
		if w := e.judgeWith(m, inv, key, answer); w.Tier != v.Tier || w.RuleID != v.RuleID {
			return true
		}
	}
	return false
}

// judgeWith judges m as if key's evidence were answer, leaving m as it is.
func (e *Evaluator) judgeWith(m *model.Mutation, inv *model.Inventory, key string, answer any) model.Recoverability {
	sim := *m
	sim.Evidence = maps.Clone(m.Evidence)
	if sim.Evidence == nil {
		sim.Evidence = map[string]any{}
	}
	sim.Evidence[key] = answer
	return e.judge(&sim, inv)
}

// contradictions are the address and key pairs that items give different
// values.
func contradictions(items []report.EvidenceItem) map[[2]string]bool {
	first := map[[2]string]any{}
	out := map[[2]string]bool{}
	for _, it := range items {
		k := [2]string{it.Address, it.Key}
		if v, seen := first[k]; !seen {
			first[k] = it.Value
		} else if !reflect.DeepEqual(v, it.Value) {
			out[k] = true
		}
	}
	return out
}

// Sniff tells an MCP call ({"tool": ...} or {"name": ..., "arguments": ...})
// from anything else, which is read as a Terraform plan (whose parser says
// precisely what a wrong document is).
func Sniff(data []byte) Kind {
	var probe struct {
		FormatVersion *json.RawMessage `json:"format_version"`
		Tool          *json.RawMessage `json:"tool"`
		Name          *json.RawMessage `json:"name"`
		Arguments     *json.RawMessage `json:"arguments"`
	}
	if json.Unmarshal(data, &probe) != nil || probe.FormatVersion != nil {
		return KindTerraform
	}
	if probe.Tool != nil || (probe.Name != nil && probe.Arguments != nil) {
		return KindMCPCall
	}
	return KindTerraform
}

// inlineBytes is the largest shell line or MCP call evaluated on the
// caller's goroutine. Below it the work is bounded by the input (a linear
// walker, capped nesting and re-parsing; the fuzz targets hunt for hangs),
// so it finishes in well under a millisecond, while handing it to a worker
// and back costs more than the evaluation itself: waking an idle thread
// for the worker is a futex call, about a fifth of a one-line command's
// time. Larger inputs, and every plan, run on a worker so that the caller
// gets its deadline error at the deadline.
const inlineBytes = 4 << 10

// guard runs the evaluation under the deadline and turns a panic into an
// internal error. On a worker, guard returns at the deadline and the
// evaluation, which checks its context, stops soon after. Inline (small
// inputs), a result that arrives after the deadline is still the deadline
// error: a late answer is never a decision. (The evaluation is called
// directly rather than as a function value, which would be allocated for
// every one.)
func (e *Evaluator) guard(ctx context.Context, in input, evidence []report.EvidenceItem, opts Options) (*report.ConsequenceReport, error) {
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	if in.kind != KindTerraform && in.size() <= inlineBytes {
		// The compiled default policy, like the parsers and rules, waits
		// on nothing, so no timer is set: the deadline is checked once,
		// when the answer is in. User Rego reads the context and stops
		// at its deadline.
		start := time.Now()
		if !e.policy.Load().Bounded() {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, timeout)
			defer cancel()
		}
		rep, err := e.recovered(ctx, in, evidence, opts)
		if ctx.Err() != nil || time.Since(start) > timeout {
			return nil, deadlineError(timeout)
		}
		return rep, withFile(err, opts.File)
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	type result struct {
		rep *report.ConsequenceReport
		err error
	}
	done := make(chan result, 1)
	// The worker gets a copy of opts: Options is too large for a closure
	// to capture by value, and capturing opts itself would move it to the
	// heap on every evaluation, inline ones included.
	workerOpts := opts
	e.workers.Go(func() {
		rep, err := e.recovered(ctx, in, evidence, workerOpts)
		done <- result{rep, err}
	})
	var tick <-chan time.Time
	if opts.MemoryCeiling > 0 {
		watch := time.NewTicker(memoryCheck)
		defer watch.Stop()
		tick = watch.C
	}
	for {
		select {
		case r := <-done:
			return r.rep, withFile(r.err, opts.File)
		case <-ctx.Done():
			return nil, deadlineError(timeout)
		case <-tick:
			if heap, ceiling := heapBytes(), opts.MemoryCeiling; heap > ceiling {
				cancel() // the evaluation checks its context and stops
				return nil, &model.Error{Kind: model.KindInputTooLarge, File: opts.File,
					Message:  fmt.Sprintf("the evaluation needed more than %d MiB of memory (%d MiB in use), the ceiling", ceiling>>20, heap>>20),
					Expected: "a smaller input; split a very large plan into several"}
			}
		}
	}
}

// MemoryCeiling is the heap above which the binary's evaluation (on a
// worker) is stopped with an error: exhaustion is an error, never a
// decision, and never a crash whose exit status could read as one. The
// binaries also set Go's soft memory limit below it (SoftMemoryLimit), so
// that the collector works harder before the ceiling is reached.
const MemoryCeiling = 1 << 30

// SoftMemoryLimit is the Go soft memory limit the binaries set unless
// GOMEMLIMIT sets another: the collector works harder as the heap nears
// it, below MemoryCeiling.
const SoftMemoryLimit = 768 << 20

// memoryCheck is how often a worker's evaluation has its heap checked.
const memoryCheck = 25 * time.Millisecond

// heapBytes is the memory the heap's objects, live or not yet swept,
// occupy now.
func heapBytes() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// recovered runs the evaluation, turning a panic into an internal error.
func (e *Evaluator) recovered(ctx context.Context, in input, evidence []report.EvidenceItem, opts Options) (rep *report.ConsequenceReport, err error) {
	defer func() {
		if r := recover(); r != nil {
			rep, err = nil, &model.Error{Kind: model.KindInternal,
				Message: fmt.Sprintf("the evaluation panicked: %v (this is a bug in Recourse; please report it with the input)", r),
				Err:     fmt.Errorf("panic: %v\n%s", r, debug.Stack())}
		}
	}()
	return e.run(ctx, in, evidence, opts)
}

func deadlineError(timeout time.Duration) error {
	return &model.Error{Kind: model.KindDeadlineExceeded,
		Message:  fmt.Sprintf("the evaluation did not finish within %s", timeout),
		Expected: "a larger --timeout, or a smaller input"}
}

func withFile(err error, file string) error {
	if err == nil {
		return nil
	}
	e := model.AsError(err)
	e.Message, e.Example = redact.String(e.Message), redact.String(e.Example)
	if e.File == "" && file != "" && e.Kind != model.KindPolicyCompile && e.Kind != model.KindPolicyEval {
		e.File = file
	}
	return e
}

// pipeline judges the mutations and asks the policy for a decision.
// With mask, credentials are masked where the report quotes its input.
func (e *Evaluator) pipeline(ctx context.Context, src model.Source, ms []model.Mutation, inv *model.Inventory, opts Options, mask *redact.Masker) (*report.ConsequenceReport, error) {
	out := make([]report.Mutation, len(ms))
	verdicts := make([]policy.Verdict, len(ms))
	for i := range ms {
		if i%1024 == 0 && ctx.Err() != nil {
			return nil, &model.Error{Kind: model.KindDeadlineExceeded, Message: "the evaluation ran past its deadline", Err: ctx.Err()}
		}
		m := &ms[i]
		v := e.judge(m, inv)
		if len(m.Unseen) > 0 {
			v.MissingEvidence = append(slices.Clip(v.MissingEvidence), m.Unseen...)
		}
		if !v.Tier.Valid() || v.Reasoning == "" {
			return nil, &model.Error{Kind: model.KindInternal, Message: fmt.Sprintf("%s: verdict %+v has no valid tier or reasoning", m.Address, v)}
		}
		if len(m.Supplied) > 0 && v.Confidence == model.ConfidenceHigh {
			// The verdict rests on the caller's word, not on the input.
			v.Confidence = model.ConfidenceMedium
		}
		out[i] = report.NewMutation(m, v)
		if src == model.SourceShell {
			out[i].Intent.Location = report.CommandLocation(m.Command)
		}
		if v.Tier != model.TierReversible {
			out[i].Recoverability.SaferAlternative = rules.SaferAlternative(v.RuleID)
		}
		out[i].MissingEvidenceDetails = e.missingDetails(m, v, inv)
		verdicts[i] = policy.Verdict{Address: m.Address, Type: m.Target.Type, Action: string(m.Action), Tier: v.Tier,
			Reasoning: v.Reasoning, Source: v.Source, RuleID: v.RuleID, Confidence: v.Confidence, Missing: v.MissingEvidence, Supplied: m.Supplied,
			Observed: observedEvidence(out[i].Evidence)}
		if mask != nil && quotesInput(m) {
			redactMutation(mask, &out[i], &verdicts[i])
			out[i].Observed = maskObserved(mask, out[i].Observed)
			verdicts[i].Observed = observedEvidence(out[i].Evidence)
		}
		if len(m.Supplied) > 0 {
			out[i].SuppliedEvidence = maskSupplied(m.Supplied)
			verdicts[i].Supplied = out[i].SuppliedEvidence
		}
		if x := exceptionFor(opts.Exceptions, m, v, opts.Cwd); x != nil {
			out[i].Exception, verdicts[i].Exception = x, x
		}
	}
	summary := report.Summarize(out)
	risks := []report.CrossActionRisk{}
	var riskVerdicts []policy.Verdict
	for _, r := range crossaction.Find(ms, inv) {
		if mask != nil {
			r.Reasoning = mask.String(r.Reasoning)
			for k, a := range r.Addresses {
				r.Addresses[k] = mask.String(a)
			}
		}
		risks = append(risks, report.CrossActionRisk{ID: r.ID, Tier: r.Tier, Reasoning: r.Reasoning, Addresses: r.Addresses})
		riskVerdicts = append(riskVerdicts, policy.Verdict{Address: strings.Join(r.Addresses, " + "), Type: "cross-action", Action: "combination",
			Tier: r.Tier, Reasoning: r.Reasoning, Source: model.FromRules, RuleID: r.ID, Confidence: model.ConfidenceHigh})
	}
	res, err := e.policy.Load().Decide(ctx, policy.Input{
		CrossActionRisks: riskVerdicts,
		Source:           src,
		Environment:      opts.Environment,
		Actor:            opts.Actor,
		Owner:            opts.Owner,
		Verdicts:         verdicts,
		Summary:          policySummary(summary),
	})
	if err != nil {
		return nil, err
	}
	rep := &report.ConsequenceReport{
		SchemaVersion:    report.SchemaVersion,
		RiskAssessment:   res.Decision,
		Source:           src,
		Summary:          summary,
		Mutations:        out,
		CrossActionRisks: risks,
		Policy:           report.PolicyResult{Decision: res.Decision, Reasons: res.Reasons, Policies: res.Policies},
		Context:          report.Context{Environment: opts.Environment, Actor: opts.Actor, Owner: opts.Owner},
	}
	if len(res.Reasons) > 0 {
		rep.AssessmentReason = res.Reasons[0]
	}
	return rep, nil
}

// mayQuoteSecrets reports whether a report of in may quote a credential:
// a plan's command mutations always may (its JSON is too large to search
// on every evaluation, and few of its mutations quote commands); a shell
// line or an MCP call only when it, or the cwd it runs in, is suspect.
// Masking every string a report derives from a line cost a third of a
// typical line's evaluation.
func mayQuoteSecrets(in input, opts Options) bool {
	if c := in.call; c != nil {
		// Its names and annotations are not in data, which holds only its
		// arguments.
		if redact.Suspect(c.Server) || redact.Suspect(c.Tool) || c.Annotations != nil && c.Annotations.Title != nil && redact.Suspect(*c.Annotations.Title) {
			return true
		}
	}
	return in.kind == KindTerraform || redact.Suspect(in.line) || redact.Suspect(in.data) || redact.Suspect(opts.Cwd)
}

// readFiles reports whether the parser read a file the input does not
// hold (a script a command runs, read where the action runs): the report
// quotes its commands, which mayQuoteSecrets has not seen, so it is
// always masked.
func readFiles(ms []model.Mutation) bool {
	for i := range ms {
		if c := ms[i].Command; c != nil && c.ScriptFile != nil && c.ScriptFile.From == model.ScriptFromObserved {
			return true
		}
	}
	return false
}

// quotesInput reports whether m's id, reasons and evidence quote its input
// as written: a command line, SQL or a tool call's arguments, where a
// credential may stand. A Terraform resource's are its address and values,
// whose sensitive ones the parser has already hidden.
func quotesInput(m *model.Mutation) bool {
	return m.Command != nil || m.SQL != nil || m.Source != model.SourceTerraform
}

// redactMutation masks credentials in what a mutation's report and its
// policy verdict quote: the one place where command text enters a report,
// the policy input, and every message made from them (reasons, the hook's
// answer, MCP results).
func redactMutation(mask *redact.Masker, out *report.Mutation, v *policy.Verdict) {
	out.Intent.Target.ID = mask.String(out.Intent.Target.ID)
	// The verdict's reasoning is the report's: masked once, for both.
	out.Recoverability.Reasoning = mask.String(out.Recoverability.Reasoning)
	v.Reasoning = out.Recoverability.Reasoning
	if len(out.Evidence) > 0 {
		ev := make([]model.Evidence, len(out.Evidence))
		for i, e := range out.Evidence {
			e.Value, e.Description = mask.Value(e.Value), mask.String(e.Description)
			ev[i] = e
		}
		out.Evidence = ev
	}
	v.Address = mask.String(v.Address)
}

// masker masks what a report of in quotes of it: the secrets of a shell
// line or of a tool call's arguments wherever they appear. A plan's
// sensitive values are hidden by its parser, and its JSON is not read
// again.
func (in input) masker() *redact.Masker {
	if in.kind == KindTerraform {
		return redact.NewMasker()
	}
	return redact.NewMasker(in.line, string(in.data))
}

// missingDetails explains each key v reports missing: the verdict each
// answer (true, false) would lead to, found by judging the change again
// with that answer as evidence, and the rules' hint for checking it.
func (e *Evaluator) missingDetails(m *model.Mutation, v model.Recoverability, inv *model.Inventory) []report.MissingEvidenceDetail {
	if len(v.MissingEvidence) == 0 {
		return nil
	}
	out := make([]report.MissingEvidenceDetail, 0, len(v.MissingEvidence))
	for _, key := range v.MissingEvidence {
		why := "the verdict depends on this fact, which the input does not show"
		if key == model.ProvisionersUnseen {
			why = "the plan has no configuration, so the provisioners that would run with this change (local-exec, remote-exec) were not checked: evaluate the full terraform show -json output"
		}
		d := report.MissingEvidenceDetail{Key: key, Why: why,
			Outcomes: []report.EvidenceOutcome{}, VerificationSuggestions: []report.VerificationSuggestion{}}
		if h, argv, ok := e.rules.Hint(m, key); ok {
			d.Why = h.Why
			if argv != nil {
				d.VerificationSuggestions = append(d.VerificationSuggestions, report.VerificationSuggestion{Argv: argv, Permissions: h.Permissions})
			}
		}
		for _, answer := range []any{true, false} {
			if w := e.judgeWith(m, inv, key, answer); w.Tier != v.Tier || w.RuleID != v.RuleID {
				d.Outcomes = append(d.Outcomes, report.EvidenceOutcome{Value: answer, Tier: w.Tier, Label: w.Tier.Label(), RuleID: w.RuleID})
			}
		}
		out = append(out, d)
	}
	return out
}

// judge applies the rules, then the classifier for what no rule knows.
func (e *Evaluator) judge(m *model.Mutation, inv *model.Inventory) model.Recoverability {
	if v, ok := e.rules.Judge(rules.Facts{M: m, Inv: inv}); ok {
		return v
	}
	v := classifier.Classify(m)
	if inner, ok := e.embedded(m, inv); ok && inner.Tier.Severity() > v.Tier.Severity() {
		return inner
	}
	return v
}

// embedded judges a command that the arguments of a program no rule knows
// contain (some-tool find . -delete): the tool may well run it. The caller
// keeps the worse of this verdict and the classifier's.
func (e *Evaluator) embedded(m *model.Mutation, inv *model.Inventory) (model.Recoverability, bool) {
	c := m.Command
	if c == nil {
		return model.Recoverability{}, false
	}
	for i, a := range c.Args {
		name := strings.ToLower(path.Base(a.Value))
		if a.Dynamic || strings.HasPrefix(a.Value, "-") || !e.rules.Knows(name) {
			continue
		}
		inner := *c
		inner.Program, inner.Args = name, c.Args[i+1:]
		im := *m
		im.Command, im.Target.Type = &inner, name
		v, ok := e.rules.Judge(rules.Facts{M: &im, Inv: inv})
		if ok {
			v.Reasoning = "the arguments of " + c.Program + " contain the command " + name + ", which it may run: " + v.Reasoning
		}
		return v, ok
	}
	return e.embeddedLine(m, inv)
}

// embeddedLine judges a whole command line given to a program no rule
// knows as one argument (nodemon --exec 'rm -rf ~', concurrently "…",
// hyperfine '…'), when the line starts with a program rules know: the
// worst of its commands' verdicts.
func (e *Evaluator) embeddedLine(m *model.Mutation, inv *model.Inventory) (model.Recoverability, bool) {
	c := m.Command
	var worst model.Recoverability
	found := false
	for _, a := range c.Args {
		line := strings.TrimSpace(a.Value)
		first, _, spaced := strings.Cut(line, " ")
		if a.Dynamic || !spaced || !e.rules.Knows(strings.ToLower(path.Base(first))) {
			continue
		}
		ms, err := shell.Parse(line, shell.Options{Cwd: c.Cwd})
		if err != nil {
			continue
		}
		for i := range ms {
			v, ok := e.rules.Judge(rules.Facts{M: &ms[i], Inv: inv})
			if ok && (!found || v.Tier.Severity() > worst.Tier.Severity()) {
				worst, found = v, true
				worst.Reasoning = "the arguments of " + c.Program + " contain the command line `" + line + "`, which it may run: " + v.Reasoning
			}
		}
	}
	return worst, found
}

// policySummary is the summary as the policy reads it.
func policySummary(s report.Summary) policy.Summary {
	return policy.Summary{TotalMutations: s.TotalMutations, NeedsReview: s.NeedsReview, HasUnrecoverable: s.HasUnrecoverable,
		DependencyImpactCount: s.DependencyImpactCount, WorstTier: s.WorstRecoverability.Tier, TierCounts: s.TierCounts,
		ClassifierVerdicts: s.ClassifierVerdicts}
}

// Explanation shows how one change got its verdict: every rule row read,
// in order, with what its condition made of the facts.
type Explanation struct {
	Mutation model.Mutation
	Verdict  model.Recoverability
	Steps    []rules.Step
	// Classifier is set when no row decided and the classifier judged.
	Classifier bool
}

// Explain parses an input and explains the verdict of the change whose
// target id is address, with the evidence applied as Evaluate applies it
// (opts.State adds a state's resources, as for Evaluate).
func (e *Evaluator) Explain(kind Kind, data []byte, address string, evidence []report.EvidenceItem, opts Options) (*Explanation, error) {
	ms, inv, err := e.explained(kind, data, evidence, opts)
	if err != nil {
		return nil, err
	}
	var ids []string
	for i := range ms {
		m := &ms[i]
		ids = append(ids, m.Target.ID)
		if m.Target.ID == address || m.Address == address {
			x := e.explainOne(m, inv)
			return &x, nil
		}
	}
	msg := fmt.Sprintf("no change in the input has the address %q", address)
	if near := suggest.Matches(address, ids, 3); len(near) > 0 {
		msg += fmt.Sprintf(" (did you mean %s?)", strings.Join(near, ", "))
	}
	return nil, &model.Error{Kind: model.KindInvalidField, Field: "address", Message: msg, Expected: "one of the input's change addresses"}
}

// ExplainEach explains the verdict of every change of an input: each
// command of a command line, an MCP call and what its arguments run.
func (e *Evaluator) ExplainEach(kind Kind, data []byte, evidence []report.EvidenceItem, opts Options) ([]Explanation, error) {
	ms, inv, err := e.explained(kind, data, evidence, opts)
	if err != nil {
		return nil, err
	}
	out := make([]Explanation, len(ms))
	for i := range ms {
		out[i] = e.explainOne(&ms[i], inv)
	}
	return out, nil
}

// explained parses an input for an explanation, under the evaluation's
// deadline, with the evidence applied.
func (e *Evaluator) explained(kind Kind, data []byte, evidence []report.EvidenceItem, opts Options) ([]model.Mutation, *model.Inventory, error) {
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	_, ms, inv, _, err := parse(input{kind: kind, data: data}, opts, time.Now().Add(timeout))
	if err != nil {
		return nil, nil, withFile(err, opts.File)
	}
	if evidence != nil {
		e.applyEvidence(ms, inv, evidence, opts.Actor, opts.Environment)
	}
	return ms, inv, nil
}

// explainOne is the explanation of m: the rows read, or the classifier.
func (e *Evaluator) explainOne(m *model.Mutation, inv *model.Inventory) Explanation {
	v, ok, steps := e.rules.Explain(rules.Facts{M: m, Inv: inv})
	x := Explanation{Mutation: *m, Verdict: v, Steps: steps}
	if !ok {
		x.Verdict, x.Classifier = e.judge(m, inv), true
	}
	return x
}

// withHome gives every command of ms, and the writer of a redirection,
// the home directory of the environment they run in.
func withHome(ms []model.Mutation, home string) {
	if home == "" {
		return
	}
	for i := range ms {
		if c := ms[i].Command; c != nil {
			c.Home = home
			if c.Writer != nil {
				c.Writer.Home = home
			}
		}
	}
}
