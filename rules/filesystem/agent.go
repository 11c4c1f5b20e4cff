package filesystem

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// agentConfigReason says why changing an agent's configuration or a git
// hook needs review whatever else the command does.
const agentConfigReason = "changes a coding agent's configuration or a git hook (.claude/settings.json, .mcp.json, .vscode/settings.json, " +
	".git/hooks, .git/config): the hooks and permissions that guard the agent, or code git runs later; whether that is intended is not in the input"

// agentConfigRows come before the other rows of their programs: rm, mv or
// a redirection that rewrites .claude/settings.json can turn off the gate
// that judges the agent's next command, however harmless the file's
// content looks. skip is how many operands are read, not written (cp SRC
// DEST writes only DEST).
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
	}
	return out
}
