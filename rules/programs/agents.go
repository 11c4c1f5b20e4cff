package programs

import (
	"strings"

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
	out := []rules.Rule{row("program.claude.settings-dropped", "claude", claudeSettingsDropped(), model.TierNeedsReview,
		"starts Claude Code without the settings that hold its hooks and permissions (--setting-sources, --settings, a --dangerously-* flag, "+
			"or CLAUDE_CONFIG_DIR pointing elsewhere): the agent it starts is not gated by this hook, so this changes the protection itself")}
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

// claudeSettingsDropped holds for a claude run that chooses which settings
// it loads or where from: --setting-sources (an empty list drops the
// project's and user's settings, and the hooks in them), --settings (a
// file whose values win), any --dangerously-* flag, or CLAUDE_CONFIG_DIR
// set for it (a configuration directory without the user's hooks). Read
// from Claude Code's settings documentation (https://code.claude.com/docs/en/settings,
// read 2026-11-29: the user, project and local sources, --setting-sources
// choosing among them, and --settings as a source of its own).
func claudeSettingsDropped() rules.Cond {
	return rules.Func("a claude run that drops or replaces its settings", func(f rules.Facts) rules.Result {
		c := f.M.Command
		if v, ok := c.Env["CLAUDE_CONFIG_DIR"]; ok {
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "CLAUDE_CONFIG_DIR", Value: v, Present: true}}}
		}
		for _, a := range c.Args {
			name, _, _ := strings.Cut(a.Value, "=")
			if a.Value == "--" {
				break
			}
			if name == "--setting-sources" || name == "--settings" || strings.HasPrefix(name, "--dangerously-") && name != "--dangerously-skip-permissions" { // that one is program.claude.unguarded
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "flag", Value: name, Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}
