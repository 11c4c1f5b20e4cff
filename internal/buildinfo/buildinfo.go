// Package buildinfo says which build of Recourse is running, for the
// binaries' --version and the labels of what they ship.
package buildinfo

import "runtime/debug"

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
