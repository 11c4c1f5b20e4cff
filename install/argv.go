package install

import (
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/recourse-dev/recourse/internal/shellword"
)

// hookArgv reads a configured hook command as the arguments of one plain
// run of recourse hook HOST or recourse-hook HOST — a single simple command of literal words,
// no pipes, lists, redirections, substitutions or variables, optionally
// after exec — and returns them. Doctor runs only that, without a shell:
// a settings file (a project's, say) whose entry added `&& rm -rf ~` to
// the hook would otherwise have doctor run it.
func hookArgv(command, host string) ([]string, error) {
	f, err := syntax.NewParser().Parse(strings.NewReader(command), "")
	if err != nil {
		return nil, fmt.Errorf("the command does not parse as a shell line (%v)", err)
	}
	if len(f.Stmts) != 1 {
		return nil, fmt.Errorf("the command is %d commands, not one run of recourse", len(f.Stmts))
	}
	st := f.Stmts[0]
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 || len(call.Assigns) > 0 {
		return nil, fmt.Errorf("the command is not one plain run of recourse (a pipe, a list, a redirection or an assignment)")
	}
	var argv []string
	for _, w := range call.Args {
		lit, ok := shellword.Literal(w)
		if !ok {
			return nil, fmt.Errorf("the command has a word that is not literal (a variable or a substitution): %s", wordText(w))
		}
		argv = append(argv, lit)
	}
	if !runsHook(argv, host) {
		return nil, fmt.Errorf("the command is not recourse hook %s or recourse-hook %s", host, host)
	}
	if argv[0] == "exec" {
		argv = argv[1:]
	}
	return argv, nil
}

func wordText(w *syntax.Word) string {
	var b strings.Builder
	_ = syntax.NewPrinter().Print(&b, w)
	return b.String()
}
