package shell

import (
	"slices"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// sed emits a sed command with the files its script writes (w FILE,
// s///w FILE), and analyses the command lines its e command runs; a
// script that runs its input lines (bare e, s///e) needs review. GNU
// sed's --sandbox refuses e, w and r.
func (w *walker) sed(cmd *model.Command, _ *string, fr frame) {
	if slices.ContainsFunc(cmd.Args, func(a model.Arg) bool { return a.Value == "--sandbox" }) {
		w.emit(cmd)
		return
	}
	scripts, _ := sedScripts(cmd.Args)
	var runs []model.Arg
	var writes []model.Redirect
	for _, sc := range scripts {
		execs, dynamic, files := sedRuns(sc.Value)
		if dynamic {
			cmd.Problem = cmd.Program + " runs lines of its input as shell commands (the e command, or an s command's e flag)"
		}
		for _, e := range execs {
			runs = append(runs, model.Arg{Value: e, Dynamic: sc.Dynamic})
		}
		for _, f := range files {
			if f != "/dev/stdout" && f != "/dev/stderr" {
				writes = append(writes, model.Redirect{Op: ">", Target: model.Arg{Value: f, Dynamic: sc.Dynamic || f == ""}})
			}
		}
	}
	w.emit(cmd)
	w.truncations(cmd, writes)
	if cmd.Problem != "" {
		return
	}
	for _, line := range runs {
		w.runLater(cmd, line, cmd.Program+" e", fr)
	}
}

// sedScripts returns the scripts a sed command runs: the values of
// -e/--expression, or else its first operand. files reports a script read
// from a file (-f), which the input does not show. Options are read as
// GNU sed's getopt reads them: short ones cluster (-ne SCRIPT), -e, -f and
// -l take the rest of their word (-e's/a/b/') or else the next argument,
// -i takes only the rest of its word as a suffix, and a long option may be
// abbreviated (--expr=SCRIPT).
func sedScripts(args []model.Arg) (scripts []model.Arg, files bool) {
	var operand *model.Arg
	for i := 0; i < len(args); i++ {
		a := args[i]
		opt, value, next := sedOption(a.Value)
		if next {
			if i+1 >= len(args) {
				break
			}
			i++
			value = args[i]
		} else {
			value.Dynamic = a.Dynamic
		}
		switch opt {
		case "--":
			if operand == nil && i+1 < len(args) {
				operand = &args[i+1]
			}
			i = len(args)
		case "":
			if operand == nil {
				operand = &args[i]
			}
		case "e":
			scripts = append(scripts, value)
		case "f":
			files = true
		}
	}
	if len(scripts) == 0 && operand != nil && !files {
		scripts = append(scripts, *operand)
	}
	return scripts, files
}

// sedOption reads one argument of sed: opt is "" for an operand, "--" for
// the end of options, "e", "f" or "l" for an option that takes a value
// (given in value, or in the next argument when next), and "-" for any
// other option (-n, -E, -i[SUFFIX], -s, -z, --posix, ...).
func sedOption(v string) (opt string, value model.Arg, next bool) {
	switch {
	case v == "--":
		return "--", value, false
	case strings.HasPrefix(v, "--"):
		name, val, inline := strings.Cut(v[2:], "=")
		for _, long := range []struct{ name, opt string }{{"expression", "e"}, {"file", "f"}, {"line-length", "l"}} {
			// --f alone is ambiguous (--file, --follow-symlinks).
			if name != "" && strings.HasPrefix(long.name, name) && name != "f" {
				return long.opt, model.Arg{Value: val}, !inline
			}
		}
		return "-", value, false
	case len(v) > 1 && v[0] == '-':
		for j := 1; j < len(v); j++ {
			switch v[j] {
			case 'i':
				return "-", value, false
			case 'e', 'f', 'l':
				return string(v[j]), model.Arg{Value: v[j+1:]}, j+1 == len(v)
			}
		}
		return "-", value, false
	}
	return "", value, false
}

// sedRuns reads a sed script for what it runs and writes (GNU sed): the
// e command runs its argument through the shell (execs), or the pattern
// space when it has none, as does an s command's e flag (dynamic: the
// command is built from the input); w FILE and an s command's w flag
// write FILE, truncated when sed starts (writes). Commands are separated
// by newlines or semicolons; e, w, r, a, i, c and labels take the rest of
// the line as their argument.
func sedRuns(script string) (execs []string, dynamic bool, writes []string) {
	s := sedReader{src: script}
	for !s.done() {
		s.skipSpace(";\n")
		if s.done() {
			break
		}
		s.address()
		s.skipSpace("")
		if s.peek() == ',' {
			s.i++
			s.skipSpace("")
			s.address()
		}
		s.skipSpace("")
		if s.peek() == '!' {
			s.i++
			s.skipSpace("")
		}
		if s.done() {
			break
		}
		c := s.src[s.i]
		s.i++
		switch c {
		case 'e':
			if arg := strings.TrimSpace(s.restOfLine()); arg != "" {
				execs = append(execs, arg)
			} else {
				dynamic = true
			}
		case 'w', 'W':
			writes = append(writes, strings.TrimSpace(s.restOfLine()))
		case 'r', 'R', 'a', 'i', 'c', ':', '#':
			s.restOfLine()
		case 'b', 't', 'T':
			s.until(";\n")
		case 's':
			s.delimited(2)
			for !s.done() && !strings.ContainsRune(";\n}", rune(s.peek())) {
				flag := s.src[s.i]
				s.i++
				switch flag {
				case 'e':
					dynamic = true
				case 'w':
					writes = append(writes, strings.TrimSpace(s.restOfLine()))
				}
			}
		case 'y':
			s.delimited(2)
		}
	}
	return execs, dynamic, writes
}

// sedReader walks a sed script.
type sedReader struct {
	src string
	i   int
}

func (s *sedReader) done() bool { return s.i >= len(s.src) }

func (s *sedReader) peek() byte {
	if s.done() {
		return 0
	}
	return s.src[s.i]
}

// skipSpace skips blanks and any of extra.
func (s *sedReader) skipSpace(extra string) {
	for !s.done() && (s.src[s.i] == ' ' || s.src[s.i] == '\t' || strings.IndexByte(extra, s.src[s.i]) >= 0) {
		s.i++
	}
}

// address skips one address: a line number (with ~step or +n), $, or a
// regular expression /re/ or \cREc, with its I and M flags.
func (s *sedReader) address() {
	switch c := s.peek(); {
	case c >= '0' && c <= '9', c == '+', c == '~':
		s.i++
		for !s.done() && (s.src[s.i] >= '0' && s.src[s.i] <= '9' || s.src[s.i] == '~') {
			s.i++
		}
	case c == '$':
		s.i++
	case c == '/':
		s.delimited(1)
		s.regexFlags()
	case c == '\\':
		s.i++
		s.delimited(1)
		s.regexFlags()
	}
}

func (s *sedReader) regexFlags() {
	for !s.done() && (s.src[s.i] == 'I' || s.src[s.i] == 'M') {
		s.i++
	}
}

// delimited skips parts delimited parts at s.i, whose first byte is the
// delimiter: /re/ is one, s/re/repl/ two. A backslash escapes the next
// byte.
func (s *sedReader) delimited(parts int) {
	if s.done() {
		return
	}
	delim := s.src[s.i]
	s.i++
	for parts > 0 && !s.done() {
		switch s.src[s.i] {
		case '\\':
			s.i++
		case delim:
			parts--
		}
		s.i++
	}
}

// restOfLine returns the text to the end of the line and moves past it.
func (s *sedReader) restOfLine() string {
	start := s.i
	s.until("\n")
	return s.src[start:s.i]
}

// until moves to the next of any of stop, or to the end.
func (s *sedReader) until(stop string) {
	for !s.done() && strings.IndexByte(stop, s.src[s.i]) < 0 {
		s.i++
	}
}
