package policy

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// decideDefault is default.rego compiled by hand: its result when no user
// policy is loaded, which is what Decide then runs. The Rego engine costs
// about a hundred microseconds per decision however small the input (its
// fixed cost; BenchmarkDecideSmallRego), most of the budget of a gate
// called before every shell command. The Rego file stays the
// specification: the documentation, `recourse policy test` and every user
// policy run against it, and TestDefaultMatchesRego and
// FuzzDefaultMatchesRego hold this function to its answer on every input.
// A change to one is a change to both.
func decideDefault(in Input) Result {
	prod := IsProduction(in.Environment)
	base, escalating := rankAllow, false
	for _, list := range [2][]Verdict{in.Verdicts, in.CrossActionRisks} {
		for _, v := range list {
			base = max(base, verdictRank(v, prod))
			// In production a tier 2 verdict from the classifier, which no
			// rule backs, escalates (unless an exception covers it).
			escalating = escalating || prod && classifierEffort(v)
		}
	}
	if escalating {
		base = max(base, rankEscalate)
	}

	var reasons []string
	switch count := len(in.Verdicts) + len(in.CrossActionRisks); {
	case count == 0:
		reasons = []string{"the input has no changes"}
	case base == rankAllow:
		reasons = []string{"every change is reversible or changes nothing"}
	default:
		note := ""
		if prod {
			note = fmt.Sprintf(", escalated in production environment %q", in.Environment)
		}
		for _, list := range [2][]Verdict{in.Verdicts, in.CrossActionRisks} {
			for _, v := range list {
				reasons = appendReasons(reasons, v, verdictRank(v, prod) == base, escalating && base == rankEscalate, note)
			}
		}
		slices.Sort(reasons)
		reasons = slices.Compact(reasons)
	}
	return Result{Decision: [...]model.Decision{model.Allow, model.Warn, model.Escalate, model.Block}[base], Reasons: reasons, Policies: []string{"recourse.default"}}
}

// appendReasons adds what v contributes to the reasons: the line for a
// verdict whose tier decides, and the classifier line for a tier 2
// classifier verdict that escalates in production.
func appendReasons(reasons []string, v Verdict, deciding, escalating bool, note string) []string {
	if deciding {
		tierNote := ""
		switch {
		case v.Exception != nil:
			tierNote = exceptionNote(v.Exception)
		case v.Tier == model.TierRecoverableFromBackup:
			tierNote = note
		}
		reasons = append(reasons, reasonLine(v, "", tierNote))
	}
	if escalating && classifierEffort(v) {
		reasons = append(reasons, reasonLine(v, ", from the classifier", note))
	}
	return reasons
}

// reasonLine is "ADDRESS is LABEL (tier N[FROM][NOTE]): REASONING",
// written into a buffer on the stack and copied out once: a
// concatenation of eight strings was a tenth of the policy's time.
func reasonLine(v Verdict, from, note string) string {
	var buf [512]byte
	b := append(buf[:0], v.Address...)
	b = append(b, " is "...)
	b = append(b, v.Tier.Label()...)
	b = append(b, " (tier "...)
	b = strconv.AppendInt(b, int64(v.Tier), 10)
	b = append(b, from...)
	b = append(b, note...)
	b = append(b, "): "...)
	return string(append(b, v.Reasoning...))
}

// The decision ranks, in default.rego's order.
const (
	rankAllow = iota
	rankWarn
	rankEscalate
	rankBlock
)

// tierRank is the decision rank a tier calls for (default.rego's
// tier_ranks and production_tier_ranks). A tier outside 1-5 blocks: a
// corrupt verdict is never safe.
func tierRank(t model.Tier, production bool) int {
	switch t {
	case model.TierReversible:
		return rankAllow
	case model.TierRecoverableWithEffort:
		return rankWarn
	case model.TierRecoverableFromBackup:
		if production {
			return rankEscalate
		}
		return rankWarn
	case model.TierNeedsReview:
		return rankEscalate
	}
	return rankBlock
}

func classifierEffort(v Verdict) bool {
	return v.Tier == model.TierRecoverableWithEffort && v.Source == model.FromClassifier && v.Exception == nil
}

// verdictRank is the decision rank v calls for: its tier's, capped at
// warn by an exception (default.rego's excepted_ranks).
func verdictRank(v Verdict, production bool) int {
	r := tierRank(v.Tier, production)
	if v.Exception != nil {
		r = min(r, rankWarn)
	}
	return r
}

// exceptionNote is the reason's note for an excepted change.
func exceptionNote(x *model.Exception) string {
	until := ""
	if x.Expires != "" { // a baseline's accepted findings do not end
		until = " until " + x.Expires
	}
	return ", excepted" + until + " by " + x.Source + ": " + x.Reason
}

// IsProduction is default.rego's production rule: the environments
// the default policy is stricter in.
func IsProduction(env string) bool {
	env = strings.ToLower(env)
	switch env {
	case "production", "prod", "prd", "live":
		return true
	}
	return strings.HasPrefix(env, "prod-") || strings.HasPrefix(env, "production-")
}
