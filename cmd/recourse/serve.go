package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/secure-systems-lab/go-securesystemslib/dsse"
	"github.com/spf13/cobra"

	"github.com/recourse-dev/recourse/attest"
	"github.com/recourse-dev/recourse/audit"
	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/hooks"
	"github.com/recourse-dev/recourse/internal/decisionlog"
	"github.com/recourse-dev/recourse/internal/memlimit"
	"github.com/recourse-dev/recourse/internal/statekey"
	"github.com/recourse-dev/recourse/mcpserver"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/policy/rego"
	"github.com/recourse-dev/recourse/rules/builtin"
	"github.com/recourse-dev/recourse/serve"
)

// newServeCmd is recourse serve.
func newServeCmd() *cobra.Command {
	var (
		o           serve.Options
		policies    []string
		environment string
		failOn      string
		logLevel    string
		signKey     string
		bundleOpt   serve.BundleOptions
		logURL      string
		logLabels   map[string]string
		schemaPath  string
	)
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "One HTTP decision service for a team's agents and pipelines",
		Long: `Serve Recourse over HTTP: the MCP tools' evaluations, Claude Code's HTTP hook,
Docker MCP Gateway's before:http interceptor and an HCP Terraform run task, each a
thin adapter over the one evaluator, with health, readiness and Prometheus metrics.

Endpoints: POST /v1/evaluate/terraform|shell|mcp, POST /v1/hooks/claude-code,
POST /v1/interceptors/docker-mcp, POST /v1/run-tasks/terraform-cloud (with
--tfc-hmac-key-file), GET /health, GET /ready, GET /metrics. A non-loopback
--addr needs --token-file or --client-ca. --provider-schema is the operator's
provider schema, read with every plan; a request's own provider_schema may only
raise a verdict. See docs/serve.md.`,
		Example: `  recourse serve
  recourse serve --addr 0.0.0.0:8484 --token-file /etc/recourse/tokens --tls-cert tls.crt --tls-key tls.key --audit-log /var/log/recourse/audit.jsonl`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			logger, err := stderrLogger(cmd, logLevel)
			if err != nil {
				return err
			}
			fail, err := parseFailOn(failOn)
			if err != nil {
				return err
			}
			if o.Timeout <= 0 {
				return usageErr("--timeout %s: expected a positive duration", o.Timeout)
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			ceiling := serveMemoryLimit(logger)
			if bundleOpt.URL != "" && len(policies) > 0 {
				return usageErr("--bundle and --policy: the policy comes from one of them")
			}
			pol, err := rego.New(ctx, policies...)
			if err != nil {
				return errorDocument(cmd, err)
			}
			eng, err := builtin.Engine()
			if err != nil {
				return errorDocument(cmd, err)
			}
			if o.ProviderSchemas, err = loadProviderSchemas(schemaPath); err != nil {
				return errorDocument(cmd, err)
			}
			ev := evaluator.New(eng, pol)
			o.MCP = mcpserver.New(ev, eng, mcpserver.Options{Environment: environment, Timeout: o.Timeout, MemoryCeiling: ceiling, Version: buildVersion(), Logger: logger,
				ProviderSchemas: o.ProviderSchemas})
			o.Terraform, o.RunTaskFailOn = ev, failOn
			o.Hook = hooks.Config{
				// A central service reads no project of the caller's: the
				// call is judged by the service's own policy and environment.
				Setup: func(context.Context, string) (hooks.Setup, error) {
					return hooks.Setup{Evaluator: ev, FailOn: fail,
						Options: evaluator.Options{Environment: environment, Actor: "recourse-serve", Timeout: o.Timeout, MemoryCeiling: ceiling}}, nil
				},
				WarnContext: true, EscalateAsk: true,
			}
			o.Logger, o.Version = logger, buildVersion()
			if logURL != "" {
				o.DecisionLog = &decisionlog.Options{URL: logURL, Labels: decisionlog.Labels(buildVersion(), logLabels)}
			}
			if bundleOpt.URL != "" {
				bundleOpt.Evaluators = []*evaluator.Evaluator{ev}
				o.Bundle = &bundleOpt
			}
			if signKey != "" {
				if o.Signer, err = attest.LoadSigner(signKey); err != nil {
					return errorDocument(cmd, err)
				}
			}
			srv, err := serve.New(o)
			if err != nil {
				return errorDocument(cmd, err)
			}
			err = srv.ListenAndServe(ctx, func(addr string) {
				logger.Info("serving", "addr", addr, "policies", policies, "environment", environment)
				fmt.Fprintf(cmd.ErrOrStderr(), "recourse serve: listening on %s\n", addr)
			})
			if err != nil && ctx.Err() == nil {
				return errorDocument(cmd, err)
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&o.Addr, "addr", serve.DefaultAddr, "HOST:PORT to listen on; a non-loopback address needs --token-file or --client-ca")
	fl.StringVar(&o.TokenFile, "token-file", "", "bearer tokens, one a line, reloaded when the file changes")
	fl.StringVar(&o.ClientCA, "client-ca", "", "admit clients with a certificate this CA signed (mTLS; needs --tls-cert)")
	fl.StringVar(&o.TLSCert, "tls-cert", "", "serve HTTPS with this certificate (reloaded when it changes)")
	fl.StringVar(&o.TLSKey, "tls-key", "", "the certificate's key")
	fl.StringVar(&o.TFCHMACKeyFile, "tfc-hmac-key-file", "", "the HCP Terraform run task's HMAC key; serves /v1/run-tasks/terraform-cloud")
	fl.StringArrayVar(&o.CORSOrigins, "cors-origin", nil, "an origin browsers may call from (repeatable); none by default")
	fl.StringVar(&o.AuditLog, "audit-log", "", "append every decision to this hash-chained JSONL file (recourse audit verify checks it)")
	fl.StringVar(&signKey, "sign-key", "", "sign every evaluate answer's decision with this Ed25519 key (PKCS #8 PEM): an in-toto Statement in a DSSE envelope; recourse verify checks it")
	fl.StringArrayVar(&policies, "policy", nil, "directory of Rego policies (repeatable; see docs/policy.md)")
	fl.StringVar(&logURL, "decision-log", "", "ship every decision to this URL in OPA's decision-log format (gzip JSON batches, retried; input redacted)")
	fl.StringToStringVar(&logLabels, "decision-log-label", nil, "a label of every shipped decision, KEY=VALUE (repeatable)")
	fl.StringVar(&bundleOpt.URL, "bundle", "", "take the policy from this OPA bundle: an HTTP URL (tar.gz, polled with ETags) or oci://REGISTRY/REPOSITORY:TAG (an OCI registry); /ready waits for the first good bundle")
	fl.DurationVar(&bundleOpt.Interval, "bundle-interval", 30*time.Second, "wait between bundle polls")
	fl.StringVar(&bundleOpt.KeyFile, "bundle-key", "", "public key (PEM) a bundle's signature must verify with; unsigned bundles are then refused")
	fl.StringVar(&bundleOpt.Algorithm, "bundle-key-alg", "RS256", "the bundle signature's algorithm (RS256, ES256, …)")
	fl.StringVar(&environment, "environment", "", "the environment of every evaluation")
	fl.StringVar(&schemaPath, "provider-schema", "", "the operator's providers' schemas (terraform providers schema -json > schema.json), read with every plan: for a destroyed type no rule knows, its provider's own description is the evidence; a request's own provider_schema may only raise a verdict")
	fl.StringVar(&failOn, "fail-on", string(model.Escalate), "lowest decision that stops a hook's call or fails a run task: warn, escalate or block")
	fl.DurationVar(&o.Timeout, "timeout", evaluator.DefaultTimeout, "deadline of each request, rendering included")
	fl.StringVar(&logLevel, "log-level", "warn", "stderr log level: debug, info, warn or error")
	_ = cmd.RegisterFlagCompletionFunc("fail-on", fixedCompletion("warn", "escalate", "block"))
	_ = cmd.RegisterFlagCompletionFunc("log-level", fixedCompletion("debug", "info", "warn", "error"))
	return cmd
}

// newAuditCmd is recourse audit.
func newAuditCmd() *cobra.Command {
	cmd := &cobra.Command{Use: "audit", Short: "Check a hash-chained decision log"}
	cmd.AddCommand(&cobra.Command{
		Use:   "verify FILE",
		Short: "Verify an --audit-log: every line's hash, its link, its signature, and the signed checkpoint",
		Long: `Read a decision log written by recourse serve --audit-log, --audit-log of eval and
the hooks, or the gateway's decision_log, and check its chain: each line's hash
over its content, its prev_hash against the line before, and its signature under
this user's state key; then its end against FILE.head, the checkpoint signed with
every append (how many entries, and the last hash). An edited line, a line
removed, inserted or moved, a chain rewritten without the key, a tail cut off, an
emptied log and a missing checkpoint are reported, and the exit status is 1. Run
it as the user, on the machine, that wrote the log: the key is in that user's
state directory.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			key, err := statekey.Default()
			if err != nil {
				return &exitStatus{code: exitError, err: err}
			}
			sum, err := audit.VerifyFile(args[0], key)
			if err != nil {
				fmt.Fprintf(cmd.ErrOrStderr(), "%s: does not verify: %v\n", args[0], err)
				return &exitStatus{code: exitError}
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s: the chain holds: %d entries, the last %s, as its signed checkpoint says\n", args[0], sum.Count, sum.Hash)
			return nil
		},
	})
	return cmd
}

// newVerifyCmd is recourse verify.
func newVerifyCmd() *cobra.Command {
	var key, input string
	cmd := &cobra.Command{
		Use:   "verify --key PUBLIC.pem [--input FILE] ATTESTATION.json",
		Short: "Verify a signed decision: its DSSE signature, and with --input its subject",
		Long: `Check an attestation recourse serve --sign-key made: the DSSE envelope's signature
with the Ed25519 public key (PKIX PEM), its in-toto Statement, and with --input that
the Statement's subject is that input (sha256 of its canonical JSON). The file is
the DSSE envelope, or a whole evaluate answer carrying it as "attestation". Prints
the decision; exit status 1 when anything does not verify.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if key == "" {
				return usageErr("--key is required: the Ed25519 public key (PEM) the service signs with")
			}
			data, err := os.ReadFile(args[0])
			if err != nil {
				return &exitStatus{code: exitError, err: err}
			}
			var doc struct {
				dsse.Envelope
				Attestation *dsse.Envelope `json:"attestation"`
			}
			if err := json.Unmarshal(data, &doc); err != nil {
				return &exitStatus{code: exitError, err: fmt.Errorf("%s: %w", args[0], err)}
			}
			env := &doc.Envelope
			if doc.Attestation != nil {
				env = doc.Attestation
			}
			st, err := attest.Verify(cmd.Context(), env, key)
			if err != nil {
				return &exitStatus{code: exitError, err: err}
			}
			digest := st.Subject[0].GetDigest()["sha256"]
			if input != "" {
				in, err := os.ReadFile(input)
				if err != nil {
					return &exitStatus{code: exitError, err: err}
				}
				if got := attest.SubjectDigest(serve.Canonical(in)); got != digest {
					return &exitStatus{code: exitError, err: fmt.Errorf("the statement is about another input: subject sha256 %s, %s is %s", digest, input, got)}
				}
			}
			p := st.GetPredicate().GetFields()
			fmt.Fprintf(cmd.OutOrStdout(), "verified: decision %s (rules %v) for input sha256 %s\n", p["decision"].GetStringValue(), p["rule_ids"].GetListValue().AsSlice(), digest)
			return nil
		},
	}
	cmd.Flags().StringVar(&key, "key", "", "the Ed25519 public key (PKIX PEM)")
	cmd.Flags().StringVar(&input, "input", "", "the request body the decision is about")
	return cmd
}

// serveMemoryLimit sets Go's soft memory limit for recourse serve and
// returns the heap past which an evaluation in flight stops with an
// error: GOMEMLIMIT when set; otherwise nine tenths of the cgroup's limit
// (a container's, a systemd unit's), so that the service sheds requests
// (503) and stops evaluations before the kernel's OOM killer ends it; with
// neither, the binary's soft limit. The service admits requests against
// three quarters of the limit (docs/serve.md).
func serveMemoryLimit(logger *slog.Logger) uint64 {
	if limit, ok := memlimit.Cgroup(); ok && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(limit / 10 * 9)
		logger.Info("memory limit from the cgroup", "cgroup_bytes", limit, "gomemlimit", limit/10*9)
	}
	return uint64(debug.SetMemoryLimit(-1))
}
