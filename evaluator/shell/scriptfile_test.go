package shell

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

// memFiles is an Observer over files held in memory, with the
// observer's contract: at most limit+1 bytes, an error for a name it has
// not.
type memFiles map[string]string

func (m memFiles) ReadScript(p string, limit int) ([]byte, error) {
	text, ok := m[p]
	if !ok {
		return nil, fmt.Errorf("%s does not exist", p)
	}
	return []byte(text[:min(len(text), limit+1)]), nil
}

// TestShebang reads the interpreter a script's first line names.
func TestShebang(t *testing.T) {
	tests := []struct{ text, interp, args string }{
		{"echo hi\n", "sh", ""},
		{"#!/bin/bash\nrm x\n", "/bin/bash", ""},
		{"#!/bin/bash -eu\n", "/bin/bash", "-eu"},
		{"#!/usr/bin/env python3\n", "python3", ""},
		{"#!/usr/bin/env -S node --no-warnings\n", "node", "--no-warnings"},
		{"#!/usr/bin/env -u X A=1 ruby -w\r\n", "ruby", "-w"},
		{"#!/usr/bin/env\n", "env", ""},
		{"#!\n", "sh", ""},
	}
	for _, tt := range tests {
		interp, args := shebang(tt.text)
		var words []string
		for _, a := range args {
			words = append(words, a.Value)
		}
		if interp != tt.interp || strings.Join(words, " ") != tt.args {
			t.Errorf("%q: got %q %v, want %q %q", tt.text, interp, words, tt.interp, tt.args)
		}
	}
}

// TestScriptFiles: the commands a script file holds are walked, whether
// the line wrote it or the observer reads it, with where it came from on
// the command that runs it; one not known is a problem naming the file.
func TestScriptFiles(t *testing.T) {
	files := memFiles{"/p/Makefile": "X = /srv\nall: clean\nclean:\n\t@rm -rf $(X) $$HOME/c\nother:\n\tls\n", "/p/x.sh": "rm -rf /srv\n", "/p/x.py": "import os\nos.system('git reset --hard')\n", "~/bin/t": "#!/usr/bin/env bash\nls\n"}
	tests := []struct{ line, want string }{
		{"bash x.sh", "bash x.sh[observed] | rm -rf /srv"},
		{"./x.sh a", "sh x.sh[observed] | rm -rf /srv"},
		{"python3 x.py", "python3 x.py[observed] | git reset --hard"},
		{"~/bin/t", "bash ~/bin/t[observed] | ls"},
		{"bash nope.sh", "bash nope.sh[] | !problem nope.sh"},
		{"make", "make[observed] | rm -rf /srv $HOME/c"},
		{"make other", "make other[observed] | ls"},
		{"make -f none.mk", "make -f none.mk"},
		{"cd /p/sub && cd .. && bash x.sh", "cd /p/sub | cd .. | bash x.sh[observed] | rm -rf /srv"},
		{"cat > y.sh <<EOF\nls\nEOF\nbash y.sh", "cat | (redirect) y.sh | bash y.sh[line] | ls"},
		{"echo ls | tee y.sh; sh y.sh", "echo ls | tee y.sh | sh y.sh[line] | ls"},
		{"cat x.sh > y.sh; sh y.sh", "cat x.sh | (redirect) y.sh | !problem y.sh"},
	}
	for _, tt := range tests {
		ms, err := Parse(tt.line, Options{Cwd: "/p", Observer: files})
		if err != nil {
			t.Fatal(err)
		}
		var parts []string
		for _, m := range ms {
			c := m.Command
			s := c.Program
			if c.Problem != "" {
				s = "!problem"
			}
			for _, a := range c.Args {
				s += " " + a.Value
			}
			if sf := c.ScriptFile; sf != nil && c.Problem == "" {
				s = c.Program
				if len(c.Args) > 0 {
					s += " " + strings.TrimPrefix(c.Args[0].Value, "./")
				}
				s += "[" + sf.From + "]"
			}
			parts = append(parts, s)
		}
		if got := strings.Join(parts, " | "); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.line, got, tt.want)
		}
	}
}

// FuzzScripts: whatever the line and whatever the script files it runs
// hold, the parser never panics, stays within its bounds, and says where
// every script's content came from or why it is not known.
func FuzzScripts(f *testing.F) {
	for _, s := range [][2]string{{"bash x.sh", "rm -rf /"}, {"./x.sh", "#!/usr/bin/env python3\nimport os\nos.system('ls')"},
		{"source x.sh; . x.sh", "bash x.sh"}, {"python3 x.sh", "\x7fELF"}, {"sh -c \"$(cat x.sh)\"", "#!/bin/sh -e\n$(cat x.sh)"},
		{"cat > x.sh <<EOF\n$X\nEOF\nbash x.sh", "exec < x.sh; rm -ri /"}, {"node x.sh", "require('child_process').execSync(`bash x.sh`)"},
		{"make -C . fix V=1", "X = $(Y)\nY := $(X)\nall: fix\nfix: all\n\t@$(X) rm -rf / $$@ $@ $<\n.PHONY: fix\n%.o: %.c ; cc $<"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, line, content string) {
		files := memFiles{"/p/x.sh": content, "x.sh": content, "/p/Makefile": content}
		ms, err := Parse(line, Options{Cwd: "/p", Observer: files})
		if err != nil {
			var e *model.Error
			if !errors.As(err, &e) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		if len(ms) > MaxCommands+1 {
			t.Fatalf("%d commands", len(ms))
		}
		for _, m := range ms {
			c := m.Command
			if c == nil || m.Target.Type == "" {
				t.Fatalf("malformed %+v", m)
			}
			if sf := c.ScriptFile; sf != nil && (sf.From == "") == (sf.Unread == "") && c.Problem == "" {
				t.Fatalf("%q: script %+v neither read nor said why not", line, sf)
			}
		}
	})
}

// TestNamedToolFile holds the one table of programs read by their name
// when their file is not: where each may be, and what stays unread.
func TestNamedToolFile(t *testing.T) {
	for _, tt := range []struct {
		file string
		want bool
	}{
		{".venv/bin/python", true}, {"/code/.venv/bin/python3.12", true}, {"~/.local/bin/uv", true}, {"venv/Scripts/pip", true},
		{"vendor/bin/phpunit", true}, {"./vendor/bin/phpstan", true}, {"vendor/bin/php-coveralls", true}, {"./tools/phpstan", true},
		{"./bin/composer", true}, {"railties/exe/rails", true}, {"exe/rake", true}, {"./phpunit", true},
		{"./gradlew", true}, {"android/gradlew", true}, {"./mvnw", true},
		{"./configure", true}, {"configure", true}, {"../configure", false}, {"deps/configure", false},
		{"vendor/bin/deploy", false}, {"bin/deploy", false}, {"./build.sh", false}, {"scripts/phpunit", false},
		{"./python3.x", false},
	} {
		if got := namedToolFile(model.Arg{Value: tt.file}); got != tt.want {
			t.Errorf("namedToolFile(%q) = %v, want %v", tt.file, got, tt.want)
		}
	}
	if namedToolFile(model.Arg{Value: "$BIN/phpunit", Dynamic: true}) {
		t.Error("a path only known at run time names no tool")
	}
}
