//go:build !windows

package supervise

import "syscall"

// supported: os/exec hands ExtraFiles to the child as descriptors 3 and on.
const supported = true

// closeOnExec keeps the report pipe from the processes the child runs in
// turn: only the child itself may say that it answered.
func closeOnExec(fd int) { syscall.CloseOnExec(fd) }
