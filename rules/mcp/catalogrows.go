package mcp

import (
	"slices"
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
	"github.com/recourse-dev/recourse/rules/mcp/catalog"
)

// catalogRow is the tier, rule id and reasoning the catalog rows give
// the tools of one kind.
type catalogRow struct {
	does   catalog.Does
	id     string
	tier   model.Tier
	when   rules.Cond // besides the kind, nil for none
	reason string
}

// catalogTable is the table that reads the MCP server catalog: one row per
// kind of tool. The catalog says what a real server's tool does, read
// from the server's source; the tier is said here. Rows of a tool's own
// name (rules above) are read first, and the arguments are judged
// whatever the catalog says (the Also rows, and the SQL, command and code
// mutations of evaluator/mcpcall).
var catalogTable = []catalogRow{
	// Needs review rather than unrecoverable: the catalog says what the
	// tool does, not what the item it deletes holds.
	{catalog.Irreversible, "mcp.catalog.irreversible", model.TierNeedsReview, nil,
		"the server's own source shows that this tool deletes for good or many items at once, and the service keeps no copy: a person must confirm what goes"},
	{catalog.Exec, "mcp.catalog.exec", model.TierReversible, rules.All(rules.Any(derived(), judgedArgument()), rules.Not(remoteExec())),
		"runs the query, code or command its arguments carry, judged on its own (see the other mutations of this call)"},
	{catalog.Exec, "mcp.catalog.exec.unread", model.TierNeedsReview, nil,
		"runs a query, code or command that none of its arguments could be read as, or runs it on another machine (a pod, a container, a host over SSH) whose files and state are not the ones Recourse sees: what it does there is not in the input"},
	{catalog.KeyedDelete, "mcp.catalog.keyed-delete", model.TierRecoverableFromBackup, nil,
		"deletes one item by its key, and the service keeps it in a trash, a history or a soft delete from which it can be restored"},
	{catalog.ConfigChange, "mcp.catalog.config-change", model.TierRecoverableWithEffort, nil,
		"changes settings, access, scale or a deployment; the previous state must be set again by hand"},
	{catalog.ReversibleWrite, "mcp.catalog.write", model.TierReversible, nil,
		"creates or edits something that another call can edit, close or delete again"},
	{catalog.Read, "mcp.catalog.read", model.TierReversible, nil,
		"only reads: it lists, gets, searches or inspects and changes nothing"},
}

// catalogRules are the rows of catalogTable.
func catalogRules() []rules.Rule {
	out := make([]rules.Rule, 0, len(catalogTable))
	for _, r := range catalogTable {
		when := catalogSays(r.does)
		if r.when != nil {
			when = rules.All(when, r.when)
		}
		out = append(out, rules.Rule{ID: r.id, Type: rules.AnyType, On: Call, When: when, Tier: r.tier, Reason: r.reason})
	}
	return out
}

// catalogSays holds when the call's server and tool resolve to a catalog
// entry of the kind does. When they resolve to several (two servers of
// one name with the same tool), the most cautious kind is the entry's. A
// catalog that cannot be read leaves every kind unknown: the rows of
// caution then make the call need review.
func catalogSays(does catalog.Does) rules.Cond {
	return rules.Func("the MCP server catalog says the tool is "+string(does), func(f rules.Facts) rules.Result {
		c, err := catalog.Load()
		if err != nil {
			return rules.Result{Truth: rules.Unknown, Missing: []string{"the MCP server catalog: " + err.Error()}}
		}
		matches := c.Lookup(f.M.Call.Server, f.M.Call.Tool)
		if len(matches) == 0 {
			return rules.Result{Truth: rules.False}
		}
		m := mostCautious(matches)
		if m.Tool.Does != does {
			return rules.Result{Truth: rules.False}
		}
		src := m.Server.Source
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "catalog", Value: m.Server.ID + "/" + m.Tool.Name, Present: true,
			Description: "read from " + src.Repo + "@" + src.Commit + ":" + strings.Join(src.Paths, ",") + " on " + src.Read}}}
	})
}

// mostCautious is the match whose kind comes last in catalog.Kinds.
func mostCautious(ms []catalog.Match) catalog.Match {
	best := ms[0]
	for _, m := range ms[1:] {
		if slices.Index(catalog.Kinds, m.Tool.Does) > slices.Index(catalog.Kinds, best.Tool.Does) {
			best = m
		}
	}
	return best
}

// remoteWords name where a tool runs its command when that is not this
// machine: a command line judged here (paths, observed files) would be
// judged against the wrong files.
var remoteWords = []string{"pod", "pods", "container", "containers", "ssh", "remote", "vm", "node", "nodes", "host", "instance"}

// remoteExec holds when a tool's name says it runs its command elsewhere
// (exec_in_pod, pods_exec, ssh_exec).
func remoteExec() rules.Cond {
	return rules.Func("runs on another machine", func(f rules.Facts) rules.Result {
		for _, w := range f.M.Call.Words {
			if slices.Contains(remoteWords, w) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "tool", Value: f.M.Call.Tool, Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}
