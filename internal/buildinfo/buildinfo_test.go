package buildinfo

import (
	"runtime/debug"
	"testing"
)

// TestVersionIsNeverDev: whatever a build carries, its version is a
// version, and a stamp of "dev" (the Dockerfile's old default) is not one.
func TestVersionIsNeverDev(t *testing.T) {
	for _, c := range []struct {
		name, stamped string
		want          string
	}{
		{"stamped", "v1.2.3", "v1.2.3"},
		{"git describe", "927cba9-dirty", "927cba9-dirty"},
	} {
		if got := Version(c.stamped); got != c.want {
			t.Errorf("%s: Version(%q) = %q, want %q", c.name, c.stamped, got, c.want)
		}
	}
	for _, stamped := range []string{"", "dev"} {
		if got := Version(stamped); got == "" || got == "dev" || got == "(devel)" {
			t.Errorf("Version(%q) = %q", stamped, got)
		}
	}
	rev := []debug.BuildSetting{{Key: "vcs.revision", Value: "927cba9e0b1f2c3d4e5f60718293a4b5c6d7e8f9"}}
	for _, c := range []struct {
		name string
		bi   debug.BuildInfo
		want string
	}{
		{"a tag", debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}}, "v1.4.0"},
		{"a pseudo-version", debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261129065641-927cba9e0b1f"}}, "v0.0.0-20261129065641-927cba9e0b1f"},
		{"a revision", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: rev}, "0.0.0-927cba9e0b1f"},
		{"a modified tree", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: append(rev, debug.BuildSetting{Key: "vcs.modified", Value: "true"})}, "0.0.0-927cba9e0b1f-dirty"},
		{"nothing", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, Unknown},
	} {
		if got := fromBuild(&c.bi); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
