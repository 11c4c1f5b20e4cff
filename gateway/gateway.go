package gateway

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/recourse-dev/recourse/allowonce"
	"github.com/recourse-dev/recourse/audit"
	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/evaluator/mcpcall"
	"github.com/recourse-dev/recourse/hooks"
	"github.com/recourse-dev/recourse/internal/observe"
	"github.com/recourse-dev/recourse/internal/redact"
	"github.com/recourse-dev/recourse/mcpserver"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/report"
)

// StatusTool is the gateway's own tool: the upstreams' health.
const StatusTool = "recourse_gateway_status"

// HostName is the gateway's name in allow-once codes: recourse allow-once
// lets one refused call of a tool through the gateway.
const HostName = "mcp-gateway"

// Options are what the gateway judges with.
type Options struct {
	// Evaluator returns the evaluator for a list of policy directories
	// (an upstream's own, or the gateway's when it has none).
	Evaluator func(ctx context.Context, policies []string) (*evaluator.Evaluator, error)
	// Policies, Environment and FailOn are the gateway's defaults for
	// upstreams that set none.
	Policies    []string
	Environment string
	FailOn      model.Decision
	// Actor is who proposes the calls, for the policy.
	Actor string
	// Timeout bounds each evaluation.
	Timeout time.Duration
	// AllowOnce, when set, lets a person let one refused call through;
	// AllowOnceErr says why it is unset.
	AllowOnce    *allowonce.Store
	AllowOnceErr error
	Logger       *slog.Logger
	Version      string
	// Observe is the command's --observe: off observes no server's calls;
	// auto or "" leaves it to the configuration (Server.Observes).
	Observe string
}

// Gateway is the MCP server in front of the upstreams.
type Gateway struct {
	cfg       Config
	opts      Options
	mcp       *server.MCPServer
	upstreams []*upstream
	judges    map[string]judge
	rec       audit.Recorder

	mu      sync.Mutex
	routes  map[string]route // exposed tool name → upstream tool
	pending pendingAsks      // questions asked of 2026-07-28 clients

	others sync.Mutex // guards shown
	shown  shown
}

// judge is how one upstream's calls are judged.
type judge struct {
	ev          *evaluator.Evaluator
	environment string
	failOn      model.Decision
	policy      Policy
	// observeIn, when set, is the directory the stdio server runs in:
	// its calls are observed (docs/observe.md) from there.
	observeIn string
}

// route is an exposed tool: which upstream, and its own tool.
type route struct {
	up   *upstream
	tool mcp.Tool
}

// New prepares a gateway: the evaluators of every upstream (a policy that
// does not load is an error here, not at the first call) and the decision
// log. The upstreams start with Serve.
func New(ctx context.Context, cfg Config, opts Options) (*Gateway, error) {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if opts.FailOn == "" {
		opts.FailOn = model.Escalate
	}
	g := &Gateway{cfg: cfg, opts: opts, judges: map[string]judge{}, routes: map[string]route{}}
	byPolicies := map[string]*evaluator.Evaluator{}
	for _, name := range cfg.Names() {
		s := cfg.MCPServers[name]
		dirs := s.Recourse.Policy
		if len(dirs) == 0 {
			dirs = opts.Policies
		}
		key := strings.Join(dirs, "\x00")
		ev, ok := byPolicies[key]
		if !ok {
			var err error
			if ev, err = opts.Evaluator(ctx, dirs); err != nil {
				return nil, fmt.Errorf("mcpServers.%s: %w", name, err)
			}
			byPolicies[key] = ev
		}
		j := judge{ev: ev, environment: s.Recourse.Environment, failOn: opts.FailOn, policy: s.Recourse}
		if j.environment == "" {
			j.environment = opts.Environment
		}
		if s.Recourse.FailOn != "" {
			j.failOn = model.Decision(s.Recourse.FailOn) // checked by ParseConfig
		}
		if s.Observes(cfg.Observe, opts.Observe) {
			j.observeIn = serverDir(s.Cwd)
		}
		g.judges[name] = j
	}
	var err error
	if g.rec, err = recorder(cfg.DecisionLog); err != nil {
		return nil, err
	}
	g.mcp = server.NewMCPServer("recourse-gateway", opts.Version,
		server.WithToolCapabilities(true),
		server.WithResourceCapabilities(false, true),
		server.WithPromptCapabilities(true),
		server.WithElicitation(),
		server.WithRecovery(),
		server.WithInstructions("Recourse's MCP gateway: the tools of the servers behind it, each call judged before it is forwarded. "+
			"A refused call is an error result whose structuredContent is Recourse's envelope (status refused, error.kind blocked, needs_approval or upstream_unavailable) with the report; "+
			"do not retry a refused call unchanged. "+StatusTool+" reports the servers' health."))
	for _, name := range cfg.Names() {
		g.upstreams = append(g.upstreams, newUpstream(name, cfg.MCPServers[name], opts.Logger, g.refresh))
	}
	g.refresh()
	return g, nil
}

// MCP is the gateway's MCP server, for a transport.
func (g *Gateway) MCP() *server.MCPServer { return g.mcp }

// Start connects the upstreams, and keeps reconnecting them, until ctx
// ends; the returned function waits for them to have closed.
func (g *Gateway) Start(ctx context.Context) (wait func()) {
	var wg sync.WaitGroup
	for _, u := range g.upstreams {
		wg.Add(1)
		go func() {
			defer wg.Done()
			u.run(ctx)
		}()
	}
	return wg.Wait
}

// WaitReady waits until every upstream has connected once or failed to,
// or until ctx ends.
func (g *Gateway) WaitReady(ctx context.Context) {
	for ctx.Err() == nil {
		ready := true
		for _, u := range g.upstreams {
			if u.status().State == "starting" {
				ready = false
			}
		}
		if ready {
			return
		}
		select {
		case <-ctx.Done():
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// Close closes the decision log.
func (g *Gateway) Close() error {
	if g.rec.Log != nil {
		return g.rec.Log.Close()
	}
	return nil
}

// Statuses are the upstreams' health.
func (g *Gateway) Statuses() []Status {
	out := make([]Status, len(g.upstreams))
	for i, u := range g.upstreams {
		out[i] = u.status()
	}
	return out
}

// refresh recomputes what the gateway exposes from every upstream's
// catalog. A tool or prompt name offered by one upstream only is exposed
// as it is; a name two upstreams offer, or the gateway's own, is exposed
// as SERVER__NAME for each, so that a name never changes meaning with the
// order servers start in. A resource URI two upstreams offer goes to the
// first by name.
func (g *Gateway) refresh() {
	cats := make([]catalog, len(g.upstreams))
	count := map[string]int{StatusTool: 1}
	prompts := map[string]int{}
	for i, u := range g.upstreams {
		cats[i] = u.offered()
		for _, t := range cats[i].tools {
			count[t.Name]++
		}
		for _, p := range cats[i].prompts {
			prompts[p.Name]++
		}
	}
	routes := map[string]route{}
	for i, u := range g.upstreams {
		for _, t := range cats[i].tools {
			name := exposed(u.name, t.Name, count)
			if _, taken := routes[name]; !taken {
				routes[name] = route{up: u, tool: t}
			}
		}
	}
	g.mu.Lock()
	same := reflect.DeepEqual(routes, g.routes) && len(g.routes) > 0
	g.routes = routes
	g.mu.Unlock()
	if !same {
		tools := []server.ServerTool{{Tool: statusTool(), Handler: g.status}}
		for _, name := range slices.Sorted(maps.Keys(routes)) {
			t := routes[name].tool
			t.Name = name
			tools = append(tools, server.ServerTool{Tool: t, Handler: g.handler(name)})
		}
		g.setTools(tools)
	}
	g.refreshOthers(cats, prompts)
}

// exposed is the name a tool or prompt is exposed under.
func exposed(server, name string, count map[string]int) string {
	if count[name] > 1 {
		return server + "__" + name
	}
	return name
}

// refreshOthers exposes the upstreams' resources, resource templates and
// prompts, forwarded as they are: they read, and are not judged. A list is
// set again, and clients told, only when it changed.
func (g *Gateway) refreshOthers(cats []catalog, promptCount map[string]int) {
	var resources []server.ServerResource
	var templates []server.ServerResourceTemplate
	var prompts []server.ServerPrompt
	var now shown
	seen := map[string]bool{}
	for i, u := range g.upstreams {
		for _, r := range cats[i].resources {
			if !seen[r.URI] {
				seen[r.URI] = true
				resources = append(resources, server.ServerResource{Resource: r, Handler: g.readResource(u)})
				now.resources = append(now.resources, owned[mcp.Resource]{r, u.name})
			}
		}
		for _, t := range cats[i].templates {
			templates = append(templates, server.ServerResourceTemplate{Template: t, Handler: server.ResourceTemplateHandlerFunc(g.readResource(u))})
			now.templates = append(now.templates, owned[mcp.ResourceTemplate]{t, u.name})
		}
		for _, p := range cats[i].prompts {
			own := p.Name
			p.Name = exposed(u.name, p.Name, promptCount)
			prompts = append(prompts, server.ServerPrompt{Prompt: p, Handler: g.getPrompt(u, own)})
			now.prompts = append(now.prompts, owned[mcp.Prompt]{p, u.name})
		}
	}
	g.others.Lock()
	defer g.others.Unlock()
	if !reflect.DeepEqual(now.resources, g.shown.resources) {
		g.mcp.SetResources(resources...)
	}
	if !reflect.DeepEqual(now.templates, g.shown.templates) {
		g.mcp.SetResourceTemplates(templates...)
	}
	if !reflect.DeepEqual(now.prompts, g.shown.prompts) {
		g.mcp.SetPrompts(prompts...)
	}
	g.shown = now
}

// shown is what the gateway last exposed of its upstreams' resources,
// templates and prompts, each with the upstream that serves it.
type shown struct {
	resources []owned[mcp.Resource]
	templates []owned[mcp.ResourceTemplate]
	prompts   []owned[mcp.Prompt]
}

type owned[T any] struct {
	item     T
	upstream string
}

// readResource forwards a resources/read to u.
func (g *Gateway) readResource(u *upstream) server.ResourceHandlerFunc {
	return func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		c, err := u.up()
		if err != nil {
			return nil, err
		}
		res, err := c.ReadResource(ctx, req)
		if err = u.failure(ctx, c, err); err != nil {
			return nil, err
		}
		return res.Contents, nil
	}
}

// getPrompt forwards a prompts/get to u under the prompt's own name.
func (g *Gateway) getPrompt(u *upstream, name string) server.PromptHandlerFunc {
	return func(ctx context.Context, req mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		c, err := u.up()
		if err != nil {
			return nil, err
		}
		req.Params.Name = name
		res, err := c.GetPrompt(ctx, req)
		return res, u.failure(ctx, c, err)
	}
}

// setTools registers tools; a tool mcp-go refuses (it panics on some
// malformed annotations) is left out and logged, the others stay.
func (g *Gateway) setTools(tools []server.ServerTool) {
	defer func() {
		if r := recover(); r != nil {
			g.opts.Logger.Error("an upstream tool could not be registered; registering one by one", "error", r)
			var ok []server.ServerTool
			for _, t := range tools {
				if func() (good bool) {
					defer func() { good = recover() == nil }()
					g.mcp.SetTools(append(ok, t)...)
					return true
				}() {
					ok = append(ok, t)
				}
			}
			g.mcp.SetTools(ok...)
		}
	}()
	g.mcp.SetTools(tools...)
}

func statusTool() mcp.Tool {
	t := mcp.NewTool(StatusTool,
		mcp.WithDescription("Recourse gateway: the health of every upstream MCP server (state up, down or starting; restarts; last error) and the tools it exposes. Reads nothing else."),
		mcp.WithReadOnlyHintAnnotation(true), mcp.WithDestructiveHintAnnotation(false), mcp.WithIdempotentHintAnnotation(true), mcp.WithOpenWorldHintAnnotation(false))
	return t
}

func (g *Gateway) status(_ context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	g.mu.Lock()
	exposed := map[string][]string{}
	for name, r := range g.routes {
		exposed[r.up.name] = append(exposed[r.up.name], name)
	}
	g.mu.Unlock()
	type upstreamStatus struct {
		Status
		Exposed []string `json:"exposed"`
	}
	var out struct {
		Upstreams []upstreamStatus `json:"upstreams"`
	}
	for _, s := range g.Statuses() {
		names := exposed[s.Name]
		sort.Strings(names)
		out.Upstreams = append(out.Upstreams, upstreamStatus{Status: s, Exposed: names})
	}
	b, err := json.Marshal(out)
	if err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent(string(b))}, StructuredContent: out}, nil
}

// handler is the tools/call handler of an exposed tool.
func (g *Gateway) handler(name string) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return g.guarded(name, func() reply {
			r, ok := g.route(name)
			if !ok {
				return reply{res: mcpserver.Failure(mcpserver.KindUpstreamUnavailable, fmt.Errorf("%w: no upstream offers %s any more", errUnavailable, name))}
			}
			return g.call(ctx, r, req)
		}).forTool(g.declaresOutput(name)).result(), nil
	}
}

// declaresOutput reports whether the exposed tool name declares an
// outputSchema.
func (g *Gateway) declaresOutput(name string) bool {
	r, ok := g.route(name)
	return ok && hasOutputSchema(r.tool)
}

// hasOutputSchema reports whether t declares an outputSchema.
func hasOutputSchema(t mcp.Tool) bool {
	o := t.OutputSchema
	return len(t.RawOutputSchema) > 0 || o.Type != "" || len(o.Properties) > 0 || len(o.Required) > 0 || len(o.Defs) > 0
}

// guarded runs one call of tool name, turning a panic into an internal
// error result: a bug refuses the call and leaves the gateway serving.
func (g *Gateway) guarded(name string, call func() reply) (rep reply) {
	defer func() {
		if r := recover(); r != nil {
			g.opts.Logger.Error("panic judging a call", "tool", name, "panic", r, "stack", string(debug.Stack()))
			rep = reply{res: mcpserver.Failure(mcpserver.KindInternal, fmt.Errorf("internal error (a bug in Recourse; please report it): %v", r))}
		}
	}()
	return call()
}

// reply is what a call is answered with: a result of the gateway's own,
// or the upstream's as it wrote it (see upstream.call), passed on unread
// where it can be.
type reply struct {
	res  *mcp.CallToolResult
	raw  json.RawMessage
	from string // the upstream that wrote raw
}

// forTool is the reply for a tool that declares an outputSchema
// (outputSchema true) or not: a result of the gateway's own for such a
// tool carries its envelope in content and _meta instead of
// structuredContent (mcpserver.ForOutputSchema), where a client
// validating structuredContent against the tool's schema would throw.
func (r reply) forTool(outputSchema bool) reply {
	if outputSchema && r.res != nil {
		r.res = mcpserver.ForOutputSchema(r.res)
	}
	return r
}

// result is the reply as a result, the upstream's decoded as mcp-go's
// client decodes one.
func (r reply) result() *mcp.CallToolResult {
	if r.res != nil || len(r.raw) == 0 {
		return r.res
	}
	res, err := mcp.ParseCallToolResult(&r.raw)
	if err != nil {
		return mcp.NewToolResultError(redact.String(fmt.Sprintf("%s returned an error: %v", r.from, err)))
	}
	return res
}

// route is the upstream tool an exposed name stands for.
func (g *Gateway) route(name string) (route, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	r, ok := g.routes[name]
	return r, ok
}

// call judges one tools/call and forwards it when the verdict lets it
// through. Every path that does not reach the upstream is a refusal.
func (g *Gateway) call(ctx context.Context, r route, req mcp.CallToolRequest) reply {
	return g.carry(ctx, r, req, g.judgeCall(ctx, r, req.Params, g.canElicit(ctx)))
}

// verdict is what the gateway made of a call, before carrying it out.
type verdict struct {
	rec    audit.Entry
	args   []byte // the arguments judged, which are those forwarded
	rep    *report.ConsequenceReport
	answer hooks.Answer
	// err is why the call could not be judged, and kind its envelope's
	// error kind ("" for the kind err carries).
	err  error
	kind mcpserver.ErrorKind
}

// judgeCall judges a call with what its upstream advertised and the
// gateway's configuration for it. canAsk says whether the client can be
// asked; it matters only to an escalate, which asks when it can and is
// refused when it cannot.
func (g *Gateway) judgeCall(ctx context.Context, r route, p mcp.CallToolParams, canAsk bool) verdict {
	v := verdict{rec: audit.Entry{Time: time.Now().UTC(), DecisionID: audit.NewID(), Endpoint: Endpoint, Upstream: r.up.name, Tool: r.tool.Name}}
	args, err := callArguments(p)
	if err != nil {
		v.err, v.kind = err, mcpserver.KindInvalidArgument
		return v
	}
	v.args, v.rec.InputHMAC = args, g.rec.Digest(args)
	j := g.judges[r.up.name]
	if v.rep, v.err = g.evaluate(ctx, j, r, args); v.err != nil {
		return v
	}
	v.rec.Decision, v.rec.RuleIDs = string(v.rep.RiskAssessment), v.rep.RuleIDs()
	v.rec.Stakes(v.rep)
	v.answer = hooks.Verdict(v.rep, j.failOn, canAsk)
	switch {
	case matches(j.policy.AlwaysBlock, r.tool.Name):
		v.answer = hooks.Answer{Stop: true, Reason: fmt.Sprintf("Recourse stopped this call: the gateway's configuration refuses %s on %s (always_block).", r.tool.Name, r.up.name)}
		v.rec.Decision = string(model.Block)
	case matches(j.policy.AlwaysAsk, r.tool.Name) && !v.answer.Stop && !v.answer.Ask:
		v.answer = hooks.Verdict(&report.ConsequenceReport{RiskAssessment: model.Escalate,
			AssessmentReason: fmt.Sprintf("the gateway's configuration asks a person before %s on %s (always_ask); Recourse's own verdict was %s", r.tool.Name, r.up.name, v.rep.RiskAssessment)},
			model.Escalate, canAsk)
	}
	return v
}

// carry carries out a verdict: the call is forwarded, refused, or (for an
// escalate a client can be asked about) put to the person first.
func (g *Gateway) carry(ctx context.Context, r route, req mcp.CallToolRequest, v verdict) reply {
	rec, a := v.rec, v.answer
	once := g.cfg.MCPServers[r.up.name].AllowOnceFor()
	// A call that would not go through may have an allow-once code, unless
	// its arguments could not be read (then no code can name it) or the
	// operator lets no such call through (allow_once).
	if (v.err != nil || a.Ask || a.Stop) && v.args != nil && onceApplies(once, rec.Decision) {
		if res, ok := g.allowedOnce(ctx, r, req, v.args, rec); ok {
			return res
		}
	}
	switch {
	case v.err != nil:
		rec.Decision, rec.Error = "refused", redact.String(v.err.Error())
		return g.refuse(rec, mcpserver.Failure(v.kind, v.err))
	case a.Ask:
		var ok bool
		var outcome string
		if server.IsModernRequest(ctx) {
			var pending *mcp.CallToolResult
			if ok, outcome, pending = g.askModern(req.Params, rec.InputHMAC, r, v); pending != nil {
				return reply{res: pending} // the client asks the person and calls again
			}
		} else {
			ok, outcome = g.elicit(ctx, r, v)
		}
		rec.Elicitation = outcome
		if !ok {
			reason := "Recourse refused this call: a person was asked and did not approve it (" + outcome + "). " + a.Reason
			return g.refuse(rec, mcpserver.Refusal(v.rep, mcpserver.KindNeedsApproval, reason))
		}
	case a.Stop:
		kind := mcpserver.KindNeedsApproval
		if rec.Decision == string(model.Block) {
			kind = mcpserver.KindBlocked
		} else {
			rec.Elicitation = "unavailable" // a person could have let it through, had the client asked
		}
		return g.refuse(rec, mcpserver.Refusal(v.rep, kind, a.Reason+g.onceNote(r, once, rec.Decision, v.args, a.Reason)))
	}
	// An upstream known to be down is refused before anything is recorded
	// as forwarded: the record says refused, which it is.
	if _, err := r.up.up(); err != nil {
		rec.Decision, rec.Error = "refused", redact.String(err.Error())
		return g.refuse(rec, mcpserver.Failure(mcpserver.KindUpstreamUnavailable, err))
	}
	rec.Forwarded = forwarded(true)
	if err := g.record(rec); err != nil {
		return g.failed(err)
	}
	return g.forward(ctx, r, req, v.args, a.Context, rec)
}

// onceApplies reports whether a call refused with decision may be let
// through with an allow-once code under the upstream's allow_once
// setting: escalate lets through what a person could have approved (an
// escalate, or a call that could not be judged), block any refused call,
// never none.
func onceApplies(setting, decision string) bool {
	switch setting {
	case AllowOnceBlock:
		return true
	case AllowOnceEscalate:
		return decision != string(model.Block)
	}
	return false
}

// onceNote is what a refusal says of allow-once: the code that lets
// exactly this call run once, or why there is none for it.
func (g *Gateway) onceNote(r route, setting, decision string, args []byte, reason string) string {
	switch {
	case onceApplies(setting, decision):
		return hooks.AllowOnceNote(g.opts.AllowOnce, g.opts.AllowOnceErr, onceAction(r, args), reason)
	case setting == AllowOnceNever:
		return fmt.Sprintf(" No allow-once code: none is issued for %s (allow_once: never).", r.up.name)
	}
	return fmt.Sprintf(" No allow-once code: a block is never let through once on %s (allow_once: %s).", r.up.name, setting)
}

// allowedOnce forwards a call that would otherwise be refused when a
// person let it through with an allow-once code. The store is read only
// for such a call: an allowed call costs no look at it, and a grant is
// kept for the call it was given for.
func (g *Gateway) allowedOnce(ctx context.Context, r route, req mcp.CallToolRequest, args []byte, rec audit.Entry) (reply, bool) {
	if g.opts.AllowOnce == nil {
		return reply{}, false
	}
	taken, ok := g.opts.AllowOnce.Take(onceAction(r, args))
	if !ok {
		return reply{}, false
	}
	rec.Decision, rec.AllowOnce, rec.Forwarded = "allow-once", allowonce.Display(taken.Code), forwarded(true)
	if err := g.record(rec); err != nil {
		return g.failed(err), true
	}
	return g.forward(ctx, r, req, args, "", rec), true
}

// onceAction is the call as an allow-once code names it: made only for a
// call that would not go through, since it copies the arguments.
func onceAction(r route, args []byte) allowonce.Action {
	return allowonce.Action{Host: HostName, Tool: r.up.name + "/" + r.tool.Name, Input: string(args)}
}

// callArguments are the call's arguments as the client sent them (the
// raw JSON: a large integer keeps every digit), which are both what is
// judged and what is forwarded; absent arguments are {}.
func callArguments(p mcp.CallToolParams) ([]byte, error) {
	raw := bytes.TrimSpace(p.RawArguments)
	if len(raw) == 0 || string(raw) == "null" {
		if p.Arguments == nil {
			return []byte("{}"), nil
		}
		b, err := json.Marshal(p.Arguments)
		if err != nil {
			return nil, fmt.Errorf("the call's arguments cannot be encoded: %w", err)
		}
		raw = b
	}
	if raw[0] != '{' {
		return nil, errors.New("the call's arguments must be a JSON object")
	}
	return raw, nil
}

// evaluate judges the call: the upstream's name, the tool's own name and
// arguments, and the annotations the upstream advertised in its own
// tools/list. Those of an upstream the operator vouches for
// (trust_annotations) are evidence supplied by the operator: a
// readOnlyHint can let a tool no rule knows through, never against its
// arguments. Those of any other upstream only add caution.
func (g *Gateway) evaluate(ctx context.Context, j judge, r route, args []byte) (*report.ConsequenceReport, error) {
	c, err := mcpcall.NewCall(r.up.name, r.tool.Name, args, annotations(r.tool.Annotations))
	if err != nil {
		return nil, err
	}
	if r.up.cfg.TrustsAnnotations() {
		c.VouchedBy = r.up.name
	}
	opts := evaluator.Options{Environment: j.environment, Actor: g.opts.Actor, Timeout: g.opts.Timeout}
	if j.observeIn != "" {
		// A stdio server acts on this machine: what its file tools delete
		// or write over, and the targets of the lines its tools run, are
		// observed as eval shell observes a line's. One observer a call:
		// calls are judged concurrently.
		obs, err := observe.New(observe.Auto, j.observeIn)
		if err != nil {
			return nil, err
		}
		c.Cwd, opts.Cwd, opts.Home, opts.Observer, opts.ObserveCalls = j.observeIn, j.observeIn, os.Getenv("HOME"), obs, true
	}
	return j.ev.Call(ctx, c, args, opts)
}

// serverDir is the absolute directory a stdio server runs in: its cwd
// (from the gateway's, when relative), else the gateway's own; "" when
// the gateway's is not known.
func serverDir(cwd string) string {
	if filepath.IsAbs(cwd) {
		return filepath.Clean(cwd)
	}
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	return filepath.Join(wd, cwd)
}

// annotations are the upstream's tool annotations as the MCP call input
// reads them; nil when it advertised none.
func annotations(a mcp.ToolAnnotation) *model.ToolAnnotations {
	out := model.ToolAnnotations{ReadOnlyHint: a.ReadOnlyHint, DestructiveHint: a.DestructiveHint, IdempotentHint: a.IdempotentHint, OpenWorldHint: a.OpenWorldHint}
	if a.Title != "" {
		out.Title = &a.Title
	}
	if out == (model.ToolAnnotations{}) {
		return nil
	}
	return &out
}

// canElicit reports whether the client of this call declared elicitation.
func (g *Gateway) canElicit(ctx context.Context) bool {
	s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo)
	return ok && s.GetClientCapabilities().Elicitation != nil
}

// elicit asks the person at the client whether the call may run: true
// only on an explicit accept with approve set. It says what happened.
// Over protocol versions before 2026-07-28 this is the server-initiated
// elicitation/create request.
func (g *Gateway) elicit(ctx context.Context, r route, v verdict) (bool, string) {
	res, err := g.mcp.RequestElicitation(ctx, mcp.ElicitationRequest{Params: elicitation(r, v)})
	if err != nil {
		g.opts.Logger.Warn("elicitation failed", "error", err)
		return false, "error"
	}
	return approved(res)
}

// elicitation is the form the person is asked: what would happen (the
// tool, the server, the arguments that matter, redacted and clipped), why
// (the verdict's reason), how recoverable it is, and one boolean.
func elicitation(r route, v verdict) mcp.ElicitationParams {
	return mcp.ElicitationParams{
		Message: approvalMessage(r, v),
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"approve": map[string]any{"type": "boolean", "title": "Run " + r.tool.Name + " on " + r.up.name + " once?", "description": "true runs the call once; false refuses it"},
			},
			"required": []string{"approve"},
		},
	}
}

// approved reads the person's answer: true only on accept with approve.
func approved(res *mcp.ElicitationResult) (bool, string) {
	switch {
	case res == nil:
		return false, "error"
	case res.Action != mcp.ElicitationResponseActionAccept:
		return false, string(res.Action)
	}
	content, _ := res.Content.(map[string]any)
	if approve, _ := content["approve"].(bool); approve {
		return true, "accepted"
	}
	return false, "denied"
}

// forward sends the call to its upstream under its own name. A warn's
// note is added to the result so the agent surfaces it (withNote).
// The arguments are forwarded as the bytes that were judged. rec is the
// call's entry, recorded as forwarded: when the upstream turns out to be
// unreachable, a second entry with its decision id records the refusal.
func (g *Gateway) forward(ctx context.Context, r route, req mcp.CallToolRequest, args []byte, note string, rec audit.Entry) reply {
	rep, err := r.up.call(ctx, callParams{Name: r.tool.Name, Arguments: args, Meta: req.Params.Meta})
	switch {
	case errors.Is(err, errUnavailable):
		rec.Time, rec.Decision, rec.Error, rec.AllowOnce = time.Now().UTC(), "refused", redact.String(err.Error()), ""
		return g.refuse(rec, mcpserver.Failure(mcpserver.KindUpstreamUnavailable, err))
	case err != nil:
		return reply{res: mcp.NewToolResultError(redact.String(fmt.Sprintf("%s returned an error: %v", r.up.name, err)))}
	case rep.res == nil && (len(rep.raw) == 0 || string(rep.raw) == "null"):
		return reply{res: mcpserver.Failure(mcpserver.KindUpstreamUnavailable, fmt.Errorf("%w: %s returned no result", errUnavailable, r.up.name))}
	case rep.res == nil && !isObject(rep.raw):
		return reply{res: rep.result()} // not a result: said so, as mcp-go's client says it
	}
	if note != "" {
		return reply{res: withNote(rep.result(), note, r.tool)}
	}
	return rep
}

// NoteKey is the key under which a warn's note is added to a forwarded
// result's structuredContent (and its _meta).
const NoteKey = "recourse_warning"

// withNote adds a warn's note to a forwarded result: as text content, in
// _meta, and, since Claude Code and VS Code hand the model a result's
// structuredContent rather than its text when it has one, to the
// structuredContent object too, unless the tool's outputSchema would then
// refuse it (a client validating it would throw).
func withNote(res *mcp.CallToolResult, note string, tool mcp.Tool) *mcp.CallToolResult {
	res.Content = append(res.Content, mcp.NewTextContent(note))
	meta := map[string]any{NoteKey: note}
	if res.Meta != nil {
		for k, v := range res.Meta.AdditionalFields {
			meta[k] = v
		}
	}
	res.Meta = mcp.NewMetaFromMap(meta)
	obj, ok := structuredObject(res)
	if !ok {
		return res
	}
	if _, taken := obj[NoteKey]; taken {
		return res
	}
	obj[NoteKey] = note
	if hasOutputSchema(tool) && !fitsOutputSchema(tool, obj) {
		return res
	}
	b, err := json.Marshal(obj)
	if err != nil {
		return res
	}
	// mcp-go writes RawStructuredContent, the upstream's bytes, in
	// preference to StructuredContent: both are the note's now.
	res.StructuredContent, res.RawStructuredContent = obj, b
	return res
}

// structuredObject is a result's structured content as a fresh JSON
// object, when it is one.
func structuredObject(res *mcp.CallToolResult) (map[string]any, bool) {
	b := res.RawStructuredContent
	if len(b) == 0 {
		if res.StructuredContent == nil {
			return nil, false
		}
		var err error
		if b, err = json.Marshal(res.StructuredContent); err != nil {
			return nil, false
		}
	}
	var obj map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber() // an integer past 2^53 keeps its digits
	if err := dec.Decode(&obj); err != nil || obj == nil {
		return nil, false
	}
	return obj, true
}

// fitsOutputSchema reports whether obj is valid under the tool's
// outputSchema; a schema that does not compile fits nothing.
func fitsOutputSchema(tool mcp.Tool, obj map[string]any) bool {
	raw := tool.RawOutputSchema
	if len(raw) == 0 {
		b, err := json.Marshal(tool.OutputSchema)
		if err != nil {
			return false
		}
		raw = b
	}
	var schema jsonschema.Schema
	if err := json.Unmarshal(raw, &schema); err != nil {
		return false
	}
	resolved, err := schema.Resolve(nil) // no loader: a remote $ref does not resolve, so the schema fits nothing
	if err != nil {
		return false
	}
	// The validator reads JSON values as encoding/json decodes them into
	// an any (float64 numbers), not the json.Numbers obj holds.
	b, err := json.Marshal(obj)
	if err != nil {
		return false
	}
	var inst any
	if err := json.Unmarshal(b, &inst); err != nil {
		return false
	}
	return resolved.Validate(inst) == nil
}

// isObject reports whether raw, valid JSON, is an object.
func isObject(raw json.RawMessage) bool {
	raw = bytes.TrimLeft(raw, " \t\r\n")
	return len(raw) > 0 && raw[0] == '{'
}

// refuse records a refused call and returns its result.
func (g *Gateway) refuse(rec audit.Entry, res *mcp.CallToolResult) reply {
	rec.Forwarded = forwarded(false)
	if err := g.record(rec); err != nil {
		g.opts.Logger.Error("decision log", "error", err)
	}
	return reply{res: res}
}

// failed is the refusal of a call whose decision could not be recorded:
// an unaudited call is not forwarded.
func (g *Gateway) failed(err error) reply {
	return reply{res: mcpserver.Failure(mcpserver.KindInternal, fmt.Errorf("the decision log could not be written, so the call was not forwarded: %w", err))}
}

// forwarded is an entry's Forwarded.
func forwarded(b bool) *bool { return &b }

// record writes a judged call's entry through the decision-record writer.
func (g *Gateway) record(rec audit.Entry) error {
	if l := g.opts.Logger; l.Enabled(context.Background(), slog.LevelInfo) { // its arguments cost a call even unlogged
		l.Info("call judged", "upstream", rec.Upstream, "tool", rec.Tool, "decision", rec.Decision, "forwarded", *rec.Forwarded, "elicitation", rec.Elicitation)
	}
	return g.rec.Write(context.Background(), rec, nil)
}
