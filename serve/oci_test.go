package serve

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/recourse-dev/recourse/evaluator"
)

// ociRegistry serves one repository's tagged bundle over the pull half of
// the OCI distribution API (HEAD and GET of manifests by tag or digest,
// GET of blobs), as ghcr.io or a local registry does for `opa build`'s
// pushed bundles; it records the paths asked for.
type ociRegistry struct {
	mu       sync.Mutex
	blobs    map[string][]byte // by digest: the config, the layer, the manifest
	tags     map[string]string // tag -> manifest digest
	requests []string
}

func digestOf(b []byte) string {
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// push stores a bundle (an OPA bundle tarball, as in bundleServer) under
// tag, as an image whose one layer is the tarball.
func (o *ociRegistry) push(t *testing.T, tag, revision, rego string) {
	t.Helper()
	var bs bundleServer
	bs.set(t, revision, rego)
	layer, config := bs.body, []byte("{}")
	manifest, err := json.Marshal(map[string]any{
		"schemaVersion": 2,
		"mediaType":     "application/vnd.oci.image.manifest.v1+json",
		"config":        map[string]any{"mediaType": "application/vnd.oci.image.config.v1+json", "digest": digestOf(config), "size": len(config)},
		"layers":        []any{map[string]any{"mediaType": "application/vnd.oci.image.layer.v1.tar+gzip", "digest": digestOf(layer), "size": len(layer)}},
	})
	if err != nil {
		t.Fatal(err)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.blobs == nil {
		o.blobs, o.tags = map[string][]byte{}, map[string]string{}
	}
	for _, b := range [][]byte{layer, config, manifest} {
		o.blobs[digestOf(b)] = b
	}
	o.tags[tag] = digestOf(manifest)
}

func (o *ociRegistry) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.requests = append(o.requests, r.Method+" "+r.URL.Path)
	rest, ok := strings.CutPrefix(r.URL.Path, "/v2/acme/policy/")
	if !ok {
		http.NotFound(w, r)
		return
	}
	kind, ref, _ := strings.Cut(rest, "/")
	if d, ok := o.tags[ref]; ok && kind == "manifests" {
		ref = d
	}
	body, ok := o.blobs[ref]
	if !ok {
		http.NotFound(w, r)
		return
	}
	if kind == "manifests" {
		w.Header().Set("Content-Type", "application/vnd.oci.image.manifest.v1+json")
	}
	w.Header().Set("Docker-Content-Digest", ref)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// TestPolicyBundleFromOCI: --bundle oci://REGISTRY/REPOSITORY:TAG pulls
// the bundle with OPA's OCI downloader, activates it, keeps the last good
// one when a pushed bundle does not compile, and takes the next good one.
func TestPolicyBundleFromOCI(t *testing.T) {
	reg := &ociRegistry{}
	reg.push(t, "v1", "r1", blockShell)
	hs := httptest.NewServer(reg)
	defer hs.Close()
	s := newService(t)
	ev := s.srv.opts.Terraform
	url := "oci://" + strings.TrimPrefix(hs.URL, "http://") + "/acme/policy:v1"
	s.srv.opts.Bundle = &BundleOptions{URL: url, Interval: 20 * time.Millisecond, Client: hs.Client(), Evaluators: []*evaluator.Evaluator{ev}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.srv.Start(ctx)
	waitFor(t, func() bool {
		code, body := get(t, s.url+"/ready")
		return code == 200 && strings.Contains(body, `"bundle_revision":"r1"`)
	})
	if _, out := s.post(t, "/v1/evaluate/shell", token, `{"command": "ls"}`); !strings.Contains(out, `"riskAssessment":"block"`) {
		t.Fatalf("the OCI bundle's policy did not decide: %s", out)
	}
	reg.push(t, "v1", "r2", "package recourse.policies.team\n\ntighten contains {")
	waitFor(t, func() bool { _, body := get(t, s.url+"/ready"); return strings.Contains(body, "bundle_error") })
	if code, body := get(t, s.url+"/ready"); code != 200 || !strings.Contains(body, `"bundle_revision":"r1"`) {
		t.Fatalf("a broken push: %d %s", code, body)
	}
	reg.push(t, "v1", "r3", "package recourse.policies.team\n\ntighten contains {\"decision\": \"block\", \"reason\": \"never\"} if { false }\n")
	waitFor(t, func() bool {
		_, body := get(t, s.url+"/ready")
		return strings.Contains(body, `"bundle_revision":"r3"`)
	})
	if _, out := s.post(t, "/v1/evaluate/shell", token, `{"command": "ls"}`); !strings.Contains(out, `"riskAssessment":"allow"`) {
		t.Fatalf("r3: %s", out)
	}
	reg.mu.Lock()
	defer reg.mu.Unlock()
	if !strings.Contains(strings.Join(reg.requests, "\n"), "HEAD /v2/acme/policy/manifests/v1") {
		t.Errorf("the registry was not asked for the tag: %q", reg.requests)
	}
}
