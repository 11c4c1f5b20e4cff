# Recourse's default decision policy.
#
# It turns the recoverability tiers of an evaluation into one decision,
# then applies the user policies loaded with --policy (see docs/policy.md):
#
#   any tier 4 (unrecoverable)                   -> block
#   else any tier 5 (needs-review)               -> escalate
#   else any tier 2 or 3                         -> warn
#   else                                         -> allow
#
# In a production environment (environment "production", "prod", "prd" or
# "live", or starting with "prod-" or "production-", any case) two things
# escalate instead of warning: a tier 3 change, whose recovery depends on a
# backup a human should confirm, and a tier 2 verdict from the classifier,
# which no rule backs.
#
# User policies live in packages recourse.policies.<name> and may define
#   tighten contains {"decision": D, "reason": R} if { ... }   # raise the decision to at least D
#   relax   contains {"decision": D, "reason": R} if { ... }   # lower it to D
# Relaxing never goes below warn while any change is tier 2 or worse, and a
# tightening always wins over a relaxation.
#
# When no user policy is loaded, Recourse runs a compiled form of this file
# (policy/default.go) instead of the Rego engine, for speed; the tests in
# policy/default_test.go hold the two to the same answer on every input,
# so a change here is a change there.
package recourse.decision

import rego.v1

ranks := {"allow": 0, "warn": 1, "escalate": 2, "block": 3}

names := ["allow", "warn", "escalate", "block"]

production_names := {"production", "prod", "prd", "live"}

environment := lower(object.get(input, ["context", "environment"], ""))

production if environment in production_names

production if startswith(environment, "prod-")

production if startswith(environment, "production-")

# The decision rank each tier calls for. A tier outside 1-5 blocks: a
# corrupt verdict is never safe.
tier_ranks := {1: 0, 2: 1, 3: 1, 4: 3, 5: 2}

production_tier_ranks := {1: 0, 2: 1, 3: 2, 4: 3, 5: 2}

ranks_by_tier := production_tier_ranks if production
else := tier_ranks

tier_rank(t) := object.get(ranks_by_tier, t, 3)

# Mutations and cross-action risks are judged alike. They are iterated in
# place (concatenating the arrays would copy every verdict), and the rank is
# computed per tier seen rather than per verdict, so a plan of ten thousand
# changes costs one pass over it.
verdict_lists := [input.mutations, input.crossActionRisks]

verdict_count := count(input.mutations) + count(input.crossActionRisks)

tiers_seen := {v.tier | some list in verdict_lists; some v in list; not v.exception}

all_tiers := {v.tier | some list in verdict_lists; some v in list}

# A change a configured exception covers (docs/exceptions.md) calls for its
# tier's rank, capped at warn.
excepted_rank(v) := min({object.get(ranks_by_tier, v.tier, 3), 1})

excepted_ranks := {excepted_rank(v) | some v in input.mutations; v.exception}

# In production a tier 2 verdict from the classifier, which no rule backs,
# escalates (unless an exception covers it).
classifier_escalation if {
	production
	some list in verdict_lists
	some v in list
	v.tier == 2
	v.source == "classifier"
	not v.exception
}

base_rank := max(({object.get(ranks_by_tier, t, 3) | some t in tiers_seen} | excepted_ranks) | {2 | classifier_escalation} | {0})

deciding_tiers := {t | some t in tiers_seen; object.get(ranks_by_tier, t, 3) == base_rank}

default_reasons contains reason if {
	base_rank > 0
	some list in verdict_lists
	some v in list
	not v.exception
	v.tier in deciding_tiers
	reason := sprintf("%s is %s (tier %d%s): %s", [v.address, v.label, v.tier, object.get(production_notes, v.tier, ""), v.reasoning])
}

default_reasons contains reason if {
	base_rank > 0
	some v in input.mutations
	v.exception
	excepted_rank(v) == base_rank
	x := v.exception
	reason := sprintf("%s is %s (tier %d, excepted%s by %s: %s): %s", [v.address, v.label, v.tier, until(x), x.source, x.reason, v.reasoning])
}

# until is when an exception ends; a baseline's accepted findings do not.
until(x) := sprintf(" until %s", [x.expires]) if x.expires != ""

else := ""

default_reasons contains reason if {
	base_rank == 2
	classifier_escalation
	some list in verdict_lists
	some v in list
	v.tier == 2
	v.source == "classifier"
	not v.exception
	reason := sprintf("%s is %s (tier 2, from the classifier%s): %s", [v.address, v.label, production_note, v.reasoning])
}

default_reasons contains "every change is reversible or changes nothing" if {
	base_rank == 0
	verdict_count > 0
}

default_reasons contains "the input has no changes" if verdict_count == 0

production_note := sprintf(", escalated in production environment %q", [input.context.environment])

production_notes := {3: production_note} if production
else := {}

# User policies.

tightenings contains {"policy": name, "decision": e.decision, "reason": e.reason} if {
	some name, p in data.recourse.policies
	some e in p.tighten
	valid_entry(e)
}

relaxations contains {"policy": name, "decision": e.decision, "reason": e.reason} if {
	some name, p in data.recourse.policies
	some e in p.relax
	valid_entry(e)
}

valid_entry(e) if {
	is_object(e)
	is_string(e.reason)
	e.decision in object.keys(ranks)
}

errors contains msg if {
	some name, p in data.recourse.policies
	some rule in ["tighten", "relax"]
	some e in p[rule]
	not valid_entry(e)
	msg := sprintf(`recourse.policies.%s.%s: entry %v is not {"decision": "allow|warn|escalate|block", "reason": "..."}`, [name, rule, e])
}

errors contains msg if {
	some name, p in data.recourse.policies
	some rule in ["tighten", "relax"]
	value := p[rule]
	not is_set(value)
	not is_array(value)
	msg := sprintf("recourse.policies.%s.%s must be a set of entries (write `%s contains {...} if { ... }`), got %v", [name, rule, rule, value])
}

tighten_rank := max({ranks[t.decision] | some t in tightenings} | {-1})

relax_rank := max({ranks[r.decision] | some r in relaxations}) if count(relaxations) > 0

# floor keeps a relaxation from hiding a change that is not reversible.
floor := 1 if {
	some t in all_tiers
	t != 1
} else := 0

relaxed_rank := min({base_rank, relax_rank}) if relax_rank

relaxed_rank := base_rank if not relax_rank

final_rank := max({relaxed_rank, tighten_rank, floor})

decision := names[final_rank]

user_reasons contains sprintf("policy recourse.policies.%s raised the decision to %s: %s", [t.policy, t.decision, t.reason]) if {
	some t in tightenings
	ranks[t.decision] == final_rank
	final_rank > max({relaxed_rank, floor})
}

user_reasons contains sprintf("policy recourse.policies.%s lowered the decision to %s: %s", [r.policy, r.decision, r.reason]) if {
	relax_rank < base_rank
	some r in relaxations
	ranks[r.decision] == relax_rank
}

policies := array.concat(["recourse.default"], sort([sprintf("recourse.policies.%s", [name]) | some name, _ in data.recourse.policies]))

result := {
	"decision": decision,
	"reasons": array.concat(sort(user_reasons), sort(default_reasons)),
	"policies": policies,
	"errors": sort(errors),
}
