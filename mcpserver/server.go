package mcpserver

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"maps"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/evaluator/terraform"
	"github.com/recourse-dev/recourse/internal/buildinfo"
	"github.com/recourse-dev/recourse/internal/jsonvalue"
	"github.com/recourse-dev/recourse/internal/suggest"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/policy"
	"github.com/recourse-dev/recourse/report"
	"github.com/recourse-dev/recourse/rules"
)

// Options configure a Server.
type Options struct {
	// Environment, Actor and Owner are the operator's: a call cannot
	// change them, only make the evaluation stricter (Server.context).
	Environment string
	Actor       string
	Owner       string
	// Timeout bounds each evaluation (evaluator.DefaultTimeout when zero).
	Timeout time.Duration
	// MemoryCeiling, when set, is the process's heap past which an
	// evaluation stops with an error (evaluator.Options.MemoryCeiling).
	MemoryCeiling uint64
	// Version is reported to clients as serverInfo.version; the build's
	// (buildinfo.Version) when empty.
	Version string
	// MaxInputBytes bounds a plan or command argument
	// (evaluator.MaxInputBytes when zero).
	MaxInputBytes int
	// Logger writes to stderr only; nil discards.
	Logger *slog.Logger
	// Exceptions are the configured exceptions (package config).
	Exceptions []model.Exception
	// ProviderSchemas are the operator's provider schemas (recourse serve
	// and recourse mcp serve --provider-schema), read with every plan.
	// A call's own provider_schema argument is the caller's word: it may
	// only raise a verdict (evaluator.Options.ProviderSchemaRaiseOnly),
	// and the operator's schema of a type wins over it.
	ProviderSchemas *terraform.ProviderSchemas
}

// Server is the Recourse MCP server. Handlers are safe for concurrent use:
// mcp-go runs tools/call on a worker pool.
type Server struct {
	ev    *evaluator.Evaluator
	eng   *rules.Engine
	opts  Options
	tools map[string]*toolDef
	names []string
	mcp   *server.MCPServer
	log   *slog.Logger
	// catalogs gives recourse_supported_resources' answer with detail
	// "full" (names and counts, no rows) per kind, encoded on first use and kept: the
	// rules do not change while the server runs.
	catalogs map[string]func() json.RawMessage
	// summaries gives its answer without detail: counts and providers.
	summaries map[string]func() json.RawMessage
	// ids numbers the requests handed to mcp-go (protocol.go), and
	// protocol is the version the initialize handshake negotiated.
	ids      atomic.Uint64
	protocol atomic.Value
}

// New builds the server over an evaluator and the rule engine it uses.
func New(ev *evaluator.Evaluator, eng *rules.Engine, opts Options) *Server {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Version == "" {
		opts.Version = buildinfo.Version("")
	}
	if opts.MaxInputBytes <= 0 {
		opts.MaxInputBytes = evaluator.MaxInputBytes
	}
	s := &Server{ev: ev, eng: eng, opts: opts, tools: map[string]*toolDef{}, log: opts.Logger, catalogs: map[string]func() json.RawMessage{}, summaries: map[string]func() json.RawMessage{}}
	for _, kind := range []string{"", rules.KindTerraform, rules.KindShell, rules.KindMCP} {
		s.catalogs[kind] = sync.OnceValue(func() json.RawMessage {
			b, _ := json.Marshal(Catalog(eng, kind))
			return b
		})
		s.summaries[kind] = sync.OnceValue(func() json.RawMessage {
			b, _ := json.Marshal(summarise(eng.Catalog(kind)))
			return b
		})
	}
	s.mcp = server.NewMCPServer("recourse", opts.Version,
		server.WithToolCapabilities(false),
		server.WithResourceCapabilities(false, false),
		server.WithPromptCapabilities(false),
		server.WithInstructions(Instructions),
	)
	for _, t := range toolDefs() {
		s.tools[t.name] = t
		s.names = append(s.names, t.name)
		s.mcp.AddTool(t.mcpTool(), s.handler(t))
	}
	sort.Strings(s.names)
	s.mcp.AddResource(mcp.NewResource(InstructionsURI, "Recourse instructions",
		mcp.WithResourceDescription("When to call which Recourse tool, and how to act on each decision"), mcp.WithMIMEType("text/markdown")),
		func(context.Context, mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			return []mcp.ResourceContents{mcp.TextResourceContents{URI: InstructionsURI, MIMEType: "text/markdown", Text: Instructions}}, nil
		})
	s.mcp.AddResource(mcp.NewResource(SchemaURI, "ConsequenceReport JSON Schema",
		mcp.WithResourceDescription("The full JSON Schema of data in every evaluate tool's result (outputSchema carries an outline)"), mcp.WithMIMEType("application/schema+json")),
		func(context.Context, mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			return []mcp.ResourceContents{mcp.TextResourceContents{URI: SchemaURI, MIMEType: "application/schema+json", Text: string(report.Schema)}}, nil
		})
	s.mcp.AddPrompt(mcp.NewPrompt(PromptName, mcp.WithPromptDescription("How to use Recourse before destructive actions")),
		func(context.Context, mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return mcp.NewGetPromptResult("Recourse instructions", []mcp.PromptMessage{
				mcp.NewPromptMessage(mcp.RoleUser, mcp.NewTextContent(Instructions)),
			}), nil
		})
	return s
}

// MCP returns the underlying mcp-go server.
func (s *Server) MCP() *server.MCPServer { return s.mcp }

// handler wraps a tool: it validates the arguments itself (mcp-go does not,
// and its messages are Go dumps), evaluates under a deadline, recovers
// panics, and always answers with an envelope.
func (s *Server) handler(t *toolDef) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		start := time.Now()
		defer func() {
			if r := recover(); r != nil {
				s.log.Error("tool panicked", "tool", t.name, "panic", r, "stack", string(debug.Stack()))
				res = result(failure(newContract(KindInternal, fmt.Sprintf("internal error: %v (a bug in Recourse; please report it)", r))))
			}
			s.log.Debug("tool call", "tool", t.name, "elapsed", time.Since(start))
		}()
		args, c := s.arguments(t, exactArguments(req))
		if c != nil {
			return result(failure(c)), nil
		}
		return result(s.call(ctx, t, args)), nil
	}
}

// exactArguments is the call's arguments as the client wrote them, read
// with every number kept as its JSON text (json.Number): mcp-go's own
// reading makes numbers float64, which cannot tell 9007199254740993 from
// 9007199254740992, and a suggestion, or a call judged, must carry the
// caller's own values. Without the raw bytes (a call made in process)
// the decoded arguments are used.
func exactArguments(req mcp.CallToolRequest) any {
	if len(req.Params.RawArguments) == 0 {
		return req.Params.Arguments
	}
	v, err := decodeExact(req.Params.RawArguments)
	if err != nil {
		return req.Params.Arguments
	}
	return v
}

// decodeExact decodes JSON keeping numbers as json.Number.
func decodeExact(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// arguments checks the call's arguments against the tool's parameters;
// a contract's recovery carries the caller's arguments repaired, when
// every fault found has an exact repair (recovery.go).
func (s *Server) arguments(t *toolDef, raw any) (map[string]any, *Contract) {
	c := check(t, raw)
	if c.contract != nil {
		recovery(c.contract, t, c.fixes, c.repaired)
		return nil, c.contract
	}
	return c.args, nil
}

// call runs the evaluation a tool names.
func (s *Server) call(ctx context.Context, t *toolDef, args map[string]any) Envelope {
	switch t.name {
	case ToolSupportedResources:
		data, c := s.supported(t, args)
		if c != nil {
			return failure(c)
		}
		return Envelope{Status: StatusSuccess, Data: data, FollowUpHints: []string{}, Confidence: ptr("HIGH"), CharterVersion: CharterVersion}
	case ToolWithEvidence:
		return s.withEvidence(ctx, t, args)
	}
	kind, data, opts, c := s.input(t, args)
	if c != nil {
		return failure(c)
	}
	rep, err := s.ev.Evaluate(ctx, kind, data, nil, opts)
	if err != nil {
		return failure(fromModel(err, t, args))
	}
	noteIgnored(rep, args)
	return respond(rep, t.name, args)
}

// input turns an evaluation tool's arguments into the evaluator's input.
func (s *Server) input(t *toolDef, args map[string]any) (evaluator.Kind, []byte, evaluator.Options, *Contract) {
	opts := s.context(args)
	switch t.name {
	case ToolShell:
		opts.Cwd = stringArg(args, "cwd", "")
		return evaluator.KindShell, []byte(stringArg(args, "command", "")), opts, nil
	case ToolMCPCall:
		call := map[string]any{"tool": args["tool"]}
		for _, k := range []string{"server", "arguments", "annotations"} {
			if v, ok := args[k]; ok {
				call[k] = v
			}
		}
		data, _ := json.Marshal(call)
		return evaluator.KindMCPCall, data, opts, nil
	}
	data, c := documentBytes("plan", args["plan"], s.opts.MaxInputBytes)
	if c == nil {
		if st, ok := args["state"]; ok && st != nil {
			opts.State, c = documentBytes("state", st, s.opts.MaxInputBytes)
		}
	}
	if c == nil {
		if ps, ok := args["provider_schema"]; ok && ps != nil {
			opts.ProviderSchema, c = documentBytes("provider_schema", ps, s.opts.MaxInputBytes)
			opts.ProviderSchemaRaiseOnly = true
		}
	}
	if c != nil {
		recovery(c, t, nil, nil) // no exact repair for a document too large or unencodable
	}
	return evaluator.KindTerraform, data, opts, c
}

// context is the evaluation's context: what the operator set with the
// server's flags wins, and a call's own values are used only where the
// operator set none, or where they make the evaluation stricter. A call
// that names a production environment (policy.IsProduction) when the
// operator named another is judged as production; a call that names
// "dev" on a server started with --environment production is judged as
// production. Actor and owner are labels for the policy: the call's
// values fill them only when the operator set none.
func (s *Server) context(args map[string]any) evaluator.Options {
	env := s.opts.Environment
	if asked := stringArg(args, "environment", ""); env == "" || (policy.IsProduction(asked) && !policy.IsProduction(env)) {
		env = cmp.Or(asked, env)
	}
	return evaluator.Options{Environment: env, Actor: cmp.Or(s.opts.Actor, stringArg(args, "actor", "")),
		Owner: cmp.Or(s.opts.Owner, stringArg(args, "owner", "")), Timeout: s.opts.Timeout, MemoryCeiling: s.opts.MemoryCeiling, Exceptions: s.opts.Exceptions,
		Schemas: s.opts.ProviderSchemas}
}

// withEvidence re-evaluates another tool's input with the agent's evidence.
func (s *Server) withEvidence(ctx context.Context, t *toolDef, args map[string]any) Envelope {
	inner := s.tools[stringArg(args, "tool", "")]
	checked := check(inner, args["input"])
	if c := checked.contract; c != nil {
		return failure(innerFailure(t, args, checked))
	}
	innerArgs := checked.args
	for _, k := range []string{"environment", "actor"} {
		if v, ok := args[k]; ok {
			innerArgs[k] = v
		}
	}
	items, c := evidenceItems(args["evidence"])
	if c != nil {
		recovery(c, t, nil, nil) // which fact was meant is the caller's to say
		return failure(c)
	}
	kind, data, opts, c := s.input(inner, innerArgs)
	if c != nil {
		return failure(c)
	}
	rep, err := s.ev.Evaluate(ctx, kind, data, items, opts)
	if err != nil {
		return failure(fromModel(err, t, args))
	}
	noteIgnored(rep, innerArgs)
	return respond(rep, inner.name, args)
}

// noteIgnored says in rep what became of the arguments the evaluation
// accepted but did not act on.
func noteIgnored(rep *report.ConsequenceReport, args map[string]any) {
	if on, ok := args["classifier"].(bool); ok && !on {
		rep.Input.Notes = append(rep.Input.Notes, "classifier: false was ignored: the classifier fallback is always on, and a change it judged makes the result degraded")
	}
}

// respond is the envelope of rep in the form the call asked for: the
// report's gist (report.Gist) unless response_format is "detailed". The
// status, confidence and hints are computed from the whole report either
// way.
func respond(rep *report.ConsequenceReport, tool string, args map[string]any) Envelope {
	env := reportEnvelope(rep, tool)
	if stringArg(args, "response_format", formatConcise) == formatConcise {
		env.Data = rep.Gist()
	}
	return env
}

// innerFailure is the contract of a recourse_evaluate_with_evidence call
// whose input fails its tool's checks: its fields and fixes under input,
// and the whole call, with the input repaired, as the suggestion.
func innerFailure(t *toolDef, args map[string]any, inner checked) *Contract {
	c := inner.contract
	c.Field = "input." + c.Field
	fixes := make([]Fix, len(inner.fixes))
	for i, f := range inner.fixes {
		f.Field = "input." + f.Field
		fixes[i] = f
	}
	var repaired map[string]any
	if inner.repaired != nil {
		whole := maps.Clone(args)
		whole["input"] = inner.repaired
		fixes, repaired = recheck(t, whole, fixes)
	}
	recovery(c, t, fixes, repaired)
	return c
}

// evidenceItems reads the evidence argument.
func evidenceItems(v any) ([]report.EvidenceItem, *Contract) {
	list, _ := v.([]any)
	items := make([]report.EvidenceItem, 0, len(list))
	for i, raw := range list {
		m, ok := raw.(map[string]any)
		addr, okA := m["address"].(string)
		key, okK := m["key"].(string)
		value, okV := m["value"]
		if !ok || !okA || !okK || !okV || addr == "" || key == "" {
			c := newContract(KindWrongType, fmt.Sprintf(`evidence[%d] must be {"address": "...", "key": "...", "value": ..., "source": "..."}`, i))
			c.Field = fmt.Sprintf("evidence[%d]", i)
			return nil, c
		}
		src, _ := m["source"].(string)
		items = append(items, report.EvidenceItem{Address: addr, Key: key, Value: floats(value), Source: src})
	}
	return items, nil
}

// floats is v with its JSON numbers as float64, as the rules compare an
// evidence value (backup_retention_period: 7) with their own.
func floats(v any) any {
	return jsonvalue.Map(v, func(x any) any {
		n, ok := x.(json.Number)
		if !ok {
			return x
		}
		if f, err := n.Float64(); err == nil {
			return f
		}
		return n.String()
	})
}

// documentBytes accepts a JSON document argument (the plan, the state) as
// an object or as a JSON string.
func documentBytes(name string, v any, limit int) ([]byte, *Contract) {
	var b []byte
	if s, ok := v.(string); ok {
		b = []byte(s)
	} else {
		var err error
		if b, err = json.Marshal(v); err != nil {
			c := newContract(KindInvalidArgument, "the "+name+" cannot be encoded as JSON: "+err.Error())
			c.Field = name
			return nil, c
		}
	}
	if len(b) > limit {
		c := newContract(KindInputTooLarge, fmt.Sprintf("the %s is %d bytes, over the %d-byte limit", name, len(b), limit))
		c.Field = name
		return nil, c
	}
	return b, nil
}

// result is the tool result: the envelope in structuredContent, isError
// for error and refused, and its JSON as the text mirror in
// content[0].text, as the MCP spec suggests for structured results, and
// nothing else there, so that a client that parses the first text of a
// failed call (seed 002's client rule) reads the contract. An error's
// human line ("VALIDATION unknown_argument: ...") is content[1].
func result(env Envelope) *mcp.CallToolResult {
	if err := env.Validate(); err != nil {
		env = failure(newContract(KindInternal, "the envelope broke its own invariant: "+err.Error()))
	}
	b, err := json.Marshal(env)
	if err != nil {
		env = failure(newContract(KindInternal, "encoding the envelope: "+err.Error()))
		b, _ = json.Marshal(env)
	}
	content := []mcp.Content{mcp.NewTextContent(string(b))}
	if env.Error != nil {
		content = append(content, mcp.NewTextContent(humanLine(env.Error)))
	}
	return &mcp.CallToolResult{
		Content:           content,
		StructuredContent: env,
		IsError:           env.Error != nil,
	}
}

// humanLine is an error as a person reads it: its type and kind, the
// words a client shows first, then its message.
func humanLine(c *Contract) string {
	return fmt.Sprintf("%s %s: %s", c.Type, c.Kind, c.Message)
}

// UnknownTool is the result for a tools/call of a tool Recourse does not
// have: a validation error with did-you-mean over the tool names (by
// spelling, and by the words they share: evaluate_terraform_plan). The
// suggestion is the nearest tool with the caller's own arguments, and
// only when they pass that tool's checks (repaired as any call would be).
func (s *Server) UnknownTool(name string, args any) *mcp.CallToolResult {
	matches := suggest.Matches(name, s.names, 3)
	if len(matches) == 0 {
		matches = suggest.ByWords(name, s.names, 3)
	}
	c := newContract(KindUnknownTool, fmt.Sprintf("no tool named '%s'; Recourse's tools are %s", name, strings.Join(s.names, ", ")))
	c.Field = "name"
	if len(matches) > 0 {
		t := s.tools[matches[0]]
		checked := check(t, args)
		fixes, repaired := checked.fixes, checked.repaired
		if checked.contract == nil {
			repaired = checked.args
		}
		recovery(c, t, fixes, repaired)
	}
	c.Recovery.FuzzyMatches = matches
	return result(failure(c))
}

// Known reports whether Recourse has a tool of this name.
func (s *Server) Known(name string) bool { return s.tools[name] != nil }

func stringArg(args map[string]any, key, def string) string {
	if s, ok := args[key].(string); ok && s != "" {
		return s
	}
	return def
}

func ptr(s string) *string { return &s }

// CallTool runs one of Recourse's tools outside MCP (the HTTP decision
// service): the same argument checks, evaluation, deadline and envelope
// as a tools/call of name with args.
func (s *Server) CallTool(ctx context.Context, name string, args any) *mcp.CallToolResult {
	t := s.tools[name]
	if t == nil {
		return s.UnknownTool(name, args)
	}
	req := mcp.CallToolRequest{}
	req.Params.Name, req.Params.Arguments = name, args
	res, _ := s.handler(t)(ctx, req) // the handler answers every failure with an envelope
	return res
}
