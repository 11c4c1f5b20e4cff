package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/recourse-dev/recourse/install"
	"github.com/recourse-dev/recourse/internal/buildinfo"
	"github.com/recourse-dev/recourse/internal/xdg"
)

// installFlags are the flags install, uninstall and doctor share.
type installFlags struct {
	scope, agent, format, project string
}

// options are where the commands write, and the binary the hook runs.
func (f installFlags) options() (install.Options, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return install.Options{}, fmt.Errorf("no home directory: %w", err)
	}
	project := f.project
	if project == "" {
		if project, err = os.Getwd(); err != nil {
			return install.Options{}, err
		}
	}
	if project, err = filepath.Abs(project); err != nil {
		return install.Options{}, err
	}
	self, err := buildinfo.Self()
	if err != nil {
		return install.Options{}, fmt.Errorf("cannot tell where this recourse binary is: %w", err)
	}
	opts := install.Options{Home: home, Project: project, Binary: self, Agent: f.agent, CodexHome: os.Getenv("CODEX_HOME")}
	if opts.StateDir, err = xdg.StateDir(); err != nil {
		return install.Options{}, err
	}
	// recourse-hook beside this binary is the hook that starts faster.
	opts.Hook, _ = buildinfo.Sibling(install.HookBinary)
	return opts, nil
}

func (f installFlags) checkFormat() error {
	if f.format != "text" && f.format != "json" {
		return usageErr("--format %q: expected text or json", f.format)
	}
	return nil
}

func (f installFlags) checkScope() (install.Scope, error) {
	switch s := install.Scope(f.scope); s {
	case install.User, install.Project:
		return s, nil
	}
	return "", usageErr("--scope %q: expected user or project", f.scope)
}

func hostArg(_ *cobra.Command, args []string) error {
	if len(args) != 1 {
		return usageErr("expected one host, one of %s", strings.Join(install.Hosts(), ", "))
	}
	return nil
}

func newInstallCmd() *cobra.Command {
	var f installFlags
	cmd := &cobra.Command{
		Use:   "install HOST",
		Short: "Wire recourse hook HOST into a coding agent's configuration",
		Long: `Merge Recourse's pre-tool hook into HOST's own configuration (one of
` + strings.Join(install.Hosts(), ", ") + `), leaving every other entry
as it was, and set the host's fail-closed option where it has one (Cursor's
failClosed, goose's on_failure: block, Qwen Code's failMode: closed). The hook runs this binary by its
absolute path — or recourse-hook HOST when recourse-hook sits beside it: the
same hook in a binary of its own that starts faster. A second run changes nothing; an entry of Recourse's that
differs (another binary path, a matcher under which it never runs) is
rewritten in place. A file it changes is first copied to FILE` + install.BackupSuffix + `;
a file that does not parse, or a Cline hook that is someone else's, is an
error and is left alone. See docs/hooks/ for each host's file.

Where the host runs a hook only once the person approves it, install ends by
saying exactly what to do, and does not approve it for them: Codex runs the
hook only after you trust it in /hooks (it writes hooks.state in
$CODEX_HOME/config.toml). Codex's files are under $CODEX_HOME (default
~/.codex); its project scope, .codex/hooks.json, loads for trusted projects.`,
		Example: `  recourse install claude-code                 # ~/.claude/settings.json
  recourse install cursor --scope project      # .cursor/hooks.json in this project
  recourse install codex                       # $CODEX_HOME/hooks.json, then trust it in Codex's /hooks
  recourse install kiro                        # ~/.kiro/hooks/recourse.json (every agent)
  recourse install kiro --agent dev            # the earlier form: ~/.kiro/agents/dev.json`,
		Args: hostArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runWiring(cmd, f, args[0], install.Install)
		},
	}
	addInstallFlags(cmd, &f, true)
	return cmd
}

func newUninstallCmd() *cobra.Command {
	var f installFlags
	cmd := &cobra.Command{
		Use:   "uninstall HOST",
		Short: "Remove exactly what recourse install HOST added",
		Long: `Remove Recourse's entries from HOST's configuration at the scope, and the
files recourse install wrote for it, and nothing else; a settings file left
with nothing but what install created goes too. A file it changes is first
copied to FILE` + install.BackupSuffix + `. It records that you took the hook
out ($XDG_STATE_HOME/recourse/uninstalled/HOST), so that doctor reports the
host as uninstalled rather than failing; install removes the record.`,
		Args: hostArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runWiring(cmd, f, args[0], install.Uninstall)
		},
	}
	addInstallFlags(cmd, &f, true)
	return cmd
}

func newDoctorCmd() *cobra.Command {
	var f installFlags
	cmd := &cobra.Command{
		Use:   "doctor",
		Short: "Check that every coding agent on this machine runs Recourse's hook",
		Long: `Find every host installed on this machine and report, per host: whether
Recourse is wired in where the host reads it (the project's configuration in
the current directory, or the user's); whether the host has approved the hook
where it requires that (Codex: a trusted_hash in $CODEX_HOME/config.toml that
matches the hook's hash as Codex computes it, and a trusted project for a
project's .codex/hooks.json); whether the binary the entry names exists and
is one doctor resolved itself (this recourse, the recourse-hook beside it, or
the one on PATH); and two canaries sent through it: "git status", which must
come back allowed, and "rm -rf ~", which must come back stopped. Neither
command is run; the hook only reads them.

Doctor reads a hook command before it runs anything. It runs only a
configured command that is one plain run of recourse hook HOST (literal
words; no pipe, list, redirection or substitution), without a shell, and
only through a binary it resolved itself: an entry that does more, or that
names a binary of the project's (./node_modules/.bin/recourse, or any path
that is not one of those), is reported and never run.

A host passes when it is not installed, when the person took the hook out
with recourse uninstall HOST (reported as uninstalled), or when the host will
run the hook and both canaries pass. It never passes a hook the host will not
run: an untrusted or changed Codex hook fails although its canaries answer.
Otherwise doctor says how to fix it (a binary that is gone, a matcher under
which the hook never runs, a hook to trust in Codex's /hooks).

Exit status 0 when every host passes, 1 when one does not.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := f.checkFormat(); err != nil {
				return err
			}
			opts, err := f.options()
			if err != nil {
				return &exitStatus{code: exitError, err: err}
			}
			state, err := os.MkdirTemp("", "recourse-doctor-")
			if err != nil {
				return &exitStatus{code: exitError, err: err}
			}
			defer os.RemoveAll(state)
			rep := install.Doctor(cmd.Context(), opts, install.ExecRunner(state))
			if f.format == "json" {
				if err := writeJSONTo(cmd.OutOrStdout(), rep); err != nil {
					return err
				}
			} else {
				writeDoctor(cmd.OutOrStdout(), rep)
			}
			if !rep.Pass() {
				return &exitStatus{code: exitError, err: nil}
			}
			return nil
		},
	}
	addInstallFlags(cmd, &f, false)
	return cmd
}

func addInstallFlags(cmd *cobra.Command, f *installFlags, scoped bool) {
	fl := cmd.Flags()
	if scoped {
		fl.StringVar(&f.scope, "scope", "user", "where the entry goes: user (your configuration) or project (the project's, committed with it)")
		_ = cmd.RegisterFlagCompletionFunc("scope", fixedCompletion("user", "project"))
	}
	fl.StringVar(&f.agent, "agent", "", "Kiro only: write the earlier per-agent form into .kiro/agents/NAME.json instead of the hooks file .kiro/hooks/recourse.json")
	fl.StringVar(&f.project, "project", "", "the project directory (default: the current directory)")
	fl.StringVar(&f.format, "format", "text", "output: text or json")
	_ = cmd.RegisterFlagCompletionFunc("format", fixedCompletion("text", "json"))
}

// runWiring runs install or uninstall and reports what it did.
func runWiring(cmd *cobra.Command, f installFlags, host string, do func(string, install.Scope, install.Options) (install.Result, error)) error {
	if err := f.checkFormat(); err != nil {
		return err
	}
	scope, err := f.checkScope()
	if err != nil {
		return err
	}
	opts, err := f.options()
	if err != nil {
		return &exitStatus{code: exitError, err: err}
	}
	res, err := do(host, scope, opts)
	if err != nil {
		return &exitStatus{code: exitError, err: err}
	}
	if f.format == "json" {
		return writeJSONTo(cmd.OutOrStdout(), res)
	}
	for _, c := range res.Changes {
		line := fmt.Sprintf("%s: %s", c.Action, c.Path)
		if c.Backup != "" {
			line += " (the previous content is in " + c.Backup + ")"
		}
		fmt.Fprintln(cmd.OutOrStdout(), line)
	}
	fmt.Fprintf(cmd.OutOrStdout(), "%s, %s scope: %s\n", res.Host, res.Scope, res.Command)
	if res.Next != "" {
		fmt.Fprintf(cmd.OutOrStdout(), "\nNOT ACTIVE YET. %s\n", res.Next)
	}
	return nil
}

func writeJSONTo(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// writeDoctor prints doctor's report as a person reads it.
func writeDoctor(w io.Writer, rep install.Report) {
	for _, h := range rep.Hosts {
		status := "ok"
		switch {
		case !h.Pass:
			status = "FAIL"
		case h.Uninstalled:
			status = "uninstalled"
		case !h.Installed:
			status = "not installed"
		}
		where := "not wired"
		if h.Wired {
			where = "wired at " + string(h.Scope) + " scope"
			if h.Binary != "" {
				where += ", runs " + h.Binary
			}
			if h.Trusted != nil && *h.Trusted {
				where += ", trusted by the host"
			} else if h.Trusted != nil {
				where += ", NOT trusted by the host"
			}
		}
		if !h.Installed || h.Uninstalled {
			where = ""
		}
		fmt.Fprintf(w, "%-12s %-14s %s\n", h.Host, status, where)
		for _, c := range h.Canaries {
			mark := "pass"
			if !c.Pass {
				mark = "FAIL"
			}
			fmt.Fprintf(w, "    %s %-10s expected %s, got %s\n", mark, c.Input, c.Expected, c.Got)
		}
		for _, n := range h.Notes {
			fmt.Fprintf(w, "    note: %s\n", n)
		}
		if h.Fix != "" {
			fmt.Fprintf(w, "    fix: %s\n", h.Fix)
		}
	}
}
