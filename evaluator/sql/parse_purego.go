//go:build !cgo

package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
	pgquery "github.com/wasilibs/go-pgquery"
)

// parseTree parses text with the same libpg_query compiled to WebAssembly
// and run by wazero, in pure Go: the parser of CGO_ENABLED=0 builds (the
// release binaries for every platform). It gives the same trees; its cost
// is start-up, the module's compilation on the first parse of a process
// (about two seconds), then some tens of microseconds a statement.
func parseTree(text string) (*pg_query.ParseResult, error) { return pgquery.Parse(text) }

// Parser names the parser this build links, for `recourse version`.
const Parser = "libpg_query (WebAssembly, wazero)"
