// Package buildinfo says which build of Recourse is running, for the
// binaries' --version and the labels of what they ship, and where its
// sibling binaries are.
package buildinfo

import (
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
)

// Version is stamped, the version a release build was given with
// -ldflags "-X main.version=v1.2.3", when set; otherwise the module's
// version as go install records it; otherwise "dev".
func Version(stamped string) string {
	if stamped != "" {
		return stamped
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}

// Self is the running executable's path, symbolic links resolved: where
// the binaries a release installs together are.
func Self() (string, error) {
	self, err := os.Executable()
	if err != nil {
		return "", err
	}
	if resolved, err := filepath.EvalSymlinks(self); err == nil {
		self = resolved
	}
	return self, nil
}

// Sibling is the executable named name (recourse, recourse-hook) beside
// the running one, as the release archives, the container image and go
// install ./cmd/... put them, and whether there is one.
func Sibling(name string) (string, bool) {
	self, err := Self()
	if err != nil {
		return "", false
	}
	p := filepath.Join(filepath.Dir(self), name+filepath.Ext(self))
	fi, err := os.Stat(p)
	if err != nil || !fi.Mode().IsRegular() || runtime.GOOS != "windows" && fi.Mode()&0o111 == 0 {
		return "", false
	}
	return p, true
}
