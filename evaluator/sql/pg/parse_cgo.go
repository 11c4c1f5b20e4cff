//go:build cgo

package pg

import pg_query "github.com/pganalyze/pg_query_go/v6"

// parseTree parses text with libpg_query linked through cgo: the fast
// parser of builds that have a C compiler.
func parseTree(text string) (*pg_query.ParseResult, error) { return pg_query.Parse(text) }

// Parser names the parser this build links, for `recourse version`: the
// fast path (fast.go) first, libpg_query for the rest.
const Parser = "pure-Go fast path + libpg_query (cgo) for the rest"
