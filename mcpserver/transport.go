package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/recourse-dev/recourse/evaluator"
)

// MaxMessageBytes bounds one JSON-RPC message (a plan can be large).
const MaxMessageBytes = evaluator.MaxInputBytes + 1<<20

// MaxInFlight bounds the requests handled at once.
const MaxInFlight = 16

// shutdownGrace is how long Serve waits, once ctx is done, for the calls
// in flight (whose context is cancelled with it) to write their answers.
const shutdownGrace = 500 * time.Millisecond

// incoming is one message read, or the error that ended the reading.
type incoming struct {
	msg    []byte
	framed bool
	err    error
}

// Serve speaks MCP over a byte stream: newline-delimited JSON-RPC as the
// MCP spec requires, or messages framed with Content-Length headers (as
// RecourseOS documents), detected from the first bytes and answered the
// same way. Requests are handled concurrently; responses are written whole,
// one at a time. Serve returns when in ends (after answering what it read)
// or as soon as ctx is done (SIGTERM), even while in is open and silent:
// the calls in flight are cancelled and given shutdownGrace to answer,
// and nothing is written after Serve returns, so no answer is cut short.
func (s *Server) Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	msgs := make(chan incoming)
	stop := make(chan struct{})
	defer close(stop)
	go read(in, msgs, stop)
	w := &writer{out: out}
	defer w.close()
	sem := make(chan struct{}, MaxInFlight)
	var wg sync.WaitGroup
	defer waitAtMost(&wg, shutdownGrace)
	for {
		var m incoming
		select {
		case <-ctx.Done():
			return ctx.Err()
		case m = <-msgs:
		}
		if errors.Is(m.err, io.EOF) {
			wg.Wait() // stdin ended: answer everything read
			return nil
		}
		w.setFramed(m.framed)
		if m.err != nil {
			s.log.Error("reading a message", "error", m.err)
			if m.framed {
				return m.err // the stream is out of step; nothing after it can be trusted
			}
			w.write(RPCError(nil, codeParseError, "parse error: "+m.err.Error()))
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
		}(m.msg)
	}
}

// read reads messages from in until it ends or stop is closed; a read
// blocked on a silent stdin is left behind when Serve returns.
func read(in io.Reader, msgs chan<- incoming, stop <-chan struct{}) {
	send := func(m incoming) bool {
		select {
		case msgs <- m:
			return true
		case <-stop:
			return false
		}
	}
	r := bufio.NewReaderSize(in, 64<<10)
	framed, err := detectFraming(r)
	if err != nil {
		send(incoming{err: err})
		return
	}
	for {
		msg, err := readMessage(r, framed)
		if !send(incoming{msg: msg, framed: framed, err: err}) || (err != nil && (framed || errors.Is(err, io.EOF))) {
			return
		}
	}
}

// waitAtMost waits for wg, or for d, whichever comes first.
func waitAtMost(wg *sync.WaitGroup, d time.Duration) {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
	}
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
		line, err := ReadLine(r, MaxMessageBytes)
		if len(bytes.TrimSpace(line)) > 0 {
			return bytes.TrimSpace(line), nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// ErrMessageTooLarge is a line over the bound ReadLine was given, which
// it has skipped: the next line can be read.
var ErrMessageTooLarge = errors.New("a message is too large")

// ReadLine reads up to a newline, refusing a line over max bytes (for
// stdio, MaxMessageBytes) without holding more than max of it.
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

// writer writes whole messages, one at a time, in the stream's framing;
// once closed it writes nothing, so that a process exiting after Serve
// returns never cuts an answer short.
type writer struct {
	mu     sync.Mutex
	out    io.Writer
	framed bool
	closed bool
}

func (w *writer) setFramed(framed bool) {
	w.mu.Lock()
	w.framed = framed
	w.mu.Unlock()
}

func (w *writer) close() {
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
}

func (w *writer) write(msg []byte) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return
	}
	if w.framed {
		fmt.Fprintf(w.out, "Content-Length: %d\r\n\r\n", len(msg))
		_, _ = w.out.Write(msg)
		return
	}
	_, _ = w.out.Write(append(msg, '\n'))
}
