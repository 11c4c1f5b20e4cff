package shell

import (
	"strings"
	"testing"
)

// TestFunctionCalls: a call of a function the line has defined is marked
// (F), and a fork bomb's calls as such (B); a name called before its
// definition, after a wrapper, or through command is a program.
func TestFunctionCalls(t *testing.T) {
	tests := []struct{ line, want string }{
		{"f() { echo hi; }; f", "echo hi | f F"},
		{"f; f() { echo hi; }", "f | echo hi"},
		{"function deploy { git push; }; deploy prod", "git push | deploy prod F"},
		{"f() { echo; }; sudo f", "echo | f"},
		{"f() { echo; }; command f", "echo | f"},
		{"rm() { echo; }; rm -rf ~", "echo | rm -rf ~ F"},
		{":(){ :|:& };:", ": FB | : FB | : FB"},
		{"b() { b | b; }; b", "b FB | b FB | b FB"},
		{"r() { r; }; r", "r F | r F"},
		{"bash -c 'g() { rm x; }; g'", "rm x | g F"},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			ms, err := Parse(tt.line, Options{Cwd: "/workspace/project"})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range ms {
				c := m.Command
				words := []string{c.Program}
				for _, a := range c.Args {
					words = append(words, a.Value)
				}
				s := strings.Join(words, " ")
				switch {
				case c.ForkBomb:
					s += " FB"
				case c.Function:
					s += " F"
				}
				got = append(got, s)
			}
			if g := strings.Join(got, " | "); g != tt.want {
				t.Errorf("got  %q\nwant %q", g, tt.want)
			}
		})
	}
}
