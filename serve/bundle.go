package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/open-policy-agent/opa/v1/bundle"

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
	for {
		err := s.fetchBundle(ctx)
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
	if o.KeyFile != "" {
		key, err := os.ReadFile(o.KeyFile)
		if err != nil {
			return fmt.Errorf("--bundle-key: %w", err)
		}
		alg := o.Algorithm
		if alg == "" {
			alg = "RS256"
		}
		r = r.WithBundleVerificationConfig(bundle.NewVerificationConfig(map[string]*bundle.KeyConfig{"recourse": {Key: string(key), Algorithm: alg}}, "recourse", "", nil))
	} else {
		r = r.WithSkipBundleVerification(true)
	}
	b, err := r.Read()
	if err != nil {
		return fmt.Errorf("reading the bundle: %w", err)
	}
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
	for _, ev := range o.Evaluators {
		ev.SetPolicy(pol)
	}
	s.bundle.mu.Lock()
	s.bundle.active, s.bundle.revision, s.bundle.etag = true, b.Manifest.Revision, resp.Header.Get("ETag")
	s.bundle.mu.Unlock()
	s.metrics.bundleRevision(b.Manifest.Revision)
	s.opts.Logger.Info("policy bundle active", "url", o.URL, "revision", b.Manifest.Revision)
	return nil
}
