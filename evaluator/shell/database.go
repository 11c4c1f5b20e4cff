package shell

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/evaluator/sql"
	"github.com/recourse-dev/recourse/model"
)

// sqlClient says where a database CLI takes SQL text from.
type sqlClient struct {
	// flags give the SQL in their value (psql -c, mysql -e).
	flags []string
	// lists give SQL in every value up to the next option (aws
	// redshift-data batch-execute-statement --sqls A B).
	lists []string
	// sub is the subcommand that must come first (cockroach sql, bq
	// query, wrangler d1 execute), its words separated by spaces.
	sub string
	// anywhere lets sub come after global options (aws --region R
	// rds-data execute-statement): it is found wherever its words stand
	// together among the arguments.
	anywhere bool
	// operand is the position of an operand that is SQL (sqlite3 DB SQL:
	// 2), counted after sub; 0 for none.
	operand int
	// fileFlags read SQL from a file the input does not show (rules/sql
	// has a row for each client's).
	fileFlags []string
	// inputFiles give the request, SQL included, in a file the input
	// does not show, where no rule row reads them: each is reported as
	// an unparsed statement.
	inputFiles []string
	// meta starts the client's own commands, a line each: sqlite3's
	// .tables, psql's \dt (see metaCommand).
	meta byte
}

// sqlClients are the programs that run SQL, each with the ways it takes
// it; a program with several (a cloud CLI's services) uses the first whose
// subcommand matches.
var sqlClients = sync.OnceValue(func() map[string][]sqlClient {
	return map[string][]sqlClient{
		"psql":              {{flags: []string{"-c", "--command"}, fileFlags: []string{"-f", "--file"}, meta: '\\'}},
		"mysql":             {{flags: []string{"-e", "--execute"}}},
		"mariadb":           {{flags: []string{"-e", "--execute"}}},
		"sqlite3":           {{operand: 2, meta: '.'}},
		"duckdb":            {{flags: []string{"-c"}, operand: 2, meta: '.'}},
		"cockroach":         {{sub: "sql", flags: []string{"-e", "--execute"}, fileFlags: []string{"-f", "--file"}}},
		"clickhouse-client": {{flags: []string{"-q", "--query"}, fileFlags: []string{"--queries-file"}}},
		"clickhouse":        {{sub: "client", flags: []string{"-q", "--query"}, fileFlags: []string{"--queries-file"}}},
		"snowsql":           {{flags: []string{"-q", "--query"}, fileFlags: []string{"-f", "--filename"}}},
		"sqlcmd":            {{flags: []string{"-Q", "-q"}, fileFlags: []string{"-i"}}},
		"usql":              {{flags: []string{"-c", "--command"}, fileFlags: []string{"-f", "--file"}}},
		"bq":                {{sub: "query", operand: 1}},
		"mysqlsh":           {{flags: []string{"-e", "--execute"}, fileFlags: []string{"-f", "--file"}}},
		"mycli":             {{flags: []string{"-e", "--execute"}}},
		"litecli":           {{flags: []string{"-e", "--execute"}}},
		"ysqlsh":            {{flags: []string{"-c", "--command"}, fileFlags: []string{"-f", "--file"}, meta: '\\'}},
		"vsql":              {{flags: []string{"-c", "--command"}, fileFlags: []string{"-f", "--file"}}},
		"spanner-cli":       {{flags: []string{"-e", "--execute"}, fileFlags: []string{"-f", "--file"}}},
		"dolt":              {{sub: "sql", flags: []string{"-q", "--query"}, fileFlags: []string{"--file"}}},
		// Query engines over data lakes and warehouses.
		"trino":        {{flags: []string{"--execute"}, fileFlags: []string{"-f", "--file"}}},
		"presto":       {{flags: []string{"--execute"}, fileFlags: []string{"-f", "--file"}}},
		"beeline":      {{flags: []string{"-e"}, fileFlags: []string{"-f", "-i"}}},
		"hive":         {{flags: []string{"-e"}, fileFlags: []string{"-f", "-i"}}},
		"spark-sql":    {{flags: []string{"-e"}, fileFlags: []string{"-f", "-i"}}},
		"impala-shell": {{flags: []string{"-q", "--query"}, fileFlags: []string{"-f", "--query_file"}}},
		// CQL is not SQL: what PostgreSQL's parser reads (SELECT ...) is judged,
		// the rest (DROP KEYSPACE) does not parse and is needs-review.
		"cqlsh":  {{flags: []string{"-e", "--execute"}, fileFlags: []string{"-f", "--file"}}},
		"ycqlsh": {{flags: []string{"-e", "--execute"}, fileFlags: []string{"-f", "--file"}}},
		// Platform CLIs that run SQL on a hosted database.
		"wrangler": {{sub: "d1 execute", flags: []string{"--command"}, fileFlags: []string{"--file"}}},
		"heroku":   {{sub: "pg:psql", flags: []string{"-c", "--command"}, fileFlags: []string{"-f", "--file"}}},
		"turso":    {{sub: "db shell", operand: 2}},
		// Cloud CLIs' data APIs. Any aws option can be read from a file
		// (--cli-input-json, or file:// in the option's value).
		"aws": {
			{sub: "rds-data execute-statement", anywhere: true, flags: []string{"--sql"}, inputFiles: awsInputFiles},
			{sub: "rds-data batch-execute-statement", anywhere: true, flags: []string{"--sql"}, inputFiles: awsInputFiles},
			{sub: "redshift-data execute-statement", anywhere: true, flags: []string{"--sql"}, inputFiles: awsInputFiles},
			{sub: "redshift-data batch-execute-statement", anywhere: true, lists: []string{"--sqls"}, inputFiles: awsInputFiles},
			{sub: "athena start-query-execution", anywhere: true, flags: []string{"--query-string"}, inputFiles: awsInputFiles},
			{sub: "dynamodb execute-statement", anywhere: true, flags: []string{"--statement"}, inputFiles: awsInputFiles},
		},
		"gcloud": {
			{sub: "spanner databases execute-sql", anywhere: true, flags: []string{"--sql"}},
			{sub: "spanner databases ddl update", anywhere: true, flags: []string{"--ddl"}, inputFiles: []string{"--ddl-file"}},
		},
		"az": {
			{sub: "postgres flexible-server execute", anywhere: true, flags: []string{"-q", "--querytext"}, inputFiles: []string{"-f", "--file-path"}},
			{sub: "mysql flexible-server execute", anywhere: true, flags: []string{"-q", "--querytext"}, inputFiles: []string{"-f", "--file-path"}},
		},
	}
})

var awsInputFiles = []string{"--cli-input-json", "--cli-input-yaml"}

// sqlClientOf returns the way cmd takes SQL, and the arguments after its
// subcommand; false when none of its program's ways matches.
func sqlClientOf(cmd *model.Command) (sqlClient, []model.Arg, bool) {
	for _, spec := range sqlClients()[cmd.Program] {
		if args, ok := afterSub(cmd.Args, strings.Fields(spec.sub), spec.anywhere); ok {
			return spec, args, true
		}
	}
	return sqlClient{}, nil, false
}

// afterSub returns args after the words of a subcommand: at the start,
// or, when anywhere, wherever they stand together. For a subcommand found
// past the start, the arguments before it (global options) are kept.
func afterSub(args []model.Arg, words []string, anywhere bool) ([]model.Arg, bool) {
	for i := 0; i+len(words) <= len(args); i++ {
		if wordsAt(args[i:], words) {
			return append(slices.Clip(args[:i]), args[i+len(words):]...), true
		}
		if !anywhere {
			break
		}
	}
	return nil, false
}

func wordsAt(args []model.Arg, words []string) bool {
	for j, word := range words {
		if args[j].Value != word || args[j].Dynamic {
			return false
		}
	}
	return true
}

// database emits a database CLI and one mutation per SQL statement it
// would run: from its flags, an operand, or a here-document.
func (w *walker) database(cmd *model.Command, heredoc *string, fr frame) {
	w.emit(cmd)
	spec, args, ok := sqlClientOf(cmd)
	if !ok {
		return
	}
	var texts []model.Arg
	operands := 0
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		name, value, attached := strings.Cut(v, "=")
		switch {
		case slices.Contains(spec.inputFiles, name):
			w.emitSQL(cmd, model.SQLStatement{Kind: "UNPARSED", Text: v, Error: "the SQL is in a file (" + name + ") that the input does not show"})
			if !attached {
				i++
			}
		case slices.Contains(spec.lists, v):
			for i+1 < len(args) && !strings.HasPrefix(args[i+1].Value, "-") {
				texts = append(texts, args[i+1])
				i++
			}
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
		if strings.HasPrefix(t.Value, "file://") || strings.HasPrefix(t.Value, "fileb://") {
			// The aws CLI reads an option's value from the file a file://
			// URL names.
			w.emitSQL(cmd, model.SQLStatement{Kind: "UNPARSED", Text: t.Value, Error: "the SQL is in a file that the input does not show"})
			continue
		}
		text := t.Value
		if spec.meta != 0 {
			text = w.metaCommands(cmd, spec.meta, text, fr)
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		for _, st := range sql.Parse(text) {
			w.emitSQL(cmd, st)
			if st.Program != "" {
				// COPY ... PROGRAM: the server runs it through a shell.
				w.script(st.Program, nested(cmd, fr, ""))
			}
		}
	}
}

// metaCommands analyses the client's own commands in text, the lines
// that start with its meta character, and returns the rest: the SQL.
func (w *walker) metaCommands(cmd *model.Command, meta byte, text string, fr frame) string {
	var rest []string
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if t == "" || t[0] != meta {
			rest = append(rest, line)
			continue
		}
		name, arg, _ := strings.Cut(t[1:], " ")
		arg = strings.TrimSpace(arg)
		if meta == '\\' && len(name) > 1 {
			name = name[:1] + strings.TrimRight(name[1:], "+S") // \dtS+ is \dt with system objects and details
		}
		switch kind := metaKinds[string(meta)+name]; kind {
		case metaRead:
		case metaShell:
			w.script(arg, nested(cmd, fr, ""))
		case metaWrite:
			if f := lastField(arg); f != "" && f != "stdout" && !strings.HasPrefix(f, "|") {
				w.truncations(cmd, []model.Redirect{{Op: ">", Target: model.Arg{Value: strings.Trim(f, `'"`)}}})
			} else if strings.HasPrefix(f, "|") {
				w.script(strings.TrimPrefix(arg[strings.Index(arg, "|"):], "|"), nested(cmd, fr, ""))
			}
		default:
			w.emitSQL(cmd, model.SQLStatement{Kind: "UNPARSED", Text: t,
				Error: fmt.Sprintf("the client command %s is not one Recourse reads as harmless", string(meta)+name)})
		}
	}
	return strings.Join(rest, "\n")
}

type metaKind int

const (
	metaUnknown metaKind = iota
	metaRead             // lists, describes or sets display options
	metaShell            // runs its argument through the shell
	metaWrite            // writes its output to the file it names
)

// metaKinds are the client commands of sqlite3 and duckdb (.NAME) and of
// psql (\NAME) that Recourse reads; any other (.restore, .import, \i
// FILE) needs review.
var metaKinds = func() map[string]metaKind {
	m := map[string]metaKind{}
	for _, n := range strings.Fields(`tables schema indexes indices databases dump fullschema headers header mode help show
		width timer echo nullvalue separator explain stats lint dbinfo print quit exit bail changes eqp limit prompt columns`) {
		m["."+n] = metaRead
	}
	for _, n := range strings.Fields(`d dt di dv dm ds dn df dT du dg dp dx dE dy dc dC dD dl l list x timing conninfo q quit
		? h help c connect echo qecho set unset pset encoding a t H r p print errverbose sf sv dd drds des det deu dew`) {
		m["\\"+n] = metaRead
	}
	m[".shell"], m[".system"], m["\\!"] = metaShell, metaShell, metaShell
	for _, n := range []string{".output", ".once", ".save", ".backup", ".excel", "\\o", "\\out", "\\w", "\\write", "\\g"} {
		m[n] = metaWrite
	}
	return m
}()

// lastField is the last blank-separated word of s.
func lastField(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}

// emitSQL adds the mutation for one SQL statement cmd would run.
func (w *walker) emitSQL(cmd *model.Command, st model.SQLStatement) {
	if w.full(cmd) {
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
