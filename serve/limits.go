package serve

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"runtime/debug"
	"sync"
	"time"

	"golang.org/x/sync/semaphore"
)

// Memory: each request is admitted with a weight, its budget — what
// reading and judging a body of its size may hold (amplification times
// its declared length, at least a floor, at most the whole budget) — and
// the service holds at most its memory budget in admitted requests. A
// request that cannot be admitted within admitWait is answered 503 (for a
// hook, with the host's stop): the service sheds load instead of running
// out of memory.
const (
	// amplification is how much memory judging a body may take per byte
	// of it: parsing, the AST, the report and its rendering.
	amplification = 8
	// requestFloor is the least budget of a request.
	requestFloor = 16 << 20
	// admitWait is how long a request waits for budget.
	admitWait = 2 * time.Second
	// defaultBudget is the memory budget when Go has no memory limit.
	defaultBudget = 2 << 30
)

// errBusy says a request was not admitted for want of memory budget.
var errBusy = errors.New("the service is at its memory budget: try again shortly")

// admission is the service's memory budget.
type admission struct {
	sem     *semaphore.Weighted
	budget  int64
	maxBody int64
}

// newAdmission sizes the budget from Go's memory limit (GOMEMLIMIT, or
// the one recourse serve sets from its cgroup): three quarters of it, the
// rest for the runtime and the service itself.
func newAdmission(maxBody int64) *admission {
	budget := int64(defaultBudget)
	if limit := debug.SetMemoryLimit(-1); limit > 0 && limit < math.MaxInt64 {
		budget = limit / 4 * 3
	}
	return &admission{sem: semaphore.NewWeighted(budget), budget: budget, maxBody: maxBody}
}

// weight is a request's budget: by its declared length, or, with none
// (chunked), by the largest body the service reads.
func (a *admission) weight(r *http.Request) int64 {
	n := r.ContentLength
	if n < 0 || n > a.maxBody {
		n = a.maxBody
	}
	return a.weightOf(n)
}

// weightOf is the budget of judging n bytes: amplification times n, at
// least requestFloor, at most the whole budget.
func (a *admission) weightOf(n int64) int64 {
	w := n * amplification
	if n > 0 && w/amplification != n { // overflow
		w = a.budget
	}
	return min(max(w, requestFloor), a.budget)
}

// enter admits r, waiting up to admitWait, and returns the release.
func (a *admission) enter(ctx context.Context, r *http.Request) (func(), error) {
	return a.acquire(ctx, a.weight(r), admitWait)
}

// acquire takes w of the budget, waiting up to wait (while ctx lasts, when
// wait is 0), and returns the release.
func (a *admission) acquire(ctx context.Context, w int64, wait time.Duration) (func(), error) {
	if wait > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, wait)
		defer cancel()
	}
	if err := a.sem.Acquire(ctx, w); err != nil {
		return nil, fmt.Errorf("%w (the request needs %d MiB of the %d MiB budget)", errBusy, w>>20, a.budget>>20)
	}
	return func() { a.sem.Release(w) }, nil
}

// runTaskMaxBytes bounds a run task request's body, read before its
// signature is checked: HCP Terraform's payload is a few kilobytes.
const runTaskMaxBytes = 1 << 20

// replays remembers the signatures of the signed requests seen within a
// window, so that a captured request sent again is refused. A run task
// request carries its run's access token, valid only while the task runs
// (taskWindow), so a replay later than that can start nothing.
type replays struct {
	mu     sync.Mutex
	window time.Duration
	seen   map[string]time.Time
	now    func() time.Time
}

// maxReplays bounds what replays remembers; when it is reached, what is
// past the window is forgotten, and then, if it is still full, the oldest
// half of the window early.
const maxReplays = 100_000

func newReplays(window time.Duration) *replays {
	return &replays{window: window, seen: map[string]time.Time{}, now: time.Now}
}

// first reports whether sig is seen for the first time within the window,
// and remembers it.
func (r *replays) first(sig string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	now := r.now()
	if t, ok := r.seen[sig]; ok && now.Sub(t) < r.window {
		return false
	}
	if len(r.seen) >= maxReplays {
		// Only a full map is swept (a lookup already ignores what is past
		// the window): what the window has left, then its older half.
		r.forget(now, r.window)
		if len(r.seen) >= maxReplays {
			r.forget(now, r.window/2)
		}
	}
	r.seen[sig] = now
	return true
}

// forget drops what was seen longer than age ago.
func (r *replays) forget(now time.Time, age time.Duration) {
	for k, t := range r.seen {
		if now.Sub(t) >= age {
			delete(r.seen, k)
		}
	}
}
