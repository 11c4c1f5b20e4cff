// Package sql reads SQL text into the statements the rules judge, with
// the parser a binary links: package sql/pg, PostgreSQL's own grammar,
// which registers itself when imported (as database/sql's drivers do).
// It never connects to a database.
//
// The parser is a package of its own because loading it (pg_query's
// protocol buffers, and in pure-Go builds a WebAssembly runtime) is most
// of a hook process's start-up. recourse-hook does without it: there, the
// fast path (package sql/fast, which the full parser asks first too)
// reads the common statements, and any other SQL text becomes a statement
// that says no parser read it, and the hook hands the call over to
// recourse hook, which has one (internal/hookcmd).
package sql

import (
	"strings"
	"sync/atomic"

	"github.com/recourse-dev/recourse/evaluator/sql/fast"
	"github.com/recourse-dev/recourse/model"
)

// MaxBytes bounds the SQL text parsed at once.
const MaxBytes = 1 << 20

// NoParser is the Error of the statements of a binary without a parser.
const NoParser = "this binary has no SQL parser"

// parser is the registered parser: set once, by its package's init.
type parser struct {
	name  string
	parse func(text string) []model.SQLStatement
}

var registered atomic.Pointer[parser]

// Register makes parse the parser of Parse; name says which it is
// (`recourse version`). It is called by the parser package's init.
func Register(name string, parse func(text string) []model.SQLStatement) {
	registered.Store(&parser{name: name, parse: parse})
}

// Parser names the registered parser, or says there is only the fast
// path.
func Parser() string {
	if p := registered.Load(); p != nil {
		return p.name
	}
	return "pure-Go fast path only"
}

// Available reports whether a full parser is registered.
func Available() bool { return registered.Load() != nil }

// Parse returns the statements of text, in order. Text over MaxBytes, or
// text the fast path does not read in a binary without a full parser, is
// one statement with Error set, which the rules judge as needs-review,
// never as a SELECT.
func Parse(text string) []model.SQLStatement {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	if len(text) > MaxBytes {
		return []model.SQLStatement{{Kind: "UNPARSED", Text: text[:200], Error: "the SQL text is over the size limit"}}
	}
	p := registered.Load()
	if p == nil {
		if sts, ok := fast.Parse(text); ok {
			return sts
		}
		return []model.SQLStatement{{Kind: "UNPARSED", Text: strings.TrimSpace(text), Error: NoParser}}
	}
	return p.parse(text)
}
