//go:build unix

package observe_test

import (
	"syscall"
	"time"
)

// cpuTime is the processor time (user and system) this process has used:
// on a loaded machine it tells what a line costs better than wall time,
// which waits for the processor too. Git processes it starts are not
// counted (git-ms/op gives their wall time).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
