package rules

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/model"
)

// Settings that open data to everyone, or a port to the whole internet,
// read alike in an MCP call's arguments (rules/mcp) and a Terraform
// resource's attributes (rules/terraform): a canned ACL public-read, a
// Drive permission for anyone, a member allUsers, a policy for principal
// "*", S3's public access block turned off, a database made publicly
// accessible, a source range of 0.0.0.0/0. Such a setting loses nothing
// itself, but what is read while it is open cannot be taken back. The
// shell rows read the cloud CLIs' own spellings (rules/cloud).

// The reasons of the rows that find them.
const (
	PublicReason      = "opens stored data to everyone (a public ACL, a permission for anyone, an IAM binding for allUsers, a policy for any principal, a database made publicly accessible): what is read while it is open cannot be taken back"
	OpenIngressReason = "opens a port to the whole internet (0.0.0.0/0): whatever listens there, a database or SSH, can be reached by anyone while the rule stands, and what is read meanwhile cannot be taken back"
)

// IsTrue and IsFalse read a boolean setting, given as a bool or as text.
func IsTrue(v any) bool  { b, ok := v.(bool); return ok && b || fmt.Sprint(v) == "true" }
func IsFalse(v any) bool { b, ok := v.(bool); return ok && !b || fmt.Sprint(v) == "false" }

// OpenIngress finds, anywhere in doc, a source range of every address
// (0.0.0.0/0, ::/0, "*", Internet), or an Azure firewall rule from 0.0.0.0
// to 255.255.255.255, passing over egress rules (an egress block, a rule
// of type egress, direction EGRESS or Outbound: traffic out to anywhere is
// the usual default and opens nothing) and rules for the web's ports only
// (80 and 443: a public site's load balancer is meant to be reached).
func OpenIngress(doc map[string]any) (string, any, bool) {
	if passOver("", doc) {
		return "", nil, false
	}
	if name, v, ok := everyAddress(doc); ok {
		return name, v, true
	}
	return findSetting(doc, func(key string, v any) bool {
		if m, ok := v.(map[string]any); ok {
			if _, _, every := everyAddress(m); every && !egress(key, m) {
				return true
			}
		}
		return cidrKeys()[key] && opensToAll(v)
	}, passOver)
}

// passOver holds for the rules OpenIngress does not read: egress, and the
// web's ports only.
func passOver(key string, m map[string]any) bool { return egress(key, m) || webOnly(m) }

// webPorts are the ports a public site is meant to be reached on.
var webPorts = []string{"80", "443"}

// webOnly holds for a rule whose ports are all the web's: a from and to
// port that are the same one (AWS: 80 to 443 spans every port between),
// its allow blocks' ports (GCP), or its destination port ranges (Azure).
func webOnly(m map[string]any) bool {
	var ports []string
	for _, k := range []string{"destinationportrange", "destinationportranges"} {
		if v, ok := setting(m, k); ok {
			ports = appendPorts(ports, v)
		}
	}
	if allow, ok := setting(m, "allow"); ok {
		items, _ := allow.([]any)
		for _, item := range items {
			rule, _ := item.(map[string]any)
			if rule["ports"] == nil {
				return false // every port of the protocol
			}
			ports = appendPorts(ports, rule["ports"])
		}
	}
	from, hasFrom := setting(m, "fromport")
	to, hasTo := setting(m, "toport")
	if hasFrom || hasTo {
		if fmt.Sprint(from) != fmt.Sprint(to) {
			return false
		}
		ports = append(ports, fmt.Sprint(from))
	}
	return len(ports) > 0 && !slices.ContainsFunc(ports, func(p string) bool { return !slices.Contains(webPorts, p) })
}

// setting returns the value of m's key whose normalised name is key.
func setting(m map[string]any, key string) (any, bool) {
	for k, v := range m {
		if NormalKey(k) == key {
			return v, true
		}
	}
	return nil, false
}

// appendPorts appends a port setting's values (a number, text or a list).
func appendPorts(ports []string, v any) []string {
	if list, ok := v.([]any); ok {
		for _, x := range list {
			ports = appendPorts(ports, x)
		}
		return ports
	}
	return append(ports, fmt.Sprint(v))
}

// everyAddress holds for an Azure firewall rule's range of every address.
func everyAddress(doc map[string]any) (string, any, bool) {
	start, _ := setting(doc, "startipaddress")
	end, _ := setting(doc, "endipaddress")
	if start == "0.0.0.0" && end == "255.255.255.255" {
		return "start_ip_address", "0.0.0.0-255.255.255.255", true
	}
	return "", nil, false
}

// egress holds for an egress block or rule.
func egress(key string, m map[string]any) bool {
	if key == "egress" {
		return true
	}
	for k, v := range m {
		switch NormalKey(k) {
		case "type", "direction", "traffictype":
			s := strings.ToLower(fmt.Sprint(v))
			if s == "egress" || s == "outbound" {
				return true
			}
		}
	}
	return false
}

// mentionsAll holds for a list (or value) naming "all": every AWS account.
func mentionsAll(v any) bool {
	switch x := v.(type) {
	case string:
		return strings.EqualFold(x, "all")
	case []any:
		return slices.ContainsFunc(x, mentionsAll)
	}
	return false
}

// Keys are compared lower-cased without "_" and "-" (NormalKey).
var (
	// aclKeys take a canned ACL.
	aclKeys = map[string]bool{"acl": true, "cannedacl": true, "objectacl": true, "bucketacl": true, "predefinedacl": true, "predefineddefaultobjectacl": true}
	// publicACLs are the canned ACLs that let anyone read.
	publicACLs = []string{"public-read", "public-read-write", "authenticated-read", "publicread", "publicreadwrite", "authenticatedread", "allusers"}
	// publicFlags are settings of an existing object that make it public
	// when true (a new object, made public, exposes nothing yet).
	publicFlags = map[string]bool{"public": true, "ispublic": true, "publicaccess": true, "allowpublicaccess": true, "allowblobpublicaccess": true,
		"publicread": true, "makepublic": true, "publiclyaccessible": true, "allownesteditemstobepublic": true}
	// privateFlags make an existing object public when false.
	privateFlags = map[string]bool{"private": true, "isprivate": true}
	// blockPublicKeys turn S3's block on public access off when false.
	blockPublicKeys = map[string]bool{"blockpublicacls": true, "ignorepublicacls": true, "blockpublicpolicy": true, "restrictpublicbuckets": true}
	// memberKeys name who a grant is for.
	memberKeys = map[string]bool{"member": true, "members": true, "principal": true, "principals": true, "grantee": true, "grantees": true, "assignee": true}
	// policyKeys hold a policy document, as an object or JSON text.
	policyKeys = map[string]bool{"policy": true, "policydocument": true, "policytext": true, "bucketpolicy": true}
	// cidrKeys take a source address range.
	cidrKeys = sync.OnceValue(func() map[string]bool {
		return map[string]bool{"cidrip": true, "cidr": true, "cidrblock": true, "cidripv6": true, "cidrblocks": true, "sourceranges": true, "sourcerange": true,
			"sourceaddressprefix": true, "sourceaddressprefixes": true, "iprange": true, "ipranges": true, "sourcecidr": true, "sourceip": true,
			"cidripv4": true, "cidrblocksipv6": true, "ipv6cidrblocks": true, "authorizednetworks": true}
	})
	// containerAccess are an Azure container's access levels that let anyone
	// read its blobs.
	containerAccess = []string{"blob", "container"}
)

// NormalKey is a key lower-cased without "_" and "-", so that an MCP
// call's BlockPublicAcls and a Terraform attribute's block_public_acls
// read alike.
func NormalKey(k string) string { return keySeparators.Replace(strings.ToLower(k)) }

// keySeparators are dropped from keys; a Replacer is safe for concurrent
// use, and built once rather than for every key of every call.
var keySeparators = strings.NewReplacer("_", "", "-", "")

// PublicSetting finds, anywhere in doc (an MCP call's arguments, a
// Terraform resource's attributes), a setting that opens data to
// everyone, with its dotted name and value. creates: doc makes a new
// object, whose own public flag exposes nothing that exists yet.
func PublicSetting(doc map[string]any, creates bool) (string, any, bool) {
	return FindSetting(doc, func(key string, v any) bool {
		switch {
		case aclKeys[key]:
			return slices.ContainsFunc(publicACLs, func(acl string) bool { return strings.EqualFold(fmt.Sprint(v), acl) })
		case key == "visibility":
			return !creates && strings.EqualFold(fmt.Sprint(v), "public")
		case publicFlags[key]:
			return !creates && IsTrue(v)
		case privateFlags[key]:
			return !creates && IsFalse(v)
		case blockPublicKeys[key]:
			return IsFalse(v)
		case key == "type":
			return strings.EqualFold(fmt.Sprint(v), "anyone") // a Drive permission for anyone with the link
		case memberKeys[key]:
			return mentionsEveryone(v)
		case policyKeys[key]:
			return policyForAnyone(v)
		case key == "containeraccesstype":
			return slices.ContainsFunc(containerAccess, func(a string) bool { return strings.EqualFold(fmt.Sprint(v), a) })
		case key == "sharedaccounts" || key == "usergroups" || key == "valuestoadd":
			return mentionsAll(v) // a snapshot or image shared with every AWS account
		case key == "createvolumepermission" || key == "launchpermission":
			_, _, all := FindSetting(map[string]any{"": v}, func(k string, g any) bool { return k == "group" && mentionsAll(g) })
			return all // {Add: [{Group: all}]}
		}
		return false
	})
}

// FindSetting walks doc depth first, in the order of its keys, and
// returns the dotted name and the value of the first setting for which
// match holds; keys reach match normalised (NormalKey).
func FindSetting(doc map[string]any, match func(key string, v any) bool) (string, any, bool) {
	return findSetting(doc, match, nil)
}

// findSetting is FindSetting that passes over the maps skip holds for.
func findSetting(doc map[string]any, match func(key string, v any) bool, skip func(key string, m map[string]any) bool) (string, any, bool) {
	for _, k := range slices.Sorted(maps.Keys(doc)) {
		v := doc[k]
		if match(NormalKey(k), v) {
			return k, v, true
		}
		var items []any
		switch x := v.(type) {
		case map[string]any:
			items = []any{x}
		case []any:
			items = x
		}
		for i, item := range items {
			m, isMap := item.(map[string]any)
			if !isMap || skip != nil && skip(NormalKey(k), m) {
				continue
			}
			if name, found, ok := findSetting(m, match, skip); ok {
				if _, isList := v.([]any); isList {
					k += "." + strconv.Itoa(i)
				}
				return k + "." + name, found, true
			}
		}
	}
	return "", nil, false
}

// SettingFound is the result of a row that found a setting (PublicSetting,
// OpenIngress, FindSetting) under key: the value shown as evidence.
func SettingFound(key string, v any) Result {
	return Result{Truth: True, Evidence: []model.Evidence{{Key: key, Value: shown(v), Present: true}}}
}

// shown is a found value as evidence: a short list of plain values (the
// source ranges ["10.0.0.0/8", "0.0.0.0/0"]) as it is, a document
// summarised rather than copied.
func shown(v any) any {
	switch x := v.(type) {
	case map[string]any:
		return "(a document)"
	case []any:
		if len(x) > 8 || slices.ContainsFunc(x, func(e any) bool {
			switch e.(type) {
			case map[string]any, []any:
				return true
			}
			return false
		}) {
			return "(a document)"
		}
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
	if _, _, found := FindSetting(doc, func(key string, e any) bool { return memberKeys[key] && mentionsEveryone(e) }); found {
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
	case map[string]any:
		return opensToAll(x["value"]) // Cloud SQL's authorized_networks: [{name, value}]
	}
	return false
}
