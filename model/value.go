package model

import (
	"strconv"
	"strings"
)

// Side selects which of a Mutation's objects a lookup reads.
type Side int

// The two sides of a change.
const (
	Before Side = iota
	After
)

// State says what a lookup found.
type State int

// The states of a looked-up value.
const (
	// Absent: the object or the attribute is not in the input. A rule that
	// needs it lacks evidence.
	Absent State = iota
	// Known: the input carries the value (which may be null).
	Known
	// Unknown: the value is only known after apply (Terraform's
	// after_unknown); it is never assumed safe.
	Unknown
)

// Value is the result of looking up an attribute path in a Mutation.
type Value struct {
	Path      string
	V         any
	State     State
	Sensitive bool
	// FromEvidence is set when the value came from Mutation.Evidence.
	FromEvidence bool
}

// MissingKey is how a missing value is named in MissingEvidence and in
// Mutation.Evidence: its path, prefixed "after:" when it is known only after
// apply.
func (v Value) MissingKey() string {
	if v.State == Unknown {
		return "after:" + v.Path
	}
	return v.Path
}

// Lookup reads the attribute at path ("point_in_time_recovery.0.enabled")
// from the before or after object, with its known-ness and sensitivity.
// Numeric segments index lists.
func (m *Mutation) Lookup(side Side, path string) Value {
	v := m.lookup(side, path)
	if v.State != Known && m.Evidence != nil {
		if ev, ok := m.Evidence[v.MissingKey()]; ok {
			v.V, v.State, v.FromEvidence = ev, Known, true
		}
	}
	return v
}

func (m *Mutation) lookup(side Side, path string) Value {
	v := Value{Path: path}
	segs := strings.Split(path, ".")
	obj, unknown, sensitive := any(m.Before), any(nil), m.BeforeSensitive
	if side == After {
		obj, unknown, sensitive = any(m.After), m.AfterUnknown, m.AfterSensitive
	}
	v.Sensitive = marked(sensitive, segs)
	if side == After && marked(unknown, segs) {
		v.State = Unknown
		return v
	}
	if m.objectMissing(side) {
		return v
	}
	if _, ok := walk(obj, segs[:1]); !ok {
		return v
	}
	// The top-level attribute is there: a nested block that is empty or
	// shorter than the path is an unset (null) value, not missing evidence.
	v.V, _ = walk(obj, segs)
	v.State = Known
	return v
}

func (m *Mutation) objectMissing(side Side) bool {
	if side == After {
		return m.After == nil
	}
	return m.Before == nil
}

// ValueAt reads the value at path ("versioning.0.enabled") from a
// resource's values, as Lookup reads a mutation's: numeric segments index
// lists. ok is false when the path is not there.
func ValueAt(values map[string]any, path string) (v any, ok bool) {
	return walk(values, strings.Split(path, "."))
}

// walk follows segs through nested maps and lists.
func walk(cur any, segs []string) (any, bool) {
	for _, s := range segs {
		switch c := cur.(type) {
		case map[string]any:
			next, ok := c[s]
			if !ok {
				return nil, false
			}
			cur = next
		case []any:
			i, err := strconv.Atoi(s)
			if err != nil || i < 0 || i >= len(c) {
				return nil, false
			}
			cur = c[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

// marked reports whether a Terraform marker tree (after_unknown,
// before_sensitive, after_sensitive) holds true at path or at any of its
// ancestors: a whole object marked unknown or sensitive marks everything
// inside it.
func marked(tree any, segs []string) bool {
	cur := tree
	for i := 0; ; i++ {
		if b, ok := cur.(bool); ok {
			return b
		}
		if i == len(segs) {
			return false
		}
		next, ok := walk(cur, segs[i:i+1])
		if !ok {
			return false
		}
		cur = next
	}
}

// IsSensitive reports whether the value at path is marked sensitive on
// either side of the change.
func (m *Mutation) IsSensitive(path string) bool {
	segs := strings.Split(path, ".")
	return marked(m.BeforeSensitive, segs) || marked(m.AfterSensitive, segs)
}
