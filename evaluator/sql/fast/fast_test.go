package fast

import (
	"go/build"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// TestFastPathAnswers: the statements the fast path is for are answered by
// it (and, by TestFastPathAgrees, as the full parser answers them).
func TestFastPathAnswers(t *testing.T) {
	for _, text := range []string{
		"DROP TABLE users", "drop table if exists public.users, audit cascade;", "DROP DATABASE production",
		"TRUNCATE TABLE sessions, tokens", "DELETE FROM users WHERE id = 1", "DELETE FROM users WHERE 1=1",
		"UPDATE users SET admin = true", "ALTER TABLE users DROP COLUMN email",
		"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'app'", "SELECT lo_unlink(42)",
		"INSERT INTO t (a, b) VALUES (1, 'x')", "BEGIN; DELETE FROM t; COMMIT", "SET search_path TO app, public",
		"SHOW server_version", "GRANT SELECT ON accounts TO PUBLIC", "REVOKE ALL ON t FROM bob", "RESET MASTER",
		"EXPLAIN ANALYZE DELETE FROM t", "SELECT count(*) FROM users",
	} {
		if _, ok := Parse(text); !ok {
			t.Errorf("the fast path refuses %q", text)
		}
	}
}

// TestFastPathRefuses: text the fast path must leave to the full parser,
// because its grammar does not have it or PostgreSQL reads it otherwise.
func TestFastPathRefuses(t *testing.T) {
	for _, text := range []string{
		"", "   ", "-- only a comment", ";", "SELEC 1", "DROP TABLE select", "DELETE FROM t WHERE id = -1",
		"DELETE FROM t WHERE id = 1::int", "SELECT E'\\x41'", "SELECT $1", "SELECT 'a'\n'b'", "DROP TABLE `t`",
		"WITH d AS (DELETE FROM t RETURNING *) SELECT 1", "DELETE FROM t WHERE 1 = 1 = 1", "SELECT 1.5",
		"SELECT 12345678901", "DROP TABLE " + strings.Repeat("x", 64), "SELECT 'unterminated", "SELECT /* open",
		"SELECT (1", "SELECT 1)", "SELECT 1; (", "SELECT 1 WHERE x = 'a' LIKE 'b'", "DROP TABLE a.b.c.d",
		"SELECT 'x\x00'", "SELECT coalesce(a, 1)", "SELECT count(*) OVER () FROM t", "SET TIME ZONE 'UTC'",
		"SET CONSTRAINTS ALL DEFERRED", "GRANT SELECT ON SCHEMA s TO bob", "SELECT 1 INTO t", "DROP TABLE t\u00a0",
	} {
		if sts, ok := Parse(text); ok {
			t.Errorf("the fast path answers %q: %+v", text, sts)
		}
	}
}

// TestKeywords: the keyword table is PostgreSQL's (kwlist.h of the
// pg_query_go the module requires), when that is in the module cache.
func TestKeywords(t *testing.T) {
	path := filepath.Join(modCache(), "github.com/pganalyze/pg_query_go/v6@"+pgQueryVersion(t), "parser/include/postgres/parser/kwlist.h")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("kwlist.h is not in the module cache: %v", err)
	}
	re := regexp.MustCompile(`PG_KEYWORD\("([a-z_]+)", \w+, (\w+)_KEYWORD`)
	want := map[string]kwCat{}
	for _, m := range re.FindAllStringSubmatch(string(data), -1) {
		want[m[1]] = otherKeyword
		if m[2] == "UNRESERVED" {
			want[m[1]] = unreserved
		}
	}
	if len(want) < 400 || !reflect.DeepEqual(want, keywordTable()) {
		t.Fatalf("the keyword table is not kwlist.h's (%d keywords there, %d here)", len(want), len(keywordTable()))
	}
}

func modCache() string {
	if d := os.Getenv("GOMODCACHE"); d != "" {
		return d
	}
	return filepath.Join(filepath.SplitList(build.Default.GOPATH)[0], "pkg", "mod")
}

func pgQueryVersion(t *testing.T) string {
	data, err := os.ReadFile("../../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`github.com/pganalyze/pg_query_go/v6 (v\S+)`).FindSubmatch(data)
	if m == nil {
		t.Fatal("go.mod does not require pg_query_go/v6")
	}
	return string(m[1])
}
