package pg

import (
	"errors"
	"slices"
	"strings"

	"github.com/recourse-dev/recourse/evaluator/sql/mysql"
	"github.com/recourse-dev/recourse/model"
)

// MySQL's dialect differs from PostgreSQL's in ways PostgreSQL's grammar
// refuses: backticked identifiers, DELETE … LIMIT, and statements
// PostgreSQL does not have (DESCRIBE, SHOW CREATE TABLE, USE, RENAME
// TABLE, REPLACE INTO, LOAD DATA, PURGE BINARY LOGS, KILL). When the text
// does not parse as PostgreSQL, it is split as MySQL's client splits it
// and each statement is read with MySQL's grammar (package sql/mysql), or
// failing that with PostgreSQL's alone. A statement neither grammar reads
// stays unparsed, and needs review.

// mysqlStatements reads text statement by statement, as MySQL's; a
// statement neither grammar reads keeps both parsers' refusal.
func mysqlStatements(text string, pgErr error) []model.SQLStatement {
	pieces, err := mysql.Split(text)
	if err != nil {
		return []model.SQLStatement{{Kind: "UNPARSED", Text: text, Error: errors.Join(pgErr, err).Error()}}
	}
	var out []model.SQLStatement
	for _, src := range pieces {
		st, ok := mysql.Statement(src)
		if !ok {
			st, ok = asPostgres(src)
		}
		if !ok {
			st, ok = refusedButKnown(src)
		}
		if !ok {
			st = model.SQLStatement{Kind: "UNPARSED", Error: pgErr.Error() + " (nor does it parse as MySQL)"}
		}
		st.Text = src
		out = append(out, st)
	}
	return out
}

// asPostgres reads one statement of a text PostgreSQL's grammar refused
// as a whole: a PostgreSQL statement beside a MySQL one.
func asPostgres(src string) (model.SQLStatement, bool) {
	tree, err := parseTree(src)
	if err != nil || len(tree.Stmts) != 1 {
		return model.SQLStatement{}, false
	}
	sts := statements(tree.Stmts[0].Stmt)
	if len(sts) != 1 {
		return model.SQLStatement{}, false
	}
	st := sts[0]
	st.Functions = functions(tree.Stmts[0].Stmt)
	return st, true
}

// refusedByGrammar are statements MySQL runs that Vitess's grammar reads
// more narrowly than MySQL, by their leading words, and what they do: only
// rows that make a verdict stricter than an unparsed statement's belong
// here (PURGE BINARY LOGS BEFORE takes any expression in MySQL, a literal
// in Vitess's grammar; it deletes the binary logs, tier 4, where an
// unparsed statement needs review).
var refusedByGrammar = []struct {
	words []string
	st    model.SQLStatement
}{
	{[]string{"PURGE", "BINARY", "LOGS"}, model.SQLStatement{Kind: "RESET LOGS", Targets: []string{"binary logs"}}},
	{[]string{"PURGE", "MASTER", "LOGS"}, model.SQLStatement{Kind: "RESET LOGS", Targets: []string{"binary logs"}}},
}

// refusedButKnown reads a statement both grammars refused by its leading
// words, when refusedByGrammar has them.
func refusedButKnown(src string) (model.SQLStatement, bool) {
	words := strings.Fields(strings.ToUpper(src))
	for _, r := range refusedByGrammar {
		if len(words) >= len(r.words) && slices.Equal(words[:len(r.words)], r.words) {
			return r.st, true
		}
	}
	return model.SQLStatement{}, false
}
