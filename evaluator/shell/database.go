package shell

import (
	"fmt"
	"slices"
	"strings"

	"github.com/recourse-dev/recourse/evaluator/sql"
	"github.com/recourse-dev/recourse/model"
)

// sqlClient says where a database CLI takes SQL text from.
type sqlClient struct {
	// flags give the SQL in their value (psql -c, mysql -e).
	flags []string
	// sub is a subcommand that must come first (cockroach sql, bq query).
	sub string
	// operand is the position of an operand that is SQL (sqlite3 DB SQL:
	// 2), counted after sub; 0 for none.
	operand int
	// fileFlags read SQL from a file the input does not show.
	fileFlags []string
}

var sqlClients = map[string]sqlClient{
	"psql":              {flags: []string{"-c", "--command"}, fileFlags: []string{"-f", "--file"}},
	"mysql":             {flags: []string{"-e", "--execute"}},
	"mariadb":           {flags: []string{"-e", "--execute"}},
	"sqlite3":           {operand: 2},
	"duckdb":            {flags: []string{"-c"}, operand: 2},
	"cockroach":         {sub: "sql", flags: []string{"-e", "--execute"}, fileFlags: []string{"-f", "--file"}},
	"clickhouse-client": {flags: []string{"-q", "--query"}, fileFlags: []string{"--queries-file"}},
	"snowsql":           {flags: []string{"-q", "--query"}, fileFlags: []string{"-f", "--filename"}},
	"sqlcmd":            {flags: []string{"-Q", "-q"}, fileFlags: []string{"-i"}},
	"usql":              {flags: []string{"-c", "--command"}, fileFlags: []string{"-f", "--file"}},
	"bq":                {sub: "query", operand: 1},
	"mysqlsh":           {flags: []string{"-e", "--execute"}, fileFlags: []string{"-f", "--file"}},
	// CQL is not SQL: what PostgreSQL's parser reads (SELECT ...) is judged,
	// the rest (DROP KEYSPACE) does not parse and is needs-review.
	"cqlsh": {flags: []string{"-e", "--execute"}, fileFlags: []string{"-f", "--file"}},
}

// database emits a database CLI and one mutation per SQL statement it
// would run: from its flags, an operand, or a here-document.
func (w *walker) database(cmd *model.Command, spec sqlClient, heredoc *string, fr frame) {
	w.emit(cmd)
	args := cmd.Args
	if spec.sub != "" {
		if len(args) == 0 || args[0].Value != spec.sub {
			return
		}
		args = args[1:]
	}
	var texts []model.Arg
	operands := 0
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		name, value, attached := strings.Cut(v, "=")
		switch {
		case slices.Contains(spec.flags, name) && attached:
			texts = append(texts, model.Arg{Value: value, Dynamic: args[i].Dynamic})
		case slices.Contains(spec.flags, v) && i+1 < len(args):
			texts = append(texts, args[i+1])
			i++
		case len(v) > 2 && slices.Contains(spec.flags, v[:2]) && !strings.HasPrefix(v, "--"): // -cSQL
			texts = append(texts, model.Arg{Value: v[2:], Dynamic: args[i].Dynamic})
		case strings.HasPrefix(v, "-"):
			continue
		default:
			operands++
			if spec.operand > 0 && operands == spec.operand {
				texts = append(texts, args[i])
			}
		}
	}
	if len(texts) == 0 && heredoc != nil {
		texts = append(texts, model.Arg{Value: *heredoc})
	}
	if src, piped := strings.CutPrefix(cmd.StdinFrom, "pipe from "); len(texts) == 0 && piped {
		// echo "DROP TABLE t" | psql: the SQL is what the left side prints.
		text, ok := echoed(src)
		if !ok {
			w.emitSQL(cmd, model.SQLStatement{Kind: "UNPARSED", Text: src, Error: "the SQL arrives on stdin from `" + src + "` and is not shown"})
			return
		}
		texts = append(texts, model.Arg{Value: text})
	}
	for _, t := range texts {
		if t.Dynamic {
			w.emitSQL(cmd, model.SQLStatement{Kind: "UNPARSED", Text: t.Value, Error: "the SQL is only known at run time"})
			continue
		}
		for _, st := range sql.Parse(t.Value) {
			w.emitSQL(cmd, st)
			if st.Program != "" {
				// COPY ... PROGRAM: the server runs it through a shell.
				w.script(st.Program, nested(cmd, fr, ""))
			}
		}
	}
}

// emitSQL adds the mutation for one SQL statement cmd would run.
func (w *walker) emitSQL(cmd *model.Command, st model.SQLStatement) {
	if len(w.out) >= MaxCommands {
		return
	}
	c := *cmd
	c.Program, c.Args, c.Text = model.SQLProgram, nil, st.Text
	c.Wrappers = append(append([]string(nil), cmd.Wrappers...), cmd.Program)
	stmt := st
	w.out = append(w.out, model.Mutation{
		Source:     model.SourceShell,
		Action:     model.ActionExecute,
		RawActions: []string{string(model.ActionExecute)},
		Address:    fmt.Sprintf("%d:%d %s: %s", cmd.Line, cmd.Col, cmd.Program, st.Text),
		Target:     model.Target{Provider: cmd.Program, Type: model.SQLProgram, ID: st.Text},
		Command:    &c,
		SQL:        &stmt,
	})
}
