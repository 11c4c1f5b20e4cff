package model

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// TierCounts counts verdicts by tier. In JSON it is an object keyed by
// tier label with every tier present ({"needs-review": 0, "reversible":
// 2, …}, keys in the order encoding/json gives a map's), as reports have
// always written it; an array rather than a map, it costs a summary no
// allocation.
type TierCounts [TierNeedsReview + 1]int

// Of returns the count for tier t (0 for an invalid tier).
func (c *TierCounts) Of(t Tier) int {
	if !t.Valid() {
		return 0
	}
	return c[t]
}

// Add counts one verdict of tier t; it reports false, counting nothing,
// for an invalid tier.
func (c *TierCounts) Add(t Tier) bool {
	if !t.Valid() {
		return false
	}
	c[t]++
	return true
}

// byLabel are the tiers in the order of their labels.
var byLabel = [...]Tier{TierNeedsReview, TierRecoverableFromBackup, TierRecoverableWithEffort, TierReversible, TierUnrecoverable}

// MarshalJSON writes the counts as an object keyed by label.
func (c TierCounts) MarshalJSON() ([]byte, error) {
	b := append(make([]byte, 0, 128), '{')
	for i, t := range byLabel {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, t.Label()...)
		b = append(b, '"', ':')
		b = strconv.AppendInt(b, int64(c[t]), 10)
	}
	return append(b, '}'), nil
}

// UnmarshalJSON reads an object keyed by label; a key that is not a
// tier's label is an error.
func (c *TierCounts) UnmarshalJSON(b []byte) error {
	var m map[string]int
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*c = TierCounts{}
	for label, n := range m {
		t, ok := tierOfLabel(label)
		if !ok {
			return fmt.Errorf("tierCounts: %q is not a tier label (want one of %s)", label, strings.Join(labels(), ", "))
		}
		c[t] = n
	}
	return nil
}

func tierOfLabel(label string) (Tier, bool) {
	for _, t := range Tiers {
		if t.Label() == label {
			return t, true
		}
	}
	return 0, false
}

func labels() []string {
	out := make([]string, len(byLabel))
	for i, t := range byLabel {
		out[i] = t.Label()
	}
	return out
}
