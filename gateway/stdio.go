package gateway

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

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
func (g *Gateway) serveStdio(ctx context.Context, in io.Reader, out io.Writer, maxLine int) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	f := &stdioFront{g: g, out: &lineWriter{w: out}, maxLine: maxLine, inFlight: map[string]context.CancelFunc{},
		slots: make(chan struct{}, stdioCalls), workers: workers.New()}
	pr, pw := io.Pipe()
	f.pass = pw
	go func() { pw.CloseWithError(f.read(ctx, in)) }() // nil: mcp-go reads EOF
	s := server.NewStdioServer(g.mcp)
	server.WithWorkerPoolSize(stdioWorkers)(s) // calls in flight are independent
	err := s.Listen(ctx, pr, f.out)
	pr.Close() // a message read after the server stopped is not waited on
	cancel()   // as mcp-go does its own: the input ended, calls in flight end
	f.calls.Wait()
	return err
}

// stdioFront reads the client's messages ahead of mcp-go's stdio server.
type stdioFront struct {
	g       *Gateway
	out     *lineWriter // the client's, shared with mcp-go's server
	pass    io.Writer   // mcp-go's server's input
	maxLine int         // the longest message read
	slots   chan struct{}
	workers *workers.Pool // a call's judgement grows a goroutine's stack
	calls   sync.WaitGroup

	mu       sync.Mutex
	inFlight map[string]context.CancelFunc // request id → its cancellation
}

// lineWriter writes each message as one write, from any goroutine. Every
// write of mcp-go's stdio server is one whole line.
type lineWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lineWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// message is what the shortcut reads of every message.
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

// read reads the client's messages, one a line, until in ends: the calls
// it can answer it starts, the rest it passes on. A line over maxLine is
// not held (mcp-go's server reads any length): it is answered with a
// parse error, as a line that is not JSON is.
func (f *stdioFront) read(ctx context.Context, in io.Reader) error {
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		line, err := mcpserver.ReadLine(r, f.maxLine)
		if errors.Is(err, mcpserver.ErrMessageTooLarge) {
			f.g.opts.Logger.Error("reading a message", "error", err)
			f.write(mcpserver.RPCError(nil, mcp.PARSE_ERROR, "parse error: "+err.Error()))
			continue
		}
		if len(line) > 0 && !f.take(ctx, line) {
			if line[len(line)-1] != '\n' {
				line = append(line, '\n')
			}
			if _, werr := f.pass.Write(line); werr != nil {
				return werr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
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
		if _, err := f.pass.Write(line); err != nil {
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
	if _, err := f.out.Write(append(b, '\n')); err != nil {
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
