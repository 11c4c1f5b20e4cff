package jsonstrict

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func TestDuplicates(t *testing.T) {
	tests := []struct {
		in    string
		field string // "" when no duplicate
	}{
		{`{"a":1,"b":2}`, ""},
		{`{"a":1,"a":2}`, "a"},
		{`{"resource_changes":[{"change":{"actions":["delete"],"actions":["no-op"]}}]}`, "resource_changes[0].change.actions"},
		{`{"x":{"a":1},"y":{"a":1}}`, ""},
		{`{"a":1,"\u0061":2}`, "a"},
		{`{"tool_input":{"command":"rm -rf /","Command":"ls"}}`, ""},
		{`[{"k":1},{"k":2,"k":3}]`, "[1].k"},
		{`{"s":"a\"b","s":"c"}`, "s"},
		// Invalid UTF-8 decodes to U+FFFD: two keys of it are one (FuzzDuplicates).
		{"{\"\xcc\":0,\"\xe1\":0}", "\ufffd"},
		{`not json`, ""},
		{`{"a":1,"a"`, "a"}, // truncated, but the key is already given twice
		{strings.Repeat("[", 20000) + strings.Repeat("]", 20000), ""},
	}
	for _, tt := range tests {
		err := Duplicates([]byte(tt.in))
		switch {
		case tt.field == "" && err != nil:
			t.Errorf("%.60s: %v", tt.in, err)
		case tt.field != "" && (err == nil || !strings.Contains(err.Error(), tt.field+": ")):
			t.Errorf("%.60s: %v, want a duplicate at %s", tt.in, err, tt.field)
		}
	}
	// Many keys: the map path.
	var b strings.Builder
	b.WriteString("{")
	for i := range 40 {
		b.WriteString(`"k` + strings.Repeat("x", i) + `":1,`)
	}
	b.WriteString(`"k":2}`)
	if err := Duplicates([]byte(b.String())); err == nil {
		t.Error("a duplicate after 40 keys was not found")
	}
}

func TestCaseVariants(t *testing.T) {
	obj := map[string]json.RawMessage{"command": nil, "Command": nil}
	if err := CaseVariants(obj, "tool_input", "command"); err == nil || !strings.Contains(err.Error(), "tool_input.Command") {
		t.Fatalf("err %v", err)
	}
	if err := CaseVariants(map[string]json.RawMessage{"command": nil}, "", "command"); err != nil {
		t.Fatal(err)
	}
}

// FuzzDuplicates: Duplicates never panics, and for well-formed JSON it
// agrees with a decoder that counts keys.
func FuzzDuplicates(f *testing.F) {
	for _, s := range []string{`{"a":1,"a":2}`, `{"a":[{"b":1,"b":2}]}`, `{"\u0061":1,"a":2}`, `[]`, `"x"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		err := Duplicates([]byte(s))
		if !json.Valid([]byte(s)) {
			return
		}
		if want := hasDuplicate(json.NewDecoder(strings.NewReader(s))); want != (err != nil) {
			t.Fatalf("%q: Duplicates says %v, the decoder %v", s, err, want)
		}
	})
}

// TestKeys: the member names of an object, unescaped, in order; none for
// anything that is not a well-formed object; the duplicate's error.
func TestKeys(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
		dup  bool
	}{
		{`{"server":"s","tool":"t","arguments":{"tool":1}}`, []string{"server", "tool", "arguments"}, false},
		{` {"\u0074ool":1, "Tool":2} `, []string{"tool", "Tool"}, false},
		{`{}`, []string{}, false},
		{`{"a":1,"\u0061":2}`, nil, true},
		{`{"a":{"b":1,"b":2}}`, nil, true},
		{`{"a":1`, nil, false},
		{`{"a":1} x`, nil, false},
		{`[{"a":1}]`, nil, false},
		{`"a"`, nil, false},
		{``, nil, false},
	} {
		got, err := Keys([]byte(tc.in))
		if (err != nil) != tc.dup || !slices.Equal(got, tc.want) || (got == nil) != (tc.want == nil) {
			t.Errorf("Keys(%s) = %q, %v; want %q, duplicate %v", tc.in, got, err, tc.want, tc.dup)
		}
	}
}

// FuzzKeys: for a well-formed object with each key once, Keys names the
// members a decoder reads into a map; for anything else, none.
func FuzzKeys(f *testing.F) {
	for _, s := range []string{`{"a":1,"b":[{"a":2}]}`, `{"\u0061":1}`, `{"a":1,"a":2}`, `[{"a":1}]`, `{"a":1}{}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		keys, err := Keys([]byte(s))
		var m map[string]json.RawMessage
		isObject := json.Unmarshal([]byte(s), &m) == nil && m != nil
		switch {
		case err != nil:
			// A key given twice before the text breaks is reported too.
			if json.Valid([]byte(s)) && !hasDuplicate(json.NewDecoder(strings.NewReader(s))) {
				t.Fatalf("%q: duplicate reported: %v", s, err)
			}
		case !isObject:
			if keys != nil {
				t.Fatalf("%q: keys %q of something that is not an object", s, keys)
			}
		default:
			if len(keys) != len(m) {
				t.Fatalf("%q: keys %q, the decoder %d members", s, keys, len(m))
			}
			for _, k := range keys {
				if _, ok := m[k]; !ok {
					t.Fatalf("%q: key %q is not one the decoder read", s, k)
				}
			}
		}
	})
}

// hasDuplicate walks the decoder's tokens and reports a key given twice
// in one object.
func hasDuplicate(dec *json.Decoder) bool {
	type frame struct {
		object bool
		keys   map[string]bool
		key    bool // the next token is a key
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		top := (*frame)(nil)
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if top != nil && top.object && top.key {
			if d, ok := tok.(json.Delim); ok && d == '}' {
				stack = stack[:len(stack)-1]
				continue
			}
			k := tok.(string)
			if top.keys[k] {
				return true
			}
			top.keys[k], top.key = true, false
			continue
		}
		if top != nil && top.object {
			top.key = true
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{object: true, keys: map[string]bool{}, key: true})
		case json.Delim('['):
			stack = append(stack, &frame{})
		case json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
	}
}
