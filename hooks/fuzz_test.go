package hooks

import (
	"testing"
)

// FuzzRead: every host reads any bytes into a call with something to
// evaluate, or an error; never a panic, never a call with no parts (which
// Run would have nothing to judge by).
func FuzzRead(f *testing.F) {
	for _, cases := range hostCases {
		for _, c := range cases {
			f.Add(c.input)
		}
	}
	hosts := All()
	f.Fuzz(func(t *testing.T, input string) {
		for _, h := range hosts {
			call, err := h.Read([]byte(input))
			if err == nil && len(call.Parts) == 0 {
				t.Fatalf("%s read %q into a call with nothing to evaluate", h.Name(), input)
			}
		}
	})
}

// FuzzPatchFiles: an apply_patch envelope is read into file operations
// each naming a path, or refused.
func FuzzPatchFiles(f *testing.F) {
	f.Add("*** Begin Patch\n*** Add File: a\n+x\n*** Update File: b\n*** Move to: c\n@@\n-a\n+b\n*** Delete File: d\n*** End Patch\n")
	f.Fuzz(func(t *testing.T, patch string) {
		ops, err := patchFiles(patch)
		if err != nil {
			return
		}
		if len(ops) == 0 {
			t.Fatal("no operations and no error")
		}
		for _, op := range ops {
			if op.tool == "" || len(op.args) == 0 {
				t.Fatalf("operation %+v of %q", op, patch)
			}
		}
	})
}
