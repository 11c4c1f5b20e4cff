package mcp

import (
	"encoding/json"
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

const (
	publicReason      = "opens stored data to everyone (a public ACL, a permission for anyone, an IAM binding for allUsers, a policy for any principal): what is read while it is open cannot be taken back"
	openIngressReason = "opens a port to the whole internet (0.0.0.0/0): whatever listens there, a database or SSH, can be reached by anyone while the rule stands, and what is read meanwhile cannot be taken back"
)

// anyToolExposes and anyToolOpenIngress are read before the rows of any
// tool, as anyToolProtectionOff is.
func anyToolExposes() rules.Rule {
	return rules.Rule{ID: "mcp.any.public", Type: rules.AnyType, On: Call, First: true, Tier: model.TierNeedsReview, Reason: publicReason,
		When: rules.Func("an argument that opens data to everyone", func(f rules.Facts) rules.Result {
			creates := len(f.M.Call.Words) > 0 && createVerbs[f.M.Call.Words[0]] && !carriesContent(f.M.Call.Arguments)
			if name, v, ok := publicArg(f.M.Call.Arguments, creates); ok {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + name, Value: shown(v), Present: true}}}
			}
			return rules.Result{Truth: rules.False}
		})}
}

func anyToolOpenIngress() rules.Rule {
	return rules.Rule{ID: "mcp.any.open-ingress", Type: rules.AnyType, On: Call, First: true, Tier: model.TierNeedsReview, Reason: openIngressReason,
		When: rules.Func("a source range of 0.0.0.0/0", func(f rules.Facts) rules.Result {
			if name, v, ok := findArg(f.M.Call.Arguments, func(key string, v any) bool { return cidrKeys[key] && opensToAll(v) }); ok {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "arguments." + name, Value: shown(v), Present: true}}}
			}
			return rules.Result{Truth: rules.False}
		})}
}

// Keys are compared lower-cased without "_" and "-" (normalKey).
var (
	// aclKeys take a canned ACL.
	aclKeys = map[string]bool{"acl": true, "cannedacl": true, "objectacl": true, "bucketacl": true, "predefinedacl": true, "predefineddefaultobjectacl": true}
	// publicACLs are the canned ACLs that let anyone read.
	publicACLs = []string{"public-read", "public-read-write", "authenticated-read", "publicread", "publicreadwrite", "authenticatedread", "allusers"}
	// publicFlags are settings of an existing object that make it public
	// when true (a new object, made public, exposes nothing yet).
	publicFlags = map[string]bool{"public": true, "ispublic": true, "publicaccess": true, "allowpublicaccess": true, "allowblobpublicaccess": true,
		"publicread": true, "makepublic": true}
	// privateFlags make an existing object public when false.
	privateFlags = map[string]bool{"private": true, "isprivate": true}
	// blockPublicKeys turn S3's block on public access off when false.
	blockPublicKeys = map[string]bool{"blockpublicacls": true, "ignorepublicacls": true, "blockpublicpolicy": true, "restrictpublicbuckets": true}
	// memberKeys name who a grant is for.
	memberKeys = map[string]bool{"member": true, "members": true, "principal": true, "principals": true, "grantee": true, "grantees": true, "assignee": true}
	// policyKeys hold a policy document, as an object or JSON text.
	policyKeys = map[string]bool{"policy": true, "policydocument": true, "policytext": true, "bucketpolicy": true}
	// cidrKeys take a source address range.
	cidrKeys = map[string]bool{"cidrip": true, "cidr": true, "cidrblock": true, "cidripv6": true, "cidrblocks": true, "sourceranges": true, "sourcerange": true,
		"sourceaddressprefix": true, "sourceaddressprefixes": true, "iprange": true, "ipranges": true, "sourcecidr": true, "sourceip": true}
)

func normalKey(k string) string { return keySeparators.Replace(strings.ToLower(k)) }

// keySeparators are dropped from keys; a Replacer is safe for concurrent
// use, and built once rather than for every key of every call.
var keySeparators = strings.NewReplacer("_", "", "-", "")

// contentKeys hold what a new object is made with: a public gist or
// object created with them publishes them at once.
var contentKeys = map[string]bool{"files": true, "content": true, "contents": true, "body": true, "data": true}

// carriesContent reports whether a call's arguments give the new object's
// content (create_gist {files, public: true}).
func carriesContent(args map[string]any) bool {
	for k := range args {
		if contentKeys[normalKey(k)] {
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
		if name, v, ok := findArg(args, func(key string, v any) bool {
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

// publicArg finds, anywhere in args, a setting that opens data to everyone.
// creates: the tool makes a new object, whose own public flag exposes
// nothing that exists.
func publicArg(args map[string]any, creates bool) (string, any, bool) {
	return findArg(args, func(key string, v any) bool {
		switch {
		case aclKeys[key]:
			return slices.ContainsFunc(publicACLs, func(acl string) bool { return strings.EqualFold(fmt.Sprint(v), acl) })
		case key == "visibility":
			return !creates && strings.EqualFold(fmt.Sprint(v), "public")
		case publicFlags[key]:
			return !creates && isTrue(v)
		case privateFlags[key]:
			return !creates && isFalse(v)
		case blockPublicKeys[key]:
			return isFalse(v)
		case key == "type":
			return strings.EqualFold(fmt.Sprint(v), "anyone") // a Drive permission for anyone with the link
		case memberKeys[key]:
			return mentionsEveryone(v)
		case policyKeys[key]:
			return policyForAnyone(v)
		}
		return false
	})
}

// findArg walks args depth first, in the order of their keys, and returns
// the dotted name and the value of the first argument for which match
// holds; keys reach match normalised.
func findArg(args map[string]any, match func(key string, v any) bool) (string, any, bool) {
	for _, k := range slices.Sorted(maps.Keys(args)) {
		v := args[k]
		if match(normalKey(k), v) {
			return k, v, true
		}
		var items []any
		switch x := v.(type) {
		case map[string]any:
			items = []any{x}
		case []any:
			items = x
		}
		for _, item := range items {
			if m, isMap := item.(map[string]any); isMap {
				if name, found, ok := findArg(m, match); ok {
					return k + "." + name, found, true
				}
			}
		}
	}
	return "", nil, false
}

// shown is a found value as evidence: a document is summarised, not
// copied.
func shown(v any) any {
	switch v.(type) {
	case map[string]any, []any:
		return "(a document)"
	}
	return v
}

// mentionsEveryone holds for a member (or list of them) that is everyone:
// GCP's allUsers and allAuthenticatedUsers, or "*".
func mentionsEveryone(v any) bool {
	switch x := v.(type) {
	case string:
		s := strings.ToLower(x)
		return s == "*" || strings.Contains(s, "allusers") || strings.Contains(s, "allauthenticatedusers")
	case []any:
		return slices.ContainsFunc(x, mentionsEveryone)
	case map[string]any:
		for _, e := range x {
			if mentionsEveryone(e) {
				return true
			}
		}
	}
	return false
}

// policyForAnyone holds for a policy document (an object or its JSON
// text) with a statement that allows any principal, or a binding for
// allUsers.
func policyForAnyone(v any) bool {
	if s, ok := v.(string); ok {
		var doc any
		if json.Unmarshal([]byte(s), &doc) != nil {
			return false
		}
		v = doc
	}
	doc, ok := v.(map[string]any)
	if !ok {
		return false
	}
	if _, _, found := findArg(doc, func(key string, e any) bool { return memberKeys[key] && mentionsEveryone(e) }); found {
		return !deniesOnly(doc)
	}
	return false
}

// deniesOnly holds for an AWS policy whose statements are all Deny (a
// policy that denies "*" opens nothing).
func deniesOnly(doc map[string]any) bool {
	st, ok := doc["Statement"].([]any)
	if !ok {
		return false
	}
	for _, s := range st {
		m, _ := s.(map[string]any)
		if !strings.EqualFold(fmt.Sprint(m["Effect"]), "Deny") {
			return false
		}
	}
	return len(st) > 0
}

// opensToAll holds for a source range (or list of them) that is every
// address.
func opensToAll(v any) bool {
	switch x := v.(type) {
	case string:
		s := strings.TrimSpace(x)
		return s == "0.0.0.0/0" || s == "::/0" || s == "*" || strings.EqualFold(s, "internet")
	case []any:
		return slices.ContainsFunc(x, opensToAll)
	}
	return false
}
