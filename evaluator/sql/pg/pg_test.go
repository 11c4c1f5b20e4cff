package pg

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		text string
		want string // kind/object/where/drops per statement, joined by " | "
	}{
		{"SELECT * FROM users", "SELECT"},
		{"select 1; select 2", "SELECT | SELECT"},
		{"DELETE FROM audit_log", "DELETE where=false"},
		{"DELETE FROM users WHERE id = 1", "DELETE where=true"},
		{"UPDATE users SET admin = true", "UPDATE where=false"},
		{"UPDATE users SET admin = true WHERE id = 1", "UPDATE where=true"},
		{"DELETE FROM users WHERE 1=1", "DELETE where=false"},
		{"DELETE FROM users WHERE 'a' = 'a' OR id = 2", "DELETE where=false"},
		{"DELETE FROM users WHERE true", "DELETE where=false"},
		{"UPDATE users SET v = 1 WHERE 1 = 2", "UPDATE where=true"},
		{"DELETE FROM users WHERE 1=1 AND id = 3", "DELETE where=true"},
		{"WITH d AS (DELETE FROM users RETURNING *) SELECT * FROM d", "SELECT | DELETE where=false"},
		{"WITH a AS (SELECT 1), u AS (UPDATE t SET v = 1 WHERE id = 2 RETURNING *) INSERT INTO log SELECT * FROM u", "INSERT | UPDATE where=true"},
		{"WITH a AS (SELECT 1) SELECT * FROM a", "SELECT"},
		{"DROP TABLE IF EXISTS public.users CASCADE", "DROP TABLE targets=public.users cascade"},
		{"DROP DATABASE production", "DROP DATABASE targets=production"},
		{"DROP SCHEMA app", "DROP SCHEMA targets=app"},
		{"DROP INDEX idx_users_email", "DROP INDEX targets=idx_users_email"},
		{"TRUNCATE TABLE sessions, tokens", "TRUNCATE TABLE targets=sessions,tokens"},
		{"RESET MASTER", "RESET LOGS"},
		{"RESET REPLICA", "RESET REPLICA"},
		{"RESET search_path", "SET"},
		{"ALTER TABLE users DROP COLUMN email", "ALTER TABLE drops"},
		{"ALTER TABLE users ADD COLUMN age int", "ALTER TABLE"},
		{"ALTER TABLE users ALTER COLUMN age TYPE text", "ALTER TABLE drops"},
		{"INSERT INTO t VALUES (1)", "INSERT"},
		{"INSERT INTO t VALUES (1) ON CONFLICT (id) DO UPDATE SET v = 2", "UPSERT"},
		{"INSERT INTO t VALUES (1) ON CONFLICT DO NOTHING", "INSERT"},
		{"EXPLAIN DELETE FROM t", "EXPLAIN"},
		{"COPY t TO PROGRAM 'rm -rf /'", "COPY PROGRAM"},
		{"COPY t FROM PROGRAM 'curl x'", "COPY PROGRAM"},
		{"COPY t TO '/tmp/t.csv'", "COPY TO FILE"},
		{"COPY t TO STDOUT", "COPY TO"},
		{"EXPLAIN ANALYZE DELETE FROM t", "DELETE where=false"},
		{"CREATE TABLE t (id int)", "CREATE"},
		{"CREATE OR REPLACE VIEW v AS SELECT 1", "CREATE VIEW cascade"},
		{"GRANT SELECT ON t TO bob", "GRANT"},
		{"REVOKE ALL ON t FROM bob", "REVOKE"},
		{"BEGIN; DELETE FROM t; COMMIT", "TRANSACTION | DELETE where=false | TRANSACTION"},
		{"DO $$ BEGIN DELETE FROM t; END $$", "OTHER"},
		{"SELEC * FROM t", "UNPARSED"},
		// MySQL's dialect, read statement by statement when the text is
		// not PostgreSQL.
		{"SELECT `id` FROM `app`.`users` LIMIT 10", "SELECT"},
		{"DESCRIBE users; SHOW CREATE TABLE users; USE app", "SESSION | SESSION | SESSION"},
		{"DROP DATABASE IF EXISTS `shop`", "DROP DATABASE targets=shop"},
		{"DELETE FROM users ORDER BY id LIMIT 10", "DELETE where=false"},
		{"DELETE FROM `users` WHERE `id` = 3 LIMIT 1", "DELETE where=true"},
		{"UPDATE users SET a = 1 LIMIT 5", "UPDATE where=false"},
		{"RENAME TABLE a TO b", "ALTER TABLE"},
		{"REPLACE INTO t VALUES (1)", "UPSERT"},
		{"LOAD DATA INFILE '/tmp/x' INTO TABLE t", "COPY FROM"},
		{"PURGE BINARY LOGS BEFORE '2026-01-01 00:00:00'", "RESET LOGS"},
		// MySQL's grammar as Vitess reads it takes a literal here, where
		// MySQL takes any expression: read by its leading words.
		{"PURGE BINARY LOGS BEFORE NOW()", "RESET LOGS"},
		{"OPTIMIZE TABLE t", "MAINTENANCE"},
		{"# a comment\nSHOW TABLES; DROP TABLE `t`", "SESSION | DROP TABLE targets=t"},
		{"SHOW TABLES; SELEC 1", "SESSION | UNPARSED"},
		{"SELECT ';' FROM `t;x`; DELETE FROM t", "SELECT | DELETE where=false"},
		{"", ""},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			var got []string
			for _, st := range Parse(tt.text) {
				s := st.Kind
				if st.Object != "" {
					s += " " + st.Object
				}
				if st.Kind == "DELETE" || st.Kind == "UPDATE" {
					s += map[bool]string{true: " where=true", false: " where=false"}[st.Where]
				}
				if st.Kind == "DROP" || st.Kind == "TRUNCATE" {
					s += " targets=" + strings.Join(st.Targets, ",")
				}
				if st.Cascade {
					s += " cascade"
				}
				if st.AlterDrops {
					s += " drops"
				}
				if st.Kind == "UNPARSED" && st.Error == "" {
					t.Fatal("an unparsed statement without its error")
				}
				got = append(got, s)
			}
			if g := strings.Join(got, " | "); g != tt.want {
				t.Fatalf("got %q, want %q", g, tt.want)
			}
		})
	}
}

func TestStatementText(t *testing.T) {
	sts := Parse("SELECT 1;\n  DROP TABLE x;")
	if len(sts) != 2 || sts[0].Text != "SELECT 1" || sts[1].Text != "DROP TABLE x" {
		t.Fatalf("%+v", sts)
	}
}

// TestFunctions: every function a statement calls is found, wherever it
// is in the tree, once, lower-case and without its schema, sorted.
func TestFunctions(t *testing.T) {
	tests := []struct{ sql, want string }{
		{"SELECT 1", ""},
		{"SELECT pg_catalog.PG_TERMINATE_BACKEND(pid) FROM pg_stat_activity", "pg_terminate_backend"},
		{"SELECT x FROM t WHERE y IN (SELECT lo_unlink(z) FROM u) AND count(*) > 0", "count lo_unlink"},
		{"DELETE FROM docs WHERE id = 1 RETURNING lo_unlink(blob), lo_unlink(thumb)", "lo_unlink"},
		{"WITH d AS (SELECT setval('s', 1)) INSERT INTO t SELECT now() FROM d", "now setval"},
	}
	for _, tt := range tests {
		sts := Parse(tt.sql)
		if len(sts) == 0 {
			t.Fatalf("%s: no statement", tt.sql)
		}
		if got := strings.Join(sts[0].Functions, " "); got != tt.want {
			t.Errorf("%s: functions %q, want %q", tt.sql, got, tt.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"DROP TABLE x", "DELETE FROM t WHERE a=1; SELECT 1", "ALTER TABLE t DROP COLUMN c", "SELEC", "$$",
		"DESCRIBE `t`; DELETE FROM `t` ORDER BY a LIMIT 2 # x\n/* y */ LOAD DATA INFILE 'f' REPLACE INTO TABLE t; PURGE MASTER LOGS"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, st := range Parse(text) {
			if st.Kind == "" {
				t.Fatalf("statement without a kind in %q", text)
			}
		}
	})
}
