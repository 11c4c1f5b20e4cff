package mysql

import (
	"fmt"
	"strings"
	"testing"
)

// describe is a statement as the tests compare it.
func describe(src string) string {
	st, ok := Statement(src)
	if !ok {
		return "refused"
	}
	out := st.Kind
	if st.Object != "" {
		out += " " + st.Object
	}
	if st.Kind == "DELETE" || st.Kind == "UPDATE" {
		out += fmt.Sprintf(" where=%v", st.Where)
	}
	if len(st.Targets) > 0 {
		out += " targets=" + strings.Join(st.Targets, ",")
	}
	if st.AlterDrops {
		out += " drops"
	}
	if st.Cascade {
		out += " cascade"
	}
	if len(st.Functions) > 0 {
		out += " functions=" + strings.Join(st.Functions, ",")
	}
	return out
}

func TestStatement(t *testing.T) {
	tests := []struct{ src, want string }{
		{"SELECT `id` FROM `app`.`users` LIMIT 10", "SELECT"},
		{"SELECT SLEEP(10), LOAD_FILE('/etc/passwd')", "SELECT functions=load_file,sleep"},
		{"SELECT * FROM users INTO OUTFILE '/tmp/users.csv'", "COPY TO FILE"},
		{"SELECT 1 UNION SELECT 2", "SELECT"},
		{"INSERT INTO t (a) VALUES (1)", "INSERT targets=t"},
		{"INSERT INTO t (a) VALUES (1) ON DUPLICATE KEY UPDATE a = 2", "UPSERT targets=t"},
		{"REPLACE INTO `shop`.`t` VALUES (1)", "UPSERT targets=shop.t"},
		{"UPDATE users SET a = 1 LIMIT 5", "UPDATE where=false targets=users"},
		{"UPDATE users SET a = 1 WHERE 1 = 1", "UPDATE where=false targets=users"},
		{"UPDATE users u JOIN orders o ON u.id = o.user_id SET u.a = 1 WHERE o.id = 3", "UPDATE where=true targets=users,orders"},
		{"DELETE FROM users ORDER BY id LIMIT 10", "DELETE where=false targets=users"},
		{"DELETE FROM `users` WHERE `id` = 3 LIMIT 1", "DELETE where=true targets=users"},
		{"DELETE FROM users WHERE true", "DELETE where=false targets=users"},
		{"DELETE u FROM users u JOIN bans b ON u.id = b.user_id", "DELETE where=true targets=users"},
		{"DELETE u FROM users u JOIN bans b", "DELETE where=false targets=users"},
		{"DELETE u FROM users u JOIN bans b ON 1 = 1", "DELETE where=false targets=users"},
		{"UPDATE users u JOIN orders o ON u.id = o.user_id SET u.a = 1", "UPDATE where=true targets=users,orders"},
		{"TRUNCATE TABLE logs", "TRUNCATE TABLE targets=logs"},
		{"DROP TABLE IF EXISTS a, `b`", "DROP TABLE targets=a,b"},
		{"DROP DATABASE IF EXISTS `shop`", "DROP DATABASE targets=shop"},
		{"DROP VIEW v", "DROP VIEW targets=v"},
		{"ALTER TABLE users DROP COLUMN email", "ALTER TABLE targets=users drops"},
		{"ALTER TABLE users ADD COLUMN age int", "ALTER TABLE targets=users"},
		{"RENAME TABLE a TO b", "ALTER TABLE targets=a"},
		{"CREATE TABLE t (id int)", "CREATE TABLE"},
		{"CREATE OR REPLACE VIEW v AS SELECT 1", "CREATE VIEW cascade"},
		{"EXPLAIN SELECT * FROM t", "EXPLAIN"},
		{"EXPLAIN ANALYZE DELETE FROM t", "DELETE where=false targets=t"},
		{"DESCRIBE users", "SESSION"},
		{"SHOW CREATE TABLE users", "SESSION"},
		{"USE app", "SESSION"},
		{"LOCK TABLES t WRITE", "SESSION"},
		{"SET GLOBAL read_only = 0", "SET"},
		{"BEGIN", "TRANSACTION"},
		{"OPTIMIZE TABLE t", "MAINTENANCE"},
		{"KILL 42", "SELECT functions=kill"},
		{"LOAD DATA INFILE '/tmp/x' INTO TABLE t", "COPY FROM"},
		{"LOAD DATA INFILE '/tmp/x' REPLACE INTO TABLE t", "UPSERT"},
		{"PURGE BINARY LOGS TO 'mysql-bin.000010'", "RESET LOGS targets=binary logs"},
		{"SELEC 1", "refused"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			if got := describe(tt.src); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestSplit(t *testing.T) {
	got, err := Split("SELECT ';' FROM `t;x`; -- a comment; still\nDELETE FROM t;  ")
	if err != nil || len(got) != 2 || got[1] != "-- a comment; still\nDELETE FROM t" && got[1] != "DELETE FROM t" {
		t.Fatalf("%q %v", got, err)
	}
}

// FuzzStatement: any text is read or refused, never a panic, and what is
// read has a kind.
func FuzzStatement(f *testing.F) {
	for _, s := range []string{"DELETE FROM t LIMIT 1", "SELECT `a` FROM b", "DROP TABLE x; SHOW TABLES", "LOAD DATA INFILE 'x' INTO TABLE t"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		pieces, err := Split(text)
		if err != nil {
			return
		}
		for _, p := range pieces {
			if st, ok := Statement(p); ok && st.Kind == "" {
				t.Fatalf("%q read with no kind", p)
			}
		}
	})
}
