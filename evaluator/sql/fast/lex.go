package fast

import (
	"errors"
	"strings"
	"sync"
	"unicode/utf8"
)

// This file is the lexer of the fast path (fast.go): it reads the tokens
// of PostgreSQL's SQL as PostgreSQL's scanner (src/backend/parser/scan.l)
// reads them, for the part of the language the fast path's grammar
// takes, and refuses everything else. A refusal is never an answer: the
// text then goes to the full parser. So the lexer only has to be exact for
// what it accepts, and to refuse whatever it is not sure of: escape
// strings with backslashes, bit and national strings, Unicode escapes,
// parameters, casts, operators it does not know, numbers that are not
// small decimal integers, identifiers PostgreSQL would truncate, control
// and non-ASCII characters outside literals and comments.

// tokKind is what a token is.
type tokKind int

const (
	tWord   tokKind = iota + 1 // an unquoted identifier or keyword, lower-cased
	tQuoted                    // a quoted identifier, as written between the quotes
	tString                    // a string constant: '…', E'…' without backslashes, or $tag$…$tag$
	tInt                       // a decimal integer constant of at most nine digits
	tOp                        // an operator: = <> != < > <= >= + - * / % ||
	tPunct                     // ( ) , . ;
)

// token is one token of the text: its kind, its value (a word lower-cased,
// a string's contents, an operator's or punctuation's characters) and its
// byte offset.
type token struct {
	kind tokKind
	val  string
	pos  int
	// comment reports a comment between this token and the one before:
	// libpg_query's look-ahead (NOT IN) does not see past one.
	comment bool
}

// errRefused is the lexer's and the grammar's one answer for text they do
// not take; the caller then asks the full parser.
var errRefused = errors.New("not in the fast path's grammar")

// maxIdent is the longest identifier PostgreSQL keeps whole (NAMEDATALEN
// - 1); a longer one it truncates, which the fast path does not copy.
const maxIdent = 63

// knownOps are the operators the grammar takes, spelt as the scanner reads
// them (a run of operator characters).
var knownOps = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"=": true, "<>": true, "!=": true, "<": true, ">": true, "<=": true, ">=": true,
		"+": true, "-": true, "*": true, "/": true, "%": true, "||": true}
})

// lex returns the tokens of text, or errRefused.
func lex(text string) ([]token, error) {
	if !utf8.ValidString(text) || strings.IndexByte(text, 0) >= 0 {
		return nil, errRefused
	}
	var out []token
	comment := false
	for i := 0; i < len(text); {
		c := text[i]
		before := len(out)
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
		case strings.HasPrefix(text[i:], "--"):
			i, comment = lineCommentEnd(text, i), true
		case strings.HasPrefix(text[i:], "/*"):
			end, err := blockCommentEnd(text, i)
			if err != nil {
				return nil, err
			}
			i, comment = end, true
		case c == '\'':
			val, end, err := quoted(text, i, '\'')
			if err != nil {
				return nil, err
			}
			out = append(out, token{kind: tString, val: val, pos: i})
			i = end
		case (c == 'e' || c == 'E') && i+1 < len(text) && text[i+1] == '\'':
			val, end, err := quoted(text, i+1, '\'')
			if err != nil || strings.Contains(text[i+1:end], `\`) {
				return nil, errRefused // escapes are not decoded here
			}
			out = append(out, token{kind: tString, val: val, pos: i})
			i = end
		case c == '"':
			val, end, err := quoted(text, i, '"')
			if err != nil || val == "" || len(val) > maxIdent || !ascii(val) {
				return nil, errRefused
			}
			out = append(out, token{kind: tQuoted, val: val, pos: i})
			i = end
		case c == '$':
			val, end, err := dollarQuoted(text, i)
			if err != nil {
				return nil, err
			}
			out = append(out, token{kind: tString, val: val, pos: i})
			i = end
		case identStart(c):
			end := i + 1
			for end < len(text) && identCont(text[end]) {
				end++
			}
			if end < len(text) && text[end] == '\'' || end-i > maxIdent {
				return nil, errRefused // B'…', X'…', N'…', U&'…' and the like; a truncated name
			}
			out = append(out, token{kind: tWord, val: strings.ToLower(text[i:end]), pos: i})
			i = end
		case isDigit(c):
			end := i
			for end < len(text) && isDigit(text[end]) {
				end++
			}
			if end-i > 9 || end < len(text) && (identCont(text[end]) || text[end] == '.') {
				return nil, errRefused // big, real, hexadecimal or with junk: the full parser's
			}
			out = append(out, token{kind: tInt, val: text[i:end], pos: i})
			i = end
		case strings.ContainsRune("(),.;", rune(c)):
			if c == '.' && i+1 < len(text) && isDigit(text[i+1]) {
				return nil, errRefused // .5
			}
			out = append(out, token{kind: tPunct, val: string(c), pos: i})
			i++
		case isOpChar(c):
			end := opEnd(text, i)
			if !knownOps()[text[i:end]] {
				return nil, errRefused
			}
			out = append(out, token{kind: tOp, val: text[i:end], pos: i})
			i = end
		default:
			return nil, errRefused // [ ] : ^ and other characters, control and non-ASCII ones
		}
		if len(out) > before {
			out[before].comment, comment = comment, false
		}
	}
	return out, nil
}

// lineCommentEnd is the end of the -- comment that starts at i: the end of
// its line (the newline is whitespace).
func lineCommentEnd(text string, i int) int {
	for i < len(text) && text[i] != '\n' && text[i] != '\r' {
		i++
	}
	return i
}

// blockCommentEnd is the end of the /* comment that starts at i; block
// comments nest in PostgreSQL.
func blockCommentEnd(text string, i int) (int, error) {
	depth := 0
	for i < len(text) {
		switch {
		case strings.HasPrefix(text[i:], "/*"):
			depth++
			i += 2
		case strings.HasPrefix(text[i:], "*/"):
			depth--
			i += 2
			if depth == 0 {
				return i, nil
			}
		default:
			i++
		}
	}
	return 0, errRefused // unterminated
}

// quoted reads a literal quoted by q from i (at the opening quote): its
// value, with doubled quotes made single, and the end.
func quoted(text string, i int, q byte) (string, int, error) {
	var b strings.Builder
	for j := i + 1; j < len(text); j++ {
		if text[j] != q {
			b.WriteByte(text[j])
			continue
		}
		if j+1 < len(text) && text[j+1] == q {
			b.WriteByte(q)
			j++
			continue
		}
		return b.String(), j + 1, nil
	}
	return "", 0, errRefused // unterminated
}

// dollarQuoted reads $tag$…$tag$ from i. A $ that does not open one (a
// parameter $1) is refused.
func dollarQuoted(text string, i int) (string, int, error) {
	j := i + 1
	if j < len(text) && text[j] != '$' {
		if !identStart(text[j]) {
			return "", 0, errRefused
		}
		for j < len(text) && identCont(text[j]) && text[j] != '$' {
			j++
		}
	}
	if j >= len(text) || text[j] != '$' {
		return "", 0, errRefused
	}
	tag := text[i : j+1]
	body := j + 1
	end := strings.Index(text[body:], tag)
	if end < 0 {
		return "", 0, errRefused
	}
	return text[body : body+end], body + end + len(tag), nil
}

// opEnd is the end of the run of operator characters from i, cut where a
// comment starts inside it, as scan.l cuts it.
func opEnd(text string, i int) int {
	end := i + 1
	for end < len(text) && isOpChar(text[end]) {
		if strings.HasPrefix(text[end:], "--") || strings.HasPrefix(text[end:], "/*") {
			break
		}
		end++
	}
	return end
}

func isOpChar(c byte) bool   { return strings.IndexByte("~!@#^&|`?+-*/%<>=", c) >= 0 }
func isDigit(c byte) bool    { return c >= '0' && c <= '9' }
func identStart(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }
func identCont(c byte) bool  { return identStart(c) || isDigit(c) || c == '$' }

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf || s[i] < ' ' {
			return false
		}
	}
	return true
}
