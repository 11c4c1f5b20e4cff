package rules

import (
	"path"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// Rule ids of the verdicts a stated run context decides (inRunContext).
const (
	CIWorkspaceRuleID  = "run-context.ci-workspace"
	MakeRecipeRuleID   = "run-context.make-recipe"
	runContextEvidence = "run_context"
)

// inRunContext lowers v, a verdict on m, when m's command runs in a
// context its dialect states (model.RunContext) and v is about files of
// the working tree only (imageFileRules: deleting, overwriting, moving,
// extracting over, editing, git's discarding of changes; every path the
// command names inside the working directory, workspaceOnly):
//
//   - a CI job (github-actions, gitlab-ci): the working directory is a
//     fresh checkout of a commit already pushed, on a runner the job does
//     not outlive; what the job deletes or overwrites there is the push's
//     copy or the job's own output, so the verdict is recoverable with
//     effort (run the job again).
//   - a make recipe: the project's committed makefile names the files it
//     deletes inside the project as its own (clean targets, generated
//     files); what is not committed comes back only from a backup, so the
//     verdict is recoverable from backup: a warn that says so, not a stop.
//
// Not covered, and judged as anywhere: a path outside the working
// directory (a home directory, /, system or other absolute paths, ..),
// one only known at run time, a command a wrapper runs elsewhere (ssh, a
// container), and every remote effect (pushes, uploads, requests, cloud
// and database calls): a CI runner being discarded does not undo those.
// A verdict already at or below the context's tier is kept.
func inRunContext(m *model.Mutation, v model.Recoverability) model.Recoverability {
	c := m.Command
	if c == nil || c.RunContext == model.RunAnywhere || !imageFileRule(v.RuleID) {
		return v
	}
	tier, id, why := model.TierRecoverableWithEffort, CIWorkspaceRuleID,
		"runs in a CI job (a fresh checkout of a pushed commit, on a runner the job does not outlive): the files it changes inside the working directory are the push's copy or the job's own output, and running the job again recreates them"
	if c.RunContext == model.RunMakeRecipe {
		tier, id, why = model.TierRecoverableFromBackup, MakeRecipeRuleID,
			"runs as a recipe line of the project's own makefile, which names the files it changes inside the project as its own to delete or rebuild (clean targets, generated files): what is not committed comes back only from version control or a backup"
	}
	if v.Tier.Severity() <= tier.Severity() || !workspaceOnly(c) || deviceOperand(c) || packageSource(c) || worldWritableSystem(c) {
		return v
	}
	return model.Recoverability{
		Tier:       tier,
		Reasoning:  why + ". Anywhere else it would be: " + v.Reasoning,
		Source:     model.FromRules,
		RuleID:     id,
		Confidence: model.ConfidenceHigh,
		Evidence: append(v.Evidence[:len(v.Evidence):len(v.Evidence)], model.Evidence{Key: runContextEvidence, Value: c.RunContext.String(), Present: true,
			Description: "stated by the caller through the line's dialect (--dialect), not shown by the line", SuppliedBy: model.SuppliedByCaller}),
	}
}

// workspaceOnly reports whether every path c names (its operands and the
// files it redirects to) lies inside its working directory, which must be
// known and be neither the root, a system directory, a home directory
// itself nor a home's dot directory: a project's checkout. Git commands
// work on the repository of the working directory unless -C, --git-dir or
// --work-tree point elsewhere; their other operands are refs and paths of
// that repository.
func workspaceOnly(c *model.Command) bool {
	if !checkoutDir(c.Cwd, c.Home) {
		return false
	}
	if c.Program == "git" {
		for _, a := range c.Args {
			if a.Value == "-C" || strings.HasPrefix(a.Value, "--git-dir") || strings.HasPrefix(a.Value, "--work-tree") {
				return false
			}
		}
		return true
	}
	for _, a := range Operands(c) {
		if !inWorkspace(a, c) {
			return false
		}
	}
	for _, r := range c.Redirects {
		if !inWorkspace(r.Target, c) {
			return false
		}
	}
	return true
}

// inWorkspace reports whether the path a of c lies inside c's working
// directory: a project path, build output or temp (already disposable),
// or the working directory itself and what is in it (., *), never above
// it.
func inWorkspace(a model.Arg, c *model.Command) bool {
	switch ClassifyPath(a, c) {
	case PathProject, PathBuild, PathTemp, PathNull:
		return true
	case PathCwd:
		v := a.Value
		if a.Dynamic {
			start, ok := strings.CutSuffix(v, "/"+model.FoundPath)
			if !ok {
				return false
			}
			v = start
		}
		return !path.IsAbs(v) && !model.HasDotDot(v) || path.IsAbs(v) && pathEqual(v, c.Cwd)
	}
	return false
}

// checkoutDir reports whether cwd can be a project's checkout: known,
// absolute, and not the root, a system directory, a home directory itself
// or inside a home's dot directory (~/.ssh).
func checkoutDir(cwd, home string) bool {
	if cwd == "" || !path.IsAbs(cwd) {
		return false
	}
	switch classifyAbsolute(cleanPath(cwd)) {
	case PathRoot, PathSystem, PathHome, PathDevice, PathDynamic:
		return false
	}
	if home != "" && pathEqual(cwd, home) || isHome(cwd) {
		return false
	}
	for seg := range strings.SplitSeq(strings.Trim(cleanPath(cwd), "/"), "/") {
		if strings.HasPrefix(seg, ".") {
			return false
		}
	}
	return true
}

// pathEqual reports whether two absolute paths are the same once cleaned.
func pathEqual(a, b string) bool { return b != "" && cleanPath(a) == cleanPath(b) }

// InCIJob holds when the command runs in a CI job, as its dialect states
// (model.RunCIJob): for rows whose verdict the job's throwaway runner
// decides beyond files (a compose stack the job brought up).
func InCIJob() Cond {
	return Func("runs in a CI job (stated by the dialect)", func(f Facts) Result {
		if f.M == nil || f.M.Command == nil || f.M.Command.RunContext != model.RunCIJob {
			return Result{Truth: False}
		}
		return Result{Truth: True, Evidence: []model.Evidence{{Key: runContextEvidence, Value: model.RunCIJob.String(), Present: true,
			Description: "stated by the caller through the line's dialect (--dialect), not shown by the line", SuppliedBy: model.SuppliedByCaller}}}
	})
}
