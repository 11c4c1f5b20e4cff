// Package httpserve runs an HTTP server until its context ends, then
// shuts it down gracefully: what recourse serve and the MCP gateway's
// --listen share.
package httpserve

import (
	"context"
	"net"
	"net/http"
	"time"
)

// Until serves srv on ln until ctx ends, then stops accepting and waits up
// to grace for the requests in flight. It returns the server's error, or
// the shutdown's.
func Until(ctx context.Context, srv *http.Server, ln net.Listener, grace time.Duration) error {
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	return srv.Shutdown(sctx)
}
