package gateway

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/recourse-dev/recourse/internal/mcpstdio"
	"github.com/recourse-dev/recourse/internal/workers"
	"github.com/recourse-dev/recourse/mcpserver"
)

// stdioWorkers is how many calls mcp-go's stdio server handles at once;
// stdioCalls how many the shortcut does before it stops reading.
const (
	stdioWorkers = 16
	stdioCalls   = 128
)

// ServeStdio serves the gateway to one client over stdio until in ends or
// ctx is done.
//
// It is mcp-go's stdio server with one shortcut. mcp-go reads a message
// some nine times over before a tool's handler runs, a third of the
// gateway's CPU for a forwarded call by profile, and that CPU is latency
// when calls queue; so a tools/call is read here once, judged, and
// carried out and answered directly. What needs mcp-go's session goes to
// its server unchanged, as every other message does: a call that would
// ask the person at the client (whether the client can be asked, and the
// elicitation round trip, are the session's), a call of protocol
// 2026-07-28 (whose requests carry their own protocol state), a
// task-augmented call or one answering the gateway's question, and one
// naming a tool no upstream offers. The judgement and what follows it
// are the handler's own (judgeCall, carry): the shortcut is a second
// reader of the same call, not a second gate.
func (g *Gateway) ServeStdio(ctx context.Context, in io.Reader, out io.Writer) error {
	return g.serveStdio(ctx, in, out, mcpserver.MaxMessageBytes)
}

// serveStdio is ServeStdio reading messages of at most maxLine bytes.
// The client's stream is read and written through the one stdio
// transport `recourse mcp serve` uses (internal/mcpstdio): its size
// bound, its framings (newline-delimited, or Content-Length headers,
// answered the same way) and its failures.
func (g *Gateway) serveStdio(ctx context.Context, in io.Reader, out io.Writer, maxLine int) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	f := &stdioFront{g: g, out: mcpstdio.NewWriter(out), inFlight: map[string]context.CancelFunc{},
		slots: make(chan struct{}, stdioCalls), workers: workers.New()}
	pr, pw := io.Pipe()
	f.pass = pw
	go func() {
		// nil: mcp-go reads EOF
		pw.CloseWithError(mcpstdio.Serve(ctx, in, f.out, maxLine, g.opts.Logger, func(msg []byte) { f.receive(ctx, msg) }))
	}()
	s := server.NewStdioServer(g.mcp)
	server.WithWorkerPoolSize(stdioWorkers)(s) // calls in flight are independent
	err := s.Listen(ctx, pr, f.out)
	pr.Close() // a message read after the server stopped is not waited on
	cancel()   // as mcp-go does its own: the input ended, calls in flight end
	f.calls.Wait()
	f.out.Close() // nothing is written after ServeStdio returns
	return err
}

// stdioFront reads the client's messages ahead of mcp-go's stdio server.
type stdioFront struct {
	g       *Gateway
	out     *mcpstdio.Writer // the client's, shared with mcp-go's server
	pass    io.Writer        // mcp-go's server's input, one message a line
	slots   chan struct{}
	workers *workers.Pool // a call's judgement grows a goroutine's stack
	calls   sync.WaitGroup

	mu       sync.Mutex
	inFlight map[string]context.CancelFunc // request id → its cancellation
}

// message is what the shortcut reads of every message.
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

// receive takes one message the transport read: the call it can answer
// it starts, the rest it passes on to mcp-go's server, which reads one
// message a line (a framed message written over several lines is
// compacted onto one). A failure to pass it on is mcp-go's server
// stopping, which ends the session.
func (f *stdioFront) receive(ctx context.Context, msg []byte) {
	if f.take(ctx, msg) {
		return
	}
	if err := f.passOn(msg); err != nil {
		f.g.opts.Logger.Debug("passing a message to the MCP server", "error", err)
	}
}

// passOn writes msg to mcp-go's server as one line.
func (f *stdioFront) passOn(msg []byte) error {
	if bytes.ContainsAny(msg, "\r\n") {
		var b bytes.Buffer
		if json.Compact(&b, msg) == nil {
			msg = b.Bytes()
		}
	}
	_, err := f.pass.Write(append(msg[:len(msg):len(msg)], '\n'))
	return err
}

// take starts the call a line asks for, if the shortcut may answer it,
// and reports whether it did. A cancellation is noted and passed on.
func (f *stdioFront) take(ctx context.Context, line []byte) bool {
	call, cancelled := readLine(line)
	if cancelled != nil {
		f.cancel(cancelled)
	}
	if call == nil {
		return false
	}
	r, ok := f.g.route(call.req.Params.Name)
	if !ok {
		return false
	}
	key := idKey(call.id)
	callCtx, cancel := context.WithCancel(ctx)
	f.mu.Lock()
	if _, dup := f.inFlight[key]; dup {
		f.mu.Unlock()
		cancel()
		return false // an id already in flight: mcp-go's server answers it
	}
	f.inFlight[key] = cancel
	f.mu.Unlock()
	f.slots <- struct{}{}
	f.calls.Add(1)
	f.workers.Go(func() {
		defer func() {
			cancel()
			<-f.slots
			f.calls.Done()
		}()
		f.serve(callCtx, key, call, line, r)
	})
	return true
}

// stdioCall is a tools/call the shortcut may answer.
type stdioCall struct {
	id  json.RawMessage // as the client wrote it
	req mcp.CallToolRequest
}

// readLine reads one message: the call it is, if the shortcut may answer
// it (a JSON-RPC tools/call request with an id, its params read as
// mcp-go's server reads them, and plain), or the request id it cancels,
// if it is a notifications/cancelled. Anything else, malformed included,
// is mcp-go's server's.
func readLine(line []byte) (call *stdioCall, cancelled json.RawMessage) {
	var msg message
	if json.Unmarshal(line, &msg) != nil || msg.JSONRPC != mcp.JSONRPC_VERSION {
		return nil, nil
	}
	switch {
	case msg.Method == string(mcp.MethodNotificationCancelled):
		var p struct {
			RequestID json.RawMessage `json:"requestId"`
		}
		if json.Unmarshal(msg.Params, &p) != nil || len(p.RequestID) == 0 {
			return nil, nil
		}
		return nil, p.RequestID
	case msg.Method != string(mcp.MethodToolsCall) || len(msg.ID) == 0 || string(msg.ID) == "null":
		return nil, nil
	}
	// The params as mcp-go's CallToolParams reads them, less its decoding
	// of the arguments into a map the gateway does not use: it judges and
	// forwards the arguments' bytes.
	var p struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
		Meta      *mcp.Meta       `json:"_meta,omitempty"`
		Task      *mcp.TaskParams `json:"task,omitempty"`
		mcp.MultiRoundTripParams
	}
	if json.Unmarshal(msg.Params, &p) != nil {
		return nil, nil
	}
	c := &stdioCall{id: msg.ID}
	c.req.Method = msg.Method
	c.req.Params = mcp.CallToolParams{Name: p.Name, Meta: p.Meta, Task: p.Task, MultiRoundTripParams: p.MultiRoundTripParams, RawArguments: p.Arguments}
	if !plainCall(c.req.Params) {
		return nil, nil
	}
	return c, nil
}

// plainCall reports whether a call is only a tool's name, arguments and
// _meta, of a protocol before 2026-07-28: a task-augmented call, and one
// that answers a question asked of the client, are mcp-go's server's to
// read.
func plainCall(p mcp.CallToolParams) bool {
	return p.Meta.ProtocolVersion() == "" && p.Task == nil && p.InputResponses == nil && p.RequestState == ""
}

// serve judges and carries out one call, and answers it: a call that
// would ask a person goes to mcp-go's server instead, which judges it
// again with the session's capabilities. A call the client cancelled
// gets no answer, as MCP has it. Its id is free again before it is
// answered, since a client may use it again once it has its answer.
func (f *stdioFront) serve(ctx context.Context, key string, call *stdioCall, line []byte, r route) {
	var ask bool
	rep := f.g.guarded(call.req.Params.Name, func() reply {
		v := f.g.judgeCall(ctx, r, call.req.Params, true)
		if ask = v.answer.Ask; ask {
			return reply{}
		}
		return f.g.carry(ctx, r, call.req, v)
	}).forTool(hasOutputSchema(r.tool))
	f.mu.Lock()
	delete(f.inFlight, key)
	f.mu.Unlock()
	switch {
	case ctx.Err() != nil:
	case ask:
		if err := f.passOn(line); err != nil {
			f.g.opts.Logger.Warn("passing a call to be asked about", "error", err)
		}
	default:
		f.answer(call.id, rep)
	}
}

// answer writes a call's response: the upstream's result as it wrote it,
// or the gateway's own.
func (f *stdioFront) answer(id json.RawMessage, rep reply) {
	result, err := rep.raw, error(nil)
	if rep.res != nil || len(result) == 0 {
		result, err = json.Marshal(rep.res)
	}
	if err == nil && string(result) == "null" {
		err = errors.New("no result")
	}
	if err != nil {
		// Not a result the client could read: it is told so, rather than
		// left waiting.
		f.g.opts.Logger.Error("encoding a call's result", "error", err)
		f.write(mcpserver.RPCError(id, mcp.INTERNAL_ERROR, "the result could not be encoded: "+err.Error()))
		return
	}
	// Both are JSON already, read from (or encoded for) one line each:
	// written as they are, not scanned again.
	f.write(slices.Concat([]byte(`{"jsonrpc":"2.0","id":`), id, []byte(`,"result":`), result, []byte("}")))
}

// write writes one message to the client.
func (f *stdioFront) write(b []byte) {
	if err := f.out.WriteMessage(b); err != nil {
		f.g.opts.Logger.Warn("writing to the client", "error", err)
	}
}

// cancel ends the call of request id, if it is one of the shortcut's:
// its context reaches the upstream as mcp-go's client's own cancellation.
func (f *stdioFront) cancel(id json.RawMessage) {
	f.mu.Lock()
	cancel := f.inFlight[idKey(id)]
	f.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// idKey is a request id as a map key: its JSON, compacted, so that the
// id of a cancellation finds the request's however it is spaced.
func idKey(id json.RawMessage) string {
	if bytes.IndexAny(id, " \t\r\n") < 0 {
		return string(id) // compact already, as a client writes it
	}
	var b bytes.Buffer
	if json.Compact(&b, id) != nil {
		return string(id)
	}
	return b.String()
}
