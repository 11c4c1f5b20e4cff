package programs

import (
	"strings"
	"testing"
)

// TestInlineWriteTargets reads the files inline code writes by a string
// literal, and refuses code that names one any other way.
func TestInlineWriteTargets(t *testing.T) {
	for _, c := range []struct {
		script string
		want   string // joined by |; "!" when refused
	}{
		{`open("out.txt","w").write("hi")`, "out.txt"},
		{`json.dump(d, open( 'a/b.json' , "w"))`, "a/b.json"},
		{`Path("docs/x.md").write_text("x")`, "docs/x.md"},
		{`pathlib.Path( 'y' ).write_bytes(b)`, "y"},
		{`require("fs").writeFileSync("o.json", s); fs.writeFile("p.json", s, cb)`, "o.json|p.json"},
		{`open(name, "w")`, "!"},
		{`open("a\"b", "w")`, "!"},
		{`Path(base / "x").write_text("")`, "!"},
		{`p.write_text("x")`, "!"},
		{`reopen("x")`, "x"}, // read as destructiveScript reads open(: a substring, so a target more, never one less
		{`print(1)`, ""},
	} {
		got, ok := inlineWriteTargets(c.script, withoutStrings(c.script))
		s := strings.Join(got, "|")
		if !ok {
			s = "!"
		}
		if s != c.want {
			t.Errorf("%s: %q, want %q", c.script, s, c.want)
		}
	}
}

// FuzzInlineWriteTargets: any code is read without a panic, and every
// target read is a literal of the code.
func FuzzInlineWriteTargets(f *testing.F) {
	for _, s := range []string{`open("a","w")`, `Path('x').write_text(1)`, `fs.writeFileSync("x",y)`, `open(`, `Path(").write_text(`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		src := withoutStrings(script)
		if len(src) != len(script) {
			t.Skip()
		}
		got, _ := inlineWriteTargets(script, src)
		for _, g := range got {
			if !strings.Contains(script, g) {
				t.Fatalf("%q: target %q is not in the code", script, g)
			}
		}
	})
}
