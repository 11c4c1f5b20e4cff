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
	opts := install.Options{Home: home, Project: project, Binary: self, Agent: f.agent}
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
error and is left alone. See docs/hooks/ for each host's file.`,
		Example: `  recourse install claude-code                 # ~/.claude/settings.json
  recourse install cursor --scope project      # .cursor/hooks.json in this project
  recourse install kiro --agent dev            # ~/.kiro/agents/dev.json`,
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
copied to FILE` + install.BackupSuffix + `.`,
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
		Long: `Find every host installed on this machine, say whether Recourse is wired
into it (and at which scope: the project's configuration in the current
directory, or the user's), and send two canaries through the configured
command, run as the host would run it: "git status", which must come back
allowed, and "rm -rf ~", which must come back stopped. Doctor runs only a
configured command that is one plain run of recourse hook HOST (literal
words; no pipe, list, redirection or substitution), and runs it without a
shell: an entry that does more is reported, not run. Neither command
is run; the hook only reads them. A host passes when it is not installed, or
when both canaries do; otherwise doctor says how to fix it (a binary that is
gone, a matcher under which the hook never runs, a host with no hook).

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
	fl.StringVar(&f.agent, "agent", "", "Kiro only: the agent whose configuration gets the hook (.kiro/agents/NAME.json)")
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
		case !h.Installed:
			status = "not installed"
		}
		where := "not wired"
		if h.Wired {
			where = "wired at " + string(h.Scope) + " scope"
		}
		if !h.Installed {
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
		if h.Fix != "" {
			fmt.Fprintf(w, "    fix: %s\n", h.Fix)
		}
	}
}
