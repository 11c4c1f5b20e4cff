// Package mysql reads MySQL-family SQL (MySQL, MariaDB, TiDB, PlanetScale)
// with a real MySQL grammar: Vitess's parser (vitess.io/vitess's sqlparser,
// the one Vitess and PlanetScale route production MySQL traffic with). It
// never connects to a database. Package sql/pg reads a text with it when
// PostgreSQL's grammar refuses the text: backticked identifiers,
// DELETE … LIMIT, and the statements PostgreSQL does not have (DESCRIBE,
// SHOW, USE, RENAME TABLE, REPLACE INTO, LOAD DATA, PURGE BINARY LOGS,
// KILL).
package mysql

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"vitess.io/vitess/go/vt/sqlparser"

	"github.com/recourse-dev/recourse/model"
)

// serverVersion is the MySQL version whose grammar is read: the oldest
// MySQL still supported, whose syntax MariaDB and MySQL 9 keep.
const serverVersion = "8.0.40"

// parser is built on first use: the full binary reads MySQL rarely.
var parser = sync.OnceValues(func() (*sqlparser.Parser, error) {
	return sqlparser.New(sqlparser.Options{MySQLServerVersion: serverVersion})
})

// Split splits text into its statements as MySQL's client does (quotes,
// backticks and comments respected), or fails when it cannot.
func Split(text string) (out []string, err error) {
	// Vitess's splitter indexes past the end of some unterminated texts
	// (FuzzStatement found one): a panic is a text it cannot split.
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("the MySQL splitter failed on this text: %v", r)
		}
	}()
	p, err := parser()
	if err != nil {
		return nil, err
	}
	pieces, err := p.SplitStatementToPieces(text)
	if err != nil {
		return nil, err
	}
	for _, piece := range pieces {
		if piece = strings.TrimSpace(piece); piece != "" {
			out = append(out, piece)
		}
	}
	return out, nil
}

// Statement reads one statement. It returns false when the grammar
// refuses src, which the caller keeps as unparsed.
func Statement(src string) (st model.SQLStatement, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			st, ok = model.SQLStatement{}, false
		}
	}()
	p, err := parser()
	if err != nil {
		return model.SQLStatement{}, false
	}
	tree, err := p.Parse(src)
	if err != nil {
		return model.SQLStatement{}, false
	}
	st = statement(tree, src)
	if st.Functions == nil {
		st.Functions = functions(tree)
	}
	return st, true
}

// statement classifies a parsed statement as package sql/pg classifies
// PostgreSQL's, so that the rules judge both alike.
func statement(n sqlparser.Statement, src string) model.SQLStatement {
	switch s := n.(type) {
	case *sqlparser.Select:
		if s.Into != nil {
			// SELECT … INTO OUTFILE/DUMPFILE writes a file on the server.
			return model.SQLStatement{Kind: "COPY TO FILE"}
		}
		return model.SQLStatement{Kind: "SELECT"}
	case *sqlparser.Union:
		return model.SQLStatement{Kind: "SELECT"}
	case *sqlparser.Insert:
		kind := "INSERT"
		if s.Action == sqlparser.ReplaceAct || len(s.OnDup) > 0 {
			kind = "UPSERT"
		}
		return model.SQLStatement{Kind: kind, Targets: aliased(s.Table)}
	case *sqlparser.Update:
		return model.SQLStatement{Kind: "UPDATE", Targets: tables(s.TableExprs), Where: filters(s.Where) || joined(s.TableExprs)}
	case *sqlparser.Delete:
		targets := tables(s.TableExprs)
		if len(s.Targets) > 0 {
			targets = resolve(s.Targets, s.TableExprs)
		}
		return model.SQLStatement{Kind: "DELETE", Targets: targets, Where: filters(s.Where) || joined(s.TableExprs)}
	case *sqlparser.TruncateTable:
		return model.SQLStatement{Kind: "TRUNCATE", Object: "TABLE", Targets: names(sqlparser.TableNames{s.Table})}
	case *sqlparser.DropTable:
		return model.SQLStatement{Kind: "DROP", Object: "TABLE", Targets: names(s.FromTables)}
	case *sqlparser.DropView:
		return model.SQLStatement{Kind: "DROP", Object: "VIEW", Targets: names(s.FromTables)}
	case *sqlparser.DropDatabase:
		return model.SQLStatement{Kind: "DROP", Object: "DATABASE", Targets: []string{s.DBName.String()}}
	case *sqlparser.AlterTable:
		st := model.SQLStatement{Kind: "ALTER", Object: "TABLE", Targets: names(sqlparser.TableNames{s.Table})}
		for _, o := range s.AlterOptions {
			switch o.(type) {
			case *sqlparser.DropColumn, *sqlparser.DropKey:
				st.AlterDrops = true
			}
		}
		return st
	case *sqlparser.RenameTable:
		var targets []string
		for _, p := range s.TablePairs {
			targets = append(targets, names(sqlparser.TableNames{p.FromTable})...)
		}
		return model.SQLStatement{Kind: "ALTER", Object: "TABLE", Targets: targets}
	case *sqlparser.AlterView:
		return model.SQLStatement{Kind: "ALTER", Object: "VIEW", Targets: names(sqlparser.TableNames{s.ViewName})}
	case *sqlparser.AlterDatabase:
		return model.SQLStatement{Kind: "ALTER", Object: "DATABASE"}
	case *sqlparser.CreateTable:
		return model.SQLStatement{Kind: "CREATE", Object: "TABLE"}
	case *sqlparser.CreateView:
		// CREATE OR REPLACE VIEW drops the view it replaces, as
		// PostgreSQL's does.
		return model.SQLStatement{Kind: "CREATE", Object: "VIEW", Cascade: s.IsReplace}
	case *sqlparser.CreateDatabase:
		return model.SQLStatement{Kind: "CREATE", Object: "DATABASE"}
	case *sqlparser.ExplainStmt:
		if s.Type == sqlparser.AnalyzeType {
			// EXPLAIN ANALYZE runs the statement.
			return statement(s.Statement, src)
		}
		return model.SQLStatement{Kind: "EXPLAIN"}
	case *sqlparser.ExplainTab, *sqlparser.Show, *sqlparser.Use, *sqlparser.Flush, *sqlparser.LockTables, *sqlparser.UnlockTables:
		return model.SQLStatement{Kind: "SESSION"}
	case *sqlparser.Set:
		return model.SQLStatement{Kind: "SET"}
	case *sqlparser.Begin, *sqlparser.Commit, *sqlparser.Rollback, *sqlparser.Savepoint, *sqlparser.Release:
		return model.SQLStatement{Kind: "TRANSACTION"}
	case *sqlparser.Analyze:
		return model.SQLStatement{Kind: "MAINTENANCE"}
	case *sqlparser.OtherAdmin:
		// OPTIMIZE, CHECK, CHECKSUM … read or rebuild; REPAIR rewrites
		// the table.
		if firstWord(src) == "REPAIR" {
			return model.SQLStatement{Kind: "ALTER", Object: "TABLE"}
		}
		return model.SQLStatement{Kind: "MAINTENANCE"}
	case *sqlparser.PurgeBinaryLogs:
		return model.SQLStatement{Kind: "RESET LOGS", Targets: []string{"binary logs"}}
	case *sqlparser.Kill:
		return model.SQLStatement{Kind: "SELECT", Functions: []string{"kill"}}
	case *sqlparser.Load:
		// The grammar keeps no detail of a LOAD DATA: REPLACE replaces
		// the rows whose keys the file repeats.
		if slices.Contains(strings.Fields(strings.ToUpper(src)), "REPLACE") {
			return model.SQLStatement{Kind: "UPSERT"}
		}
		return model.SQLStatement{Kind: "COPY FROM"}
	}
	return model.SQLStatement{Kind: "OTHER"}
}

// filters reports whether a WHERE clause can leave rows out: a missing
// one, or one that is always true (WHERE 1=1, WHERE true, WHERE 1), does
// not.
func filters(w *sqlparser.Where) bool {
	return w != nil && w.Expr != nil && !alwaysTrue(w.Expr)
}

func alwaysTrue(e sqlparser.Expr) bool {
	switch x := e.(type) {
	case sqlparser.BoolVal:
		return bool(x)
	case *sqlparser.Literal:
		return x.Type == sqlparser.IntVal && strings.Trim(x.Val, "0") != ""
	case *sqlparser.ComparisonExpr:
		l, lok := x.Left.(*sqlparser.Literal)
		r, rok := x.Right.(*sqlparser.Literal)
		return x.Operator == sqlparser.EqualOp && lok && rok && l.Type == r.Type && l.Val == r.Val
	}
	return false
}

// joined reports whether a multi-table UPDATE or DELETE joins its tables
// on a condition, which leaves rows out as a WHERE clause does (DELETE u
// FROM users u JOIN bans b ON u.id = b.user_id deletes the banned users).
func joined(exprs []sqlparser.TableExpr) bool {
	found := false
	for _, e := range exprs {
		_ = sqlparser.Walk(func(n sqlparser.SQLNode) (bool, error) {
			if j, ok := n.(*sqlparser.JoinTableExpr); ok && j.Condition != nil && (j.Condition.On != nil && !alwaysTrue(j.Condition.On) || len(j.Condition.Using) > 0) {
				found = true
			}
			return !found, nil
		}, e)
	}
	return found
}

// resolve names a multi-table DELETE's targets by their tables where the
// FROM list gives them an alias.
func resolve(targets sqlparser.TableNames, exprs []sqlparser.TableExpr) []string {
	byAlias := map[string]string{}
	for _, e := range exprs {
		_ = sqlparser.Walk(func(n sqlparser.SQLNode) (bool, error) {
			if a, ok := n.(*sqlparser.AliasedTableExpr); ok && !a.As.IsEmpty() {
				if t := aliased(a); len(t) == 1 {
					byAlias[a.As.String()] = t[0]
				}
			}
			return true, nil
		}, e)
	}
	out := names(targets)
	for i, t := range out {
		if real, ok := byAlias[t]; ok {
			out[i] = real
		}
	}
	return out
}

// names are tables' names, schema-qualified where the text qualifies them.
func names(ts sqlparser.TableNames) []string {
	var out []string
	for _, t := range ts {
		name := t.Name.String()
		if q := t.Qualifier.String(); q != "" {
			name = q + "." + name
		}
		if name != "" {
			out = append(out, name)
		}
	}
	return out
}

// tables are the tables a FROM or UPDATE list names, joins included.
func tables(exprs []sqlparser.TableExpr) []string {
	var out []string
	for _, e := range exprs {
		_ = sqlparser.Walk(func(n sqlparser.SQLNode) (bool, error) {
			if a, ok := n.(*sqlparser.AliasedTableExpr); ok {
				out = append(out, aliased(a)...)
				return false, nil
			}
			return true, nil
		}, e)
	}
	return out
}

func aliased(a *sqlparser.AliasedTableExpr) []string {
	if a == nil {
		return nil
	}
	if t, ok := a.Expr.(sqlparser.TableName); ok {
		return names(sqlparser.TableNames{t})
	}
	return nil
}

// functions returns the names of the functions n calls anywhere in its
// tree, lower-case, each once, sorted.
func functions(n sqlparser.SQLNode) []string {
	var out []string
	_ = sqlparser.Walk(func(n sqlparser.SQLNode) (bool, error) {
		if f, ok := n.(*sqlparser.FuncExpr); ok {
			if name := f.Name.Lowered(); name != "" && !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
		return true, nil
	}, n)
	slices.Sort(out)
	return out
}

func firstWord(s string) string {
	if f := strings.Fields(strings.ToUpper(s)); len(f) > 0 {
		return f[0]
	}
	return ""
}
