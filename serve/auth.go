package serve

import (
	"crypto/tls"
	"fmt"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/recourse-dev/recourse/internal/httpauth"
)

// certFile is a TLS key pair read again when either file changes.
type certFile struct {
	cert, key string

	mu      sync.Mutex
	pair    *tls.Certificate
	mod     time.Time
	checked time.Time
}

func (c *certFile) get(*tls.ClientHelloInfo) (*tls.Certificate, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pair != nil && time.Since(c.checked) < time.Second {
		return c.pair, nil
	}
	c.checked = time.Now()
	ci, err1 := os.Stat(c.cert)
	ki, err2 := os.Stat(c.key)
	if err1 != nil || err2 != nil {
		if c.pair != nil {
			return c.pair, nil // keep serving the last good pair
		}
		return nil, fmt.Errorf("--tls-cert/--tls-key: %v %v", err1, err2)
	}
	mod := ci.ModTime()
	if ki.ModTime().After(mod) {
		mod = ki.ModTime()
	}
	if c.pair != nil && mod.Equal(c.mod) {
		return c.pair, nil
	}
	pair, err := tls.LoadX509KeyPair(c.cert, c.key)
	if err != nil {
		if c.pair != nil {
			return c.pair, nil
		}
		return nil, fmt.Errorf("--tls-cert/--tls-key: %w", err)
	}
	c.pair, c.mod = &pair, mod
	return c.pair, nil
}

// authorized reports whether r carries a valid bearer token (or, with
// query, a token query parameter: Docker's interceptor cannot send
// headers) or a client certificate the client CA signed; with neither
// configured, every request is (the service is loopback only).
func (s *Server) authorized(r *http.Request, query bool) bool {
	if s.tokens == nil && s.opts.ClientCA == "" {
		return true
	}
	if s.opts.ClientCA != "" && r.TLS != nil && len(r.TLS.VerifiedChains) > 0 {
		return true
	}
	if s.tokens == nil {
		return false
	}
	if tok, ok := httpauth.Bearer(r.Header.Get("Authorization")); ok {
		return s.tokens.Valid(tok)
	}
	return query && s.tokens.Valid(r.URL.Query().Get("token"))
}

// authenticated refuses a request that is not authorized with 401.
func (s *Server) authenticated(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.authorized(r, false) {
			s.metrics.request(r.URL.Path, http.StatusUnauthorized, 0)
			w.Header().Set("WWW-Authenticate", `Bearer realm="recourse"`)
			writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "unauthorized: a bearer token from the service's --token-file, or a client certificate its --client-ca signed, is required"})
			return
		}
		next.ServeHTTP(w, r)
	})
}
