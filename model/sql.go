package model

// SQLProgram is the Target.Type of a mutation for one SQL statement that a
// command (psql -c, mysql -e ...) or a tool call would run.
const SQLProgram = "sql"

// SQLStatement is one parsed SQL statement.
type SQLStatement struct {
	// Kind is the statement: SELECT, INSERT, UPDATE, DELETE, MERGE, DROP,
	// TRUNCATE, ALTER, CREATE, GRANT, REVOKE, COPY, VACUUM, SET, SHOW,
	// BEGIN/COMMIT ... or OTHER.
	Kind string
	// Object is what a DROP, ALTER or CREATE acts on: TABLE, DATABASE,
	// SCHEMA, INDEX, VIEW, ROLE ...
	Object string
	// Targets name the tables or objects the statement acts on.
	Targets []string
	// Where reports whether an UPDATE or DELETE has a WHERE clause.
	Where bool
	// AlterDrops reports whether an ALTER drops a column or constraint.
	AlterDrops bool
	// Cascade reports a DROP ... CASCADE.
	Cascade bool
	// Opens reports a statement that opens data to everyone: a GRANT to
	// PUBLIC, an ALTER TABLE that turns row-level security off.
	Opens bool
	// Program is the shell command a COPY ... PROGRAM runs on the server.
	Program string
	// Functions are the functions the statement calls, lower-case and
	// without their schema: a SELECT can end sessions or delete large
	// objects (pg_terminate_backend, lo_unlink).
	Functions []string
	// Text is the statement's source.
	Text string
	// Error is the parse error when the text is not SQL the parser reads.
	Error string
}
