package classifier

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/model"
)

// storesRecords are observability words for things that keep records
// (logs, audit trails, traces) rather than define checks.
var storesRecords = map[string]bool{"log": true, "logs": true, "logging": true, "audit": true, "trail": true,
	"trace": true, "tracing": true, "sink": true}

// prior is what a destroy of an unknown type is taken to mean from its
// category: a tier, a confidence, and why.
type prior struct {
	tier model.Tier
	conf model.Confidence
	why  string
	// answerable is set where the name left open what a provider schema
	// can answer: what the type is, or whether a connection holds its
	// credentials (schema.go).
	answerable bool
	// lockout is set where the name reads as an identity only because its
	// head word is "policy" (an IAM policy grants access; a password or
	// login policy is a setting): a schema that shows no field naming
	// people or the access they are given answers that (schema.go). A
	// group, a role or a team is not answerable so: what it contains and
	// who relies on it is not in a schema.
	lockout bool
	// connects is set where the name reads as a connection or an
	// integration, which the name fears holds the credentials it connects
	// with: a schema that shows one, even one the configuration sets,
	// confirms that rather than answering it (schema.go).
	connects bool
}

// destroyPrior returns the prior for a destroy of a type of category c,
// read from word (the name's head when head is true). Only a category
// read from the head is trusted beyond LOW confidence, and a LOW
// confidence verdict is always needs-review. A data-bearing or container
// category is never below tier 4.
func destroyPrior(c Category, word string, head bool) prior {
	review := prior{model.TierNeedsReview, model.ConfidenceLow, "whether its destroy loses data cannot be told from its name, so it needs review", true, false, false}
	switch {
	case !head:
		return review
	case c.DataBearing():
		return prior{model.TierUnrecoverable, model.ConfidenceMedium,
			"it holds data (" + string(c) + "), and no rule says whether this type keeps a copy after a destroy, so the destroy is treated as unrecoverable", false, false, false}
	case c == Container:
		return prior{model.TierUnrecoverable, model.ConfidenceMedium,
			"it contains other resources, and destroying a container takes what is inside with it", false, false, false}
	case (c == Config || c == Network) && mayHoldSecrets[word]:
		return prior{model.TierNeedsReview, model.ConfidenceLow,
			"a connection or integration holds the credentials it connects with (a password, a key, a token), which its destroy loses, and whether this one does cannot be told from its name, so it needs review", true, false, true}
	case c == Network:
		return prior{model.TierRecoverableWithEffort, model.ConfidenceMedium,
			"a network object holds no data and an apply recreates it from configuration, though its ids and addresses may change", false, false, false}
	case c == Config:
		return prior{model.TierRecoverableWithEffort, model.ConfidenceMedium,
			"a setting or attachment holds no data and an apply recreates it from configuration; what depended on it fails until then", false, false, false}
	case c == Observability && !storesRecords[word]:
		return prior{model.TierRecoverableWithEffort, model.ConfidenceMedium,
			"it defines a check, alert or view that an apply recreates from configuration; its history may be lost", false, false, false}
	case c == Identity && accessGrants()[word]:
		return prior{model.TierRecoverableWithEffort, model.ConfidenceMedium,
			"it grants access (a membership, a grant, a permission) that an apply restores from configuration; who relied on it is locked out until then", false, false, false}
	case c == Identity:
		return prior{tier: model.TierNeedsReview, conf: model.ConfidenceLow, why: "removing access can lock out people and services, including whoever would restore it, so it needs review",
			lockout: word == "policy" || word == "policies"}
	}
	return review
}

// mayHoldSecrets are configuration head words whose objects often carry
// the credentials they connect with: not a HIGH-confidence non-data
// reading, so never below escalate.
var mayHoldSecrets = map[string]bool{"connection": true, "connections": true, "integration": true, "integrations": true,
	"connector": true, "connectors": true}

// recoveryWords in a type's name mark it as holding recovery points or
// data kept for later, whatever its head word: an archive's or a backup's
// configuration (coralogix_archive_metrics) decides where data lives.
var recoveryWords = map[string]bool{"archive": true, "archives": true, "backup": true, "backups": true, "snapshot": true, "snapshots": true}

// credentialedProtocols in a type's name mark it as a connection to an
// outside server that signs in with credentials of its own (a mail
// server's password), whatever its head word: zitadel_smtp_config is a
// setting by its head and an account by its protocol. Never below
// escalate, like the connections of mayHoldSecrets.
var credentialedProtocols = map[string]bool{"smtp": true, "imap": true, "pop3": true, "ftp": true, "sftp": true}

// credentialAttributes in an object's prior state are the secrets it
// signs in with: the plan's own evidence that the object holds one.
var credentialAttributes = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"password": true, "client_secret": true, "api_key": true, "apikey": true,
		"token": true, "access_token": true, "auth_token": true, "private_key": true, "secret_key": true, "secret": true,
		"access_key": true, "secret_access_key": true}
})

// accessGrants are the head words of identity types that grant access
// rather than hold an identity: a destroy takes the access away, and an
// apply gives it back as configured (the precision issue's "access grants
// an apply restores"). A user, a service account, a key or a credential is
// not among them, nor a policy (an authoritative IAM policy's destroy can
// remove every binding, its owners' included).
var accessGrants = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"member": true, "members": true, "membership": true, "memberships": true, "grant": true, "grants": true,
		"permission": true, "permissions": true, "assignment": true, "assignments": true}
})

// Attributes that only a resource holding data has. One protection
// attribute is enough (a provider offers deletion protection or a final
// snapshot only where a destroy loses something); storage attributes count
// from two on, since a single "size" or "engine" says less.
var (
	protectionAttributes = sync.OnceValue(func() map[string]bool {
		return map[string]bool{"deletion_protection": true, "deletion_protection_enabled": true,
			"enable_deletion_protection": true, "skip_final_snapshot": true, "final_snapshot_identifier": true,
			"final_snapshot_name": true, "backup_retention_period": true, "backup_retention_days": true,
			"point_in_time_recovery": true, "point_in_time_recovery_enabled": true, "pitr_enabled": true,
			"purge_protection_enabled": true, "soft_delete_retention_days": true, "snapshot_retention_limit": true,
			"versioning": true, "versioning_enabled": true, "backup_window": true, "preferred_backup_window": true,
			"automated_backups": true, "backup_policy": true, "force_destroy": true}
	})
	storageAttributes = sync.OnceValue(func() map[string]bool {
		return map[string]bool{"engine": true, "engine_version": true, "master_username": true,
			"master_password": true, "admin_password": true, "admin_username": true, "db_name": true, "database_name": true,
			"allocated_storage": true, "storage_size": true, "storage_gb": true, "disk_size_gb": true, "size_gb": true,
			"storage_type": true, "iops": true, "kms_key_id": true, "storage_encrypted": true, "replication_factor": true}
	})
)

// dataAttributes returns the attributes of before, the object's prior
// state, that mark it as holding data, or nil when they do not.
func dataAttributes(before map[string]any) []string {
	var protection, storage []string
	for k := range before {
		switch {
		case protectionAttributes()[k]:
			protection = append(protection, k)
		case storageAttributes()[k]:
			storage = append(storage, k)
		}
	}
	if len(protection) == 0 && len(storage) < 2 {
		return nil
	}
	out := append(protection, storage...)
	slices.Sort(out)
	return out
}

// classifyResource judges a Terraform resource type no rule knows by the
// category its name suggests.
func classifyResource(m *model.Mutation) model.Recoverability {
	cat, word, head := Categorize(m.Target.Type)
	what := fmt.Sprintf("no rule knows %s", m.Target.Type)
	if word != "" {
		where := "its name"
		if head {
			where = "its name's head word"
		}
		what += fmt.Sprintf(" (%s %q suggests %s)", where, word, cat)
	}
	v := model.Recoverability{
		Source:     model.FromClassifier,
		RuleID:     "classifier." + string(m.Source) + "." + string(m.Action),
		Confidence: model.ConfidenceLow,
		Evidence:   []model.Evidence{{Key: "category", Value: string(cat), Present: true}},
	}
	switch {
	case m.Action.Destroys():
		p := destroyPrior(cat, word, head)
		if w := productSpace(m.Target.Type); w != "" && p.tier.Severity() < model.TierNeedsReview.Severity() {
			p = prior{model.TierNeedsReview, model.ConfidenceLow,
				"a product's own " + w + " (its name is the provider's and this word alone) may hold what was made in it (a database, clusters, data sets) or only configure deployments, and its name cannot tell which, so it needs review", true, false, false}
		}
		if w := recoveryWord(m.Target.Type); w != "" && p.tier.Severity() < model.TierUnrecoverable.Severity() {
			p = prior{tier: model.TierUnrecoverable, conf: model.ConfidenceMedium, why: "its name says it keeps " + w + "s, and no rule says whether a destroy keeps them"}
		}
		if why := credentialSign(m); why != "" {
			if p.tier.Severity() < model.TierNeedsReview.Severity() {
				p = prior{tier: model.TierNeedsReview, conf: model.ConfidenceLow, why: why + ", which its destroy loses, so it needs review"}
			}
			p.answerable, p.lockout = false, false // the plan shows the credentials: no schema lowers that
		}
		var schemaEv []model.Evidence
		p, schemaEv = schemaVerdict(m, p)
		if len(schemaEv) > 0 {
			v.Evidence = append(v.Evidence, schemaEv...)
			v.RuleID += ".provider-schema"
		}
		if attrs := dataAttributes(m.Before); len(attrs) > 0 && p.tier.Severity() < model.TierUnrecoverable.Severity() {
			p = prior{tier: model.TierUnrecoverable, conf: model.ConfidenceMedium, why: "its attributes (" + strings.Join(attrs, ", ") + ") are those of a resource that holds data, and no rule says whether this type keeps a copy after a destroy, so the destroy is treated as unrecoverable"}
			v.Evidence = append(v.Evidence, model.Evidence{Key: "data-attributes", Value: strings.Join(attrs, ","), Present: true})
		}
		v.Tier, v.Confidence = p.tier, p.conf
		v.Reasoning = what + "; " + p.why
		if v.Tier == model.TierNeedsReview {
			v.MissingEvidence = []string{"a rule or evidence for " + m.Target.Type}
		}
	case m.Action == model.ActionUpdate || m.Action == model.ActionForget:
		v.Tier = model.TierRecoverableWithEffort
		v.Reasoning = what + "; an in-place " + string(m.Action) + " can usually be reverted by re-applying the previous values, but nothing confirms it"
	default:
		v.Tier = model.TierReversible
		v.Reasoning = what + "; a " + string(m.Action) + " touches no existing object"
	}
	return v
}

// productSpaces are words that, as the whole of a type's name after its
// provider, name the product's own top-level space: a Power Platform
// environment holds its Dataverse database, a Confluent environment its
// Kafka clusters, a Honeycomb environment its data sets, where a
// LaunchDarkly or dbt Cloud environment only configures deployments.
// Qualified (gitlab_project_environment, a deployment target) they are
// what the rest of the name says.
var productSpaces = map[string]bool{"environment": true, "environments": true, "env": true}

// productSpace returns typ's productSpaces word when it is the only word
// after the provider, or "".
func productSpace(typ string) string {
	words := strings.FieldsFunc(strings.ToLower(typ), func(r rune) bool { return r == '_' || r == '-' || r == '.' })
	for len(words) > 0 && skip[words[len(words)-1]] {
		words = words[:len(words)-1]
	}
	if len(words) == 2 && productSpaces[words[1]] {
		return words[1]
	}
	return ""
}

// recoveryWord returns the first word of typ that names a recovery point
// or an archive, or "".
func recoveryWord(typ string) string {
	return strings.TrimSuffix(nameWord(typ, recoveryWords), "s")
}

// credentialSign says why m's object holds credentials of its own (a
// credentialed protocol in its type's name, or a credential attribute in
// its prior state), or "".
func credentialSign(m *model.Mutation) string {
	if w := nameWord(m.Target.Type, credentialedProtocols); w != "" {
		return "its name says it connects to a server by " + strings.ToUpper(w) + ", with credentials of its own"
	}
	var attrs []string
	for k := range m.Before {
		if credentialAttributes()[k] {
			attrs = append(attrs, k)
		}
	}
	if len(attrs) == 0 {
		return ""
	}
	slices.Sort(attrs)
	return "its attributes (" + strings.Join(attrs, ", ") + ") are credentials it signs in with"
}

// nameWord returns the first word of typ in set, or "".
func nameWord(typ string, set map[string]bool) string {
	for _, w := range strings.FieldsFunc(strings.ToLower(typ), func(r rune) bool { return r == '_' || r == '-' || r == '.' }) {
		if set[w] {
			return w
		}
	}
	return ""
}
