package shell

import (
	"slices"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

// TestDialectShellLine holds the rewriting of each dialect: a reference
// whose value is not in the line becomes a placeholder variable, quoted so
// that the shell reads it as an expansion even inside single quotes.
func TestDialectShellLine(t *testing.T) {
	p1, p2 := "${"+placeholder(1)+"}", "${"+placeholder(2)+"}"
	tests := []struct {
		dialect Dialect
		line    string
		want    string
	}{
		{DialectBash, `echo ${{ x }}`, `echo ${{ x }}`},
		{"", `echo $(MAKE)`, `echo $(MAKE)`},
		{DialectGitHubActions, `go test ${{ matrix.pkg }}`, `go test ` + p1},
		{DialectGitHubActions, `rm -rf "${{ inputs.dir }}/x"`, `rm -rf "` + p1 + `/x"`},
		{DialectGitHubActions, `echo '${{ github.sha }}'`, `echo ''"` + p1 + `"''`},
		{DialectGitHubActions, `echo ${{ a }} ${{ format('{0}}}', b) }}`, `echo ` + p1 + ` ` + p2},
		{DialectGitHubActions, `echo \${{ x }}`, `echo \${{ x }}`},
		{DialectGitHubActions, `echo $HOME`, `echo $HOME`},
		{DialectMake, `@$(MAKE) -C lib`, `make -C lib`},
		{DialectMake, `-$(RM) $@`, `rm -f ` + p1},
		{DialectMake, `for f in *.o; do echo $$f; done`, `for f in *.o; do echo $f; done`},
		{DialectMake, `$(CC) -o $@ $<`, `cc -o ` + p1 + ` ` + p2},
		{DialectMake, `rm -rf $(shell echo $(BUILD))`, `rm -rf ` + p1},
		{DialectMake, `echo '${PREFIX}'`, `echo ''"` + p1 + `"''`},
		{DialectMake, "+cd a && \\\n  -x", "cd a && \\\n  -x"},
	}
	for _, tt := range tests {
		got, err := tt.dialect.shellLine(tt.line)
		if err != nil || got != tt.want {
			t.Errorf("%s %q: got %q, %v; want %q", tt.dialect, tt.line, got, err, tt.want)
		}
	}
}

// TestDialectRefusals holds that a reference the dialect itself would
// refuse, and an unknown dialect, are errors naming what was expected.
func TestDialectRefusals(t *testing.T) {
	for _, tt := range []struct {
		dialect Dialect
		line    string
	}{
		{DialectGitHubActions, `echo ${{ x`},
		{DialectMake, `echo $(X`},
		{"yaml", `ls`},
	} {
		_, err := Parse(tt.line, Options{Dialect: tt.dialect})
		if err == nil || !strings.Contains(err.Error(), "expected") && !strings.Contains(err.Error(), "not") {
			t.Errorf("%s %q: got %v, want an error", tt.dialect, tt.line, err)
		}
	}
	if _, err := ParseDialect("gitlab"); err == nil {
		t.Error("ParseDialect(gitlab): want an error")
	}
}

// TestDialectJudgement holds that an operand put in by the dialect is
// judged as only known at run time.
func TestDialectJudgement(t *testing.T) {
	for _, tt := range []struct {
		dialect Dialect
		line    string
	}{
		{DialectGitHubActions, `rm -rf '${{ inputs.dir }}'`},
		{DialectGitHubActions, `rm -rf ${{ inputs.dir }}`},
		{DialectMake, `rm -rf '$(OUT)'`},
		{DialectMake, `@rm -rf $(OUT)`},
	} {
		ms, err := Parse(tt.line, Options{Dialect: tt.dialect, Cwd: "/home/dev/project"})
		if err != nil || len(ms) != 1 {
			t.Fatalf("%s %q: %v, %d mutations", tt.dialect, tt.line, err, len(ms))
		}
		c := ms[0].Command
		if c == nil || c.Program != "rm" || len(c.Args) == 0 || !c.Args[len(c.Args)-1].Dynamic {
			t.Errorf("%s %q: want rm with a dynamic operand, got %+v", tt.dialect, tt.line, c)
		}
	}
}

func FuzzDialect(f *testing.F) {
	for _, s := range []string{`go test ${{ matrix.pkg }}`, `echo '${{ a }}' "$(X)" $$y $@`, `$(MAKE) -C $(dir $@)`, `${{`, `$(`,
		`${{ env.CARGO }} build`, `${{ env.X }}/bin/tool -v`, `$(Q)$(MAKE) all`, `$(info x) $(shell date)`, `rm -rf /usr/local/go && ssh h rm x`,
		`$(if $(X),a,b,c)`, `$(if $(X)`, `${{ (matrix.os == 'w' && 'dir') || 'ls' }} x`, `su x -c "cd $D && make"`, `Remove-Item ${{ inputs.d }}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		for _, d := range []Dialect{DialectGitHubActions, DialectDockerfile, DialectMake, DialectActionsPwsh} {
			ms, err := Parse(line, Options{Dialect: d, Cwd: "/home/dev/project"})
			if _, ok := err.(*model.Error); err != nil && !ok {
				t.Fatalf("%s %q: an error that is not a model.Error: %v", d, line, err)
			}
			for _, m := range ms {
				c := m.Command
				if c == nil || !c.ImageBuild {
					continue
				}
				if d != DialectDockerfile || slices.ContainsFunc(c.Wrappers, func(w string) bool { return strings.HasPrefix(w, "ssh ") }) {
					t.Fatalf("%s %q: %q is marked as run in an image build", d, line, c.Text)
				}
			}
		}
		for _, d := range Dialects {
			out, err := d.shellLine(line)
			if err == nil && d == DialectBash && out != line {
				t.Fatalf("bash rewrote %q", line)
			}
			if err == nil && strings.Contains(out, "${{") && d == DialectGitHubActions && !strings.Contains(line, `\${{`) {
				t.Fatalf("%q kept an expression: %q", line, out)
			}
		}
	})
}

// TestMakeConditional holds how a recipe line that is one $(if …) is read:
// both branches, each in a subshell, their recipe prefixes dropped.
func TestMakeConditional(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`$(if $(V),,@echo 'need V'; exit 1)`, "( echo 'need V'; exit 1\n)"},
		{`$(if $(X), ,go install $(U))`, "( go install $(U)\n)"},
		{`$(if $(X),a,b)`, "( a\n)\n( b\n)"},
		{`$(if $(X),a,b,c)`, "( a\n)\n( b,c\n)"}, // the else part keeps its commas
		{`$(if $(X),$(call f,1,2))`, "( $(call f,1,2)\n)"},
		{`$(if $(X),,)`, ":"},
		{`$(if $(X),a) b`, `$(if $(X),a) b`}, // not the whole line
		{`$(if $(X)`, `$(if $(X)`},
		{`$(ifx a,b)`, `$(ifx a,b)`},
	} {
		if got := makeConditional(tt.in); got != tt.want {
			t.Errorf("makeConditional(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestWorkflowValue holds which Actions expressions compute only from
// what the workflow and the runner set.
func TestWorkflowValue(t *testing.T) {
	for _, tt := range []struct {
		expr string
		want bool
	}{
		{"matrix.python", true}, {"env.CARGO", true}, {"vars.TOOL", true}, {"runner.workspace", true},
		{"github.workspace", true}, {"github.sha", true}, {"env[matrix.target.options]", true}, {"env['CLIPPY']", true},
		{"(matrix.os == 'windows' && 'dir') || 'ls -lh'", true}, {"startsWith(matrix.os, 'win') && 'a' || 'b'", true},
		{"format('{0}-x', matrix.v)", true}, {"'it''s'", true},
		{"github.event.issue.title", false}, {"github.head_ref", false}, {"github.ref_name", false}, {"inputs.cmd", false},
		{"steps.s.outputs.bin", false}, {"needs.a.outputs.x", false}, {"secrets.TOKEN", false},
		{"matrix.a || inputs.b", false}, {"hashFiles('x')", false}, {"fromJSON(github.event.comment.body).x", false},
		{"'unclosed", false}, {"", false}, {"matrix.x; rm", false},
	} {
		if got := workflowValue(tt.expr); got != tt.want {
			t.Errorf("workflowValue(%q) = %v, want %v", tt.expr, got, tt.want)
		}
	}
}
