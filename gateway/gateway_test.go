package gateway

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/recourse-dev/recourse/allowonce"
	"github.com/recourse-dev/recourse/audit"
	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/internal/statekey"
	"github.com/recourse-dev/recourse/mcpserver"
	"github.com/recourse-dev/recourse/policy/rego"
	"github.com/recourse-dev/recourse/rules/builtin"
)

// upstreamBin is the test upstream (testdata/upstream), built once.
var upstreamBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "gateway-test")
	if err != nil {
		panic(err)
	}
	upstreamBin = filepath.Join(dir, "upstream")
	// The key of argument digests is made in a state directory of the
	// tests' own, never the user's.
	os.Setenv("XDG_STATE_HOME", filepath.Join(dir, "state"))
	if out, err := exec.Command("go", "build", "-o", upstreamBin, "./testdata/upstream").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building the test upstream: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func newEvaluator(ctx context.Context, dirs []string) (*evaluator.Evaluator, error) {
	pol, err := rego.New(ctx, dirs...)
	if err != nil {
		return nil, err
	}
	eng, err := builtin.Engine()
	if err != nil {
		return nil, err
	}
	return evaluator.New(eng, pol), nil
}

// fixture is a running gateway over test upstreams.
type fixture struct {
	g       *Gateway
	records map[string]string // upstream name → its record file
	log     string
	store   *allowonce.Store
	// stdio connects clients over ServeStdio, as the command serves,
	// rather than in process to the MCP server. One stdio client is
	// connected at a time (mcp-go has one stdio session a process):
	// connecting another ends the last (stopStdio).
	stdio     bool
	stopStdio func()
	// observe is the command's --observe ("" auto).
	observe string
}

// overBoth runs test over both ways a client reaches the gateway: in
// process to its MCP server (as over HTTP) and over ServeStdio, whose
// shortcut answers most calls itself.
func overBoth(t *testing.T, test func(t *testing.T, stdio bool)) {
	t.Run("in-process", func(t *testing.T) { test(t, false) })
	t.Run("stdio", func(t *testing.T) { test(t, true) })
}

// start runs a gateway whose servers are the test upstream under each of
// names, with the recourse settings given (YAML flow maps, "" for none).
func start(t testing.TB, servers map[string]string) *fixture {
	t.Helper()
	f := newFixture(t)
	dir := filepath.Dir(f.log)
	var cfg strings.Builder
	cfg.WriteString("mcpServers:\n")
	for name, settings := range servers {
		f.records[name] = filepath.Join(dir, name+".jsonl")
		fmt.Fprintf(&cfg, "  %s:\n    command: %q\n    env: {RECORD_FILE: %q}\n", name, upstreamBin, f.records[name])
		if settings != "" {
			fmt.Fprintf(&cfg, "    recourse: %s\n", settings)
		}
	}
	fmt.Fprintf(&cfg, "decision_log: %q\n", f.log)
	f.run(t, cfg.String())
	return f
}

// newFixture is a fixture whose decision log, records and allow-once
// codes are in a directory of the test's own.
func newFixture(t testing.TB) *fixture {
	dir := t.TempDir()
	return &fixture{records: map[string]string{}, log: filepath.Join(dir, "decisions.jsonl"), store: &allowonce.Store{Dir: filepath.Join(dir, "allow-once"), Key: statekey.New([]byte("gateway-test-state-key-32-bytes!"))}}
}

// run starts the gateway of the configuration cfg and waits until every
// upstream is up.
func (f *fixture) run(t testing.TB, cfg string) {
	t.Helper()
	c, err := ParseConfig([]byte(cfg))
	if err != nil {
		t.Fatalf("%v\n%s", err, cfg)
	}
	ctx, cancel := context.WithCancel(context.Background())
	g, err := New(ctx, c, Options{Evaluator: newEvaluator, Timeout: 10 * time.Second, AllowOnce: f.store, Observe: f.observe})
	if err != nil {
		t.Fatal(err)
	}
	wait := g.Start(ctx)
	t.Cleanup(func() {
		cancel()
		wait()
		g.Close()
	})
	rctx, rcancel := context.WithTimeout(ctx, 30*time.Second)
	defer rcancel()
	g.WaitReady(rctx)
	for _, s := range g.Statuses() {
		if s.State != "up" {
			t.Fatalf("%s is %s: %s", s.Name, s.State, s.LastError)
		}
	}
	f.g = g
}

// elicitor answers every elicitation with action and approve.
type elicitor struct {
	action  mcp.ElicitationResponseAction
	approve bool
	asked   []string
}

func (e *elicitor) Elicit(_ context.Context, req mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	e.asked = append(e.asked, req.Params.Message)
	return &mcp.ElicitationResult{ElicitationResponse: mcp.ElicitationResponse{Action: e.action, Content: map[string]any{"approve": e.approve}}}, nil
}

// connect is a client of the gateway; with e, one that declares
// elicitation and answers as e says.
func (f *fixture) connect(t testing.TB, e *elicitor) *client.Client {
	t.Helper()
	return f.connectAt(t, e, "2025-11-25")
}

// connectAt is connect at a protocol version ("" for the newest, where
// elicitation is a multi round-trip request).
func (f *fixture) connectAt(t testing.TB, e *elicitor, version string) *client.Client {
	t.Helper()
	var opts []client.ClientOption
	if e != nil {
		opts = append(opts, client.WithElicitationHandler(e))
	}
	var c *client.Client
	if f.stdio {
		c = f.connectStdio(t, opts)
	} else {
		var err error
		if c, err = client.NewInProcessClientWithOptions(f.g.MCP(), opts...); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = version
	init.Params.ClientInfo = mcp.Implementation{Name: "test", Version: "1"}
	if e != nil {
		init.Params.Capabilities.Elicitation = &mcp.ElicitationCapability{}
	}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// connectStdio serves the gateway over pipes with ServeStdio and returns
// a client of them, ending the last such client's session first.
func (f *fixture) connectStdio(t testing.TB, opts []client.ClientOption) *client.Client {
	t.Helper()
	if f.stopStdio != nil {
		f.stopStdio()
	}
	in, out, stop := serveOverPipes(t, f.g, mcpserver.MaxMessageBytes)
	f.stopStdio = stop
	return client.NewClient(transport.NewIO(out, in, nil), opts...)
}

// serveOverPipes runs g.ServeStdio over pipes, as over a process's stdio,
// reading messages of at most maxLine bytes: the client writes to in and
// reads out. stop, also a cleanup of t, ends the session as a client that
// exits does and checks that ServeStdio returned without error.
func serveOverPipes(t testing.TB, g *Gateway, maxLine int) (in *io.PipeWriter, out *io.PipeReader, stop func()) {
	fromGateway, toClient := io.Pipe()
	fromClient, toGateway := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- g.serveStdio(ctx, fromClient, toClient, maxLine) }()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			toGateway.Close() // the client's input ends, as when it exits,
			toClient.Close()  // and the client reads its end: what the gateway still writes fails
			if err := <-done; err != nil {
				t.Errorf("ServeStdio: %v", err)
			}
			cancel()
		})
	}
	t.Cleanup(stop)
	return toGateway, fromGateway, stop
}

func call(t *testing.T, c *client.Client, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	req := mcp.CallToolRequest{}
	req.Params.Name, req.Params.Arguments = name, args
	res, err := c.CallTool(context.Background(), req)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

// received lists the tools the upstream's record shows it was called with.
func (f *fixture) received(t *testing.T, upstream string) []string {
	t.Helper()
	var tools []string
	for _, line := range readLines(t, f.records[upstream]) {
		var r struct{ Tool string }
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		if r.Tool != "" {
			tools = append(tools, r.Tool)
		}
	}
	return tools
}

func readLines(t *testing.T, name string) []string {
	t.Helper()
	file, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	var lines []string
	s := bufio.NewScanner(file)
	for s.Scan() {
		lines = append(lines, s.Text())
	}
	return lines
}

// refusal reads a refused result's envelope: its status and error kind.
func refusal(t *testing.T, res *mcp.CallToolResult) (status, kind string) {
	t.Helper()
	if !res.IsError {
		t.Fatalf("not refused: %+v", res.Content)
	}
	env, ok := res.StructuredContent.(mcpserver.Envelope)
	if !ok {
		b, _ := json.Marshal(res.StructuredContent)
		var e struct {
			Status string
			Error  struct{ Kind string }
		}
		_ = json.Unmarshal(b, &e)
		return e.Status, e.Error.Kind
	}
	return string(env.Status), string(env.Error.Kind)
}

func text(res *mcp.CallToolResult) string {
	var out []string
	for _, c := range res.Content {
		if tc, ok := c.(mcp.TextContent); ok {
			out = append(out, tc.Text)
		}
	}
	return strings.Join(out, "\n")
}

func TestCallsAreJudgedBeforeTheyAreForwarded(t *testing.T) {
	overBoth(t, testCallsAreJudgedBeforeTheyAreForwarded)
}

func testCallsAreJudgedBeforeTheyAreForwarded(t *testing.T, stdio bool) {
	f := start(t, map[string]string{"records": ""})
	f.stdio = stdio
	approving := &elicitor{action: mcp.ElicitationResponseActionAccept, approve: true}
	denying := &elicitor{action: mcp.ElicitationResponseActionAccept, approve: false}
	declining := &elicitor{action: mcp.ElicitationResponseActionDecline}
	cases := []struct {
		name      string
		elicit    *elicitor
		tool      string
		args      map[string]any
		forwarded bool
		kind      string // the refusal's error kind, or a forwarded call's note
	}{
		{"read passes", nil, "list_records", map[string]any{}, true, ""},
		{"a warn passes with a note", nil, "execute_sql", map[string]any{"sql": "UPDATE users SET name = 'a' WHERE id = 1"}, true, "Recourse: WARN"},
		{"destructive SQL never reaches the upstream", approving, "execute_sql", map[string]any{"sql": "DROP TABLE users"}, false, "blocked"},
		{"unknown tool, approved", approving, "zap_everything", map[string]any{"scope": "a"}, true, ""},
		{"unknown tool, denied", denying, "zap_everything", map[string]any{"scope": "b"}, false, "needs_approval"},
		{"unknown tool, declined", declining, "zap_everything", map[string]any{"scope": "c"}, false, "needs_approval"},
		{"unknown tool, no elicitation", nil, "zap_everything", map[string]any{"scope": "d"}, false, "needs_approval"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := len(f.received(t, "records"))
			res := call(t, f.connect(t, tc.elicit), tc.tool, tc.args)
			got := f.received(t, "records")[before:]
			if tc.forwarded {
				if res.IsError || !strings.Contains(text(res), "done: "+tc.tool) || !strings.Contains(text(res), tc.kind) {
					t.Fatalf("not forwarded, or without the note %q: %s", tc.kind, text(res))
				}
				if !slices.Equal(got, []string{tc.tool}) {
					t.Fatalf("upstream received %v", got)
				}
				return
			}
			if len(got) != 0 {
				t.Fatalf("the upstream received %v", got)
			}
			status, kind := refusal(t, res)
			if status != "refused" || kind != tc.kind {
				t.Fatalf("status %s kind %s, want refused %s: %s", status, kind, tc.kind, text(res))
			}
		})
	}
	// The client without elicitation got an allow-once code; approving
	// it lets exactly that call through once.
	res := call(t, f.connect(t, nil), "zap_everything", map[string]any{"scope": "e"})
	code := allowOnceCode(t, text(res))
	if _, err := f.store.Approve(code); err != nil {
		t.Fatal(err)
	}
	c := f.connect(t, nil)
	if res := call(t, c, "zap_everything", map[string]any{"scope": "other"}); !res.IsError {
		t.Fatal("a code let another call through")
	}
	if res := call(t, c, "zap_everything", map[string]any{"scope": "e"}); res.IsError {
		t.Fatalf("the approved call was refused: %s", text(res))
	}
	if res := call(t, c, "zap_everything", map[string]any{"scope": "e"}); !res.IsError {
		t.Fatal("the code worked twice")
	}
	// Every judged call is in the decision log, and no argument in clear.
	lines := readLines(t, f.log)
	if len(lines) < len(cases)+4 {
		t.Fatalf("%d decision records for %d calls", len(lines), len(cases)+4)
	}
	allowedOnce := 0
	for _, l := range lines {
		if strings.Contains(l, "DROP TABLE") || strings.Contains(l, "users") {
			t.Fatalf("arguments in clear: %s", l)
		}
		var rec audit.Entry
		if err := json.Unmarshal([]byte(l), &rec); err != nil || rec.Decision == "" || rec.InputHMAC == "" || rec.Forwarded == nil || rec.Endpoint != Endpoint {
			t.Fatalf("bad record %s: %v", l, err)
		}
		if rec.Decision == "allow-once" {
			allowedOnce++
			if !*rec.Forwarded || rec.AllowOnce == "" || rec.Tool != "zap_everything" {
				t.Errorf("the call let through once is recorded as %s", l)
			}
		}
	}
	if allowedOnce != 1 {
		t.Errorf("%d calls recorded as let through once, want 1", allowedOnce)
	}
	// The records are the hash-chained log's entries: recourse audit
	// verify reads them.
	key, err := statekey.Default()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := audit.VerifyFile(f.log, key); err != nil {
		t.Errorf("the decision log's chain: %v", err)
	}
}

// TestUpstreamErrorIsTheCallsError: a JSON-RPC error the upstream answers
// a forwarded call with is the call's error result, with its message.
func TestUpstreamErrorIsTheCallsError(t *testing.T) { overBoth(t, testUpstreamErrorIsTheCallsError) }

func testUpstreamErrorIsTheCallsError(t *testing.T, stdio bool) {
	f := start(t, map[string]string{"records": ""})
	f.stdio = stdio
	res := call(t, f.connect(t, nil), "list_locked", map[string]any{})
	if !res.IsError || !strings.Contains(text(res), "records returned an error") || !strings.Contains(text(res), "the records are locked") {
		t.Fatalf("%+v", res)
	}
	if got := f.received(t, "records"); !slices.Equal(got, []string{"list_locked"}) {
		t.Fatalf("the upstream received %v", got)
	}
}

func allowOnceCode(t *testing.T, s string) string {
	t.Helper()
	_, rest, ok := strings.Cut(s, "recourse allow-once ")
	code, _, _ := strings.Cut(rest, "`")
	if !ok || code == "" {
		t.Fatalf("no allow-once code in %q", s)
	}
	return code
}

func TestPerServerPolicy(t *testing.T) { overBoth(t, testPerServerPolicy) }

func testPerServerPolicy(t *testing.T, stdio bool) {
	f := start(t, map[string]string{
		"strict": `{fail_on: warn, always_block: ["list_*"]}`,
		"asks":   `{always_ask: [delete_file]}`,
	})
	f.stdio = stdio
	c := f.connect(t, nil)
	// Both offer every tool: names are prefixed by server.
	res, err := c.ListTools(context.Background(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
	}
	for _, want := range []string{StatusTool, "strict__list_records", "asks__list_records", "asks__delete_file"} {
		if !slices.Contains(names, want) {
			t.Fatalf("tools/list %v lacks %s", names, want)
		}
	}
	if _, kind := refusal(t, call(t, c, "strict__list_records", map[string]any{})); kind != "blocked" {
		t.Fatalf("always_block: %s", kind)
	}
	if res := call(t, c, "asks__list_records", map[string]any{}); res.IsError {
		t.Fatalf("the other server's read was refused: %s", text(res))
	}
	if _, kind := refusal(t, call(t, c, "asks__delete_file", map[string]any{"path": "/tmp/scratch.txt"})); kind != "needs_approval" {
		t.Fatalf("always_ask: %s", kind)
	}
	if got := f.received(t, "strict"); len(got) != 0 {
		t.Fatalf("strict received %v", got)
	}
}

func TestUpstreamCrashIsRefusedThenRecovers(t *testing.T) {
	overBoth(t, testUpstreamCrashIsRefusedThenRecovers)
}

func testUpstreamCrashIsRefusedThenRecovers(t *testing.T, stdio bool) {
	f := start(t, map[string]string{"records": ""})
	f.stdio = stdio
	c := f.connect(t, nil)
	var first struct{ PID int }
	if err := json.Unmarshal([]byte(readLines(t, f.records["records"])[0]), &first); err != nil || first.PID == 0 {
		t.Fatalf("no pid: %v", err)
	}
	if err := syscall.Kill(first.PID, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	// Until it is back, calls are refused as unavailable, never allowed
	// through to nothing.
	refused, recovered := false, false
	refusals := 0
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		res := call(t, c, "list_records", map[string]any{})
		if res.IsError {
			if _, kind := refusal(t, res); kind != "upstream_unavailable" {
				t.Fatalf("kind %s: %s", kind, text(res))
			}
			refused = true
			refusals++
			continue
		}
		if refused {
			recovered = true
			break
		}
	}
	if !refused || !recovered {
		t.Fatalf("refused %v, recovered %v", refused, recovered)
	}
	// Each refusal is recorded as one: decision refused, not forwarded.
	recorded := 0
	for _, line := range readLines(t, f.log) {
		var e audit.Entry
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatal(err)
		}
		if e.Decision == "refused" && e.Forwarded != nil && !*e.Forwarded && strings.Contains(e.Error, "upstream unavailable") {
			recorded++
		}
	}
	if recorded != refusals {
		t.Fatalf("%d refusals, %d recorded as refused:\n%s", refusals, recorded, strings.Join(readLines(t, f.log), "\n"))
	}
	st := f.g.Statuses()[0]
	if st.Restarts < 1 || st.State != "up" {
		t.Fatalf("%+v", st)
	}
	status := call(t, c, StatusTool, nil)
	if status.IsError || !strings.Contains(text(status), `"restarts":`) {
		t.Fatalf("%s", text(status))
	}
}

func TestToolListChangesPropagate(t *testing.T) { overBoth(t, testToolListChangesPropagate) }

func testToolListChangesPropagate(t *testing.T, stdio bool) {
	f := start(t, map[string]string{"records": ""})
	f.stdio = stdio
	c := f.connect(t, &elicitor{action: mcp.ElicitationResponseActionAccept, approve: true})
	if res := call(t, c, "add_tool", map[string]any{"name": "fresh_tool"}); res.IsError {
		t.Fatalf("%s", text(res))
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		res, err := c.ListTools(context.Background(), mcp.ListToolsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if slices.ContainsFunc(res.Tools, func(tool mcp.Tool) bool { return tool.Name == "fresh_tool" }) {
			return
		}
	}
	t.Fatal("fresh_tool never appeared")
}

// TestModernClientsAreAskedByMultiRoundTrip: over protocol 2026-07-28 the
// question is an input_required result; only an answer to a question the
// gateway issued for that very call counts.
func TestModernClientsAreAskedByMultiRoundTrip(t *testing.T) {
	overBoth(t, testModernClientsAreAskedByMultiRoundTrip)
}

func testModernClientsAreAskedByMultiRoundTrip(t *testing.T, stdio bool) {
	f := start(t, map[string]string{"records": ""})
	f.stdio = stdio
	approving := &elicitor{action: mcp.ElicitationResponseActionAccept, approve: true}
	if res := call(t, f.connectAt(t, approving, ""), "zap_everything", map[string]any{"scope": "m1"}); res.IsError || len(approving.asked) != 1 {
		t.Fatalf("asked %d times: %s", len(approving.asked), text(res))
	}
	denying := &elicitor{action: mcp.ElicitationResponseActionDecline}
	if _, kind := refusal(t, call(t, f.connectAt(t, denying, ""), "zap_everything", map[string]any{"scope": "m2"})); kind != "needs_approval" {
		t.Fatal(kind)
	}
	// A first call that brings its own "approval" and a made-up state is
	// asked like any other, and refused when the person declines.
	c := f.connectAt(t, denying, "")
	req := mcp.CallToolRequest{}
	req.Params.Name, req.Params.Arguments = "zap_everything", map[string]any{"scope": "forged"}
	req.Params.RequestState = "0123456789abcdef0123456789abcdef"
	req.Params.InputResponses = mcp.InputResponses{approveKey: mcp.NewElicitationInputResponse(mcp.ElicitationResult{
		ElicitationResponse: mcp.ElicitationResponse{Action: mcp.ElicitationResponseActionAccept, Content: map[string]any{"approve": true}}})}
	res, err := c.CallTool(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if _, kind := refusal(t, res); kind != "needs_approval" {
		t.Fatal(kind)
	}
	if got := f.received(t, "records"); len(got) != 1 {
		t.Fatalf("the upstream received %v", got)
	}
}

// TestStreamableHTTP: --listen serves the same gateway over MCP's
// streamable HTTP transport, a bearer token required when a token file is
// given.
func TestStreamableHTTP(t *testing.T) {
	f := start(t, map[string]string{"records": ""})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	tokens := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(tokens, []byte("gw-token\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- f.g.ServeHTTP(ctx, HTTPOptions{Addr: addr, TokenFile: tokens}) }()
	defer func() {
		cancel()
		<-done
	}()
	url := "http://" + addr + "/mcp"
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			break
		}
	}
	connect := func(token string) (*client.Client, error) {
		c, err := client.NewStreamableHttpClient(url, transport.WithHTTPHeaders(map[string]string{"Authorization": "Bearer " + token}))
		if err != nil {
			return nil, err
		}
		if err := c.Start(context.Background()); err != nil {
			return nil, err
		}
		init := mcp.InitializeRequest{}
		init.Params.ProtocolVersion = "2025-11-25"
		init.Params.ClientInfo = mcp.Implementation{Name: "test", Version: "1"}
		if _, err := c.Initialize(context.Background(), init); err != nil {
			c.Close()
			return nil, err
		}
		return c, nil
	}
	if c, err := connect("wrong"); err == nil {
		c.Close()
		t.Fatal("a wrong token was let in")
	}
	c, err := connect("gw-token")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if res := call(t, c, "list_records", map[string]any{}); res.IsError {
		t.Fatalf("%s", text(res))
	}
	if _, kind := refusal(t, call(t, c, "execute_sql", map[string]any{"sql": "DROP TABLE users"})); kind != "blocked" {
		t.Fatal(kind)
	}
}

// TestCancellationReachesTheUpstream: a client that gives up on a call
// cancels it at the upstream too.
func TestCancellationReachesTheUpstream(t *testing.T) {
	overBoth(t, testCancellationReachesTheUpstream)
}

func testCancellationReachesTheUpstream(t *testing.T, stdio bool) {
	f := start(t, map[string]string{"records": ""})
	f.stdio = stdio
	c := f.connect(t, nil)
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() {
		req := mcp.CallToolRequest{}
		req.Params.Name, req.Params.Arguments = "list_slowly", map[string]any{}
		_, err := c.CallTool(ctx, req)
		errc <- err
	}()
	waitUntil(t, func() bool { return slices.Contains(f.received(t, "records"), "list_slowly") })
	cancel()
	<-errc
	waitUntil(t, func() bool {
		for _, l := range readLines(t, f.records["records"]) {
			if strings.Contains(l, `"cancelled":"list_slowly"`) {
				return true
			}
		}
		return false
	})
}

func waitUntil(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatal("timed out")
}
