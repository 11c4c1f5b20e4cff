package shell

import "github.com/recourse-dev/recourse/model"

// DialectGitLabCI is a GitLab CI job's script:, before_script: or
// after_script: entry. GitLab hands each entry to the job's shell as it is
// written (variables are the shell's environment, expanded by the shell),
// so the line is read as bash; what the dialect adds is its context, a CI
// job (runContext).
const DialectGitLabCI Dialect = "gitlab-ci"

// runContext is the context a dialect states about where its lines run
// (model.RunContext): a CI job's script runs in a fresh checkout of a
// pushed commit on a runner the job does not outlive; a make recipe is the
// project's own makefile at work. Bash states nothing, and an image
// build's context is its own (Command.ImageBuild).
func (d Dialect) runContext() model.RunContext {
	switch d {
	case DialectGitHubActions, DialectActionsPwsh, DialectGitLabCI:
		return model.RunCIJob
	case DialectMake:
		return model.RunMakeRecipe
	}
	return model.RunAnywhere
}
