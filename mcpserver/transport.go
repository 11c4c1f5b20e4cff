package mcpserver

import (
	"context"
	"io"
	"sync"
	"time"

	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/internal/mcpstdio"
)

// MaxMessageBytes bounds one JSON-RPC message (a plan can be large), for
// `recourse mcp serve` and the gateway's stdio front alike.
const MaxMessageBytes = evaluator.MaxInputBytes + 1<<20

// MaxInFlight bounds the requests handled at once.
const MaxInFlight = 16

// shutdownGrace is how long Serve waits, once ctx is done, for the calls
// in flight (whose context is cancelled with it) to write their answers.
const shutdownGrace = 500 * time.Millisecond

// Serve speaks MCP over a byte stream through the one stdio transport
// (internal/mcpstdio): newline-delimited JSON-RPC as the MCP spec
// requires, or messages framed with Content-Length headers, detected
// from the first bytes and answered the same way. Requests are handled
// concurrently; responses are written whole, one at a time. Serve returns
// when in ends (after answering what it read) or as soon as ctx is done
// (SIGTERM), even while in is open and silent: the calls in flight are
// cancelled and given shutdownGrace to answer, and nothing is written
// after Serve returns, so no answer is cut short.
func (s *Server) Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	w := mcpstdio.NewWriter(out)
	defer w.Close()
	sem := make(chan struct{}, MaxInFlight)
	var wg sync.WaitGroup
	err := mcpstdio.Serve(ctx, in, w, MaxMessageBytes, s.log, func(msg []byte) {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			return // Serve returns at its next read
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if resp := s.Handle(ctx, msg); resp != nil {
				_ = w.WriteMessage(resp)
			}
		}()
	})
	if err == nil {
		wg.Wait() // stdin ended: answer everything read
		return nil
	}
	waitAtMost(&wg, shutdownGrace)
	return err
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
