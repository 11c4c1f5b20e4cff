package mcp

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// AgentHosts are the server names the hook adapters give a coding agent's
// own tools (package hooks): a Write of Claude Code is claude-code.write,
// a glob of Gemini CLI gemini-cli.glob. Their shell tools are judged as
// command lines, and their MCP tools by the server they name.
var AgentHosts = []string{"claude-code", "codex", "gemini-cli", "cursor", "copilot", "windsurf", "cline", "kiro", "goose"}

// agentTools are a coding agent's own tools that change nothing outside
// the agent: they read or search files and the web, keep the agent's
// plan and notes, start a sub-agent (whose own tool calls are hooked and
// judged one by one), or ask the user. The names are the hosts' own,
// normalised (Claude Code's WebFetch is web_fetch), from each host's
// tool reference (docs/hooks/HOST.md cites them).
var agentTools = []string{
	// Claude Code.
	"glob", "grep", "ls", "read", "notebook_read", "web_fetch", "web_search", "todo_read", "todo_write", "task", "agent",
	"exit_plan_mode", "enter_plan_mode", "bash_output", "slash_command", "skill", "ask_user_question", "list_mcp_resources",
	"read_mcp_resource", "tool_search",
	// Gemini CLI (packages/core/src/tools/definitions/base-declarations.ts).
	"read_file", "read_many_files", "list_directory", "grep_search", "search_file_content", "google_web_search",
	"write_todos", "save_memory", "get_internal_docs", "activate_skill", "ask_user",
	// GitHub Copilot CLI.
	"view", "report_intent", "think", "update_todo", "fetch_copilot_cli_documentation", "read_bash", "list_bash",
	// Cline.
	"list_files", "search_files", "list_code_definition_names", "ask_followup_question", "attempt_completion",
	"plan_mode_respond", "new_task", "access_mcp_resource", "load_mcp_documentation",
	// Kiro CLI.
	"fs_read", "introspect", "todo_list", "thinking", "report_issue",
	// Goose's developer extension.
	"tree", "read_image",
	// --- issue 30, Cline 4.x and goose (branch h-cline-goose) ---
	// Cline 4.x's SDK tools (cline/cline@21cb8d2, sdk/packages/core/src/extensions/tools/constants.ts) and the
	// classic ones not listed above (apps/vscode/src/shared/tools.ts): reading, searching, fetching a page,
	// asking, finishing, skills, the focus-chain todo list, compacting the context, sub-agents, and
	// report_bug, which drafts an issue the user submits.
	"read_files", "search_codebase", "fetch_web_content", "ask_question", "submit_and_exit", "skills", "use_skill",
	"act_mode_respond", "focus_chain", "condense", "summarize_task", "use_subagents", "report_bug",
	// goose's platform extensions (block/goose@d17f0c1, crates/goose/src/agents/platform_extensions/):
	// analyze (tree-sitter reading), summon's load and delegate (a sub-agent whose calls are hooked),
	// extensionmanager (finding, enabling or disabling an extension the user configured, reading its
	// resources), chatrecall (past sessions), memory's reads and notes, tutorial, and
	// computercontroller's web_scrape (fetches a URL into goose's cache).
	"analyze", "load", "delegate", "search_available_extensions", "manage_extensions", "list_resources",
	"read_resource", "chatrecall", "retrieve_memories", "remember_memory", "load_tutorial", "web_scrape",
	// --- end issue 30, Cline 4.x and goose ---
}

// agentProcessTools stop a background shell the agent itself started.
var agentProcessTools = []string{"kill_shell", "kill_bash", "stop_bash"}

// agent are the rows for coding agents' own tools.
func agent() []rules.Rule {
	host := server(AgentHosts...)
	return concat(
		row("mcp.agent.read", agentTools, host, model.TierReversible,
			"a coding agent's own tool that reads or searches files or the web, keeps its plan or notes, starts a sub-agent whose calls are judged one by one, or asks the user: nothing outside the agent changes"),
		row("mcp.agent.stop-shell", agentProcessTools, host, model.TierRecoverableWithEffort,
			"stops a background command the agent started; it can be started again"),
	)
}
