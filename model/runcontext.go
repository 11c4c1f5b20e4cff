package model

// RunContext is where a command runs, as the caller states it by naming
// the line's dialect (recourse eval shell --dialect): facts the line
// itself does not show, which decide how recoverable a change to the
// working tree is. The zero value states nothing: an agent's or a
// person's shell on a machine whose files may be the only copy.
type RunContext uint8

// The run contexts.
const (
	// RunAnywhere states nothing about where the command runs.
	RunAnywhere RunContext = iota
	// RunCIJob is a CI job's script (a GitHub Actions run: step, a GitLab
	// CI script: entry): its working directory is a fresh checkout of a
	// commit already pushed, on a runner the job does not outlive, so
	// deleting or overwriting files inside it loses nothing the push did
	// not keep.
	RunCIJob
	// RunMakeRecipe is a recipe line of the project's own makefile: the
	// files it deletes inside the project are those the committed
	// makefile names as its own to delete (clean targets, generated
	// files it rebuilds).
	RunMakeRecipe
)

// String names the context as reports and evidence show it.
func (c RunContext) String() string {
	switch c {
	case RunCIJob:
		return "ci-job"
	case RunMakeRecipe:
		return "make-recipe"
	}
	return "anywhere"
}
