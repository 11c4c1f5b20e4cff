package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/recourse-dev/recourse/audit"
	"github.com/recourse-dev/recourse/config"
	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/evaluator/shell"
	"github.com/recourse-dev/recourse/evaluator/terraform"
	"github.com/recourse-dev/recourse/internal/decisionlog"
	"github.com/recourse-dev/recourse/internal/observe"
	"github.com/recourse-dev/recourse/internal/tfsource"
	"github.com/recourse-dev/recourse/internal/workspace"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/policy"
	"github.com/recourse-dev/recourse/policy/rego"
	"github.com/recourse-dev/recourse/report"
	"github.com/recourse-dev/recourse/rules"
	"github.com/recourse-dev/recourse/rules/builtin"
)

// evalFlags are the flags every eval subcommand takes.
type evalFlags struct {
	format      string
	environment string
	actor       string
	owner       string
	policies    []string
	failOn      string
	timeout     time.Duration
	evidence    string
	state       string
	// providerSchema is --provider-schema: the JSON of `terraform
	// providers schema -json`, read with a plan.
	providerSchema string
	auditLog       string
	// decisionLog is the decision-log sink; decisionLabels its events'
	// labels beside app, id and version.
	decisionLog    string
	decisionLabels map[string]string
	// observe is eval shell's --observe: auto reads the script files the
	// line runs (internal/observe), off reads nothing.
	observe string
	// dialect is eval shell's --dialect: what rewrites the line before the
	// shell reads it (shell.Dialect).
	dialect string
	// tfDir is the Terraform working directory whose .tf files place a
	// plan's findings (internal/tfsource); empty: the plan file's
	// directory, else the current one, when it holds .tf files.
	tfDir string
	// baseline and writeBaseline are --baseline and --write-baseline
	// (config.Baseline).
	baseline, writeBaseline string
	// exceptionsFromRef is --exceptions-from-ref; base is that ref, once
	// opened, and review the changes to the reviewed configuration the
	// working tree makes over it (judged with the input).
	exceptionsFromRef string
	base              *baseRef
	review            []reviewFinding
}

func (f *evalFlags) register(cmd *cobra.Command) {
	fl := cmd.PersistentFlags()
	fl.StringVar(&f.format, "format", string(report.FormatHuman), "output format: human, json, markdown, sarif, github (workflow-command annotations), junit (JUnit XML) or gitlab-sast (GitLab SAST report)")
	fl.StringVar(&f.environment, "environment", "", `where the change would run; "production", "prod", "prd", "live" or "prod-*" make the default policy stricter`)
	fl.StringVar(&f.actor, "actor", "", "who or what proposes the change (agent or CI job id), passed to the policy")
	fl.StringVar(&f.owner, "owner", "", "who owns the affected system, passed to the policy")
	fl.StringArrayVar(&f.policies, "policy", nil, "directory of Rego policies that tighten or relax the default decision (repeatable; see docs/policy.md)")
	fl.StringVar(&f.failOn, "fail-on", string(model.Escalate), "lowest decision that exits non-zero: warn, escalate or block")
	fl.DurationVar(&f.timeout, "timeout", evaluator.DefaultTimeout, "deadline for the evaluation; past it the result is an error, never a decision")
	fl.StringVar(&f.evidence, "evidence", "", `a JSON file of facts for keys a report listed in missingEvidence: [{"address": ..., "key": ..., "value": ..., "source": ...}]`)
	fl.StringVar(&f.decisionLog, "decision-log", "", "ship the decision to this URL in OPA's decision-log format (as recourse serve does; input redacted); a decision that cannot be shipped is an error")
	fl.StringToStringVar(&f.decisionLabels, "decision-log-label", nil, "a label of the shipped decision, KEY=VALUE (repeatable)")
	fl.StringVar(&f.auditLog, "audit-log", "", "append the decision to this hash-chained JSONL file (shared with hooks and recourse serve; recourse audit verify checks it); a decision that cannot be recorded is an error")
	fl.StringVar(&f.tfDir, "tf-dir", "", "Terraform only: the working directory whose .tf files place each finding at its resource block (SARIF, annotations, GitLab); default: the plan file's directory, else the current one, when it holds .tf files")
	_ = cmd.MarkPersistentFlagDirname("tf-dir")
	fl.StringVar(&f.baseline, "baseline", "", "plans and MCP calls: a baseline file (--write-baseline) whose findings, by rule and address, are accepted as they are: each counts at most as warn and is listed as baselined, so only new or worse findings fail")
	fl.StringVar(&f.writeBaseline, "write-baseline", "", "write every finding of this run (rule, address, tier) to FILE as a baseline for --baseline, print the report, and exit 0")
	fl.StringVar(&f.exceptionsFromRef, "exceptions-from-ref", "", "CI: read .recourse.yaml as it is on this git ref (origin/main), trusted as reviewed, in place of the working tree's; each exception the working tree adds or widens over it, and each # recourse:ignore not on the ref's .tf file, is a finding that needs review")
	fl.StringVar(&f.state, "state", "", "Terraform only: a state file (terraform show -json, or a raw terraform.tfstate) whose resources the dependency impact and cross-action checks also consider")
	fl.StringVar(&f.providerSchema, "provider-schema", "", "Terraform only: the providers' schemas (terraform providers schema -json > schema.json); for a destroyed type no rule knows, its schema's descriptions, attributes and blocks are evidence of whether it holds data (supplied by the caller: it may raise a verdict, and lower only what the type's name left open, never in production)")
	_ = cmd.RegisterFlagCompletionFunc("format", fixedCompletion("human", "json", "markdown", "sarif", "github", "junit", "gitlab-sast"))
	_ = cmd.RegisterFlagCompletionFunc("fail-on", fixedCompletion("warn", "escalate", "block"))
	_ = cmd.MarkPersistentFlagDirname("policy")
}

func fixedCompletion(values ...string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	}
}

// record writes the decision made at endpoint on data to --audit-log and
// ships it to --decision-log, as configured: one entry, one decision id.
// A decision that cannot be recorded is an error.
func (f *evalFlags) record(ctx context.Context, endpoint string, data []byte, rep *report.ConsequenceReport, evalErr error) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if err := audit.RecordOne(ctx, f.auditLog, shipTo(f.decisionLog, f.decisionLabels), endpoint, data, decisionlog.InputOf(data), rep, evalErr); err != nil {
		return fmt.Errorf("the decision could not be recorded (--audit-log, --decision-log): %w", err)
	}
	return nil
}

// shipTo ships a decision to the --decision-log url with labels; nil
// without a url.
func shipTo(url string, labels map[string]string) audit.Ship {
	if url == "" {
		return nil
	}
	return func(ctx context.Context, e audit.Entry, input any) error {
		return shipDecision(ctx, url, labels, e, input)
	}
}

// shipDecision ships one decision of this process to url, labelled as
// recourse serve labels its own, with labels over them.
func shipDecision(ctx context.Context, url string, labels map[string]string, e audit.Entry, input any) error {
	return decisionlog.Record(ctx, url, decisionlog.Labels(buildVersion(), labels), e, input)
}

// check validates the flag values; a bad value is a usage error.
func (f *evalFlags) check() (report.Format, model.Decision, error) {
	format := report.Format(f.format)
	valid := false
	for _, ff := range report.Formats {
		valid = valid || ff == format
	}
	if !valid {
		return "", "", usageErr("--format %q: expected human, json, markdown, sarif, github, junit or gitlab-sast", f.format)
	}
	failOn, err := parseFailOn(f.failOn)
	if err != nil {
		return "", "", err
	}
	if f.timeout <= 0 {
		return "", "", usageErr("--timeout %s: expected a positive duration such as 30s", f.timeout)
	}
	return format, failOn, nil
}

func newEvalCmd() *cobra.Command {
	var flags evalFlags
	cmd := &cobra.Command{
		Use:   "eval INPUT...|-",
		Short: "Evaluate a proposed change and exit with its decision",
		Long: `Evaluate a proposed change. With one argument the kind of input is sniffed:
an MCP tool call ({"tool": ...}) or a Terraform/OpenTofu plan (terraform show
-json). Shell command lines go through 'recourse eval shell'. '-' reads the
input from stdin.

Several inputs — files, directories (their .json files, in name order) or
NDJSON on stdin (one document per line) — are judged in one run: one report
with a section per input (one SARIF run, one GitLab report, one JUnit
document), and the worst decision as the exit status; 1 when any input
could not be evaluated.

Exit status: 0 when the decision is below --fail-on (allow < warn < escalate
< block); at or above it 2 warn, 3 escalate, 4 block; 1 when the input or a
policy could not be evaluated (with --format json an error object is printed
on stdout); 64 for a usage error. Nothing that was not understood exits 0.

In CI, --exceptions-from-ref REF reads .recourse.yaml (and a plan's
# recourse:ignore comments) as REF has them, as reviewed, instead of the
working tree's; each exception the change adds or widens is a finding that
needs review, at its line (docs/ci.md).`,
		Example: `  recourse eval plan.json
  recourse eval --format json --environment production plan.json
  recourse eval --fail-on block --policy ./policies plan.json
  terraform show -json plan.out | recourse eval -
  recourse eval --format sarif plans/*.json > recourse.sarif
  recourse eval plans/
  recourse eval --exceptions-from-ref origin/main plan.json   # CI: exceptions as reviewed on the base branch
  jq -c '.[]' calls.json | recourse eval mcp -`,
		Args: atLeastOneInput,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 || isDir(args[0]) || args[0] == "-" {
				return runEvalMany(cmd, &flags, kindSniff, args)
			}
			return runEval(cmd, &flags, kindSniff, args[0], "")
		},
	}
	flags.register(cmd)
	var cwd string
	shellCmd := &cobra.Command{
		Use:   "shell [--cwd DIR] [--] 'COMMAND LINE'|-",
		Short: "Evaluate a shell command line before it runs",
		Long: `Evaluate a shell command line, given as one argument exactly as an agent would
pass it to 'bash -c' ('-' reads it from stdin). Nothing is executed: the line
is parsed, every command it would run is found (through sudo, env, xargs,
find -exec, sh -c, eval, heredocs ...) and judged.

--cwd says where the line would run; without it, relative paths are judged
as if in an unknown project directory.

--observe auto (the default) reads, read-only, the script files the line runs
(bash x.sh, ./x.sh, python3 x.py, source x; at most 256 KiB each, 1 MiB per
line, regular files only, never executed), relative to --cwd or else to the
current directory, and judges what they contain; it also reads the patch files
(git apply, git am, patch) and archives (tar -x, unzip; at most 8 MiB) the line
applies, judging the files they write, and follows the symbolic links on disk
that the operands of rm, cp, mv, tee, chmod, redirections … go through (lstat
and readlink only). It also gathers facts about what a mutating command acts
on (rm, rmdir, cp and mv's destination, a redirection, tee and sponge
without -a, truncate; git reset --hard,
checkout and restore of paths, clean -f, branch -D, push --force, stash drop):
existence, git state (tracked and clean, modified, untracked, ignored), blast
radius, and the repository facts a git command's loss depends on, with git run
read-only (--no-optional-locks, no hooks, no filters, no fsmonitor) and a
bound of 300 ms per command ($RECOURSE_OBSERVE_TIMEOUT); a fact it could not
gather is missing evidence, never a lower tier, and a read gets no probe
(docs/observe.md); and it looks up whether the files truncate names exist
(with --cwd: truncate -s 10M disk.img of a file not there creates it and
allows). --observe off reads nothing: a script or patch run from a
file the line did not write then needs review.

--dialect says what rewrites the line before a shell reads it: bash (the
default: the line is what bash runs), github-actions (a run: step: each
${{ expression }} is put in by the runner, so it is read as one word known only
at run time), gitlab-ci (a script: entry, read as bash), make (a recipe line:
$(VAR), ${VAR} and $@ are make's and read as unknown words, except
conventional program variables such as $(MAKE) and $(CC); $$ is $; the @, -
and + prefixes are make's), dockerfile (a RUN
command: bash run inside the image being built, so deleting or overwriting
the image's own files is recoverable by rebuilding it; what leaves the image,
devices, package sources and world-writable system trees are judged as
anywhere), powershell (a PowerShell script, as pwsh -Command runs it) or
github-actions-pwsh (a run: step whose shell is pwsh or powershell: its
${{ }} are read as in github-actions, then the step as PowerShell). A
destructive command whose operand is such a word needs review.
A CI dialect (github-actions, github-actions-pwsh, gitlab-ci) also states
that the line runs in a fresh checkout of a pushed commit: deleting or
overwriting files inside the working directory there warns (tier 2); make
states that the project's own makefile deletes those files (tier 3, warn).
Paths outside the working directory, paths known only at run time and
remote effects are judged as anywhere. See docs/shell.md, "Run contexts".`,
		Example: `  recourse eval shell -- 'rm -rf ./build'
  recourse eval shell --cwd /tmp/work -- 'rm -rf build'
  recourse eval shell --format json -- 'git push --force origin main'
  recourse eval shell --dialect github-actions -- 'go test ${{ matrix.pkg }}'
  printf '%s' "$CMD" | recourse eval shell -`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usageErr("expected the command line as one argument (quote it: recourse eval shell -- 'rm -rf ./build'), got %d arguments", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if !slices.Contains(observe.Modes, flags.observe) {
				return usageErr("--observe %q: expected auto or off (recourse eval shell --observe off -- 'bash x.sh')", flags.observe)
			}
			if _, err := shell.ParseDialect(flags.dialect); err != nil {
				return usageErr("--dialect %q: expected bash, github-actions, gitlab-ci, make, dockerfile, powershell or github-actions-pwsh (recourse eval shell --dialect github-actions -- 'go test ${{ matrix.pkg }}')", flags.dialect)
			}
			dir, err := absCwd(cwd)
			if err != nil {
				return err
			}
			return runEval(cmd, &flags, kindShell, args[0], dir)
		},
	}
	shellCmd.Flags().StringVar(&cwd, "cwd", "", "the working directory the line would run in")
	shellCmd.Flags().StringVar(&flags.dialect, "dialect", string(shell.DialectBash), "what the line is before a shell reads it: bash, github-actions (a run: step; ${{ }} is unknown), gitlab-ci (a script: entry), make (a recipe line; $(VAR) is unknown, $$ is $), dockerfile (a RUN command, in the image being built), powershell (a PowerShell script) or github-actions-pwsh (a run: step with shell: pwsh)")
	shellCmd.Flags().StringVar(&flags.observe, "observe", observe.Auto, "auto: read the script files the line runs and gather git and file facts about what its mutating commands act on (read-only, bounded; docs/observe.md); off: read nothing")
	_ = shellCmd.MarkFlagDirname("cwd")
	cmd.AddCommand(shellCmd)
	cmd.AddCommand(&cobra.Command{
		Use:   "mcp CALL.json...|-",
		Short: "Evaluate an MCP tool call before an agent makes it",
		Long: `Evaluate an MCP tool call an agent is about to make on another server:
{"server": "github", "tool": "delete_repository", "arguments": {...}, "annotations": {...}}.
"server" is optional (it is also read from prefixed names such as
mcp__github__delete_repository); "annotations" are the hints the target server
advertised for the tool. SQL in sql/query/statement arguments and shell command
lines in a terminal tool's command argument are judged too.`,
		Example: `  recourse eval mcp call.json
  echo '{"server":"postgres","tool":"query","arguments":{"sql":"DROP TABLE users"}}' | recourse eval mcp -`,
		Args: atLeastOneInput,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 || isDir(args[0]) || args[0] == "-" {
				return runEvalMany(cmd, &flags, kindMCP, args)
			}
			return runEval(cmd, &flags, kindMCP, args[0], "")
		},
	})
	cmd.AddCommand(&cobra.Command{
		Use:   "terraform PLAN.json...|-",
		Short: "Evaluate the JSON of a Terraform or OpenTofu plan",
		Long: `Evaluate a plan produced by 'terraform show -json PLANFILE' (or 'tofu show -json').
A state file, an errored plan, a format_version other than 0.x/1.x, or
malformed JSON is an error (exit 1), never a decision.

With --provider-schema, the providers' own schemas ('terraform providers
schema -json') are read with the plan: for a destroyed type no rule knows,
its schema's descriptions, attributes and blocks say whether it holds data
(retention, backups, snapshots, versioning, encryption keys, storage,
deletion protection, secrets). They are the caller's evidence: they may
raise a verdict, and lower only one the type's name left open, never in
production. A schema with a duplicate or unknown key, or a format_version
other than 0.x/1.x, is an error (exit 1).`,
		Example: `  terraform plan -out=plan.out && terraform show -json plan.out > plan.json
  recourse eval terraform plan.json
  recourse eval terraform --format markdown plan.json > comment.md
  terraform providers schema -json > schema.json
  recourse eval terraform --provider-schema schema.json plan.json`,
		Args: atLeastOneInput,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 || isDir(args[0]) || args[0] == "-" {
				return runEvalMany(cmd, &flags, kindTerraform, args)
			}
			return runEval(cmd, &flags, kindTerraform, args[0], "")
		},
	})
	return cmd
}

func atLeastOneInput(_ *cobra.Command, args []string) error {
	if len(args) == 0 {
		return usageErr("expected an input: files, directories of .json files, or - for stdin (one JSON document, or NDJSON: one per line)")
	}
	if slices.Contains(args, "-") && len(args) > 1 {
		return usageErr("- (stdin) is the only input when it is given: give files and directories, or pipe every document as NDJSON")
	}
	return nil
}

func isDir(name string) bool {
	info, err := os.Stat(name)
	return err == nil && info.IsDir()
}

// inputKind says what an eval subcommand reads.
type inputKind int

const (
	kindSniff inputKind = iota
	kindTerraform
	kindShell
	kindMCP
)

// runEval evaluates one input and turns the decision into an exit status.
func runEval(cmd *cobra.Command, flags *evalFlags, kind inputKind, input, cwd string) error {
	format, failOn, err := flags.check()
	if err != nil {
		return err
	}
	if flags.tfDir != "" && (kind == kindShell || kind == kindMCP) {
		return usageErr("--tf-dir %s: a Terraform directory goes with a plan, not with a shell command line or an MCP call", flags.tfDir)
	}
	if kind == kindShell && (flags.baseline != "" || flags.writeBaseline != "") {
		return usageErr("--baseline and --write-baseline go with plans and MCP calls, whose findings have stable addresses; for a command line, write an exception (docs/exceptions.md)")
	}
	if flags.tfDir != "" {
		if _, ok := tfsource.New(flags.tfDir); !ok {
			return usageErr("--tf-dir %s holds no .tf or .tf.json file; give the directory where terraform plan ran (--tf-dir infra/)", flags.tfDir)
		}
	}
	if flags.state != "" && (kind == kindShell || kind == kindMCP) {
		return usageErr("--state %s: a state file goes with a Terraform plan, not with a shell command line or an MCP call", flags.state)
	}
	if flags.providerSchema != "" && (kind == kindShell || kind == kindMCP) {
		return usageErr("--provider-schema %s: a provider schema goes with a Terraform plan, not with a shell command line or an MCP call", flags.providerSchema)
	}
	stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	run, err := startEval(cmd, flags, kind, cwd, failOn)
	var rep *report.ConsequenceReport
	if err == nil {
		failOn = run.failOn
		rep, err = run.judge(cmd.Context(), cmd.InOrStdin(), input)
	}
	if err != nil {
		e := model.AsError(err)
		switch format {
		case report.FormatJSON, report.FormatSARIF, report.FormatJUnit, report.FormatGitLab, report.FormatMarkdown:
			_ = report.RenderError(stdout, e, format, report.RenderOptions{ToolVersion: buildVersion()})
			_ = report.RenderError(stderr, e, report.FormatHuman)
		case report.FormatGitHub:
			_ = report.RenderError(stdout, e, format)
		default:
			_ = report.RenderError(stderr, e, report.FormatHuman)
		}
		return &exitStatus{code: exitError}
	}
	if err := report.Render(stdout, rep, format, report.RenderOptions{Color: colorEnabled(stdout), ToolVersion: buildVersion()}); err != nil {
		return &exitStatus{code: exitError, err: fmt.Errorf("writing the report: %w", err)}
	}
	if flags.writeBaseline != "" {
		return writeBaseline(flags.writeBaseline, rep, stderr)
	}
	return decisionStatus(rep.RiskAssessment, failOn)
}

// evalRun is what every input of one eval run shares, whether the run
// has one input (runEval) or many (runEvalMany): the flags with the
// settings the configuration resolved, its exceptions, and the --fail-on
// it settled.
type evalRun struct {
	// flags are the flags as given; applied, the same with the resolved
	// environment and policies, and the configuration's review findings
	// until the first input has taken them.
	flags, applied *evalFlags
	exceptions     []model.Exception
	failOn         model.Decision
	kind           inputKind
	// cwd is where a shell line runs; empty for plans and calls.
	cwd string
	// stderr takes the warnings of the configuration and of the inputs'
	// # recourse:ignore comments.
	stderr io.Writer
}

// startEval resolves the configuration of a run over inputs of kind made
// in cwd (".recourse.yaml", or --exceptions-from-ref's) over the flags
// and failOn; its warnings go to the command's stderr.
func startEval(cmd *cobra.Command, flags *evalFlags, kind inputKind, cwd string, failOn model.Decision) (*evalRun, error) {
	settings, exceptions, err := flags.configure(cmd, cwd, failOn, cmd.ErrOrStderr())
	if err != nil {
		return nil, err
	}
	applied := *flags // after configure, which sets the base ref and its review
	applied.environment, applied.policies = settings.Environment, settings.Policies
	return &evalRun{flags: flags, applied: &applied, exceptions: exceptions, failOn: settings.FailOn, kind: kind, cwd: cwd, stderr: cmd.ErrOrStderr()}, nil
}

// judge evaluates one input of the run (read from stdin when it is "-")
// and records the decision, or the error, once: a decision that cannot be
// recorded is an error. The configuration's review findings go with the
// first input only.
func (r *evalRun) judge(ctx context.Context, stdin io.Reader, input string) (*report.ConsequenceReport, error) {
	rep, data, err := evaluate(ctx, stdin, r.stderr, r.kind, input, r.cwd, r.applied, r.exceptions)
	r.applied.review = nil
	if rerr := r.flags.record(ctx, "eval/"+[]string{"sniffed", "terraform", "shell", "mcp"}[r.kind], data, rep, err); rerr != nil && err == nil {
		err = rerr
	}
	return rep, err
}

// evaluate reads the input and evaluates it; it returns the input's bytes
// too (for the audit record), as far as they were read.
func evaluate(ctx context.Context, stdin io.Reader, stderr io.Writer, kind inputKind, input, cwd string, flags *evalFlags, exceptions []model.Exception) (*report.ConsequenceReport, []byte, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	var data []byte
	var err error
	switch {
	case kind == kindShell && input == "-":
		data, err = evaluator.ReadInput(stdin, "-")
		input = strings.TrimRight(string(data), "\n")
	case kind != kindShell:
		data, err = readInput(stdin, input)
	}
	if err != nil {
		return nil, data, err
	}
	ev, err := newEvaluator(ctx, flags.policies)
	if err != nil {
		return nil, data, err
	}
	items, err := readEvidence(flags.evidence)
	if err != nil {
		return nil, data, err
	}
	opts := evaluator.Options{Environment: flags.environment, Actor: flags.actor, Owner: flags.owner, Timeout: flags.timeout, Cwd: cwd,
		Home: os.Getenv("HOME"), MemoryCeiling: evaluator.MemoryCeiling, Exceptions: exceptions, Review: mutationsOf(flags.review)}
	evKind := evaluator.KindTerraform
	switch {
	case kind == kindShell:
		evKind, data = evaluator.KindShell, []byte(input)
		opts.Workspace = workspace.Read(cwd)
		opts.Dialect, _ = shell.ParseDialect(flags.dialect)
		dir := cwd
		if dir == "" {
			dir, _ = os.Getwd()
		}
		if opts.Observer, err = observe.New(flags.observe, dir); err != nil {
			return nil, data, usageErr("%v", err)
		}
	case kind == kindMCP || (kind == kindSniff && evaluator.Sniff(data) == evaluator.KindMCPCall):
		evKind, opts.File = evaluator.KindMCPCall, input
	default:
		opts.File = input
	}
	if err := withState(&opts, flags.state, input, evKind); err != nil {
		return nil, data, err
	}
	if err := withProviderSchema(&opts, flags.providerSchema, input, evKind); err != nil {
		return nil, data, err
	}
	if flags.baseline != "" {
		b, err := config.ReadBaseline(flags.baseline)
		if err != nil {
			return nil, data, err
		}
		opts.Exceptions = append(slices.Clip(opts.Exceptions), b.Exceptions(flags.baseline)...)
	}
	rep, err := ev.Evaluate(ctx, evKind, data, items, opts)
	if err != nil || evKind != evaluator.KindTerraform {
		if err == nil {
			placeReview(rep, flags.review)
		}
		return rep, data, err
	}
	ix := sourceIndex(flags.tfDir, input)
	placeInSource(rep, ix)
	ignores, err := inlineIgnores(rep, ix, time.Now(), stderr)
	review := flags.review
	if err == nil && flags.base != nil && len(ignores) > 0 {
		// Only the ignores the base ref's files have are reviewed.
		var added []reviewFinding
		ignores, added, err = flags.base.reviewedIgnores(ignores)
		review = append(slices.Clip(review), added...)
		opts.Review = mutationsOf(review)
	}
	if err != nil || len(ignores) == 0 && len(review) == len(flags.review) {
		if err == nil {
			placeReview(rep, review)
		}
		return rep, data, err
	}
	// The block's own comments except its findings: judge again with them.
	opts.Exceptions = append(slices.Clip(opts.Exceptions), ignores...)
	if rep, err = ev.Evaluate(ctx, evKind, data, items, opts); err == nil {
		placeInSource(rep, ix)
		placeReview(rep, review)
	}
	return rep, data, err
}

// inlineIgnores are the # recourse:ignore comments on the blocks of the
// plan's changes, as exceptions for the changes' addresses; one that has
// ended is reported on w and not applied, and a malformed one is an error.
func inlineIgnores(rep *report.ConsequenceReport, ix *tfsource.Index, now time.Time, w io.Writer) ([]model.Exception, error) {
	if ix == nil {
		return nil, nil
	}
	var out []model.Exception
	for _, m := range rep.Mutations {
		at := m.Intent.Location
		if at == nil || m.Intent.Source != model.SourceTerraform {
			continue
		}
		for _, c := range ix.Comments(tfsource.Location{File: at.File, StartLine: at.StartLine}) {
			x, ok, expired, err := config.ParseIgnore(c.Text, at.File, c.Line, m.Intent.Target.ID, now)
			switch {
			case err != nil:
				return nil, err
			case !ok:
			case expired:
				fmt.Fprintf(w, "recourse: %s: the ignore of %s for %s ended on %s and is not applied\n", x.Source, x.Rule, x.Match, x.Expires)
			default:
				out = append(out, x)
			}
		}
	}
	return out, nil
}

// writeBaseline writes every finding of rep as a baseline.
func writeBaseline(path string, rep *report.ConsequenceReport, w io.Writer) error {
	return saveBaseline(path, baselineFindings(rep), w)
}

// baselineFindings are rep's findings: its changes that are not
// reversible, by rule, address and tier.
func baselineFindings(rep *report.ConsequenceReport) []config.BaselineFinding {
	var fs []config.BaselineFinding
	for _, m := range rep.Mutations {
		if r := m.Recoverability; r.Tier != model.TierReversible {
			fs = append(fs, config.BaselineFinding{Rule: r.RuleID, Address: m.Intent.Target.ID, Tier: r.Tier})
		}
	}
	return fs
}

// saveBaseline writes findings to path as a baseline, and says so.
func saveBaseline(path string, fs []config.BaselineFinding, w io.Writer) error {
	b := config.NewBaseline(fs, time.Now())
	var buf bytes.Buffer
	if err := report.WriteJSON(&buf, b); err != nil {
		return &exitStatus{code: exitError, err: err}
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return &exitStatus{code: exitError, err: fmt.Errorf("writing the baseline: %w", err)}
	}
	fmt.Fprintf(w, "recourse: wrote %d findings to %s; with --baseline %s they count at most as warn\n", len(b.Findings), path, path)
	return nil
}

// sourceIndex is the Terraform configuration that places a plan's
// changes: --tf-dir (checked by runEval) or, without it, the plan file's
// directory and then the current one, when they hold .tf files; nil: none,
// and the changes keep the plan's lines.
func sourceIndex(dir, input string) *tfsource.Index {
	if dir != "" {
		ix, _ := tfsource.New(dir)
		return ix
	}
	for _, d := range []string{filepath.Dir(input), "."} {
		if input == "-" && d != "." {
			continue
		}
		if ix, ok := tfsource.New(d); ok {
			return ix
		}
	}
	return nil
}

// placeInSource gives each change of a plan the place of its block in the
// Terraform configuration (internal/tfsource), with paths relative to the
// current directory (where CI checks the repository out).
func placeInSource(rep *report.ConsequenceReport, ix *tfsource.Index) {
	if ix == nil {
		return
	}
	cwd, _ := os.Getwd()
	for i := range rep.Mutations {
		m := &rep.Mutations[i]
		if m.Intent.Source != model.SourceTerraform {
			continue
		}
		loc, ok := ix.Locate(m.Intent.Target.ID)
		if !ok {
			continue
		}
		file := loc.File
		if abs, err := filepath.Abs(file); err == nil && cwd != "" {
			if rel, err := filepath.Rel(cwd, abs); err == nil && !strings.HasPrefix(rel, "..") {
				file = rel
			}
		}
		m.Intent.Location = &report.Location{File: filepath.ToSlash(file), StartLine: loc.StartLine, EndLine: loc.EndLine}
	}
}

// newEvaluator is the evaluator of eval and explain: the
// built-in rules and the default policy with the policies in dirs.
func newEvaluator(ctx context.Context, dirs []string) (*evaluator.Evaluator, error) {
	return evaluatorWith(ctx, dirs, builtin.Engine)
}

// policyEngine is the policy of the default policy and the Rego policies
// in dirs.
func policyEngine(ctx context.Context, dirs []string) (*policy.Engine, error) {
	return rego.New(ctx, dirs...)
}

func evaluatorWith(ctx context.Context, dirs []string, engine func() (*rules.Engine, error)) (*evaluator.Evaluator, error) {
	pol, err := policyEngine(ctx, dirs)
	if err != nil {
		return nil, err
	}
	eng, err := engine()
	if err != nil {
		return nil, &model.Error{Kind: model.KindInternal, Message: err.Error(), Err: err}
	}
	return evaluator.New(eng, pol), nil
}

// withState reads --state (path, when set) into opts. A state goes only
// with a Terraform plan: with an MCP call as input it is an error.
func withState(opts *evaluator.Options, path, input string, kind evaluator.Kind) error {
	if path == "" {
		return nil
	}
	if kind != evaluator.KindTerraform {
		return &model.Error{Kind: model.KindInvalidField, File: input, Field: "state",
			Message:  "the input is an MCP tool call, and --state goes only with a Terraform plan",
			Expected: "no --state for an MCP call, or a Terraform plan as the input"}
	}
	state, err := readStateFile(path)
	if err != nil {
		return err
	}
	opts.State, opts.StateFile = state, path
	return nil
}

// withProviderSchema reads --provider-schema (path, when set) into opts.
// A provider schema goes only with a Terraform plan: with an MCP call as
// input it is an error. The evaluator validates it with the plan.
func withProviderSchema(opts *evaluator.Options, path, input string, kind evaluator.Kind) error {
	if path == "" {
		return nil
	}
	if kind != evaluator.KindTerraform {
		return &model.Error{Kind: model.KindInvalidField, File: input, Field: "provider_schema",
			Message:  "the input is an MCP tool call, and --provider-schema goes only with a Terraform plan",
			Expected: "no --provider-schema for an MCP call, or a Terraform plan as the input"}
	}
	data, err := readProviderSchema(path)
	if err != nil {
		return err
	}
	opts.ProviderSchema, opts.ProviderSchemaFile = data, path
	return nil
}

// loadProviderSchemas reads and validates the operator's
// --provider-schema of a server (recourse serve, recourse mcp serve)
// once, at start: nil when path is empty, an error naming the file and
// the field when it is not a schema terraform wrote.
func loadProviderSchemas(path string) (*terraform.ProviderSchemas, error) {
	if path == "" {
		return nil, nil
	}
	data, err := readProviderSchema(path)
	if err != nil {
		return nil, err
	}
	s, err := terraform.ParseProviderSchemas(data, path)
	if e, ok := err.(*model.Error); ok {
		e.File = path
	}
	return s, err
}

// readProviderSchema reads --provider-schema, at most
// terraform.MaxProviderSchemaBytes of it.
func readProviderSchema(path string) ([]byte, error) {
	example := "terraform providers schema -json > schema.json && recourse eval --provider-schema schema.json plan.json"
	f, err := os.Open(path)
	if err != nil {
		return nil, &model.Error{Kind: model.KindWrongDocument, File: path, Field: "provider_schema",
			Message:  "cannot open the provider schema: " + strings.TrimPrefix(err.Error(), "open "+path+": "),
			Expected: "a readable file with the output of `terraform providers schema -json`", Example: example, Err: err}
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, terraform.MaxProviderSchemaBytes+1))
	if err != nil {
		return nil, &model.Error{Kind: model.KindWrongDocument, File: path, Field: "provider_schema",
			Message: "cannot read the provider schema: " + err.Error(), Example: example, Err: err}
	}
	if len(data) > terraform.MaxProviderSchemaBytes {
		return nil, &model.Error{Kind: model.KindInputTooLarge, File: path, Field: "provider_schema",
			Message:  fmt.Sprintf("the provider schema is larger than %d MiB", terraform.MaxProviderSchemaBytes>>20),
			Expected: "the output of `terraform providers schema -json` for one configuration", Example: example}
	}
	return data, nil
}

// readStateFile reads --state.
func readStateFile(path string) ([]byte, error) {
	data, err := readFile(path, "the state file", "a readable state file",
		"terraform show -json > state.json && recourse eval --state state.json plan.json")
	if e, ok := err.(*model.Error); ok {
		e.Field = "state"
	}
	return data, err
}

// readEvidence reads --evidence: a JSON array of items, or an object with
// an "evidence" array. No file means no evidence (nil, not empty).
func readEvidence(path string) ([]report.EvidenceItem, error) {
	if path == "" {
		return nil, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &model.Error{Kind: model.KindWrongDocument, File: path, Message: "cannot read the evidence file: " + err.Error(), Err: err}
	}
	var items []report.EvidenceItem
	if err := json.Unmarshal(data, &items); err != nil {
		var doc struct {
			Evidence []report.EvidenceItem `json:"evidence"`
		}
		if err2 := json.Unmarshal(data, &doc); err2 != nil || doc.Evidence == nil {
			return nil, &model.Error{Kind: model.KindInvalidField, File: path, Field: "evidence", Message: "the evidence file is not a list of evidence items: " + err.Error(),
				Expected: `[{"address": "aws_s3_bucket.logs", "key": "force_destroy", "value": false, "source": "aws s3api ..."}]`}
		}
		items = doc.Evidence
	}
	for i, it := range items {
		if it.Address == "" || it.Key == "" {
			return nil, &model.Error{Kind: model.KindInvalidField, File: path, Field: fmt.Sprintf("evidence[%d]", i), Message: "an evidence item needs an address and a key",
				Expected: `{"address": "aws_s3_bucket.logs", "key": "force_destroy", "value": false}`}
		}
	}
	return items, nil
}

func readInput(stdin io.Reader, name string) ([]byte, error) {
	if name == "-" {
		return evaluator.ReadInput(stdin, "-")
	}
	return readFile(name, "the input", "a readable plan file, or - for stdin", "terraform show -json plan.out > plan.json && recourse eval plan.json")
}

// readFile reads the file name, up to the evaluator's input limit; what,
// expected and example word the error when it cannot be opened.
func readFile(name, what, expected, example string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, &model.Error{Kind: model.KindWrongDocument, File: name, Message: "cannot open " + what + ": " + strings.TrimPrefix(err.Error(), "open "+name+": "),
			Expected: expected, Example: example, Err: err}
	}
	defer f.Close()
	return evaluator.ReadInput(f, name)
}

// decisionStatus maps a decision to the exit status under --fail-on.
func decisionStatus(d, failOn model.Decision) error {
	if d.Rank() < failOn.Rank() {
		return nil
	}
	code := map[model.Decision]int{model.Warn: exitWarn, model.Escalate: exitEscalate, model.Block: exitBlock}[d]
	if code == 0 {
		code = exitBlock
	}
	return &exitStatus{code: code}
}

// colorEnabled: colour only on a terminal, never with NO_COLOR or TERM=dumb.
func colorEnabled(w io.Writer) bool {
	if _, ok := os.LookupEnv("NO_COLOR"); ok || os.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// absCwd is --cwd as an absolute directory: a relative one (--cwd .,
// --cwd ../app) is resolved against the process's working directory,
// never ignored.
func absCwd(cwd string) (string, error) {
	if cwd == "" || filepath.IsAbs(cwd) {
		return cwd, nil
	}
	abs, err := filepath.Abs(cwd)
	if err != nil {
		return "", usageErr("--cwd %q: cannot resolve it against the working directory: %v", cwd, err)
	}
	return abs, nil
}
