//go:build !cgo

package pg

import (
	"sync"

	pg_query "github.com/pganalyze/pg_query_go/v6"
	pgquery "github.com/wasilibs/go-pgquery"
)

// parsing serializes the WebAssembly parser. go-pgquery keeps a pool of
// module instances and compiles a new one whenever a parse finds the pool
// empty: concurrent first parses (an MCP server's calls) would each
// compile the module, seconds and hundreds of megabytes apiece. One at a
// time, the one instance is reused; a parse takes tens of microseconds.
var parsing sync.Mutex

// parseTree parses text with the same libpg_query compiled to WebAssembly
// and run by wazero, in pure Go: the parser of CGO_ENABLED=0 builds (the
// release binaries for every platform). It gives the same trees; its cost
// is start-up, the module's compilation on the first parse of a process
// (about one and a half seconds), then some tens of microseconds a
// statement.
func parseTree(text string) (*pg_query.ParseResult, error) {
	parsing.Lock()
	defer parsing.Unlock()
	return pgquery.Parse(text)
}

// Parser names the parser this build links, for `recourse version`: the
// fast path (fast.go) first, libpg_query for the rest.
const Parser = "pure-Go fast path + libpg_query (WebAssembly, wazero) for the rest"
