// Package fast is the fast path of SQL parsing: a lexer and a small,
// strict grammar, in pure Go, for the statements that are common and
// matter. It answers only when every statement of a text is in its
// grammar, with the statements PostgreSQL's own parser gives (package
// sql/pg, which asks it first); anything else is for that parser.
//
// It is a package of its own, importing nothing but the model, so that
// recourse-hook, which does without the full parser (package sql), judges
// the common SQL lines itself instead of handing them over.
package fast

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/model"
)

// The fast path is a small, strict grammar, in Go, for the statements that
// are common and matter — DROP, DROP DATABASE, TRUNCATE, DELETE, UPDATE,
// ALTER TABLE … DROP, simple SELECT and INSERT, transactions, SET, RESET,
// SHOW, GRANT and REVOKE on tables, EXPLAIN of those — read into the same
// model.SQLStatement values the full parser's tree gives (sql/pg's pg.go). It
// answers only when every statement of the text is in its grammar; any
// other text, or anything it is not sure of, goes to the full parser
// (libpg_query), so the statements, and so the verdicts, never differ:
// TestFastPathAgrees and FuzzFastPathAgrees compare the two on the repo's
// SQL corpora and on generated variants.
//
// It exists for the release binaries, which are pure Go: there the full
// parser is libpg_query compiled to WebAssembly, whose module wazero
// compiles on a process's first parse (a second and more, hundreds of
// megabytes), where a statement on the fast path takes microseconds.
//
// The grammar is a subset of PostgreSQL 17's (src/backend/parser/gram.y,
// as pg_query_go v6 links it): where PostgreSQL takes more (more forms, a
// keyword as a name), the fast path refuses rather than guess.

// Parse returns the statements of text and true, or false when text is
// not all in the fast path's grammar.
func Parse(text string) ([]model.SQLStatement, bool) {
	toks, err := lex(text)
	if err != nil {
		return nil, false
	}
	var out []model.SQLStatement
	start, first, depth := 0, 0, 0
	for i := 0; i <= len(toks); i++ {
		if i < len(toks) {
			switch t := toks[i]; {
			case t.kind == tPunct && t.val == "(":
				depth++
				continue
			case t.kind == tPunct && t.val == ")":
				depth--
				continue
			case t.kind != tPunct || t.val != ";":
				continue
			}
		}
		if depth != 0 {
			return nil, false
		}
		// A statement runs from after the previous top-level semicolon to
		// the next one (or the end), trimmed: what libpg_query's
		// stmt_location and stmt_len cut. Empty statements are none.
		end := len(text)
		if i < len(toks) {
			end = toks[i].pos
		}
		if i > first {
			st, ok := fastStatement(toks[first:i])
			if !ok {
				return nil, false
			}
			st.Text = strings.TrimSpace(text[start:end])
			out = append(out, st)
		}
		start, first = end+1, i+1
	}
	if len(out) == 0 {
		return nil, false // comments alone: the full parser's answer
	}
	return out, true
}

// refusal is the panic value of a parse that leaves the grammar; only
// fastStatement recovers it.
type refusal struct{}

// parser reads one statement's tokens.
type parser struct {
	toks  []token
	i     int
	funcs []string // the functions called, lower-case, without schema
}

// fastStatement reads one statement, or reports that it is not in the
// grammar.
func fastStatement(toks []token) (st model.SQLStatement, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, mine := r.(refusal); !mine {
				panic(r)
			}
			st, ok = model.SQLStatement{}, false
		}
	}()
	p := &parser{toks: toks}
	st = p.statement()
	if p.i != len(p.toks) {
		p.fail()
	}
	if len(p.funcs) > 0 {
		slices.Sort(p.funcs)
		st.Functions = slices.Compact(p.funcs)
	}
	return st, true
}

func (p *parser) fail() { panic(refusal{}) }

func (p *parser) peek() token {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return token{}
}

func (p *parser) peekAt(n int) token {
	if p.i+n < len(p.toks) {
		return p.toks[p.i+n]
	}
	return token{}
}

// is reports whether the next token is the word (keyword) w.
func (p *parser) is(w string) bool { t := p.peek(); return t.kind == tWord && t.val == w }

// accept consumes the words ws when the next tokens are all of them.
func (p *parser) accept(ws ...string) bool {
	for n, w := range ws {
		if t := p.peekAt(n); t.kind != tWord || t.val != w {
			return false
		}
	}
	p.i += len(ws)
	return true
}

func (p *parser) expect(ws ...string) {
	if !p.accept(ws...) {
		p.fail()
	}
}

// isPunct reports whether the next token is the punctuation or operator s.
func (p *parser) isPunct(s string) bool {
	t := p.peek()
	return (t.kind == tPunct || t.kind == tOp) && t.val == s
}

func (p *parser) acceptPunct(s string) bool {
	if p.isPunct(s) {
		p.i++
		return true
	}
	return false
}

func (p *parser) expectPunct(s string) {
	if !p.acceptPunct(s) {
		p.fail()
	}
}

// notAName are unreserved keywords the fast path does not take as names:
// ones the scanner reads ahead of (FORMAT, NULLS, WITHOUT), ones that
// continue an expression or a clause where a name could stand (AT, ESCAPE,
// FILTER, OVER, WITHIN, UESCAPE) and the fast path's own option words.
var notAName = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"format": true, "nulls": true, "without": true, "at": true, "escape": true,
		"filter": true, "over": true, "within": true, "uescape": true, "if": true, "cascade": true, "restrict": true,
		"restart": true, "continue": true, "set": true, "first": true, "last": true}
})

// name reads an identifier that names a table, a column, a function or a
// role: a quoted identifier, a word that is no keyword, or an unreserved
// keyword (as PostgreSQL's ColId takes them).
func (p *parser) name() string {
	t := p.peek()
	switch {
	case t.kind == tQuoted:
	case t.kind == tWord && keyword(t.val) == notKeyword:
	case t.kind == tWord && keyword(t.val) == unreserved && !notAName()[t.val]:
	default:
		p.fail()
	}
	p.i++
	return t.val
}

// plainName reads a quoted identifier or a word that is no keyword: a bare
// alias, a setting's name.
func (p *parser) plainName() string {
	t := p.peek()
	if t.kind != tQuoted && (t.kind != tWord || keyword(t.val) != notKeyword) {
		p.fail()
	}
	p.i++
	return t.val
}

// qualified reads name[.name[.name]].
func (p *parser) qualified() []string {
	parts := []string{p.name()}
	for len(parts) < 3 && p.isPunct(".") {
		p.i++
		parts = append(parts, p.name())
	}
	if p.isPunct(".") {
		p.fail()
	}
	return parts
}

// relation is a RangeVar's name as sql/pg's rel writes it: schema.table,
// without a catalog.
func relation(parts []string) []string {
	if len(parts) == 3 {
		parts = parts[1:]
	}
	return []string{strings.Join(parts, ".")}
}

// qualifiedList reads qualified names separated by commas.
func (p *parser) qualifiedList() [][]string {
	list := [][]string{p.qualified()}
	for p.acceptPunct(",") {
		list = append(list, p.qualified())
	}
	return list
}

// behavior reads an optional CASCADE or RESTRICT.
func (p *parser) behavior() bool {
	if p.accept("cascade") {
		return true
	}
	p.accept("restrict")
	return false
}

// statement reads one statement by its first word.
func (p *parser) statement() model.SQLStatement {
	t := p.peek()
	if t.kind != tWord {
		p.fail()
	}
	switch t.val {
	case "select":
		p.selectStmt()
		return model.SQLStatement{Kind: "SELECT"}
	case "insert":
		return p.insertStmt()
	case "update":
		return p.updateStmt()
	case "delete":
		return p.deleteStmt()
	case "drop":
		return p.dropStmt()
	case "truncate":
		return p.truncateStmt()
	case "alter":
		return p.alterTableStmt()
	case "begin", "start", "commit", "end", "rollback", "abort":
		p.transactionStmt()
		return model.SQLStatement{Kind: "TRANSACTION"}
	case "set":
		p.setStmt()
		return model.SQLStatement{Kind: "SET"}
	case "reset":
		return p.resetStmt()
	case "show":
		p.i++
		if !p.accept("all") {
			p.settingName()
		}
		return model.SQLStatement{Kind: "SET"}
	case "grant", "revoke":
		return p.grantStmt()
	case "explain":
		return p.explainStmt()
	}
	p.fail()
	return model.SQLStatement{}
}

// selectStmt reads SELECT targets [FROM tables] [WHERE expr] [ORDER BY
// exprs] [LIMIT n] [OFFSET n].
func (p *parser) selectStmt() {
	p.expect("select")
	p.targets()
	if p.accept("from") {
		for {
			p.qualified()
			p.alias()
			if !p.acceptPunct(",") {
				break
			}
		}
	}
	if p.accept("where") {
		p.expr()
	}
	if p.accept("order", "by") {
		for {
			p.expr()
			if !p.accept("asc") {
				p.accept("desc")
			}
			if !p.acceptPunct(",") {
				break
			}
		}
	}
	if p.accept("limit") {
		p.integer()
	}
	if p.accept("offset") {
		p.integer()
	}
}

func (p *parser) integer() {
	if p.peek().kind != tInt {
		p.fail()
	}
	p.i++
}

// targets reads a SELECT or RETURNING list: *, table.*, or expressions
// with optional aliases.
func (p *parser) targets() {
	for {
		switch {
		case p.acceptPunct("*"):
		case p.peekAt(1).kind == tPunct && p.peekAt(1).val == "." && p.peekAt(2).kind == tOp && p.peekAt(2).val == "*":
			p.name()
			p.i += 2
		default:
			p.expr()
			p.alias()
		}
		if !p.acceptPunct(",") {
			return
		}
	}
}

// alias reads an optional [AS] name.
func (p *parser) alias() {
	if p.accept("as") {
		p.name()
		return
	}
	if t := p.peek(); t.kind == tQuoted || t.kind == tWord && keyword(t.val) == notKeyword {
		p.i++
	}
}

// insertStmt reads INSERT INTO table [(columns)] VALUES (exprs)[, …] or
// SELECT …, [RETURNING targets].
func (p *parser) insertStmt() model.SQLStatement {
	p.expect("insert", "into")
	target := relation(p.qualified())
	if p.acceptPunct("(") {
		for {
			p.name()
			if !p.acceptPunct(",") {
				break
			}
		}
		p.expectPunct(")")
	}
	switch {
	case p.accept("values"):
		for {
			p.expectPunct("(")
			p.exprList()
			p.expectPunct(")")
			if !p.acceptPunct(",") {
				break
			}
		}
	case p.is("select"):
		p.selectStmt()
	default:
		p.fail()
	}
	p.returning()
	return model.SQLStatement{Kind: "INSERT", Targets: target}
}

func (p *parser) returning() {
	if p.accept("returning") {
		p.targets()
	}
}

// updateStmt reads UPDATE table [alias] SET column = expr[, …] [WHERE
// expr] [RETURNING targets].
func (p *parser) updateStmt() model.SQLStatement {
	p.expect("update")
	target := relation(p.qualified())
	p.alias()
	p.expect("set")
	for {
		p.name()
		p.expectPunct("=")
		p.expr()
		if !p.acceptPunct(",") {
			break
		}
	}
	where := p.where()
	p.returning()
	return model.SQLStatement{Kind: "UPDATE", Targets: target, Where: where}
}

// deleteStmt reads DELETE FROM table [alias] [WHERE expr] [RETURNING
// targets].
func (p *parser) deleteStmt() model.SQLStatement {
	p.expect("delete", "from")
	target := relation(p.qualified())
	p.alias()
	where := p.where()
	p.returning()
	return model.SQLStatement{Kind: "DELETE", Targets: target, Where: where}
}

// where reads an optional WHERE clause and reports whether it can leave
// rows out, as sql/pg's filters does.
func (p *parser) where() bool {
	if !p.accept("where") {
		return false
	}
	return !p.expr().alwaysTrue()
}

// dropObjects are the objects DROP takes a list of names for, and the
// Object each is reported as (sql/pg's objectName of the ObjectType).
var dropObjects = []struct {
	words     []string
	object    string
	qualified bool // any_name (schema.name) rather than a plain name
}{
	{[]string{"table"}, "TABLE", true},
	{[]string{"view"}, "VIEW", true},
	{[]string{"materialized", "view"}, "MATVIEW", true},
	{[]string{"index"}, "INDEX", true},
	{[]string{"sequence"}, "SEQUENCE", true},
	{[]string{"foreign", "table"}, "FOREIGN TABLE", true},
	{[]string{"schema"}, "SCHEMA", false},
	{[]string{"extension"}, "EXTENSION", false},
}

// dropStmt reads DROP DATABASE [IF EXISTS] name, or DROP object [IF
// EXISTS] names [CASCADE|RESTRICT].
func (p *parser) dropStmt() model.SQLStatement {
	p.expect("drop")
	if p.accept("database") {
		p.accept("if", "exists")
		return model.SQLStatement{Kind: "DROP", Object: "DATABASE", Targets: []string{p.name()}}
	}
	for _, o := range dropObjects {
		if !p.accept(o.words...) {
			continue
		}
		p.accept("if", "exists")
		var targets []string
		for {
			if o.qualified {
				targets = append(targets, strings.Join(p.qualified(), "."))
			} else {
				targets = append(targets, p.name())
			}
			if !p.acceptPunct(",") {
				break
			}
		}
		return model.SQLStatement{Kind: "DROP", Object: o.object, Targets: targets, Cascade: p.behavior()}
	}
	p.fail()
	return model.SQLStatement{}
}

// truncateStmt reads TRUNCATE [TABLE] tables [RESTART IDENTITY|CONTINUE
// IDENTITY] [CASCADE|RESTRICT]. pg.go reports no Cascade for TRUNCATE.
func (p *parser) truncateStmt() model.SQLStatement {
	p.expect("truncate")
	p.accept("table")
	var targets []string
	for _, parts := range p.qualifiedList() {
		targets = append(targets, relation(parts)...)
	}
	if !p.accept("restart", "identity") {
		p.accept("continue", "identity")
	}
	p.behavior()
	return model.SQLStatement{Kind: "TRUNCATE", Object: "TABLE", Targets: targets}
}

// alterTableStmt reads ALTER TABLE [IF EXISTS] table followed by DROP
// [COLUMN] [IF EXISTS] column, DROP CONSTRAINT [IF EXISTS] name (each
// [CASCADE|RESTRICT]), or [ENABLE|DISABLE|FORCE|NO FORCE] ROW LEVEL
// SECURITY, separated by commas.
func (p *parser) alterTableStmt() model.SQLStatement {
	p.expect("alter", "table")
	p.accept("if", "exists")
	st := model.SQLStatement{Kind: "ALTER", Object: "TABLE", Targets: relation(p.qualified())}
	for {
		switch {
		case p.accept("drop"):
			if !p.accept("constraint") {
				p.accept("column")
			}
			p.accept("if", "exists")
			p.name()
			p.behavior()
			st.AlterDrops = true
		case p.accept("enable", "row", "level", "security"), p.accept("force", "row", "level", "security"):
		case p.accept("disable", "row", "level", "security"), p.accept("no", "force", "row", "level", "security"):
			st.Opens = true
		default:
			p.fail()
		}
		if !p.acceptPunct(",") {
			return st
		}
	}
}

// transactionStmt reads BEGIN, START TRANSACTION, COMMIT, END, ROLLBACK
// or ABORT, with an optional WORK or TRANSACTION.
func (p *parser) transactionStmt() {
	if p.accept("start") {
		p.expect("transaction")
		return
	}
	p.i++
	if !p.accept("work") {
		p.accept("transaction")
	}
}

// settingName reads a run-time setting's name, name[.name], and returns
// it as PostgreSQL's VariableSetStmt names it.
func (p *parser) settingName() string {
	name := p.plainName()
	for p.acceptPunct(".") {
		name += "." + p.plainName()
	}
	return name
}

// setStmt reads SET [SESSION|LOCAL] name {TO|=} value[, …] or DEFAULT.
func (p *parser) setStmt() {
	p.expect("set")
	if !p.accept("session") {
		p.accept("local")
	}
	p.settingName()
	if !p.accept("to") {
		p.expectPunct("=")
	}
	if p.accept("default") {
		return
	}
	for {
		t := p.peek()
		switch {
		case t.kind == tString, t.kind == tInt, t.kind == tQuoted:
		case t.kind == tWord && (keyword(t.val) != otherKeyword || t.val == "true" || t.val == "false" || t.val == "on"):
		default:
			p.fail()
		}
		p.i++
		if !p.acceptPunct(",") {
			return
		}
	}
}

// resetStmt reads RESET name or RESET ALL, as sql/pg's variableSet judges
// it.
func (p *parser) resetStmt() model.SQLStatement {
	p.expect("reset")
	if p.accept("all") {
		return model.SQLStatement{Kind: "SET"}
	}
	switch name := strings.ToLower(p.settingName()); name {
	case "master":
		return model.SQLStatement{Kind: "RESET LOGS", Targets: []string{name}}
	case "replica", "slave":
		return model.SQLStatement{Kind: "RESET REPLICA", Targets: []string{name}}
	}
	return model.SQLStatement{Kind: "SET"}
}

// privileges are the table privileges GRANT and REVOKE name.
var privileges = map[string]bool{"select": true, "insert": true, "update": true, "delete": true, "truncate": true,
	"references": true, "trigger": true}

// grantStmt reads GRANT privileges ON [TABLE] tables TO roles [WITH GRANT
// OPTION] and REVOKE privileges ON [TABLE] tables FROM roles
// [CASCADE|RESTRICT]. A grant to PUBLIC opens the tables to everyone.
func (p *parser) grantStmt() model.SQLStatement {
	grant := p.accept("grant")
	if !grant {
		p.expect("revoke")
	}
	if p.accept("all") {
		p.accept("privileges")
	} else {
		for {
			if t := p.peek(); t.kind != tWord || !privileges[t.val] {
				p.fail()
			}
			p.i++
			if !p.acceptPunct(",") {
				break
			}
		}
	}
	p.expect("on")
	p.accept("table")
	p.grantTables()
	if !grant {
		p.expect("from")
		p.roles()
		p.behavior()
		return model.SQLStatement{Kind: "REVOKE"}
	}
	p.expect("to")
	st := model.SQLStatement{Kind: "GRANT", Opens: p.roles()}
	p.accept("with", "grant", "option")
	return st
}

// grantTables reads the tables of a GRANT or REVOKE: names that are no
// keyword, since after ON a keyword names the kind of object (SCHEMA,
// SEQUENCE, FUNCTION …).
func (p *parser) grantTables() {
	for {
		p.plainName()
		for n := 1; p.acceptPunct("."); n++ {
			if n == 3 {
				p.fail() // PostgreSQL refuses a name of four parts
			}
			p.plainName()
		}
		if !p.acceptPunct(",") {
			return
		}
	}
}

// roles reads role names separated by commas and reports whether one is
// PUBLIC (spelt public, quoted or not, as PostgreSQL's RoleSpec reads it).
func (p *parser) roles() (public bool) {
	for {
		t := p.peek()
		if t.kind == tQuoted && t.val == "none" {
			p.fail() // a reserved role name: PostgreSQL's error
		}
		public = p.plainName() == "public" || public
		if !p.acceptPunct(",") {
			return public
		}
	}
}

// explainStmt reads EXPLAIN [ANALYZE] [VERBOSE] statement: EXPLAIN ANALYZE
// runs the statement, so it is judged as that statement (sql/pg).
func (p *parser) explainStmt() model.SQLStatement {
	p.expect("explain")
	analyze := p.accept("analyze") || p.accept("analyse")
	p.accept("verbose")
	var inner model.SQLStatement
	switch {
	case p.is("select"):
		p.selectStmt()
		inner = model.SQLStatement{Kind: "SELECT"}
	case p.is("insert"):
		inner = p.insertStmt()
	case p.is("update"):
		inner = p.updateStmt()
	case p.is("delete"):
		inner = p.deleteStmt()
	default:
		p.fail()
	}
	if analyze {
		return inner
	}
	return model.SQLStatement{Kind: "EXPLAIN"}
}

// expr is what the fast path keeps of an expression: enough for sql/pg's
// alwaysTrue. Function calls are recorded by the parser as it reads them.
type expr struct {
	op    string // "const", "=", "and", "or", or "" for anything else
	value string // a non-null constant's value as sql/pg's constant writes it
	null  bool
	args  []*expr
}

// alwaysTrue mirrors sql/pg's alwaysTrue on the same expressions: a true
// or non-zero integer constant, an equality of two equal non-null
// constants (1 and '1' differ), and OR and AND of those.
func (e *expr) alwaysTrue() bool {
	switch e.op {
	case "const":
		return e.value == "btrue" || strings.HasPrefix(e.value, "i") && e.value != "i0"
	case "=":
		l, r := e.args[0], e.args[1]
		return l.op == "const" && r.op == "const" && !l.null && !r.null && l.value == r.value
	case "or":
		return slices.ContainsFunc(e.args, (*expr).alwaysTrue)
	case "and":
		return !slices.ContainsFunc(e.args, func(a *expr) bool { return !a.alwaysTrue() })
	}
	return false
}

var other = &expr{}

// expr reads an expression. The levels follow gram.y's precedence: OR,
// AND, NOT, IS, comparison (non-associative), IN, ||, + -, * / %.
func (p *parser) expr() *expr { return p.boolExpr("or", p.andExpr) }

func (p *parser) andExpr() *expr { return p.boolExpr("and", p.notExpr) }

// boolExpr reads operands joined by the word op into one n-ary node.
func (p *parser) boolExpr(op string, operand func() *expr) *expr {
	e := operand()
	if !p.is(op) {
		return e
	}
	n := &expr{op: op, args: []*expr{e}}
	for p.accept(op) {
		n.args = append(n.args, operand())
	}
	return n
}

func (p *parser) notExpr() *expr {
	if p.accept("not") {
		p.notExpr()
		return other
	}
	e := p.cmpExpr()
	if p.accept("is") {
		p.accept("not")
		p.expect("null")
		return other
	}
	return e
}

var comparisons = map[string]bool{"=": true, "<>": true, "!=": true, "<": true, ">": true, "<=": true, ">=": true}

func (p *parser) cmpExpr() *expr {
	l := p.inExpr()
	t := p.peek()
	if t.kind != tOp || !comparisons[t.val] {
		return l
	}
	p.i++
	r := p.inExpr()
	if t.val == "=" {
		return &expr{op: "=", args: []*expr{l, r}}
	}
	return other
}

func (p *parser) inExpr() *expr {
	e := p.arith(0)
	if p.is("not") && p.peekAt(1).comment {
		p.fail() // NOT /* … */ IN: libpg_query's look-ahead misses the IN
	}
	if p.accept("in") || p.accept("not", "in") {
		p.expectPunct("(")
		p.exprList()
		p.expectPunct(")")
		return other
	}
	return e
}

// arithLevels are the binary operators from the loosest to the tightest,
// all left-associative.
var arithLevels = [][]string{{"||"}, {"+", "-"}, {"*", "/", "%"}}

func (p *parser) arith(level int) *expr {
	if level == len(arithLevels) {
		return p.primary()
	}
	e := p.arith(level + 1)
	for t := p.peek(); t.kind == tOp && slices.Contains(arithLevels[level], t.val); t = p.peek() {
		p.i++
		p.arith(level + 1)
		e = other
	}
	return e
}

func (p *parser) exprList() {
	for {
		p.expr()
		if !p.acceptPunct(",") {
			return
		}
	}
}

// primary reads a constant, a parenthesised expression, a column or a
// function call. Signs, casts, subqueries and the rest are refused.
func (p *parser) primary() *expr {
	t := p.peek()
	switch {
	case t.kind == tInt:
		p.i++
		n, _ := strconv.Atoi(t.val) // at most nine digits: an int4
		return &expr{op: "const", value: "i" + strconv.Itoa(n)}
	case t.kind == tString:
		p.i++
		return &expr{op: "const", value: "s" + t.val}
	case p.accept("true"):
		return &expr{op: "const", value: "btrue"}
	case p.accept("false"):
		return &expr{op: "const", value: "bfalse"}
	case p.accept("null"):
		return &expr{op: "const", null: true}
	case p.acceptPunct("("):
		e := p.expr()
		p.expectPunct(")")
		return e
	}
	parts := p.qualified()
	if p.acceptPunct("(") {
		p.call()
		p.funcs = append(p.funcs, strings.ToLower(parts[len(parts)-1]))
	}
	return other
}

// call reads a function's arguments after its "(": none, *, or
// expressions.
func (p *parser) call() {
	if p.acceptPunct(")") {
		return
	}
	if !p.acceptPunct("*") {
		p.exprList()
	}
	p.expectPunct(")")
}
