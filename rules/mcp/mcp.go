// Package mcp holds the rules for MCP tool calls to the servers agents use
// most: GitHub and GitLab, filesystem, SQL databases, terminals, Kubernetes,
// AWS/GCP/Azure, Slack and mail, Stripe, and browsers. Rows are keyed by
// the normalised tool name (deleteRepository -> delete_repository); a row
// that only holds for one server says so in its condition. SQL and shell
// command arguments are judged as mutations of their own (rules/sql,
// the shell packs); the row for the call itself then says so.
package mcp

import (
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// Call is the action set of MCP call rows.
var Call = []model.Action{model.ActionCall}

func row(id string, tools []string, when rules.Cond, tier model.Tier, reason string) []rules.Rule {
	out := make([]rules.Rule, 0, len(tools))
	for _, t := range tools {
		rid := id
		if len(tools) > 1 {
			rid = id + "." + t
		}
		out = append(out, rules.Rule{ID: rid, Type: t, On: Call, When: when, Tier: tier, Reason: reason})
	}
	return out
}

// server holds when the server name contains one of the words.
func server(words ...string) rules.Cond {
	return rules.Func("server is "+strings.Join(words, "|"), func(f rules.Facts) rules.Result {
		s := f.M.Call.Server
		for _, w := range words {
			if strings.Contains(s, w) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "server", Value: s, Present: true}}}
			}
		}
		if s == "" {
			return rules.Result{Truth: rules.Unknown, Missing: []string{"server"}}
		}
		return rules.Result{Truth: rules.False}
	})
}

// arg holds when argument key (any of keys) satisfies test.
func arg(desc string, test func(any) bool, keys ...string) rules.Cond {
	return rules.Func(desc, func(f rules.Facts) rules.Result {
		for _, k := range keys {
			for name, v := range f.M.Call.Arguments {
				if strings.EqualFold(name, k) && test(v) {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + name, Value: v, Present: true}}}
				}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// emptyFilter holds for a document-store call given a filter that matches
// every document ({}).
func emptyFilter() rules.Cond {
	return rules.Func("an empty filter", func(f rules.Facts) rules.Result {
		for name, v := range f.M.Call.Arguments {
			if !strings.EqualFold(name, "filter") && !strings.EqualFold(name, "query") {
				continue
			}
			if m, ok := v.(map[string]any); !ok || len(m) > 0 {
				return rules.Result{Truth: rules.False}
			}
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + name, Value: "{}", Present: true}}}
		}
		return rules.Result{Truth: rules.False}
	})
}

// mentions holds for an argument whose value, written as JSON, contains
// word (a patch document that touches "finalizers").
func mentions(word string) func(any) bool {
	return func(v any) bool {
		b, err := json.Marshal(v)
		return err == nil && strings.Contains(string(b), word)
	}
}

var isTrue, isFalse = rules.IsTrue, rules.IsFalse

// oneOf holds for a string argument equal (in any case) to one of values.
func oneOf(values ...string) func(any) bool {
	return func(v any) bool {
		s, ok := v.(string)
		return ok && slices.ContainsFunc(values, func(x string) bool { return strings.EqualFold(x, s) })
	}
}
func present(v any) bool  { return v != nil && fmt.Sprint(v) != "" }
func isZero(v any) bool   { return fmt.Sprint(v) == "0" }
func anything(v any) bool { return true }

// homeDotfileArg holds when a path argument is a home dotfile, other than
// a backup copy of one (~/.zshrc.bak), as for the shell's cp and rm.
func homeDotfileArg(keys ...string) rules.Cond {
	return pathArgWhere("a dotfile in a home directory", func(p, cwd string) (string, bool) {
		return "home-dotfile", rules.HomeDotfile(p) && !rules.BackupName(p)
	}, keys...)
}

// pathArg holds when a path argument falls in one of classes (judged like
// a shell operand, from the call's working directory when it is known).
func pathArg(classes ...rules.PathClass) rules.Cond {
	return classArg(pathKeys, classes...)
}

// classArg is pathArg over the arguments keys only (destKeys: a copy only
// reads its source).
func classArg(keys []string, classes ...rules.PathClass) rules.Cond {
	return pathArgWhere("path argument", func(p, cwd string) (string, bool) {
		got := rules.ClassifyPath(model.Arg{Value: p}, &model.Command{Cwd: cwd})
		return string(got), slices.Contains(classes, got)
	}, keys...)
}

// pathKeys name the arguments of file tools that hold a path; destKeys
// those that hold where a copy goes.
var (
	pathKeys = []string{"path", "paths", "file", "file_path", "filepath", "filename", "directory", "dir", "source", "destination", "target",
		"src", "dest", "dst", "old_path", "new_path", "source_path", "destination_path", "target_path"}
	destKeys = []string{"destination", "dest", "dst", "target", "new_path", "destination_path", "target_path", "to"}
)

// pathArgWhere holds when a path argument (one of keys, pathKeys when
// none are given) satisfies test, which also says what the path is. A
// relative path is read from the call's working directory when it is
// known, and test gets that directory too.
func pathArgWhere(desc string, test func(p, cwd string) (string, bool), keys ...string) rules.Cond {
	if len(keys) == 0 {
		keys = pathKeys
	}
	return rules.Func(desc, func(f rules.Facts) rules.Result {
		for _, k := range keys {
			for name, v := range f.M.Call.Arguments {
				if !strings.EqualFold(name, k) {
					continue
				}
				var values []string
				switch x := v.(type) {
				case string:
					values = []string{x}
				case []any:
					for _, e := range x {
						values = append(values, fmt.Sprint(e))
					}
				}
				for _, p := range values {
					p = resolved(f.M.Call.Cwd, p)
					if what, ok := test(p, f.M.Call.Cwd); ok {
						return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + name, Value: p, Present: true, Description: what}}}
					}
				}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// resolved is path p read from the call's working directory when it is
// relative and the directory is known: "../.bashrc" from /home/dev/app is
// /home/dev/.bashrc, as the agent's file tool writes it.
func resolved(cwd, p string) string {
	if cwd == "" || p == "" || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || strings.HasPrefix(p, "$") || strings.Contains(p, ":") {
		return p
	}
	return path.Join(cwd, p)
}

// derived holds when the parser read an argument of the call as SQL, a
// command line or code (model.ToolCall.Parsed): those mutations carry the
// verdict. An argument that only looks like one, or that could not be
// read (an oversized command), does not count.
func derived() rules.Cond {
	return rules.Func("an argument was parsed as SQL or a command", func(f rules.Facts) rules.Result {
		if len(f.M.Call.Parsed) == 0 {
			return rules.Result{Truth: rules.False}
		}
		ev := make([]model.Evidence, len(f.M.Call.Parsed))
		for i, k := range f.M.Call.Parsed {
			ev[i] = model.Evidence{Key: "arguments." + k, Value: "(judged on its own)", Present: true}
		}
		return rules.Result{Truth: rules.True, Evidence: ev}
	})
}

// destructiveWords name what a button or dialog does when it destroys.
// ("Cancel" and "Reset" are left out: most dialogs have a Cancel button
// that does nothing, and forms a Reset.)
var destructiveWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"delete": true, "remove": true, "destroy": true, "erase": true, "wipe": true,
		"purge": true, "terminate": true, "drop": true, "deactivate": true, "revoke": true, "discard": true, "uninstall": true}
})

// requestWords name a script's ways of sending a request from the page.
var requestWords = map[string]bool{"fetch": true, "xmlhttprequest": true, "axios": true, "ajax": true, "sendbeacon": true}

// destructiveRequest holds when a script run in the page sends a request
// (fetch, XMLHttpRequest, axios ...) and names a destructive operation
// (method: 'DELETE', /api/projects/1/destroy).
func destructiveRequest() rules.Cond {
	return rules.Func("the script sends a request naming a destructive operation", func(f rules.Facts) rules.Result {
		for _, k := range []string{"function", "script", "expression", "code"} {
			for name, v := range f.M.Call.Arguments {
				src, ok := v.(string)
				if !ok || !strings.EqualFold(name, k) {
					continue
				}
				requests, verb := false, ""
				for _, w := range strings.FieldsFunc(strings.ToLower(src), func(r rune) bool { return !unicode.IsLetter(r) }) {
					requests = requests || requestWords[w]
					if destructiveWords()[w] && verb == "" {
						verb = w
					}
				}
				if requests && verb != "" {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + name, Value: verb, Present: true, Description: "a request naming " + verb}}}
				}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// destructiveTarget holds when the element a browser tool acts on, or the
// text it confirms, names a destructive action ("Delete account" button).
func destructiveTarget() rules.Cond {
	return rules.Func("the element names a destructive action", func(f rules.Facts) rules.Result {
		for _, k := range []string{"element", "selector", "text", "description", "label", "name", "promptText"} {
			for name, v := range f.M.Call.Arguments {
				s, ok := v.(string)
				if !ok || !strings.EqualFold(name, k) {
					continue
				}
				for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) }) {
					if destructiveWords()[w] {
						return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + name, Value: s, Present: true}}}
					}
				}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

var (
	readVerbs  = []string{"get", "list", "search", "read", "describe", "show", "fetch", "view", "find", "query", "lookup", "count", "check", "inspect", "download", "explain", "status", "logs", "diff", "compare", "preview", "browse", "head", "tail", "whoami", "info"}
	critical   = []rules.PathClass{rules.PathRoot, rules.PathSystem, rules.PathHome, rules.PathDevice, rules.PathCwd}
	sqlTools   = []string{"query", "execute_query", "execute_sql", "run_sql", "run_query", "read_query", "write_query", "sql", "execute_statement", "mysql_query", "postgres_query", "run_statement", "sql_query"}
	shellTools = []string{"run_command", "execute_command", "shell_exec", "run_shell_command", "exec", "bash", "shell", "run_terminal_cmd", "run_in_terminal", "execute_shell", "terminal", "run", "exec_command", "run_shell", "shell_execute", "execute_bash", "run_bash",
		// PowerShell terminals (Claude Code's PowerShell tool reads as power_shell); evaluator/mcpcall reads their
		// command lines as pwsh -Command does.
		"powershell", "power_shell", "powershell_tool", "run_powershell", "execute_powershell", "invoke_powershell", "run_powershell_command",
		"execute_powershell_command", "powershell_exec", "pwsh", "run_pwsh",
		// Desktop Commander starts its commands as processes it can talk to.
		"start_process"}
)

// firstWordRead holds when the tool's first word is a read verb and no
// word is destructive.
func firstWordRead() rules.Cond {
	return rules.Func("a read tool", func(f rules.Facts) rules.Result {
		w := f.M.Call.Words
		if len(w) == 0 || !slices.Contains(readVerbs, w[0]) {
			return rules.Result{Truth: rules.False}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "verb", Value: w[0], Present: true}}}
	})
}

// observed are the rows PREFIX.observed.SUFFIX of tools from the one
// table of observed rows (rules.ObservedDeletes, rules.ObservedWrites)
// that rm and a redirection use too: a file tool's call is observed as
// the shell command that does the same (mcpcall.FileCommand), and judged
// by the same rows.
func observed(prefix string, tools []string, verb string, table []rules.ObservedRow) []rules.Rule {
	var out []rules.Rule
	for _, r := range table {
		out = append(out, row(prefix+".observed."+r.Suffix, tools, r.When, r.Tier, verb+" "+r.Reason)...)
	}
	return out
}

func concat(tables ...[]rules.Rule) []rules.Rule {
	var out []rules.Rule
	for _, t := range tables {
		out = append(out, t...)
	}
	return out
}

// Rules returns the MCP call rows of known tools.
func Rules() []rules.Rule {
	return concat(
		agent(), databases(), codeHosts(), filesystem(), terminals(), kubernetes(), cloud(), infrastructureAsCode(), messaging(), payments(), browsers(), apis(),
	)
}

// AnyRules returns the rows read for every MCP call, whatever its tool:
// a table of their own so that an engine that builds its tables on first
// use (rules.NewLazyEngine) need not build Rules to have them.
func AnyRules() []rules.Rule {
	return concat(
		[]rules.Rule{anyToolProtectionOff(), anyToolExposes(), anyToolOpenIngress(), anyToolRetention(), anyToolHTTPDelete()},
		argumentRules(),
		catalogRules(),
		[]rules.Rule{{ID: "mcp.known-server.read", Type: rules.AnyType, On: Call, Tier: model.TierReversible,
			When:   rules.All(server("github", "gitlab", "filesystem", "kubernetes", "k8s", "slack", "gmail", "stripe", "postgres", "mysql", "sqlite", "aws", "gcp", "azure", "playwright", "puppeteer", "browser", "notion", "linear", "jira", "sentry"), firstWordRead()),
			Reason: "a read tool of a known server: it lists, gets or searches and changes nothing"}},
	)
}

// iacServers are infrastructure-as-code servers, whose tools may be named
// by the verb alone (terraform.apply, pulumi.up).
var iacServers = server("terraform", "tofu", "pulumi", "cdk", "terragrunt")

const (
	iacDestroyReason = "destroys every resource the configuration manages, with the data in them"
	iacApplyReason   = "applies a plan the call does not show: evaluate the plan first (recourse_evaluate_terraform)"
)

// infrastructureAsCode are the tools of Terraform, OpenTofu, Pulumi and
// CDK servers that apply or destroy a stack: the call shows neither the
// plan nor what the stack holds.
func infrastructureAsCode() []rules.Rule {
	applies := []string{"terraform_apply", "tofu_apply", "pulumi_up", "cdk_deploy", "apply_plan", "apply_workspace"}
	return concat(
		row("mcp.iac.destroy", []string{"terraform_destroy", "tofu_destroy", "pulumi_destroy", "cdk_destroy", "destroy_stack", "destroy_workspace"}, nil, model.TierUnrecoverable,
			iacDestroyReason),
		row("mcp.iac.server-destroy", []string{"destroy"}, iacServers, model.TierUnrecoverable, iacDestroyReason),
		// terraform apply -destroy, given as an argument.
		row("mcp.iac.apply-destroy", append([]string{"apply"}, applies...), arg("destroy is true", isTrue, "destroy", "is_destroy"), model.TierUnrecoverable,
			iacDestroyReason),
		row("mcp.iac.apply", applies, nil, model.TierNeedsReview, iacApplyReason),
		row("mcp.iac.server-apply", []string{"apply", "up", "deploy"}, iacServers, model.TierNeedsReview, iacApplyReason),
	)
}

// repoSettingsTools edit a repository's settings.
var repoSettingsTools = []string{"update_repository", "update_repo", "edit_repository", "update_project", "edit_project", "set_repository_visibility"}

// isPathspec holds for a checkout target that can only be a path: git
// refuses branch names that are "." or start with "./", "../" or "/", or
// that hold "*", "?", "[" or ":" (a list is a list of paths).
func isPathspec(v any) bool {
	if list, ok := v.([]any); ok {
		return len(list) > 0
	}
	s, ok := v.(string)
	if !ok {
		return false
	}
	s = strings.TrimSpace(s)
	return s == "." || s == ".." || s == "--" || strings.HasPrefix(s, "./") || strings.HasPrefix(s, "../") || strings.HasPrefix(s, "/") ||
		strings.ContainsAny(s, "*?[:") || strings.HasPrefix(s, "-- ")
}

func codeHosts() []rules.Rule {
	return concat(
		row("mcp.git.delete-repository", []string{"delete_repository", "delete_repo", "remove_repository"}, nil, model.TierUnrecoverable,
			"deletes the repository with its issues, pull requests, wiki and releases; GitHub restores deleted repositories only within 90 days, through support"),
		// Elsewhere a project is something else (a Vercel or Sentry
		// project, a database): only a code host's project is a repository.
		row("mcp.git.delete-project", []string{"delete_project", "remove_project"}, codeHostServers, model.TierUnrecoverable,
			"deletes the project with its repository, issues, merge requests, wiki and pipelines; GitLab keeps a deleted project for a few days at most, and only on some plans"),
		row("mcp.git.delete-release", []string{"delete_release", "delete_release_asset"}, nil, model.TierUnrecoverable, "deletes the release and its assets; nothing keeps a copy"),
		row("mcp.git.delete-issue", []string{"delete_issue", "delete_discussion", "delete_comment", "delete_issue_comment"}, nil, model.TierUnrecoverable,
			"deletes the issue or comment for good (closing it would be reversible)"),
		row("mcp.git.unprotect-branch", []string{"unprotect_branch", "delete_branch_protection", "remove_branch_protection", "delete_protected_branch"}, nil,
			model.TierNeedsReview, "removes a branch's protection: force pushes, deletions and unreviewed merges are no longer refused, and the rules must be set up again by hand"),
		row("mcp.git.branch-protection-weakened", branchProtectionTools, rules.Any(
			arg("admins exempted", isFalse, "enforce_admins", "enforceAdmins"),
			arg("force pushes or deletions allowed", isTrue, "allow_force_pushes", "allowForcePushes", "allow_deletions", "allowDeletions"),
			arg("required reviews or checks dropped", func(v any) bool { return v == nil || isZero(v) },
				"required_pull_request_reviews", "requiredPullRequestReviews", "required_status_checks", "requiredStatusChecks", "required_approving_review_count")),
			model.TierNeedsReview, "weakens a branch's protection (admins exempted, force pushes or deletions allowed, required reviews or checks dropped): what it guarded can then be overwritten or deleted"),
		row("mcp.git.branch-protection", branchProtectionTools, nil, model.TierRecoverableWithEffort,
			"changes a branch's protection rules; the previous rules are restored by hand"),
		row("mcp.git.delete-branch", []string{"delete_branch", "delete_ref", "delete_tag"}, nil, model.TierRecoverableFromBackup,
			"deletes the branch or tag; its commits survive where merged or referenced, and GitHub can restore a branch from its pull request"),
		row("mcp.git.delete-file", []string{"delete_file", "delete_files"}, server("github", "gitlab", "gitea", "bitbucket"), model.TierRecoverableFromBackup,
			"commits the file's deletion; the history keeps its content and a revert restores it"),
		// A tool the catalog spells as the git command it runs (catalog
		// Tool.Runs: the reference git server's git_reset is `git reset
		// --mixed`) is judged as that command, a mutation of its own
		// beside the call, and observed as it where the server runs.
		row("mcp.git.runs", []string{"git_add", "git_checkout", "git_commit", "git_create_branch", "git_reset"}, derived(), model.TierReversible,
			"runs the git command the server's source shows (catalog runs), judged on its own: see the other mutation of this call"),
		row("mcp.git.reset-hard", []string{"git_reset"}, arg("mode hard, merge or keep", oneOf("hard", "merge", "keep", "--hard"), "mode", "type", "reset_type"), model.TierUnrecoverable,
			"a hard reset overwrites the working tree: uncommitted changes are lost"),
		row("mcp.git.reset", []string{"git_reset"}, nil, model.TierReversible, "unstages changes; the working tree keeps them"),
		row("mcp.git.clean", []string{"git_clean"}, nil, model.TierUnrecoverable, "deletes untracked files, which no commit holds"),
		row("mcp.git.checkout-force", []string{"git_checkout", "git_switch"}, arg("force", isTrue, "force", "discard_changes"), model.TierUnrecoverable,
			"a forced checkout overwrites uncommitted changes"),
		row("mcp.git.checkout-paths", []string{"git_checkout", "git_restore"}, arg("a path, not a branch", isPathspec, "branch_name", "branch", "target", "ref", "paths", "path"), model.TierUnrecoverable,
			"checking out a path (., ./src, *.go) overwrites its uncommitted changes with the committed version: they are lost"),
		row("mcp.git.branch-force-delete", []string{"git_branch"}, rules.All(rules.Any(arg("delete", isTrue, "delete", "delete_branch"),
			arg("a delete operation", oneOf("delete", "remove"), "operation", "mode", "action")), arg("force", isTrue, "force")),
			model.TierNeedsReview, "force-deletes the branch even if unmerged (git branch -D); its commits survive only in the reflog until gc, and whether they are merged or pushed is not in the input"),
		row("mcp.git.stash-drop", []string{"git_stash"}, arg("a drop or clear", oneOf("drop", "clear"), "action", "operation", "mode", "subcommand", "command"), model.TierUnrecoverable,
			"a dropped stash is unreachable: only git fsck finds it, until the next gc"),
		row("mcp.git.stash-drop-tool", []string{"git_stash_drop", "git_stash_clear"}, nil, model.TierUnrecoverable,
			"a dropped stash is unreachable: only git fsck finds it, until the next gc"),
		row("mcp.git.checkout", []string{"git_checkout", "git_switch", "git_create_branch", "git_branch", "git_add", "git_commit", "git_init", "git_stash"}, nil, model.TierReversible,
			"switches, creates or records; git refuses to overwrite uncommitted changes, and the reflog keeps the rest"),
		row("mcp.git.force-push", []string{"push_files", "create_or_update_file", "update_file", "create_commit", "update_ref", "update_branch", "update_reference", "git_push"}, arg("force", isTrue, "force"), model.TierUnrecoverable,
			"a forced push replaces the branch's history"),
		row("mcp.git.push", []string{"git_push"}, nil, model.TierRecoverableWithEffort, "pushes commits; a revert undoes them"),
		row("mcp.git.transfer", []string{"transfer_repository", "transfer_repo"}, nil, model.TierNeedsReview,
			"hands the repository to another owner: only that owner can give it back, and whether that is intended is not in the input"),
		// A repository made public (private: false, visibility: public)
		// is judged by mcp.any.public, for a tool of any name.
		row("mcp.git.repo-settings", repoSettingsTools, nil, model.TierRecoverableWithEffort,
			"changes the repository's settings (name, description, default branch, features), which can be changed back"),
		row("mcp.git.commit-secret", []string{"push_files", "create_or_update_file", "update_file", "create_file", "create_commit", "create_gist", "update_gist"},
			rules.All(server("github", "gitlab", "gitea", "bitbucket", "gist"), commitsSecret()), model.TierNeedsReview, rules.SendsSecretReason+" (committed to a repository or gist, it is in the history of every clone)"),
		row("mcp.git.commit", []string{"push_files", "create_or_update_file", "update_file", "create_file", "create_commit", "merge_pull_request", "merge_merge_request",
			"update_pull_request_branch", "archive_repository"}, server("github", "gitlab", "gitea", "bitbucket"), model.TierRecoverableWithEffort,
			"adds commits, merges or archives the repository; a revert or an unarchive undoes it"),
		row("mcp.git.create", []string{"create_issue", "update_issue", "close_issue", "add_issue_comment", "create_pull_request", "update_pull_request",
			"create_branch", "fork_repository", "create_repository", "create_review", "add_labels", "request_reviewers", "create_merge_request"}, nil, model.TierReversible,
			"creates or edits issues, pull requests or branches; each can be edited or closed again"),
	)
}

// editTools are coding agents' own file-editing tools, as their hooks
// name them (Claude Code's Edit, MultiEdit and NotebookEdit; the text
// editor tool); Write is in the write rows.
var editTools = []string{"edit", "multi_edit", "notebook_edit", "str_replace_editor", "str_replace_based_edit_tool", "edit_block", "replace_in_file", "search_replace"}

// copyTools copy a file over its destination, reading the source;
// renameTools move it there, as move_file does.
var (
	copyTools   = []string{"copy_file", "copy"}
	renameTools = []string{"rename", "rename_file"}
)

// deleteTools delete the paths they name; observedWrites write over the
// path (or a move's or copy's destination) they name: the file tools
// whose targets are observed (mcpcall.FileCommand).
var (
	deleteTools    = []string{"delete_file", "remove_file", "delete_directory", "remove_directory", "delete_path", "rm"}
	observedWrites = slices.Concat([]string{"write_file", "create_file", "write", "move_file"}, renameTools, copyTools)
)

// chmodTools change a file's mode.
var chmodTools = []string{"chmod", "set_permissions", "change_permissions"}

func filesystem() []rules.Rule {
	changes := slices.Concat([]string{"delete_file", "remove_file", "delete_path", "rm", "write_file", "edit_file", "move_file", "create_file", "append_file", "write"},
		editTools, renameTools, chmodTools)
	writes := slices.Concat([]string{"write_file", "edit_file", "move_file", "create_file", "append_file", "write"}, editTools, renameTools)
	return concat(
		row("mcp.fs.agent-config", changes, pathArgWhere("an agent's configuration or a git hook", func(p, cwd string) (string, bool) {
			return "agent-config", rules.AgentConfig(p)
		}), model.TierNeedsReview,
			"changes a coding agent's configuration or a git hook (.claude/settings.json, .mcp.json, .vscode/settings.json, .git/hooks, .git/config): "+
				"the hooks and permissions that guard the agent, or code git runs later; whether that is intended is not in the input"),
		row("mcp.fs.delete.critical", []string{"delete_file", "remove_file", "delete_directory", "remove_directory", "delete_path", "rm"}, pathArg(critical...), model.TierUnrecoverable,
			"deletes a system or home directory, or the working directory; there is no trash"),
		// Observed facts (the gateway's stdio upstreams, where the
		// server acts on this machine) come before the rows that judge a
		// path by its name, as for rm: what is on disk decides.
		observed("mcp.fs.delete", deleteTools, "deletes", rules.ObservedDeletes()),
		row("mcp.fs.delete.temp", []string{"delete_file", "remove_file", "delete_directory", "remove_directory", "delete_path", "rm"}, pathArg(rules.PathTemp, rules.PathBuild), model.TierRecoverableWithEffort,
			"deletes temp or generated files"),
		row("mcp.fs.delete", []string{"delete_file", "remove_file", "delete_directory", "remove_directory", "delete_path", "rm"}, nil, model.TierUnrecoverable,
			"deletes files with no trash: what is not in version control or a backup is lost"),
		row("mcp.fs.write.critical", writes, pathArg(rules.PathRoot, rules.PathSystem, rules.PathDevice), model.TierUnrecoverable,
			"writes over a system file or device"),
		row("mcp.fs.copy.critical", copyTools, classArg(destKeys, rules.PathRoot, rules.PathSystem, rules.PathDevice), model.TierUnrecoverable,
			"copies over a system file or device"),
		row("mcp.fs.copy.home-dotfile", copyTools, homeDotfileArg(destKeys...), model.TierNeedsReview,
			"copies over a dotfile of a home directory (shell profile, SSH keys, cloud credentials), which no version control keeps"),
		row("mcp.fs.write.home-dotfile", append([]string{"write_file", "create_file", "move_file", "write"}, renameTools...), homeDotfileArg(), model.TierNeedsReview,
			"writes over a dotfile of a home directory (shell profile, SSH keys, cloud credentials), which no version control keeps"),
		row("mcp.fs.write.env-file", append([]string{"write_file", "create_file", "move_file", "write"}, renameTools...), pathArgWhere("an environment file", func(p, cwd string) (string, bool) {
			return "env-file", rules.EnvFile(p)
		}), model.TierNeedsReview,
			"writes over an environment file (.env, .env.production): it holds secrets and settings kept out of version control, so if one is there its contents come back only from wherever they were copied from"),
		row("mcp.fs.move.dev-null", append([]string{"move_file"}, renameTools...), classArg(destKeys, rules.PathNull), model.TierUnrecoverable,
			"moves the file onto /dev/null: its content is gone (and, run as root, /dev/null itself is replaced by a regular file)"),
		row("mcp.fs.write.tfstate", writes, pathArgWhere("a Terraform state file", func(p, cwd string) (string, bool) {
			base := path.Base(strings.ReplaceAll(p, "\\", "/"))
			return "terraform-state", strings.HasSuffix(base, ".tfstate") || strings.HasSuffix(base, ".tfstate.backup")
		}), model.TierNeedsReview,
			"rewrites Terraform state: with a local backend it is the only record of what Terraform manages, and a wrong one makes the next apply create everything again beside the real resources"),
		row("mcp.fs.write.database-file", writes, pathArgWhere("a database file", func(p, cwd string) (string, bool) {
			return "database-file", databaseFile(p)
		}), model.TierUnrecoverable,
			"writes over a database file (SQLite, Berkeley DB, Access, an InnoDB tablespace …): its tables and rows are replaced by what the call writes, an empty file included, and come back only from a backup"),
		observed("mcp.fs.write", observedWrites, "writes over", rules.ObservedWrites()),
		row("mcp.fs.write", slices.Concat([]string{"write_file", "create_file", "write"}, renameTools), nil, model.TierRecoverableFromBackup,
			"write_file (or a rename) replaces the file if it exists; its previous content survives only in version control or a backup"),
		row("mcp.fs.copy", copyTools, nil, model.TierRecoverableFromBackup,
			"a copy replaces the destination if it exists; its previous content survives only in version control or a backup"),
		row("mcp.fs.chmod.critical", chmodTools, pathArg(rules.PathRoot, rules.PathSystem, rules.PathDevice, rules.PathHome), model.TierNeedsReview,
			"changes the mode of a system file or a home directory: a wrong mode on /etc/shadow or /etc/sudoers locks out logins or sudo, and the old mode is not recorded"),
		row("mcp.fs.chmod", chmodTools, nil, model.TierRecoverableWithEffort, "changes a file's mode; the old mode must be restored by hand"),
		row("mcp.fs.edit.home-dotfile", append([]string{"edit_file", "append_file"}, editTools...), homeDotfileArg(), model.TierNeedsReview,
			"edits a dotfile of a home directory (shell profile, SSH authorized keys, cloud credentials): the next shell or login runs or trusts what it adds, and no version control keeps the old text"),
		row("mcp.fs.edit", append([]string{"edit_file", "move_file", "append_file"}, editTools...), nil, model.TierRecoverableWithEffort,
			"edits or moves a file; the edit can be reverted from the diff, the move moved back"),
		row("mcp.fs.read", []string{"read_file", "read_text_file", "read_media_file", "read_multiple_files", "list_directory", "list_directory_with_sizes",
			"directory_tree", "search_files", "get_file_info", "list_allowed_directories", "create_directory"}, nil, model.TierReversible,
			"reads or lists files, or creates a directory"),
	)
}

// k8sDeleteReason says what deleting a workload object costs.
const k8sDeleteReason = "deletes workload objects that their manifests or controllers recreate"

// k8sServers are servers that manage Kubernetes clusters.
var k8sServers = server("kube", "k8s", "openshift", "helm", "rancher", "eks", "aks", "gke")

// awsServers are servers for AWS's APIs.
var awsServers = server("aws", "amazon", "secretsmanager")

// codeHostServers are servers whose projects are repositories.
var codeHostServers = server("gitlab", "github", "bitbucket", "gitea", "forgejo", "codeberg", "azure-devops", "azuredevops", "ado")

// redisServers are Redis and the servers that speak its commands.
var redisServers = server("redis", "valkey", "upstash", "dragonfly", "keydb")

// dbPlatforms are servers whose branches and projects are databases.
var dbPlatforms = server("supabase", "neon", "planetscale", "xata", "turso", "tidb", "cockroach", "database", "postgres", "mysql")

// aggregateTools run a MongoDB aggregation pipeline.
var aggregateTools = []string{"aggregate", "mongodb_aggregate", "run_aggregation", "aggregate_documents"}

// pipelineStage holds when the pipeline argument has a stage of the name
// ($out, $merge).
func pipelineStage(stage string) rules.Cond {
	return rules.Func("a pipeline with "+stage, func(f rules.Facts) rules.Result {
		for _, key := range []string{"pipeline", "stages"} {
			stages, ok := f.M.Call.Arguments[key].([]any)
			if !ok {
				continue
			}
			for _, st := range stages {
				if m, ok := st.(map[string]any); ok && m[stage] != nil {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + key, Value: stage, Present: true}}}
				}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// mongoCommand holds when the command argument is a database command
// document whose command (its first key, any of them here) is one of names.
func mongoCommand(names ...string) rules.Cond {
	return rules.Func("a database command "+strings.Join(names, "|"), func(f rules.Facts) rules.Result {
		doc, ok := f.M.Call.Arguments["command"].(map[string]any)
		if !ok {
			return rules.Result{Truth: rules.False}
		}
		for k := range doc {
			for _, n := range names {
				if strings.EqualFold(k, n) {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments.command", Value: n, Present: true}}}
				}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// luaScriptCalls holds when the script argument of a Redis eval tool calls
// one of cmds through redis.call or redis.pcall.
func luaScriptCalls(cmds ...string) rules.Cond {
	return rules.Func("a script that calls "+strings.Join(cmds, "|"), func(f rules.Facts) rules.Result {
		for _, key := range []string{"script", "lua", "source", "code"} {
			script, ok := f.M.Call.Arguments[key].(string)
			if !ok {
				continue
			}
			for _, call := range rules.LuaRedisCalls(script) {
				if slices.ContainsFunc(cmds, func(c string) bool { return strings.EqualFold(c, call[0]) }) {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + key, Value: "redis.call('" + call[0] + "')", Present: true}}}
				}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// redisDestructive are the Redis commands that lose keys or stop the
// server, as rules/sql's redis-cli rows name them: what a raw command
// and a Lua script's redis.call are both read for.
var redisDestructive = []string{"FLUSHALL", "FLUSHDB", "DEL", "UNLINK", "GETDEL", "EXPIRE", "PEXPIRE", "EXPIREAT", "PEXPIREAT",
	"SWAPDB", "RENAME", "HDEL", "SREM", "ZREM", "ZREMRANGEBYSCORE", "ZREMRANGEBYRANK", "ZREMRANGEBYLEX", "LREM", "LTRIM", "XTRIM",
	"XDEL", "SHUTDOWN", "CONFIG", "DEBUG", "MIGRATE", "RESTORE", "REPLICAOF", "SLAVEOF", "FUNCTION", "SCRIPT"}

// redisCommandTools are the tools of Redis servers that run raw commands
// (Upstash's redis_database_run_redis_commands {"commands": [["FLUSHALL"]]}).
var redisCommandTools = []string{"redis_database_run_redis_commands", "run_redis_commands", "run_redis_command", "redis_command",
	"execute_redis_command", "run_command", "execute_command", "command", "send_command", "raw_command"}

// redisCommands holds when a command or commands argument has a Redis
// command among cmds: a command line ("DEL k"), a command as its words
// (["DEL", "k"]) or a list of either. Every string is read by its first
// word, so a key named like a command counts too: a needless review, not a
// miss. With no cmds it holds for any command given.
func redisCommands(cmds ...string) rules.Cond {
	desc := "Redis commands " + strings.Join(cmds, "|")
	if len(cmds) == 0 {
		desc = "Redis commands"
	}
	return rules.Func(desc, func(f rules.Facts) rules.Result {
		for _, key := range []string{"command", "commands", "cmd", "args"} {
			v, ok := f.M.Call.Arguments[key]
			if !ok {
				continue
			}
			if found, ok := redisCommandIn(v, cmds); ok {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + key, Value: found, Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// redisCommandIn finds, in a string or nested lists of strings, one whose
// first word is one of cmds.
func redisCommandIn(v any, cmds []string) (string, bool) {
	switch v := v.(type) {
	case string:
		first, _, _ := strings.Cut(strings.TrimSpace(v), " ")
		if first != "" && (len(cmds) == 0 || slices.ContainsFunc(cmds, func(c string) bool { return strings.EqualFold(c, first) })) {
			return strings.ToUpper(first), true
		}
	case []any:
		for _, e := range v {
			if found, ok := redisCommandIn(e, cmds); ok {
				return found, true
			}
		}
	}
	return "", false
}

func databases() []rules.Rule {
	return concat(
		row("mcp.db.branch", []string{"delete_branch", "reset_branch", "reset_from_parent", "restore_branch", "delete_project"}, dbPlatforms, model.TierUnrecoverable,
			"on a database platform a branch or project is a database: deleting or resetting it loses its data"),
		row("mcp.db.pause", []string{"pause_project", "suspend_project"}, dbPlatforms, model.TierRecoverableWithEffort,
			"pauses the project's database: an outage until it is restored (unpaused); its data is kept"),
		row("mcp.db.unpause", []string{"restore_project", "unpause_project", "resume_project"}, dbPlatforms, model.TierReversible,
			"brings a paused project back (on a database platform, restore_project unpauses it; nothing is overwritten)"),
		row("mcp.sql.statement", sqlTools, derived(), model.TierReversible,
			"runs SQL, judged statement by statement (see the sql mutations of this call)"),
		row("mcp.sql.no-statement", sqlTools, nil, model.TierNeedsReview,
			"a SQL tool called without a sql, query or statement argument that could be read: what it runs is not in the input"),
		// A tool named only "execute" runs SQL on a database server and
		// command lines on a terminal server.
		row("mcp.execute.derived", []string{"execute"}, derived(), model.TierReversible,
			"runs the SQL or command line its arguments carry, judged statement by statement (see the sql and shell mutations of this call)"),
		row("mcp.execute.nothing", []string{"execute"}, nil, model.TierNeedsReview,
			"an execute tool called without a sql, query, statement or command argument that could be read: what it runs is not in the input"),
		row("mcp.db.drop", []string{"drop_table", "drop_database", "drop_collection", "drop_index", "delete_database", "delete_table", "truncate_table",
			"delete_collection", "drop_schema", "delete_documents", "delete_many"}, nil, model.TierUnrecoverable,
			"drops or empties stored data; only a backup brings it back"),
		row("mcp.db.update-all", []string{"update_many", "updatemany", "update_documents"}, emptyFilter(), model.TierUnrecoverable,
			"changes every document of the collection (an empty filter): the old values come back only from a backup"),
		row("mcp.db.aggregate-out", aggregateTools, pipelineStage("$out"), model.TierUnrecoverable,
			"an aggregation with $out replaces the whole output collection with its result: the documents it held come back only from a backup"),
		row("mcp.db.aggregate-merge", aggregateTools, pipelineStage("$merge"), model.TierRecoverableFromBackup,
			"an aggregation with $merge writes into the target collection, replacing the documents it matches: their old versions come back only from a backup"),
		row("mcp.db.aggregate-read", aggregateTools, nil, model.TierReversible,
			"an aggregation with no $out or $merge stage only reads and returns documents"),
		row("mcp.db.run-command-drop", []string{"run_command", "runcommand", "db_command", "run_db_command", "admin_command"}, mongoCommand("drop", "dropDatabase", "delete",
			"dropIndexes", "dropUser", "dropAllUsersFromDatabase", "dropRole", "dropAllRolesFromDatabase", "renameCollection"), model.TierUnrecoverable,
			"runs a database command that drops or deletes (drop, dropDatabase, delete, dropIndexes, dropUser …): only a backup brings the data back"),
		row("mcp.db.rename-drop-target", []string{"rename_collection", "renamecollection"}, arg("dropTarget", isTrue, "dropTarget", "drop_target"), model.TierUnrecoverable,
			"renames over an existing collection with dropTarget: the target's documents are dropped"),
		row("mcp.redis.eval", []string{"eval", "redis_eval", "eval_script", "evaluate_script", "eval_lua"}, rules.All(redisServers, luaScriptCalls(redisDestructive...)),
			model.TierUnrecoverable, "runs a Lua script that flushes, deletes, expires or renames keys (redis.call('FLUSHALL') …): Redis keeps no copy"),
		row("mcp.redis.commands", redisCommandTools, rules.All(redisServers, redisCommands(redisDestructive...)),
			model.TierUnrecoverable, "runs Redis commands that flush, delete, expire or rename keys (FLUSHALL, DEL …) or reconfigure or stop the server: Redis keeps no copy"),
		row("mcp.redis.commands-other", redisCommandTools, rules.All(redisServers, redisCommands()),
			model.TierReversible, "runs Redis commands that read or write keys; none of them flushes, deletes or expires one"),
		row("mcp.db.write", []string{"insert", "insert_rows", "update_rows", "update_documents", "upsert", "insert_documents", "create_table", "alter_table"}, nil,
			model.TierRecoverableWithEffort, "writes rows or changes the schema"),
	)
}

// guardSettings are words in a setting's name that make it a guard:
// Desktop Commander's blockedCommands and allowedDirectories, a server's
// permissions, sandbox or approval mode.
var guardSettings = []string{"block", "allow", "permission", "sandbox", "approval", "trust", "deny", "readonly", "read_only"}

// guardSetting holds when a configuration tool is given a setting whose
// name makes it one of the server's own guards.
func guardSetting() rules.Cond {
	return rules.Func("a guard setting", func(f rules.Facts) rules.Result {
		for _, k := range []string{"key", "name", "setting"} {
			v, ok := f.M.Call.Arguments[k].(string)
			if !ok {
				continue
			}
			lower := strings.ToLower(v)
			for _, w := range guardSettings {
				if strings.Contains(lower, w) {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + k, Value: v, Present: true}}}
				}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

func terminals() []rules.Rule {
	return concat(
		row("mcp.config.guard", []string{"set_config_value", "set_config", "update_config", "set_setting", "update_setting"}, guardSetting(), model.TierNeedsReview,
			"changes one of the server's own guards (Desktop Commander's blockedCommands or allowedDirectories, a permission, sandbox or approval setting): what the agent may run or touch afterwards, unasked, changes with it"),
		row("mcp.shell.command", shellTools, derived(), model.TierReversible,
			"runs a shell command line, judged command by command (see the shell mutations of this call)"),
		row("mcp.shell.no-command", shellTools, nil, model.TierNeedsReview,
			"a terminal tool called without a command argument that could be read: what it runs is not in the input"),
		row("mcp.terminal.typed", typingTools, derived(), model.TierReversible,
			"types a command line into a terminal, judged command by command (see the shell mutations of this call)"),
		row("mcp.terminal.keys", typingTools, nil, model.TierRecoverableWithEffort,
			"types into a terminal something that is not a command line Recourse reads (control keys, an empty line)"),
	)
}

// typingTools type into a running terminal (the keys become a command
// line once Enter is pressed).
var typingTools = []string{"send_keys", "terminal_write", "terminal_send_keys", "tmux_send_keys", "write_to_terminal", "terminal_input", "type_in_terminal", "pty_write", "send_terminal_input"}

func kubernetes() []rules.Rule {
	return concat(
		row("mcp.k8s.generic", []string{"kubectl_generic"}, arg("command", present, "command"), model.TierReversible,
			"runs the kubectl command its arguments spell, judged as that command (see the shell mutations of this call)"),
		row("mcp.k8s.generic.no-command", []string{"kubectl_generic"}, nil, model.TierNeedsReview,
			"a generic kubectl tool called without a command: what it runs is not in the input"),
		row("mcp.k8s.spelled", kubectlSpelled, derived(), model.TierReversible,
			"deletes the object its arguments name, judged as the kubectl delete it spells (see the shell mutations of this call)"),
		row("mcp.k8s.spelled.incomplete", kubectlSpelled, nil, model.TierNeedsReview,
			"a delete tool called without the kind and name it deletes: what it deletes is not in the input"),
		row("mcp.k8s.delete-namespace", []string{"delete_namespace"}, nil, model.TierUnrecoverable,
			"deleting a namespace deletes every object in it, volume claims and secrets included"),
		row("mcp.k8s.delete-storage", []string{"delete_pvc", "delete_persistent_volume_claim", "delete_persistent_volume", "delete_pv"}, nil, model.TierUnrecoverable,
			"deletes a volume and its data under the default Delete reclaim policy"),
		row("mcp.k8s.uninstall", []string{"helm_uninstall", "uninstall_helm_chart", "uninstall_release", "helm_delete"}, nil, model.TierUnrecoverable,
			"uninstalling a release deletes every object it created"),
		row("mcp.k8s.delete-by-kind", []string{"kubectl_delete", "delete_resource", "k8s_delete"}, arg("kind namespace, pvc, pv or crd",
			func(v any) bool {
				k := strings.ToLower(fmt.Sprint(v))
				return slices.Contains([]string{"namespace", "namespaces", "ns", "pvc", "persistentvolumeclaim", "pv", "persistentvolume", "crd", "customresourcedefinition"}, k)
			}, "kind", "resourceType", "resource_type", "resource"), model.TierUnrecoverable,
			"deletes a namespace, volume or custom resource definition, with everything that depends on it"),
		row("mcp.k8s.delete-manifest-namespace", []string{"kubectl_delete", "delete_resource", "k8s_delete"}, arg("a manifest of a Namespace, volume or custom resource definition",
			manifestKind("namespace", "persistentvolumeclaim", "persistentvolume", "customresourcedefinition"), "manifest", "yaml", "content", "resource_yaml"), model.TierUnrecoverable,
			"deletes what the manifest describes, a namespace, volume or custom resource definition, with everything that depends on it"),
		row("mcp.k8s.delete-by-selector", []string{"kubectl_delete", "delete_resource", "k8s_delete"}, arg("a label selector or a manifest",
			func(v any) bool { return strings.TrimSpace(fmt.Sprint(v)) != "" }, "labelSelector", "label_selector", "selector", "manifest", "yaml", "content", "resource_yaml"),
			model.TierNeedsReview, "deletes every object a label selector matches, or what a manifest lists: how many objects, and of which kinds, is on the cluster, not in the input"),
		row("mcp.k8s.delete", []string{"kubectl_delete", "k8s_delete", "delete_pod", "delete_configmap", "delete_ingress", "delete_cronjob"}, nil, model.TierRecoverableWithEffort,
			k8sDeleteReason),
		// Other servers have services, deployments, jobs and resources
		// too (PagerDuty's services, Vercel's deployments), and theirs are
		// not recreated by a manifest: those names are read as
		// Kubernetes objects only on a Kubernetes server, and are left to
		// the classifier elsewhere.
		row("mcp.k8s.delete-on-cluster", []string{"delete_resource", "delete_deployment", "delete_service", "delete_job"}, rules.All(k8sServers,
			rules.Not(arg("a label selector or a manifest", func(v any) bool { return strings.TrimSpace(fmt.Sprint(v)) != "" }, "labelSelector", "label_selector", "selector", "manifest", "yaml", "content"))),
			model.TierRecoverableWithEffort,
			k8sDeleteReason),
		row("mcp.k8s.patch-finalizers", []string{"kubectl_patch", "patch_resource", "k8s_patch"}, arg("a patch of finalizers", mentions("finalizers"), "patchData", "patch", "patch_data", "data"),
			model.TierNeedsReview, "changes an object's finalizers: removing them lets a pending deletion finish at once, skipping the cleanup they guard, and which finalizers go and why the deletion was stuck is not in the input"),
		row("mcp.k8s.patch", []string{"kubectl_patch"}, derived(), model.TierReversible,
			"patches the object its arguments name, judged as the kubectl patch it spells (see the shell mutations of this call)"),
		row("mcp.k8s.patch.incomplete", []string{"kubectl_patch"}, nil, model.TierNeedsReview,
			"a patch tool called without the kind and name it patches: what it changes is not in the input"),
		row("mcp.k8s.node", []string{"node_management"}, derived(), model.TierReversible,
			"cordons, drains or uncordons the node its arguments name, judged as the kubectl command it spells (see the shell mutations of this call)"),
		row("mcp.k8s.node.incomplete", []string{"node_management"}, nil, model.TierNeedsReview,
			"a node tool called without the operation and node: what it does is not in the input"),
		row("mcp.k8s.scale-zero", []string{"scale_deployment", "kubectl_scale", "scale_resource", "scale"}, arg("replicas=0", isZero, "replicas"), model.TierRecoverableWithEffort,
			"scales the workload to zero: an outage until it is scaled back"),
		row("mcp.k8s.apply-prune", k8sApplyTools, arg("prune", isTrue, "prune"), model.TierNeedsReview,
			"apply with prune deletes the objects missing from the manifests, which the call does not show"),
		row("mcp.k8s.apply", k8sApplyTools, nil, model.TierRecoverableWithEffort,
			"creates or changes cluster objects from a manifest; re-applying the previous manifest reverts them"),
	)
}

// k8sApplyTools apply a manifest to a cluster.
var k8sApplyTools = []string{"kubectl_apply", "apply_manifest", "k8s_apply", "resources_create_or_update", "apply_yaml"}

// kubectlSpelled are the kubernetes-mcp-server tools that evaluator/mcpcall
// writes as the kubectl command they amount to (pods_delete {name,
// namespace} is kubectl delete pod NAME -n NS).
var kubectlSpelled = []string{"pods_delete", "resources_delete"}

// branchProtectionTools change a code host's branch protection rules.
var branchProtectionTools = []string{"update_branch_protection", "edit_branch_protection", "set_branch_protection", "update_protected_branch", "protect_branch"}

// cliTools run a cloud provider's command line (the AWS API server's
// call_aws takes {"cli_command": "aws ..."}; use_aws an API call that
// evaluator/mcpcall writes as one).
var cliTools = []string{"call_aws", "use_aws", "aws_cli", "run_aws_cli", "run_aws_command", "gcloud", "run_gcloud_command", "az_cli", "run_az_command", "run_azure_cli",
	"kubectl", "helm", "docker", "podman", "git", "gh", "terraform", "tofu", "pulumi"}

func cloud() []rules.Rule {
	return concat(
		row("mcp.cloud.cli", cliTools, derived(), model.TierReversible,
			"runs a cloud CLI command line, judged command by command (see the shell mutations of this call)"),
		row("mcp.cloud.cli.no-command", cliTools, nil, model.TierNeedsReview,
			"a cloud CLI tool called without a command line argument that could be read: what it runs is not in the input"),
		row("mcp.cloud.rds.skip-snapshot", []string{"delete_db_instance", "delete_db_cluster", "rds_delete_db_instance"},
			rules.All(arg("SkipFinalSnapshot", isTrue, "SkipFinalSnapshot", "skip_final_snapshot"), rules.Not(arg("FinalDBSnapshotIdentifier", present, "FinalDBSnapshotIdentifier", "final_db_snapshot_identifier"))),
			model.TierUnrecoverable, "deletes the database with no final snapshot; automated backups go too unless retained"),
		row("mcp.cloud.rds.snapshot", []string{"delete_db_instance", "delete_db_cluster", "rds_delete_db_instance"},
			arg("FinalDBSnapshotIdentifier", present, "FinalDBSnapshotIdentifier", "final_db_snapshot_identifier"), model.TierRecoverableFromBackup,
			"a final snapshot is taken before the delete"),
		row("mcp.cloud.rds.unknown", []string{"delete_db_instance", "delete_db_cluster", "rds_delete_db_instance"}, nil, model.TierNeedsReview,
			"deletes the database; whether a final snapshot is taken is not in the arguments"),
		// AWS Secrets Manager keeps a deleted secret for its recovery
		// window; a code host's secret is gone (its value is never shown).
		row("mcp.cloud.secret.force", []string{"delete_secret", "secretsmanager_delete_secret"}, rules.All(awsServers,
			arg("ForceDeleteWithoutRecovery", isTrue, "ForceDeleteWithoutRecovery", "force_delete_without_recovery")),
			model.TierUnrecoverable, "deletes the secret at once, with no recovery window"),
		row("mcp.cloud.secret", []string{"delete_secret", "secretsmanager_delete_secret"}, awsServers, model.TierRecoverableFromBackup,
			"the secret is kept for its recovery window and can be restored until then"),
		row("mcp.git.delete-secret", []string{"delete_secret", "delete_repo_secret", "delete_org_secret", "delete_environment_secret", "delete_variable"}, codeHostServers,
			model.TierUnrecoverable, "deletes a CI secret or variable: the code host never shows a secret's value, so it comes back only from wherever else it is kept, and workflows that use it fail until then"),
		row("mcp.cloud.bucket", []string{"s3_delete_bucket", "delete_bucket", "gcs_delete_bucket", "delete_storage_bucket"}, arg("force", isTrue, "force", "ForceDestroy", "force_destroy"),
			model.TierUnrecoverable, "force-deletes the bucket with every object and version"),
		row("mcp.cloud.bucket.empty", []string{"s3_delete_bucket", "delete_bucket", "gcs_delete_bucket", "delete_storage_bucket"}, nil, model.TierRecoverableWithEffort,
			"deletes an empty bucket (the API refuses a bucket with objects)"),
		row("mcp.cloud.objects", []string{"s3_delete_object", "s3_delete_objects", "delete_object", "delete_objects", "delete_blob"}, nil, model.TierNeedsReview,
			"deletes objects; whether the bucket keeps versions is not in the input"),
		row("mcp.cloud.terminate", []string{"terminate_instances", "ec2_terminate_instances", "delete_instance", "delete_vm", "delete_virtual_machine"}, nil, model.TierNeedsReview,
			"terminates instances with their root disks; whether data disks go too is not in the input"),
		row("mcp.cloud.data", []string{"dynamodb_delete_table", "delete_volume", "ec2_delete_volume", "delete_snapshot", "delete_disk",
			"delete_key", "schedule_key_deletion", "delete_stack", "delete_cluster", "delete_resource_group", "delete_backup_vault", "delete_file_system"}, nil,
			model.TierUnrecoverable, "deletes a data-bearing cloud resource; no argument shows a recovery path"),
	)
}

func messaging() []rules.Rule {
	return concat(
		row("mcp.msg.send", []string{"send_message", "post_message", "chat_post_message", "reply_to_thread", "send_email", "send_dm", "send_mail", "create_draft_and_send", "slack_post_message",
			"send_sms", "send_whatsapp_message", "post_tweet", "create_tweet", "send_notification", "reply_email", "forward_email"}, nil,
			model.TierRecoverableWithEffort, "sends a message: it can be deleted, but not unread"),
		row("mcp.msg.broadcast", []string{"send_campaign", "send_broadcast", "send_newsletter", "schedule_campaign", "send_bulk_email"}, nil, model.TierNeedsReview,
			"sends a campaign or broadcast to a whole list: it cannot be unsent, and who is on the list and what it says are not in the call"),
		row("mcp.msg.delete-channel", []string{"delete_channel", "delete_conversation", "admin_conversations_delete"}, nil, model.TierUnrecoverable,
			"deletes the channel and its whole history"),
		row("mcp.msg.delete", []string{"delete_message", "trash_email", "archive_channel", "remove_user_from_channel", "kick_user"}, nil,
			model.TierRecoverableFromBackup, "deletes or archives a message or membership; trash, archive or re-invite brings most of it back"),
		row("mcp.msg.purge", []string{"delete_email", "empty_trash", "permanently_delete_email", "batch_delete_emails", "purge_messages"}, nil, model.TierUnrecoverable,
			"deletes messages for good"),
	)
}

func payments() []rules.Rule {
	return concat(
		row("mcp.pay.refund", []string{"create_refund", "refund_payment", "refund_charge", "cancel_payment_intent", "create_payout", "transfer_funds"}, nil,
			model.TierUnrecoverable, "moves money: a refund or payout cannot be taken back"),
		row("mcp.pay.delete", []string{"delete_customer", "delete_subscription", "cancel_subscription", "delete_product", "delete_price", "void_invoice", "delete_invoice"}, nil,
			model.TierUnrecoverable, "deletes or cancels billing objects; a cancelled subscription or voided invoice cannot be reinstated"),
		row("mcp.pay.transfer", []string{"create_transfer", "create_payment_intent", "confirm_payment_intent", "capture_payment_intent", "create_charge"}, nil,
			model.TierRecoverableFromBackup, "moves money (a transfer to another account, a charge to a customer): it can be reversed or refunded, but only by a further payment operation"),
		row("mcp.pay.create", []string{"create_customer", "create_product", "create_price", "create_payment_link", "create_invoice", "update_customer", "create_coupon"}, nil,
			model.TierRecoverableWithEffort, "creates or edits billing objects, which can be edited or archived again"),
	)
}

// httpTools send an HTTP request the call describes; graphqlTools run a
// GraphQL document.
var (
	httpTools = []string{"http_request", "request", "fetch", "http", "api_request", "make_request", "call_api", "rest_request", "send_request", "http_call", "curl",
		"run_request", "execute_request", "api_call"}
	// methodKeys and urlKeys hold a request's method and where it goes.
	methodKeys   = []string{"method", "http_method", "verb", "httpMethod"}
	urlKeys      = []string{"url", "uri", "endpoint", "path"}
	graphqlTools = []string{"graphql", "graphql_query", "execute_graphql", "query_graphql", "run_graphql", "graphql_request"}
)

func apis() []rules.Rule {
	return concat(
		row("mcp.http.delete", httpTools, arg("method DELETE", oneOf("DELETE"), methodKeys...), model.TierNeedsReview,
			"sends an HTTP DELETE: what the service deletes, and whether it can be restored, is not in the call"),
		row("mcp.http.delete-url", httpTools, rules.All(arg("a method that writes", oneOf("POST", "PUT", "PATCH"), methodKeys...), arg("a URL naming a delete", urlNamesDelete, urlKeys...)),
			model.TierNeedsReview, "sends a request to an endpoint that names a delete (…/delete, _delete_by_query): what it deletes, and whether it can be restored, is not in the call"),
		row("mcp.http.graphql-delete", httpTools, arg("a GraphQL mutation that deletes", graphqlDeletes, "body", "data", "json", "payload", "query"), model.TierNeedsReview,
			"sends a GraphQL mutation that deletes, removes or destroys something: whether it can be restored is not in the call"),
		row("mcp.http.write", httpTools, arg("a method that writes", oneOf("POST", "PUT", "PATCH"), methodKeys...), model.TierRecoverableWithEffort,
			"sends a request that creates or changes something on the service"),
		row("mcp.graphql.delete", graphqlTools, arg("a mutation that deletes", graphqlDeletes, "query", "document", "mutation"), model.TierNeedsReview,
			"runs a GraphQL mutation that deletes, removes or destroys something: whether it can be restored is not in the call"),
		row("mcp.graphql.mutation", graphqlTools, arg("a mutation", graphqlMutation, "query", "document", "mutation"), model.TierRecoverableWithEffort,
			"runs a GraphQL mutation: it changes something on the service"),
	)
}

func urlNamesDelete(v any) bool {
	s, ok := v.(string)
	return ok && rules.URLNamesDelete(s)
}

// protectionKeys are the arguments, lower-cased without "_" and "-", that
// keep something from being lost, with the value that turns each off.
var protectionKeys = sync.OnceValue(func() map[string]func(any) bool {
	return map[string]func(any) bool{
		"deletionprotection": isFalse, "deletionprotectionenabled": isFalse, "terminationprotection": isFalse,
		"disableapitermination": isFalse, "backupretentionperiod": isZero, "backupretentionlimit": isZero,
		"snapshotretentionlimit": isZero, "backupenabled": isFalse, "backupsenabled": isFalse, "pitrenabled": isFalse,
		"pointintimerecoveryenabled": isFalse, "enablepurgeprotection": isFalse, "purgeprotectionenabled": isFalse,
		"softdeleteenabled": isFalse, "enablesoftdelete": isFalse, "versioningenabled": isFalse,
		"enabledropprotection": isFalse, "dropprotection": isFalse, "enabledeletionprotection": isFalse,
		"deleteprotectionstate": func(v any) bool {
			return strings.EqualFold(fmt.Sprint(v), "DISABLED") || strings.EqualFold(fmt.Sprint(v), "DELETE_PROTECTION_DISABLED")
		},
	}
})

// protectionOffArg finds, anywhere in a call's arguments, one that turns a
// protection off (DeletionProtection: false, BackupRetentionPeriod: 0, a
// versioning status of Suspended).
func protectionOffArg(args map[string]any, under string) (string, bool) {
	for _, k := range slices.Sorted(maps.Keys(args)) {
		v, key := args[k], rules.NormalKey(k)
		if off, ok := protectionKeys()[key]; ok && off(v) {
			return k, true
		}
		if key == "status" && strings.Contains(under, "versioning") && strings.EqualFold(fmt.Sprint(v), "Suspended") {
			return k, true
		}
		// Cloud Storage: {"versioning": {"enabled": false}}, {"softDeletePolicy": {"retentionDurationSeconds": 0}}.
		if key == "enabled" && strings.HasSuffix(under, "versioning") && isFalse(v) || key == "retentiondurationseconds" && strings.HasSuffix(under, "softdeletepolicy") && isZero(v) {
			return k, true
		}
		if m, ok := v.(map[string]any); ok {
			if name, found := protectionOffArg(m, under+key); found {
				return k + "." + name, true
			}
		}
	}
	return "", false
}

// createVerbs start the names of tools that make a new object.
var createVerbs = map[string]bool{"create": true, "new": true, "add": true, "insert": true, "launch": true, "run": true, "provision": true}

// anyToolProtectionOff is read beside the rows of any tool (Also): a call of any
// name that turns a protection against loss off needs review, as the cloud
// CLIs' --no-deletion-protection does.
func anyToolProtectionOff() rules.Rule {
	return rules.Rule{ID: "mcp.any.protection-off", Type: rules.AnyType, On: Call, Also: true, Tier: model.TierNeedsReview,
		When: rules.Func("an argument that turns a protection off", func(f rules.Facts) rules.Result {
			if w := f.M.Call.Words; len(w) > 0 && createVerbs[w[0]] {
				return rules.Result{Truth: rules.False} // a new object, created without the protection, loses nothing
			}
			if name, ok := protectionOffArg(f.M.Call.Arguments, ""); ok {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + name, Present: true}}}
			}
			return rules.Result{Truth: rules.False}
		}),
		Reason: "turns off a protection against loss (deletion protection, backups, point-in-time recovery, purge protection, soft delete, versioning): what it protected can then be lost for good, and whether that is intended is not in the call"}
}

// anyToolHTTPDelete is read for every tool call no row of its own decides:
// a tool of any name that sends a DELETE to a URL it is given.
func anyToolHTTPDelete() rules.Rule {
	return rules.Rule{ID: "mcp.any.http-delete", Type: rules.AnyType, On: Call, Tier: model.TierNeedsReview,
		When:   rules.All(arg("method DELETE", oneOf("DELETE"), methodKeys...), arg("a URL", func(v any) bool { s, ok := v.(string); return ok && s != "" }, urlKeys...)),
		Reason: "sends an HTTP DELETE: what the service deletes, and whether it can be restored, is not in the call"}
}

// graphqlMutation holds for a GraphQL document with a mutation operation.
func graphqlMutation(v any) bool {
	s, ok := graphqlDocument(v)
	return ok && strings.Contains(strings.ToLower(s), "mutation")
}

// graphqlDocument is the document of a GraphQL request: the string itself,
// or the query of a request body ({"query": "mutation {...}"}).
func graphqlDocument(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		var body struct {
			Query string `json:"query"`
		}
		if json.Unmarshal([]byte(x), &body) == nil && body.Query != "" {
			return body.Query, true
		}
		return x, true
	case map[string]any:
		s, ok := x["query"].(string)
		return s, ok
	}
	return "", false
}

// graphqlDeletes holds for a mutation whose fields name a destructive
// operation (deleteProject, removeMember, destroyEnvironment, purgeCache).
func graphqlDeletes(v any) bool {
	doc, ok := graphqlDocument(v)
	if !ok {
		return false
	}
	_, deletes := rules.GraphQLDeletion(doc)
	return deletes
}

func browsers() []rules.Rule {
	return concat(
		row("mcp.browser.read", []string{"browser_navigate", "navigate", "browser_snapshot", "browser_take_screenshot", "screenshot", "browser_console_messages",
			"browser_network_requests", "browser_tab_list", "browser_wait_for", "browser_close", "browser_resize", "puppeteer_navigate", "puppeteer_screenshot"}, nil,
			model.TierReversible, "navigates or looks at a page"),
		row("mcp.browser.destructive", []string{"browser_click", "click", "browser_press_key", "browser_handle_dialog", "puppeteer_click"}, destructiveTarget(), model.TierNeedsReview,
			"clicks or confirms something the page names as destructive (delete, remove, close account ...): what the site does then is not known"),
		row("mcp.browser.script-request", []string{"browser_evaluate", "evaluate", "puppeteer_evaluate"}, destructiveRequest(), model.TierNeedsReview,
			"runs a script in the page that sends a request naming a destructive operation, with the page's signed-in session: what the site deletes is not known"),
		row("mcp.browser.act", []string{"browser_click", "click", "browser_type", "type", "fill", "browser_fill_form", "browser_select_option", "browser_press_key",
			"browser_evaluate", "evaluate", "browser_file_upload", "browser_drag", "browser_handle_dialog", "puppeteer_click", "puppeteer_fill", "puppeteer_evaluate"}, nil,
			model.TierRecoverableWithEffort, "acts on a web page: what a click or a submitted form does on the site is not known"),
	)
}

// databaseExtensions are the file name endings of embedded and file-based
// databases.
var databaseExtensions = []string{".db", ".sqlite", ".sqlite3", ".db3", ".mdb", ".accdb", ".ibd", ".frm", ".myd", ".duckdb", ".realm", ".fdb", ".gdb", ".kdbx", ".mv.db"}

// databaseFile reports whether p names a database file.
func databaseFile(p string) bool {
	base := strings.ToLower(path.Base(strings.ReplaceAll(p, "\\", "/")))
	for _, ext := range databaseExtensions {
		if strings.HasSuffix(base, ext) {
			return true
		}
	}
	return false
}

// manifestKind holds for a manifest (YAML or JSON text) that declares one
// of kinds (compared without case).
func manifestKind(kinds ...string) func(any) bool {
	return func(v any) bool {
		text, ok := v.(string)
		if !ok {
			return false
		}
		for _, line := range strings.Split(text, "\n") {
			line = strings.TrimSpace(line)
			k, ok := strings.CutPrefix(line, "kind:")
			if !ok {
				k, ok = strings.CutPrefix(line, `"kind":`)
			}
			if !ok {
				continue
			}
			k = strings.ToLower(strings.Trim(strings.TrimSpace(k), `",`))
			if slices.Contains(kinds, k) {
				return true
			}
		}
		return false
	}
}
