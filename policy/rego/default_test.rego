# Unit tests of the default decision policy. They run under `go test`
# (policy_test.go) and with `recourse policy test` (no arguments).
package recourse.decision_test

import rego.v1

import data.recourse.decision

m(addr, tier) := {"address": addr, "type": "t", "action": "delete", "tier": tier, "label": "l", "reasoning": "r", "source": "rules", "ruleId": "x", "confidence": "HIGH", "missingEvidence": []}

classified(addr, tier) := object.union(m(addr, tier), {"source": "classifier", "confidence": "LOW"})

doc_of(ms, env) := {"mutations": ms, "crossActionRisks": [], "context": {"environment": env, "actor": "", "source": "terraform"}, "summary": {}}

test_no_changes_allow if {
	decision.result.decision == "allow" with input as doc_of([], "")
	decision.result.reasons == ["the input has no changes"] with input as doc_of([], "")
}

test_reversible_allow if decision.result.decision == "allow" with input as doc_of([m("a", 1), m("b", 1)], "")

test_tier2_warn if decision.result.decision == "warn" with input as doc_of([m("a", 1), m("b", 2)], "")

test_tier3_warn if decision.result.decision == "warn" with input as doc_of([m("a", 3)], "staging")

test_tier5_escalate if decision.result.decision == "escalate" with input as doc_of([m("a", 3), m("b", 5)], "")

test_tier4_block_wins if decision.result.decision == "block" with input as doc_of([m("a", 5), m("b", 4), m("c", 1)], "")

test_block_reason_names_address if {
	reasons := decision.result.reasons with input as doc_of([m("aws_db_instance.main", 4), m("b", 2)], "")
	reasons == ["aws_db_instance.main is l (tier 4): r"]
}

test_invalid_tier_blocks if decision.result.decision == "block" with input as doc_of([m("a", 9)], "")

test_cross_action_risk_counts if {
	doc := object.union(doc_of([m("a", 1)], ""), {"crossActionRisks": [m("risk", 4)]})
	decision.result.decision == "block" with input as doc
}

test_production_escalates_tier3 if {
	decision.result.decision == "escalate" with input as doc_of([m("a", 3)], "production")
	decision.result.decision == "escalate" with input as doc_of([m("a", 3)], "PROD")
	decision.result.decision == "escalate" with input as doc_of([m("a", 3)], "prod-eu")
}

test_production_tier2_rules_warn if decision.result.decision == "warn" with input as doc_of([m("a", 2)], "prod")

test_production_tier2_classifier_escalates if decision.result.decision == "escalate" with input as doc_of([classified("a", 2)], "prod")

test_not_production_lookalike if decision.result.decision == "warn" with input as doc_of([m("a", 3)], "preprod")

test_policies_default_only if decision.result.policies == ["recourse.default"] with input as doc_of([], "")

test_user_tighten if {
	p := {"strict": {"tighten": {{"decision": "block", "reason": "no deletes on Fridays"}}}}
	res := decision.result with input as doc_of([m("a", 2)], "") with data.recourse.policies as p
	res.decision == "block"
	res.reasons[0] == "policy recourse.policies.strict raised the decision to block: no deletes on Fridays"
	res.policies == ["recourse.default", "recourse.policies.strict"]
}

test_user_relax if {
	p := {"dev": {"relax": {{"decision": "warn", "reason": "dev databases are disposable"}}}}
	decision.result.decision == "warn" with input as doc_of([m("a", 4)], "dev") with data.recourse.policies as p
}

test_relax_never_below_warn_for_tier2 if {
	p := {"dev": {"relax": {{"decision": "allow", "reason": "anything goes"}}}}
	decision.result.decision == "warn" with input as doc_of([m("a", 5)], "dev") with data.recourse.policies as p
}

test_relax_to_allow_when_reversible if {
	p := {"dev": {"relax": {{"decision": "allow", "reason": "x"}}}}
	decision.result.decision == "allow" with input as doc_of([m("a", 1)], "") with data.recourse.policies as p
}

test_tighten_beats_relax if {
	p := {
		"dev": {"relax": {{"decision": "warn", "reason": "x"}}},
		"sec": {"tighten": {{"decision": "escalate", "reason": "y"}}},
	}
	decision.result.decision == "escalate" with input as doc_of([m("a", 4)], "") with data.recourse.policies as p
}

test_most_conservative_relax_wins if {
	p := {
		"a": {"relax": {{"decision": "warn", "reason": "x"}}},
		"b": {"relax": {{"decision": "escalate", "reason": "y"}}},
	}
	decision.result.decision == "escalate" with input as doc_of([m("a", 4)], "") with data.recourse.policies as p
}

test_malformed_entry_is_error if {
	p := {"bad": {"tighten": {{"decision": "deny", "reason": "x"}}}}
	res := decision.result with input as doc_of([m("a", 1)], "") with data.recourse.policies as p
	count(res.errors) == 1
}

test_non_set_rule_is_error if {
	p := {"bad": {"tighten": true}}
	res := decision.result with input as doc_of([m("a", 1)], "") with data.recourse.policies as p
	count(res.errors) == 1
}

excepted(addr, tier) := object.union(m(addr, tier), {"exception": {"rule": "fs.rm.*", "match": "rm -rf ./data", "reason": "scratch data", "expires": "2027-01-31", "source": ".recourse.yaml:4"}})

# An exception caps the change it covers at warn, never lower, and no other.
test_exception_caps_at_warn if {
	decision.result.decision == "warn" with input as doc_of([excepted("rm -rf ./data", 4)], "")
	decision.result.reasons == ["rm -rf ./data is l (tier 4, excepted until 2027-01-31 by .recourse.yaml:4: scratch data): r"] with input as doc_of([excepted("rm -rf ./data", 4)], "")
}

baselined(addr, tier) := object.union(m(addr, tier), {"exception": {"rule": "aws.rds.*", "match": addr, "reason": "accepted in the baseline written 2026-11-29", "expires": "", "source": "recourse-baseline.json"}})

test_baselined_finding_is_warn_without_an_end if {
	decision.result.decision == "warn" with input as doc_of([baselined("aws_db_instance.main", 4)], "")
	decision.result.reasons == ["aws_db_instance.main is l (tier 4, excepted by recourse-baseline.json: accepted in the baseline written 2026-11-29): r"] with input as doc_of([baselined("aws_db_instance.main", 4)], "")
}

test_exception_leaves_a_reversible_change_alone if decision.result.decision == "allow" with input as doc_of([excepted("ls", 1)], "")

test_exception_covers_only_its_change if decision.result.decision == "block" with input as doc_of([excepted("rm -rf ./data", 4), m("rm -rf ~", 4)], "")

test_exception_in_production if decision.result.decision == "warn" with input as doc_of([excepted("a", 3), excepted("b", 5)], "production")
