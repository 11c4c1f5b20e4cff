package filesystem

// This file holds the rows for files whose change matters more, or less,
// than their place in the tree says: a coding agent's configuration and git
// hooks, git's stale lock files, and Terraform state.

import (
	"path"
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// agentConfigReason says why changing an agent's configuration or a git
// hook needs review whatever else the command does.
const agentConfigReason = "changes a coding agent's configuration or a git hook (.claude/settings.json, .mcp.json, .vscode/settings.json, " +
	".git/hooks, .git/config): the hooks and permissions that guard the agent, or code git runs later; whether that is intended is not in the input"

// agentConfigNameReason says why a file with an agent's configuration
// name, changed in every directory a search finds, needs review.
const agentConfigNameReason = "changes a file named as a coding agent's configuration or a git hook (settings.json, .mcp.json, pre-commit) " +
	"in each directory a search finds (find -execdir): .claude or .git/hooks may be among them, and which ones is not in the input"

// agentConfigRows need review for every program that deletes or rewrites
// an agent's configuration: rm, mv or a redirection that rewrites
// .claude/settings.json can turn off the gate that judges the agent's next
// command, however harmless the file's content looks. skip is how many
// operands are read, not written (cp SRC DEST writes only DEST).
func agentConfigRows() []rules.Rule {
	var out []rules.Rule
	for _, w := range []struct {
		id, program string
		skip        int
	}{
		{"rm", "rm", 0}, {"mv", "mv", 0}, {"cp", "cp", 1}, {"install", "install", 1}, {"ln", "ln", 1}, {"tee", "tee", 0}, {"sponge", "sponge", 0},
		{"truncate", "truncate", 0}, {"shred", "shred", 0}, {"chmod", "chmod", 1}, {"redirect", Redirect, 0}, {"append", Append, 0},
	} {
		out = append(out, row("fs."+w.id+".agent-config", w.program, rules.AgentConfigIs(w.skip), model.TierNeedsReview, agentConfigReason))
		if w.program != Redirect && w.program != Append { // find runs no redirection itself (-execdir sh -c needs review)
			out = append(out, row("fs."+w.id+".agent-config-name", w.program, rules.AgentConfigNameInFoundDir(w.skip), model.TierNeedsReview, agentConfigNameReason))
		}
	}
	// Programs that copy into a directory replace the configuration a
	// directory holds as surely as one that names the file: cp -r evil/
	// .claude/, rsync evil/ ~/.cursor/, mv hooks .git/ (rm is not among
	// them: rm -rf .claude deletes a project directory, a worse tier).
	for _, w := range []struct {
		program  string
		skip     int
		dirFlags []string
	}{
		{"cp", 1, []string{"t", "target-directory"}}, {"mv", 0, []string{"t", "target-directory"}},
		{"install", 1, []string{"t", "target-directory"}}, {"ln", 1, []string{"t", "target-directory"}}, {"rsync", 1, nil},
	} {
		when := rules.AgentConfigInto(w.skip)
		if w.dirFlags != nil {
			when = rules.Any(rules.AgentConfigDirFlag(w.dirFlags...), when)
		}
		out = append(out, row("fs."+w.program+".into-agent-config", w.program, when, model.TierNeedsReview, agentConfigReason))
	}
	return out
}

// tfStateReason says why deleting or emptying a Terraform state file needs
// review.
const tfStateReason = "deletes or empties Terraform state: with a local backend it is the only record of what Terraform manages, " +
	"and without it the next apply creates everything again beside the real resources, which are left unmanaged"

// tfState holds when an operand is a Terraform state file or its backup
// (terraform.tfstate, prod.tfstate.backup, terraform.tfstate.d).
func tfState() rules.Cond {
	return rules.Operand(0, "a Terraform state file", func(a model.Arg, _ *model.Command) bool {
		base := path.Base(a.Value)
		return !a.Dynamic && (strings.HasSuffix(base, ".tfstate") || strings.HasSuffix(base, ".tfstate.backup") || base == "terraform.tfstate.d")
	})
}

// statePull holds for a redirection of terraform (or tofu, terragrunt)
// state pull: the state printed to a file is a backup, not the state.
func statePull() rules.Cond {
	return rules.Func("the output of terraform state pull", func(f rules.Facts) rules.Result {
		wr := f.M.Command.Writer
		if wr == nil || (wr.Program != "terraform" && wr.Program != "tofu" && wr.Program != "terragrunt") {
			return rules.Result{Truth: rules.False}
		}
		ops := rules.Operands(wr)
		if len(ops) < 2 || ops[0].Value != "state" || ops[1].Value != "pull" {
			return rules.Result{Truth: rules.False}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "writer", Value: wr.Program + " state pull", Present: true}}}
	})
}

// guardedRows are this file's rows, which come before every other row of
// their programs: the agent's configuration, git's stale lock files (an
// rm -rf of which is no project delete) and Terraform state.
func guardedRows() []rules.Rule {
	return append(agentConfigRows(),
		row("fs.rm.git-lock", "rm", gitLocks(), model.TierRecoverableWithEffort,
			"removes git's lock files, which hold no data; if a git command is still running, what it was writing may be left half-done"),
		row("fs.rm.tfstate", "rm", tfState(), model.TierNeedsReview, tfStateReason),
		row("fs.truncate.tfstate", "truncate", tfState(), model.TierNeedsReview, tfStateReason),
		row("fs.redirect.state-backup", Redirect, rules.All(tfState(), statePull()), model.TierRecoverableWithEffort,
			"writes the state terraform state pull prints to a file: a backup of the state, replacing an earlier file of that name"),
		row("fs.redirect.tfstate", Redirect, tfState(), model.TierNeedsReview, tfStateReason),
	)
}

// gitLocks holds when every operand is a lock file git leaves in .git when a
// command dies (.git/index.lock, .git/refs/heads/main.lock): removing them
// is how a stuck repository is fixed, and they hold no data.
func gitLocks() rules.Cond {
	return rules.EveryOperand(0, "a git lock file", func(a model.Arg) bool {
		if a.Dynamic || !strings.HasSuffix(a.Value, ".lock") {
			return false
		}
		p := path.Clean(a.Value)
		return strings.HasPrefix(p, ".git/") || strings.Contains(p, "/.git/")
	})
}
