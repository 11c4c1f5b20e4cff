package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/recourse-dev/recourse/internal/redact"
)

// Backoff bounds the waits between an upstream's restarts.
const (
	minBackoff = 250 * time.Millisecond
	maxBackoff = 30 * time.Second
	// connectTimeout bounds starting and initialising an upstream.
	connectTimeout = 30 * time.Second
)

// upstream is one MCP server behind the gateway: its client while it is
// up, the tools it offers, and its health for recourse_gateway_status. A
// supervisor goroutine (run) connects it, and reconnects it with backoff
// whenever it goes down.
type upstream struct {
	name   string
	cfg    Server
	logger *slog.Logger
	// changed is called when the upstream's tools change (a connect, or
	// its notifications/tools/list_changed).
	changed func()

	mu       sync.Mutex
	client   *client.Client
	catalog  catalog
	state    string // starting, up, down
	lastErr  string
	restarts int
	since    time.Time
	markLost func() // ends the current connection's wait (once)

	ids atomic.Int64 // of the calls send sends
}

// catalog is what an upstream offers: its tools, resources, resource
// templates and prompts.
type catalog struct {
	tools     []mcp.Tool
	resources []mcp.Resource
	templates []mcp.ResourceTemplate
	prompts   []mcp.Prompt
}

// Status is an upstream's health, as recourse_gateway_status reports it.
type Status struct {
	Name      string    `json:"name"`
	Transport string    `json:"transport"`
	State     string    `json:"state"`
	Tools     int       `json:"tools"`
	Restarts  int       `json:"restarts"`
	Since     time.Time `json:"since"`
	LastError string    `json:"last_error,omitempty"`
}

func newUpstream(name string, cfg Server, logger *slog.Logger, changed func()) *upstream {
	return &upstream{name: name, cfg: cfg, logger: logger.With("upstream", name), changed: changed, state: "starting", since: time.Now()}
}

// run keeps the upstream connected until ctx ends.
func (u *upstream) run(ctx context.Context) {
	backoff := minBackoff
	for ctx.Err() == nil {
		start := time.Now()
		lost, err := u.connect(ctx)
		if err == nil {
			select {
			case <-ctx.Done():
			case <-lost:
			}
		}
		u.down(err)
		if ctx.Err() != nil {
			return
		}
		if time.Since(start) > time.Minute {
			backoff = minBackoff // it was healthy for a while
		}
		u.logger.Warn("upstream down; restarting", "after", backoff, "error", u.status().LastError)
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, maxBackoff)
		u.mu.Lock()
		u.restarts++
		u.mu.Unlock()
	}
}

// protocolVersions are tried in order when connecting. 2025-11-25 first:
// over it mcp-go's client sends each request without the per-request
// metadata and header mirroring of 2026-07-28, which halved the latency
// the gateway adds (docs/performance.md); an upstream that only speaks
// the newer version gets it.
var protocolVersions = []string{mcp.ProtocolVersion20251125, mcp.LATEST_PROTOCOL_VERSION}

// connect starts the upstream, initialises it and lists its tools.
func (u *upstream) connect(ctx context.Context) (<-chan struct{}, error) {
	cctx, cancel := context.WithTimeout(ctx, connectTimeout)
	defer cancel()
	var c *client.Client
	var lost chan struct{}
	var markLost func()
	var err error
	for _, version := range protocolVersions {
		// Only a refused handshake is worth another version: an upstream
		// that did not start would not start again.
		if c, lost, markLost, err = u.open(ctx, cctx, version); !errors.Is(err, errHandshake) {
			break
		}
	}
	if err != nil {
		return nil, err
	}
	cat, err := fetchCatalog(cctx, c)
	if err != nil {
		_ = c.Close()
		return nil, err
	}
	u.mu.Lock()
	u.client, u.catalog, u.state, u.lastErr, u.since, u.markLost = c, cat, "up", "", time.Now(), markLost
	u.mu.Unlock()
	u.logger.Info("upstream up", "tools", len(cat.tools), "resources", len(cat.resources), "prompts", len(cat.prompts))
	u.changed()
	if t, ok := c.GetTransport().(*transport.Stdio); ok {
		go watchStdio(ctx, t, markLost)
	}
	return lost, nil
}

// open starts a client of the upstream and initialises it at version;
// lost is closed (by markLost) when the connection is lost. ctx is the
// connection's life, cctx the start's deadline.
func (u *upstream) open(ctx, cctx context.Context, version string) (c *client.Client, lost chan struct{}, markLost func(), err error) {
	if c, err = u.newClient(); err != nil {
		return nil, nil, nil, err
	}
	lost = make(chan struct{})
	var once sync.Once
	markLost = func() { once.Do(func() { close(lost) }) }
	c.OnConnectionLost(func(error) { markLost() })
	c.OnNotification(func(n mcp.JSONRPCNotification) {
		switch mcp.MCPMethod(n.Method) {
		case mcp.MethodNotificationToolsListChanged, mcp.MethodNotificationResourcesListChanged, mcp.MethodNotificationPromptsListChanged:
			go u.relist(ctx)
		}
	})
	if err := c.Start(cctx); err != nil {
		_ = c.Close()
		return nil, nil, nil, fmt.Errorf("starting: %w", err)
	}
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = version
	init.Params.ClientInfo = mcp.Implementation{Name: "recourse-gateway", Version: "1"}
	if _, err := c.Initialize(cctx, init); err != nil {
		_ = c.Close()
		return nil, nil, nil, fmt.Errorf("%w (protocol %s): %w", errHandshake, version, err)
	}
	return c, lost, markLost, nil
}

// watchStdio marks a stdio upstream lost when its process exits: the
// transport closes its stderr then, which no call would otherwise notice
// until one was made.
func watchStdio(ctx context.Context, t *transport.Stdio, lost func()) {
	buf := make([]byte, 4096)
	r := t.Stderr()
	for ctx.Err() == nil {
		if _, err := r.Read(buf); err != nil {
			lost()
			return
		}
	}
}

// newClient builds the upstream's client, not yet started.
func (u *upstream) newClient() (*client.Client, error) {
	switch u.cfg.Transport() {
	case "http":
		t, err := transport.NewStreamableHTTP(u.cfg.URL, transport.WithHTTPHeaders(u.cfg.Headers), transport.WithHTTPBasicClient(sameHostClient()))
		if err != nil {
			return nil, err
		}
		return client.NewClient(t), nil
	case "sse":
		t, err := transport.NewSSE(u.cfg.URL, transport.WithHeaders(u.cfg.Headers), transport.WithHTTPClient(sameHostClient()))
		if err != nil {
			return nil, err
		}
		return client.NewClient(t), nil
	}
	env := os.Environ()
	for _, k := range slices.Sorted(maps.Keys(u.cfg.Env)) {
		env = append(env, k+"="+u.cfg.Env[k])
	}
	cwd := u.cfg.Cwd
	t := transport.NewStdioWithOptions(u.cfg.Command, nil, u.cfg.Args,
		transport.WithCommandFunc(func(_ context.Context, command string, _ []string, args []string) (*exec.Cmd, error) {
			// Not bound to the start's context, which ends once the server
			// is up: the client's Close ends the process.
			cmd := exec.Command(command, args...)
			cmd.Env, cmd.Dir = env, cwd
			return cmd, nil
		}),
		transport.WithCommandStderrWriter(stderrLog{u.logger}))
	return client.NewClient(t), nil
}

// sameHostClient follows no redirect to another host: an upstream URL
// must not send the gateway's headers (its credentials) elsewhere, and
// mcp-go's HTTP client follows any redirect (GO-2026-6911).
func sameHostClient() *http.Client {
	return &http.Client{CheckRedirect: func(req *http.Request, via []*http.Request) error {
		if len(via) >= 5 {
			return errors.New("too many redirects")
		}
		if req.URL.Host != via[0].URL.Host || req.URL.Scheme != via[0].URL.Scheme {
			return fmt.Errorf("refusing a redirect from %s to another host (%s)", via[0].URL.Host, req.URL.Host)
		}
		return nil
	}}
}

// stderrLog passes an upstream's stderr to the gateway's log.
type stderrLog struct{ logger *slog.Logger }

func (w stderrLog) Write(p []byte) (int, error) {
	w.logger.Debug("upstream stderr", "text", string(p))
	return len(p), nil
}

// fetchCatalog lists what the upstream offers, by the capabilities it
// declared.
func fetchCatalog(ctx context.Context, c *client.Client) (catalog, error) {
	var cat catalog
	caps := c.GetServerCapabilities()
	tools, err := c.ListTools(ctx, mcp.ListToolsRequest{})
	if err != nil {
		return cat, fmt.Errorf("tools/list: %w", err)
	}
	// The schemas as the upstream wrote them ($schema and all), else as
	// mcp-go read them: the tools are the same either way.
	cat.tools, _ = withRawSchemas(ctx, c, tools.Tools)
	if caps.Resources != nil {
		res, err := c.ListResources(ctx, mcp.ListResourcesRequest{})
		if err != nil {
			return cat, fmt.Errorf("resources/list: %w", err)
		}
		cat.resources = res.Resources
		if tpl, err := c.ListResourceTemplates(ctx, mcp.ListResourceTemplatesRequest{}); err == nil {
			cat.templates = tpl.ResourceTemplates // optional: a server may not implement it
		}
	}
	if caps.Prompts != nil {
		res, err := c.ListPrompts(ctx, mcp.ListPromptsRequest{})
		if err != nil {
			return cat, fmt.Errorf("prompts/list: %w", err)
		}
		cat.prompts = res.Prompts
	}
	return cat, nil
}

// relist re-reads the catalog after the upstream said it changed.
func (u *upstream) relist(ctx context.Context) {
	c := u.current()
	if c == nil {
		return
	}
	cctx, cancel := context.WithTimeout(ctx, connectTimeout)
	defer cancel()
	cat, err := fetchCatalog(cctx, c)
	if err != nil {
		u.logger.Warn("listing after list_changed failed", "error", err)
		return
	}
	u.mu.Lock()
	u.catalog = cat
	u.mu.Unlock()
	u.changed()
}

// down records that the connection ended (err says why, nil when it was
// lost) and closes the client. The tools it offered stay exposed: a call
// of one while it is down is refused as unavailable, which an agent can
// retry, rather than vanishing from the list.
func (u *upstream) down(err error) {
	u.mu.Lock()
	c := u.client
	u.client, u.state, u.since = nil, "down", time.Now()
	switch {
	case err != nil:
		u.lastErr = redact.String(err.Error()) // an error may quote a URL or a header
	default:
		u.lastErr = "the connection was lost (the server exited or closed it)"
	}
	u.mu.Unlock()
	if c != nil {
		_ = c.Close()
	}
	u.changed()
}

// lostNow marks the current connection lost after a transport error on a
// call, so that the supervisor restarts it.
func (u *upstream) lostNow(c *client.Client) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.client == c && u.markLost != nil {
		u.markLost()
	}
}

func (u *upstream) current() *client.Client {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.client
}

func (u *upstream) offered() catalog {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.catalog
}

func (u *upstream) status() Status {
	u.mu.Lock()
	defer u.mu.Unlock()
	return Status{Name: u.name, Transport: u.cfg.Transport(), State: u.state, Tools: len(u.catalog.tools), Restarts: u.restarts, Since: u.since, LastError: u.lastErr}
}

// callParams are a tools/call's params as the gateway forwards them: the
// upstream's own name of the tool, the arguments that were judged, and the
// client's _meta.
type callParams struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
	Meta      *mcp.Meta       `json:"_meta,omitempty"`
}

// call forwards a tools/call. A transport failure marks the upstream lost
// and is returned as errUnavailable; the upstream's own JSON-RPC error is
// returned as it is.
//
// A stdio upstream at a protocol before 2026-07-28, where a request is no
// more than its JSON-RPC, is sent the call on its transport and its result
// comes back as written (send): mcp-go's client would decode it into its
// types, for the gateway to encode it again, and drop what its types do
// not know. Any other goes through mcp-go's client.
func (u *upstream) call(ctx context.Context, p callParams) (reply, error) {
	c, err := u.up()
	if err != nil {
		return reply{}, err
	}
	if t, ok := c.GetTransport().(*transport.Stdio); ok && !mcp.IsModernProtocol(c.ProtocolVersion()) {
		raw, err := u.send(ctx, t, p)
		return reply{raw: raw, from: u.name}, u.failure(ctx, c, err)
	}
	req := mcp.CallToolRequest{}
	req.Params.Name, req.Params.Arguments, req.Params.Meta = p.Name, p.Arguments, p.Meta
	res, err := c.CallTool(ctx, req)
	return reply{res: res, from: u.name}, u.failure(ctx, c, err)
}

// send is mcp-go's client's request (client.sendRequest) as it is at a
// protocol before 2026-07-28, less the decoding of the result: the request
// on the transport, a transport failure as a transport.Error, and, when
// ctx ends first, notifications/cancelled to the upstream, which is the
// only way to cancel a request over stdio. Its ids are strings, which
// mcp-go's transport never confuses with its client's numeric ones.
func (u *upstream) send(ctx context.Context, t *transport.Stdio, p callParams) (json.RawMessage, error) {
	id := mcp.NewRequestId("recourse-" + strconv.FormatInt(u.ids.Add(1), 10))
	resp, err := t.SendRequest(ctx, transport.JSONRPCRequest{JSONRPC: mcp.JSONRPC_VERSION, ID: id, Method: string(mcp.MethodToolsCall), Params: p})
	if err != nil {
		if ctx.Err() != nil {
			u.cancelled(ctx, t, id)
		}
		return nil, transport.NewError(err)
	}
	if resp.Error != nil {
		return nil, resp.Error.AsError()
	}
	return resp.Result, nil
}

// cancelled tells the upstream that request id was cancelled, off the
// caller's path and best effort, as mcp-go's client does.
func (u *upstream) cancelled(ctx context.Context, t *transport.Stdio, id mcp.RequestId) {
	n := mcp.JSONRPCNotification{JSONRPC: mcp.JSONRPC_VERSION, Notification: mcp.Notification{
		Method: string(mcp.MethodNotificationCancelled),
		Params: mcp.NotificationParams{AdditionalFields: map[string]any{"requestId": id, "reason": ctx.Err().Error()}},
	}}
	go func() {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = t.SendNotification(ctx, n)
	}()
}

// failure is err from a request to the upstream: a transport failure
// marks it lost and is errUnavailable; the upstream's own JSON-RPC error
// is returned as it is.
func (u *upstream) failure(ctx context.Context, c *client.Client, err error) error {
	var te *transport.Error
	if errors.As(err, &te) && ctx.Err() == nil {
		u.lostNow(c)
		return fmt.Errorf("%w: %s: %s", errUnavailable, u.name, redact.String(err.Error()))
	}
	return err
}

// client is the upstream's client, or errUnavailable.
func (u *upstream) up() (*client.Client, error) {
	if c := u.current(); c != nil {
		return c, nil
	}
	st := u.status()
	return nil, fmt.Errorf("%w: %s is %s (%s)", errUnavailable, u.name, st.State, st.LastError)
}

var (
	errUnavailable = errors.New("upstream unavailable")
	errHandshake   = errors.New("initialize")
)
