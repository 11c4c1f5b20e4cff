// Package serve is recourse serve: one HTTP decision service for a team's
// agents and pipelines. Every endpoint is a thin adapter over the one
// evaluator — the MCP tools' envelopes (mcpserver), the hooks' answers
// (hooks) — and fails closed: what cannot be read, authenticated or
// evaluated is refused, and an adapter whose caller would treat an error
// as "go ahead" (Claude Code's HTTP hook, Docker's interceptor) is
// answered with that caller's stop instead.
package serve

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/recourse-dev/recourse/attest"
	"github.com/recourse-dev/recourse/audit"
	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/evaluator/terraform"
	"github.com/recourse-dev/recourse/hooks"
	"github.com/recourse-dev/recourse/internal/decisionlog"
	"github.com/recourse-dev/recourse/internal/httpauth"
	"github.com/recourse-dev/recourse/internal/httpserve"
	"github.com/recourse-dev/recourse/internal/jsonstrict"
	"github.com/recourse-dev/recourse/internal/statekey"
	"github.com/recourse-dev/recourse/mcpserver"
)

// DefaultAddr is where recourse serve listens unless told otherwise.
const DefaultAddr = "127.0.0.1:8484"

// Options configure the service.
type Options struct {
	Addr string
	// TokenFile holds bearer tokens, one a line, reloaded when it changes;
	// ClientCA, when set, admits clients with a certificate it signed
	// (mTLS; needs TLS). A non-loopback Addr needs one of them.
	TokenFile string
	ClientCA  string
	// TLSCert and TLSKey serve HTTPS; the pair is reloaded when it changes.
	TLSCert, TLSKey string
	// TFCHMACKeyFile holds the HMAC key of the HCP Terraform run task;
	// without it the run task endpoint is not served.
	TFCHMACKeyFile string
	// CORSOrigins are the origins browsers may call from; none by default.
	CORSOrigins []string

	// MCP answers the evaluate endpoints with the MCP tools' envelopes.
	MCP *mcpserver.Server
	// Hook evaluates the hook and interceptor endpoints' calls.
	Hook hooks.Config
	// Terraform evaluates run tasks' plans.
	Terraform *evaluator.Evaluator
	// ProviderSchemas are the operator's provider schemas (--provider-schema),
	// read with every run task's plan as with the evaluate endpoints'.
	ProviderSchemas *terraform.ProviderSchemas
	// RunTaskFailOn is the decision from which a run task fails.
	RunTaskFailOn string
	// Timeout bounds each request, rendering included.
	Timeout time.Duration
	// MaxBodyBytes bounds a request body.
	MaxBodyBytes int64
	// DecisionLog, when set, ships every decision to an HTTP sink in
	// OPA's decision-log format.
	DecisionLog *decisionlog.Options
	// Bundle, when set, takes the policy from an OPA bundle, polled.
	Bundle *BundleOptions
	// Signer, when set, signs every evaluate answer's decision: an in-toto
	// Statement in a DSSE envelope, as the answer's attestation.
	Signer *attest.Signer
	// AuditLog, when set, is the hash-chained JSONL file every decision
	// is appended to.
	AuditLog string
	// HTTPClient fetches run tasks' plans and calls HCP Terraform back.
	HTTPClient *http.Client
	Logger     *slog.Logger
	Version    string
}

// Server is the decision service.
type Server struct {
	opts    Options
	tokens  *httpauth.Tokens
	tfcKey  []byte
	metrics *metrics
	audit   *audit.Log
	// recorder writes every decision record: to audit and the shipper.
	recorder audit.Recorder
	mux      *http.ServeMux
	tasks    sync.WaitGroup // run tasks still calling back
	bundle   bundleState
	shipper  *decisionlog.Shipper
	admit    *admission
	replays  *replays
}

// New checks the options and prepares the service. It refuses a
// non-loopback address without authentication.
func New(opts Options) (*Server, error) {
	if opts.Addr == "" {
		opts.Addr = DefaultAddr
	}
	if opts.Timeout <= 0 {
		opts.Timeout = evaluator.DefaultTimeout
	}
	if opts.MaxBodyBytes <= 0 {
		opts.MaxBodyBytes = int64(evaluator.MaxInputBytes) + 1<<20
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.HTTPClient == nil {
		opts.HTTPClient = &http.Client{Timeout: time.Minute}
	}
	host, _, err := net.SplitHostPort(opts.Addr)
	if err != nil {
		return nil, fmt.Errorf("--addr %q: expected HOST:PORT such as %s", opts.Addr, DefaultAddr)
	}
	if (opts.TLSCert == "") != (opts.TLSKey == "") {
		return nil, errors.New("--tls-cert and --tls-key go together")
	}
	if opts.ClientCA != "" && opts.TLSCert == "" {
		return nil, errors.New("--client-ca needs TLS: --tls-cert and --tls-key")
	}
	if !httpauth.Loopback(host) && opts.TokenFile == "" && opts.ClientCA == "" {
		return nil, fmt.Errorf("--addr %s is not a loopback address: serving beyond this machine needs authentication, --token-file FILE or --client-ca FILE", opts.Addr)
	}
	s := &Server{opts: opts, metrics: newMetrics(), mux: http.NewServeMux(), admit: newAdmission(opts.MaxBodyBytes), replays: newReplays(taskWindow)}
	if opts.TokenFile != "" {
		if s.tokens, err = httpauth.Open(opts.TokenFile); err != nil {
			return nil, err
		}
	}
	if opts.TFCHMACKeyFile != "" {
		key, err := os.ReadFile(opts.TFCHMACKeyFile)
		if err != nil {
			return nil, fmt.Errorf("--tfc-hmac-key-file: %w", err)
		}
		if s.tfcKey = []byte(strings.TrimSpace(string(key))); len(s.tfcKey) == 0 {
			return nil, errors.New("--tfc-hmac-key-file is empty")
		}
	}
	var key statekey.Key
	if opts.AuditLog != "" || opts.DecisionLog != nil {
		if key, err = statekey.Default(); err != nil {
			return nil, fmt.Errorf("--audit-log, --decision-log: the state key that signs entries and keys input digests: %w", err)
		}
	}
	if opts.AuditLog != "" {
		if s.audit, err = audit.Open(opts.AuditLog, key); err != nil {
			return nil, err
		}
	}
	if d := opts.DecisionLog; d != nil {
		if d.URL == "" {
			return nil, errors.New("--decision-log needs a URL")
		}
		s.shipper = decisionlog.New(*d, func(reason string) { s.metrics.failure("decision-log", reason) })
	}
	s.recorder = audit.Recorder{Key: key, Log: s.audit, Ship: s.ship}
	if b := opts.Bundle; b != nil {
		if b.URL == "" {
			return nil, errors.New("--bundle needs a URL")
		}
		if b.Interval <= 0 {
			b.Interval = 30 * time.Second
		}
		if b.Client == nil {
			b.Client = &http.Client{Timeout: time.Minute}
		}
	}
	s.routes()
	return s, nil
}

// Start begins what runs beside requests (polling the policy bundle)
// until ctx ends; ListenAndServe calls it.
func (s *Server) Start(ctx context.Context) {
	if s.opts.Bundle != nil {
		go s.pollBundles(ctx)
	}
	if s.shipper != nil {
		// Shipping outlives the requests: it stops once ctx has ended and
		// the run tasks in flight have recorded their decisions.
		shipCtx, stop := context.WithCancel(context.WithoutCancel(ctx))
		go func() {
			<-ctx.Done()
			s.tasks.Wait()
			stop()
		}()
		go s.shipper.Run(shipCtx)
	}
}

func (s *Server) routes() {
	s.mux.HandleFunc("GET /health", func(w http.ResponseWriter, _ *http.Request) { writeJSON(w, 200, map[string]string{"status": "ok"}) })
	s.mux.HandleFunc("GET /ready", s.ready)
	s.mux.Handle("GET /metrics", s.authenticated(s.metrics.handler()))
	for kind, tool := range map[string]string{"terraform": mcpserver.ToolTerraform, "shell": mcpserver.ToolShell, "mcp": mcpserver.ToolMCPCall} {
		s.mux.Handle("POST /v1/evaluate/"+kind, s.authenticated(s.evaluate(kind, tool)))
	}
	s.mux.Handle("POST /v1/hooks/claude-code", s.hook("/v1/hooks/claude-code", hooks.ClaudeCodeHTTP{}, false))
	s.mux.Handle("POST /v1/interceptors/docker-mcp", s.hook("/v1/interceptors/docker-mcp", hooks.DockerMCP{}, true))
	if s.tfcKey != nil {
		s.mux.HandleFunc("POST /v1/run-tasks/terraform-cloud", s.runTask)
	}
}

// Handler is the service's HTTP handler: routes, body limits, CORS.
func (s *Server) Handler() http.Handler {
	return s.cors(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, s.opts.MaxBodyBytes)
		s.mux.ServeHTTP(w, r)
	}))
}

// ListenAndServe serves until ctx ends, then shuts down gracefully: it
// stops accepting, lets requests in flight finish (up to 10 s) and waits
// for run tasks to have called back.
func (s *Server) ListenAndServe(ctx context.Context, ready func(addr string)) error {
	srv := &http.Server{Handler: s.Handler(), ErrorLog: slog.NewLogLogger(s.opts.Logger.Handler(), slog.LevelWarn),
		// A client that sends its headers or body slowly, or keeps an idle
		// connection, holds nothing for long: the body's read gets as
		// long as the request's deadline, the answer as long again.
		ReadHeaderTimeout: 10 * time.Second, ReadTimeout: s.opts.Timeout + 10*time.Second,
		WriteTimeout: 2*s.opts.Timeout + 10*time.Second, IdleTimeout: 2 * time.Minute}
	ln, err := net.Listen("tcp", s.opts.Addr)
	if err != nil {
		return err
	}
	if s.opts.TLSCert != "" {
		cfg, err := s.tlsConfig()
		if err != nil {
			ln.Close()
			return err
		}
		ln = tls.NewListener(ln, cfg)
	}
	s.Start(ctx)
	if ready != nil {
		ready(ln.Addr().String())
	}
	err = httpserve.Until(ctx, srv, ln, 10*time.Second)
	if ctx.Err() == nil {
		return err // the listener failed: not a shutdown
	}
	s.tasks.Wait()
	if s.shipper != nil {
		<-s.shipper.Done() // the last events shipped
	}
	if s.audit != nil {
		_ = s.audit.Close()
	}
	return err
}

// tlsConfig serves the certificate pair, reloaded when the files change,
// and with ClientCA verifies client certificates that are presented.
func (s *Server) tlsConfig() (*tls.Config, error) {
	pair := &certFile{cert: s.opts.TLSCert, key: s.opts.TLSKey}
	if _, err := pair.get(nil); err != nil {
		return nil, err
	}
	cfg := &tls.Config{MinVersion: tls.VersionTLS12, GetCertificate: pair.get}
	if s.opts.ClientCA != "" {
		pem, err := os.ReadFile(s.opts.ClientCA)
		if err != nil {
			return nil, fmt.Errorf("--client-ca: %w", err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("--client-ca %s holds no PEM certificate", s.opts.ClientCA)
		}
		cfg.ClientCAs, cfg.ClientAuth = pool, tls.VerifyClientCertIfGiven
	}
	return cfg, nil
}

// ready answers 200 once the service can decide: with --bundle, once a
// bundle is active. A later bundle that failed leaves the last good one
// active; the answer says so, and stays 200 (every replica would fail
// the same bundle: taking them all out of service would stop every
// decision).
func (s *Server) ready(w http.ResponseWriter, _ *http.Request) {
	if s.opts.MCP == nil || s.opts.Hook.Setup == nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "not ready", "reason": "no evaluator"})
		return
	}
	if s.opts.Bundle == nil {
		writeJSON(w, 200, map[string]string{"status": "ready"})
		return
	}
	active, revision, lastErr := s.bundle.snapshot()
	if !active {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "not ready", "reason": "no policy bundle is active yet", "bundle_error": lastErr})
		return
	}
	answer := map[string]string{"status": "ready", "bundle_revision": revision}
	if lastErr != "" {
		answer["bundle_error"] = "the last bundle was refused, the previous one stays active: " + lastErr
	}
	writeJSON(w, 200, answer)
}

// cors answers browsers only from the configured origins.
func (s *Server) cors(next http.Handler) http.Handler {
	if len(s.opts.CORSOrigins) == 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		for _, o := range s.opts.CORSOrigins {
			if origin != "" && origin == o {
				w.Header().Set("Access-Control-Allow-Origin", origin)
				w.Header().Set("Access-Control-Allow-Headers", "Authorization, Content-Type")
				w.Header().Set("Access-Control-Allow-Methods", "GET, POST")
				w.Header().Add("Vary", "Origin")
				if r.Method == http.MethodOptions {
					w.WriteHeader(http.StatusNoContent)
					return
				}
			}
		}
		next.ServeHTTP(w, r)
	})
}

// readBody reads a request body whole and refuses a key given twice.
func readBody(r *http.Request) ([]byte, error) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, fmt.Errorf("the request body is over the %d-byte limit", tooBig.Limit)
		}
		return nil, err
	}
	if err := jsonstrict.Duplicates(body); err != nil {
		return nil, err
	}
	return body, nil
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
