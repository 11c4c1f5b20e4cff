package mcp

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// A call of any name that opens data to everyone loses nothing itself, but
// what is read while it is open cannot be taken back: a bucket's ACL set
// to public-read, a Drive permission for anyone, an IAM binding for
// allUsers, a policy whose principal is "*", a repository made public, a
// firewall rule open to 0.0.0.0/0. The shell rows read the same settings
// in the cloud CLIs (rules/cloud).

// anyToolExposes and anyToolOpenIngress are read beside the rows of any
// tool (Also), as anyToolProtectionOff is: a worse verdict of the tool's
// own rows (a delete without a final snapshot) stands.
func anyToolExposes() rules.Rule {
	return rules.Rule{ID: "mcp.any.public", Type: rules.AnyType, On: Call, Also: true, Tier: model.TierNeedsReview, Reason: rules.PublicReason,
		When: rules.Func("an argument that opens data to everyone", func(f rules.Facts) rules.Result {
			creates := len(f.M.Call.Words) > 0 && createVerbs[f.M.Call.Words[0]] && !carriesContent(f.M.Call.Arguments)
			if name, v, ok := rules.PublicSetting(f.M.Call.Arguments, creates); ok {
				return rules.SettingFound("arguments."+name, v)
			}
			return rules.Result{Truth: rules.False}
		})}
}

func anyToolOpenIngress() rules.Rule {
	return rules.Rule{ID: "mcp.any.open-ingress", Type: rules.AnyType, On: Call, Also: true, Tier: model.TierNeedsReview, Reason: rules.OpenIngressReason,
		When: rules.Func("a source range of 0.0.0.0/0", func(f rules.Facts) rules.Result {
			if slices.Contains(f.M.Call.Words, "egress") || slices.Contains(f.M.Call.Words, "outbound") {
				return rules.Result{Truth: rules.False} // authorize_security_group_egress: traffic out opens nothing
			}
			if name, v, ok := rules.OpenIngress(f.M.Call.Arguments); ok {
				return rules.SettingFound("arguments."+name, v)
			}
			return rules.Result{Truth: rules.False}
		})}
}

// anyToolRetention is read beside the rows of any tool (Also): a call that sets
// how long a store keeps its data (a queue's message retention, a log
// group's retention) or adds a lifecycle rule that expires or deletes
// objects deletes what falls outside at once, as the cloud CLIs' own
// settings do (rules/cloud). A new object's retention deletes nothing.
func anyToolRetention() rules.Rule {
	return rules.Rule{ID: "mcp.any.retention", Type: rules.AnyType, On: Call, Also: true, Tier: model.TierNeedsReview,
		When: rules.Func("an argument that sets a retention or an expiring lifecycle rule", func(f rules.Facts) rules.Result {
			if w := f.M.Call.Words; len(w) > 0 && createVerbs[w[0]] {
				return rules.Result{Truth: rules.False}
			}
			if name, v, ok := rules.FindSetting(f.M.Call.Arguments, func(key string, v any) bool {
				return retentionKeys[key] || lifecycleKeys[key] && expires(v)
			}); ok {
				return rules.SettingFound("arguments."+name, v)
			}
			return rules.Result{Truth: rules.False}
		}),
		Reason: "sets how long data is kept, or a lifecycle rule that expires or deletes objects: what falls outside it is deleted at once, and the current setting is not in the call"}
}

// retentionKeys set how long a store keeps its data; lifecycleKeys hold
// lifecycle rules (normalised).
var (
	retentionKeys = map[string]bool{"messageretentionperiod": true, "retentionindays": true, "retentionperiodhours": true,
		"messageretentionduration": true, "retentionperiod": true}
	lifecycleKeys = map[string]bool{"lifecycle": true, "lifecycleconfiguration": true, "lifecyclerule": true, "lifecyclerules": true, "lifecyclepolicy": true}
)

// expires holds for lifecycle rules that expire or delete objects: an
// Expiration (S3) or an action of type Delete (Cloud Storage).
func expires(v any) bool {
	_, _, found := rules.FindSetting(map[string]any{"": v}, func(key string, e any) bool {
		return key == "expiration" || key == "type" && strings.EqualFold(fmt.Sprint(e), "Delete")
	})
	return found
}

// contentKeys hold what a new object is made with: a public gist or
// object created with them publishes them at once.
var contentKeys = map[string]bool{"files": true, "content": true, "contents": true, "body": true, "data": true}

// carriesContent reports whether a call's arguments give the new object's
// content (create_gist {files, public: true}).
func carriesContent(args map[string]any) bool {
	for k := range args {
		if contentKeys[rules.NormalKey(k)] {
			return true
		}
	}
	return false
}

// commitsSecret holds when a call that commits files to a repository or
// a gist names a credential file among them: a path argument
// (create_or_update_file {path: ".env"}), the paths of a files list
// (push_files), or the names of a gist's files map ({"files": {".env":
// ...}}).
func commitsSecret() rules.Cond {
	return rules.Func("a credential file among the files", func(f rules.Facts) rules.Result {
		args := f.M.Call.Arguments
		if files, ok := args["files"].(map[string]any); ok {
			for _, name := range slices.Sorted(maps.Keys(files)) {
				if rules.SecretFile(name) {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments.files", Value: name, Present: true, Description: "a credential file"}}}
				}
			}
		}
		if name, v, ok := rules.FindSetting(args, func(key string, v any) bool {
			s, isText := v.(string)
			return fileNameKeys[key] && isText && rules.SecretFile(s)
		}); ok {
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + name, Value: v, Present: true, Description: "a credential file"}}}
		}
		return rules.Result{Truth: rules.False}
	})
}

// fileNameKeys name, normalised, a committed file's path or name.
var fileNameKeys = map[string]bool{"path": true, "filepath": true, "filename": true, "file": true}
