package ojson

import (
	"testing"
)

// TestRoundTrip: a document written back keeps its keys' order and
// values; duplicate keys and trailing data are refused.
func TestRoundTrip(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"z":1,"a":{"y":[1,2.50,"x<y"],"b":null},"m":true}`, "{\n  \"z\": 1,\n  \"a\": {\n    \"y\": [\n      1,\n      2.50,\n      \"x<y\"\n    ],\n    \"b\": null\n  },\n  \"m\": true\n}\n"},
		{`{}`, "{}\n"},
		{`[]`, "[]\n"},
	}
	for _, tt := range tests {
		v, err := Parse([]byte(tt.in))
		if err != nil {
			t.Fatalf("%s: %v", tt.in, err)
		}
		got, err := Marshal(v)
		if err != nil || string(got) != tt.want {
			t.Errorf("%s: got %q, want %q (%v)", tt.in, got, tt.want, err)
		}
	}
	for _, bad := range []string{`{"a":1,"a":2}`, `{"a":1} {}`, `{"a":`, ``} {
		if _, err := Parse([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestObjectEdits: Set appends new keys and keeps old places; Delete
// removes one.
func TestObjectEdits(t *testing.T) {
	o := NewObject("a", 1, "b", 2)
	o.Set("c", 3)
	o.Set("a", 9)
	o.Delete("b")
	got, _ := Marshal(o)
	if string(got) != "{\n  \"a\": 9,\n  \"c\": 3\n}\n" {
		t.Errorf("got %q", got)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(`{"hooks":{"PreToolUse":[{"matcher":"*"}]}}`)
	f.Fuzz(func(t *testing.T, in string) {
		v, err := Parse([]byte(in))
		if err != nil {
			return
		}
		out, err := Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		again, err := Parse(out)
		if err != nil {
			t.Fatalf("%q wrote %q, which does not parse: %v", in, out, err)
		}
		out2, _ := Marshal(again)
		if string(out) != string(out2) {
			t.Fatalf("not stable: %q then %q", out, out2)
		}
	})
}
