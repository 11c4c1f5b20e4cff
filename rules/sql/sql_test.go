package sql

import (
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
)

func TestRows(t *testing.T) {
	cases := []rulestest.Case{
		{Row: "sql.unparsed", Hit: `psql -c "SELEC 1"`, Miss: `psql -c "SELECT 1"`},
		{Row: "sql.unparsed", Hit: `psql -c "$SQL"`, Miss: `psql -c "SELECT 1"`},
		{Row: "sql.copy.program", Hit: `psql -c "COPY t TO PROGRAM 'gzip > /tmp/t.gz'"`, Miss: `psql -c "COPY t TO STDOUT"`},
		{Row: "sql.copy.file-system", Hit: `psql -c "COPY t TO '/etc/passwd'"`, Miss: `psql -c "COPY t TO '/tmp/t.csv'"`},
		{Row: "sql.copy.file", Hit: `psql -c "COPY t TO '/tmp/t.csv'"`, Miss: `psql -c "COPY t TO STDOUT"`},
		{Row: "sql.unparsed", Hit: `cat drop.sql | mysql prod`, Miss: `echo "SELECT 1" | mysql prod`},
		{Row: "sql.unparsed", Hit: `cqlsh -e "DROP KEYSPACE prod"`, Miss: `cqlsh -e "SELECT * FROM ks.t"`},
		// Cloud CLIs' data APIs run SQL on hosted databases.
		{Row: "sql.drop.data", Hit: `aws rds-data execute-statement --resource-arn a --secret-arn s --sql "DROP TABLE users"`, Miss: `aws rds-data execute-statement --resource-arn a --secret-arn s --sql "SELECT 1"`},
		{Row: "sql.drop.data", Hit: `aws --region us-east-1 athena start-query-execution --query-string "DROP TABLE events"`, Miss: `aws --region us-east-1 athena start-query-execution --query-string "SELECT 1"`},
		{Row: "sql.drop.data", Hit: `aws redshift-data batch-execute-statement --sqls "DROP TABLE users" "SELECT 1" --database prod`, Miss: `aws redshift-data batch-execute-statement --sqls "SELECT 1" "SELECT 2" --database prod`},
		{Row: "sql.truncate", Hit: `aws redshift-data execute-statement --database prod --sql=TRUNCATE\ users`, Miss: `aws redshift-data execute-statement --database prod --sql="SELECT 1"`},
		{Row: "sql.delete.all", Hit: `aws dynamodb execute-statement --statement 'DELETE FROM "users"'`, Miss: `aws dynamodb execute-statement --statement 'SELECT * FROM "users"'`},
		{Row: "sql.delete.all", Hit: `gcloud --project p beta spanner databases execute-sql prod --instance=i --sql "DELETE FROM users"`, Miss: `gcloud spanner databases execute-sql prod --instance=i --sql "SELECT 1"`},
		{Row: "sql.drop.data", Hit: `gcloud spanner databases ddl update prod --instance=i --ddl="DROP TABLE users"`, Miss: `gcloud spanner databases ddl describe prod --instance=i`},
		{Row: "sql.drop.data", Hit: `az postgres flexible-server execute -n srv -d prod -q "DROP TABLE users"`, Miss: `az postgres flexible-server show -n srv -g rg`},
		{Row: "sql.unparsed", Hit: `aws rds-data execute-statement --cli-input-json file://req.json`, Miss: `aws rds-data describe-table --cli-input-json file://req.json`},
		{Row: "sql.unparsed", Hit: `aws rds-data execute-statement --resource-arn a --sql file://q.sql`, Miss: `aws rds-data execute-statement --resource-arn a --sql "SELECT 'file://q.sql'"`},
		{Row: "sql.unparsed", Hit: `gcloud spanner databases ddl update prod --instance=i --ddl-file=schema.ddl`, Miss: `gcloud spanner databases ddl update prod --instance=i --ddl="CREATE INDEX i ON t (c)"`},
		{Row: "sql.unparsed", Hit: `az mysql flexible-server execute -n srv -d prod --file-path drop.sql`, Miss: `az mysql flexible-server execute -n srv -d prod --querytext "SELECT 1"`},
		{Row: "sql.unparsed", Hit: `aws rds-data execute-statement --resource-arn a --sql "$Q"`, Miss: `aws rds-data execute-statement --resource-arn a --sql "SELECT 2"`},
		// Query engines over data lakes.
		{Row: "sql.drop.data", Hit: `trino --execute "DROP TABLE hive.prod.events"`, Miss: `trino --execute "SELECT count(*) FROM hive.prod.events"`},
		{Row: "sql.drop.data", Hit: `spark-sql -e "DROP TABLE prod.events"`, Miss: `spark-sql -e "SHOW TABLES"`},
		{Row: "sql.truncate", Hit: `hive -e "TRUNCATE TABLE logs"`, Miss: `hive -e "SELECT * FROM logs LIMIT 1"`},
		{Row: "sql.unparsed", Hit: `beeline -u jdbc:hive2://h -e "DROP DATABASE prod CASCADE"`, Miss: `beeline -u jdbc:hive2://h -e "SELECT 1"`},
		{Row: "sql.drop.data", Hit: `impala-shell -q "DROP TABLE events"`, Miss: `impala-shell -q "DESCRIBE events"`},
		{Row: "sql.drop.data", Hit: `vsql -c "DROP SCHEMA prod CASCADE"`, Miss: `vsql -c "SELECT 1"`},
		{Row: "sql.drop.data", Hit: `echo "DROP TABLE users;" | psql prod`, Miss: `echo "SELECT 1;" | psql prod`},
		{Row: "sql.drop.data", Hit: `psql -c "DROP TABLE users"`, Miss: `psql -c "DROP INDEX users_idx"`},
		{Row: "sql.drop.data", Hit: `mysql -e "DROP DATABASE production"`, Miss: `mysql -e "DROP VIEW v"`},
		{Row: "sql.drop.definition", Hit: `psql -c "DROP FUNCTION f()"`, Miss: `psql -c "DROP SCHEMA s"`},
		{Row: "sql.reset-logs", Hit: `mysql -e "RESET MASTER"`, Miss: `psql -c "RESET search_path"`},
		{Row: "sql.reset-replica", Hit: `mysql -e "RESET REPLICA"`, Miss: `mysql -e "SHOW REPLICA STATUS"`},
		{Row: "sql.truncate", Hit: `psql -c "TRUNCATE sessions"`, Miss: `psql -c "DELETE FROM sessions WHERE id = 1"`},
		{Row: "sql.delete.all", Hit: `psql -c "DELETE FROM audit_log"`, Miss: `psql -c "DELETE FROM audit_log WHERE ts < now()"`},
		{Row: "sql.update.all", Hit: `sqlite3 app.db "UPDATE users SET admin = 1"`, Miss: `sqlite3 app.db "UPDATE users SET admin = 1 WHERE id = 2"`},
		{Row: "sql.alter.drop", Hit: `psql -c "ALTER TABLE t DROP COLUMN c"`, Miss: `psql -c "ALTER TABLE t ADD COLUMN c int"`},
		{Row: "sql.delete.where", Hit: `psql -c "DELETE FROM t WHERE id = 1"`, Miss: `psql -c "DELETE FROM t"`},
		{Row: "sql.update.where", Hit: `psql -c "UPDATE t SET a = 1 WHERE id = 1"`, Miss: `psql -c "UPDATE t SET a = 1"`},
		{Row: "sql.upsert", Hit: `psql -c "INSERT INTO t VALUES (1) ON CONFLICT (id) DO UPDATE SET v = 1"`, Miss: `psql -c "INSERT INTO t VALUES (1)"`},
		{Row: "sql.replace-definition", Hit: `psql -c "CREATE OR REPLACE VIEW v AS SELECT 1"`, Miss: `psql -c "CREATE VIEW v AS SELECT 1"`},
		{Row: "sql.schema-change", Hit: `psql -c "GRANT SELECT ON t TO bob"`, Miss: `psql -c "SELECT 1"`},
		{Row: "sql.opens", Hit: `psql -c "GRANT ALL ON ALL TABLES IN SCHEMA public TO PUBLIC"`, Miss: `psql -c "GRANT SELECT ON t TO bob"`},
		{Row: "sql.opens", Hit: `psql -c "ALTER TABLE accounts DISABLE ROW LEVEL SECURITY"`, Miss: `psql -c "ALTER TABLE accounts ENABLE ROW LEVEL SECURITY"`},
		{Row: "sql.read", Hit: `psql -c "SELECT * FROM users"`, Miss: `psql -c "DELETE FROM users"`},
		{Row: "sql.read", Hit: `psql -c "DISCARD ALL"`, Miss: `psql -c "EXECUTE purge_all"`},
		{Row: "sql.schema-change", Hit: `psql -c "ALTER TABLE users RENAME TO old_users"`, Miss: `psql -c "ALTER TABLE users DROP COLUMN email"`},
		{Row: "sql.function.delete", Hit: `psql -c "SELECT lo_unlink(loid) FROM pg_largeobject_metadata"`, Miss: `psql -c "SELECT lo_get(123)"`},
		{Row: "sql.function.delete", Hit: `psql -c "DELETE FROM docs WHERE id = 1 RETURNING lo_unlink(blob)"`, Miss: `psql -c "DELETE FROM docs WHERE id = 1"`},
		{Row: "sql.function.unseen", Hit: `psql -c "SELECT dblink_exec('dbname=prod', 'DROP TABLE t')"`, Miss: `psql -c "SELECT * FROM dblink('dbname=prod', 'SELECT 1') AS t(x int)"`},
		{Row: "sql.function.replication-slot", Hit: `psql -c "SELECT pg_drop_replication_slot('cdc')"`, Miss: `psql -c "SELECT * FROM pg_replication_slots"`},
		{Row: "sql.function.sessions", Hit: `psql -c "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'app'"`, Miss: `psql -c "SELECT pid FROM pg_stat_activity"`},
		{Row: "sql.function.sessions", Hit: `psql -c "SELECT public.setval('users_id_seq', 1)"`, Miss: `psql -c "SELECT nextval('users_id_seq')"`},
		{Row: "sql.other", Hit: `psql -c "CALL cleanup()"`, Miss: `psql -c "SELECT cleanup()"`},
		{Row: "db.dropdb", Hit: "dropdb production", Miss: "dropdb --help"},
		{Row: "db.dropdb.test", Hit: "dropdb myapp_test", Miss: "dropdb -h db.prod.internal myapp_test"},
		{Row: "db.dropdb.test", Hit: "dropdb -h localhost --if-exists test_myapp", Miss: "dropdb myapp_testing_archive"},
		{Row: "db.mysqladmin.drop-test", Hit: "mysqladmin -u root drop app_test", Miss: "mysqladmin -h 10.0.0.5 drop app_test"},
		{Row: "db.bq.rm", Hit: "bq rm -r -f -d prod:dataset", Miss: "bq ls prod:dataset"},
		{Row: "db.bq.rm", Hit: "bq rm -f -t prod:ds.table", Miss: "bq query 'SELECT 1'"},
		{Row: "db.bq.overwrite", Hit: "bq cp -f ds.a ds.b", Miss: "bq cp ds.a ds.b"},
		{Row: "db.bq.overwrite", Hit: "bq load --replace ds.t gs://b/x.csv", Miss: "bq load ds.t gs://b/x.csv"},
		{Row: "db.bq.update", Hit: "bq update --default_table_expiration 3600 ds", Miss: "bq show ds"},
		{Row: "db.dropuser", Hit: "dropuser bob", Miss: "dropuser --version"},
		{Row: "db.pg_restore.clean", Hit: "pg_restore --clean -d app dump", Miss: "pg_restore -d app dump"},
		{Row: "db.pg_restore", Hit: "pg_restore -d app dump", Miss: "pg_restore -c -d app dump"},
		{Row: "db.mysqladmin.drop", Hit: "mysqladmin drop app", Miss: "mysqladmin status"},
		{Row: "db.mysqladmin.drop", Hit: "mysqladmin -h db -u root -f drop app", Miss: "mysqladmin -u root status"},
		{Row: "db.mysqladmin", Hit: "mysqladmin flush-logs", Miss: "mysqladmin drop app"},
		{Row: "db.redis-cli.delete", Hit: "redis-cli XTRIM events MAXLEN 0", Miss: "redis-cli XLEN events"},
		{Row: "db.redis-cli.delete", Hit: "redis-cli DEL a b c", Miss: "redis-cli DEL session:123"},
		{Row: "db.redis-cli.delete-key", Hit: "redis-cli -n 0 EXPIRE session:123 10", Miss: "redis-cli DEL 'session:*'"},
		{Row: "db.redis-cli.replicaof", Hit: "redis-cli REPLICAOF primary.internal 6379", Miss: "redis-cli REPLICAOF NO ONE"},
		{Row: "db.redis-cli.replicaof", Hit: "redis-cli -h cache slaveof 10.0.0.5 6379", Miss: "redis-cli -h cache ROLE"},
		{Row: "db.redis-cli.reset", Hit: "redis-cli CLUSTER RESET HARD", Miss: "redis-cli CLUSTER INFO"},
		{Row: "db.redis-cli.reset", Hit: "redis-cli ACL DELUSER app", Miss: "redis-cli ACL LIST"},
		{Row: "db.redis-cli.delete", Hit: "redis-cli -n 2 FUNCTION FLUSH", Miss: "redis-cli FUNCTION LIST"},
		{Row: "db.mongorestore.drop", Hit: "mongorestore --drop dump/", Miss: "mongorestore dump/"},
		{Row: "db.mongorestore", Hit: "mongorestore --nsInclude shop.* dump/", Miss: "mongorestore --drop dump/"},
		{Row: "db.mongoimport.drop", Hit: "mongoimport --drop -c users users.json", Miss: "mongoimport -c users users.json"},
		{Row: "db.mongoimport.replace", Hit: "mongoimport --mode=upsert -c users users.json", Miss: "mongoimport --mode=insert -c users users.json"},
		{Row: "db.mongoimport", Hit: "mongoimport -c users users.json", Miss: "mongoimport --drop -c users users.json"},
		{Row: "db.mysqldump", Hit: "mysqldump shop", Miss: "mysql shop"},
		{Row: "db.mariadb-dump", Hit: "mariadb-dump shop", Miss: "mariadb shop"},
		{Row: "db.pg_dump", Hit: "pg_dump -Fc shop", Miss: "pg_restore shop.dump"},
		{Row: "db.pg_dumpall", Hit: "pg_dumpall", Miss: "psql"},
		{Row: "db.mongodump", Hit: "mongodump --db shop", Miss: "mongorestore --db shop"},
		{Row: "db.mongoexport", Hit: "mongoexport -c users", Miss: "mongoimport -c users"},
		{Row: "db.redis-cli.flush", Hit: "redis-cli -h cache FLUSHALL", Miss: "redis-cli -h cache GET flushall"},
		{Row: "db.redis-cli.flush", Hit: "redis-cli --cluster call 127.0.0.1:7000 FLUSHALL", Miss: "redis-cli --cluster call 127.0.0.1:7000 DBSIZE"},
		{Row: "db.redis-cli.flush", Hit: "valkey-cli -n 2 FLUSHDB", Miss: "valkey-cli GET k"},
		{Row: "db.redis-cli.flush", Hit: "redis-cli --new-option x FLUSHALL", Miss: "redis-cli --new-option x GET flushall"},
		{Row: "db.redis-cli.flush", Hit: "redis-cli <<< 'FLUSHALL'", Miss: "redis-cli <<< 'GET flushall'"},
		{Row: "db.redis-cli.flush", Hit: `redis-cli EVAL "return redis.call('FLUSHDB')" 0`, Miss: `redis-cli EVAL "return redis.call('GET', KEYS[1])" 1 flushdb`},
		{Row: "db.redis-cli.delete", Hit: `redis-cli EVAL "for _, k in ipairs(KEYS) do redis.pcall('DEL', k) end" 2 a b`, Miss: `redis-cli EVAL "return redis.call('SET', KEYS[1], 'del')" 1 a`},
		{Row: "db.redis-cli.script-unseen", Hit: "redis-cli EVALSHA 6b1bf486c81ceb7edf3c093f4c48582e38c0e791 0", Miss: "redis-cli SCRIPT EXISTS 6b1bf486c81ceb7edf3c093f4c48582e38c0e791"},
		{Row: "db.redis-cli.script-unseen", Hit: `redis-cli EVAL "$(cat cleanup.lua)" 0`, Miss: `redis-cli EVAL "return 1" 0`},
		{Row: "db.redis-cli.flush", Hit: "printf 'SELECT 2\\nFLUSHDB\\n' | redis-cli -h cache", Miss: "echo 'GET flushdb' | redis-cli -h cache"},
		{Row: "sql.function.destructive-name", Hit: `psql -c "SELECT drop_all_tables()"`, Miss: `psql -c "SELECT array_remove(ARRAY[1,2], 1), dropped_at FROM t"`},
		{Row: "sql.function.destructive-name", Hit: `psql -c "SELECT admin.purge_old_rows(30)"`, Miss: `psql -c "SELECT jsonb_delete_path(x, '{a}') FROM t"`},
		{Row: "db.redis-cli.delete", Hit: "redis-cli -n 2 <<'EOF'\nGET a\nDEL a\nEOF", Miss: "redis-cli -n 2 <<< 'GET a'"},
		{Row: "db.redis-cli.delete-key", Hit: "redis-cli del session:1", Miss: "redis-cli get session:1"},
		{Row: "db.redis-cli", Hit: "redis-cli get k", Miss: "redis-cli flushdb"},
		{Row: "db.mongosh.destructive", Hit: `mongosh app --eval "db.users.deleteMany({})"`, Miss: `mongosh app --eval "db.users.find()"`},
		{Row: "db.mongosh.destructive", Hit: `mongosh app --eval "db.dropAllUsers()"`, Miss: `mongosh app --eval "db.getUsers()"`},
		{Row: "db.mongosh.destructive", Hit: `mongosh app --eval "db.runCommand({drop: 'users'})"`, Miss: `mongosh app --eval "db.runCommand({ping: 1})"`},
		{Row: "db.mongosh.script-file", Hit: "mongosh prod drop.js", Miss: `mongosh prod --eval "db.users.find()"`},
		{Row: "db.mongo.script-file", Hit: "mongo --file cleanup.js prod", Miss: "mongo prod --quiet"},
		{Row: "db.redis-cli.stdin-file", Hit: "redis-cli --pipe < cmds.txt", Miss: "redis-cli GET k < /dev/null"},
		{Row: "db.mongosh", Hit: `mongosh app --eval "db.users.insertOne({a: 1})"`, Miss: `mongosh --eval "db.dropDatabase()"`},
		{Row: "db.mongosh.read", Hit: `mongosh app --eval "db.users.find()"`, Miss: `mongosh app --eval "db.users.find().forEach(d => db.users.deleteOne(d))"`},
		{Row: "db.mongosh.read", Hit: `mongosh --quiet --eval 'printjson(db.users.countDocuments({plan: "free"}))' mydb`, Miss: `mongosh --eval 'db.users.aggregate([{$out: "x"}])'`},
		{Row: "db.mongo.read", Hit: `mongo app --eval "db.getCollectionNames()"`, Miss: `mongo app --eval "db.users.insert({a: 1})"`},
		{Row: "db.mongo.destructive", Hit: `mongo prod --eval 'db.users.drop()'`, Miss: `mongo prod --eval 'db.users.count()'`},
		{Row: "db.mongosh.destructive", Hit: `mongosh app <<< 'db.dropDatabase()'`, Miss: `mongosh app <<< 'db.users.find()'`},
		{Row: "db.mongosh.destructive", Hit: `echo 'db.dropDatabase()' | mongosh app`, Miss: `echo 'db.users.find()' | mongosh app`},
		{Row: "db.mongosh.destructive", Hit: `mongosh app --eval 'db.users.updateMany({ }, {$unset: {email: 1}})'`, Miss: `mongosh app --eval 'db.users.updateMany({plan: "free"}, {$set: {trial: false}})'`},
		{Row: "db.mongo", Hit: `mongo prod --eval 'db.users.insert({a: 1})'`, Miss: `mongo prod --eval 'db.dropDatabase()'`},
	}
	for _, c := range fileFlagClients {
		flag := map[string]string{"sqlcmd": "-i", "clickhouse-client": "--queries-file", "clickhouse": "--queries-file", "snowsql": "-f", "dolt": "sql --file"}[c]
		if flag == "" {
			flag = "-f"
		}
		cases = append(cases, rulestest.Case{Row: "db." + c + ".file", Hit: c + " " + flag + " migrate.sql", Miss: c + " --version"})
	}
	for _, c := range clients {
		session := c
		if sub, ok := clientSubcommands[c]; ok {
			session = c + " " + sub
		}
		cases = append(cases,
			rulestest.Case{Row: "db." + c + ".file-stdin", Hit: session + " app < dump.sql", Miss: session + " app"},
			rulestest.Case{Row: "db." + c, Hit: session + " app", Miss: session + " app < dump.sql"},
		)
	}
	cases = append(cases,
		rulestest.Case{Row: "db.cockroach", Hit: "cockroach sql --url postgres://db -e 'SELECT 1'", Miss: "cockroach node decommission 4"},
		rulestest.Case{Row: "db.clickhouse", Hit: "clickhouse client --query 'SELECT 1'", Miss: "clickhouse local --query 'SELECT 1'"},
		// spanner-cli's -i names the instance, not a file.
		rulestest.Case{Row: "db.spanner-cli", Hit: "spanner-cli -p p -i inst -d db -e 'SELECT 1'", Miss: "spanner-cli -p p -i inst -d db -f drop.sql"},
		rulestest.Case{Row: "db.dolt", Hit: "dolt sql -q 'SELECT 1'", Miss: "dolt status"})
	for _, c := range frameworkCommands {
		hit := c.program + " " + strings.Join(c.words, " ")
		miss := c.program + " --version"
		if len(c.flags) > 0 {
			hit, miss = hit+" --"+c.flags[0], hit
		}
		cases = append(cases, rulestest.Case{Row: "db." + c.id, Hit: hit, Miss: miss})
		if len(c.testEnv) > 0 {
			// The test environment, as the framework's variable on the line,
			// or as its settings module; the development one misses.
			env := c.testEnv[0] + "=test "
			if c.testEnv[0] == "DJANGO_SETTINGS_MODULE" {
				env = "DJANGO_SETTINGS_MODULE=app.settings.test "
			}
			cases = append(cases, rulestest.Case{Row: "db." + c.id + ".test-env", Hit: env + hit, Miss: c.testEnv[0] + "=development " + hit})
		}
	}
	cases = append(cases,
		rulestest.Case{Row: "db.rake.db-reset.test-env", Hit: "bundle exec rake db:reset RAILS_ENV=test", Miss: "bundle exec rake db:reset RAILS_ENV=production"},
		rulestest.Case{Row: "db.artisan.migrate-fresh.test-env", Hit: "php artisan migrate:fresh --env=testing", Miss: "php artisan migrate:fresh --env=staging"},
		rulestest.Case{Row: "db.sequelize-cli.db-drop.test-env", Hit: "npx sequelize-cli db:drop --env test", Miss: "NODE_ENV=production npx sequelize-cli db:drop"},
		rulestest.Case{Row: "db.django-admin.flush.test-env", Hit: "django-admin flush --settings=config.settings_test --noinput", Miss: "django-admin flush --settings=config.settings.prod"})
	cases = append(cases, rulestest.Case{Row: "db.pg_dropcluster", Hit: "pg_dropcluster 14 main --stop", Miss: "pg_lsclusters"},
		rulestest.Case{Row: "db.pg_resetwal.dry-run", Hit: "pg_resetwal -n /var/lib/postgresql/data", Miss: "pg_resetwal -f /var/lib/postgresql/data"},
		rulestest.Case{Row: "db.pg_resetwal", Hit: "pg_resetwal -f /var/lib/postgresql/data", Miss: "pg_resetwal --dry-run -D /var/lib/postgresql/data"},
		rulestest.Case{Row: "db.pg_resetxlog.dry-run", Hit: "pg_resetxlog -n /var/lib/pgsql/9.6/data", Miss: "pg_resetxlog -f /var/lib/pgsql/9.6/data"},
		rulestest.Case{Row: "db.pg_resetxlog", Hit: "pg_resetxlog -f /var/lib/pgsql/9.6/data", Miss: "pg_resetxlog -n /var/lib/pgsql/9.6/data"},
		rulestest.Case{Row: "db.pg_rewind.dry-run", Hit: "pg_rewind -n -D /var/lib/postgresql/data --source-server='host=p'", Miss: "pg_rewind -D /var/lib/postgresql/data --source-server='host=p'"},
		rulestest.Case{Row: "db.pg_rewind", Hit: "pg_rewind -D /var/lib/postgresql/data --source-server='host=p'", Miss: "pg_rewind --dry-run -D d --source-server=x"},
		rulestest.Case{Row: "db.mikro-orm.schema-update", Hit: "mikro-orm schema:update --run", Miss: "mikro-orm schema:update --run --safe"},
		rulestest.Case{Row: "db.rails.migrate-to-zero", Hit: "rails db:migrate VERSION=0", Miss: "rails db:migrate VERSION=20240101000000"},
		rulestest.Case{Row: "db.rake.migrate-to-zero", Hit: "rake db:migrate VERSION=0", Miss: "rake db:migrate"},
		rulestest.Case{Row: "db.mongod.repair", Hit: "mongod --repair --dbpath /data/db", Miss: "mongod --dbpath /data/db"})
	rulestest.Run(t, Rules(), cases)
}
