package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/bundle"
	"github.com/open-policy-agent/opa/v1/download"
	"github.com/open-policy-agent/opa/v1/keys"
	"github.com/open-policy-agent/opa/v1/logging"
	"github.com/open-policy-agent/opa/v1/plugins"
	"github.com/open-policy-agent/opa/v1/plugins/rest"

	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/policy/rego"
)

// BundleOptions configure policy from an OPA bundle served over HTTP (a
// bundle server, or any static file server): polled with ETags, read and
// verified with OPA's own bundle reader.
type BundleOptions struct {
	URL string
	// Interval is the wait between polls (default 30 s).
	Interval time.Duration
	// KeyFile, when set, is the public key (PEM) the bundle's signature
	// (.signatures.json) must verify with, by Algorithm (default RS256);
	// an unsigned or wrongly signed bundle is then refused.
	KeyFile   string
	Algorithm string
	// Evaluators are the evaluators whose policy every bundle that
	// compiles replaces.
	Evaluators []*evaluator.Evaluator
	Client     *http.Client
}

// bundleState is the active bundle and the last poll's outcome, for
// /ready, metrics and decision records.
type bundleState struct {
	mu       sync.Mutex
	active   bool
	revision string
	etag     string
	lastErr  string
}

func (b *bundleState) snapshot() (active bool, revision, lastErr string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.active, b.revision, b.lastErr
}

// maxBundleBytes bounds a bundle download.
const maxBundleBytes = 64 << 20

// pollBundles fetches the bundle until ctx ends. A bundle that does not
// download, read, verify or compile leaves the last good one active and
// is reported by /ready.
func (s *Server) pollBundles(ctx context.Context) {
	o := s.opts.Bundle
	fetch := s.fetchBundle
	if ref, ok := strings.CutPrefix(o.URL, "oci://"); ok {
		d, store, err := s.ociDownloader(ref)
		if err != nil {
			fetch = func(context.Context) error { return err }
		} else {
			defer os.RemoveAll(store)
			defer d.Stop(context.Background())
			fetch = d.Trigger
		}
	}
	for {
		err := fetch(ctx)
		s.bundle.mu.Lock()
		s.bundle.lastErr = ""
		if err != nil {
			s.bundle.lastErr = err.Error()
		}
		s.bundle.mu.Unlock()
		if err != nil {
			s.opts.Logger.Warn("policy bundle", "url", o.URL, "error", err)
			s.metrics.failure("bundle", "bundle")
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(o.Interval):
		}
	}
}

func (s *Server) fetchBundle(ctx context.Context) error {
	o := s.opts.Bundle
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, o.URL, nil)
	if err != nil {
		return err
	}
	s.bundle.mu.Lock()
	if s.bundle.etag != "" {
		req.Header.Set("If-None-Match", s.bundle.etag)
	}
	s.bundle.mu.Unlock()
	resp, err := o.Client.Do(req)
	if err != nil {
		return fmt.Errorf("downloading the bundle: %w", err)
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusNotModified:
		return nil
	case http.StatusOK:
	default:
		return fmt.Errorf("downloading the bundle: %s", resp.Status)
	}
	r := bundle.NewCustomReader(bundle.NewTarballLoaderWithBaseURL(io.LimitReader(resp.Body, maxBundleBytes), o.URL)).
		WithSizeLimitBytes(maxBundleBytes).WithBundleEtag(resp.Header.Get("ETag"))
	bvc, err := verification(*o)
	if err != nil {
		return err
	}
	if bvc != nil {
		r = r.WithBundleVerificationConfig(bvc)
	} else {
		r = r.WithSkipBundleVerification(true)
	}
	b, err := r.Read()
	if err != nil {
		return fmt.Errorf("reading the bundle: %w", err)
	}
	return s.activate(ctx, &b, resp.Header.Get("ETag"))
}

// ociDownloader is OPA's OCI bundle downloader for ref
// (REGISTRY/REPOSITORY:TAG or @DIGEST), triggered by pollBundles, and the
// directory it keeps pulled content in; each bundle it pulls is activated. The registry is reached over HTTPS, or
// over plain HTTP when it is on a loopback address (a local registry, as
// Docker and ORAS treat localhost).
func (s *Server) ociDownloader(ref string) (*download.OCIDownloader, string, error) {
	o := s.opts.Bundle
	host, _, ok := strings.Cut(ref, "/")
	if !ok || host == "" {
		return nil, "", fmt.Errorf("--bundle oci://%s: expected oci://REGISTRY/REPOSITORY:TAG, such as oci://ghcr.io/acme/recourse-policy:v1", ref)
	}
	scheme := "https"
	if h, _, err := net.SplitHostPort(host); err == nil && loopback(h) || loopback(host) {
		scheme = "http"
	}
	cfg, err := json.Marshal(map[string]any{"url": scheme + "://" + host, "type": "oci"})
	if err != nil {
		return nil, "", err
	}
	// pollBundles reports every failure through the service's logger;
	// OPA's own would print each one again, in its format.
	client, err := rest.New(cfg, map[string]*keys.Config{}, rest.Logger(logging.NewNoOpLogger()))
	if err != nil {
		return nil, "", fmt.Errorf("--bundle oci://%s: %w", ref, err)
	}
	manual := plugins.TriggerManual
	dc := download.Config{Trigger: &manual}
	if err := dc.ValidateAndInjectDefaults(); err != nil {
		return nil, "", err
	}
	store, err := os.MkdirTemp("", "recourse-oci-")
	if err != nil {
		return nil, "", err
	}
	bvc, err := verification(*o)
	if err != nil {
		os.RemoveAll(store)
		return nil, "", err
	}
	d := download.NewOCI(dc, client, ref, store).WithSizeLimitBytes(maxBundleBytes).
		WithBundleParserOpts(ast.ParserOptions{RegoVersion: ast.RegoV1, ProcessAnnotation: true}).
		WithCallback(func(ctx context.Context, u download.Update) error {
			switch {
			case u.Error != nil:
				return u.Error
			case u.Bundle == nil: // the same bundle as before
				return nil
			}
			return s.activate(ctx, u.Bundle, u.ETag)
		})
	if bvc != nil {
		d = d.WithBundleVerificationConfig(bvc)
	}
	// Manual trigger: pollBundles's Trigger is the one loop (Start would
	// start nothing).
	return d, store, nil
}

// loopback reports whether host names this machine.
func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

// verification is the bundle signature check --bundle-key configures, or
// nil when none is.
func verification(o BundleOptions) (*bundle.VerificationConfig, error) {
	if o.KeyFile == "" {
		return nil, nil
	}
	key, err := os.ReadFile(o.KeyFile)
	if err != nil {
		return nil, fmt.Errorf("--bundle-key: %w", err)
	}
	alg := o.Algorithm
	if alg == "" {
		alg = "RS256"
	}
	return bundle.NewVerificationConfig(map[string]*bundle.KeyConfig{"recourse": {Key: string(key), Algorithm: alg}}, "recourse", "", nil), nil
}

// activate compiles a bundle that was read (and verified) and makes it the
// policy of every evaluator; a bundle that does not compile changes
// nothing.
func (s *Server) activate(ctx context.Context, b *bundle.Bundle, etag string) error {
	sources := map[string]string{}
	for _, m := range b.Modules {
		sources[m.Path] = string(m.Raw)
	}
	if len(sources) == 0 {
		return errors.New("the bundle holds no Rego module")
	}
	pol, err := rego.FromSources(ctx, sources)
	if err != nil {
		return fmt.Errorf("compiling the bundle: %w", err)
	}
	for _, ev := range s.opts.Bundle.Evaluators {
		ev.SetPolicy(pol)
	}
	s.bundle.mu.Lock()
	s.bundle.active, s.bundle.revision, s.bundle.etag = true, b.Manifest.Revision, etag
	s.bundle.mu.Unlock()
	s.metrics.bundleRevision(b.Manifest.Revision)
	s.opts.Logger.Info("policy bundle active", "url", s.opts.Bundle.URL, "revision", b.Manifest.Revision)
	return nil
}
