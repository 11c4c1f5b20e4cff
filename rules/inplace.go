package rules

import "github.com/recourse-dev/recourse/model"

// InPlace is the last update row of a resource type: an in-place update
// that the type's earlier rows have not singled out as destructive.
func InPlace(typ, id string) Rule {
	return Rule{ID: id, Type: typ, On: Update, Tier: model.TierReversible, Confidence: model.ConfidenceMedium,
		Reason: "an in-place update that no rule singles out as destructive; re-applying the previous values reverts it"}
}
