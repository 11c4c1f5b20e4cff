package classifier

import (
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/recourse-dev/recourse/model"
)

// A provider's own schema of a type no rule knows (recourse eval
// --provider-schema, from `terraform providers schema -json`) says what
// the type holds far better than its name: its block's description, every
// attribute's and nested block's name and description. The schema is the
// caller's word, not the plan's, so it is read by one rule, written down
// here:
//
//   - It raises. A data word (schemaDataWords: retention, backup,
//     snapshot, versioning, encryption key, storage, database, bucket,
//     volume …) in the type's description, in any field's name, or in the
//     description of one of the type's own fields (top-level or one block
//     down, not a reference), or a protection attribute
//     (deletion_protection, prevent_destroy, force_destroy,
//     skip_final_snapshot …) makes the destroy unrecoverable (tier 4,
//     MEDIUM): the provider says the type holds data or recovery points. A
//     secret the provider sets (an attribute it marks sensitive or
//     write-only, a string named as a credential, key material, that is
//     computed rather than set by the configuration) makes it at least
//     needs-review: the secret is lost with it, and a new one differs.
//     A secret the configuration sets (required, or optional and not
//     computed, or write-only) is set again by the apply that recreates
//     the object, so it raises nothing — but key material stays a secret
//     whoever sets it, and a connection's or integration's secret,
//     whoever sets it, confirms what its name feared and lowers nothing.
//   - It lowers only what the name could not tell, and only on positive
//     evidence that an apply from the same configuration restores the
//     object. Where the name left the destroy needs-review because it
//     could not tell what the type is (no head word, or one that may or
//     may not hold data, or a product's own environment) or whether a
//     connection holds the credentials it connects with, the schema
//     lowers it to recoverable-with-effort (tier 2, MEDIUM) when all of
//     these hold, each named in the verdict's evidence:
//     (1) the first sentence of the type's own description names it as a
//     kind of configuration object (schemaConfigKinds: a template, a
//     policy, a rule, settings, a profile …) — an empty description, or
//     one that names none ("Resource to execute web api requests",
//     "manages the Site basic information"), is no evidence;
//     (2) every attribute, at every depth, is set by the configuration
//     (required or optional) or is bookkeeping only the provider sets: an
//     id, a reference, a time, a status, a version or a flag
//     (bookkeepingWords, bool) — a value only the provider sets beyond
//     those (a device's serial or MAC, a response body, a solution's
//     checksum) is state the configuration does not restore;
//     (3) no field at any depth and not its description shows data,
//     recovery points or a secret (a secret the configuration sets
//     aside), and neither its description nor its name says "data".
//     Absence of data words alone lowers nothing. A name that says data,
//     a container, or an identity whose removal locks people out is never
//     lowered (the schema does not say who relied on an access), nor is
//     anything the plan's own attributes raise, nor anything in an
//     operator-marked production environment
//     (model.ResourceSchema.RaiseOnly), where caller facts lower nothing.
//
// Every fact is evidence supplied by the caller, naming the field and
// quoting its description, clipped.

// schemaDataWords are words that say the type itself keeps data or
// recovery points, wherever they stand: in its description, in a field's
// name or description (retention_days, "the backup schedule"). Matching
// is on whole words, so "metadata" is not "data".
var schemaDataWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"retention": true, "retain": true, "retained": true, "backup": true, "backups": true, "snapshot": true, "snapshots": true,
		"versioning": true, "versioned": true, "kms": true, "cmk": true, "pitr": true, "archive": true, "archives": true, "archived": true,
	}
})

// schemaStoreWords name a store of data. In a field they usually name
// what the type points at (a connection's database, a credential's
// dataset, a permission's "database" category), so they count only in
// the first sentence of the type's own description ("Manages a storage
// bucket."), which says what the type is; later sentences say what it
// works on ("what database objects are included").
var schemaStoreWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"storage": true, "database": true, "databases": true, "bucket": true, "buckets": true, "volume": true, "volumes": true,
		"disk": true, "disks": true, "dataset": true, "datasets": true,
	}
})

// schemaDataPhrases are word pairs that say the same where neither word
// alone does ("the key of a label" is not key material, "encryption key"
// is; "data" alone is everywhere, "customer data" is not).
var schemaDataPhrases = [][2]string{
	{"encryption", "key"}, {"encryption", "keys"}, {"signing", "key"}, {"key", "material"}, {"key", "pair"}, {"web", "key"}, {"deletion", "protection"},
	{"prevent", "destroy"}, {"force", "destroy"}, {"final", "snapshot"}, {"stores", "data"}, {"holds", "data"},
	{"customer", "data"}, {"data", "loss"}, {"permanently", "deleted"}, {"point", "in"},
}

// schemaDataMentions are words that say a type deals with data without
// saying it keeps any ("enrich your log data"): not enough to raise a
// verdict, too much to call the type plain configuration, so a type whose
// own description or name has one is not lowered. In a field's name or
// description they say what the field selects or describes ("the data
// type of the action", "for binary data, use base64encode"), and are not
// read.
var schemaDataMentions = map[string]bool{"data": true}

// schemaCredentialWords in a field's name mark a secret the type holds
// even where the provider did not mark it sensitive.
var schemaCredentialWords = map[string]bool{"password": true, "passwd": true, "secret": true, "token": true,
	"credential": true, "credentials": true, "apikey": true, "passphrase": true}

// schemaAccessWords in a field's name say the type names people or the
// access they are given (members, users, roles, permissions, grants): its
// destroy may lock them out, which no schema can rule out.
var schemaAccessWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"member": true, "members": true, "membership": true, "memberships": true,
		"user": true, "users": true, "username": true, "usernames": true, "permission": true, "permissions": true,
		"role": true, "roles": true, "grant": true, "grants": true, "principal": true, "principals": true,
		"email": true, "emails": true, "login": true, "owner": true, "owners": true, "admin": true, "admins": true}
})

// schemaFact is one thing a schema shows: the field (or "description" for
// the type's own block), the words that matched, and the description
// quoted.
type schemaFact struct {
	field, why, quote string
}

// schemaReading is what a type's schema shows: data facts, secret facts,
// and how many fields it read.
type schemaReading struct {
	data, secrets, supplied, access, mentions []schemaFact
	fields                                    int
}

// readSchema reads s for data, secrets (those the provider sets, and
// those the configuration sets apart), access and mentions of data.
func readSchema(s *model.ResourceSchema) schemaReading {
	r := schemaReading{fields: len(s.Fields)}
	if firstWord(s.Description, schemaDataMentions) != "" {
		r.mentions = append(r.mentions, schemaFact{field: "description", why: "data", quote: s.Description})
	} else if nameWord(s.Type, schemaDataMentions) != "" {
		r.mentions = append(r.mentions, schemaFact{field: "type", why: "data", quote: s.Type})
	}
	if why := firstWord(firstSentence(s.Description), schemaStoreWords()); why != "" {
		r.data = append(r.data, schemaFact{field: "description", why: why, quote: s.Description})
	} else if why := dataWords(s.Description); why != "" {
		r.data = append(r.data, schemaFact{field: "description", why: why, quote: s.Description})
	}
	for _, f := range s.Fields {
		name := f.Path[strings.LastIndexByte(f.Path, '.')+1:]
		if w := nameWord(name, schemaAccessWords()); w != "" {
			r.access = append(r.access, schemaFact{field: f.Path, why: w, quote: f.Description})
		}
		if why := dataWords(strings.ReplaceAll(name, "_", " ")); (why != "" && !reference(name)) || protectionAttributes()[name] {
			if why == "" {
				why = name
			}
			r.data = append(r.data, schemaFact{field: f.Path, why: why, quote: f.Description})
			continue
		}
		if why := dataWords(f.Description); why != "" && ownField(f.Path) && !reference(name) {
			r.data = append(r.data, schemaFact{field: f.Path, why: why, quote: f.Description})
			continue
		}
		why := secretWhy(f, name)
		switch {
		case why == "":
		case why != "key material" && (f.WriteOnly || f.Required || f.Optional && !f.Computed):
			r.supplied = append(r.supplied, schemaFact{field: f.Path, why: why + ", set by the configuration", quote: f.Description})
		default:
			r.secrets = append(r.secrets, schemaFact{field: f.Path, why: why + setBy(f), quote: f.Description})
		}
	}
	return r
}

// ownField reports whether a field at path is one of the type's own
// settings (top-level, or in a block directly under it), where a data
// word in its description speaks of the type itself. Deeper fields are
// parts of a document the type holds (a dashboard's widgets, a rule's
// sub-rules, a notification's attachments), whose descriptions name what
// those parts show or select ("the data mode type: archive"), not what
// the type keeps.
func ownField(path string) bool {
	return strings.Count(path, ".") <= 1
}

// secretWhy says why a field holds a secret (marked sensitive or
// write-only, named as a credential, or key material), or "".
func secretWhy(f model.SchemaField, name string) string {
	switch {
	case f.Sensitive:
		return "sensitive"
	case f.WriteOnly:
		return "write-only"
	case f.Block || reference(name) || !valueType(f.Type):
		return ""
	case credentialAttributes()[name] || credentialName(name):
		return "a credential's name"
	case keyMaterial(name):
		return "key material"
	}
	return ""
}

// setBy says who sets a secret that is not the configuration's.
func setBy(f model.SchemaField) string {
	if f.Optional {
		return ", set by the provider where the configuration does not"
	}
	return ", set by the provider"
}

// valueType reports whether an attribute of terraform type t can hold a
// secret's value: a string, or a collection of them (unknown counts); a
// bool, a number or a collection of them is a setting about secrets
// (hide_password_reset, max_password_attempts), not one.
func valueType(t string) bool {
	return !strings.HasSuffix(t, "bool") && !strings.HasSuffix(t, "number")
}

// credentialValueWords may follow a credential word at the end of a
// field's name where the field still holds the credential
// (password_hash, token_value, secret_wo).
var credentialValueWords = map[string]bool{"value": true, "hash": true, "wo": true, "plaintext": true, "b64": true,
	"base64": true, "string": true, "encrypted": true}

// credentialName reports whether a field's name says it holds a
// credential: a credential word as its last word, or followed only by
// credentialValueWords. A credential word followed by another noun names
// something about the credential (secret_label, token_name,
// access_token_lifetime, max_password_attempts), not the credential.
func credentialName(name string) bool {
	words := strings.Split(strings.ToLower(name), "_")
	i := len(words) - 1
	for i > 0 && credentialValueWords[words[i]] {
		i--
	}
	return schemaCredentialWords[words[i]]
}

// keyKinds are the words before "key" in a field's name that make it key
// material (public_key, ssh_key, signing_key), where "key" alone is often
// a map's or a label's key.
var keyKinds = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"public": true, "private": true, "ssh": true, "signing": true, "encryption": true,
		"api": true, "access": true, "secret": true, "client": true, "master": true, "pgp": true, "gpg": true, "rsa": true}
})

// keyMaterial reports whether a field's name says it holds a key
// (public_key, ssh_keys), not a reference to one.
func keyMaterial(name string) bool {
	words := strings.Split(name, "_")
	n := len(words)
	return n >= 2 && (words[n-1] == "key" || words[n-1] == "keys") && keyKinds()[words[n-2]]
}

// reference reports whether a field's name says it holds an id or a
// version of something else, or where it is (credential_id,
// private_key_wo_version, token_url), not the secret itself.
func reference(name string) bool {
	last := name[strings.LastIndexByte(name, '_')+1:]
	return last == "id" || last == "ids" || last == "version" || last == "url" || last == "uri" || last == "endpoint"
}

// firstSentence is text up to its first full stop or blank line.
func firstSentence(text string) string {
	if i := strings.Index(text, "\n\n"); i >= 0 {
		text = text[:i]
	}
	if i := strings.Index(text, ". "); i >= 0 {
		text = text[:i]
	}
	return text
}

// firstWord returns the first word of text in set, or "".
func firstWord(text string, set map[string]bool) string {
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if set[w] {
			return w
		}
	}
	return ""
}

// dataWords returns the data word or phrase text holds, or "".
func dataWords(text string) string {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	for i, w := range words {
		if schemaDataWords()[w] {
			return w
		}
		for _, p := range schemaDataPhrases {
			if w == p[0] && i+1 < len(words) && words[i+1] == p[1] {
				return w + " " + p[1]
			}
		}
	}
	return ""
}

// schemaVerdict applies the schema rule to p, the prior from the name
// (answerable: the name left open what the schema can answer), and
// returns the new prior and the evidence it rests on.
func schemaVerdict(m *model.Mutation, p prior) (prior, []model.Evidence) {
	s := m.Schema
	if s == nil {
		return p, nil
	}
	r := readSchema(s)
	from := "the provider schema of " + s.Type + " (" + s.Provider + ")"
	if s.File != "" {
		from += " in " + s.File
	}
	switch {
	case len(r.data) > 0:
		ev := schemaEvidence(r.data, from)
		if p.tier.Severity() < model.TierUnrecoverable.Severity() {
			p = prior{model.TierUnrecoverable, model.ConfidenceMedium,
				"the provider's schema says it holds data or recovery points (" + factList(r.data) + "), and no rule says whether this type keeps a copy after a destroy, so the destroy is treated as unrecoverable", false, false, false}
		}
		return p, ev
	case len(r.secrets) > 0:
		ev := schemaEvidence(r.secrets, from)
		if p.tier.Severity() < model.TierNeedsReview.Severity() {
			p = prior{model.TierNeedsReview, model.ConfidenceLow,
				"the provider's schema says it holds a secret (" + factList(r.secrets) + "), which its destroy loses, so it needs review", false, false, false}
		}
		return p, ev
	case len(r.mentions) > 0:
		return p, schemaEvidence(r.mentions[:1], from)
	case p.connects && len(r.supplied) > 0:
		return p, schemaEvidence(r.supplied, from)
	case (p.answerable || p.lockout && len(r.access) == 0) && !s.RaiseOnly && p.tier == model.TierNeedsReview:
		kind, state := configKind(s.Description), providerState(s)
		if kind == "" || state != "" {
			return p, []model.Evidence{{Key: "provider_schema", Value: s.Type, Present: true, SuppliedBy: model.SuppliedByCaller,
				Description: from + ": no data, recovery or secret field, but " + notShown(kind, state) + ", so the schema lowers nothing"}}
		}
		p = prior{model.TierRecoverableWithEffort, model.ConfidenceMedium,
			"the provider's schema describes it as configuration (its description says \"" + kind + "\") and shows every field of its " + strconv.Itoa(r.fields) + " set by the configuration or a computed id, time or status, none that holds data, recovery points or a secret" + suppliedNote(r) + noAccess(p) + ", so it is configuration an apply recreates; what depended on it fails until then", false, false, false}
		ev := []model.Evidence{{Key: "provider_schema", Value: s.Type, Present: true, SuppliedBy: model.SuppliedByCaller,
			Description: from + ": its description names a kind of configuration (\"" + kind + "\"); every field set by the configuration or a computed id, time or status; no data, recovery or secret field among " + strconv.Itoa(r.fields) + suppliedNote(r)}}
		return p, append(ev, schemaEvidence(r.supplied, from)...)
	}
	return p, nil
}

// schemaConfigKinds are the kinds of configuration object a type's own
// description may name it as ("This resource manages the RF Templates",
// "Resource representing the default password age policy"): objects
// whose whole content is what the configuration states. A type lowers
// only when its description names one: the positive half of the
// evidence; a description that is empty or names none ("Resource to
// execute web api requests", "manages the Site basic information")
// leaves the name's verdict as it was. Words that only restate what the
// name left open (an environment, an integration) are not among them.
var schemaConfigKinds = map[string]bool{
	"configuration": true, "config": true, "settings": true, "setting": true, "policy": true, "policies": true,
	"rule": true, "rules": true, "template": true, "templates": true, "profile": true, "profiles": true,
	"preset": true, "presets": true, "tag": true, "tags": true, "label": true, "labels": true,
	"override": true, "overrides": true, "trigger": true, "triggers": true, "assignment": true, "assign": true,
	"topology": true, "alert": true, "alerts": true, "alarm": true, "alarms": true, "notification": true,
	"webhook": true, "webhooks": true, "schedule": true, "filter": true, "filters": true, "mapping": true,
	"definition": true, "variable": true, "job": true, "jobs": true, "action": true, "actions": true,
	"evaluation": true, "metadata": true, "attribute": true, "attributes": true, "feature": true, "features": true,
}

// configKind returns the kind of configuration object desc names, or "".
func configKind(desc string) string {
	return firstWord(firstSentence(desc), schemaConfigKinds)
}

// bookkeepingWords end the name of a value only the provider sets that
// says which object it is, when it changed, or what state it is in (id,
// ref, etag, created_at, status): an apply that recreates the object
// makes new ones, and nothing is lost with the old.
var bookkeepingWords = map[string]bool{"id": true, "ids": true, "ref": true, "etag": true, "status": true,
	"state": true, "version": true, "revision": true, "order": true, "type": true, "kind": true,
	"at": true, "time": true, "timestamp": true, "date": true, "created": true, "updated": true,
	"modified": true, "by": true}

// providerState returns the first attribute, at any depth, that only the
// provider sets and that is not bookkeeping (a computed id, time, status
// or flag), or "": such a value (a device's serial and MAC, a response's
// body, a solution's checksum) is state the object gathered outside the
// configuration, which an apply does not restore.
func providerState(s *model.ResourceSchema) string {
	for _, f := range s.Fields {
		if f.Block || !f.Computed || f.Optional || f.Required || strings.HasSuffix(f.Type, "bool") {
			continue
		}
		name := f.Path[strings.LastIndexByte(f.Path, '.')+1:]
		if !bookkeepingWords[name[strings.LastIndexByte(name, '_')+1:]] {
			return f.Path
		}
	}
	return ""
}

// notShown says which half of the positive evidence a schema lacks.
func notShown(kind, state string) string {
	if kind == "" {
		return "its description does not name it as a kind of configuration"
	}
	return "the provider sets " + state + ", state that the configuration does not restore"
}

// suppliedNote names the secrets the configuration itself sets (a
// webhook's signing secret, a connection's password): an apply that
// recreates the object sets them again, so their loss is not a loss.
func suppliedNote(r schemaReading) string {
	if len(r.supplied) == 0 {
		return ""
	}
	return " but those its configuration sets (" + factList(r.supplied) + "), which an apply sets again"
}

// noAccess says, for a type read as an identity, that its schema names
// no one and no access.
func noAccess(p prior) string {
	if p.lockout {
		return " nor any that names people or the access they are given"
	}
	return ""
}

// schemaEvidence is one evidence line a fact, at most five.
func schemaEvidence(facts []schemaFact, from string) []model.Evidence {
	var out []model.Evidence
	for i, f := range facts {
		if i == 5 {
			break
		}
		desc := from + ": " + f.why
		if q := clip(f.quote, 120); q != "" {
			desc += ": \"" + q + "\""
		}
		out = append(out, model.Evidence{Key: "provider_schema." + f.field, Value: f.why, Present: true,
			SuppliedBy: model.SuppliedByCaller, Description: desc})
	}
	return out
}

// factList names up to three facts' fields and words.
func factList(facts []schemaFact) string {
	var parts []string
	for i, f := range facts {
		if i == 3 {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, f.field+": "+f.why)
	}
	return strings.Join(parts, "; ")
}

// clip shortens s to at most n runes on one line.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
