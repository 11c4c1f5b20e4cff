// Package workers runs functions on reused goroutines.
//
// A new goroutine starts with a small stack, and deep work (the policy
// engine's recursion, an MCP call's judgement) grows it by copying each
// time: about a third of a shell line's evaluation, measured with pprof.
// A reused goroutine keeps the stack it grew (until the garbage collector
// shrinks an idle one).
package workers

import "time"

// idle is how long an idle worker waits for the next function before it
// exits: long enough to serve a busy agent session or a CI job that
// evaluates many inputs, short enough that nothing lingers after.
const idle = 2 * time.Second

// Pool runs functions on reused goroutines. Its zero value is not ready;
// use New.
type Pool struct {
	jobs chan func()
}

// New returns an empty pool: workers start as they are needed.
func New() *Pool { return &Pool{jobs: make(chan func())} }

// Go runs f on an idle worker, or on a new one when none is idle, so it
// never waits for another function. A nil *Pool runs f on a new
// goroutine.
func (p *Pool) Go(f func()) {
	if p == nil {
		go f()
		return
	}
	select {
	case p.jobs <- f:
	default:
		go p.loop(f)
	}
}

// loop runs f and then whatever arrives, until it has been idle for idle.
func (p *Pool) loop(f func()) {
	t := time.NewTimer(idle)
	defer t.Stop()
	for {
		f()
		t.Reset(idle)
		select {
		case f = <-p.jobs:
		case <-t.C:
			return
		}
	}
}
