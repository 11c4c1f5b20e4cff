package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/mcpserver"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/policy/rego"
	"github.com/recourse-dev/recourse/rules/builtin"
)

func newMCPCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "The MCP server agents call before they act",
	}
	var (
		policies    []string
		environment string
		actor       string
		owner       string
		logLevel    string
		timeout     time.Duration
		schemaPath  string
	)
	serve := &cobra.Command{
		Use:   "serve",
		Short: "Serve MCP over stdio (newline-delimited JSON-RPC, or Content-Length framing)",
		Long: `Serve the Recourse tools over stdio: recourse_evaluate_terraform, recourse_evaluate_shell,
recourse_evaluate_mcp_call, recourse_evaluate_with_evidence and recourse_supported_resources, the resource
recourse://instructions and the prompt recourse_instructions. Every result is an
envelope (status, data, error, confidence, follow_up_hints, charter_version) in
structuredContent. Logs go to stderr only. See docs/mcp.md.`,
		Example: `  recourse mcp serve
  recourse mcp serve --environment production --policy ./policies --log-level info`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			logger, err := stderrLogger(cmd, logLevel)
			if err != nil {
				return err
			}
			if timeout <= 0 {
				return usageErr("--timeout %s: expected a positive duration", timeout)
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			settings, exceptions, err := configured(cmd, "", environment, model.Escalate, policies, cmd.ErrOrStderr())
			if err != nil {
				return errorDocument(cmd, err)
			}
			environment, policies = settings.Environment, settings.Policies
			pol, err := rego.New(ctx, policies...)
			if err != nil {
				return errorDocument(cmd, err)
			}
			eng, err := builtin.Engine()
			if err != nil {
				return &exitStatus{code: exitError, err: err}
			}
			schemas, err := loadProviderSchemas(schemaPath)
			if err != nil {
				return errorDocument(cmd, err)
			}
			srv := mcpserver.New(evaluator.New(eng, pol), eng, mcpserver.Options{
				Environment: environment, Actor: actor, Owner: owner, Timeout: timeout, Version: buildVersion(), Logger: logger, Exceptions: exceptions,
				ProviderSchemas: schemas,
			})
			logger.Info("serving MCP on stdio", "environment", environment, "policies", policies)
			if err := srv.Serve(ctx, cmd.InOrStdin(), cmd.OutOrStdout()); err != nil && ctx.Err() == nil {
				return &exitStatus{code: exitError, err: err}
			}
			return nil
		},
	}
	serve.Flags().StringArrayVar(&policies, "policy", nil, "directory of Rego policies (repeatable; see docs/policy.md)")
	serve.Flags().StringVar(&environment, "environment", "", "the environment of every evaluation: a call's own environment is used only when this is unset, or when it names production and this does not")
	serve.Flags().StringVar(&actor, "actor", "", "who proposes the actions, for the policy; when set, a call's own actor is ignored")
	serve.Flags().StringVar(&owner, "owner", "", "who owns the affected systems, for the policy; when set, a call's own owner is ignored")
	serve.Flags().StringVar(&logLevel, "log-level", "warn", "stderr log level: debug, info, warn or error")
	serve.Flags().DurationVar(&timeout, "timeout", evaluator.DefaultTimeout, "deadline of each evaluation")
	serve.Flags().StringVar(&schemaPath, "provider-schema", "", "the operator's providers' schemas (terraform providers schema -json > schema.json), read with every plan; a call's own provider_schema may only raise a verdict")
	_ = serve.RegisterFlagCompletionFunc("log-level", fixedCompletion("debug", "info", "warn", "error"))
	cmd.AddCommand(serve, newGatewayCmd(), newCatalogCmd())
	return cmd
}
