package classifier

import (
	"fmt"

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
}

// destroyPrior returns the prior for a destroy of a type of category c,
// read from word (the name's head when head is true). Only a category
// read from the head is trusted beyond LOW confidence, and a LOW
// confidence verdict is always needs-review. A data-bearing or container
// category is never below tier 4.
func destroyPrior(c Category, word string, head bool) prior {
	review := prior{model.TierNeedsReview, model.ConfidenceLow, "whether its destroy loses data cannot be told from its name, so it needs review"}
	switch {
	case !head:
		return review
	case c.DataBearing():
		return prior{model.TierUnrecoverable, model.ConfidenceMedium,
			"it holds data (" + string(c) + "), and no rule says whether this type keeps a copy after a destroy, so the destroy is treated as unrecoverable"}
	case c == Container:
		return prior{model.TierUnrecoverable, model.ConfidenceMedium,
			"it contains other resources, and destroying a container takes what is inside with it"}
	case c == Network:
		return prior{model.TierRecoverableWithEffort, model.ConfidenceMedium,
			"a network object holds no data and an apply recreates it from configuration, though its ids and addresses may change"}
	case c == Config:
		return prior{model.TierRecoverableWithEffort, model.ConfidenceMedium,
			"a setting or attachment holds no data and an apply recreates it from configuration; what depended on it fails until then"}
	case c == Observability && !storesRecords[word]:
		return prior{model.TierRecoverableWithEffort, model.ConfidenceMedium,
			"it defines a check, alert or view that an apply recreates from configuration; its history may be lost"}
	case c == Identity:
		return prior{model.TierNeedsReview, model.ConfidenceLow, "removing access can lock out people and services, including whoever would restore it, so it needs review"}
	}
	return review
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
