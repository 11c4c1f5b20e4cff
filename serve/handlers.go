package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"time"

	"github.com/secure-systems-lab/go-securesystemslib/dsse"

	"github.com/recourse-dev/recourse/attest"
	"github.com/recourse-dev/recourse/audit"
	"github.com/recourse-dev/recourse/hooks"
	"github.com/recourse-dev/recourse/internal/decisionlog"
	"github.com/recourse-dev/recourse/mcpserver"
	"github.com/recourse-dev/recourse/report"
)

// evaluate is POST /v1/evaluate/KIND: the body is the MCP tool's
// arguments, the answer its envelope, with a status code from the
// envelope's error type.
func (s *Server) evaluate(kind, tool string) http.Handler {
	endpoint := "/v1/evaluate/" + kind
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ctx, cancel := context.WithTimeout(r.Context(), s.opts.Timeout)
		defer cancel()
		release, err := s.admit.enter(ctx, r)
		if err == nil {
			defer release()
		}
		var body []byte
		if err == nil {
			body, err = readBody(r)
		}
		var res any
		var args any
		switch {
		case errors.Is(err, errBusy):
			w.Header().Set("Retry-After", "2")
			res = mcpserver.Failure(mcpserver.KindOverloaded, err).StructuredContent
		case err != nil:
			res = mcpserver.Failure(mcpserver.KindMalformedInput, err).StructuredContent
		case json.Unmarshal(body, &args) != nil:
			res = mcpserver.Failure(mcpserver.KindMalformedInput, errors.New("the request body is not JSON: expected the tool's arguments as an object, such as {\"command\": \"rm -rf ./build\"}")).StructuredContent
		default:
			res = s.opts.MCP.CallTool(ctx, tool, detailed(args)).StructuredContent
		}
		env, _ := res.(mcpserver.Envelope)
		code := statusOf(env)
		answer := signed{Envelope: env}
		if rep, ok := env.Data.(*report.ConsequenceReport); ok && s.opts.Signer != nil && env.Error == nil {
			if answer.Attestation, err = s.opts.Signer.Sign(ctx, canonical(args, body), attest.Decision{Decision: string(rep.RiskAssessment),
				RuleIDs: rep.RuleIDs(), Policies: rep.Policy.Policies, BundleRevision: s.revision(), SchemaVersion: rep.SchemaVersion, Endpoint: endpoint}); err != nil {
				env = mcpserver.Failure(mcpserver.KindInternal, fmt.Errorf("signing the decision: %w", err)).StructuredContent.(mcpserver.Envelope)
				answer, code = signed{Envelope: env}, http.StatusInternalServerError
			}
		}
		var buf bytes.Buffer
		if err := json.NewEncoder(&buf).Encode(answer); err != nil || ctx.Err() != nil {
			// The deadline covers rendering: a report finished late is not sent.
			env = mcpserver.Failure(mcpserver.KindDeadlineExceeded, errors.New("the evaluation and its answer did not finish within the request's deadline")).StructuredContent.(mcpserver.Envelope)
			code = http.StatusGatewayTimeout
			buf.Reset()
			_ = json.NewEncoder(&buf).Encode(env)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		_, _ = w.Write(buf.Bytes())
		s.observe(endpoint, body, args, env)
		s.metrics.request(endpoint, code, time.Since(start))
	})
}

// detailed asks for the whole ConsequenceReport, which the decision
// service answers (docs/serve.md), where an MCP client's default is the
// concise gist; a caller's own response_format stands.
func detailed(args any) any {
	m, ok := args.(map[string]any)
	if !ok {
		return args
	}
	if _, set := m["response_format"]; set {
		return m
	}
	// A copy: the request's own arguments are what a signature covers.
	c := maps.Clone(m)
	c["response_format"] = "detailed"
	return c
}

// signed is an evaluate answer: the envelope, and with a signing key the
// DSSE envelope of its decision's in-toto Statement.
type signed struct {
	mcpserver.Envelope
	Attestation *dsse.Envelope `json:"attestation,omitempty"`
}

// Canonical is the body as the attestation's subject digests it: its JSON
// with keys sorted and no insignificant space, so that the same request
// written differently has the same digest; a body that is not JSON is
// digested as it is.
func Canonical(body []byte) []byte {
	var v any
	if json.Unmarshal(body, &v) != nil {
		return body
	}
	return canonical(v, body)
}

// canonical is Canonical of body once it is decoded as v.
func canonical(v any, body []byte) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		return body
	}
	return b
}

// statusOf maps an envelope to an HTTP status: 200 for a verdict (any
// decision), 4xx for an input that cannot be judged, 5xx for a failure.
func statusOf(env mcpserver.Envelope) int {
	if env.Error == nil {
		return http.StatusOK
	}
	switch {
	case env.Error.Kind == mcpserver.KindInputTooLarge:
		return http.StatusRequestEntityTooLarge
	case env.Error.Kind == mcpserver.KindDeadlineExceeded:
		return http.StatusGatewayTimeout
	case env.Error.Kind == mcpserver.KindOverloaded:
		return http.StatusServiceUnavailable
	case env.Error.Type == mcpserver.TypeInternal:
		return http.StatusInternalServerError
	case env.Error.Type == mcpserver.TypeConflict:
		return http.StatusConflict
	}
	return http.StatusBadRequest
}

// observe records an evaluate endpoint's decision: metrics and the audit
// log.
func (s *Server) observe(endpoint string, input []byte, args any, env mcpserver.Envelope) {
	rep, _ := env.Data.(*report.ConsequenceReport)
	var failure error
	if env.Error != nil {
		failure = errors.New(string(env.Error.Kind))
		s.metrics.failure(endpoint, string(env.Error.Kind))
	}
	if rep != nil || failure != nil {
		e := s.recorder.Entry(endpoint, input, rep, failure)
		s.metrics.decision(endpoint, e.Decision)
		if args == nil {
			args = string(input) // not JSON: shipped as text, redacted
		}
		s.record(e, args)
	}
}

// hook is a hook or interceptor endpoint: the host's own input as the
// body, the host's own answer back, always with 200 where the host reads
// anything else as "go ahead". query admits a token in the URL's query
// (Docker's interceptor sends no headers).
func (s *Server) hook(endpoint string, h hooks.Host, query bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		start := time.Now()
		var out bytes.Buffer
		code := s.judgeHook(req, endpoint, h, query, &out)
		// A host that reads exit statuses gets its stop as a status the
		// adapter chose (Claude Code's HTTP hook: 200 and deny); any other
		// answer is 200 with the host's body.
		if code < 100 {
			code = http.StatusOK
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		_, _ = w.Write(out.Bytes())
		s.metrics.request(endpoint, code, time.Since(start))
	})
}

// judgeHook answers a hook request into out and returns the adapter's
// status: a request that is not authorized, or not admitted for want of
// memory budget, gets the host's stop, as does any failure to judge it.
func (s *Server) judgeHook(req *http.Request, endpoint string, h hooks.Host, query bool, out *bytes.Buffer) int {
	if !s.authorized(req, query) {
		s.metrics.failure(endpoint, "unauthorized")
		return hooks.Fail(h, out, &bytes.Buffer{}, errors.New("the request is not authorized: it needs a bearer token from the service's --token-file or a client certificate"))
	}
	ctx, cancel := context.WithTimeout(req.Context(), s.opts.Timeout)
	defer cancel()
	release, err := s.admit.enter(ctx, req)
	if err != nil {
		s.metrics.failure(endpoint, "overloaded")
		return hooks.Fail(h, out, &bytes.Buffer{}, err)
	}
	defer release()
	cfg := s.opts.Hook
	cfg.Observe = func(tool, input string, rep *report.ConsequenceReport, err error) error {
		e := s.recorder.Entry(endpoint, []byte(input), rep, err)
		if err != nil {
			s.metrics.failure(endpoint, "evaluation")
		}
		s.metrics.decision(endpoint, e.Decision)
		s.record(e, map[string]any{"tool": tool, "input": input})
		return nil // the service logs a record it cannot write; the answer stands
	}
	return hooks.Run(ctx, h, req.Body, out, &bytes.Buffer{}, cfg)
}

// record writes a decision to the audit log and the decision-log sink,
// when configured, through the one decision-record writer; input, the
// decided input, is shipped redacted. A failure is logged: the decision
// has been answered already.
func (s *Server) record(e audit.Entry, input any) {
	e.BundleRevision = s.revision()
	if err := s.recorder.Write(context.Background(), e, input); err != nil {
		s.opts.Logger.Error("decision record", "error", err)
	}
}

// ship queues an entry for the decision-log sink, when there is one.
func (s *Server) ship(_ context.Context, e audit.Entry, input any) error {
	if s.shipper != nil {
		s.shipper.Add(decisionlog.For(e, input, s.opts.DecisionLog.Labels))
	}
	return nil
}

func (s *Server) revision() string {
	_, rev, _ := s.bundle.snapshot()
	return rev
}
