package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/evaluator"
)

// MaxMessageBytes bounds one JSON-RPC message (a plan can be large).
const MaxMessageBytes = evaluator.MaxInputBytes + 1<<20

// MaxInFlight bounds the requests handled at once.
const MaxInFlight = 16

// Serve speaks MCP over a byte stream: newline-delimited JSON-RPC as the
// MCP spec requires, or messages framed with Content-Length headers (as
// RecourseOS documents), detected from the first bytes and answered the
// same way. Requests are handled concurrently; responses are written whole,
// one at a time. Serve returns when in ends (after answering what it read)
// or ctx is done.
func (s *Server) Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	r := bufio.NewReaderSize(in, 64<<10)
	framed, err := detectFraming(r)
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil
		}
		return err
	}
	w := &writer{out: out, framed: framed}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	sem := make(chan struct{}, MaxInFlight)
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		msg, err := readMessage(r, framed)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			s.log.Error("reading a message", "error", err)
			if framed {
				return err // the stream is out of step; nothing after it can be trusted
			}
			w.write(parseError(err))
			continue
		}
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			return ctx.Err()
		}
		wg.Add(1)
		go func(msg []byte) {
			defer wg.Done()
			defer func() { <-sem }()
			if resp := s.Handle(ctx, msg); resp != nil {
				w.write(resp)
			}
		}(msg)
	}
}

// Handle answers one JSON-RPC message (nil for a notification). A
// tools/call of a tool Recourse does not have is answered as a tool result
// with the unknown_tool contract and its did-you-mean, not as a bare
// protocol error.
func (s *Server) Handle(ctx context.Context, msg []byte) []byte {
	var probe struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Method  string          `json:"method"`
		Params  struct {
			Name      string `json:"name"`
			Arguments any    `json:"arguments"`
		} `json:"params"`
	}
	if json.Unmarshal(msg, &probe) == nil && probe.Method == "tools/call" && len(probe.ID) > 0 && !s.Known(probe.Params.Name) {
		b, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": probe.ID, "result": s.UnknownTool(probe.Params.Name, probe.Params.Arguments)})
		if err == nil {
			return b
		}
	}
	resp := s.mcp.HandleMessage(ctx, msg)
	if resp == nil {
		return nil
	}
	b, err := json.Marshal(resp)
	if err != nil {
		s.log.Error("encoding a response", "error", err)
		return nil
	}
	return b
}

func parseError(err error) []byte {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": -32700, "message": "parse error: " + err.Error()}})
	return b
}

// detectFraming peeks at the first non-blank bytes: a Content-Length header
// means framed messages.
func detectFraming(r *bufio.Reader) (bool, error) {
	for {
		b, err := r.Peek(1)
		if err != nil {
			return false, err
		}
		if b[0] == ' ' || b[0] == '\t' || b[0] == '\r' || b[0] == '\n' {
			_, _ = r.ReadByte()
			continue
		}
		head, _ := r.Peek(len("content-length:"))
		return strings.EqualFold(string(head), "content-length:"), nil
	}
}

// readMessage reads one message in the stream's framing.
func readMessage(r *bufio.Reader, framed bool) ([]byte, error) {
	if framed {
		return readFramed(r)
	}
	for {
		line, err := readLine(r)
		if len(bytes.TrimSpace(line)) > 0 {
			return bytes.TrimSpace(line), nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// readLine reads up to a newline, refusing lines over MaxMessageBytes.
func readLine(r *bufio.Reader) ([]byte, error) {
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		buf = append(buf, chunk...)
		if len(buf) > MaxMessageBytes {
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = r.ReadSlice('\n')
			}
			return nil, fmt.Errorf("a message is over %d bytes", MaxMessageBytes)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return buf, err
	}
}

func readFramed(r *bufio.Reader) ([]byte, error) {
	length := -1
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			if line == "" && errors.Is(err, io.EOF) {
				return nil, io.EOF
			}
			return nil, fmt.Errorf("reading headers: %w", err)
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			if length < 0 {
				continue // blank lines between messages
			}
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if ok && strings.EqualFold(strings.TrimSpace(name), "content-length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 || n > MaxMessageBytes {
				return nil, fmt.Errorf("bad Content-Length %q", value)
			}
			length = n
		}
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, fmt.Errorf("reading a %d-byte message: %w", length, err)
	}
	return body, nil
}

// writer writes whole messages, one at a time, in the stream's framing.
type writer struct {
	mu     sync.Mutex
	out    io.Writer
	framed bool
}

func (w *writer) write(msg []byte) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.framed {
		fmt.Fprintf(w.out, "Content-Length: %d\r\n\r\n", len(msg))
		_, _ = w.out.Write(msg)
		return
	}
	_, _ = w.out.Write(append(msg, '\n'))
}
