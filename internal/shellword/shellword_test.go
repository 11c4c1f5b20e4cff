package shellword

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

func TestLiteral(t *testing.T) {
	tests := []struct {
		word, want string
		ok         bool
	}{
		{`plain`, "plain", true},
		{`'single quoted'`, "single quoted", true},
		{`"double quoted"`, "double quoted", true},
		{`a'b'"c"`, "abc", true},
		{`$HOME`, "", false},
		{`"$HOME/x"`, "", false},
		{`$(whoami)`, "", false},
		{`$'a\nb'`, "", false},
	}
	for _, tt := range tests {
		f, err := syntax.NewParser().Parse(strings.NewReader("echo "+tt.word), "")
		if err != nil {
			t.Fatal(err)
		}
		w := f.Stmts[0].Cmd.(*syntax.CallExpr).Args[1]
		got, ok := Literal(w)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%s: %q %v, want %q %v", tt.word, got, ok, tt.want, tt.ok)
		}
	}
}
