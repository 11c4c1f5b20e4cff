package mcp

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// AgentHosts are the server names the hook adapters give a coding agent's
// own tools (package hooks): a Write of Claude Code is claude-code.write,
// a glob of Gemini CLI gemini-cli.glob. Their shell tools are judged as
// command lines, and their MCP tools by the server they name.
var AgentHosts = []string{"claude-code", "codex", "gemini-cli", "cursor", "copilot", "windsurf", "cline", "kiro", "goose", "vscode",
	"qwen-code", "factory-droid", "kimi-code", "opencode", "auggie"}

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
	// Gemini CLI's other built-ins (packages/core/src/tools/tool-names.ts ALL_BUILTIN_TOOL_NAMES, at
	// google-gemini/gemini-cli@5411f113): its task tracker, topic and completion notes, and sub-agents.
	"tracker_create_task", "tracker_update_task", "tracker_get_task", "tracker_list_tasks", "tracker_add_dependency",
	"tracker_visualize", "update_topic", "complete_task", "invoke_agent", "codebase_investigator", "cli_help", "generalist",
	// GitHub Copilot CLI (docs.github.com CLI hooks reference, tool names;
	// github/copilot-cli changelog.md).
	"view", "report_intent", "think", "update_todo", "fetch_copilot_cli_documentation", "read_bash", "list_bash",
	"rg", "read_agent", "list_agents", "write_agent", "task_complete",
	// VS Code's agent (microsoft/vscode: Copilot Chat's toolNames.ts and
	// languageModelTools, the terminal tools' toolIds.ts; docs/hooks/vscode.md).
	"list_dir", "file_search", "semantic_search", "get_errors", "get_changed_files", "view_image", "read_project_structure",
	"test_search", "get_search_view_results", "github_repo", "fetch_webpage", "get_vscode_api", "get_terminal_output",
	"terminal_selection", "terminal_last_command", "await_terminal", "get_task_output", "manage_todo_list", "run_subagent",
	"search_subagent", "vscode_ask_questions", "vscode_get_confirmation", "vscode_get_confirmation_with_options",
	"vscode_get_terminal_confirmation", "memory", "resolve_memory_file_uri", "read_notebook_cell_output",
	"copilot_get_notebook_summary", "get_project_setup_info", "switch_agent", "test_failure",
	// Cline.
	"list_files", "search_files", "list_code_definition_names", "ask_followup_question", "attempt_completion",
	"plan_mode_respond", "new_task", "access_mcp_resource", "load_mcp_documentation",
	// Kiro CLI (https://kiro.dev/docs/cli/reference/built-in-tools/: read, web_search, web_fetch, introspect,
	// report_issue, knowledge — its own knowledge base of indexed notes —, thinking, todo_list).
	"fs_read", "introspect", "todo_list", "thinking", "report_issue", "knowledge",
	// Goose's developer extension.
	"tree", "read_image",
	// OpenAI Codex: the tools its PreToolUse hook names besides Bash,
	// apply_patch and mcp__server__tool (openai/codex@05d99c8
	// codex-rs/core/src/tools/hook_names.rs); a sub-agent's own calls run
	// the hook with agent_id set.
	"spawn_agent",
	// Issue 30's new hosts: their own tools that read, search, plan, ask or
	// start a sub-agent, normalised.
	// Qwen Code (QwenLM/qwen-code packages/core/src/tools/tool-names.ts);
	// read_file, grep_search, glob, list_directory, save_memory, task,
	// todo_write, web_fetch, web_search, skill, exit_plan_mode and
	// ask_user_question are above.
	"lsp", "task_create", "task_get", "task_list", "task_update", "task_output",
	// Factory Droid (Factory-AI/droid-sdk-typescript src/protocol/tools.ts).
	"fetch_url", "exit_spec_mode", "propose_mission",
	// Kimi Code CLI (MoonshotAI/kimi-cli src/kimi_cli/tools): ReadFile,
	// ReadMediaFile, FetchURL, SearchWeb, Think, SetTodoList, Agent,
	// AskUserQuestion, EnterPlanMode, ExitPlanMode, TaskList, TaskOutput,
	// SendDMail (a message to the agent's own earlier context).
	"read_media_file", "search_web", "set_todo_list", "send_d_mail",
	// OpenCode (anomalyco/opencode packages/opencode/src/tool): read, glob,
	// grep, task, skill and lsp are above; invalid answers a malformed
	// call with an error and runs nothing.
	"list", "webfetch", "websearch", "codesearch", "todowrite", "todoread", "question", "plan_enter", "plan_exit", "invalid",
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
	// Augment's Auggie CLI (https://docs.augmentcode.com/cli/permissions.md, read 2026-11-29):
	// codebase-retrieval (its context engine's search), read-process and list-processes (a
	// process it launched); view, grep-search, web-search and web-fetch are above.
	"codebase_retrieval", "read_process", "list_processes",
}

// agentProcessTools stop a background shell the agent itself started.
var agentProcessTools = []string{"kill_shell", "kill_bash", "stop_bash", "kill_terminal",
	// Qwen Code's task_stop, Kimi Code CLI's TaskStop.
	"task_stop"}

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
