// Package sql holds the rules for SQL statements (parsed by evaluator/sql
// from psql -c, mysql -e, sqlite3 ... and, later, from MCP tool calls),
// and for the database CLIs that run them.
package sql

import (
	"slices"
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/internal/lazyregexp"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

const typ = model.SQLProgram

func row(id string, when rules.Cond, tier model.Tier, reason string) rules.Rule {
	return rules.Rule{ID: id, Type: typ, On: rules.Execute, When: when, Tier: tier, Reason: reason}
}

// statement holds when the mutation's SQL statement satisfies test.
func statement(desc string, test func(*model.SQLStatement) bool) rules.Cond {
	return rules.Func(desc, func(f rules.Facts) rules.Result {
		st := f.M.SQL
		if st == nil {
			return rules.Result{Truth: rules.Unknown, Missing: []string{"the SQL statement"}}
		}
		if !test(st) {
			return rules.Result{Truth: rules.False}
		}
		ev := []model.Evidence{{Key: "statement", Value: strings.TrimSpace(st.Kind + " " + st.Object), Present: true}}
		if len(st.Targets) > 0 {
			ev = append(ev, model.Evidence{Key: "targets", Value: strings.Join(st.Targets, ", "), Present: true})
		}
		if st.Error != "" {
			ev = append(ev, model.Evidence{Key: "parse error", Value: st.Error, Present: true})
		}
		return rules.Result{Truth: rules.True, Evidence: ev}
	})
}

// calls holds when the statement calls one of the functions, whatever the
// statement is (SELECT pg_terminate_backend(pid) FROM pg_stat_activity).
func calls(functions ...string) rules.Cond {
	return rules.Func("calls "+strings.Join(functions, " or "), func(f rules.Facts) rules.Result {
		st := f.M.SQL
		if st == nil {
			return rules.Result{Truth: rules.Unknown, Missing: []string{"the SQL statement"}}
		}
		for _, fn := range st.Functions {
			if slices.Contains(functions, fn) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "function", Value: fn, Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// readKinds are the statements that read, or add what can be removed again.
var readKinds = []string{"SELECT", "EXPLAIN", "SET", "SESSION", "TRANSACTION", "COPY TO", "MAINTENANCE", "CREATE", "INSERT"}

// destructiveFunctionWords, as a word of a function's name, say that the
// function deletes: drop_all_tables, purge_old_rows, delete_user.
var destructiveFunctionWords = []string{"drop", "delete", "truncate", "purge", "wipe", "destroy", "erase", "cleanup", "nuke"}

// builtinFunctionPrefixes name PostgreSQL's own functions, which say what
// they do on their own rows (jsonb_delete_path edits a value, not a table).
var builtinFunctionPrefixes = []string{"json_", "jsonb_", "array_", "pg_stat_", "string_"}

// callsNamed holds when the statement calls a function (not one of
// PostgreSQL's own) one of whose underscore-separated words is one of words.
func callsNamed(words []string) rules.Cond {
	return rules.Func("calls a function named for "+strings.Join(words, "|"), func(f rules.Facts) rules.Result {
		st := f.M.SQL
		if st == nil {
			return rules.Result{Truth: rules.Unknown, Missing: []string{"the SQL statement"}}
		}
		for _, fn := range st.Functions {
			name := fn[strings.LastIndexByte(fn, '.')+1:] // schema.function
			if slices.ContainsFunc(builtinFunctionPrefixes, func(p string) bool { return strings.HasPrefix(name, p) }) {
				continue
			}
			for _, w := range strings.Split(name, "_") {
				if slices.Contains(words, w) {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "function", Value: fn, Present: true}}}
				}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

func kind(kinds ...string) func(*model.SQLStatement) bool {
	return func(st *model.SQLStatement) bool {
		for _, k := range kinds {
			if st.Kind == k {
				return true
			}
		}
		return false
	}
}

func object(kinds []string, objects ...string) func(*model.SQLStatement) bool {
	return func(st *model.SQLStatement) bool {
		if !kind(kinds...)(st) {
			return false
		}
		for _, o := range objects {
			if st.Object == o {
				return true
			}
		}
		return false
	}
}

// Rules returns the SQL and database CLI rows.
func Rules() []rules.Rule {
	out := []rules.Rule{
		row("sql.unparsed", statement("the SQL does not parse", kind("UNPARSED")), model.TierNeedsReview,
			"the SQL could not be parsed (or is only known at run time), so what it does is unknown"),
		row("sql.function.delete", calls("lo_unlink", "pg_file_unlink"), model.TierUnrecoverable,
			"calls a function that deletes a large object or a file on the server; only a backup brings it back"),
		row("sql.function.unseen", calls("dblink_exec", "pg_file_write"), model.TierNeedsReview,
			"calls a function that runs SQL on another database or writes a file on the server; what it changes is not analysed"),
		row("sql.drop.data", statement("DROP of a database, schema or table", object([]string{"DROP"}, "DATABASE", "SCHEMA", "TABLE", "MATVIEW", "OWNED", "TABLESPACE")),
			model.TierUnrecoverable, "drops stored data: only a backup or point-in-time restore brings it back"),
		row("sql.drop.definition", statement("DROP of an index, view, function or other definition", kind("DROP")), model.TierRecoverableWithEffort,
			"drops a definition (index, view, function, sequence, role ...) that holds no rows; it can be recreated from its source"),
		row("sql.reset-logs", statement("RESET MASTER or PURGE BINARY LOGS", kind("RESET LOGS")), model.TierUnrecoverable,
			"MySQL's RESET MASTER deletes every binary log (PURGE BINARY LOGS those before a point): point-in-time recovery to a moment before them is gone"),
		row("sql.reset-replica", statement("RESET REPLICA", kind("RESET REPLICA")), model.TierRecoverableWithEffort,
			"MySQL's RESET REPLICA makes the replica forget its position in the source's binary log: replication is set up again by hand"),
		row("sql.truncate", statement("TRUNCATE", kind("TRUNCATE")), model.TierUnrecoverable,
			"empties the tables at once; TRUNCATE cannot be undone once committed"),
		row("sql.delete.all", statement("DELETE without WHERE", func(st *model.SQLStatement) bool { return st.Kind == "DELETE" && !st.Where }),
			model.TierUnrecoverable, "deletes every row of the table (no WHERE clause)"),
		row("sql.update.all", statement("UPDATE without WHERE", func(st *model.SQLStatement) bool { return st.Kind == "UPDATE" && !st.Where }),
			model.TierUnrecoverable, "overwrites the column in every row of the table (no WHERE clause)"),
		row("sql.alter.drop", statement("ALTER that drops or retypes columns", func(st *model.SQLStatement) bool { return st.Kind == "ALTER" && st.AlterDrops }),
			model.TierUnrecoverable, "drops (or retypes) columns or constraints: the dropped column's values are gone"),
		row("sql.delete.where", statement("DELETE with WHERE", kind("DELETE")), model.TierRecoverableFromBackup,
			"deletes the matching rows; they come back only from a backup"),
		row("sql.update.where", statement("UPDATE with WHERE", kind("UPDATE", "MERGE")), model.TierRecoverableFromBackup,
			"overwrites the matching rows; the previous values come back only from a backup"),
		row("sql.upsert", statement("INSERT ... ON CONFLICT DO UPDATE", kind("UPSERT")), model.TierRecoverableFromBackup,
			"overwrites existing rows that conflict"),
		row("sql.replace-definition", statement("CREATE OR REPLACE", func(st *model.SQLStatement) bool { return st.Kind == "CREATE" && st.Cascade }),
			model.TierRecoverableWithEffort, "replaces an existing view or function definition"),
		row("sql.copy.program", statement("COPY ... PROGRAM", kind("COPY PROGRAM")), model.TierNeedsReview,
			"runs a shell command on the database server (COPY ... PROGRAM); the command is judged on its own where the input shows it"),
		row("sql.copy.file-system", statement("COPY ... TO a system file", func(st *model.SQLStatement) bool {
			return st.Kind == "COPY TO FILE" && len(st.Targets) > 0 && systemPath(st.Targets[0])
		}), model.TierUnrecoverable, "COPY ... TO overwrites a system file on the database server"),
		row("sql.copy.file", statement("COPY ... TO a file", kind("COPY TO FILE")), model.TierRecoverableWithEffort,
			"COPY ... TO writes a file on the database server, overwriting one of the same name"),
		row("sql.opens", statement("a GRANT to PUBLIC or row-level security off", func(st *model.SQLStatement) bool { return st.Opens }), model.TierNeedsReview,
			"opens data to everyone who can connect: a grant to PUBLIC, or row-level security turned off on a table; what that exposes is not in the input"),
		row("sql.schema-change", statement("ALTER, GRANT, REVOKE or COPY FROM", kind("ALTER", "GRANT", "REVOKE", "COPY FROM")),
			model.TierRecoverableWithEffort, "changes the schema, permissions or bulk-loads rows; reverting it takes the opposite statement"),
		row("sql.function.replication-slot", calls("pg_drop_replication_slot"), model.TierRecoverableFromBackup,
			"drops a replication slot: its consumer loses its position and the WAL it still needed, and must be re-synchronised from a fresh copy"),
		row("sql.function.sessions", calls("pg_terminate_backend", "pg_cancel_backend", "pg_promote", "setval", "kill"), model.TierRecoverableWithEffort,
			"calls a function that ends sessions (their uncommitted work is lost; MySQL's KILL too), promotes a standby or resets a sequence"),
		row("sql.function.destructive-name", rules.All(statement("a read", kind(readKinds...)), callsNamed(destructiveFunctionWords)), model.TierNeedsReview,
			"calls a function whose name says it drops, deletes or purges (drop_all_tables()); what it does is defined in the database, not in the input"),
		row("sql.read", statement("a read or a statement that changes no data", kind(readKinds...)),
			model.TierReversible, "reads data, or adds objects or rows that can be removed again"),
		row("sql.other", nil, model.TierNeedsReview,
			"runs a statement (a procedure call, a DO block ...) whose effects it does not show"),
	}
	out = append(out,
		// bq's other subcommands act on BigQuery objects directly; a table
		// can be copied back from time travel (7 days by default), a
		// dataset, model or transfer config cannot.
		rules.Rule{ID: "db.bq.rm", Type: "bq", On: rules.Execute, When: rules.Sub("rm"), Tier: model.TierUnrecoverable,
			Reason: "deletes a BigQuery dataset (with -r, every table in it), table, model or transfer config; only a table can be copied back, from time travel within its window"},
		rules.Rule{ID: "db.bq.overwrite", Type: "bq", On: rules.Execute,
			When: rules.Any(rules.All(rules.Sub("cp"), rules.Flag("f", "force")), rules.All(rules.Sub("load"), rules.Flag("replace"))),
			Tier: model.TierRecoverableFromBackup, Reason: "overwrites the destination table; its previous rows come back only from time travel within its window"},
		rules.Rule{ID: "db.bq.update", Type: "bq", On: rules.Execute, When: rules.Sub("update"), Tier: model.TierRecoverableWithEffort,
			Reason: "changes a dataset's or table's settings (an expiration set here deletes it later)"},
	)
	for _, client := range fileFlagClients {
		flags, ok := clientFileFlags[client]
		if !ok {
			flags = []string{"f", "file", "filename", "i", "queries-file", "query_file"}
		}
		out = append(out, rules.Rule{ID: "db." + client + ".file", Type: client, On: rules.Execute, Tier: model.TierNeedsReview,
			When: rules.Flag(flags...), Reason: "runs SQL from a file that the input does not show"})
	}
	for _, client := range clients {
		// A client that is one subcommand of a larger tool (cockroach
		// sql, clickhouse client) is only that subcommand: cockroach node
		// decommission is no SQL session, and is left to the classifier.
		var session rules.Cond
		if sub, ok := clientSubcommands[client]; ok {
			session = rules.Sub(sub)
		}
		out = append(out,
			rules.Rule{ID: "db." + client + ".file-stdin", Type: client, On: rules.Execute, Tier: model.TierNeedsReview,
				When: stdinFile(), Reason: "reads SQL from a file on stdin that the input does not show"},
			rules.Rule{ID: "db." + client, Type: client, On: rules.Execute, Tier: model.TierReversible, When: session,
				Reason: "connects to a database; the SQL it runs is judged statement by statement"})
	}
	out = append(out,
		rules.Rule{ID: "db.dropdb.test", Type: "dropdb", On: rules.Execute, When: rules.All(rules.Not(rules.Flag("help", "version")), testDatabaseOperand(), rules.LocalServer()),
			Tier: model.TierRecoverableWithEffort, Reason: testDatabaseReason},
		rules.Rule{ID: "db.dropdb", Type: "dropdb", On: rules.Execute, When: rules.Not(rules.Flag("help", "version")), Tier: model.TierUnrecoverable,
			Reason: "drops the whole database"},
		rules.Rule{ID: "db.dropuser", Type: "dropuser", On: rules.Execute, When: rules.Not(rules.Flag("help", "version")), Tier: model.TierRecoverableWithEffort,
			Reason: "drops a role; its grants must be recreated by hand"},
		rules.Rule{ID: "db.pg_restore.clean", Type: "pg_restore", On: rules.Execute, When: rules.Flag("c", "clean"), Tier: model.TierUnrecoverable,
			Reason: "pg_restore --clean drops the existing objects before restoring them"},
		rules.Rule{ID: "db.pg_restore", Type: "pg_restore", On: rules.Execute, Tier: model.TierRecoverableWithEffort,
			Reason: "restores objects into the database, which may conflict with or add to existing ones"},
		rules.Rule{ID: "db.mysqladmin.drop-test", Type: "mysqladmin", On: rules.Execute, When: rules.All(rules.Sub("drop"), testDatabaseOperand(), rules.LocalServer()),
			Tier: model.TierRecoverableWithEffort, Reason: testDatabaseReason},
		rules.Rule{ID: "db.mysqladmin.drop", Type: "mysqladmin", On: rules.Execute, When: rules.Sub("drop"), Tier: model.TierUnrecoverable,
			Reason: "mysqladmin drop deletes a database"},
		rules.Rule{ID: "db.mysqladmin", Type: "mysqladmin", On: rules.Execute, Tier: model.TierRecoverableWithEffort,
			Reason: "administers the server (flush, shutdown, reload)"},
		rules.Rule{ID: "db.redis-cli.flush", Type: "redis-cli", On: rules.Execute, When: redisCommand("FLUSHALL", "FLUSHDB"), Tier: model.TierUnrecoverable,
			Reason: "deletes every key of the database (or of every database)"},
		rules.Rule{ID: "db.redis-cli.replicaof", Type: "redis-cli", On: rules.Execute,
			When: rules.All(redisCommand("REPLICAOF", "SLAVEOF"), rules.Not(redisCommand("REPLICAOF NO", "SLAVEOF NO"))), Tier: model.TierUnrecoverable,
			Reason: "makes the server a replica of another: it throws away its own keys and loads the other server's"},
		rules.Rule{ID: "db.redis-cli.reset", Type: "redis-cli", On: rules.Execute,
			When: redisCommand("RESTORE", "SCRIPT FLUSH", "ACL DELUSER", "CLUSTER RESET", "CLUSTER FLUSHSLOTS", "CLUSTER DELSLOTS", "CLUSTER FORGET"), Tier: model.TierRecoverableFromBackup,
			Reason: "overwrites a key from a dump (RESTORE … REPLACE), forgets the cached scripts, deletes an ACL user, or resets the node's cluster state or slots: set up again by hand or from a backup"},
		rules.Rule{ID: "db.redis-cli.delete-key", Type: "redis-cli", On: rules.Execute, When: redisOneKey("DEL", "UNLINK", "GETDEL", "EXPIRE", "PEXPIRE", "EXPIREAT", "PEXPIREAT"),
			Tier: model.TierRecoverableWithEffort, Reason: "deletes or expires the one key it names (a cache entry, a session): the rest of the database is untouched"},
		rules.Rule{ID: "db.redis-cli.delete", Type: "redis-cli", On: rules.Execute, When: redisCommand("DEL", "UNLINK", "GETDEL", "EXPIRE", "PEXPIRE", "EXPIREAT", "PEXPIREAT", "SHUTDOWN", "CONFIG", "DEBUG", "SWAPDB", "MIGRATE",
			"HDEL", "SREM", "ZREM", "ZREMRANGEBYSCORE", "ZREMRANGEBYRANK", "ZREMRANGEBYLEX", "LREM", "LTRIM", "XDEL", "XTRIM", "RENAME",
			"FUNCTION FLUSH", "FUNCTION DELETE", "FUNCTION RESTORE"),
			Tier: model.TierUnrecoverable, Reason: "deletes, trims or expires keys and their members, replaces a key by renaming another over it, deletes stored functions, or reconfigures or stops the server"},
		rules.Rule{ID: "db.redis-cli.script-unseen", Type: "redis-cli", On: rules.Execute, When: redisScriptUnseen(), Tier: model.TierNeedsReview,
			Reason: "runs a Lua script or function the input does not show (EVALSHA, FCALL, or EVAL of a script only known at run time): what it calls is not analysed"},
		rules.Rule{ID: "db.redis-cli.stdin-file", Type: "redis-cli", On: rules.Execute, When: rules.All(rules.NoOperands(0), stdinFile()), Tier: model.TierNeedsReview,
			Reason: "reads its commands from a file on stdin (redis-cli --pipe < cmds.txt) that the input does not show"},
		rules.Rule{ID: "db.redis-cli", Type: "redis-cli", On: rules.Execute, Tier: model.TierReversible,
			Reason: "reads or writes keys; no command here deletes data"},
	)
	out = append(out,
		rules.Rule{ID: "db.mongorestore.drop", Type: "mongorestore", On: rules.Execute, When: rules.Flag("drop"), Tier: model.TierUnrecoverable,
			Reason: "mongorestore --drop drops each collection before restoring it: documents the dump lacks are gone"},
		rules.Rule{ID: "db.mongorestore", Type: "mongorestore", On: rules.Execute, Tier: model.TierRecoverableWithEffort,
			Reason: "restores documents into the database, alongside (or conflicting with) what is there"},
		rules.Rule{ID: "db.mongoimport.drop", Type: "mongoimport", On: rules.Execute, When: rules.Flag("drop"), Tier: model.TierUnrecoverable,
			Reason: "mongoimport --drop drops the collection before importing: its documents are gone"},
		rules.Rule{ID: "db.mongoimport.replace", Type: "mongoimport", On: rules.Execute, When: rules.FlagEquals("mode", "upsert", "merge", "delete"), Tier: model.TierRecoverableFromBackup,
			Reason: "mongoimport --mode upsert, merge or delete replaces, changes or deletes the matching documents"},
		rules.Rule{ID: "db.mongoimport", Type: "mongoimport", On: rules.Execute, Tier: model.TierReversible,
			Reason: "inserts documents; existing ones are left as they are"},
	)
	for _, dump := range []string{"mysqldump", "mariadb-dump", "pg_dump", "pg_dumpall", "mongodump", "mongoexport"} {
		out = append(out, rules.Rule{ID: "db." + dump, Type: dump, On: rules.Execute, Tier: model.TierReversible,
			Reason: "reads the database into a dump; the file it is written to is judged on its own (a redirection, or pg_dump -f, mysqldump -r, mongoexport -o)"})
	}
	// mongo is the legacy shell that mongosh replaced; both take --eval.
	for _, shell := range []string{"mongosh", "mongo"} {
		out = append(out,
			rules.Rule{ID: "db." + shell + ".destructive", Type: shell, On: rules.Execute, When: mongoDestructive(), Tier: model.TierUnrecoverable,
				Reason: "the evaluated script drops or deletes documents, collections or databases"},
			rules.Rule{ID: "db." + shell + ".script-file", Type: shell, On: rules.Execute, When: rules.Any(rules.Flag("f", "file"), stdinFile(),
				rules.Operand(0, "a .js script", func(a model.Arg, _ *model.Command) bool {
					return strings.HasSuffix(a.Value, ".js") || strings.HasSuffix(a.Value, ".mongodb")
				})),
				Tier: model.TierNeedsReview, Reason: "runs a script file that the input does not show"},
			rules.Rule{ID: "db." + shell + ".read", Type: shell, On: rules.Execute, When: mongoReadOnly(), Tier: model.TierReversible,
				Reason: "the evaluated script only reads: every call in it is a query, a count or a print (find, countDocuments, aggregate without $out or $merge, printjson ...)"},
			rules.Rule{ID: "db." + shell, Type: shell, On: rules.Execute, Tier: model.TierRecoverableWithEffort,
				Reason: "runs a Mongo shell session or script; nothing in it shown here deletes data"},
		)
	}
	return append(out, frameworkRows()...)
}

// systemPath reports whether p is a critical path (the root, a system file,
// a device or a home directory).
func systemPath(p string) bool {
	return rules.ClassifyPath(model.Arg{Value: p}, &model.Command{}).Critical()
}

// clients are the database command lines whose SQL the shell parser
// reads (evaluator/shell); fileFlagClients also run SQL files named by a
// flag.
var (
	clients = []string{"psql", "mysql", "mariadb", "sqlite3", "duckdb", "cockroach", "clickhouse-client", "clickhouse", "snowsql", "sqlcmd", "usql", "bq", "mysqlsh", "cqlsh", "mycli", "litecli",
		"ysqlsh", "vsql", "trino", "presto", "beeline", "hive", "spark-sql", "impala-shell", "ycqlsh", "spanner-cli", "dolt"}
	fileFlagClients = []string{"psql", "usql", "cockroach", "snowsql", "sqlcmd", "mysqlsh", "clickhouse-client", "clickhouse", "cqlsh",
		"ysqlsh", "vsql", "trino", "presto", "beeline", "hive", "spark-sql", "impala-shell", "ycqlsh", "spanner-cli", "dolt"}
	// clientSubcommands are the subcommands that open the SQL session of
	// clients that are part of a larger tool.
	clientSubcommands = map[string]string{"cockroach": "sql", "clickhouse": "client", "dolt": "sql"}
	// clientFileFlags are the file flags of clients whose other flags
	// would be misread as one (spanner-cli -i is the instance).
	clientFileFlags = map[string][]string{"spanner-cli": {"f", "file"}, "dolt": {"file"}}
)

// stdinFile holds when the command reads stdin from a file (mysql < dump.sql).
func stdinFile() rules.Cond {
	return rules.Func("stdin is a file", func(f rules.Facts) rules.Result {
		if strings.HasPrefix(f.M.Command.StdinFrom, "file ") {
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "stdin", Value: f.M.Command.StdinFrom, Present: true}}}
		}
		return rules.Result{Truth: rules.False}
	})
}

// redisCommand holds when redis-cli is given one of the commands as its
// first operand (any case), or, with no operands, as a line of the
// here-document it reads; a command only known at run time may be any.
func redisCommand(cmds ...string) rules.Cond {
	desc := "redis command " + strings.Join(cmds, "|")
	return rules.Func(desc, func(f rules.Facts) rules.Result {
		if ops := f.Operands(); len(ops) == 0 && f.M.Command.Stdin != "" {
			for _, line := range strings.Split(f.M.Command.Stdin, "\n") {
				if r := redisCommandOf(strings.Fields(line), cmds, "stdin", desc); r.Truth == rules.True {
					return r
				}
			}
			return rules.Result{Truth: rules.False}
		}
		cluster := rules.HasFlag(f.M.Command, "cluster")
		return f.Readings(func(ops []model.Arg) rules.Result {
			if cluster && len(ops) > 2 && strings.EqualFold(ops[0].Value, "call") {
				// redis-cli --cluster call HOST:PORT CMD ... runs CMD on
				// every node of the cluster.
				ops = ops[2:]
			}
			if len(ops) > 0 && ops[0].Dynamic {
				return rules.Result{Truth: rules.Unknown, Missing: []string{"redis command " + ops[0].Value}}
			}
			words := make([]string, 0, 2)
			for _, o := range ops[:min(len(ops), 2)] {
				words = append(words, o.Value)
			}
			return redisCommandOf(words, cmds, "operand", desc)
		})
	})
}

// redisOneKey holds when the command line (not stdin, not a script) is
// one of cmds with exactly one key, written out: DEL session:123,
// EXPIRE key 10. A key pattern is not one key.
func redisOneKey(cmds ...string) rules.Cond {
	return rules.Func("redis "+strings.Join(cmds, "|")+" of one key", func(f rules.Facts) rules.Result {
		return f.Readings(func(ops []model.Arg) rules.Result {
			if len(ops) < 2 || ops[0].Dynamic || ops[1].Dynamic || strings.ContainsAny(ops[1].Value, "*?[") {
				return rules.Result{Truth: rules.False}
			}
			found := false
			for _, c := range cmds {
				found = found || strings.EqualFold(ops[0].Value, c)
			}
			// DEL and UNLINK take more keys; the expiries one key and a time.
			oneKey := len(ops) == 2 || len(ops) == 3 && !strings.EqualFold(ops[0].Value, "DEL") && !strings.EqualFold(ops[0].Value, "UNLINK") && !strings.EqualFold(ops[0].Value, "GETDEL")
			if !found || !oneKey {
				return rules.Result{Truth: rules.False}
			}
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "key", Value: ops[1].Value, Present: true}}}
		})
	})
}

// redisCommandOf holds when words (the command and its first argument)
// are one of cmds; a two-word entry (FUNCTION FLUSH) names a subcommand
// too. The evidence is the command, under key.
func redisCommandOf(words, cmds []string, key, desc string) rules.Result {
	if len(words) == 0 {
		return rules.Result{Truth: rules.False}
	}
	if (strings.EqualFold(words[0], "EVAL") || strings.EqualFold(words[0], "EVAL_RO")) && len(words) > 1 {
		// A Lua script's redis.call('FLUSHALL') runs the command as surely
		// as the command line would.
		for _, call := range rules.LuaRedisCalls(words[1]) {
			if r := redisCommandOf(call, cmds, "script", desc); r.Truth == rules.True {
				return r
			}
		}
		return rules.Result{Truth: rules.False}
	}
	for _, want := range cmds {
		name, sub, two := strings.Cut(want, " ")
		if strings.EqualFold(words[0], name) && (!two || len(words) > 1 && strings.EqualFold(words[1], sub)) {
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: key, Value: words[0], Present: true, Description: desc}}}
		}
	}
	return rules.Result{Truth: rules.False}
}

// emptyFilterCall reports whether script calls call with an empty filter
// document first: updateMany({}, ...).
func emptyFilterCall(script, call string) bool {
	for rest := script; ; {
		i := strings.Index(rest, call)
		if i < 0 {
			return false
		}
		rest = rest[i+len(call):]
		if arg := strings.TrimLeft(rest, " \t\n"); strings.HasPrefix(arg, "{") && strings.HasPrefix(strings.TrimLeft(arg[1:], " \t\n"), "}") {
			return true
		}
	}
}

// redisScriptUnseen holds when redis-cli runs a script the input does
// not show: EVALSHA or FCALL of one loaded earlier, or EVAL of a script
// only known at run time.
func redisScriptUnseen() rules.Cond {
	return rules.Func("a redis script not shown", func(f rules.Facts) rules.Result {
		return f.Readings(func(ops []model.Arg) rules.Result {
			if len(ops) == 0 {
				return rules.Result{Truth: rules.False}
			}
			cmd := strings.ToUpper(ops[0].Value)
			switch {
			case cmd == "EVALSHA" || cmd == "EVALSHA_RO" || cmd == "FCALL" || cmd == "FCALL_RO":
			case (cmd == "EVAL" || cmd == "EVAL_RO") && len(ops) > 1 && ops[1].Dynamic:
			default:
				return rules.Result{Truth: rules.False}
			}
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "operand", Value: ops[0].Value, Present: true}}}
		})
	})
}

// mongoReads are the Mongo shell's calls that read and print without
// changing data (mongosh's collection, cursor and database methods).
var mongoReads = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"find": true, "findOne": true, "countDocuments": true, "estimatedDocumentCount": true, "count": true,
		"aggregate": true, "distinct": true, "getCollection": true, "getCollectionNames": true, "getCollectionInfos": true, "getSiblingDB": true,
		"getName": true, "getIndexes": true, "stats": true, "dataSize": true, "storageSize": true, "totalIndexSize": true, "explain": true,
		"toArray": true, "limit": true, "skip": true, "sort": true, "project": true, "pretty": true, "itcount": true, "size": true, "hasNext": true,
		"next": true, "forEach": true, "map": true, "print": true, "printjson": true, "log": true, "stringify": true, "hello": true,
		"isMaster": true, "serverStatus": true, "version": true, "getUsers": true, "getRoles": true, "listCollections": true, "ObjectId": true,
		"ISODate": true, "Date": true, "NumberLong": true, "NumberInt": true}
})

// mongoCall is a call in a Mongo shell script: its name before "(".
var mongoCall = lazyregexp.New(`([A-Za-z_$][A-Za-z0-9_$]*)\s*\(`)

// mongoReadOnly holds when a mongosh --eval script is given and every
// call in it is one of mongoReads: no write, no run of a database
// command, no pipeline stage that writes ($out, $merge), no assignment
// of a function that might.
func mongoReadOnly() rules.Cond {
	return rules.Func("mongo script only reads", func(f rules.Facts) rules.Result {
		c := f.M.Command
		if rules.HasFlag(c, "f", "file") || c.Stdin != "" || c.StdinFrom != "" {
			return rules.Result{Truth: rules.False}
		}
		args := rules.FlagValues(c, "eval")
		if len(args) != 1 || args[0].Dynamic {
			return rules.Result{Truth: rules.False}
		}
		v := args[0].Value
		if strings.Contains(v, "$out") || strings.Contains(v, "$merge") || strings.Contains(v, "function") || strings.Contains(v, "=>") {
			return rules.Result{Truth: rules.False}
		}
		calls := mongoCall.FindAllStringSubmatch(v, -1)
		if len(calls) == 0 {
			return rules.Result{Truth: rules.False}
		}
		for _, m := range calls {
			if !mongoReads()[m[1]] {
				return rules.Result{Truth: rules.False}
			}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "eval", Value: v, Present: true, Description: "calls only reads"}}}
	})
}

// mongoDestructive holds when a mongosh --eval script drops or deletes.
func mongoDestructive() rules.Cond {
	return rules.Func("mongo script drops or deletes", func(f rules.Facts) rules.Result {
		v, ok := rules.FlagValue(f.M.Command, "eval")
		if !ok {
			v, ok = f.M.Command.Stdin, f.M.Command.Stdin != "" // mongosh <<< 'db.dropDatabase()'
		}
		if !ok {
			return rules.Result{Truth: rules.False}
		}
		for _, call := range []string{"dropDatabase", ".drop(", "deleteMany", "deleteOne", "remove(", "dropIndexes", "dropUser", "dropAllUsers", "dropRole",
			"dropAllRoles", "findOneAndDelete", "renameCollection", "$out"} {
			if strings.Contains(v, call) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "call", Value: strings.TrimRight(call, "("), Present: true}}}
			}
		}
		// A database command given as a document: runCommand({drop: 'users'}).
		if strings.Contains(v, "runCommand(") || strings.Contains(v, "adminCommand(") {
			for _, key := range []string{"drop", "delete"} {
				for _, spelled := range []string{key + ":", key + " :", "'" + key + "'", `"` + key + `"`} {
					if strings.Contains(v, spelled) {
						return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "command", Value: key, Present: true}}}
					}
				}
			}
		}
		// An update of every document, as an UPDATE without WHERE is.
		for _, call := range []string{"updateMany(", "update("} {
			if emptyFilterCall(v, call) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "call", Value: strings.TrimRight(call, "(") + "({})", Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// testDatabaseReason is the reason of the rows for a test database on the
// local server.
const testDatabaseReason = "drops a test database (named test, NAME_test or test_NAME, as Rails, Phoenix, Laravel and Django's test runner name theirs) on the local server: the test suite creates and fills it again"

// testDatabaseOperand holds when the command's last operand, the database
// it drops, is named as a test database, and every operand is known.
func testDatabaseOperand() rules.Cond {
	return rules.Func("a test database", func(f rules.Facts) rules.Result {
		ops := f.Operands()
		if len(ops) == 0 {
			return rules.Result{Truth: rules.False}
		}
		for _, a := range ops {
			if a.Dynamic {
				return rules.Result{Truth: rules.False}
			}
		}
		name := ops[len(ops)-1].Value
		if !rules.TestDatabaseName(name) {
			return rules.Result{Truth: rules.False}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "database", Value: name, Present: true}}}
	})
}
