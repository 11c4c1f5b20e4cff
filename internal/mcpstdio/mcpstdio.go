// Package mcpstdio is the one stdio transport of Recourse's MCP servers:
// `recourse mcp serve` (package mcpserver) and the MCP gateway's stdio
// front (package gateway) read and write their client's messages here,
// with the same limits and the same failures.
//
// Messages are newline-delimited JSON-RPC, as the MCP spec's stdio
// transport has them, or framed with Content-Length headers (as
// RecourseOS documents and LSP-style clients write), detected from the
// first bytes and answered the same way. A message is bounded in size: a
// line over the bound is skipped and answered with a parse error (the
// next line is read); a framed message over it ends the stream, whose
// framing can no longer be trusted. Any other read error ends it too.
// Answers are written whole, one at a time, and nothing is written once
// the writer is closed, so no answer is cut short when a process exits.
package mcpstdio

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"sync"
)

// ErrMessageTooLarge is a message over the bound, which has been skipped
// when the stream is newline-delimited: the next message can be read.
var ErrMessageTooLarge = errors.New("a message is too large")

// codeParseError is JSON-RPC's parse error (JSON-RPC 2.0, section 5.1).
const codeParseError = -32700

// ParseError is the JSON-RPC answer to a message that could not be read,
// with a null id (the message's own was not read).
func ParseError(reason string) []byte {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": codeParseError, "message": "parse error: " + reason}})
	return b
}

// Reader reads one client's messages.
type Reader struct {
	r        *bufio.Reader
	max      int
	framed   bool
	detected bool
}

// NewReader reads messages of at most max bytes from in.
func NewReader(in io.Reader, max int) *Reader {
	return &Reader{r: bufio.NewReaderSize(in, 64<<10), max: max}
}

// Framed reports whether the stream's messages carry Content-Length
// headers; it is known once Next has returned.
func (r *Reader) Framed() bool { return r.framed }

// Next reads the next message, without surrounding blanks. At the end of
// the stream it returns io.EOF; for a line over the bound,
// ErrMessageTooLarge, after which Next may be called again; any other
// error ends the stream.
func (r *Reader) Next() ([]byte, error) {
	if !r.detected {
		framed, err := detectFraming(r.r)
		if err != nil {
			return nil, err
		}
		r.framed, r.detected = framed, true
	}
	if r.framed {
		return readFramed(r.r, r.max)
	}
	for {
		line, err := ReadLine(r.r, r.max)
		if msg := bytes.TrimSpace(line); len(msg) > 0 {
			return msg, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// detectFraming peeks at the first non-blank bytes: a Content-Length
// header means framed messages.
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

// ReadLine reads up to a newline, refusing a line over max bytes without
// holding more than max of it: the line is skipped, and the next one can
// be read.
func ReadLine(r *bufio.Reader, max int) ([]byte, error) {
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(buf)+len(chunk) > max {
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = r.ReadSlice('\n')
			}
			return nil, fmt.Errorf("%w: over %d bytes", ErrMessageTooLarge, max)
		}
		buf = append(buf, chunk...)
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return buf, err
	}
}

// readFramed reads one message framed with a Content-Length header.
func readFramed(r *bufio.Reader, max int) ([]byte, error) {
	length := -1
	for {
		line, err := ReadLine(r, max)
		if err != nil {
			if len(line) == 0 && errors.Is(err, io.EOF) && length < 0 {
				return nil, io.EOF
			}
			return nil, fmt.Errorf("reading headers: %w", err)
		}
		text := strings.TrimRight(string(line), "\r\n")
		if text == "" {
			if length < 0 {
				continue // blank lines between messages
			}
			break
		}
		name, value, ok := strings.Cut(text, ":")
		if ok && strings.EqualFold(strings.TrimSpace(name), "content-length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				return nil, fmt.Errorf("bad Content-Length %q", value)
			}
			if n > max {
				return nil, fmt.Errorf("%w: Content-Length %d is over %d bytes", ErrMessageTooLarge, n, max)
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

// Writer writes whole messages, one at a time, in the stream's framing;
// once closed it writes nothing.
type Writer struct {
	mu     sync.Mutex
	out    io.Writer
	framed bool
	closed bool
}

// NewWriter writes messages to out.
func NewWriter(out io.Writer) *Writer { return &Writer{out: out} }

// SetFramed chooses the framing: Content-Length headers, or one message
// a line.
func (w *Writer) SetFramed(framed bool) {
	w.mu.Lock()
	w.framed = framed
	w.mu.Unlock()
}

// Close stops the writing: a process that exits after its server returned
// never cuts an answer short.
func (w *Writer) Close() {
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
}

// WriteMessage writes one message (JSON without a trailing newline).
func (w *Writer) WriteMessage(msg []byte) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return nil
	}
	if w.framed {
		var b bytes.Buffer
		fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n", len(msg))
		b.Write(msg)
		_, err := w.out.Write(b.Bytes())
		return err
	}
	_, err := w.out.Write(append(msg[:len(msg):len(msg)], '\n'))
	return err
}

// Write is io.Writer for a server that writes one whole line a call
// (mcp-go's stdio server): the line is written as one message, in the
// stream's framing.
func (w *Writer) Write(p []byte) (int, error) {
	if err := w.WriteMessage(bytes.TrimRight(p, "\r\n")); err != nil {
		return 0, err
	}
	return len(p), nil
}

// incoming is one message read, or the error that ended the reading.
type incoming struct {
	msg    []byte
	framed bool
	err    error
}

// Serve reads in's messages until in ends (nil), ctx is done (ctx.Err(),
// even while in is open and silent) or the stream fails (the error), and
// hands each message to handle, in order, on Serve's goroutine: what
// handle starts and how it answers (w) is its own. A line over max is
// answered with a parse error and skipped; a framed message over it, or
// any other read error, ends the stream. w's framing is set from the
// stream's before the first message is handled. A read blocked on a
// silent in is left behind when Serve returns.
func Serve(ctx context.Context, in io.Reader, w *Writer, max int, log *slog.Logger, handle func(msg []byte)) error {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	msgs := make(chan incoming)
	stop := make(chan struct{})
	defer close(stop)
	go read(NewReader(in, max), msgs, stop)
	for {
		var m incoming
		select {
		case <-ctx.Done():
			return ctx.Err()
		case m = <-msgs:
		}
		w.SetFramed(m.framed)
		switch {
		case errors.Is(m.err, io.EOF):
			return nil // the client closed its side (a message it left unfinished included)
		case errors.Is(m.err, ErrMessageTooLarge) && !m.framed:
			log.Error("reading a message", "error", m.err)
			_ = w.WriteMessage(ParseError(m.err.Error()))
			continue
		case m.err != nil:
			log.Error("reading a message", "error", m.err)
			return m.err // the stream is out of step; nothing after it can be trusted
		}
		handle(m.msg)
	}
}

// read reads messages until the stream ends or stop is closed.
func read(r *Reader, msgs chan<- incoming, stop <-chan struct{}) {
	for {
		msg, err := r.Next()
		select {
		case msgs <- incoming{msg: msg, framed: r.Framed(), err: err}:
		case <-stop:
			return
		}
		if err != nil && !(errors.Is(err, ErrMessageTooLarge) && !r.Framed()) {
			return
		}
	}
}
