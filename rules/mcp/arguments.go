package mcp

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/internal/lazyregexp"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// The rows below read a call's arguments whatever its tool is called, what
// its server's annotations say and what the catalog says of it: they are
// Also rows, read beside the row that decides, and the worse verdict is
// kept. A read verb, a readOnlyHint or a catalog entry can therefore
// never make an argument that deletes into an allow. Each language is
// recognised by content as well as by the argument's name.
func argumentRules() []rules.Rule {
	return []rules.Rule{
		{ID: "mcp.any.cypher-delete", Type: rules.AnyType, On: Call, Also: true, Tier: model.TierUnrecoverable, When: cypherArg(true),
			Reason: "runs Cypher that deletes nodes, relationships, properties, indexes or a database (DELETE, DETACH DELETE, REMOVE, DROP, or an APOC procedure that does): the graph keeps no undo"},
		{ID: "mcp.any.cypher-write", Type: rules.AnyType, On: Call, Also: true, Tier: model.TierRecoverableWithEffort, When: cypherArg(false),
			Reason: "runs Cypher that creates or changes nodes, relationships or properties (CREATE, MERGE, SET, LOAD CSV, an APOC procedure that writes): what it wrote must be undone by hand"},
		{ID: "mcp.any.redis-commands", Type: rules.AnyType, On: Call, Also: true, Tier: model.TierUnrecoverable, When: redisArray(),
			Reason: "an argument is a Redis command array that flushes, deletes, expires or renames keys (FLUSHALL, DEL …) or reconfigures or stops the server: Redis keeps no copy"},
		{ID: "mcp.any.mongo-drop", Type: rules.AnyType, On: Call, Also: true, Tier: model.TierUnrecoverable, When: mongoOperation("$out", "drop", "dropDatabase", "dropIndexes", "dropUser", "dropAllUsersFromDatabase", "delete"),
			Reason: "an argument is a MongoDB operation that drops, deletes or replaces a collection ($out, drop, dropDatabase, delete …): only a backup brings the documents back"},
		{ID: "mcp.any.mongo-merge", Type: rules.AnyType, On: Call, Also: true, Tier: model.TierRecoverableFromBackup, When: mongoOperation("$merge"),
			Reason: "an argument is an aggregation pipeline with $merge, which writes into its target collection and replaces the documents it matches"},
		{ID: "mcp.any.graphql-mutation", Type: rules.AnyType, On: Call, Also: true, Tier: model.TierNeedsReview, When: graphqlMutationArg(),
			Reason: "an argument is a GraphQL mutation, sent by a tool not known to run one: what it changes, and whether that can be undone, is not in the call"},
		{ID: "mcp.any.write-method", Type: rules.AnyType, On: Call, Also: true, Tier: model.TierNeedsReview, When: writeMethodArg(),
			Reason: "an argument sets an HTTP method that writes (POST, PUT, PATCH, DELETE) on a tool not known to send requests: what it changes on the service is not in the call"},
		{ID: "mcp.any.destructive-operation", Type: rules.AnyType, On: Call, Also: true, Tier: model.TierNeedsReview, When: destructiveOperationArg(),
			Reason: "an argument that picks the tool's operation names a destructive one (operation: delete, method: remove …): what it deletes, and whether that can be undone, is not in the call"},
		{ID: "mcp.any.destructive-flag", Type: rules.AnyType, On: Call, Also: true, Tier: model.TierNeedsReview, When: destructiveFlag(),
			Reason: "an argument named for a destructive operation is switched on (delete, force, truncate, purge, drop …): what it deletes or overrides, and whether that can be undone, is not in the call"},
	}
}

// destructiveFlagWords name a boolean argument that makes a call destroy
// or override ({"delete": true}, {"force": true}, {"truncate": true}).
var destructiveFlagWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"delete": true, "force": true, "truncate": true, "purge": true, "drop": true, "wipe": true,
		"destroy": true, "erase": true, "cascade": true, "permanent": true, "permanently": true, "flush": true, "prune": true, "nuke": true,
		"overwrite": true, "recreate": true}
})

// flagExceptWords make a flag with a destructive word a guard or a
// harmless one (skip_delete, prevent_destroy, force_refresh).
var flagExceptWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"skip": true, "no": true, "not": true, "prevent": true, "protect": true, "protection": true,
		"dry": true, "refresh": true, "reload": true, "fetch": true, "include": true, "show": true, "with": true, "list": true, "color": true, "colour": true}
})

// destructiveFlag holds when an argument named for a destructive
// operation (by one of its words) is true.
func destructiveFlag() rules.Cond {
	return rules.Func("a destructive flag switched on", func(f rules.Facts) rules.Result {
		for _, k := range slices.Sorted(maps.Keys(f.M.Call.Arguments)) {
			if !flagOn(f.M.Call.Arguments[k]) {
				continue
			}
			ws := wordsOf(k)
			if slices.ContainsFunc(ws, func(w string) bool { return destructiveFlagWords()[w] }) && !slices.ContainsFunc(ws, func(w string) bool { return flagExceptWords()[w] }) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + k, Value: f.M.Call.Arguments[k], Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// operationArgKeys pick which operation a tool of several performs
// (alerting_manage_rules {"operation": "delete"}, issue_write {"method":
// "remove"}); operationDeleteWords name the operations that destroy.
var (
	operationArgKeys     = []string{"operation", "op", "action", "method", "mode", "verb", "dml", "operation_type", "operationType", "action_type", "actionType", "subcommand", "sub_command"}
	operationDeleteWords = sync.OnceValue(func() map[string]bool {
		return map[string]bool{"delete": true, "remove": true, "drop": true, "destroy": true, "purge": true, "truncate": true, "wipe": true,
			"erase": true, "flush": true, "terminate": true, "uninstall": true, "del": true, "rm": true, "deletemany": true}
	})
)

// destructiveOperationArg holds when an operation argument names a
// destructive operation.
func destructiveOperationArg() rules.Cond {
	return rules.Func("a destructive operation", func(f rules.Facts) rules.Result {
		for _, k := range operationArgKeys {
			for name, v := range f.M.Call.Arguments {
				s, ok := v.(string)
				if !ok || len(s) > 40 || !strings.EqualFold(name, k) {
					continue
				}
				if slices.ContainsFunc(wordsOf(s), func(w string) bool { return operationDeleteWords()[w] }) {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + name, Value: s, Present: true}}}
				}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// flagOn reports whether v switches a flag on: true, or "true"/"yes".
func flagOn(v any) bool {
	switch x := v.(type) {
	case bool:
		return x
	case string:
		s := strings.ToLower(strings.TrimSpace(x))
		return s == "true" || s == "yes"
	}
	return false
}

// wordsOf splits an argument's name into lower-case words.
func wordsOf(name string) []string {
	var out []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = append(out, strings.ToLower(b.String()))
			b.Reset()
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		switch {
		case !isAlnum(r):
			flush()
			continue
		case i > 0 && r >= 'A' && r <= 'Z' && (rs[i-1] >= 'a' && rs[i-1] <= 'z'):
			flush()
		}
		b.WriteRune(r)
	}
	flush()
	return out
}

func isAlnum(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}

// writeMethods are the HTTP methods that change something.
var writeMethods = []string{"POST", "PUT", "PATCH", "DELETE"}

// writeMethodArg holds when a tool that is not one of the HTTP tools
// (which have rows of their own) is given a method that writes.
func writeMethodArg() rules.Cond {
	return rules.Func("an HTTP method that writes", func(f rules.Facts) rules.Result {
		if slices.Contains(httpTools, f.M.Call.Name) {
			return rules.Result{Truth: rules.False}
		}
		for _, k := range methodKeys {
			for name, v := range f.M.Call.Arguments {
				if s, ok := v.(string); ok && strings.EqualFold(name, k) && slices.ContainsFunc(writeMethods, func(m string) bool { return strings.EqualFold(m, strings.TrimSpace(s)) }) {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + name, Value: strings.ToUpper(s), Present: true}}}
				}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// graphqlMutationArg holds when a tool other than the GraphQL and HTTP
// tools (rows of their own) is given a GraphQL document whose operation is
// a mutation.
func graphqlMutationArg() rules.Cond {
	return rules.Func("a GraphQL mutation", func(f rules.Facts) rules.Result {
		if slices.Contains(graphqlTools, f.M.Call.Name) || slices.Contains(httpTools, f.M.Call.Name) || searchesText(f.M.Call) {
			return rules.Result{Truth: rules.False}
		}
		for _, k := range slices.Sorted(maps.Keys(f.M.Call.Arguments)) {
			doc, ok := graphqlDocument(f.M.Call.Arguments[k])
			if ok && IsGraphQLMutation(doc) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + k, Value: "mutation", Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// IsGraphQLMutation reports whether doc, a GraphQL document, holds a
// mutation operation: "mutation" as the first word of a definition
// (comments skipped), as an operation is written.
func IsGraphQLMutation(doc string) bool {
	return graphqlMutationRE.MatchString(stripGraphQLComments(doc))
}

var graphqlMutationRE = lazyregexp.New(`(?:^|[}\s])mutation\s*(?:[A-Za-z_]\w*\s*)?[({]`)

func stripGraphQLComments(doc string) string {
	var b strings.Builder
	for line := range strings.Lines(doc) {
		if i := strings.Index(line, "#"); i >= 0 {
			line = line[:i] + "\n"
		}
		b.WriteString(line)
	}
	return b.String()
}

// Cypher: a clause keyword with a node pattern, an APOC call, or DETACH
// DELETE tells Cypher from SQL and from prose.
var (
	cypherClauseRE  = lazyregexp.New(`(?i)\b(MATCH|MERGE|CREATE|UNWIND|OPTIONAL\s+MATCH|CALL|LOAD\s+CSV)\b`)
	cypherPatternRE = lazyregexp.New(`\(\s*[A-Za-z_]?\w*\s*(:\s*[A-Za-z_` + "`" + `][\w` + "`" + `]*)?\s*(\{[^}]*\})?\s*\)\s*(-|<-|$|\s+(RETURN|WHERE|SET|DELETE|DETACH|REMOVE|WITH)\b)`)
	cypherDetachRE  = lazyregexp.New(`(?i)\bDETACH\s+DELETE\b`)
	cypherAPOCRE    = lazyregexp.New(`(?i)\bapoc\.[a-z]+(\.[a-z]+)*\s*\(`)
	// cypherDeleteRE: clauses and procedures that delete.
	cypherDeleteRE = lazyregexp.New(`(?i)\bDETACH\s+DELETE\b|\bDELETE\s+[A-Za-z_(]|\bREMOVE\s+[A-Za-z_]\w*[.:]|\bDROP\s+(INDEX|CONSTRAINT|DATABASE|ALIAS|USER|ROLE|GRAPH|COMPOSITE)\b|` +
		`\bapoc\.(nodes\.delete|periodic\.truncate|refactor\.(delete|merge|collapse)|schema\.assert|trigger\.(drop|remove)|cypher\.run(Write|Many|Schema)?|periodic\.(iterate|commit|submit)|do\.(when|case)|export\.[a-z]+\.(all|query))\b.*\bDELETE\b|` +
		`\bapoc\.(nodes\.delete|periodic\.truncate|schema\.assert|trigger\.(drop|remove|dropAll|removeAll))\b`)
	// cypherWriteRE: clauses and procedures that write.
	cypherWriteRE = lazyregexp.New(`(?i)\b(CREATE|MERGE|SET|LOAD\s+CSV|FOREACH)\b|\bapoc\.(create|merge|refactor|periodic|load|import|trigger|atomic|lock|cypher\.run(Write|Many|Schema))`)
)

// looksLikeCypher reports whether s is Cypher.
func looksLikeCypher(s string) bool {
	if cypherAPOCRE.MatchString(s) || cypherDetachRE.MatchString(s) {
		return true
	}
	return cypherClauseRE.MatchString(s) && cypherPatternRE.MatchString(s)
}

// cypherArg holds when a string argument is Cypher that deletes (deletes
// true) or that writes without deleting (deletes false).
func cypherArg(deletes bool) rules.Cond {
	desc := "Cypher that writes"
	if deletes {
		desc = "Cypher that deletes"
	}
	return rules.Func(desc, func(f rules.Facts) rules.Result {
		if searchesText(f.M.Call) {
			return rules.Result{Truth: rules.False}
		}
		for _, k := range slices.Sorted(maps.Keys(f.M.Call.Arguments)) {
			s, ok := f.M.Call.Arguments[k].(string)
			if !ok || !looksLikeCypher(s) {
				continue
			}
			del := cypherDeleteRE.FindString(s)
			if deletes && del != "" {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + k, Value: strings.TrimSpace(del), Present: true, Description: "Cypher"}}}
			}
			if w := cypherWriteRE.FindString(s); !deletes && del == "" && w != "" {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + k, Value: strings.TrimSpace(w), Present: true, Description: "Cypher"}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// redisCommandArgKeys are the arguments whose arrays are read as Redis
// commands in any case; under another name an array is one only when it
// starts with a command written in upper case, as Redis clients write them.
var redisCommandArgKeys = []string{"command", "commands", "cmd", "args", "argv", "pipeline"}

// redisArray holds when an argument is a Redis command as an array of its
// words (["DEL", "k"]) or a list of them, naming a destructive command.
func redisArray() rules.Cond {
	return rules.Func("a Redis command array", func(f rules.Facts) rules.Result {
		for _, k := range slices.Sorted(maps.Keys(f.M.Call.Arguments)) {
			list, ok := f.M.Call.Arguments[k].([]any)
			if !ok || len(list) == 0 {
				continue
			}
			anyCase := slices.ContainsFunc(redisCommandArgKeys, func(x string) bool { return strings.EqualFold(x, k) })
			if cmd, ok := redisArrayCommand(list, anyCase); ok {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + k, Value: cmd, Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// redisArrayCommand finds a destructive command at the head of list or of
// one of its nested lists.
func redisArrayCommand(list []any, anyCase bool) (string, bool) {
	if s, ok := list[0].(string); ok {
		first, _, _ := strings.Cut(strings.TrimSpace(s), " ")
		if (anyCase || first == strings.ToUpper(first)) && slices.ContainsFunc(redisDestructive, func(c string) bool { return strings.EqualFold(c, first) }) {
			return strings.ToUpper(first), true
		}
	}
	for _, e := range list {
		if inner, ok := e.([]any); ok && len(inner) > 0 {
			if cmd, ok := redisArrayCommand(inner, anyCase); ok {
				return cmd, true
			}
		}
	}
	return "", false
}

// mongoOperation holds when an argument is an aggregation pipeline with
// one of the stages named (a name starting with $), or a database command
// document whose command is one of the others ({"drop": "users"}).
func mongoOperation(names ...string) rules.Cond {
	return rules.Func("a MongoDB operation "+strings.Join(names, "|"), func(f rules.Facts) rules.Result {
		for _, k := range slices.Sorted(maps.Keys(f.M.Call.Arguments)) {
			if name, ok := mongoOperationIn(f.M.Call.Arguments[k], k, names); ok {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + k, Value: name, Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

func mongoOperationIn(v any, key string, names []string) (string, bool) {
	switch x := v.(type) {
	case []any: // a pipeline: its stages
		for _, st := range x {
			if m, ok := st.(map[string]any); ok {
				for _, n := range names {
					if strings.HasPrefix(n, "$") && m[n] != nil {
						return n, true
					}
				}
			}
		}
	case map[string]any: // a command document: {"drop": "users"}; under "command" any, elsewhere one with a collection name
		for _, n := range names {
			if strings.HasPrefix(n, "$") {
				continue
			}
			for ck, cv := range x {
				if !strings.EqualFold(ck, n) {
					continue
				}
				if _, named := cv.(string); named || strings.EqualFold(key, "command") {
					return n, true
				}
			}
		}
	}
	return "", false
}

// judgedArgument holds when an argument is a language the rows above
// read (Cypher, a GraphQL document, a Redis command array, a MongoDB
// pipeline or command): what a query tool runs is then judged by them.
func judgedArgument() rules.Cond {
	return rules.Func("an argument read as Cypher, GraphQL, Redis or MongoDB", func(f rules.Facts) rules.Result {
		for _, k := range slices.Sorted(maps.Keys(f.M.Call.Arguments)) {
			v := f.M.Call.Arguments[k]
			what := ""
			switch x := v.(type) {
			case string:
				if looksLikeCypher(x) {
					what = "Cypher"
				} else if doc, ok := graphqlDocument(x); ok && graphqlOperationRE.MatchString(stripGraphQLComments(doc)) {
					what = "GraphQL"
				}
			case []any:
				if len(x) > 0 {
					if _, ok := x[0].(map[string]any); ok {
						what = "a pipeline"
					} else if _, ok := redisCommandIn(x, nil); ok && strings.Contains(strings.ToLower(k), "command") {
						what = "Redis commands"
					}
				}
			case map[string]any:
				if strings.EqualFold(k, "command") && len(x) > 0 {
					what = "a database command"
				}
			}
			if what != "" {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + k, Value: fmt.Sprintf("(read as %s)", what), Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

var graphqlOperationRE = lazyregexp.New(`^\s*(query|mutation|subscription|fragment)?\s*[A-Za-z_]?\w*\s*(\([^)]*\))?\s*\{`)

// graphWords name graph databases, whose search tools run Cypher.
var graphWords = []string{"neo4j", "memgraph", "neptune", "falkordb", "cypher", "graph", "age", "kuzu"}

// searchesText reports whether a tool searches text (search_code,
// search_issues) on a server that is not a graph database: a query that
// reads like Cypher or GraphQL there is what is searched for, not run.
func searchesText(c *model.ToolCall) bool {
	if !slices.Contains(c.Words, "search") {
		return false
	}
	for _, w := range append(wordsOf(c.Server), c.Words...) {
		if slices.Contains(graphWords, w) {
			return false
		}
	}
	return true
}
