// Package shellword reads a shell word (mvdan.cc/sh's syntax.Word) as the
// text it is when the word is plain: literal text and quotes only, as
// several readers of command lines need it (install's reading of a hook's
// command, redaction's reading of a line's arguments).
package shellword

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Literal returns w's value when it is made of literal text, single and
// double quotes only, and false when any part of it is decided when the
// line runs (an expansion, a substitution) or is spelt with escapes that
// bash decodes ($'…').
func Literal(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			if p.Dollar {
				return "", false
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				b.WriteString(l.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}
