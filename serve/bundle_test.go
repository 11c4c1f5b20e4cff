package serve

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/open-policy-agent/opa/v1/bundle"

	"github.com/recourse-dev/recourse/evaluator"
)

// bundleServer serves one tarball at a time with an ETag, as a bundle
// server does.
type bundleServer struct {
	mu   sync.Mutex
	body []byte
	etag string
}

func (b *bundleServer) set(t *testing.T, revision, rego string) {
	t.Helper()
	var buf bytes.Buffer
	bn := bundle.Bundle{Manifest: bundle.Manifest{Revision: revision},
		Modules: []bundle.ModuleFile{{Path: "/team/policy.rego", URL: "/team/policy.rego", Raw: []byte(rego)}},
		Data:    map[string]any{}}
	if err := bundle.NewWriter(&buf).Write(bn); err != nil {
		t.Fatal(err)
	}
	b.mu.Lock()
	b.body, b.etag = buf.Bytes(), `"`+revision+`"`
	b.mu.Unlock()
}

func (b *bundleServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if r.Header.Get("If-None-Match") == b.etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Header().Set("ETag", b.etag)
	_, _ = w.Write(b.body)
}

const blockShell = `package recourse.policies.team

tighten contains {"decision": "block", "reason": "the team blocks every shell line"} if {
	input.context.source == "shell"
}
`

func TestPolicyBundle(t *testing.T) {
	bs := &bundleServer{}
	bs.set(t, "v1", blockShell)
	hs := httptest.NewServer(bs)
	defer hs.Close()
	s := newService(t)
	ev := s.srv.opts.Terraform
	s.srv.opts.Bundle = &BundleOptions{URL: hs.URL, Interval: 20 * time.Millisecond, Client: hs.Client(), Evaluators: []*evaluator.Evaluator{ev}}
	// Before any bundle is active the service is not ready.
	if code, _ := get(t, s.url+"/ready"); code != 503 {
		t.Fatalf("ready before a bundle: %d", code)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.srv.Start(ctx)
	waitFor(t, func() bool {
		code, body := get(t, s.url+"/ready")
		return code == 200 && strings.Contains(body, `"bundle_revision":"v1"`)
	})
	if _, out := s.post(t, "/v1/evaluate/shell", token, `{"command": "ls"}`); !strings.Contains(out, `"riskAssessment":"block"`) {
		t.Fatalf("the bundle's policy did not decide: %s", out)
	}
	// A broken bundle keeps the last good one active, and /ready says so.
	bs.set(t, "v2", "package recourse.policies.team\n\ntighten contains {")
	waitFor(t, func() bool { _, body := get(t, s.url+"/ready"); return strings.Contains(body, "bundle_error") })
	if code, body := get(t, s.url+"/ready"); code != 200 || !strings.Contains(body, `"bundle_revision":"v1"`) {
		t.Fatalf("%d %s", code, body)
	}
	if _, out := s.post(t, "/v1/evaluate/shell", token, `{"command": "ls"}`); !strings.Contains(out, `"riskAssessment":"block"`) {
		t.Fatalf("the last good bundle was dropped: %s", out)
	}
	// A good bundle that relaxes nothing brings the default back.
	bs.set(t, "v3", "package recourse.policies.team\n\ntighten contains {\"decision\": \"block\", \"reason\": \"never\"} if { false }\n")
	waitFor(t, func() bool {
		_, body := get(t, s.url+"/ready")
		return strings.Contains(body, `"bundle_revision":"v3"`)
	})
	if _, out := s.post(t, "/v1/evaluate/shell", token, `{"command": "ls"}`); !strings.Contains(out, `"riskAssessment":"allow"`) {
		t.Fatalf("v3: %s", out)
	}
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var buf bytes.Buffer
	_, _ = buf.ReadFrom(resp.Body)
	return resp.StatusCode, buf.String()
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatal("timed out")
}
