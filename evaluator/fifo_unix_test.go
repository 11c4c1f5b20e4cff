//go:build unix

package evaluator

import "syscall"

// mkfifo makes a named pipe at p, reporting whether it could.
func mkfifo(p string) bool { return syscall.Mkfifo(p, 0o644) == nil }
