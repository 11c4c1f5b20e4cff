package evaluator

import "time"

// workerIdle is how long an idle worker waits for the next evaluation
// before it exits: long enough to serve a busy agent session or a CI job
// that evaluates many inputs, short enough that nothing lingers after.
const workerIdle = 2 * time.Second

// workers runs evaluations on reused goroutines. A plan or a large input
// is evaluated on a goroutine of its own so that its caller can return at
// the deadline (guard; small inputs run inline). A new goroutine starts with a small stack, and the policy
// engine's deep recursion grew it by copying on every evaluation: about a
// third of a shell line's time, measured with pprof. A reused goroutine
// keeps the stack it grew (until the garbage collector shrinks an idle
// one).
type workers struct {
	jobs chan func()
}

func newWorkers() *workers { return &workers{jobs: make(chan func())} }

// run runs f on an idle worker, or on a new one when none is idle, so it
// never waits for another evaluation. A nil *workers runs f on a new
// goroutine.
func (w *workers) run(f func()) {
	if w == nil {
		go f()
		return
	}
	select {
	case w.jobs <- f:
	default:
		go w.loop(f)
	}
}

// loop runs f and then whatever arrives, until it has been idle for
// workerIdle.
func (w *workers) loop(f func()) {
	idle := time.NewTimer(workerIdle)
	defer idle.Stop()
	for {
		f()
		idle.Reset(workerIdle)
		select {
		case f = <-w.jobs:
		case <-idle.C:
			return
		}
	}
}
