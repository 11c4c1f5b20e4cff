package sql

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// frameworkCommand is a command of an application framework or a
// migration tool that drops or empties a database with no SQL in the
// input: rails db:drop, php artisan migrate:fresh, prisma migrate reset.
type frameworkCommand struct {
	id      string
	program string
	// words are the subcommand words (rules.Sub: any letter case, "*"
	// for any word).
	words []string
	// flags, when set, must include one that is given.
	flags  []string
	tier   model.Tier
	reason string
	// testEnv are the variables that select the framework's environment,
	// when a command run in the test environment drops only the test
	// database, which the test suite recreates.
	testEnv []string
}

// The variables that select each framework's environment.
var (
	railsEnv   = []string{"RAILS_ENV", "RACK_ENV"}
	laravelEnv = []string{"APP_ENV"}
	mixEnv     = []string{"MIX_ENV"}
	nodeEnv    = []string{"NODE_ENV"}
	djangoEnv  = []string{"DJANGO_SETTINGS_MODULE"}
)

// testEnvReason is a test-environment row's reason.
const testEnvReason = "acts on the test environment's database, which the framework's test suite drops, recreates and fills on every run (rails db:test:prepare, the test runners): what it held comes back with the next test run"

const (
	dropsDatabase = "drops the application's database (or empties and reloads it): its rows come back only from a backup"
	dropsTables   = "drops every table of the application's database and runs the migrations again: the rows come back only from a backup"
	rollsBack     = "runs migrations backwards, which drop the tables and columns they created: whether data goes with them is not in the input"
	fullRefresh   = "--full-refresh drops the incremental models' tables and rebuilds them from their sources: rows the sources no longer hold are gone"
	syncsSchema   = "synchronizes the database's schema to the entities: columns and tables that no entity declares are dropped with their data"
)

var frameworkCommands = []frameworkCommand{
	{id: "rails.db-drop", program: "rails", words: []string{"db:drop"}, tier: model.TierUnrecoverable, reason: dropsDatabase, testEnv: railsEnv},
	{id: "rails.db-reset", program: "rails", words: []string{"db:reset"}, tier: model.TierUnrecoverable, reason: dropsDatabase, testEnv: railsEnv},
	{id: "rails.db-purge", program: "rails", words: []string{"db:purge"}, tier: model.TierUnrecoverable, reason: dropsDatabase, testEnv: railsEnv},
	{id: "rails.db-schema-load", program: "rails", words: []string{"db:schema:load"}, tier: model.TierUnrecoverable, reason: dropsTables, testEnv: railsEnv},
	{id: "rake.db-drop", program: "rake", words: []string{"db:drop"}, tier: model.TierUnrecoverable, reason: dropsDatabase, testEnv: railsEnv},
	{id: "rake.db-reset", program: "rake", words: []string{"db:reset"}, tier: model.TierUnrecoverable, reason: dropsDatabase, testEnv: railsEnv},
	{id: "rake.db-purge", program: "rake", words: []string{"db:purge"}, tier: model.TierUnrecoverable, reason: dropsDatabase, testEnv: railsEnv},
	{id: "rake.db-schema-load", program: "rake", words: []string{"db:schema:load"}, tier: model.TierUnrecoverable, reason: dropsTables, testEnv: railsEnv},
	{id: "artisan.migrate-fresh", program: "php", words: []string{"artisan", "migrate:fresh"}, tier: model.TierUnrecoverable, reason: dropsTables, testEnv: laravelEnv},
	{id: "artisan.migrate-refresh", program: "php", words: []string{"artisan", "migrate:refresh"}, tier: model.TierUnrecoverable, reason: dropsTables, testEnv: laravelEnv},
	{id: "artisan.migrate-reset", program: "php", words: []string{"artisan", "migrate:reset"}, tier: model.TierUnrecoverable, reason: dropsTables, testEnv: laravelEnv},
	{id: "artisan.db-wipe", program: "php", words: []string{"artisan", "db:wipe"}, tier: model.TierUnrecoverable, reason: dropsDatabase, testEnv: laravelEnv},
	{id: "ecto.drop", program: "mix", words: []string{"ecto.drop"}, tier: model.TierUnrecoverable, reason: dropsDatabase, testEnv: mixEnv},
	{id: "ecto.reset", program: "mix", words: []string{"ecto.reset"}, tier: model.TierUnrecoverable, reason: dropsDatabase, testEnv: mixEnv},
	{id: "ef.database-drop", program: "dotnet", words: []string{"ef", "database", "drop"}, tier: model.TierUnrecoverable, reason: dropsDatabase},
	{id: "prisma.migrate-reset", program: "prisma", words: []string{"migrate", "reset"}, tier: model.TierUnrecoverable, reason: dropsTables},
	{id: "prisma.db-push-force-reset", program: "prisma", words: []string{"db", "push"}, flags: []string{"force-reset"}, tier: model.TierUnrecoverable, reason: dropsTables},
	{id: "prisma.db-push-data-loss", program: "prisma", words: []string{"db", "push"}, flags: []string{"accept-data-loss"}, tier: model.TierNeedsReview,
		reason: "pushes a schema that drops columns or tables (--accept-data-loss): which data goes is not in the input"},
	{id: "supabase.db-reset", program: "supabase", words: []string{"db", "reset"}, tier: model.TierUnrecoverable, reason: dropsTables},
	{id: "sequelize.db-drop", program: "sequelize", words: []string{"db:drop"}, tier: model.TierUnrecoverable, reason: dropsDatabase, testEnv: nodeEnv},
	{id: "sequelize-cli.db-drop", program: "sequelize-cli", words: []string{"db:drop"}, tier: model.TierUnrecoverable, reason: dropsDatabase, testEnv: nodeEnv},
	{id: "sequelize.undo-all", program: "sequelize", words: []string{"db:migrate:undo:all"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "sequelize-cli.undo-all", program: "sequelize-cli", words: []string{"db:migrate:undo:all"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "knex.rollback", program: "knex", words: []string{"migrate:rollback"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "typeorm.schema-drop", program: "typeorm", words: []string{"schema:drop"}, tier: model.TierUnrecoverable, reason: dropsDatabase},
	{id: "flyway.clean", program: "flyway", words: []string{"clean"}, tier: model.TierUnrecoverable,
		reason: "drops every object in the configured schemas: the rows come back only from a backup"},
	{id: "liquibase.drop-all", program: "liquibase", words: []string{"dropAll"}, tier: model.TierUnrecoverable,
		reason: "drops every database object the user owns: the rows come back only from a backup"},
	{id: "liquibase.drop-all-kebab", program: "liquibase", words: []string{"drop-all"}, tier: model.TierUnrecoverable,
		reason: "drops every database object the user owns: the rows come back only from a backup"},
	{id: "alembic.downgrade", program: "alembic", words: []string{"downgrade"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "flask.db-downgrade", program: "flask", words: []string{"db", "downgrade"}, tier: model.TierNeedsReview, reason: rollsBack}, // Flask-Migrate runs alembic
	{id: "dbmate.drop", program: "dbmate", words: []string{"drop"}, tier: model.TierUnrecoverable, reason: dropsDatabase},
	{id: "goose.reset", program: "goose", words: []string{"reset"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "atlas.schema-clean", program: "atlas", words: []string{"schema", "clean"}, tier: model.TierUnrecoverable,
		reason: "drops every object in the schema: the rows come back only from a backup"},
	{id: "atlas.migrate-down", program: "atlas", words: []string{"migrate", "down"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "goose.down", program: "goose", words: []string{"down"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "goose.down-to", program: "goose", words: []string{"down-to"}, tier: model.TierNeedsReview, reason: rollsBack},
	// goose DRIVER DBSTRING COMMAND, when the driver is not in the environment.
	{id: "goose.driver-down", program: "goose", words: []string{"*", "*", "down"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "goose.driver-down-to", program: "goose", words: []string{"*", "*", "down-to"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "goose.driver-reset", program: "goose", words: []string{"*", "*", "reset"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "sqlx.database-drop", program: "sqlx", words: []string{"database", "drop"}, tier: model.TierUnrecoverable, reason: dropsDatabase},
	{id: "sqlx.database-reset", program: "sqlx", words: []string{"database", "reset"}, tier: model.TierUnrecoverable, reason: dropsDatabase},
	{id: "sqlx.migrate-revert", program: "sqlx", words: []string{"migrate", "revert"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "hasura.migrate-down", program: "hasura", words: []string{"migrate", "apply"}, flags: []string{"down"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "drizzle-kit.push-force", program: "drizzle-kit", words: []string{"push"}, flags: []string{"force"}, tier: model.TierNeedsReview,
		reason: "pushes a schema that may drop columns or tables, approving the data loss without asking (--force): which data goes is not in the input"},
	{id: "dbmate.rollback", program: "dbmate", words: []string{"rollback"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "dbmate.down", program: "dbmate", words: []string{"down"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "migrate.drop", program: "migrate", words: []string{"drop"}, tier: model.TierUnrecoverable,
		reason: "golang-migrate drop deletes everything in the database: the rows come back only from a backup"},
	{id: "migrate.down", program: "migrate", words: []string{"down"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "sqitch.revert", program: "sqitch", words: []string{"revert"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "typeorm.revert", program: "typeorm", words: []string{"migration:revert"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "typeorm.schema-sync", program: "typeorm", words: []string{"schema:sync"}, tier: model.TierNeedsReview, reason: syncsSchema},
	{id: "mikro-orm.schema-drop", program: "mikro-orm", words: []string{"schema:drop"}, flags: []string{"run", "r"}, tier: model.TierUnrecoverable, reason: dropsDatabase},
	{id: "mikro-orm.schema-fresh", program: "mikro-orm", words: []string{"schema:fresh"}, flags: []string{"run", "r"}, tier: model.TierUnrecoverable, reason: dropsDatabase},
	{id: "dbt.full-refresh", program: "dbt", words: []string{"run"}, flags: []string{"full-refresh"}, tier: model.TierNeedsReview,
		reason: fullRefresh},
	{id: "dbt.build-full-refresh", program: "dbt", words: []string{"build"}, flags: []string{"full-refresh"}, tier: model.TierNeedsReview,
		reason: fullRefresh},
	{id: "convex.import-replace", program: "convex", words: []string{"import"}, flags: []string{"replace", "replace-all"}, tier: model.TierNeedsReview,
		reason: "convex import --replace replaces the tables' documents with the file's: the ones it lacks are gone"},
	{id: "flyway.undo", program: "flyway", words: []string{"undo"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "liquibase.rollback", program: "liquibase", words: []string{"rollback"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "liquibase.rollback-count", program: "liquibase", words: []string{"rollback-count"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "liquibase.rollback-count-camel", program: "liquibase", words: []string{"rollbackCount"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "liquibase.rollback-to-date", program: "liquibase", words: []string{"rollback-to-date"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "diesel.database-reset", program: "diesel", words: []string{"database", "reset"}, tier: model.TierUnrecoverable, reason: dropsDatabase},
	{id: "diesel.migration-revert", program: "diesel", words: []string{"migration", "revert"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "diesel.migration-redo", program: "diesel", words: []string{"migration", "redo"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "ecto.rollback", program: "mix", words: []string{"ecto.rollback"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "artisan.migrate-rollback", program: "php", words: []string{"artisan", "migrate:rollback"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "rails.db-rollback", program: "rails", words: []string{"db:rollback"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "rake.db-rollback", program: "rake", words: []string{"db:rollback"}, tier: model.TierNeedsReview, reason: rollsBack},
	{id: "rails.db-seed-replant", program: "rails", words: []string{"db:seed:replant"}, tier: model.TierUnrecoverable,
		reason: "db:seed:replant empties every table and loads the seeds again: the rows come back only from a backup"},
	{id: "django-admin.flush", program: "django-admin", words: []string{"flush"}, tier: model.TierUnrecoverable,
		reason: "flush deletes every row of every table in the project's database", testEnv: djangoEnv},
	// SeaORM's migration CLI.
	{id: "sea-orm-cli.migrate-fresh", program: "sea-orm-cli", words: []string{"migrate", "fresh"}, tier: model.TierUnrecoverable, reason: dropsTables},
	{id: "sea-orm-cli.migrate-refresh", program: "sea-orm-cli", words: []string{"migrate", "refresh"}, tier: model.TierUnrecoverable, reason: dropsTables},
	{id: "sea-orm-cli.migrate-reset", program: "sea-orm-cli", words: []string{"migrate", "reset"}, tier: model.TierUnrecoverable, reason: dropsTables},
	{id: "sea-orm-cli.migrate-down", program: "sea-orm-cli", words: []string{"migrate", "down"}, tier: model.TierNeedsReview, reason: rollsBack},
}

// frameworkRows are the rows of frameworkCommands: a --help or
// --version anywhere is read first, by the general rows.
func frameworkRows() []rules.Rule {
	out := make([]rules.Rule, 0, 2*len(frameworkCommands)+1)
	for _, c := range frameworkCommands {
		when := rules.Sub(c.words...)
		if len(c.flags) > 0 {
			when = rules.All(when, rules.Flag(c.flags...))
		}
		if len(c.testEnv) > 0 {
			out = append(out, rules.Rule{ID: "db." + c.id + ".test-env", Type: c.program, On: rules.Execute, When: rules.All(when, rules.TestEnvironment(c.testEnv...)),
				Tier: model.TierRecoverableWithEffort, Reason: testEnvReason})
		}
		out = append(out, rules.Rule{ID: "db." + c.id, Type: c.program, On: rules.Execute, When: when, Tier: c.tier, Reason: c.reason})
	}
	// mikro-orm schema:update drops what the entities lack unless --safe;
	// rails and rake db:migrate VERSION=0 run every migration down.
	out = append(out,
		rules.Rule{ID: "db.mikro-orm.schema-update", Type: "mikro-orm", On: rules.Execute,
			When: rules.All(rules.Sub("schema:update"), rules.Flag("run", "r"), rules.Not(rules.Flag("safe", "drop-tables=false"))), Tier: model.TierNeedsReview, Reason: syncsSchema + " (--safe keeps them)"})
	for _, p := range []string{"rails", "rake"} {
		out = append(out, rules.Rule{ID: "db." + p + ".migrate-to-zero", Type: p, On: rules.Execute,
			When: rules.All(rules.Sub("db:migrate"), rules.Operand(1, "VERSION=0", func(a model.Arg, _ *model.Command) bool { return a.Value == "VERSION=0" })),
			Tier: model.TierNeedsReview, Reason: rollsBack})
	}
	const resetsWAL = "throws away the write-ahead log: transactions not yet in the data files are lost and the database can be left inconsistent (PostgreSQL calls it a last resort)"
	return append(out,
		rules.Rule{ID: "db.pg_dropcluster", Type: "pg_dropcluster", On: rules.Execute, Tier: model.TierUnrecoverable,
			Reason: "deletes a PostgreSQL cluster with its data directory: every database in it"},
		// pg_resetxlog is its name before PostgreSQL 10.
		rules.Rule{ID: "db.pg_resetwal.dry-run", Type: "pg_resetwal", On: rules.Execute, When: rules.Flag("n", "dry-run"), Tier: model.TierReversible,
			Reason: "pg_resetwal -n prints the values it would write and changes nothing"},
		rules.Rule{ID: "db.pg_resetwal", Type: "pg_resetwal", On: rules.Execute, Tier: model.TierUnrecoverable, Reason: "pg_resetwal " + resetsWAL},
		rules.Rule{ID: "db.pg_resetxlog.dry-run", Type: "pg_resetxlog", On: rules.Execute, When: rules.Flag("n"), Tier: model.TierReversible,
			Reason: "pg_resetxlog -n prints the values it would write and changes nothing"},
		rules.Rule{ID: "db.pg_resetxlog", Type: "pg_resetxlog", On: rules.Execute, Tier: model.TierUnrecoverable, Reason: "pg_resetxlog " + resetsWAL},
		rules.Rule{ID: "db.pg_rewind.dry-run", Type: "pg_rewind", On: rules.Execute, When: rules.Flag("n", "dry-run", "help", "version"), Tier: model.TierReversible,
			Reason: "pg_rewind --dry-run shows what it would change and changes nothing"},
		rules.Rule{ID: "db.pg_rewind", Type: "pg_rewind", On: rules.Execute, Tier: model.TierNeedsReview,
			Reason: "pg_rewind throws away the target data directory's transactions after the point it diverged from the source (an old primary's writes that never reached the new one): whether any are worth keeping is not in the input"},
		rules.Rule{ID: "db.mongod.repair", Type: "mongod", On: rules.Execute, When: rules.Flag("repair"), Tier: model.TierNeedsReview,
			Reason: "mongod --repair rewrites the data files and discards what it cannot read: the documents it drops are gone"})
}
