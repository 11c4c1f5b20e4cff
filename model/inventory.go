package model

import (
	"fmt"
	"sort"
)

// Resource is an object the input knows about besides the change being
// judged: another change in the same plan, or a resource of the prior state.
// Rules read it to answer questions such as "is this bucket versioned?".
type Resource struct {
	Address string
	Type    string
	// Action is the change planned for the resource; empty when the
	// resource is only in the prior state and the plan leaves it alone.
	Action Action
	// Values are the attributes the resource will have after the plan
	// (for a destroyed resource: the ones it had before).
	Values map[string]any
	// Sensitive marks sensitive values in Values, like before_sensitive.
	Sensitive any
}

// Inventory indexes the resources of one input by type and by attribute
// value, so that a rule can find related resources in O(1) per lookup.
// It is built and read by one evaluation; it is not safe for concurrent use.
// The zero value is an empty inventory, and so is a nil one for every
// method but Add.
type Inventory struct {
	resources []Resource
	byAddress map[string]int
	byType    map[string][]int
	byAttr    map[attrKey]map[string][]int
}

type attrKey struct{ typ, attr string }

// NewInventory returns an empty inventory.
func NewInventory() *Inventory { return &Inventory{} }

// Add records r. A later Add for the same address replaces the earlier one
// (the planned change supersedes the prior state).
func (inv *Inventory) Add(r Resource) {
	inv.byAttr = nil // indexes are rebuilt on the next Find
	if inv.byAddress == nil {
		inv.byAddress, inv.byType = map[string]int{}, map[string][]int{}
	}
	if i, ok := inv.byAddress[r.Address]; ok {
		inv.resources[i] = r
		return
	}
	inv.byAddress[r.Address] = len(inv.resources)
	inv.byType[r.Type] = append(inv.byType[r.Type], len(inv.resources))
	inv.resources = append(inv.resources, r)
}

// Types returns the resource types the inventory holds, sorted.
func (inv *Inventory) Types() []string {
	if inv == nil {
		return nil
	}
	out := make([]string, 0, len(inv.byType))
	for t := range inv.byType {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

// Has reports whether the inventory holds a resource at address.
func (inv *Inventory) Has(address string) bool {
	if inv == nil {
		return false
	}
	_, ok := inv.byAddress[address]
	return ok
}

// Len is the number of resources in the inventory.
func (inv *Inventory) Len() int {
	if inv == nil {
		return 0
	}
	return len(inv.resources)
}

// Find returns the resources of type typ whose top-level attribute attr
// equals value (compared as their JSON scalar text). The index for a
// (type, attribute) pair is built on first use.
func (inv *Inventory) Find(typ, attr string, value any) []Resource {
	if inv == nil {
		return nil
	}
	k := attrKey{typ, attr}
	if inv.byAttr == nil {
		inv.byAttr = map[attrKey]map[string][]int{}
	}
	idx, ok := inv.byAttr[k]
	if !ok {
		idx = map[string][]int{}
		for _, i := range inv.byType[typ] {
			if v, ok := inv.resources[i].Values[attr]; ok && v != nil {
				s := scalarKey(v)
				idx[s] = append(idx[s], i)
			}
		}
		inv.byAttr[k] = idx
	}
	var out []Resource
	for _, i := range idx[scalarKey(value)] {
		out = append(out, inv.resources[i])
	}
	return out
}

func scalarKey(v any) string { return fmt.Sprint(v) }
