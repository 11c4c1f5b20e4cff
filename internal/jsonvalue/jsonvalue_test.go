package jsonvalue

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// upper is a leaf function that changes strings and keeps the rest.
func upper(v any) any {
	if s, ok := v.(string); ok {
		return strings.ToUpper(s)
	}
	return v
}

func TestMap(t *testing.T) {
	for _, c := range []struct {
		name string
		in   any
		leaf func(any) any
		want any
	}{
		{"string", "a", upper, "A"},
		{"null", nil, upper, nil},
		{"number kept", json.Number("7"), upper, json.Number("7")},
		{"array", []any{"a", true, []any{"b"}}, upper, []any{"A", true, []any{"B"}}},
		{"object", map[string]any{"k": "v", "n": map[string]any{"m": []any{"x"}}}, upper,
			map[string]any{"k": "V", "n": map[string]any{"m": []any{"X"}}}},
		{"string list", []string{"a", "b"}, upper, []string{"A", "B"}},
		{"leaf sees every scalar", map[string]any{"a": 1.5, "b": false, "c": nil}, func(any) any { return "*" },
			map[string]any{"a": "*", "b": "*", "c": "*"}},
	} {
		if got := Map(c.in, c.leaf); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: Map = %#v, want %#v", c.name, got, c.want)
		}
	}
}

// TestMapCopies: the value given is never modified, however deep.
func TestMapCopies(t *testing.T) {
	in := map[string]any{"a": []any{"x", map[string]any{"b": "y"}}, "l": []string{"z"}}
	Map(in, upper)
	want := map[string]any{"a": []any{"x", map[string]any{"b": "y"}}, "l": []string{"z"}}
	if !reflect.DeepEqual(in, want) {
		t.Errorf("the input changed: %#v", in)
	}
}
