package rules

import "github.com/recourse-dev/recourse/model"

// Plain describes a resource type whose destroy has one outcome whatever
// its attributes say: a network piece an apply recreates, a stream that
// always holds records. Its rows are a destroy row ID+".delete" with Tier,
// Confidence and Reason, and an in-place update row ID+".update.in-place".
// A type with an attribute that changes the outcome (deletion protection,
// a final snapshot, force_destroy) gets rows of its own instead.
type Plain struct {
	Type string
	ID   string
	Tier model.Tier
	// Confidence defaults to HIGH.
	Confidence model.Confidence
	Reason     string
}

// Recreated is the reason of a configuration object that an apply
// recreates exactly from the configuration (a parameter group, a route).
func Recreated(what string) string {
	return "an apply recreates the " + what + " from configuration; what depended on it fails until then"
}

// PlainRows returns the rows of every type in ps, in order.
func PlainRows(ps ...Plain) []Rule {
	out := make([]Rule, 0, 2*len(ps))
	for _, p := range ps {
		out = append(out,
			Rule{ID: p.ID + ".delete", Type: p.Type, On: Destroy, Tier: p.Tier, Confidence: p.Confidence, Reason: p.Reason},
			InPlace(p.Type, p.ID+".update.in-place"))
	}
	return out
}

// Guard describes an attribute that makes the provider or the service
// refuse a destroy while it holds On (deletion_protection = true, say).
// When the input omits the attribute, Default says whether the provider
// default protects (it is then assumed, and the verdict says so).
type Guard struct {
	Type, ID, Attr string
	On             any
	Default        bool
	// What names the service that refuses, for the reasons.
	What string
}

// Rows returns the guard's destroy row ID+".delete.protected" (tier 1:
// the apply fails and nothing is lost) and its update row
// ID+".update.protection-off" (tier 2: a later destroy is no longer
// refused). They belong first among the type's rows.
func (g Guard) Rows() []Rule {
	when := Was(g.Attr, Eq(g.On))
	if g.Default {
		when = WasDefault(g.Attr, g.On, Eq(g.On))
	}
	return []Rule{
		{ID: g.ID + ".delete.protected", Type: g.Type, On: Destroy, Tier: model.TierReversible, When: when,
			Reason: g.What + " refuses the destroy while " + g.Attr + " is " + jsonText(g.On) + ", so the apply fails and nothing is lost"},
		{ID: g.ID + ".update.protection-off", Type: g.Type, On: Update, Tier: model.TierRecoverableWithEffort,
			When:   Becomes(g.Attr, Eq(g.On), Ne(g.On)),
			Reason: g.Attr + " no longer protects the resource, so a later destroy is no longer refused"},
	}
}

// Emptied describes a store the service refuses to delete while it holds
// anything, unless Attr (force_destroy, force_delete) is true, and then
// its contents go with it. Its rows are ID+".delete.force" (tier 4, at
// ForcedConfidence, HIGH by default) and ID+".delete" (tier 2: only an
// empty store goes; an unset Attr is the provider default, false).
type Emptied struct {
	Type, ID, Attr   string
	ForcedConfidence model.Confidence
	// Forced and Refused are the two rows' reasons.
	Forced, Refused string
}

// Rows returns the two destroy rows.
func (e Emptied) Rows() []Rule {
	return []Rule{
		{ID: e.ID + ".delete.force", Type: e.Type, On: Destroy, Tier: model.TierUnrecoverable, Confidence: e.ForcedConfidence,
			When: Was(e.Attr, Eq(true)), Reason: e.Forced},
		{ID: e.ID + ".delete", Type: e.Type, On: Destroy, Tier: model.TierRecoverableWithEffort,
			When: WasDefault(e.Attr, false, Ne(true)), Reason: e.Refused},
	}
}
