package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/recourse-dev/recourse/config"
	"github.com/recourse-dev/recourse/model"
)

// configured reads the configuration files for a project in dir (the
// process's working directory when empty) and applies them to the flags
// of cmd: the environment, fail_on and policy directories to evaluate
// with, and the exceptions. Warnings go to warn.
func configured(cmd *cobra.Command, dir string, env string, failOn model.Decision, policies []string, warn io.Writer) (config.Settings, []model.Exception, error) {
	return config.Resolve(dir, config.Settings{
		Environment: env, EnvironmentSet: cmd != nil && cmd.Flags().Changed("environment"),
		FailOn: failOn, FailOnSet: cmd != nil && cmd.Flags().Changed("fail-on"),
		Policies: policies,
	}, time.Now(), warn)
}

func newTrustCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "trust [FILE]",
		Short: "Trust a project's .recourse.yaml as it is now (run it yourself, in your terminal)",
		Long: `Trust a project's Recourse configuration, as it is now.

A project's .recourse.yaml is written by whoever writes the project, an agent
included, so until you trust it, it may only make the gate stricter: its
environment counts only when it names production, its fail_on only when
lower, its policies and exceptions not at all. recourse trust records the
hash of the file's exact content in your state directory
($XDG_STATE_HOME/recourse/trusted.json); a file changed since is untrusted
again. Without FILE, the .recourse.yaml found from the working directory up.

Trusting is a person's decision: the command needs an interactive terminal,
and the gate judges recourse trust run by an agent as needing review.`,
		Example: `  recourse trust
  recourse trust ../service/.recourse.yaml`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 1 {
				return usageErr("expected at most one file")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			path := ""
			if len(args) == 1 {
				path = args[0]
			} else if wd, err := os.Getwd(); err == nil {
				path = config.FindProject(wd)
			}
			if path == "" {
				return &exitStatus{code: exitError, err: fmt.Errorf("no %s here or in a directory above", config.ProjectFile)}
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return &exitStatus{code: exitError, err: err}
			}
			if _, err := config.Parse(path, data, time.Now()); err != nil {
				return &exitStatus{code: exitError, err: err}
			}
			if err := confirmAtTerminal(cmd, fmt.Sprintf("Trust %s as it is now (%d bytes)? Its policies and exceptions will apply.", path, len(data))); err != nil {
				if errors.Is(err, errNoPerson) {
					err = fmt.Errorf("recourse trust %w: trusting a project's configuration is a person's decision, so run it yourself, not through an agent or a script", err)
				}
				return &exitStatus{code: exitError, err: err}
			}
			store, err := config.DefaultTrustStore(true)
			if err == nil {
				err = store.Trust(path, data)
			}
			if err != nil {
				return &exitStatus{code: exitError, err: err}
			}
			fmt.Fprintf(cmd.OutOrStdout(), "Trusted %s as it is now (%d bytes); any change to it makes it untrusted again.\n", path, len(data))
			return nil
		},
	}
}
