package rules

import (
	"fmt"
	"slices"

	"github.com/recourse-dev/recourse/model"
)

// A Keyer finds the key of a change: for git, its subcommand. Rows whose
// condition is Keyed by a Keyer are filed under their key, and a judgement
// reads only the rows filed under the change's key (and the rows filed
// under none), so that git status does not evaluate the rows of reset,
// clean and push. Keyers are compared by identity: a type's keyed rows
// must all use the same one.
type Keyer struct {
	// Name describes the key ("git subcommand").
	Name string
	// Of returns the change's key, or false when it has none.
	Of func(m *model.Mutation) (string, bool)
}

// Keyed is a condition that can only hold for changes whose key, as its
// Keyer finds it, is Key.
type Keyed interface {
	Cond
	Key() (*Keyer, string)
}

// keyIndex is one type's rows filed by key.
type keyIndex struct {
	keyer *Keyer
	// byKey holds, for each key, the rows filed under it and the rows
	// filed under none, in table order.
	byKey map[string][]*Rule
	// unkeyed are the rows filed under no key, for a change whose key
	// no row names.
	unkeyed []*Rule
}

// indexKeys files the rows of each type that has keyed rows. It fails
// when one type's rows use two keyers.
func indexKeys(byType map[string][]*Rule) (map[string]*keyIndex, error) {
	out := map[string]*keyIndex{}
	for typ, rows := range byType {
		var ix *keyIndex
		for _, r := range rows {
			keyer, _, ok := keysOf(r.When)
			if !ok {
				continue
			}
			if ix == nil {
				ix = &keyIndex{keyer: keyer, byKey: map[string][]*Rule{}}
			}
			if keyer != ix.keyer {
				return nil, fmt.Errorf("rule %s: the keyed rows of %s use different keyers", r.ID, typ)
			}
		}
		if ix == nil {
			continue
		}
		for _, r := range rows {
			_, keys, ok := keysOf(r.When)
			if !ok {
				ix.unkeyed = append(ix.unkeyed, r)
				continue
			}
			for _, key := range keys {
				if _, seen := ix.byKey[key]; !seen {
					ix.byKey[key] = nil
				}
			}
		}
		for key := range ix.byKey {
			for _, r := range rows {
				if _, keys, ok := keysOf(r.When); !ok || slices.Contains(keys, key) {
					ix.byKey[key] = append(ix.byKey[key], r)
				}
			}
		}
		out[typ] = ix
	}
	return out, nil
}

// keysOf returns the keys under which c can hold: a Keyed condition's
// one, or every member's of an Any whose members are all keyed by one
// Keyer (git merge --abort or rebase --abort).
func keysOf(c Cond) (*Keyer, []string, bool) {
	switch k := c.(type) {
	case Keyed:
		keyer, key := k.Key()
		return keyer, []string{key}, true
	case *anyOf:
		var keyer *Keyer
		var keys []string
		for _, sub := range k.conds {
			kr, ks, ok := keysOf(sub)
			if !ok || keyer != nil && kr != keyer {
				return nil, nil, false
			}
			keyer, keys = kr, append(keys, ks...)
		}
		return keyer, keys, keyer != nil
	}
	return nil, nil, false
}

// rows returns the rows to read for m.
func (ix *keyIndex) rows(m *model.Mutation) []*Rule {
	if key, ok := ix.keyer.Of(m); ok {
		if rows, ok := ix.byKey[key]; ok {
			return rows
		}
	}
	return ix.unkeyed
}
