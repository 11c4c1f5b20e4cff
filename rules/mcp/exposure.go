package mcp

import (
	"maps"
	"slices"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// A call of any name that opens data to everyone loses nothing itself, but
// what is read while it is open cannot be taken back: a bucket's ACL set
// to public-read, a Drive permission for anyone, an IAM binding for
// allUsers, a policy whose principal is "*", a repository made public, a
// firewall rule open to 0.0.0.0/0. The shell rows read the same settings
// in the cloud CLIs (rules/cloud).

// anyToolExposes and anyToolOpenIngress are read before the rows of any
// tool, as anyToolProtectionOff is.
func anyToolExposes() rules.Rule {
	return rules.Rule{ID: "mcp.any.public", Type: rules.AnyType, On: Call, First: true, Tier: model.TierNeedsReview, Reason: rules.PublicReason,
		When: rules.Func("an argument that opens data to everyone", func(f rules.Facts) rules.Result {
			creates := len(f.M.Call.Words) > 0 && createVerbs[f.M.Call.Words[0]] && !carriesContent(f.M.Call.Arguments)
			if name, v, ok := rules.PublicSetting(f.M.Call.Arguments, creates); ok {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + name, Value: rules.Shown(v), Present: true}}}
			}
			return rules.Result{Truth: rules.False}
		})}
}

func anyToolOpenIngress() rules.Rule {
	return rules.Rule{ID: "mcp.any.open-ingress", Type: rules.AnyType, On: Call, First: true, Tier: model.TierNeedsReview, Reason: rules.OpenIngressReason,
		When: rules.Func("a source range of 0.0.0.0/0", func(f rules.Facts) rules.Result {
			if name, v, ok := rules.OpenIngress(f.M.Call.Arguments); ok {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + name, Value: rules.Shown(v), Present: true}}}
			}
			return rules.Result{Truth: rules.False}
		})}
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
