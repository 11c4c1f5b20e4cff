package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"go.yaml.in/yaml/v3"

	"github.com/recourse-dev/recourse/allowonce"
	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/gateway"
	"github.com/recourse-dev/recourse/internal/observe"
	"github.com/recourse-dev/recourse/model"
)

// newGatewayCmd is recourse mcp gateway.
func newGatewayCmd() *cobra.Command {
	var (
		configFile  string
		listen      string
		allowRemote bool
		tokenFile   string
		policies    []string
		environment string
		failOn      string
		actor       string
		logLevel    string
		timeout     time.Duration
		observeMode string
	)
	cmd := &cobra.Command{
		Use:   "gateway --config FILE",
		Short: "Enforce: stand between an MCP client and its servers, judging every tools/call before forwarding it",
		Long: `Serve MCP (stdio, or streamable HTTP with --listen) in front of the upstream MCP
servers a configuration names, and judge every tools/call before it is forwarded:
allow and warn are forwarded (a warn adds a note to the result), block is refused
and never reaches the upstream, escalate asks the person at the client through MCP
elicitation and is forwarded only on an explicit approve; a client that cannot ask
gets a refusal with an allow-once code. Any evaluation error, timeout or upstream
failure is a refusal, never a forward.

The configuration (YAML or JSON) has a top-level mcpServers map whose entries are
what MCP clients write (command, args, env, cwd; or url, headers), plus optional
recourse settings per server (environment, fail_on, policy, always_block,
always_ask; trust_annotations, whether its own readOnlyHint counts, default true
for a command and false for a url; allow_once: escalate, block or never;
observe: auto or off) and top-level decision_log and observe settings.

A stdio server runs on this machine, so its calls are observed (--observe auto,
the default): the paths its file tools delete or write over (delete_file,
write_file, move_file, …) and the targets of the command lines its tools run get
the same read-only, bounded facts as recourse eval shell gathers (git state,
existence, blast radius; docs/observe.md), read from the server's cwd. A server
reached by URL acts elsewhere and is never observed. --observe off, or observe:
off in the configuration (for all servers, or one), gathers none. A refusal of a tool with an outputSchema carries the
envelope in content and _meta, not structuredContent. See docs/gateway.md.`,
		Example: `  recourse mcp gateway --config ~/.config/recourse/gateway.yaml
  recourse mcp gateway import --from claude-desktop > gateway.yaml`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			logger, err := stderrLogger(cmd, logLevel)
			if err != nil {
				return err
			}
			if configFile == "" {
				return usageErr("--config is required: the file naming the upstream servers (docs/gateway.md)")
			}
			fail, err := parseFailOn(failOn)
			if err != nil {
				return err
			}
			if !slices.Contains(observe.Modes, observeMode) {
				return usageErr("--observe %q: expected auto or off (recourse mcp gateway --config gateway.yaml --observe off)", observeMode)
			}
			if timeout <= 0 {
				return usageErr("--timeout %s: expected a positive duration", timeout)
			}
			cfg, err := gateway.ReadConfig(configFile)
			if err != nil {
				return errorDocument(cmd, err)
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			opts := gateway.Options{
				Evaluator: newEvaluator, Policies: policies, Environment: environment, FailOn: fail, Actor: actor,
				Timeout: timeout, Logger: logger, Version: buildVersion(), Observe: observeMode,
			}
			opts.AllowOnce, opts.AllowOnceErr = allowonce.Default()
			g, err := gateway.New(ctx, cfg, opts)
			if err != nil {
				return errorDocument(cmd, err)
			}
			defer g.Close()
			upstreamCtx, stopUpstreams := context.WithCancel(context.Background())
			wait := g.Start(upstreamCtx)
			// A client lists tools first: let every upstream connect once
			// (or fail to) before answering.
			readyCtx, ready := context.WithTimeout(ctx, 30*time.Second)
			g.WaitReady(readyCtx)
			ready()
			defer func() {
				stopUpstreams()
				wait()
			}()
			if listen != "" {
				err = g.ServeHTTP(ctx, gateway.HTTPOptions{Addr: listen, AllowRemote: allowRemote, TokenFile: tokenFile})
			} else {
				err = g.ServeStdio(ctx, cmd.InOrStdin(), cmd.OutOrStdout())
			}
			if err != nil && ctx.Err() == nil {
				return errorDocument(cmd, err)
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&configFile, "config", "", "the gateway's configuration: YAML or JSON with mcpServers (docs/gateway.md)")
	fl.StringVar(&listen, "listen", "", "serve streamable HTTP at HOST:PORT (/mcp) instead of stdio; loopback only unless --allow-remote")
	fl.BoolVar(&allowRemote, "allow-remote", false, "with --listen, allow a non-loopback address (needs --token-file)")
	fl.StringVar(&tokenFile, "token-file", "", "with --listen, bearer tokens (one a line) every request must carry")
	fl.StringArrayVar(&policies, "policy", nil, "directory of Rego policies for servers that set none (repeatable; see docs/policy.md)")
	fl.StringVar(&environment, "environment", "", "the environment of servers that set none")
	fl.StringVar(&failOn, "fail-on", string(model.Escalate), "lowest decision that refuses a call, for servers that set none: warn, escalate or block")
	fl.StringVar(&actor, "actor", "mcp-gateway", "who proposes the calls, passed to the policy")
	fl.StringVar(&logLevel, "log-level", "warn", "stderr log level: debug, info, warn or error")
	fl.DurationVar(&timeout, "timeout", evaluator.DefaultTimeout, "deadline of each evaluation; past it the call is refused")
	fl.StringVar(&observeMode, "observe", observe.Auto, "auto: gather read-only facts about what the stdio servers' file tools and command lines act on, as the configuration allows (docs/observe.md); off: none for any server")
	_ = cmd.RegisterFlagCompletionFunc("fail-on", fixedCompletion("warn", "escalate", "block"))
	_ = cmd.RegisterFlagCompletionFunc("observe", fixedCompletion(observe.Modes...))
	_ = cmd.RegisterFlagCompletionFunc("log-level", fixedCompletion("debug", "info", "warn", "error"))
	cmd.AddCommand(newGatewayImportCmd())
	return cmd
}

// newGatewayImportCmd is recourse mcp gateway import.
func newGatewayImportCmd() *cobra.Command {
	var from, project, out string
	cmd := &cobra.Command{
		Use:   "import --from CLIENT",
		Short: "Write a gateway configuration from a client's MCP servers (claude-desktop, claude-code, cursor)",
		Long: `Read the MCP servers a client is configured with and write them as a gateway
configuration (YAML), each entry as the client has it. Keys the gateway does not
read are listed on stderr. Then point the client at the gateway instead of the
servers (docs/gateway.md shows the entry).`,
		Example: `  recourse mcp gateway import --from claude-desktop --out ~/.config/recourse/gateway.yaml
  recourse mcp gateway import --from claude-code --project .`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			home, err := os.UserHomeDir()
			if err != nil {
				return &exitStatus{code: exitError, err: err}
			}
			if project, err = filepath.Abs(project); err != nil {
				return &exitStatus{code: exitError, err: err}
			}
			imp, err := gateway.Import(from, home, project)
			if err != nil {
				return errorDocument(cmd, err)
			}
			data, err := yaml.Marshal(imp.Config)
			if err != nil {
				return &exitStatus{code: exitError, err: err}
			}
			for _, f := range imp.Read {
				fmt.Fprintf(cmd.ErrOrStderr(), "read %s\n", f)
			}
			for _, d := range imp.Dropped {
				fmt.Fprintf(cmd.ErrOrStderr(), "left out (the gateway does not read it): %s\n", d)
			}
			if out == "" || out == "-" {
				_, err = cmd.OutOrStdout().Write(data)
				return err
			}
			f, err := os.OpenFile(out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
			if err != nil {
				return &exitStatus{code: exitError, err: fmt.Errorf("--out: %w (the gateway configuration is not overwritten)", err)}
			}
			if _, err := f.Write(data); err != nil {
				f.Close()
				return &exitStatus{code: exitError, err: err}
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s; now give the client one server instead of these:\n  \"recourse-gateway\": {\"command\": \"recourse\", \"args\": [\"mcp\", \"gateway\", \"--config\", %q]}\n", out, out)
			return f.Close()
		},
	}
	cmd.Flags().StringVar(&from, "from", "", "the client: claude-desktop, claude-code or cursor")
	cmd.Flags().StringVar(&project, "project", ".", "the project directory whose configuration (.mcp.json, .cursor/mcp.json) is read too")
	cmd.Flags().StringVarP(&out, "out", "o", "", "write the configuration to this new file instead of stdout")
	_ = cmd.RegisterFlagCompletionFunc("from", fixedCompletion(gateway.Sources...))
	return cmd
}
