package rules

import (
	"sort"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// DependentsKeep is true when a resource that stays (a direct dependent
// the input does not destroy) has a type in holders: the data it keeps
// depends on the changed resource, as volumes and databases encrypted
// under a key do. The dependents come from the dependency graph
// (prior_state, configuration references, --state); without one the
// condition is false, and the cross-action patterns still look at what
// the plan itself shows.
func DependentsKeep(desc string, holders map[string]bool) Cond {
	return Func(desc, func(f Facts) Result {
		var kept []string
		for _, d := range f.M.DependencyImpact {
			if d.Depth == 1 && !d.AlsoDestroyed && holders[d.Type] {
				kept = append(kept, d.Address)
			}
		}
		if len(kept) == 0 {
			return Result{Truth: False}
		}
		sort.Strings(kept)
		return Decided(true, model.Evidence{Key: "dependencyImpact", Value: kept, Present: true,
			Description: "still depend on it: " + strings.Join(kept, ", ")})
	})
}
