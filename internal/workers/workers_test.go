package workers

import (
	"sync"
	"testing"
)

// TestGoNeverWaits: functions that wait on each other all run, whether
// the pool is empty, busy or nil: Go starts a worker when none is idle.
func TestGoNeverWaits(t *testing.T) {
	for _, p := range []*Pool{New(), nil} {
		const n = 50
		var started, done sync.WaitGroup
		release := make(chan struct{})
		started.Add(n)
		done.Add(n)
		for range n {
			p.Go(func() {
				started.Done()
				<-release // each waits until all have started
				done.Done()
			})
		}
		started.Wait()
		close(release)
		done.Wait()
	}
}

// TestWorkersAreReused: a function given after another has finished runs
// on the worker that ran it.
func TestWorkersAreReused(t *testing.T) {
	p := New()
	finished := make(chan struct{})
	p.Go(func() { close(finished) })
	<-finished
	// The worker is idle now, or about to be: a send to jobs reaches it.
	ran := make(chan struct{})
	p.jobs <- func() { close(ran) }
	<-ran
}
