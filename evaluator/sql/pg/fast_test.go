package pg

import (
	"bufio"
	"encoding/json"
	"go/scanner"
	gotoken "go/token"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"mvdan.cc/sh/v3/syntax"

	"github.com/recourse-dev/recourse/evaluator/sql/fast"
	"github.com/recourse-dev/recourse/internal/shellword"
	"github.com/recourse-dev/recourse/model"
)

// TestFastPathAgrees is the proof that the fast path changes no verdict:
// for every SQL text in the repository's test corpora (string literals of
// every *_test.go, strings and lines of every testdata file and of
// ../shared/conformance, the SQL that psql/mysql command lines in them
// carry) and for a generated table of variants, whenever the fast path
// answers, its statements equal the full parser's, Text included.
func TestFastPathAgrees(t *testing.T) {
	generated := map[string]bool{}
	for _, v := range variants() {
		generated[v] = true
	}
	var sqlTexts, answered [2]int // the repository's texts, the generated ones
	for _, text := range corpus(t) {
		fast, ok := fast.Parse(text)
		if looksLikeSQL(text) && parsed(text) {
			k := 0
			if generated[text] {
				k = 1
			}
			sqlTexts[k]++
			if ok {
				answered[k]++
			}
		}
		if !ok {
			continue
		}
		if full := parseFull(text); !reflect.DeepEqual(fast, full) {
			t.Errorf("%q:\nfast %+v\nfull %+v", text, fast, full)
		}
	}
	if sqlTexts[0] == 0 {
		t.Fatal("no SQL found in the corpora")
	}
	t.Logf("the fast path answers %d of the corpora's %d SQL texts (%.0f%%) and %d of %d generated ones (SQL the full parser reads)", answered[0], sqlTexts[0],
		100*float64(answered[0])/float64(sqlTexts[0]), answered[1], sqlTexts[1])
}

// FuzzFastPathAgrees: on any text, when the fast path answers, it answers
// as the full parser does. Seeded from the corpora's SQL texts.
func FuzzFastPathAgrees(f *testing.F) {
	for _, text := range corpus(f) {
		if looksLikeSQL(text) {
			f.Add(text)
		}
	}
	// In pure-Go builds the first full parse compiles the WebAssembly
	// module, seconds on a loaded machine: done here, before the inputs,
	// so that a fuzzing worker is not taken for hung on its first one.
	parseFull("SELECT 1 UNION SELECT 2")
	f.Fuzz(func(t *testing.T, text string) {
		fast, ok := fast.Parse(text)
		if !ok {
			return
		}
		if full := parseFull(text); !reflect.DeepEqual(fast, full) {
			t.Fatalf("%q:\nfast %+v\nfull %+v", text, fast, full)
		}
	})
}

func BenchmarkParseFast(b *testing.B) {
	for b.Loop() {
		if _, ok := fast.Parse(benchSQL); !ok {
			b.Fatal("refused")
		}
	}
}

func BenchmarkParseFull(b *testing.B) {
	parseFull(benchSQL) // the WebAssembly module's compilation, in pure-Go builds
	b.ResetTimer()
	for b.Loop() {
		parseFull(benchSQL)
	}
}

const benchSQL = "DELETE FROM public.users WHERE id = 42 RETURNING lo_unlink(avatar)"

// sqlWords are the first words of SQL statements, for the coverage
// figure (the agreement is checked on every text).
var sqlWords = regexp.MustCompile(`(?i)^\s*(select|insert|update|delete|drop|truncate|alter|create|grant|revoke|begin|commit|rollback|set|reset|show|explain|with|copy|vacuum|merge|start|end|abort|do|call|lock|analyze|reindex|cluster|comment|describe|use|replace|load|purge|rename|optimize|kill|values|table)\b`)

func looksLikeSQL(text string) bool { return sqlWords.MatchString(text) }

// parsed reports whether the full parser reads every statement of text.
func parsed(text string) bool {
	sts := parseFull(text)
	return len(sts) > 0 && !slices.ContainsFunc(sts, func(st model.SQLStatement) bool { return st.Error != "" })
}

var (
	corpusOnce sync.Once
	corpusList []string
)

// corpus is every text of the corpora and the generated variants, each
// once, in a stable order.
func corpus(tb testing.TB) []string {
	corpusOnce.Do(func() {
		seen := map[string]bool{}
		add := func(s string) {
			if s != "" && len(s) <= 1<<16 && !seen[s] {
				seen[s] = true
				corpusList = append(corpusList, s)
			}
		}
		for _, s := range variants() {
			add(s)
		}
		for _, s := range repoStrings(tb) {
			add(s)
			for _, q := range shellSQL(s) {
				add(q)
			}
		}
	})
	return corpusList
}

// repoStrings reads the string literals of the repository's Go test files
// and the strings (JSON) and lines of its testdata files and of the shared
// conformance corpora.
func repoStrings(tb testing.TB) []string {
	var out []string
	roots := []string{"../../..", "../../../../shared/conformance"}
	for _, root := range roots {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "node_modules") {
					return filepath.SkipDir
				}
				return nil
			}
			switch {
			case strings.HasSuffix(path, "_test.go"):
				out = append(out, goStrings(tb, path)...)
			case strings.Contains(path, "testdata") || strings.Contains(path, "conformance"):
				out = append(out, fileStrings(path)...)
			}
			return nil
		})
		if err != nil && root == roots[0] {
			tb.Fatal(err)
		}
	}
	return out
}

func goStrings(tb testing.TB, path string) []string {
	src, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	var s scanner.Scanner
	fset := gotoken.NewFileSet()
	s.Init(fset.AddFile(path, -1, len(src)), src, nil, 0)
	var out []string
	for {
		_, tok, lit := s.Scan()
		if tok == gotoken.EOF {
			return out
		}
		if tok == gotoken.STRING {
			if v, err := strconv.Unquote(lit); err == nil {
				out = append(out, v)
			}
		}
	}
}

// fileStrings reads a testdata file's JSON strings (a JSON document, or
// one per line) and its lines.
func fileStrings(path string) []string {
	info, err := os.Stat(path)
	if err != nil || info.Size() > 4<<20 {
		return nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var out []string
	var v any
	if json.Unmarshal(data, &v) == nil {
		out = jsonStrings(v, out)
	}
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		out = append(out, strings.TrimSpace(line))
		if json.Unmarshal([]byte(line), &v) == nil {
			out = jsonStrings(v, out)
		}
	}
	return out
}

func jsonStrings(v any, out []string) []string {
	switch v := v.(type) {
	case string:
		out = append(out, v)
		var inner any
		if json.Unmarshal([]byte(v), &inner) == nil { // JSON in a string (Cursor's tool_input)
			out = jsonStrings(inner, out)
		}
	case []any:
		for _, e := range v {
			out = jsonStrings(e, out)
		}
	case map[string]any:
		for _, e := range v {
			out = jsonStrings(e, out)
		}
	}
	return out
}

// shellSQL is the SQL a command line hands a database client: the word
// after -c, -e, --command or --execute, as a shell reads it (never run).
func shellSQL(line string) []string {
	if !strings.Contains(line, "-c") && !strings.Contains(line, "-e") && !strings.Contains(line, "--") {
		return nil
	}
	f, err := syntax.NewParser().Parse(strings.NewReader(line), "")
	if err != nil {
		return nil
	}
	var out []string
	syntax.Walk(f, func(n syntax.Node) bool {
		call, ok := n.(*syntax.CallExpr)
		if !ok {
			return true
		}
		for i, w := range call.Args {
			arg, ok := shellword.Literal(w)
			if !ok {
				continue
			}
			switch {
			case (arg == "-c" || arg == "-e" || arg == "--command" || arg == "--execute") && i+1 < len(call.Args):
				if q, ok := shellword.Literal(call.Args[i+1]); ok {
					out = append(out, q)
				}
			case strings.HasPrefix(arg, "--command="), strings.HasPrefix(arg, "--execute="):
				out = append(out, arg[strings.Index(arg, "=")+1:])
			}
		}
		return true
	})
	return out
}

// variants are generated texts: the statements the fast path is for,
// spelt in the ways PostgreSQL allows (case, quoting, comments, schemas,
// several statements, IF EXISTS, CASCADE) and in near misses.
func variants() []string {
	bases := []string{
		"DROP TABLE users", "DROP TABLE IF EXISTS users", "DROP TABLE users CASCADE", "DROP TABLE users RESTRICT",
		"DROP TABLE public.users", "DROP TABLE db.public.users", `DROP TABLE "Users"`, `DROP TABLE "my.table"`,
		`DROP TABLE "select"`, "DROP TABLE a, b.c, \"D\" CASCADE", "DROP VIEW v", "DROP MATERIALIZED VIEW IF EXISTS mv",
		"DROP INDEX idx", "DROP INDEX CONCURRENTLY idx", "DROP SEQUENCE s.seq", "DROP FOREIGN TABLE ft",
		"DROP SCHEMA app CASCADE", "DROP SCHEMA a, b", "DROP SCHEMA a.b", "DROP EXTENSION pgcrypto",
		"DROP DATABASE prod", "DROP DATABASE IF EXISTS prod", `DROP DATABASE "Prod"`, "DROP DATABASE prod WITH (FORCE)",
		"DROP ROLE bob", "DROP TYPE t", "DROP FUNCTION f()", "DROP TABLE name", "DROP TABLE type, value, data",
		"DROP TABLE if", "DROP TABLE users,", "DROP TABLE", "DROP TABLE users users",
		"TRUNCATE users", "TRUNCATE TABLE a, b", "TRUNCATE a.b.c RESTART IDENTITY CASCADE", "TRUNCATE t CONTINUE IDENTITY RESTRICT",
		"TRUNCATE ONLY t", "TRUNCATE t *",
		"DELETE FROM users", "DELETE FROM users WHERE id = 1", "DELETE FROM users WHERE 1=1", "DELETE FROM users WHERE 1 = 1",
		"DELETE FROM users WHERE true", "DELETE FROM users WHERE TRUE", "DELETE FROM users WHERE 1", "DELETE FROM users WHERE 0",
		"DELETE FROM users WHERE 2", "DELETE FROM users WHERE 'a'='a'", "DELETE FROM users WHERE 'a' = 'b'",
		"DELETE FROM users WHERE 1 = '1'", "DELETE FROM users WHERE '1' = 1", "DELETE FROM users WHERE 01 = 1",
		"DELETE FROM users WHERE 1=1 OR id = 2", "DELETE FROM users WHERE id = 2 OR 1=1", "DELETE FROM users WHERE 1=1 AND id = 2",
		"DELETE FROM users WHERE 1=1 AND true", "DELETE FROM users WHERE (1=1)", "DELETE FROM users WHERE NOT 1=1",
		"DELETE FROM users WHERE NOT false", "DELETE FROM users WHERE null", "DELETE FROM users WHERE null = null",
		"DELETE FROM users WHERE false OR 1", "DELETE FROM users WHERE 1 <> 2", "DELETE FROM users WHERE 1 != 2",
		"DELETE FROM users WHERE 1 = 1 IS NULL", "DELETE FROM users WHERE id IS NOT NULL", "DELETE FROM users WHERE id IN (1, 2)",
		"DELETE FROM users WHERE id NOT IN (1)", "DELETE FROM users WHERE 1 = 1 + 0", "DELETE FROM users WHERE 1 + 0 = 1",
		"DELETE FROM users WHERE 'a' || 'b' = 'ab'", "DELETE FROM users WHERE 1 = (1)", "DELETE FROM users WHERE (1) = (1) OR x",
		"DELETE FROM users WHERE $$a$$ = 'a'", "DELETE FROM users WHERE $t$a$t$ = E'a'", "DELETE FROM users WHERE 'it''s' = $$it's$$",
		"DELETE FROM users WHERE true = true", "DELETE FROM users WHERE true = 'true'", "DELETE FROM users WHERE 0 = 0",
		"DELETE FROM users WHERE 1=1 OR 1=1 AND 1=2", "DELETE FROM users WHERE (1=1 OR 1=1) AND 1=2",
		"DELETE FROM users WHERE -1 = -1", "DELETE FROM users WHERE 1::int = 1", "DELETE FROM users WHERE 1.0 = 1.0",
		"DELETE FROM users u WHERE u.id = 3", "DELETE FROM users AS u WHERE u.id = 3 RETURNING *",
		"DELETE FROM docs WHERE id = 1 RETURNING lo_unlink(blob), lo_unlink(thumb)", "DELETE FROM t USING u WHERE t.a = u.a",
		"DELETE FROM t WHERE a = f(g(1), h()) AND b = pg_catalog.now()", "DELETE FROM t WHERE a LIKE 'x%'",
		"UPDATE users SET admin = true", "UPDATE users SET admin = true WHERE id = 1", "UPDATE users SET a = 1, b = 'x' WHERE 1=1",
		"UPDATE users u SET a = a + 1 WHERE u.id = 2", "UPDATE s.users AS u SET a = now() RETURNING id",
		"UPDATE users SET a = DEFAULT", "UPDATE users SET (a, b) = (1, 2)", "UPDATE t SET a = 1 FROM u WHERE t.id = u.id",
		"ALTER TABLE users DROP COLUMN email", "ALTER TABLE users DROP email", "ALTER TABLE IF EXISTS s.users DROP COLUMN IF EXISTS email CASCADE",
		"ALTER TABLE users DROP CONSTRAINT users_pkey", "ALTER TABLE users DROP COLUMN a, DROP COLUMN b",
		"ALTER TABLE users DISABLE ROW LEVEL SECURITY", "ALTER TABLE users ENABLE ROW LEVEL SECURITY",
		"ALTER TABLE users NO FORCE ROW LEVEL SECURITY", "ALTER TABLE users FORCE ROW LEVEL SECURITY",
		"ALTER TABLE users ADD COLUMN age int", "ALTER TABLE users RENAME TO people", "ALTER TABLE users DROP COLUMN name",
		"SELECT 1", "SELECT * FROM users", "SELECT a, b AS c, d e FROM t x, s.u AS y WHERE a = 1 ORDER BY a DESC, b LIMIT 10 OFFSET 5",
		"SELECT count(*) FROM users", "SELECT COUNT(*) FROM users", "SELECT pg_terminate_backend(pid) FROM pg_stat_activity",
		"SELECT pg_catalog.PG_TERMINATE_BACKEND(pid) FROM pg_stat_activity", `SELECT "Lo_Unlink"(1)`, "SELECT lo_unlink(42)",
		"SELECT t.* FROM t", "SELECT f(a, b) + g(c) || h() FROM t", "SELECT now(), now()", "SELECT replace('a', 'b', 'c')",
		"SELECT a FROM t WHERE b IN (SELECT c FROM u)", "SELECT DISTINCT a FROM t", "SELECT a FROM t GROUP BY a",
		"SELECT a FROM t UNION SELECT b FROM u", "SELECT * FROM t FOR UPDATE", "SELECT 1 LIMIT ALL", "SELECT * FROM generate_series(1, 3)",
		"SELECT name, type, value FROM settings", "SELECT at FROM t", "SELECT a at FROM t", "SELECT 1 x", "SELECT 1 AS name",
		"INSERT INTO t VALUES (1)", "INSERT INTO s.t (a, b) VALUES (1, 'x'), (2, now()) RETURNING id",
		"INSERT INTO t SELECT * FROM u", "INSERT INTO t VALUES (1) ON CONFLICT DO NOTHING", "INSERT INTO t VALUES (DEFAULT)",
		"INSERT INTO t DEFAULT VALUES",
		"BEGIN", "BEGIN WORK", "BEGIN TRANSACTION", "START TRANSACTION", "COMMIT", "COMMIT WORK", "END", "ROLLBACK", "ABORT",
		"ROLLBACK TO SAVEPOINT a", "BEGIN ISOLATION LEVEL SERIALIZABLE",
		"SET search_path TO app, public", "SET search_path = 'app'", "SET SESSION statement_timeout = 0", "SET LOCAL x.y TO on",
		"SET x TO DEFAULT", "SET x = true", "SET x = -1", "SET ROLE admin", "SET SCHEMA 'a'", "SET NAMES 'utf8'",
		"SET TRANSACTION ISOLATION LEVEL SERIALIZABLE", "SET session_replication_role = replica",
		"RESET MASTER", "RESET master", `RESET "MASTER"`, "RESET REPLICA", "RESET slave", "RESET ALL", "RESET search_path",
		"SHOW search_path", "SHOW ALL", "SHOW TIME ZONE", "SHOW TABLES",
		"GRANT SELECT ON t TO bob", "GRANT SELECT, INSERT ON TABLE a, b TO bob, alice", "GRANT ALL PRIVILEGES ON t TO PUBLIC",
		`GRANT SELECT ON t TO "public"`, "GRANT SELECT ON t TO public WITH GRANT OPTION", "GRANT ALL ON SCHEMA s TO bob",
		"GRANT admin TO bob", `GRANT SELECT ON t TO "none"`, "REVOKE ALL ON t FROM bob", "REVOKE SELECT ON t FROM PUBLIC CASCADE",
		"GRANT SELECT ON a.b.c.d TO bob", "GRANT SELECT ON sequence TO bob",
		"EXPLAIN SELECT 1", "EXPLAIN DELETE FROM t", "EXPLAIN ANALYZE DELETE FROM t", "EXPLAIN ANALYSE UPDATE t SET a = 1",
		"EXPLAIN ANALYZE VERBOSE INSERT INTO t VALUES (f())", "EXPLAIN VERBOSE SELECT g()", "EXPLAIN (ANALYZE) DELETE FROM t",
		"COPY t TO PROGRAM 'rm -rf /'", "VACUUM t", "CREATE TABLE t (id int)",
		`SELECT 'a\'`, `DELETE FROM t WHERE 'a\' = 'a\'`, `SELECT 'a\' || 'b'`, "DROP TABLE a$b", "DROP TABLE a$$b$$",
		"SELECT 'é'", "DROP TABLE t -- é", "DROP TABLE t --x\rSELECT 1", `DROP TABLE "é"`, "DROP TABLE é",
		"SELECT f(1)(2)", "SELECT f(*, 1)", "SELECT count(*) AS n", "DELETE FROM t WHERE a = 1 AND NOT b IS NULL",
		"UPDATE t SET a = 1 WHERE NOT NOT true", "SELECT a FROM t ORDER BY f(a) DESC LIMIT 1 OFFSET 2",
		"SELECT 1 OFFSET 1 LIMIT 1", "SET x = 'a', b, 1, on, false", "SHOW a.b", "RESET a.b",
	}
	var out []string
	for _, b := range bases {
		out = append(out, b, strings.ToLower(b), strings.ToUpper(b), b+";", b+" ;", b+";;", ";"+b,
			"  \n"+b+"\n\t", "-- lead\n"+b, "/* lead */ "+b, b+" -- trail", b+" /* a /* nested */ comment */",
			"/* a; b */ "+b, b+"; SELECT 1", "SELECT 1;\n"+b, b+";\n-- c\n"+b, b+"; /* x */ ; "+b,
			strings.ReplaceAll(b, " ", "\n"), strings.ReplaceAll(b, " ", " /**/ "), strings.ReplaceAll(b, " ", "--x\n"),
			strings.Replace(b, " ", "\r\n", 1), strings.Replace(b, " ", "\f", 1), strings.Replace(b, " ", "\v", 1))
	}
	for _, b := range []string{"DROP TABLE users", "DELETE FROM users WHERE 1=1", "SELECT 1"} {
		out = append(out, b+" '", b+" \"", b+" $$", b+" $a$ $b$", b+"$", b+" /*", b+" */", b+"\x00")
	}
	slices.Sort(out)
	return slices.Compact(out)
}
