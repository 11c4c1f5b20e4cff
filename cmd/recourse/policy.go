package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/recourse-dev/recourse/policy/rego"
)

func newPolicyCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "policy",
		Short: "Work with decision policies (Rego)",
	}
	var verbose bool
	test := &cobra.Command{
		Use:   "test [DIR...]",
		Short: "Run the Rego unit tests in DIR, as opa test does",
		Long: `Run the Rego unit tests (rules named test_*) in the given directories, with
Recourse's default policy loaded so that tests can query data.recourse.decision.
With no directory, run the default policy's own tests.

Exit status: 0 when every test passes, 1 when a test fails or errors, or a
policy does not compile (the message names file:line:col).`,
		Example: `  recourse policy test ./policies
  recourse policy test -v ./policies ./shared-policies`,
		RunE: func(cmd *cobra.Command, dirs []string) error {
			ctx := cmd.Context()
			if ctx == nil {
				ctx = context.Background()
			}
			sum, err := rego.RunTests(ctx, cmd.OutOrStdout(), verbose, dirs...)
			if err != nil {
				return errorDocument(cmd, err)
			}
			if !sum.OK() {
				if sum.Passed+sum.Failed+sum.Errored == 0 {
					return &exitStatus{code: exitError, err: fmt.Errorf("no tests found (test rules are named test_*)")}
				}
				return &exitStatus{code: exitError}
			}
			return nil
		},
	}
	test.Flags().BoolVarP(&verbose, "verbose", "v", false, "list every test, not only failures")
	cmd.AddCommand(test)
	return cmd
}
