package gateway

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/server"
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
	var tokens [][]byte
	if o.TokenFile != "" {
		if tokens, err = readTokens(o.TokenFile); err != nil {
			return err
		}
	}
	if !loopback(host) {
		if !o.AllowRemote {
			return fmt.Errorf("--listen %s is not a loopback address: the gateway forwards tool calls with the upstreams' credentials; pass --allow-remote with --token-file to serve beyond this machine", o.Addr)
		}
		if len(tokens) == 0 {
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
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = mcpHTTP.Shutdown(sctx)
		_ = srv.Shutdown(sctx)
		return nil
	}
}

// authorize lets a request through only with one of tokens as its bearer
// token, compared in constant time; with no tokens, every request.
func authorize(tokens [][]byte, next http.Handler) http.Handler {
	if len(tokens) == 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		match := 0
		for _, t := range tokens {
			match |= subtle.ConstantTimeCompare([]byte(got), t)
		}
		if !ok || match != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="recourse-gateway"`)
			http.Error(w, "a bearer token from the gateway's --token-file is required", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func readTokens(name string) ([][]byte, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("--token-file: %w", err)
	}
	var tokens [][]byte
	for line := range strings.SplitSeq(string(data), "\n") {
		if t := strings.TrimSpace(line); t != "" && !strings.HasPrefix(t, "#") {
			tokens = append(tokens, []byte(t))
		}
	}
	if len(tokens) == 0 {
		return nil, fmt.Errorf("--token-file %s holds no token", name)
	}
	return tokens, nil
}

func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
