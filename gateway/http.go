package gateway

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/mark3labs/mcp-go/server"

	"github.com/recourse-dev/recourse/internal/httpauth"
	"github.com/recourse-dev/recourse/internal/httpserve"
)

// HTTPOptions are the streamable HTTP listener's.
type HTTPOptions struct {
	// Addr is host:port. A host other than a loopback address needs
	// AllowRemote and at least one token.
	Addr        string
	AllowRemote bool
	// TokenFile holds bearer tokens, one a line; every request must carry
	// one of them (Authorization: Bearer TOKEN) when it is set.
	TokenFile string
}

// maxRequestBytes bounds one HTTP request's body.
const maxRequestBytes = 16 << 20

// ServeHTTP serves the gateway over MCP's streamable HTTP transport at
// /mcp until ctx ends.
func (g *Gateway) ServeHTTP(ctx context.Context, o HTTPOptions) error {
	host, _, err := net.SplitHostPort(o.Addr)
	if err != nil {
		return fmt.Errorf("--listen %q: expected HOST:PORT such as 127.0.0.1:8485", o.Addr)
	}
	var tokens *httpauth.Tokens
	if o.TokenFile != "" {
		if tokens, err = httpauth.Open(o.TokenFile); err != nil {
			return err
		}
	}
	if !httpauth.Loopback(host) {
		if !o.AllowRemote {
			return fmt.Errorf("--listen %s is not a loopback address: the gateway forwards tool calls with the upstreams' credentials; pass --allow-remote with --token-file to serve beyond this machine", o.Addr)
		}
		if tokens == nil {
			return errors.New("--allow-remote needs --token-file with at least one bearer token")
		}
	}
	mcpHTTP := server.NewStreamableHTTPServer(g.mcp, server.WithEndpointPath("/mcp"))
	srv := &http.Server{
		Addr:              o.Addr,
		Handler:           authorize(tokens, http.MaxBytesHandler(mcpHTTP, maxRequestBytes)),
		ReadHeaderTimeout: 10 * time.Second,
	}
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return err
	}
	g.opts.Logger.Info("serving MCP over streamable HTTP", "url", "http://"+ln.Addr().String()+"/mcp")
	srv.RegisterOnShutdown(func() { _ = mcpHTTP.Shutdown(context.Background()) })
	if err := httpserve.Until(ctx, srv, ln, 2*time.Second); err != nil && ctx.Err() == nil {
		return err
	}
	return nil
}

// authorize lets a request through only with one of tokens as its bearer
// token; with no tokens, every request.
func authorize(tokens *httpauth.Tokens, next http.Handler) http.Handler {
	if tokens == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if got, ok := httpauth.Bearer(r.Header.Get("Authorization")); !ok || !tokens.Valid(got) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="recourse-gateway"`)
			http.Error(w, "a bearer token from the gateway's --token-file is required", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}
