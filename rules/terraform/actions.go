// Package terraform holds the rows that hold for every Terraform resource
// type because they follow from the action alone: a create, a read, a
// no-op, a forget. They are read after a type's own rows.
package terraform

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// Rules returns the action rows.
func Rules() []rules.Rule {
	return []rules.Rule{
		{ID: "terraform.create", Type: rules.AnyType, On: rules.Create, Tier: model.TierReversible,
			Reason: "a create adds a new object and touches no existing one; destroying it undoes the change"},
		{ID: "terraform.read", Type: rules.AnyType, On: []model.Action{model.ActionRead}, Tier: model.TierReversible,
			Reason: "a data source read changes nothing"},
		{ID: "terraform.no-op", Type: rules.AnyType, On: []model.Action{model.ActionNoop}, Tier: model.TierReversible,
			Reason: "no change is planned"},
		{ID: "terraform.forget", Type: rules.AnyType, On: []model.Action{model.ActionForget}, Tier: model.TierRecoverableWithEffort,
			Reason: "forget removes the object from Terraform state but leaves it in place, unmanaged; bringing it back needs an import"},
	}
}
