// Package terraform holds the rows that hold for every Terraform resource
// type because they follow from the action alone (a create, a read, a
// no-op, a forget), read after a type's own rows; the rows read beside a
// type's own for a setting that opens data to everyone (exposure.go); and
// those of Terraform's own data-holder resources (terraform_data,
// null_resource).
package terraform

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// Rules returns the action rows and the exposure rows read beside every
// type's own.
func Rules() []rules.Rule { return append(actionRules(), exposureRows()...) }

// Builtin returns the rows of the resources that exist only to hold values
// or run provisioners: terraform_data (built in) and null_resource.
// Destroying or replacing one loses nothing the configuration does not
// supply again; what their provisioners run is judged command by command.
func Builtin() []rules.Rule {
	return rules.PlainRows(
		rules.Plain{Type: "terraform_data", ID: "terraform.data", Tier: model.TierReversible,
			Reason: "terraform_data holds only the input the configuration gives it; a replace re-runs its provisioners, whose commands are judged on their own"},
		rules.Plain{Type: "null_resource", ID: "terraform.null-resource", Tier: model.TierReversible,
			Reason: "null_resource holds only its triggers; a replace re-runs its provisioners, whose commands are judged on their own"},
	)
}

// actionRules are the rows that follow from the action alone.
func actionRules() []rules.Rule {
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
