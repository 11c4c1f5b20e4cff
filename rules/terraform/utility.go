package terraform

import (
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// Utility returns the rows of the utility providers nearly every
// configuration uses (random, tls, local, time, archive, acme). Their
// resources hold a value made at apply time, not data kept elsewhere: a
// destroy or replace loses the value and an apply makes a new one. What
// the value feeds (a database password, a bucket name) shows in the same
// plan as a change of its own and is judged there. Without rows the
// classifier read random_password as a secret and local_file as stored
// objects, and blocked the routine rotation of either.
func Utility() []rules.Rule {
	var ps []rules.Plain
	for _, t := range []string{"random_password", "random_string", "random_bytes"} {
		ps = append(ps, rules.Plain{Type: t, ID: utilityID(t), Tier: model.TierRecoverableWithEffort,
			Reason: "the random value exists only in Terraform state: a destroy or replace loses it and an apply makes a different one; what uses it in this configuration changes in the same plan, and whoever was given the old value outside it (a password shared with a person or another system) must be given the new one"})
	}
	for _, t := range []string{"random_id", "random_pet", "random_integer", "random_uuid", "random_shuffle"} {
		ps = append(ps, rules.Plain{Type: t, ID: utilityID(t), Tier: model.TierRecoverableWithEffort,
			Reason: "the random value exists only in Terraform state: a replace makes a different one, and what is named after it (a bucket, a database) is replaced in the same plan and judged there; a use of the old value outside this configuration breaks"})
	}
	ps = append(ps,
		rules.Plain{Type: "tls_private_key", ID: "utility.tls-private-key", Tier: model.TierUnrecoverable, Confidence: model.ConfidenceMedium,
			Reason: "the private key exists only in Terraform state and its backups: destroyed or replaced, it is gone, and an apply makes a different one; what trusts its public half (a server's authorized_keys, a key pair instances were started with, certificates it signed) must be given the new one, and data encrypted to it can no longer be read"},
		rules.Plain{Type: "tls_self_signed_cert", ID: "utility.tls-self-signed-cert", Tier: model.TierRecoverableWithEffort,
			Reason: "an apply issues a new certificate from the same key (a replace is how early_renewal_hours renews it); clients that pinned or were given the old one must trust the new one"},
		rules.Plain{Type: "tls_locally_signed_cert", ID: "utility.tls-locally-signed-cert", Tier: model.TierRecoverableWithEffort,
			Reason: "an apply issues a new certificate from the same request and CA (a replace is how early_renewal_hours renews it); clients that pinned or were given the old one must trust the new one"},
		rules.Plain{Type: "tls_cert_request", ID: "utility.tls-cert-request", Tier: model.TierReversible,
			Reason: "a certificate request holds nothing of its own; an apply makes it again from its key and subject"},
		rules.Plain{Type: "local_file", ID: "utility.local-file", Tier: model.TierReversible,
			Reason: "the file at filename is deleted; an apply writes it again from its configured content or source"},
		rules.Plain{Type: "local_sensitive_file", ID: "utility.local-sensitive-file", Tier: model.TierReversible,
			Reason: "the file at filename is deleted; an apply writes it again from its configured content or source"},
		rules.Plain{Type: "archive_file", ID: "utility.archive-file", Tier: model.TierReversible,
			Reason: "the archive at output_path is deleted; an apply builds it again from its configured sources"},
	)
	for _, t := range []string{"time_rotating", "time_static", "time_offset", "time_sleep"} {
		ps = append(ps, rules.Plain{Type: t, ID: utilityID(t), Tier: model.TierReversible,
			Reason: "holds a time taken at apply; a replace takes a new one (a replace is how time_rotating rotates), and what uses it changes in the same plan"})
	}
	const acme = "acme_certificate"
	return append(rules.PlainRows(ps...),
		// The provider revokes the certificate at the CA on destroy, and so
		// on a replace, unless revoke_certificate_on_destroy is false.
		rules.Rule{ID: "utility.acme-certificate.delete.revoked", Type: acme, On: rules.Destroy, Tier: model.TierRecoverableWithEffort,
			When:   rules.WasDefault("revoke_certificate_on_destroy", true, rules.Eq(true)),
			Reason: "the certificate is revoked at the CA when it is destroyed or replaced (revoke_certificate_on_destroy, on by default): servers still presenting it fail clients that check revocation until the new one is deployed, and the CA's rate limits count each new one"},
		rules.Rule{ID: "utility.acme-certificate.delete", Type: acme, On: rules.Destroy, Tier: model.TierReversible,
			Reason: "the certificate stays valid until it expires (revoke_certificate_on_destroy is off); an apply orders a new one"},
		rules.InPlace(acme, "utility.acme-certificate.update.in-place"),
	)
}

// utilityID is the rule id of a utility type: utility.random-password.
func utilityID(typ string) string { return "utility." + strings.ReplaceAll(typ, "_", "-") }
