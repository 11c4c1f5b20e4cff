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

// Unknown is the version of a build that carries none: no -ldflags
// stamp, no module version, no VCS revision (a build with
// -buildvcs=false from a tree without tags). It is a semantic version
// that sorts before every release, never "dev", which clients and
// registries read as a real version name.
const Unknown = "0.0.0-unknown"

// Version is the version of the running build, first found of:
//   - stamped, the version a release build was given with
//     -ldflags "-X main.version=v1.2.3" (the Dockerfile stamps the
//     git describe of its context), unless empty or "dev";
//   - the module's version as go install and go build record it (a tag,
//     or a pseudo-version from the VCS);
//   - the VCS revision the go command stamped, as 0.0.0-REVISION
//     (-dirty when the tree was modified);
//   - Unknown.
func Version(stamped string) string {
	if stamped != "" && stamped != "dev" {
		return stamped
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return Unknown
	}
	return fromBuild(bi)
}

// fromBuild is Version's answer from the module's build information.
func fromBuild(bi *debug.BuildInfo) string {
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev == "" {
		return Unknown
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if modified == "true" {
		rev += "-dirty"
	}
	return "0.0.0-" + rev
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
