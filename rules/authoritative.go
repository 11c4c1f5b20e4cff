package rules

import "github.com/recourse-dev/recourse/model"

// AccessKept is the evidence key an agent answers for an authoritative
// access resource: true when it has checked that the principals who need
// the access keep it another way after the change (another binding, an
// inherited role), false when they do not.
const AccessKept = "access_kept"

// Authoritative returns the rows of an access resource that sets the
// complete list of who holds a role (or the whole policy) of its target:
// an IAM binding or policy. Destroying or replacing it removes every
// principal it lists, and those added outside Terraform, so it can lock
// people and services out, including whoever would restore it. No plan
// shows who needs the access, so the verdict is needs-review until the
// AccessKept evidence answers: kept → tier 2 (an apply restores it),
// not kept → tier 4. An update that changes listAttr (the members, or the
// policy document) removes whoever it no longer lists: tier 2.
func Authoritative(typ, id, what, listAttr string) []Rule {
	kept := Func("evidence says the principals keep their access another way", func(f Facts) Result {
		v, ok := f.M.Evidence[AccessKept].(bool)
		if !ok {
			return Result{Truth: Unknown, Missing: []string{AccessKept}}
		}
		return Decided(v, model.Evidence{Key: AccessKept, Value: v, Present: true, Description: "supplied as evidence"})
	})
	return []Rule{
		{ID: id + ".delete.lockout", Type: typ, On: Destroy, Tier: model.TierUnrecoverable, Confidence: model.ConfidenceMedium,
			When:   Not(kept),
			Reason: "the " + what + " is authoritative: removing it strips every principal it lists (and any added outside Terraform) of the access, which can lock out the people and service accounts that would restore it"},
		{ID: id + ".delete", Type: typ, On: Destroy, Tier: model.TierRecoverableWithEffort,
			Reason: "the " + what + " is removed, but the principals who need the access keep it another way; an apply restores it"},
		{ID: id + ".update.members-changed", Type: typ, On: Update, Tier: model.TierRecoverableWithEffort, Confidence: model.ConfidenceMedium,
			When:   Changes(listAttr, Set()),
			Reason: "the " + what + " is rewritten: every principal it no longer lists, including any added outside Terraform, loses the access"},
		InPlace(typ, id+".update.in-place"),
	}
}
