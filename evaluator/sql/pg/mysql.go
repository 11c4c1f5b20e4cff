package pg

import (
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// MySQL's dialect differs from PostgreSQL's in ways the parser refuses:
// backticked identifiers, DELETE … LIMIT, and statements PostgreSQL does
// not have (DESCRIBE, SHOW CREATE TABLE, USE, RENAME TABLE, REPLACE INTO,
// LOAD DATA, PURGE BINARY LOGS, KILL). When the text does not parse as
// PostgreSQL, each of its statements is read again: MySQL's own
// statements by their leading words, the others with backticks as double
// quotes and a trailing LIMIT dropped. A statement neither reading
// understands stays unparsed, and needs review.

// mysqlStatements reads text statement by statement, as MySQL's; a
// statement neither reading understands keeps pgErr, the PostgreSQL
// parser's error for the whole text.
func mysqlStatements(text string, pgErr error) []model.SQLStatement {
	var out []model.SQLStatement
	for _, src := range splitStatements(text) {
		st, ok := mysqlOwn(src)
		if !ok {
			st, ok = asPostgres(src)
		}
		if !ok {
			st = model.SQLStatement{Kind: "UNPARSED", Error: pgErr.Error()}
		}
		st.Text = src
		out = append(out, st)
	}
	return out
}

// mysqlOwn reads the statements MySQL has and PostgreSQL does not, by
// their leading words.
func mysqlOwn(src string) (model.SQLStatement, bool) {
	words := strings.Fields(strings.ToUpper(src))
	if len(words) == 0 {
		return model.SQLStatement{}, false
	}
	second := ""
	if len(words) > 1 {
		second = words[1]
	}
	switch words[0] {
	case "DESCRIBE", "DESC", "SHOW", "HELP", "USE", "FLUSH", "LOCK", "UNLOCK":
		return model.SQLStatement{Kind: "SESSION"}, true
	case "RENAME":
		return model.SQLStatement{Kind: "ALTER", Object: second}, true
	case "OPTIMIZE", "ANALYZE", "CHECK", "CHECKSUM":
		return model.SQLStatement{Kind: "MAINTENANCE"}, true
	case "REPAIR":
		return model.SQLStatement{Kind: "ALTER", Object: "TABLE"}, true
	case "KILL":
		return model.SQLStatement{Kind: "SELECT", Functions: []string{"kill"}}, true
	case "PURGE":
		if second == "BINARY" || second == "MASTER" {
			return model.SQLStatement{Kind: "RESET LOGS", Targets: []string{"binary logs"}}, true
		}
	case "REPLACE":
		return model.SQLStatement{Kind: "UPSERT"}, true
	case "LOAD":
		if second == "DATA" || second == "XML" {
			if strings.Contains(strings.Join(words, " "), " REPLACE INTO ") {
				return model.SQLStatement{Kind: "UPSERT"}, true
			}
			return model.SQLStatement{Kind: "COPY FROM"}, true
		}
	case "SET":
		return model.SQLStatement{Kind: "SET"}, true
	}
	return model.SQLStatement{}, false
}

// asPostgres parses one statement as PostgreSQL once MySQL's spellings are
// rewritten: backticked identifiers quoted as PostgreSQL quotes them, and
// the LIMIT (with its ORDER BY) that MySQL allows on DELETE and UPDATE
// dropped — the statement still touches the rows its WHERE names, or all
// of them.
func asPostgres(src string) (model.SQLStatement, bool) {
	text := backticksToQuotes(src)
	upper := strings.ToUpper(strings.TrimSpace(text))
	if strings.HasPrefix(upper, "DELETE") || strings.HasPrefix(upper, "UPDATE") {
		text = withoutTrailingLimit(text)
	}
	tree, err := parseTree(text)
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

// backticksToQuotes writes `name` as "name", outside string literals.
func backticksToQuotes(s string) string {
	b := []byte(s)
	var quote byte
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '`':
			b[i] = '"'
		}
	}
	return string(b)
}

// withoutTrailingLimit drops a final LIMIT n, and an ORDER BY before it,
// from a DELETE or UPDATE.
func withoutTrailingLimit(s string) string {
	fields := strings.Fields(s)
	n := len(fields)
	if n >= 2 && strings.EqualFold(fields[n-2], "LIMIT") {
		fields = fields[:n-2]
		for i := len(fields) - 2; i >= 0; i-- {
			if strings.EqualFold(fields[i], "ORDER") && strings.EqualFold(fields[i+1], "BY") {
				fields = fields[:i]
				break
			}
		}
		return strings.Join(fields, " ")
	}
	return s
}

// splitStatements splits SQL text at semicolons outside strings,
// backticked names and comments (--, #, /* */), dropping empty ones.
func splitStatements(text string) []string {
	var out []string
	start := 0
	var quote byte
	add := func(end int) {
		if s := strings.TrimSpace(text[start:end]); s != "" {
			out = append(out, s)
		}
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case quote != 0:
			if c == '\\' && quote != '`' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"' || c == '`':
			quote = c
		case c == '#' || c == '-' && strings.HasPrefix(text[i:], "-- "):
			leading := strings.TrimSpace(text[start:i]) == ""
			if end := strings.IndexByte(text[i:], '\n'); end >= 0 {
				i += end
			} else {
				i = len(text)
			}
			if leading { // a comment before a statement is not part of it
				start = i
			}
		case c == '/' && strings.HasPrefix(text[i:], "/*"):
			leading := strings.TrimSpace(text[start:i]) == ""
			if end := strings.Index(text[i+2:], "*/"); end >= 0 {
				i += end + 3
			} else {
				i = len(text)
			}
			if leading {
				start = min(i+1, len(text))
			}
		case c == ';':
			add(i)
			start = i + 1
		}
	}
	if start < len(text) {
		add(len(text))
	}
	return out
}
