package shell

import (
	"path"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// awkPipes finds the commands an awk program runs through its pipes:
// `print … | "CMD"` (and gawk's `|&`) starts CMD with the printed lines
// as its stdin, `"CMD" | getline` reads CMD's output. Each CMD is run by
// sh -c, so it is returned for analysis; when CMD is itself a shell, the
// printed lines are the script it runs, and a print of one string literal
// is returned in its place. dynamic reports a pipe whose command, or
// whose script, is built at run time.
//
// The program is read as tokens, so that a | inside a string ("a|b") or a
// regular expression (/a|b/) is not a pipe and || is an or.
func awkPipes(toks []awkToken) (cmds []string, dynamic bool) {
	for i, t := range toks {
		if t.kind != '|' {
			continue
		}
		var next, prev awkToken
		if i+1 < len(toks) {
			next = toks[i+1]
		}
		if i > 0 {
			prev = toks[i-1]
		}
		if next.kind == 'w' && next.text == "getline" { // CMD | getline
			if prev.kind != '"' {
				dynamic = true
				continue
			}
			cmds = append(cmds, prev.text)
			continue
		}
		if next.kind != '"' { // print … | cmd, a variable
			dynamic = true
			continue
		}
		if !runsShell(next.text) {
			cmds = append(cmds, next.text)
			continue
		}
		if script, ok := printedLiteral(toks[:i]); ok {
			cmds = append(cmds, script)
		} else {
			dynamic = true
		}
	}
	return cmds, dynamic
}

// awkOutputs returns the files a print or printf writes through an output
// redirection: `print … > "FILE"` truncates FILE when the program first
// writes it, `>>` appends. Inside a print statement, and outside
// parentheses, > redirects; elsewhere it compares. A file named at run
// time (print > $1 ".txt") is a dynamic target.
func awkOutputs(toks []awkToken) []model.Redirect {
	var out []model.Redirect
	inPrint, depth := false, 0
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.isPrint():
			inPrint, depth = true, 0
		case awkStatementEnd(t.kind) || t.kind == '{':
			inPrint = false
		case t.kind == '(':
			depth++
		case t.kind == ')':
			depth--
		case t.kind == '>' && inPrint && depth == 0:
			op := ">"
			if i+1 < len(toks) && toks[i+1].kind == '>' {
				op, i = ">>", i+1
			}
			target := model.Arg{Value: "$(awk)", Dynamic: true}
			if i+1 < len(toks) && toks[i+1].kind == '"' && (i+2 >= len(toks) || awkStatementEnd(toks[i+2].kind)) {
				target = model.Arg{Value: toks[i+1].text}
			}
			out = append(out, model.Redirect{Op: op, Target: target})
			inPrint = false
		}
	}
	return out
}

// awkStatementEnd reports whether a token of kind k ends a statement.
func awkStatementEnd(k byte) bool { return k == ';' || k == '}' || k == '\n' }

// runsShell reports whether an awk pipe's command is a shell reading its
// script from stdin ("sh", "/bin/bash", "bash -s").
func runsShell(cmd string) bool {
	f := strings.Fields(cmd)
	if len(f) == 0 {
		return false
	}
	if !shells[path.Base(f[0])] {
		return false
	}
	for _, a := range f[1:] {
		if a == "-c" {
			return false
		}
	}
	return true
}

// printedLiteral returns what the print or printf before a pipe prints
// when it is one string literal: the tokens from the last print up to the
// pipe.
func printedLiteral(toks []awkToken) (string, bool) {
	for j := len(toks) - 1; j >= 0; j-- {
		if toks[j].isPrint() {
			args := toks[j+1:]
			if len(args) == 1 && args[0].kind == '"' {
				return args[0].text, true
			}
			return "", false
		}
	}
	return "", false
}

// awkToken is a token of an awk program: '"' a string (its text
// unescaped), 'w' a word, '|' a pipe (| or |&), or the byte of any other
// character; regular expressions, numbers and || are skipped.
type awkToken struct {
	kind byte
	text string
}

// isPrint reports whether t is the word print or printf.
func (t awkToken) isPrint() bool { return t.kind == 'w' && (t.text == "print" || t.text == "printf") }

func awkTokens(src string) []awkToken {
	var toks []awkToken
	// operand says the last token ends an operand, after which / divides
	// rather than starting a regular expression.
	operand := false
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			continue
		case c == '"':
			text, n := awkString(src[i:])
			toks = append(toks, awkToken{'"', text})
			i += n
			operand = true
			continue
		case c == '/' && !operand:
			i += awkRegex(src[i:])
			operand = true
			continue
		case c == '|':
			if strings.HasPrefix(src[i:], "||") {
				i += 2
				operand = false
				continue
			}
			i++
			if i < len(src) && src[i] == '&' {
				i++
			}
			toks = append(toks, awkToken{kind: '|'})
			operand = false
			continue
		case isIdent(c):
			j := i
			for j < len(src) && isIdent(src[j]) {
				j++
			}
			toks = append(toks, awkToken{'w', src[i:j]})
			operand = !awkKeyword(src[i:j])
			i = j
			continue
		}
		toks = append(toks, awkToken{kind: c})
		operand = c == ')' || c == ']' || c == '$'
		i++
	}
	return toks
}

// awkKeyword reports words after which a / starts a regular expression
// (print /x/ ~ $0, return /x/).
func awkKeyword(w string) bool {
	switch w {
	case "print", "printf", "return", "in", "if", "while", "do", "else", "getline":
		return true
	}
	return false
}

// awkString reads a string literal at the start of s and returns its
// text, with \" and \\ unescaped, and its length.
func awkString(s string) (string, int) {
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if i+1 < len(s) {
				i++
				switch s[i] {
				case 'n':
					b.WriteByte('\n')
				case 't':
					b.WriteByte('\t')
				default:
					b.WriteByte(s[i])
				}
			}
		case '"':
			return b.String(), i + 1
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String(), len(s)
}

// awkRegex returns the length of the regular expression at the start of
// s, to its closing / (a / in brackets or after a backslash does not close
// it).
func awkRegex(s string) int {
	inClass := false
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '[':
			inClass = true
		case ']':
			inClass = false
		case '/':
			if !inClass {
				return i + 1
			}
		case '\n':
			return i
		}
	}
	return len(s)
}
