// Package classifier judges what no rule knows: a resource type, program or
// tool with no rows of its own. It reads the name for what kind of thing it
// is and never returns a confident "safe": a destroy is needs-review, an
// in-place update at most recoverable-with-effort, and the confidence is
// LOW.
package classifier

import (
	"fmt"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// Category is what the classifier takes an unknown target to be.
type Category string

// The categories.
const (
	// DataBearing: the name suggests it holds data, keys or recovery points.
	DataBearing Category = "data-bearing"
	// Container: the name suggests it contains other resources.
	Container Category = "container"
	// Access: the name suggests identity or access control.
	Access Category = "access"
	// Other: nothing in the name says more.
	Other Category = "unclassified"
)

// Words in a type name that suggest each category. Matching is on whole
// words of the name split at '_' and '-', so "disk" does not match "diskless".
var categoryWords = []struct {
	cat   Category
	words []string
}{
	{DataBearing, []string{"database", "db", "sql", "table", "bucket", "storage", "volume", "disk", "snapshot", "backup",
		"secret", "key", "vault", "cluster", "instance", "store", "data", "dataset", "file", "filesystem", "queue",
		"topic", "stream", "repository", "repo", "registry", "index", "cache", "redis", "object", "blob", "archive", "log"}},
	{Container, []string{"project", "folder", "account", "organization", "namespace", "group", "workspace", "subscription"}},
	{Access, []string{"iam", "role", "policy", "binding", "member", "user", "permission", "grant", "token", "certificate", "identity"}},
}

// Categorize returns the category a type name suggests and the words that
// suggested it.
func Categorize(typ string) (Category, []string) {
	words := strings.FieldsFunc(strings.ToLower(typ), func(r rune) bool { return r == '_' || r == '-' || r == '.' })
	for _, c := range categoryWords {
		var hits []string
		for _, w := range words {
			for _, cw := range c.words {
				if w == cw {
					hits = append(hits, w)
				}
			}
		}
		if len(hits) > 0 {
			return c.cat, hits
		}
	}
	return Other, nil
}

// destructiveVerbs are subcommand words that announce a destructive
// operation.
var destructiveVerbs = map[string]bool{"delete": true, "del": true, "destroy": true, "drop": true, "purge": true, "wipe": true,
	"terminate": true, "remove": true, "rm": true, "rmi": true, "revoke": true, "reset": true, "truncate": true, "erase": true,
	"kill": true, "killall": true, "uninstall": true, "disable": true, "prune": true, "flush": true, "flushall": true,
	"flushdb": true, "format": true, "overwrite": true, "force": true, "clear": true, "clean": true, "nuke": true,
	"shred": true, "unset": true, "detach": true, "deregister": true, "decommission": true, "evict": true, "expire": true,
	"rollback": true, "restore": true, "replace": true, "rewrite": true, "reinstall": true, "stop": true, "down": true,
	"teardown": true, "unregister": true, "deprovision": true, "unlink": true, "rmdir": true, "scale-down": true,
	"forget": true, "unsubscribe": true, "cleanup": true, "compact": true, "rdelete": true, "deletefile": true, "deleteall": true,
	"dropdb": true, "dropuser": true, "rb": true, "rmr": true}

// readVerbs are subcommand words that announce a read: with one of them
// among the first words, a destructive-sounding noun (velero restore get)
// is not a destructive operation.
var readVerbs = map[string]bool{"get": true, "list": true, "ls": true, "describe": true, "show": true, "status": true,
	"view": true, "info": true, "inspect": true, "logs": true, "log": true, "version": true, "help": true, "print": true,
	"cat": true, "read": true, "search": true, "find": true, "query": true, "top": true, "diff": true, "plan": true,
	"explain": true, "check": true, "validate": true, "whoami": true, "history": true, "watch": true, "tail": true,
	"fetch": true, "lookup": true, "count": true, "download": true, "browse": true, "retrieve": true, "preview": true}

// destructiveFlags are flags that make an otherwise ordinary subcommand
// delete things (aws s3 sync --delete, kafka-topics --delete).
var destructiveFlags = map[string]bool{"delete": true, "remove": true, "purge": true, "prune": true, "force": true,
	"delete-before": true, "delete-during": true, "delete-after": true, "delete-excluded": true, "delete-config": true,
	"drop": true, "wipe": true, "destroy": true, "truncate": true, "unsafe-allow-remove-all": true, "recursive": true}

// Classify returns the fallback verdict for m.
func Classify(m *model.Mutation) model.Recoverability {
	if m.Call != nil {
		return classifyCall(m)
	}
	if m.Command != nil {
		return classifyCommand(m)
	}
	cat, words := Categorize(m.Target.Type)
	what := fmt.Sprintf("no rule knows %s", m.Target.Type)
	if len(words) > 0 {
		what += fmt.Sprintf(" (its name suggests %s: %s)", cat, strings.Join(words, ", "))
	}
	v := model.Recoverability{
		Source:     model.FromClassifier,
		RuleID:     "classifier." + string(m.Source) + "." + string(m.Action),
		Confidence: model.ConfidenceLow,
		Evidence:   []model.Evidence{{Key: "category", Value: string(cat), Present: true}},
	}
	switch {
	case m.Action.Destroys():
		v.Tier = model.TierNeedsReview
		v.Reasoning = what + "; whether its " + string(m.Action) + " loses data cannot be told, so it needs review"
		v.MissingEvidence = []string{"a rule or evidence for " + m.Target.Type}
	case m.Action == model.ActionUpdate || m.Action == model.ActionForget:
		v.Tier = model.TierRecoverableWithEffort
		v.Reasoning = what + "; an in-place " + string(m.Action) + " can usually be reverted by re-applying the previous values, but nothing confirms it"
	default:
		v.Tier = model.TierReversible
		v.Reasoning = what + "; a " + string(m.Action) + " touches no existing object"
	}
	return v
}

// classifyCommand judges a program no rule knows by its subcommand words:
// a destructive verb is needs-review, anything else recoverable-with-effort
// (warn), since nothing about the program was analysed.
func classifyCommand(m *model.Mutation) model.Recoverability {
	c := m.Command
	v := model.Recoverability{Source: model.FromClassifier, RuleID: "classifier.shell.unknown-program", Confidence: model.ConfidenceLow,
		Tier:      model.TierRecoverableWithEffort,
		Reasoning: "no rule knows the program " + c.Program + ", so what it does was not analysed"}
	verb, read := "", false
	for _, word := range splitWords(c.Program) {
		if destructiveVerbs[word] {
			verb = word
		}
	}
	seen := 0
	for _, a := range c.Args {
		if name, ok := strings.CutPrefix(a.Value, "--"); ok {
			name, _, _ = strings.Cut(name, "=")
			if destructiveFlags[strings.ToLower(name)] && verb == "" {
				verb = "--" + name
			}
			continue
		}
		if strings.HasPrefix(a.Value, "-") {
			continue
		}
		if seen++; seen > 4 {
			continue
		}
		read = read || (seen <= 3 && readVerbs[strings.ToLower(a.Value)])
		for _, word := range splitWords(a.Value) {
			if destructiveVerbs[word] && verb == "" {
				verb = word
			}
		}
	}
	if verb == "" || (read && !strings.HasPrefix(verb, "--")) {
		return v
	}
	v.Tier = model.TierNeedsReview
	v.RuleID = "classifier.shell.destructive-verb"
	v.Reasoning = "no rule knows the program " + c.Program + ", and its arguments name a destructive operation (" + verb + ")"
	v.Evidence = []model.Evidence{{Key: "verb", Value: verb, Present: true}}
	v.MissingEvidence = []string{"a rule for " + c.Program}
	return v
}

// splitWords splits a program name or argument into lower-case words.
func splitWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == '-' || r == '_' || r == ':' || r == '.' || r == '/' })
}

// classifyCall judges an MCP tool no rule knows by its name's words and
// the annotations its server advertised. The annotations are evidence
// from an untrusted server, so they are only read here, where no rule
// spoke: readOnlyHint with a read-only name allows, destructiveHint or a
// destructive word in the name is needs-review, anything else warns.
func classifyCall(m *model.Mutation) model.Recoverability {
	c := m.Call
	v := model.Recoverability{Source: model.FromClassifier, Confidence: model.ConfidenceLow, RuleID: "classifier.mcp.unknown-tool",
		Tier: model.TierRecoverableWithEffort, Reasoning: "no rule knows the tool " + c.Tool + ", so what it does was not analysed"}
	a := c.Annotations
	var verb string
	for _, w := range c.Words {
		if destructiveVerbs[w] {
			verb = w
			break
		}
	}
	cat, nouns := Categorize(c.Name)
	switch {
	case verb != "":
		v.Tier, v.RuleID = model.TierNeedsReview, "classifier.mcp.destructive-verb"
		v.Reasoning = "no rule knows the tool " + c.Tool + ", and its name names a destructive operation (" + verb + ")"
		if cat == DataBearing {
			v.Reasoning += " on a data-bearing resource (" + strings.Join(nouns, ", ") + ")"
		}
		v.Evidence = []model.Evidence{{Key: "verb", Value: verb, Present: true}}
		v.MissingEvidence = []string{"a rule for " + c.Name}
	case a != nil && a.DestructiveHint != nil && *a.DestructiveHint:
		v.Tier, v.RuleID = model.TierNeedsReview, "classifier.mcp.destructive-hint"
		v.Reasoning = "no rule knows the tool " + c.Tool + ", and its server marks it destructive (destructiveHint)"
		v.Evidence = []model.Evidence{{Key: "annotations.destructiveHint", Value: true, Present: true}}
		v.MissingEvidence = []string{"a rule for " + c.Name}
	case a != nil && a.ReadOnlyHint != nil && *a.ReadOnlyHint:
		v.Tier, v.RuleID = model.TierReversible, "classifier.mcp.read-only-hint"
		v.Reasoning = "no rule knows the tool " + c.Tool + "; its server marks it read-only (readOnlyHint) and its name names no destructive operation"
		v.Evidence = []model.Evidence{{Key: "annotations.readOnlyHint", Value: true, Present: true}}
	case len(c.Words) > 0 && readVerbs[c.Words[0]]:
		v.Tier, v.RuleID = model.TierReversible, "classifier.mcp.read-verb"
		v.Reasoning = "no rule knows the tool " + c.Tool + "; its name starts with a read verb (" + c.Words[0] + ") and names no destructive operation"
		v.Evidence = []model.Evidence{{Key: "verb", Value: c.Words[0], Present: true}}
	}
	return v
}
