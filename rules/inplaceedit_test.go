package rules

import (
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

// inPlaceCmd makes a command of literal words.
func inPlaceCmd(program string, args ...string) *model.Command {
	c := &model.Command{Program: program}
	for _, a := range args {
		c.Args = append(c.Args, model.Arg{Value: a})
	}
	return c
}

// TestReadInPlace reads sed -i and perl -i as GNU sed 4.9 and perl 5
// (perlrun) read them: the suffix is attached to -i, so -ie is the
// suffix "e", and the script is the first operand unless -e gives it.
func TestReadInPlace(t *testing.T) {
	cases := []struct {
		line   string
		files  string // "-": not an in-place edit read here
		suffix string
	}{
		{"sed -i s/a/b/ f.txt", "f.txt", ""},
		{"sed -i.bak s/a/b/ f.txt g.txt", "f.txt g.txt", ".bak"},
		{"sed --in-place=.orig -e s/a/b/ f.txt", "f.txt", ".orig"},
		{"sed --in-place s/a/b/ f.txt", "f.txt", ""},
		{"sed -ie s/a/b/ f.txt", "f.txt", "e"},
		{"sed -i -e s/a/b/ -e s/c/d/ f.txt", "f.txt", ""},
		{"sed -ni -f prog.sed f.txt", "f.txt", ""},
		{"sed -Ei s/a/b/ f.txt", "f.txt", ""},
		{"sed -i -- s/a/b/ -f.txt", "-f.txt", ""},
		{"sed s/a/b/ f.txt", "-", ""},
		{"sed -i s/a/b/", "-", ""},
		{"sed -i --frobnicate s/a/b/ f.txt", "-", ""},
		{"perl -pi -e s/a/b/ f.txt", "f.txt", ""},
		{"perl -pi.bak -e s/a/b/ f.txt", "f.txt", ".bak"},
		{"perl -i.orig -pe s/a/b/ f.txt g.txt", "f.txt g.txt", ".orig"},
		{"perl -i -p prog.pl f.txt", "f.txt", ""},
		{"perl -pie s/a/b/ f.txt", "f.txt", "e"}, // -i takes "e": s/a/b/ is the program file
		{"perl -pe s/a/b/ f.txt", "-", ""},
		{"perl -pi -M strict -e 1 f.txt", "-", ""},
		{"awk -i inplace 1 f.txt", "-", ""},
	}
	for _, c := range cases {
		f := strings.Fields(c.line)
		ip, ok := ReadInPlace(inPlaceCmd(f[0], f[1:]...))
		var got []string
		for _, a := range ip.Files {
			got = append(got, a.Value)
		}
		switch {
		case c.files == "-" && ok:
			t.Errorf("%q: read as an in-place edit of %v", c.line, got)
		case c.files != "-" && (!ok || strings.Join(got, " ") != c.files || ip.Suffix != c.suffix):
			t.Errorf("%q: files %v suffix %q ok %v, want %s suffix %q", c.line, got, ip.Suffix, ok, c.files, c.suffix)
		}
	}
	if _, ok := ReadInPlace(&model.Command{Program: "sed", Args: []model.Arg{{Value: "-i"}, {Value: "s/a/b/"}, {Value: "$F", Dynamic: true}}}); ok {
		t.Error("a file only known at run time was read")
	}
	if b, ok := InPlaceBackupName("src/a.go", ".bak"); !ok || b != "src/a.go.bak" {
		t.Errorf("backup of src/a.go: %q %v", b, ok)
	}
	if _, ok := InPlaceBackupName("a.go", "old/*"); ok {
		t.Error("a suffix with * was read")
	}
}

// FuzzReadInPlace: any words are read without panicking, and what is read
// as files are words of the command.
func FuzzReadInPlace(f *testing.F) {
	f.Add("sed", "-i.bak s/a/b/ f.txt")
	f.Add("perl", "-pi -e s/a/b/ f.txt")
	f.Add("sed", "-ie")
	f.Fuzz(func(t *testing.T, program, line string) {
		c := inPlaceCmd(program, strings.Fields(line)...)
		ip, ok := ReadInPlace(c)
		if !ok {
			return
		}
		for _, a := range ip.Files {
			if !strings.Contains(line, a.Value) {
				t.Fatalf("%q %q: file %q is no word of the line", program, line, a.Value)
			}
		}
	})
}
