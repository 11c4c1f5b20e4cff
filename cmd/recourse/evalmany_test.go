package main

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzSplitNDJSON: whatever stdin holds, the split gives at least one
// input, drops no byte of a document it could not read, and names every
// input.
func FuzzSplitNDJSON(f *testing.F) {
	for _, s := range []string{"", "{}", "{}\n{}\n", "{\"a\":1}\n{bad", "  \n\n[1]\n\"x\"", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		ins, err := splitNDJSON(strings.NewReader(in))
		if err != nil {
			return
		}
		if len(ins) == 0 {
			t.Fatalf("%q: no input", in)
		}
		for _, i := range ins {
			if i.name == "" || i.data == nil && in != "" {
				t.Fatalf("%q: input %+v", in, i)
			}
			if len(ins) > 1 && !bytes.Contains([]byte(in), bytes.TrimSpace(i.data)) {
				t.Fatalf("%q: %q is not in the input", in, i.data)
			}
		}
	})
}
