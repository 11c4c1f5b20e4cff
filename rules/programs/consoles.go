package programs

import (
	"path"
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// console is an application framework's console run with code to
// evaluate: python manage.py shell -c CODE, php artisan tinker --execute
// CODE, rails runner CODE. The code runs with the application's models
// and database connection, so its ORM calls matter as much as its file
// calls.
type console struct {
	program string
	// words are the operands that name the console (manage.py shell),
	// each matched as given or by its base name (./manage.py).
	words []string
	// flags give the code; with none, the operand after words is the code.
	flags []string
}

var consoles = []console{
	{program: "python", words: []string{"manage.py", "shell"}, flags: []string{"c", "command"}},
	{program: "python3", words: []string{"manage.py", "shell"}, flags: []string{"c", "command"}},
	{program: "python", words: []string{"manage.py", "shell_plus"}, flags: []string{"c", "command"}},
	{program: "python3", words: []string{"manage.py", "shell_plus"}, flags: []string{"c", "command"}},
	{program: "php", words: []string{"artisan", "tinker"}, flags: []string{"execute"}},
	{program: "rails", words: []string{"runner"}},
	{program: "rails", words: []string{"r"}},
}

// ormDeletes are the calls by which framework code deletes rows, tables
// or files (Django, SQLAlchemy, ActiveRecord, Eloquent).
var ormDeletes = []string{".delete(", "delete_all", "destroy_all", ".destroy", "::destroy(", "truncate", "drop_all", "drop_table",
	"Schema::drop", "->forceDelete(", "raw_delete", "execute(\"DELETE", "execute('DELETE", "execute(\"DROP", "execute('DROP"}

// consoleCode returns the code a console is given and whether the command
// is one.
func consoleCode(f rules.Facts) (string, bool) {
	c := f.M.Command
	ops := f.Operands()
	for _, con := range consoles {
		if c.Program != con.program || len(ops) < len(con.words) {
			continue
		}
		matched := true
		for i, w := range con.words {
			if ops[i].Value != w && path.Base(ops[i].Value) != w {
				matched = false
				break
			}
		}
		if !matched {
			continue
		}
		if len(con.flags) > 0 {
			if code, ok := rules.FlagValue(c, con.flags...); ok {
				return code, true
			}
			continue
		}
		if len(ops) > len(con.words) {
			return ops[len(con.words)].Value, true
		}
	}
	return "", false
}

// consoleDeletes holds when a console's code deletes rows, tables or
// files.
func consoleDeletes() rules.Cond {
	return rules.Func("console code that deletes", func(f rules.Facts) rules.Result {
		code, ok := consoleCode(f)
		if !ok {
			return rules.Result{Truth: rules.False}
		}
		src := withoutStrings(code)
		for _, call := range append(ormDeletes, destructiveCalls...) {
			if call != "open(" && strings.Contains(src, call) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "call", Value: strings.Trim(call, "(.:>- "), Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// consoleRuns holds for a console given code.
func consoleRuns() rules.Cond {
	return rules.Func("console code", func(f rules.Facts) rules.Result {
		if _, ok := consoleCode(f); ok {
			return rules.Result{Truth: rules.True}
		}
		return rules.Result{Truth: rules.False}
	})
}

// consoleRows are the rows of the framework consoles: code that deletes
// needs review, other code warns (it runs against the application's data
// and is not analysed further).
func consoleRows() []rules.Rule {
	var out []rules.Rule
	seen := map[string]bool{}
	for _, con := range consoles {
		if seen[con.program] {
			continue
		}
		seen[con.program] = true
		out = append(out,
			row("program."+con.program+".console-deletes", con.program, consoleDeletes(), model.TierNeedsReview,
				"runs code in the application's console (manage.py shell, artisan tinker, rails runner) that deletes rows, tables or files: which, and how many, is not in the input"),
			row("program."+con.program+".console", con.program, consoleRuns(), model.TierRecoverableWithEffort,
				"runs code in the application's console, against its database; the code deletes nothing this reads, but is not otherwise analysed"),
		)
	}
	return out
}
