package catalog

import (
	"slices"
	"strings"

	"github.com/recourse-dev/recourse/internal/lazyregexp"
)

// riskRoles map an argument's name to the role that makes it risky.
var riskRoles = []struct {
	re   *lazyregexp.Regexp
	role string
}{
	{lazyregexp.New(`(?i)^(sql|sql_?query|statement|statements|sql_?statements)$`), "sql"},
	{lazyregexp.New(`(?i)^(cypher|cypher_?query)$`), "cypher"},
	{lazyregexp.New(`(?i)^graphql(_?query)?$`), "graphql"},
	{lazyregexp.New(`(?i)^(query|q|jql|cql|promql|logql|expr|expression|esql|dsl)$`), "query"},
	{lazyregexp.New(`(?i)^(command|commands|cmd|args|argv)$`), "command"},
	{lazyregexp.New(`(?i)^(code|function|source_?code)$`), "code"},
	{lazyregexp.New(`(?i)^script$`), "script"},
	{lazyregexp.New(`(?i)^(path|paths|file_?path|filename|directory|dir|source|destination)$`), "path"},
	{lazyregexp.New(`(?i)^(url|uri|endpoint)$`), "url"},
	{lazyregexp.New(`(?i)^(method|http_?method)$`), "method"},
	{lazyregexp.New(`(?i)^(ids|\w+_ids|\w+Ids)$`), "ids"},
	{lazyregexp.New(`(?i)^(filter|where|selector|label_?selector)$`), "filter"},
	{lazyregexp.New(`(?i)^(force|confirm|cascade|purge|truncate|delete\w*)$`), "force"},
	{lazyregexp.New(`(?i)^(body|payload|request_?body)$`), "body"},
	{lazyregexp.New(`(?i)^(pipeline|stages)$`), "pipeline"},
	{lazyregexp.New(`(?i)^(manifest|yaml|resource_?yaml)$`), "manifest"},
}

// RoleOf is the risk role an argument's name says it carries (RiskArgs),
// or "": the catalog generator and recourse mcp catalog learn read
// arguments alike.
func RoleOf(arg string) string {
	for _, r := range riskRoles {
		if r.re.MatchString(arg) {
			return r.role
		}
	}
	return ""
}

var (
	readWords   = []string{"get", "list", "search", "read", "describe", "show", "fetch", "view", "find", "lookup", "count", "inspect", "info", "status", "explain", "preview", "logs", "history", "diff", "resolve", "browse", "schema", "reader", "analyze", "check", "validate"}
	execWords   = []string{"execute", "exec", "run", "eval", "evaluate", "query", "sql", "cypher"}
	deleteWords = []string{"delete", "remove", "drop", "purge", "destroy", "truncate", "flush", "wipe", "erase", "uninstall", "terminate"}
	configWords = []string{"set", "config", "configure", "deploy", "scale", "enable", "disable", "grant", "revoke", "install", "upgrade", "rollback", "restart", "apply", "permission", "settings"}
)

// ProposeDoes is a first guess at what a tool does, from its declared
// annotations, its name's words and its arguments' risk roles, for a
// person to correct from the tool's source before it enters the
func ProposeDoes(name string, a *Annotations, risk map[string]string) Does {
	ws := strings.Split(NormalTool(name), "_")
	has := func(list []string) bool {
		return slices.ContainsFunc(ws, func(w string) bool { return slices.Contains(list, w) })
	}
	for _, role := range risk {
		if (role == "sql" || role == "cypher" || role == "code" || role == "command" || role == "script") && has(execWords) {
			return Exec
		}
	}
	switch {
	case has(deleteWords):
		return Irreversible
	case a != nil && a.DestructiveHint != nil && *a.DestructiveHint && (a.ReadOnlyHint == nil || !*a.ReadOnlyHint):
		return Irreversible
	case a != nil && a.ReadOnlyHint != nil && *a.ReadOnlyHint:
		return Read
	case has(configWords):
		return ConfigChange
	case has(readWords):
		return Read
	}
	return ReversibleWrite
}
