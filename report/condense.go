package report

import "github.com/recourse-dev/recourse/model"

// MaxListedMutations is the report's size ceiling: past it, mutations of
// the same rule and tier are summarised. A line of 10,000 redirections
// or a plan of thousands of like deletes otherwise produced a report tens
// of times the size of its input, which no reader, log or agent context
// can use; the summary keeps what matters: every rule and tier is listed
// at least once, and each summary says how many it stands for.
const MaxListedMutations = 1000

// SummarisedMutations stands for the mutations of one rule and tier that
// a report left out past its size ceiling. The summary's counts, the
// policy's decision and every format's totals include them.
type SummarisedMutations struct {
	RuleID string     `json:"ruleId"`
	Tier   model.Tier `json:"tier"`
	Label  string     `json:"label"`
	// Count is how many mutations this entry stands for.
	Count int `json:"count"`
	// FirstTarget is the target id of the first mutation left out.
	FirstTarget string `json:"firstTarget"`
}

type ruleTier struct {
	rule string
	tier model.Tier
}

// Condense applies the size ceiling to rep after the decision: when rep
// lists more than limit mutations, each rule and tier keeps an equal share
// of the list (at least one, the first in input order) and the rest are
// summarised in rep.MutationsSummarised. It changes nothing else: the
// summary and the decision were computed from every mutation.
func Condense(rep *ConsequenceReport, limit int) {
	if len(rep.Mutations) <= limit {
		return
	}
	var order []ruleTier
	sizes := map[ruleTier]int{}
	for _, m := range rep.Mutations {
		k := ruleTier{m.Recoverability.RuleID, m.Recoverability.Tier}
		if sizes[k] == 0 {
			order = append(order, k)
		}
		sizes[k]++
	}
	share := shares(order, sizes, limit)
	kept := make([]Mutation, 0, limit)
	seen := map[ruleTier]int{}
	left := map[ruleTier]*SummarisedMutations{}
	var summaries []*SummarisedMutations
	for _, m := range rep.Mutations {
		k := ruleTier{m.Recoverability.RuleID, m.Recoverability.Tier}
		if seen[k] < share[k] {
			seen[k]++
			kept = append(kept, m)
			continue
		}
		s := left[k]
		if s == nil {
			s = &SummarisedMutations{RuleID: k.rule, Tier: k.tier, Label: k.tier.Label(), FirstTarget: m.Intent.Target.ID}
			left[k] = s
			summaries = append(summaries, s)
		}
		s.Count++
	}
	rep.Mutations = kept
	rep.MutationsSummarised = make([]SummarisedMutations, len(summaries))
	for i, s := range summaries {
		rep.MutationsSummarised[i] = *s
	}
}

// shares divides limit list places among the groups: the small ones keep
// all their mutations, and what remains is split evenly among the large
// ones (each keeps at least one, so a report with more groups than places
// still lists every rule and tier).
func shares(order []ruleTier, sizes map[ruleTier]int, limit int) map[ruleTier]int {
	share := make(map[ruleTier]int, len(order))
	open := append([]ruleTier(nil), order...)
	for left := limit; len(open) > 0; {
		even := max(1, left/len(open))
		var next []ruleTier
		for _, k := range open {
			if sizes[k] <= even {
				share[k] = sizes[k]
				left -= sizes[k]
			} else {
				next = append(next, k)
			}
		}
		if len(next) == len(open) { // no group fits its even share: split what is left
			for _, k := range next {
				share[k] = even
			}
			break
		}
		open = next
	}
	return share
}
