// Package action holds the tests of the GitHub Action's scripts
// (action.yml at the repository's root runs install, then evaluate).
package action

import (
	"archive/tar"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

const version = "v9.9.9"

// release is a fake release directory, laid out as GitHub serves one
// (BASE/TAG/ARCHIVE), holding a real recourse binary.
type release struct {
	base    string // file:// URL of the directory above the tag
	archive string // path of the archive
	sums    string // path of checksums.txt
}

// newRelease builds recourse and packs it as goreleaser does
// (.goreleaser.yaml: recourse_VERSION_OS_ARCH.tar.gz and checksums.txt).
func newRelease(t *testing.T) release {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("the action's install script is tested on Linux runners")
	}
	for _, tool := range []string{"bash", "curl", "tar", "sha256sum", "awk"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed: the install script needs it", tool)
		}
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "recourse")
	build := exec.Command("go", "build", "-o", bin, "../../cmd/recourse")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	tagDir := filepath.Join(dir, "releases", version)
	if err := os.MkdirAll(tagDir, 0o755); err != nil {
		t.Fatal(err)
	}
	name := fmt.Sprintf("recourse_%s_linux_%s.tar.gz", strings.TrimPrefix(version, "v"), runtime.GOARCH)
	r := release{
		base:    "file://" + filepath.Join(dir, "releases"),
		archive: filepath.Join(tagDir, name),
		sums:    filepath.Join(tagDir, "checksums.txt"),
	}
	writeArchive(t, r.archive, map[string]string{"recourse": bin, "LICENSE": "../../LICENSE"})
	writeFile(t, r.sums, fmt.Sprintf("%s  %s\n%s  recourse_%s_darwin_arm64.tar.gz\n",
		sha256File(t, r.archive), name, strings.Repeat("0", 64), strings.TrimPrefix(version, "v")))
	return r
}

func writeArchive(t *testing.T, path string, files map[string]string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	gz := gzip.NewWriter(f)
	tw := tar.NewWriter(gz)
	for name, src := range files {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o755, Size: int64(len(data))}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write(data); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []interface{ Close() error }{tw, gz, f} {
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o755); err != nil {
		t.Fatal(err)
	}
}

func sha256File(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// runner is one job's environment: a runner temp, a cache directory that
// outlives runs, and a PATH whose go is a trap that records being called.
type runner struct {
	temp, cache, goCalled, githubPath string
	path                              string
}

func newRunner(t *testing.T) runner {
	t.Helper()
	dir := t.TempDir()
	r := runner{
		temp:       filepath.Join(dir, "temp"),
		cache:      filepath.Join(dir, "cache"),
		goCalled:   filepath.Join(dir, "go-called"),
		githubPath: filepath.Join(dir, "github-path"),
	}
	shims := filepath.Join(dir, "shims")
	for _, d := range []string{r.temp, r.cache, shims} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, filepath.Join(shims, "go"), "#!/bin/sh\ntouch '"+r.goCalled+"'\nexit 1\n")
	r.path = shims + ":/usr/bin:/bin"
	return r
}

// install runs scripts/action/install as the action's step does.
func (r runner) install(t *testing.T, rel release, env ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("bash", "install")
	cmd.Env = append([]string{
		"PATH=" + r.path,
		"HOME=" + r.temp,
		"RUNNER_TEMP=" + r.temp,
		"RUNNER_OS=Linux",
		"RUNNER_ARCH=" + map[string]string{"amd64": "X64", "arm64": "ARM64"}[runtime.GOARCH],
		"RECOURSE_CACHE=" + r.cache,
		"RECOURSE_RELEASES=" + rel.base,
		"GITHUB_PATH=" + r.githubPath,
		"ACTION_PATH=../..",
	}, env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func (r runner) installed() string { return filepath.Join(r.temp, "recourse-bin", "recourse") }

// TestInstallFromRelease installs from the release archive, pinned by
// the input or by the tag the action is used at, never calling go, and
// then runs the action's evaluate step with what it installed.
func TestInstallFromRelease(t *testing.T) {
	rel := newRelease(t)
	for _, tc := range []struct{ name, version, ref string }{
		{"version input", version, "main"},
		{"action pinned at the tag", "", version},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRunner(t)
			out, err := r.install(t, rel, "RECOURSE_VERSION="+tc.version, "ACTION_REF="+tc.ref)
			if err != nil {
				t.Fatalf("install: %v\n%s", err, out)
			}
			if _, err := os.Stat(r.goCalled); err == nil {
				t.Fatalf("install called go:\n%s", out)
			}
			if _, err := os.Stat(r.installed()); err != nil {
				t.Fatalf("no recourse installed: %v\n%s", err, out)
			}
			if !strings.Contains(out, "recourse") {
				t.Errorf("install did not print the installed version:\n%s", out)
			}
			path, _ := os.ReadFile(r.githubPath)
			if strings.TrimSpace(string(path)) != filepath.Dir(r.installed()) {
				t.Errorf("GITHUB_PATH has %q, want the install directory", path)
			}
			evaluate(t, r)
		})
	}
}

// evaluate runs the action's evaluate step with the installed binary on a
// plan that deletes a database without a final snapshot.
func evaluate(t *testing.T, r runner) {
	t.Helper()
	outputs := filepath.Join(r.temp, "outputs")
	cmd := exec.Command("bash", "evaluate")
	plan, err := filepath.Abs("../../testdata/plans/rds-delete-no-snapshot.json")
	if err != nil {
		t.Fatal(err)
	}
	cmd.Env = []string{
		"PATH=" + filepath.Dir(r.installed()) + ":" + r.path,
		"RUNNER_TEMP=" + r.temp,
		"GITHUB_OUTPUT=" + outputs,
		"INPUT_PLAN=" + plan,
		"INPUT_FAIL_ON=escalate",
		"INPUT_CATEGORY=test",
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("evaluate: %v\n%s", err, out)
	}
	got, err := os.ReadFile(outputs)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"decision=block", "exit-code=4", "sarif-file="} {
		if !strings.Contains(string(got), want) {
			t.Errorf("outputs lack %q:\n%s", want, got)
		}
	}
}

// TestInstallRefuses holds the installer to failing closed: a tampered
// archive (fresh or cached), a release that does not list the archive, and
// a version that is not a tag install nothing.
func TestInstallRefuses(t *testing.T) {
	rel := newRelease(t)
	good, err := os.ReadFile(rel.archive)
	if err != nil {
		t.Fatal(err)
	}
	sums, err := os.ReadFile(rel.sums)
	if err != nil {
		t.Fatal(err)
	}
	restore := func() {
		writeFile(t, rel.archive, string(good))
		writeFile(t, rel.sums, string(sums))
	}
	tests := []struct {
		name  string
		setup func(r runner)
		env   []string
		want  string
	}{
		{"tampered archive", func(runner) {
			writeFile(t, rel.archive, string(good)+"x")
		}, []string{"RECOURSE_VERSION=" + version}, "does not match"},
		{"tampered cached archive", func(r runner) {
			if out, err := r.install(t, rel, "RECOURSE_VERSION="+version); err != nil {
				t.Fatalf("first install: %v\n%s", err, out)
			}
			if err := os.RemoveAll(filepath.Dir(r.installed())); err != nil {
				t.Fatal(err)
			}
			cached := filepath.Join(r.cache, version, filepath.Base(rel.archive))
			writeFile(t, cached, string(good)+"x")
		}, []string{"RECOURSE_VERSION=" + version}, "does not match"},
		{"archive not listed", func(runner) {
			writeFile(t, rel.sums, strings.Repeat("0", 64)+"  other.tar.gz\n")
		}, []string{"RECOURSE_VERSION=" + version}, "lists"},
		{"listed twice", func(runner) {
			writeFile(t, rel.sums, string(sums)+string(sums))
		}, []string{"RECOURSE_VERSION=" + version}, "2 times"},
		{"not a tag", func(runner) {}, []string{"RECOURSE_VERSION=main"}, "not a release tag"},
		{"source without go", func(runner) {}, []string{"RECOURSE_VERSION=source"}, "does not have"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			defer restore()
			r := newRunner(t)
			if tc.name == "source without go" {
				r.path = "/usr/bin:/bin"
				if _, err := exec.LookPath("/usr/bin/go"); err == nil {
					t.Skip("go is in /usr/bin here")
				}
			}
			tc.setup(r)
			out, err := r.install(t, rel, tc.env...)
			if err == nil {
				t.Fatalf("install succeeded:\n%s", out)
			}
			if !strings.Contains(out, tc.want) || !strings.Contains(out, "::error") {
				t.Errorf("install said:\n%s\nwant an ::error with %q", out, tc.want)
			}
			if _, err := os.Stat(r.installed()); err == nil {
				t.Errorf("recourse was installed")
			}
		})
	}
}
