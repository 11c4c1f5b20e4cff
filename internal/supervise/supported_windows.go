//go:build windows

package supervise

// supported: os/exec has no ExtraFiles on Windows, so the command runs in
// process there (a panic is still answered; a fatal error is not).
const supported = false

func closeOnExec(int) {}
