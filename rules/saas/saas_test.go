package saas

import (
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
	"github.com/recourse-dev/recourse/model"
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
