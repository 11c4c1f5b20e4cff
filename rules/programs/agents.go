package programs

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// codingAgent is a coding agent's command-line program. An agent started
// from a command line decides what to run at run time, from a prompt,
// outside this gate: started with approvals off it runs its commands
// unasked, and its configuration decides what it may do later.
type codingAgent struct {
	program string
	// unguarded are the flags that turn its approvals off, and
	// unguardedValues the FLAG=VALUE settings that do.
	unguarded       []string
	unguardedValues [][2]string
	// configures are the subcommands that change its configuration: MCP
	// servers added, permissions set.
	configures [][]string
}

var codingAgents = []codingAgent{
	{program: "claude", unguarded: []string{"dangerously-skip-permissions"}, unguardedValues: [][2]string{{"permission-mode", "bypassPermissions"}},
		configures: [][]string{{"mcp", "add"}, {"mcp", "add-json"}, {"mcp", "add-from-claude-desktop"}, {"config", "set"}, {"config", "add"}}},
	{program: "codex", unguarded: []string{"dangerously-bypass-approvals-and-sandbox", "yolo", "full-auto"},
		unguardedValues: [][2]string{{"sandbox", "danger-full-access"}, {"s", "danger-full-access"}, {"ask-for-approval", "never"}, {"a", "never"}},
		configures:      [][]string{{"mcp", "add"}}},
	{program: "gemini", unguarded: []string{"y", "yolo"}, unguardedValues: [][2]string{{"approval-mode", "yolo"}}, configures: [][]string{{"mcp", "add"}}},
	{program: "qwen", unguarded: []string{"y", "yolo"}, unguardedValues: [][2]string{{"approval-mode", "yolo"}}, configures: [][]string{{"mcp", "add"}}},
	{program: "cursor-agent", unguarded: []string{"f", "force"}, configures: [][]string{{"mcp", "enable"}}},
	{program: "aider", unguarded: []string{"yes-always", "yes"}},
	{program: "amp", unguarded: []string{"dangerously-allow-all"}, configures: [][]string{{"mcp", "add"}, {"permissions", "add"}}},
	{program: "opencode", configures: [][]string{{"mcp", "add"}, {"auth", "login"}}},
	{program: "crush", unguarded: []string{"yolo", "y"}},
}

// agentRows are the coding agents' rows: approvals turned off, the
// configuration changed, and any other run.
func agentRows() []rules.Rule {
	var out []rules.Rule
	for _, a := range codingAgents {
		var off []rules.Cond
		if len(a.unguarded) > 0 {
			off = append(off, rules.Flag(a.unguarded...))
		}
		for _, fv := range a.unguardedValues {
			off = append(off, rules.FlagEquals(fv[0], fv[1]))
		}
		if len(off) > 0 {
			out = append(out, row("program."+a.program+".unguarded", a.program, rules.Any(off...), model.TierNeedsReview,
				"starts a coding agent with its approvals turned off: what it runs is decided at run time by a model, from a prompt, and nothing asks before it deletes or overwrites"))
		}
		if len(a.configures) > 0 {
			var subs []rules.Cond
			for _, words := range a.configures {
				subs = append(subs, rules.Sub(words...))
			}
			out = append(out, row("program."+a.program+".configure", a.program, rules.Any(subs...), model.TierNeedsReview,
				"changes a coding agent's configuration (an MCP server added, its permissions or settings): what the agent may run later, without asking, changes with it"))
		}
		out = append(out, row("program."+a.program, a.program, nil, model.TierRecoverableWithEffort,
			"starts a coding agent: what it does is decided at run time by a model, under its own permission settings, which the input does not show"))
	}
	return out
}
