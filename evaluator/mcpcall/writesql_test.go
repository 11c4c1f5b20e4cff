package mcpcall

import (
	"testing"

	"github.com/recourse-dev/recourse/model"
)

// TestWritesAsSQL: a query argument that starts a statement changing or
// removing data is read as SQL whatever the tool is called, except where
// the tool searches text for it.
func TestWritesAsSQL(t *testing.T) {
	for _, tc := range []struct {
		key, tool string
		v         any
		want      bool
	}{
		{"query", "get_report", "DROP TABLE users", true},
		{"query", "get_report", "  truncate audit_log", true},
		{"query_string", "manage_jobs", "DELETE FROM events WHERE true", true},
		{"query", "count_rows", "UPDATE users SET admin = true", true},
		{"query", "get_report", "ALTER TABLE users DROP COLUMN email", true},
		{"query", "get_report", "SELECT * FROM users", false},
		{"query", "search_issues", "DROP TABLE in migration", false},
		{"query", "get_report", "drop the old rows please", false},
		{"name", "get_report", "DROP TABLE users", false},
		{"query", "get_report", []any{"DROP TABLE users"}, false},
	} {
		c := &model.ToolCall{Server: "x", Tool: tc.tool, Name: tc.tool, Words: Words(tc.tool)}
		if got := writesAsSQL(tc.key, tc.v, c); got != tc.want {
			t.Errorf("writesAsSQL(%q, %v) on %s = %v, want %v", tc.key, tc.v, tc.tool, got, tc.want)
		}
	}
}
