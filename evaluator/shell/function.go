package shell

import (
	"mvdan.cc/sh/v3/syntax"
)

// A function the line defines (f() { …; }) runs in place of any program
// of its name when it is called as a command. Its body is walked where it
// is defined, like any other statements, so its commands are judged
// there; a call is emitted marked as a function call (model.Command.
// Function), which rules read as running what was already judged rather
// than an unknown program. Rows for a program of the same name still
// apply: rm() { command rm "$@"; }; rm -rf ~ is judged as the rm it runs.

// lineFunction is what the walker remembers of a defined function.
type lineFunction struct {
	// forkBomb: the body calls the function in the background or in a
	// pipeline (:(){ :|:& };:), so that each call starts more.
	forkBomb bool
}

// define records a function definition.
func (w *walker) define(d *syntax.FuncDecl) {
	if d.Name == nil { // `()0` parses as a function without a name
		return
	}
	put(&w.funcs, d.Name.Value, lineFunction{forkBomb: forksItself(d)})
}

// calledFunction returns the function a command's first word calls, if
// the line defines one by that name.
func (w *walker) calledFunction(c *syntax.CallExpr) (lineFunction, bool) {
	if w.funcs == nil || len(c.Args) == 0 {
		return lineFunction{}, false
	}
	fn, ok := w.funcs[c.Args[0].Lit()]
	return fn, ok
}

// forksItself reports whether d's body calls d in the background or in a
// pipeline.
func forksItself(d *syntax.FuncDecl) bool {
	calls, forks := false, false
	syntax.Walk(d.Body, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CallExpr:
			calls = calls || (len(n.Args) > 0 && n.Args[0].Lit() == d.Name.Value)
		case *syntax.Stmt:
			forks = forks || n.Background || n.Coprocess
		case *syntax.BinaryCmd:
			forks = forks || n.Op == syntax.Pipe || n.Op == syntax.PipeAll
		}
		return true
	})
	return calls && forks
}
