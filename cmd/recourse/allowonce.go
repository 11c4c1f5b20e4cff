package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/recourse-dev/recourse/allowonce"
	"github.com/recourse-dev/recourse/internal/redact"
)

func newAllowOnceCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "allow-once CODE",
		Short: "Let one call a hook stopped run once (run it yourself, in your terminal)",
		Long: `Let exactly one call that a hook stopped, or asked about, run once.

Every stop or question from recourse hook carries a code for its exact call:
the same host and tool, the same command or arguments, the same working
directory. Run recourse allow-once CODE yourself, in your own terminal,
within 15 minutes of the stop; the next time the agent proposes exactly
that call, within 15 minutes, it runs, and the code is spent. A different
call, a second use, or an older code is judged as usual.

This is a person's decision: the command needs an interactive terminal, and
the gate judges recourse allow-once run by an agent, and any write to
Recourse's state, as needing review. Codes live in the user's state
directory ($XDG_STATE_HOME/recourse/allow-once, by default
~/.local/state/recourse/allow-once), never in the project.`,
		Example: `  recourse allow-once K7QM-2WPD`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usageErr("expected one code: recourse allow-once CODE")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			store, err := allowonce.Default()
			if err != nil {
				return &exitStatus{code: exitError, err: err}
			}
			pending, err := store.Pending(args[0])
			if err != nil {
				return &exitStatus{code: exitError, err: err}
			}
			if err := confirmAtTerminal(cmd, describeOnce(pending)); err != nil {
				if errors.Is(err, errNoPerson) {
					err = fmt.Errorf("recourse allow-once %w: approving a stopped call is a person's decision, so run it yourself, not through an agent or a script", err)
				}
				return &exitStatus{code: exitError, err: err}
			}
			rec, err := store.Approve(args[0])
			if err != nil {
				return &exitStatus{code: exitError, err: err}
			}
			a := rec.Action
			fmt.Fprintf(cmd.OutOrStdout(), "Allowed once, until %s: %s's %s call\n  %s\n  in %s\nStopped because: %s\n",
				rec.Approved.Add(allowonce.Window).Local().Format(time.Kitchen), a.Host, a.Tool, redact.String(a.Input), a.Cwd, rec.Summary)
			return nil
		},
	}
}

// describeOnce is what a person is shown before approving a code.
func describeOnce(rec allowonce.Record) string {
	a := rec.Action
	return fmt.Sprintf("Let %s's %s call run once?\n  %s\n  in %s\nStopped because: %s", a.Host, a.Tool, redact.String(a.Input), a.Cwd, rec.Summary)
}
