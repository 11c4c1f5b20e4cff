package mcpserver

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/recourse-dev/recourse/internal/jsonstrict"
	"github.com/recourse-dev/recourse/model"
)

// JSON-RPC error codes (JSON-RPC 2.0, section 5.1).
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeInvalidParams  = -32602
)

// batchVersion is the one MCP protocol version with JSON-RPC batches
// (added in 2025-03-26, removed in 2025-06-18).
const batchVersion = "2025-03-26"

// Handle answers one JSON-RPC message, or a batch where the negotiated
// protocol version has them, and returns nil when nothing is owed (a
// notification). It reads the message exactly before mcp-go sees it:
//   - a key given twice anywhere is refused (a tool's arguments would
//     otherwise keep one of the two: a plan's "actions");
//   - the id is kept as the raw JSON the client sent and mcp-go is given
//     a number of Recourse's own, so ids that a float64 cannot tell apart
//     (above 2^53) get their own answers;
//   - an id that is null, or not a string or an integer, and a request
//     without a string method are invalid requests (-32600); a tools/call
//     whose name is not a string has invalid params (-32602);
//   - a tools/call of a tool Recourse does not have is answered as a tool
//     result with the unknown_tool contract and its did-you-mean.
func (s *Server) Handle(ctx context.Context, msg []byte) []byte {
	msg = bytes.TrimSpace(msg)
	if len(msg) > 0 && msg[0] == '[' {
		return s.batch(ctx, msg)
	}
	return s.handleOne(ctx, msg)
}

// batch answers a JSON-RPC batch: each request in turn, the answers in
// one array, when the session negotiated a version that has batches; a
// single invalid-request error otherwise.
func (s *Server) batch(ctx context.Context, msg []byte) []byte {
	var items []json.RawMessage
	if err := json.Unmarshal(msg, &items); err != nil {
		return RPCError(nil, codeParseError, "parse error: "+err.Error())
	}
	if v := s.protocolVersion(); v != batchVersion {
		return RPCError(nil, codeInvalidRequest, fmt.Sprintf("JSON-RPC batches are not part of MCP protocol version %s (only of %s): send one request per message", cmp.Or(v, "(not initialized)"), batchVersion))
	}
	if len(items) == 0 {
		return RPCError(nil, codeInvalidRequest, "an empty batch")
	}
	var answers []json.RawMessage
	for _, item := range items {
		if resp := s.handleOne(ctx, item); resp != nil {
			answers = append(answers, resp)
		}
	}
	if len(answers) == 0 {
		return nil // a batch of notifications
	}
	b, _ := json.Marshal(answers)
	return b
}

func (s *Server) handleOne(ctx context.Context, msg []byte) []byte {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(msg, &fields); err != nil || fields == nil {
		if json.Valid(msg) {
			return RPCError(nil, codeInvalidRequest, "a JSON-RPC request is a JSON object")
		}
		return RPCError(nil, codeParseError, "parse error: the message is not well-formed JSON")
	}
	rawID, hasID := fields["id"]
	if hasID && !validID(rawID) {
		return RPCError(nil, codeInvalidRequest, fmt.Sprintf("invalid request id %s: MCP ids are strings or integers, never null", rawID))
	}
	var method string
	if err := json.Unmarshal(fields["method"], &method); err != nil || method == "" {
		if !hasID {
			return nil // a notification is never answered, even a broken one
		}
		return RPCError(rawID, codeInvalidRequest, "the request has no method, or its method is not a string")
	}
	if err := jsonstrict.Duplicates(msg); err != nil {
		return s.duplicateKey(rawID, hasID, method, err)
	}
	if !hasID {
		s.mcp.HandleMessage(ctx, msg)
		return nil
	}
	if method == "tools/call" {
		if resp, done := s.toolsCallFront(rawID, fields["params"]); done {
			return resp
		}
	}
	resp := s.mcp.HandleMessage(ctx, request(s.ids.Add(1), fields))
	if resp == nil {
		return nil
	}
	if method == "initialize" {
		s.noteProtocol(resp)
	}
	out, err := encode(resp, rawID)
	if err != nil {
		s.log.Error("encoding a response", "error", err)
		return RPCError(rawID, -32603, "encoding the response: "+err.Error())
	}
	return out
}

// request is the message handed to mcp-go: the client's method and
// params, as the exact bytes it sent, under an id of Recourse's own.
// Splicing the raw members, rather than encoding the fields again, saves
// a pass over a plan that may be megabytes.
func request(id uint64, fields map[string]json.RawMessage) []byte {
	var b bytes.Buffer
	b.Grow(len(fields["params"]) + len(fields["method"]) + 64)
	b.WriteString(`{"jsonrpc":"2.0","id":`)
	b.WriteString(strconv.FormatUint(id, 10))
	b.WriteString(`,"method":`)
	b.Write(fields["method"])
	if params, ok := fields["params"]; ok {
		b.WriteString(`,"params":`)
		b.Write(params)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// encode writes mcp-go's response under the client's own id.
func encode(resp mcp.JSONRPCMessage, id json.RawMessage) ([]byte, error) {
	switch r := resp.(type) {
	case mcp.JSONRPCResponse:
		return json.Marshal(struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      json.RawMessage `json:"id"`
			Result  any             `json:"result"`
		}{r.JSONRPC, id, r.Result})
	case mcp.JSONRPCError:
		return json.Marshal(struct {
			JSONRPC string                  `json:"jsonrpc"`
			ID      json.RawMessage         `json:"id"`
			Error   mcp.JSONRPCErrorDetails `json:"error"`
		}{r.JSONRPC, id, r.Error})
	}
	b, err := json.Marshal(resp)
	if err != nil {
		return nil, err
	}
	return withID(b, id), nil
}

// toolsCallFront answers the tools/call requests Recourse answers itself:
// a name that is not a string, and a tool it does not have.
func (s *Server) toolsCallFront(id json.RawMessage, rawParams json.RawMessage) ([]byte, bool) {
	var params struct {
		Name      json.RawMessage `json:"name"`
		Arguments any             `json:"arguments"`
	}
	if err := json.Unmarshal(rawParams, &params); err != nil {
		return RPCError(id, codeInvalidParams, "tools/call params must be an object with a string name"), true
	}
	var name string
	if err := json.Unmarshal(params.Name, &name); err != nil {
		return RPCError(id, codeInvalidParams, "tools/call params.name must be a string, the tool's name"), true
	}
	if s.Known(name) {
		return nil, false
	}
	b, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "result": s.UnknownTool(name, params.Arguments)})
	if err != nil {
		return RPCError(id, -32603, "encoding the response: "+err.Error()), true
	}
	return b, true
}

// duplicateKey answers a message with a key given twice: a tools/call as
// a tool result with the malformed_input contract (the agent reads where
// and why), anything else as an invalid request.
func (s *Server) duplicateKey(id json.RawMessage, hasID bool, method string, err error) []byte {
	if !hasID {
		return nil
	}
	var me *model.Error
	if method != "tools/call" || !errors.As(err, &me) {
		return RPCError(id, codeInvalidRequest, err.Error())
	}
	c := newContract(KindMalformedInput, me.Error())
	c.Field, c.Line, c.Column = me.Field, me.Line, me.Column
	b, mErr := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "result": result(failure(c))})
	if mErr != nil {
		return RPCError(id, -32603, "encoding the response: "+mErr.Error())
	}
	return b
}

// validID reports whether raw is an id MCP allows: a string, or a number
// without a fraction or exponent.
func validID(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return false
	}
	if raw[0] == '"' {
		var s string
		return json.Unmarshal(raw, &s) == nil
	}
	if bytes.ContainsAny(raw, ".eE") {
		return false
	}
	_, errI := strconv.ParseInt(string(raw), 10, 64)
	_, errU := strconv.ParseUint(string(raw), 10, 64)
	return errI == nil || errU == nil
}

// withID puts the client's raw id back into a response mcp-go made.
func withID(resp []byte, id json.RawMessage) []byte {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(resp, &fields); err != nil {
		return resp
	}
	fields["id"] = id
	out, err := json.Marshal(fields)
	if err != nil {
		return resp
	}
	return out
}

// noteProtocol records the protocol version the initialize response
// negotiated.
func (s *Server) noteProtocol(resp mcp.JSONRPCMessage) {
	r, ok := resp.(mcp.JSONRPCResponse)
	if !ok {
		return
	}
	switch res := r.Result.(type) {
	case mcp.InitializeResult:
		s.protocol.Store(res.ProtocolVersion)
	case *mcp.InitializeResult:
		s.protocol.Store(res.ProtocolVersion)
	}
}

func (s *Server) protocolVersion() string {
	v, _ := s.protocol.Load().(string)
	return v
}

// RPCError is a JSON-RPC error response; id nil is written as null.
func RPCError(id json.RawMessage, code int, msg string) []byte {
	if id == nil {
		id = json.RawMessage("null")
	}
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
	return b
}
