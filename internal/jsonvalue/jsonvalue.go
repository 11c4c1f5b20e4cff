// Package jsonvalue walks decoded JSON values (the any that
// encoding/json gives, as MCP arguments and evidence arrive): one walk
// for every piece of code that rewrites the leaves of such a value, so
// that each handles arrays and objects the same way.
package jsonvalue

// Map returns a copy of v in which every array ([]any, or a []string
// that Go code built) and every object (map[string]any) is copied, and
// every other value x — a string, a number, a boolean, null, or a type
// JSON does not decode to — is leaf(x). The elements of a []string go
// through leaf one by one, and leaf must return a string for each. v is
// never modified.
func Map(v any, leaf func(any) any) any {
	switch x := v.(type) {
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = Map(e, leaf)
		}
		return out
	case []string:
		out := make([]string, len(x))
		for i, s := range x {
			out[i] = leaf(s).(string)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = Map(e, leaf)
		}
		return out
	}
	return leaf(v)
}
