// Package classifier judges what no rule knows: a resource type, program or
// tool with no rows of its own. It reads the name for what kind of thing it
// is (category.go) and never returns a confident "safe". For a Terraform
// type, a destroy takes its category's prior (resource.go): a data-bearing
// or container type read from the name's head is unrecoverable at MEDIUM
// confidence, network or configuration recoverable-with-effort at MEDIUM,
// and anything less certain needs-review at LOW. An in-place update is at
// most recoverable-with-effort at LOW confidence.
package classifier

import (
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/model"
)

// destructiveVerbs are subcommand words that announce a destructive
// operation.
var destructiveVerbs = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"delete": true, "del": true, "destroy": true, "drop": true, "purge": true, "wipe": true,
		"terminate": true, "remove": true, "rm": true, "rmi": true, "revoke": true, "reset": true, "truncate": true, "erase": true,
		"kill": true, "killall": true, "uninstall": true, "disable": true, "prune": true, "flush": true, "flushall": true,
		"flushdb": true, "format": true, "overwrite": true, "force": true, "clear": true, "clean": true, "nuke": true,
		"shred": true, "unset": true, "detach": true, "deregister": true, "decommission": true, "evict": true, "expire": true,
		"rollback": true, "restore": true, "replace": true, "rewrite": true, "reinstall": true, "stop": true, "down": true,
		"teardown": true, "unregister": true, "deprovision": true, "unlink": true, "rmdir": true, "scale-down": true,
		"forget": true, "unsubscribe": true, "cleanup": true, "compact": true, "rdelete": true, "deletefile": true, "deleteall": true,
		"dropdb": true, "dropuser": true, "rb": true, "rmr": true,
		// Redis commands that delete keys or members, as tool or subcommand names.
		"hdel": true, "srem": true, "zrem": true, "lrem": true, "xdel": true, "xtrim": true, "ltrim": true, "getdel": true,
		"zremrangebyscore": true, "zremrangebyrank": true, "zremrangebylex": true}
})

// compoundVerbs and compoundNouns make the one-word commands some CLIs
// have (cbt deletetable, deleteinstance; dropdatabase; removeall): a
// word that is one of the verbs followed by one of the nouns names a
// destructive operation. Both lists are closed, so that droplet, dropdown
// or removable are not read as one.
var (
	compoundVerbs = []string{"delete", "drop", "destroy", "purge", "remove", "wipe", "truncate", "erase", "clear", "flush"}
	compoundNouns = sync.OnceValue(func() map[string]bool {
		return map[string]bool{"all": true, "table": true, "tables": true, "db": true, "database": true, "databases": true,
			"instance": true, "instances": true, "cluster": true, "clusters": true, "bucket": true, "buckets": true, "user": true,
			"users": true, "index": true, "indexes": true, "indices": true, "collection": true, "collections": true, "family": true,
			"row": true, "rows": true, "allrows": true, "column": true, "columns": true, "key": true, "keys": true, "file": true,
			"files": true, "dir": true, "directory": true, "snapshot": true, "snapshots": true, "volume": true, "volumes": true,
			"stack": true, "schema": true, "namespace": true, "topic": true, "topics": true, "queue": true, "queues": true,
			"vhost": true, "project": true, "repo": true, "repository": true, "account": true, "app": true, "branch": true,
			"record": true, "records": true, "item": true, "items": true, "object": true, "objects": true, "version": true,
			"versions": true, "secret": true, "secrets": true, "domain": true, "zone": true, "backup": true, "backups": true,
			"image": true, "images": true, "container": true, "containers": true, "node": true, "nodes": true, "vm": true,
			"keyspace": true, "graph": true, "data": true, "everything": true}
	})
)

// compoundVerb returns the destructive verb a one-word command starts
// with, if the rest of it is one of compoundNouns.
func compoundVerb(word string) (string, bool) {
	for _, v := range compoundVerbs {
		if rest, ok := strings.CutPrefix(word, v); ok && compoundNouns()[rest] {
			return v, true
		}
	}
	return "", false
}

// leadingDestructive are words that name a destructive operation only as
// the first word of a tool name (emptyBucket, but not create_empty_file).
var leadingDestructive = map[string]bool{"empty": true, "zero": true, "blank": true, "clobber": true}

// readVerbs are subcommand words that announce a read: with one of them
// among the first words, a destructive-sounding noun (velero restore get)
// is not a destructive operation.
var readVerbs = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"get": true, "list": true, "ls": true, "describe": true, "show": true, "status": true,
		"view": true, "info": true, "inspect": true, "logs": true, "log": true, "version": true, "help": true, "print": true,
		"cat": true, "read": true, "search": true, "find": true, "query": true, "top": true, "diff": true, "plan": true,
		"explain": true, "check": true, "validate": true, "whoami": true, "history": true, "watch": true, "tail": true,
		"fetch": true, "lookup": true, "count": true, "download": true, "browse": true, "retrieve": true, "preview": true}
})

// destructiveFlags are flags that make an otherwise ordinary subcommand
// delete things (aws s3 sync --delete, kafka-topics --delete).
var destructiveFlags = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"delete": true, "remove": true, "purge": true, "prune": true, "force": true,
		"delete-before": true, "delete-during": true, "delete-after": true, "delete-excluded": true, "delete-config": true,
		"drop": true, "wipe": true, "destroy": true, "truncate": true, "unsafe-allow-remove-all": true, "recursive": true}
})

// flagVerbs are the words that make a compound flag destructive
// (virsh undefine --remove-all-storage, --delete-data, --purge-volumes).
var flagVerbs = map[string]bool{"delete": true, "remove": true, "purge": true, "wipe": true, "destroy": true, "drop": true,
	"erase": true, "shred": true, "zap": true}

// destructiveFlag reports whether a long flag (without its dashes) makes
// the command delete things: a known destructive flag, or a compound one
// led by a destructive word (not a negation such as --no-delete).
func destructiveFlag(name string) bool {
	name = strings.ToLower(name)
	if destructiveFlags()[name] {
		return true
	}
	words := splitWords(name)
	if len(words) < 2 || words[0] == "no" {
		return false
	}
	for _, w := range words {
		if flagVerbs[w] {
			return true
		}
	}
	return false
}

// Classify returns the fallback verdict for m.
func Classify(m *model.Mutation) model.Recoverability {
	if m.Call != nil {
		return classifyCall(m)
	}
	if m.Command != nil {
		return classifyCommand(m)
	}
	return classifyResource(m)
}

// classifyCommand judges a program no rule knows by its subcommand words:
// a destructive verb is needs-review, anything else recoverable-with-effort
// (warn), since nothing about the program was analysed.
func classifyCommand(m *model.Mutation) model.Recoverability {
	c := m.Command
	v := model.Recoverability{Source: model.FromClassifier, RuleID: "classifier.shell.unknown-program", Confidence: model.ConfidenceLow,
		Tier:      model.TierRecoverableWithEffort,
		Reasoning: "no rule covers " + subject(c) + ", so what it does was not analysed"}
	verb, read := "", false
	for _, word := range splitWords(c.Program) {
		if destructiveVerbs()[word] {
			verb = word
		}
	}
	seen := 0
	for _, a := range c.Args {
		if name, ok := singleDashWord(a.Value); ok || strings.HasPrefix(a.Value, "--") {
			if !ok {
				name = a.Value[2:]
			}
			name, _, _ = strings.Cut(name, "=")
			if verb == "" && destructiveFlag(kebab(name)) {
				verb = a.Value
				if i := strings.IndexByte(verb, '='); i > 0 {
					verb = verb[:i]
				}
			}
			continue
		}
		if strings.HasPrefix(a.Value, "-") {
			continue
		}
		if seen++; seen > 4 {
			continue
		}
		read = read || (seen <= 3 && readVerbs()[strings.ToLower(a.Value)])
		for _, word := range splitWords(a.Value) {
			if _, compound := compoundVerb(word); (destructiveVerbs()[word] || compound) && verb == "" {
				verb = word
			}
		}
	}
	if verb == "" || (read && !strings.HasPrefix(verb, "--")) {
		return v
	}
	v.Tier = model.TierNeedsReview
	v.RuleID = "classifier.shell.destructive-verb"
	v.Reasoning = "no rule covers " + subject(c) + ", and its arguments name a destructive operation (" + verb + ")"
	v.Evidence = []model.Evidence{{Key: "verb", Value: verb, Present: true}}
	v.MissingEvidence = []string{"a rule for " + c.Program}
	return v
}

// subject names what no rule covers: the program and up to two words
// before its first flag that read as its subcommand (heroku run, glab repo
// delete), since a program may have rows for other subcommands.
func subject(c *model.Command) string {
	words := []string{c.Program}
	for _, a := range c.Args {
		if strings.HasPrefix(a.Value, "-") {
			break // a word after a flag may be the flag's value (-i prod, --method DELETE)
		}
		if a.Dynamic || len(a.Value) > 32 || strings.ContainsAny(a.Value, "/ .=@'\"$*") || len(words) == 3 {
			break
		}
		words = append(words, a.Value)
	}
	if len(words) == 1 {
		return "the program " + c.Program
	}
	return "`" + strings.Join(words, " ") + "`"
}

// splitWords splits a program name or argument into lower-case words,
// camelCase ones too (deleteUser).
func splitWords(s string) []string {
	return strings.FieldsFunc(kebab(s), func(r rune) bool { return r == '-' || r == '_' || r == ':' || r == '.' || r == '/' })
}

// kebab lower-cases s with a dash where a lower-case letter meets an
// upper-case one: deleteUser is delete-user (macOS's sysadminctl
// -deleteUser, dscl -delete).
func kebab(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 4)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			if i > 0 && 'a' <= s[i-1] && s[i-1] <= 'z' {
				b.WriteByte('-')
			}
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// singleDashWord returns the word of a single-dash long option (-delete,
// -deleteUser, -force), which some programs (find, macOS tools, Java
// tools) take; a short cluster such as -rf or -xzvf is not one.
func singleDashWord(arg string) (string, bool) {
	name, ok := strings.CutPrefix(arg, "-")
	if !ok || len(name) < 4 || strings.HasPrefix(name, "-") {
		return "", false
	}
	return name, true
}

// ReadOnlyKey is the evidence an agent can supply for an MCP tool no rule
// knows: true when it verified that the tool only reads (its server's
// documentation, its source). It moves the verdict to warn, never to
// allow: the caller's word is not the input's.
const ReadOnlyKey = "read_only"

// classifyCall judges an MCP tool no rule knows by its name's words and
// the annotations its server advertised. What cannot be classified is
// needs-review (escalate), as the agent contract asks: "return
// riskAssessment: escalate when the action can be parsed but not
// classified". The annotations are the judged server's own word, so they
// may only raise caution: destructiveHint (on a tool not marked read-only)
// or a destructive word in the name is needs-review; a plain read (get_, list_, read_, search_,
// describe_ … with no word that changes state) allows; readOnlyHint lowers
// nothing.
func classifyCall(m *model.Mutation) model.Recoverability {
	c := m.Call
	v := model.Recoverability{Source: model.FromClassifier, Confidence: model.ConfidenceLow, RuleID: "classifier.mcp.unknown-tool",
		Tier: model.TierNeedsReview, Reasoning: "no rule knows the tool " + c.Tool + onServer(c) + ", so what it does was not analysed: a human must say, or supply " + ReadOnlyKey + " evidence after checking that it only reads",
		MissingEvidence: []string{ReadOnlyKey}}
	a := c.Annotations
	var verb string
	for _, w := range c.Words {
		if destructiveVerbs()[w] {
			verb = w
			break
		}
	}
	if verb == "" && len(c.Words) > 1 && leadingDestructive[c.Words[0]] {
		verb = c.Words[0] // emptyBucket: "empty" is a verb only in front
	}
	cat, noun, _ := Categorize(c.Name)
	opKey, operation := destructiveOperation(c.Arguments)
	switch {
	case verb != "":
		v.Tier, v.RuleID = model.TierNeedsReview, "classifier.mcp.destructive-verb"
		v.Reasoning = "no rule knows the tool " + c.Tool + ", and its name names a destructive operation (" + verb + ")"
		if cat.DataBearing() {
			v.Reasoning += " on a data-bearing resource (" + noun + ")"
		}
		v.Evidence = []model.Evidence{{Key: "verb", Value: verb, Present: true}}
		v.MissingEvidence = []string{"a rule for " + c.Name}
	case operation != "":
		v.Tier, v.RuleID = model.TierNeedsReview, "classifier.mcp.destructive-operation"
		v.Reasoning = "no rule knows the tool " + c.Tool + ", and its " + opKey + " argument names a destructive operation (" + operation + ")"
		v.Evidence = []model.Evidence{{Key: "arguments." + opKey, Value: operation, Present: true}}
		v.MissingEvidence = []string{"a rule for " + c.Name}
	case a != nil && a.DestructiveHint != nil && *a.DestructiveHint && (a.ReadOnlyHint == nil || !*a.ReadOnlyHint):
		// destructiveHint "is meaningful only when readOnlyHint == false"
		// (MCP schema, ToolAnnotations): SDKs that fill in the defaults
		// send readOnlyHint true with destructiveHint true for a read.
		v.Tier, v.RuleID = model.TierNeedsReview, "classifier.mcp.destructive-hint"
		v.Reasoning = "no rule knows the tool " + c.Tool + ", and its server marks it destructive (destructiveHint)"
		v.Evidence = []model.Evidence{hintEvidence(c, "destructiveHint", true)}
		v.MissingEvidence = []string{"a rule for " + c.Name}
	case c.AnnotationsVouchedBy != "" && a != nil && a.ReadOnlyHint != nil && *a.ReadOnlyHint:
		// The operator vouches for this server's annotations: its
		// readOnlyHint is evidence, as a catalog entry would be. The
		// argument rows (SQL, code, Cypher, a destructive flag …) are read
		// beside this verdict all the same, and the worse one is kept.
		v.Tier, v.RuleID, v.Confidence = model.TierReversible, "classifier.mcp.read-only-hint.vouched", model.ConfidenceMedium
		v.Reasoning = "no rule knows the tool " + c.Tool + onServer(c) + "; the server marks it read-only (readOnlyHint), and the operator vouches for its annotations (trust_annotations on the upstream " + c.AnnotationsVouchedBy + ")"
		v.Evidence = []model.Evidence{hintEvidence(c, "readOnlyHint", true)}
		v.MissingEvidence = nil
	case plainRead(c.Words):
		v.Tier, v.RuleID = model.TierReversible, "classifier.mcp.read-verb"
		v.Reasoning = "no rule knows the tool " + c.Tool + "; its name holds a read verb (" + readVerb(c.Words) + ") and names nothing that changes state"
		v.Evidence = []model.Evidence{{Key: "verb", Value: readVerb(c.Words), Present: true}}
		v.MissingEvidence = nil
	default:
		switch m.Evidence[ReadOnlyKey] {
		case true:
			v.Tier, v.RuleID = model.TierRecoverableWithEffort, "classifier.mcp.unknown-tool.read-only-supplied"
			v.Reasoning = "no rule knows the tool " + c.Tool + onServer(c) + "; the caller checked that it only reads (" + ReadOnlyKey + " evidence), which the input does not show"
			v.Evidence = []model.Evidence{{Key: ReadOnlyKey, Value: true, Present: true, Description: "supplied by the caller"}}
			v.MissingEvidence = nil
		case false:
			v.RuleID = "classifier.mcp.unknown-tool.changes-state"
			v.Reasoning = "no rule knows the tool " + c.Tool + onServer(c) + ", and the caller found that it changes state: a human must say whether that is recoverable"
			v.Evidence = []model.Evidence{{Key: ReadOnlyKey, Value: false, Present: true, Description: "supplied by the caller"}}
			v.MissingEvidence = nil
		}
	}
	return v
}

// hintEvidence is an annotation as evidence: the server's own word, and,
// when the operator vouches for the server's annotations, supplied by the
// operator with the upstream it was vouched for.
func hintEvidence(c *model.ToolCall, hint string, value bool) model.Evidence {
	e := model.Evidence{Key: "annotations." + hint, Value: value, Present: true}
	if c.AnnotationsVouchedBy != "" {
		e.SuppliedBy = model.SuppliedOperator
		e.Description = "advertised in the tools/list of the upstream " + c.AnnotationsVouchedBy + ", whose annotations the operator vouches for (trust_annotations)"
	}
	return e
}

func onServer(c *model.ToolCall) string {
	if c.Server == "" {
		return ""
	}
	return " on the server " + c.Server
}

// mcpReadVerbs start the names of tools that read (get_issue,
// list_channels, searchCode); fewer than the shell's read verbs: query,
// check, download or plan may act on an unknown server.
var mcpReadVerbs = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"get": true, "list": true, "read": true, "search": true, "describe": true, "show": true,
		"view": true, "find": true, "fetch": true, "lookup": true, "retrieve": true, "inspect": true, "browse": true, "count": true,
		"info": true, "status": true, "whoami": true, "explain": true, "preview": true, "history": true, "logs": true, "log": true}
})

// sideEffectWords in a tool's name say it changes state even after a read
// verb (get_or_create_user, read_and_send, fetch_then_update).
var sideEffectWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"create": true, "update": true, "set": true, "put": true, "post": true, "send": true,
		"write": true, "run": true, "exec": true, "execute": true, "apply": true, "push": true, "merge": true, "move": true,
		"rename": true, "add": true, "insert": true, "upsert": true, "save": true, "upload": true, "publish": true, "deploy": true,
		"start": true, "stop": true, "restart": true, "trigger": true, "invoke": true, "call": true, "submit": true, "approve": true,
		"close": true, "open": true, "lock": true, "unlock": true, "enable": true, "disable": true, "grant": true, "revoke": true,
		"assign": true, "transfer": true, "pay": true, "charge": true, "refund": true, "invite": true, "mark": true, "edit": true,
		"modify": true, "change": true, "patch": true, "replace": true, "reset": true, "sync": true, "import": true, "export": true,
		"install": true, "uninstall": true, "scale": true, "rollback": true, "restore": true, "commit": true, "tag": true,
		"comment": true, "reply": true, "react": true, "star": true, "fork": true, "clone": true, "copy": true, "and": true, "or": true, "then": true}
})

// readerNouns end the names of tools that read what the words before
// them name (site-deploy-services-reader, log_viewer).
var readerNouns = map[string]bool{"reader": true, "viewer": true, "lister": true, "getter": true, "fetcher": true, "searcher": true, "finder": true, "inspector": true}

// plainRead reports whether a tool's name is a read: a read verb wherever
// it stands (list_issues, tracker_search, cluster_get,
// db_instance_list_backups) or a reader noun at its end
// (site-deploy-services-reader), and no word that changes state ("and",
// "or", "then" join a second verb): a name that holds both a read verb
// and a write or delete word is not a read.
func plainRead(words []string) bool {
	if len(words) == 0 {
		return false
	}
	read := readerNouns[words[len(words)-1]]
	for _, w := range words {
		if destructiveVerbs()[w] || leadingDestructive[w] {
			return false
		}
		read = read || mcpReadVerbs()[w]
	}
	if !read {
		return false
	}
	for i, w := range words {
		if sideEffectWords()[w] && !(readerNouns[words[len(words)-1]] && i < len(words)-1) {
			return false
		}
	}
	return true
}

// readVerb is the word of a read name that makes it a read.
func readVerb(words []string) string {
	for _, w := range words {
		if mcpReadVerbs()[w] {
			return w
		}
	}
	return words[len(words)-1]
}

// operationKeys are the arguments through which a generic tool is told
// which operation to perform (salesforce_dml_records {"operation":
// "delete"}, a records tool's {"action": "purge"}).
var operationKeys = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"operation": true, "op": true, "action": true, "verb": true, "dml": true, "operation_type": true,
		"operationtype": true, "action_type": true, "actiontype": true, "method": true, "mode": true}
})

// destructiveOperation returns the first argument, by name, of the
// operation keys whose value names a destructive operation, and the verb.
func destructiveOperation(args map[string]any) (key, verb string) {
	for k, v := range args {
		s, ok := v.(string)
		if !ok || len(s) > 40 || !operationKeys()[strings.ToLower(k)] || (key != "" && k > key) {
			continue
		}
		for _, w := range splitWords(s) {
			if destructiveVerbs()[w] {
				key, verb = k, s
				break
			}
		}
	}
	return key, verb
}
