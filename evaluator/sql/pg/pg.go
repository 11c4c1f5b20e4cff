// Package pg is the SQL parser of package sql: PostgreSQL's own grammar,
// through pg_query (libpg_query), with MySQL's dialect read statement by
// statement where PostgreSQL's refuses it. It never connects to a
// database. Text the parser does not read becomes a statement with Error
// set, which the rules judge as needs-review, never as a SELECT.
//
// Importing the package registers the parser with package sql:
//
//	import _ "github.com/recourse-dev/recourse/evaluator/sql/pg"
//
// It is a package of its own because loading it is most of a hook
// process's start-up; recourse-hook does without it (package sql).
package pg

import (
	"fmt"
	"slices"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/recourse-dev/recourse/evaluator/sql"
	"github.com/recourse-dev/recourse/evaluator/sql/fast"
	"github.com/recourse-dev/recourse/model"
)

func init() { sql.Register(Parser, Parse) }

// Parse returns the statements of text, in order. Package sql bounds the
// text's size before it calls Parse.
func Parse(text string) []model.SQLStatement {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	if out, ok := fast.Parse(text); ok {
		return out // the common statements, without the full parser (package sql/fast)
	}
	return parseFull(text)
}

// parseFull returns the statements of text as libpg_query's tree gives
// them: the full parser, and the fast path's reference.
func parseFull(text string) []model.SQLStatement {
	tree, err := parseTree(text)
	if err != nil {
		// MySQL's dialect, statement by statement (mysql.go).
		return mysqlStatements(text, err)
	}
	out := make([]model.SQLStatement, 0, len(tree.Stmts))
	for _, raw := range tree.Stmts {
		src := strings.TrimSpace(slice(text, raw.StmtLocation, raw.StmtLen))
		calls := functions(raw.Stmt)
		for _, st := range statements(raw.Stmt) {
			st.Text, st.Functions = src, calls
			out = append(out, st)
		}
	}
	return out
}

// functions returns the names of the functions n calls anywhere in its
// tree (in a SELECT list, a WHERE clause, a subquery ...), lower-case,
// without schema, each once, sorted. The tree is walked through its protobuf
// reflection, so that no node type is missed.
func functions(n *pg_query.Node) []string {
	var out []string
	var walk func(m protoreflect.Message)
	walk = func(m protoreflect.Message) {
		if fc, ok := m.Interface().(*pg_query.FuncCall); ok {
			if parts := fc.GetFuncname(); len(parts) > 0 {
				name := strings.ToLower(parts[len(parts)-1].GetString_().GetSval())
				if name != "" && !slices.Contains(out, name) {
					out = append(out, name)
				}
			}
		}
		m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
			switch {
			case fd.IsList() && fd.Kind() == protoreflect.MessageKind:
				for i, l := 0, v.List(); i < l.Len(); i++ {
					walk(l.Get(i).Message())
				}
			case fd.IsMap():
			case fd.Kind() == protoreflect.MessageKind:
				walk(v.Message())
			}
			return true
		})
	}
	if n != nil {
		walk(n.ProtoReflect())
	}
	slices.Sort(out)
	return out
}

// statements classifies a statement and every data-modifying statement in
// its WITH clause: WITH d AS (DELETE FROM users RETURNING *) SELECT ...
// deletes as surely as the DELETE alone.
func statements(n *pg_query.Node) []model.SQLStatement {
	out := []model.SQLStatement{statement(n)}
	for _, cte := range withClause(n).GetCtes() {
		for _, st := range statements(cte.GetCommonTableExpr().GetCtequery()) {
			if st.Kind != "SELECT" {
				out = append(out, st)
			}
		}
	}
	return out
}

func withClause(n *pg_query.Node) *pg_query.WithClause {
	switch s := n.GetNode().(type) {
	case *pg_query.Node_SelectStmt:
		return s.SelectStmt.GetWithClause()
	case *pg_query.Node_InsertStmt:
		return s.InsertStmt.GetWithClause()
	case *pg_query.Node_UpdateStmt:
		return s.UpdateStmt.GetWithClause()
	case *pg_query.Node_DeleteStmt:
		return s.DeleteStmt.GetWithClause()
	case *pg_query.Node_MergeStmt:
		return s.MergeStmt.GetWithClause()
	}
	return nil
}

// filters reports whether a WHERE clause can leave rows out: a missing
// one, or one that is always true (WHERE 1=1, WHERE true, WHERE 1), does
// not.
func filters(where *pg_query.Node) bool {
	return where != nil && !alwaysTrue(where)
}

func alwaysTrue(n *pg_query.Node) bool {
	switch e := n.GetNode().(type) {
	case *pg_query.Node_AConst:
		return e.AConst.GetBoolval().GetBoolval() || e.AConst.GetIval().GetIval() != 0
	case *pg_query.Node_AExpr:
		x := e.AExpr
		if x.GetKind() != pg_query.A_Expr_Kind_AEXPR_OP || len(x.GetName()) != 1 || x.GetName()[0].GetString_().GetSval() != "=" {
			return false
		}
		l, lok := constant(x.GetLexpr())
		r, rok := constant(x.GetRexpr())
		return lok && rok && l == r
	case *pg_query.Node_BoolExpr:
		args := e.BoolExpr.GetArgs()
		switch e.BoolExpr.GetBoolop() {
		case pg_query.BoolExprType_OR_EXPR:
			for _, a := range args {
				if alwaysTrue(a) {
					return true
				}
			}
		case pg_query.BoolExprType_AND_EXPR:
			for _, a := range args {
				if !alwaysTrue(a) {
					return false
				}
			}
			return len(args) > 0
		}
	}
	return false
}

// constant is the text of a literal, or false when n is not one.
func constant(n *pg_query.Node) (string, bool) {
	c := n.GetAConst()
	if c == nil || c.GetIsnull() {
		return "", false
	}
	switch {
	case c.GetIval() != nil:
		return fmt.Sprint("i", c.GetIval().GetIval()), true
	case c.GetFval() != nil:
		return "f" + c.GetFval().GetFval(), true
	case c.GetSval() != nil:
		return "s" + c.GetSval().GetSval(), true
	case c.GetBoolval() != nil:
		return fmt.Sprint("b", c.GetBoolval().GetBoolval()), true
	}
	return "", false
}

// slice cuts a statement's text by its byte location and length (0 means
// to the end).
func slice(text string, loc, n int32) string {
	start := int(loc)
	if start < 0 || start > len(text) {
		return text
	}
	if n <= 0 || start+int(n) > len(text) {
		return text[start:]
	}
	return text[start : start+int(n)]
}

// statement classifies one parsed statement.
func statement(n *pg_query.Node) model.SQLStatement {
	switch s := n.GetNode().(type) {
	case *pg_query.Node_SelectStmt:
		st := model.SQLStatement{Kind: "SELECT"}
		if s.SelectStmt.GetIntoClause() != nil {
			st.Kind, st.Object = "CREATE", "TABLE"
		}
		return st
	case *pg_query.Node_InsertStmt:
		kind := "INSERT"
		if s.InsertStmt.GetOnConflictClause().GetAction() == pg_query.OnConflictAction_ONCONFLICT_UPDATE {
			kind = "UPSERT"
		}
		return model.SQLStatement{Kind: kind, Targets: rel(s.InsertStmt.GetRelation())}
	case *pg_query.Node_UpdateStmt:
		return model.SQLStatement{Kind: "UPDATE", Targets: rel(s.UpdateStmt.GetRelation()), Where: filters(s.UpdateStmt.GetWhereClause())}
	case *pg_query.Node_DeleteStmt:
		return model.SQLStatement{Kind: "DELETE", Targets: rel(s.DeleteStmt.GetRelation()), Where: filters(s.DeleteStmt.GetWhereClause())}
	case *pg_query.Node_MergeStmt:
		return model.SQLStatement{Kind: "MERGE", Targets: rel(s.MergeStmt.GetRelation())}
	case *pg_query.Node_TruncateStmt:
		var targets []string
		for _, r := range s.TruncateStmt.GetRelations() {
			targets = append(targets, rel(r.GetRangeVar())...)
		}
		return model.SQLStatement{Kind: "TRUNCATE", Object: "TABLE", Targets: targets}
	case *pg_query.Node_DropStmt:
		d := s.DropStmt
		return model.SQLStatement{Kind: "DROP", Object: objectName(d.GetRemoveType()), Targets: names(d.GetObjects()),
			Cascade: d.GetBehavior() == pg_query.DropBehavior_DROP_CASCADE}
	case *pg_query.Node_DropdbStmt:
		return model.SQLStatement{Kind: "DROP", Object: "DATABASE", Targets: []string{s.DropdbStmt.GetDbname()}}
	case *pg_query.Node_DropRoleStmt:
		return model.SQLStatement{Kind: "DROP", Object: "ROLE"}
	case *pg_query.Node_DropOwnedStmt:
		return model.SQLStatement{Kind: "DROP", Object: "OWNED"}
	case *pg_query.Node_DropTableSpaceStmt:
		return model.SQLStatement{Kind: "DROP", Object: "TABLESPACE"}
	case *pg_query.Node_DropSubscriptionStmt:
		return model.SQLStatement{Kind: "DROP", Object: "SUBSCRIPTION"}
	case *pg_query.Node_AlterTableStmt:
		a := s.AlterTableStmt
		st := model.SQLStatement{Kind: "ALTER", Object: objectName(a.GetObjtype()), Targets: rel(a.GetRelation())}
		for _, c := range a.GetCmds() {
			switch c.GetAlterTableCmd().GetSubtype() {
			case pg_query.AlterTableType_AT_DropColumn, pg_query.AlterTableType_AT_DropConstraint,
				pg_query.AlterTableType_AT_DropExpression, pg_query.AlterTableType_AT_DropIdentity:
				st.AlterDrops = true
			case pg_query.AlterTableType_AT_AlterColumnType:
				st.AlterDrops = true // a type change can truncate or reject existing values
			case pg_query.AlterTableType_AT_DisableRowSecurity, pg_query.AlterTableType_AT_NoForceRowSecurity:
				st.Opens = true
			}
		}
		return st
	case *pg_query.Node_ExplainStmt:
		for _, o := range s.ExplainStmt.GetOptions() {
			if strings.EqualFold(o.GetDefElem().GetDefname(), "analyze") {
				return statement(s.ExplainStmt.GetQuery()) // EXPLAIN ANALYZE runs the statement
			}
		}
		return model.SQLStatement{Kind: "EXPLAIN"}
	case *pg_query.Node_CreateStmt, *pg_query.Node_CreateTableAsStmt, *pg_query.Node_IndexStmt, *pg_query.Node_CreateSchemaStmt,
		*pg_query.Node_CreatedbStmt, *pg_query.Node_CreateSeqStmt, *pg_query.Node_CreateRoleStmt, *pg_query.Node_CreateExtensionStmt:
		return model.SQLStatement{Kind: "CREATE"}
	case *pg_query.Node_ViewStmt:
		return model.SQLStatement{Kind: "CREATE", Object: "VIEW", Cascade: s.ViewStmt.GetReplace()}
	case *pg_query.Node_CreateFunctionStmt:
		return model.SQLStatement{Kind: "CREATE", Object: "FUNCTION", Cascade: s.CreateFunctionStmt.GetReplace()}
	case *pg_query.Node_GrantStmt:
		if s.GrantStmt.GetIsGrant() {
			st := model.SQLStatement{Kind: "GRANT"}
			for _, g := range s.GrantStmt.GetGrantees() {
				st.Opens = st.Opens || g.GetRoleSpec().GetRoletype() == pg_query.RoleSpecType_ROLESPEC_PUBLIC
			}
			return st
		}
		return model.SQLStatement{Kind: "REVOKE"}
	case *pg_query.Node_GrantRoleStmt:
		if s.GrantRoleStmt.GetIsGrant() {
			return model.SQLStatement{Kind: "GRANT"}
		}
		return model.SQLStatement{Kind: "REVOKE"}
	case *pg_query.Node_CopyStmt:
		c := s.CopyStmt
		switch {
		case c.GetIsProgram():
			// COPY ... TO/FROM PROGRAM runs a shell command on the server.
			return model.SQLStatement{Kind: "COPY PROGRAM", Program: c.GetFilename(), Targets: rel(c.GetRelation())}
		case c.GetIsFrom():
			return model.SQLStatement{Kind: "COPY FROM", Targets: rel(c.GetRelation())}
		case c.GetFilename() != "":
			// COPY ... TO 'file' writes (and overwrites) a file on the server.
			return model.SQLStatement{Kind: "COPY TO FILE", Targets: []string{c.GetFilename()}}
		}
		return model.SQLStatement{Kind: "COPY TO"}
	case *pg_query.Node_TransactionStmt:
		return model.SQLStatement{Kind: "TRANSACTION"}
	case *pg_query.Node_VariableSetStmt:
		return variableSet(s.VariableSetStmt)
	case *pg_query.Node_VariableShowStmt:
		return model.SQLStatement{Kind: "SET"}
	case *pg_query.Node_VacuumStmt, *pg_query.Node_ClusterStmt, *pg_query.Node_ReindexStmt:
		return model.SQLStatement{Kind: "MAINTENANCE"}
	case *pg_query.Node_DiscardStmt, *pg_query.Node_ListenStmt, *pg_query.Node_UnlistenStmt, *pg_query.Node_NotifyStmt,
		*pg_query.Node_LockStmt, *pg_query.Node_DeallocateStmt, *pg_query.Node_CheckPointStmt, *pg_query.Node_DeclareCursorStmt,
		*pg_query.Node_FetchStmt, *pg_query.Node_ClosePortalStmt, *pg_query.Node_PrepareStmt:
		// Session state, notifications, locks, cursors and prepared
		// statements: nothing stored changes (EXECUTE is not here: what it
		// runs was prepared elsewhere).
		return model.SQLStatement{Kind: "SESSION"}
	case *pg_query.Node_RenameStmt:
		return model.SQLStatement{Kind: "ALTER", Object: objectName(s.RenameStmt.GetRenameType())}
	case *pg_query.Node_CommentStmt, *pg_query.Node_AlterSeqStmt:
		return model.SQLStatement{Kind: "ALTER"}
	}
	return model.SQLStatement{Kind: "OTHER"}
}

// variableSet reads SET and RESET. PostgreSQL has no setting named master,
// replica or slave, so RESET MASTER (which the PostgreSQL parser reads as
// resetting one) can only be MySQL's statement that deletes every binary
// log, and RESET REPLICA MySQL's that forgets the replication position.
func variableSet(v *pg_query.VariableSetStmt) model.SQLStatement {
	if v.GetKind() != pg_query.VariableSetKind_VAR_RESET {
		return model.SQLStatement{Kind: "SET"}
	}
	switch name := strings.ToLower(v.GetName()); name {
	case "master":
		return model.SQLStatement{Kind: "RESET LOGS", Targets: []string{name}}
	case "replica", "slave":
		return model.SQLStatement{Kind: "RESET REPLICA", Targets: []string{name}}
	}
	return model.SQLStatement{Kind: "SET"}
}

func rel(r *pg_query.RangeVar) []string {
	if r == nil {
		return nil
	}
	name := r.GetRelname()
	if r.GetSchemaname() != "" {
		name = r.GetSchemaname() + "." + name
	}
	return []string{name}
}

// names reads DROP's object names: lists of strings (schema.table) or
// plain strings.
func names(objs []*pg_query.Node) []string {
	var out []string
	for _, o := range objs {
		if l := o.GetList(); l != nil {
			var parts []string
			for _, it := range l.GetItems() {
				parts = append(parts, it.GetString_().GetSval())
			}
			out = append(out, strings.Join(parts, "."))
			continue
		}
		if s := o.GetString_(); s != nil {
			out = append(out, s.GetSval())
		}
	}
	return out
}

// objectName is "TABLE" for OBJECT_TABLE.
func objectName(t pg_query.ObjectType) string {
	return strings.ReplaceAll(strings.TrimPrefix(t.String(), "OBJECT_"), "_", " ")
}
