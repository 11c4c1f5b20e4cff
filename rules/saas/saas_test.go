package saas

import (
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

type obj = map[string]any

func TestRules(t *testing.T) {
	c := func(name string, a model.Action, before, after obj, rule string, tier model.Tier) rulestest.ResourceCase {
		return rulestest.ResourceCase{Name: name, Type: "github_repository", Action: a, Before: before, After: after, Rule: rule, Tier: tier}
	}
	del, upd := model.ActionDelete, model.ActionUpdate
	rulestest.RunResources(t, repositoryRules(), []rulestest.ResourceCase{
		c("archived instead of deleted", del, obj{"name": "api", "archive_on_destroy": true}, nil, "github.repository.delete.archive", 1),
		c("near miss: deleted", del, obj{"name": "api", "archive_on_destroy": false}, nil, "github.repository.delete", 3),
		c("archive_on_destroy absent (default false)", del, obj{"name": "api"}, nil, "github.repository.delete", 3),
		c("archive off", upd, obj{"archive_on_destroy": true}, obj{"archive_on_destroy": false}, "github.repository.update.archive-off", 2),
		c("near miss: archive on", upd, obj{"archive_on_destroy": false}, obj{"archive_on_destroy": true}, "github.repository.update.in-place", 1),
	})
}

// TestBranchProtectionRules: a protection weakened, and a change that
// keeps it, which lands on the type's in-place row.
func TestBranchProtectionRules(t *testing.T) {
	upd := model.ActionUpdate
	var cases []rulestest.ResourceCase
	table := branchProtectionRules()
	for _, typ := range []struct{ typ, id string }{{"github_branch_protection", "github.branch-protection"}, {"github_branch_protection_v3", "github.branch-protection-v3"}} {
		table = append(table, rules.InPlace(typ.typ, typ.id+".update.in-place"))
		cases = append(cases,
			rulestest.Change("force pushes allowed", typ.typ, upd, obj{"allows_force_pushes": false}, obj{"allows_force_pushes": true}, typ.id+".update.weakened", 2),
			rulestest.Change("admins exempted", typ.typ, upd, obj{"enforce_admins": true}, obj{"enforce_admins": false}, typ.id+".update.weakened", 2),
			rulestest.Change("reviews no longer required", typ.typ, upd, obj{"required_pull_request_reviews": []any{obj{"required_approving_review_count": 1.0}}}, obj{"required_pull_request_reviews": []any{}}, typ.id+".update.weakened", 2),
			rulestest.Change("approvals down to none", typ.typ, upd, obj{"required_pull_request_reviews": []any{obj{"required_approving_review_count": 2.0}}}, obj{"required_pull_request_reviews": []any{obj{"required_approving_review_count": 0.0}}}, typ.id+".update.weakened", 2),
			rulestest.Change("status checks no longer required", typ.typ, upd, obj{"required_status_checks": []any{obj{"strict": true}}}, obj{"required_status_checks": []any{}}, typ.id+".update.weakened", 2),
			rulestest.Change("near miss: approvals down to one", typ.typ, upd, obj{"required_pull_request_reviews": []any{obj{"required_approving_review_count": 2.0}}}, obj{"required_pull_request_reviews": []any{obj{"required_approving_review_count": 1.0}}}, typ.id+".update.in-place", 1),
			rulestest.Change("near miss: reviews now required", typ.typ, upd, obj{"required_pull_request_reviews": []any{}}, obj{"required_pull_request_reviews": []any{obj{"required_approving_review_count": 1.0}}}, typ.id+".update.in-place", 1),
			rulestest.Change("near miss: admins bound", typ.typ, upd, obj{"enforce_admins": false}, obj{"enforce_admins": true}, typ.id+".update.in-place", 1))
	}
	rulestest.RunResources(t, table, cases)
}
