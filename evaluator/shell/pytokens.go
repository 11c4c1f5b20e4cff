package shell

import (
	"strconv"
	"strings"
)

// Python's lexical structure, read far enough to tell a call from a
// string and a literal path from one built at run time: names, string
// literals (every prefix and quoting, implicit concatenation), numbers,
// operators and the ends of logical lines. Comments are dropped. It
// follows the Python language reference, "Lexical analysis"
// (https://docs.python.org/3/reference/lexical_analysis.html, read
// 2026-11-29).

// pyKind is the kind of a Python token.
type pyKind uint8

const (
	pyName pyKind = iota
	pyString
	pyNumber
	pyOp
	pyNewline // the end of a logical line
)

// pyToken is one Python token. A string's Value is its decoded text;
// Dynamic marks an f-string, whose value is only known at run time.
type pyToken struct {
	Kind    pyKind
	Value   string
	Dynamic bool
}

// maxPyTokens bounds the tokens read from one program: beyond it the
// program is not read (the caller says so).
const maxPyTokens = 200_000

// pyTokenize splits src into tokens. It fails on an unterminated string
// or too many tokens: a program that cannot be read is never taken for
// one that does nothing.
func pyTokenize(src string) ([]pyToken, bool) {
	var out []pyToken
	depth := 0 // open brackets: a newline inside them does not end the line
	for i := 0; i < len(src); {
		if len(out) >= maxPyTokens {
			return nil, false
		}
		c := src[i]
		switch {
		case c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '\\' && i+1 < len(src) && src[i+1] == '\n':
			i += 2 // an explicit line join
		case c == '\n' || c == ';':
			if depth == 0 && len(out) > 0 && out[len(out)-1].Kind != pyNewline {
				out = append(out, pyToken{Kind: pyNewline})
			}
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\\':
			i++
		case isIdent(c) && !(c >= '0' && c <= '9') || c >= 0x80:
			j := i
			for j < len(src) && (isIdent(src[j]) || src[j] >= 0x80) {
				j++
			}
			if j < len(src) && (src[j] == '\'' || src[j] == '"') && stringPrefix(src[i:j]) {
				tok, n, ok := pyStringAt(src[i:], j-i)
				if !ok {
					return nil, false
				}
				out = appendString(out, tok)
				i += n
				continue
			}
			out = append(out, pyToken{Kind: pyName, Value: src[i:j]})
			i = j
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9':
			j := i + 1
			for j < len(src) && (isIdent(src[j]) || src[j] == '.') {
				j++
			}
			out = append(out, pyToken{Kind: pyNumber, Value: src[i:j]})
			i = j
		case c == '\'' || c == '"':
			tok, n, ok := pyStringAt(src[i:], 0)
			if !ok {
				return nil, false
			}
			out = appendString(out, tok)
			i += n
		default:
			switch c {
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				depth = max(depth-1, 0)
			}
			n := 1
			if i+1 < len(src) && strings.IndexByte("=*/<>!:-", src[i+1]) >= 0 && strings.IndexByte("=*/<>!:-+%&|^@", c) >= 0 {
				n = 2
			}
			out = append(out, pyToken{Kind: pyOp, Value: src[i : i+n]})
			i += n
		}
	}
	return out, true
}

// appendString appends a string token, joining it to a string just
// before it: "a" "b" is "ab".
func appendString(out []pyToken, tok pyToken) []pyToken {
	if n := len(out); n > 0 && out[n-1].Kind == pyString {
		out[n-1].Value += tok.Value
		out[n-1].Dynamic = out[n-1].Dynamic || tok.Dynamic
		return out
	}
	return append(out, tok)
}

// stringPrefix reports whether p is a string literal's prefix (r, b, u,
// f, and their two-letter mixes, in any case).
func stringPrefix(p string) bool {
	p = strings.ToLower(p)
	switch p {
	case "r", "u", "b", "f", "br", "rb", "fr", "rf", "t", "tr", "rt":
		return true
	}
	return false
}

// pyStringAt reads the string literal at the start of s, whose prefix is
// s[:quoteAt], and returns it and its length.
func pyStringAt(s string, quoteAt int) (pyToken, int, bool) {
	prefix := strings.ToLower(s[:quoteAt])
	raw := strings.Contains(prefix, "r")
	tok := pyToken{Kind: pyString, Dynamic: strings.ContainsAny(prefix, "ft")}
	q := s[quoteAt : quoteAt+1]
	if strings.HasPrefix(s[quoteAt:], q+q+q) {
		q = q + q + q
	}
	body := quoteAt + len(q)
	var b strings.Builder
	for i := body; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], q):
			tok.Value = b.String()
			return tok, i + len(q), true
		case s[i] == '\n' && len(q) == 1:
			return tok, 0, false
		case s[i] == '\\' && i+1 < len(s):
			if raw {
				b.WriteString(s[i : i+2])
			} else {
				pyEscape(&b, s[i+1])
			}
			i++
		default:
			b.WriteByte(s[i])
		}
	}
	return tok, 0, false
}

// pyEscape writes what the escape \c stands for; an escape it does not
// decode (\x41, \u00e9, \N{…}) is kept as written.
func pyEscape(b *strings.Builder, c byte) {
	switch c {
	case '\n':
	case 'n':
		b.WriteByte('\n')
	case 't':
		b.WriteByte('\t')
	case 'r':
		b.WriteByte('\r')
	case '0':
		b.WriteByte(0)
	case '\\', '\'', '"':
		b.WriteByte(c)
	default:
		b.WriteByte('\\')
		b.WriteByte(c)
	}
}

// pyTokenString is a token as it could be written back, for messages.
func pyTokenString(t pyToken) string {
	if t.Kind == pyString {
		return strconv.Quote(t.Value)
	}
	return t.Value
}
