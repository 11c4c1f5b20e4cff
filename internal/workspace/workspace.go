// Package workspace reads what a working directory shows about itself for
// the rules (model.Workspace): its .gitignore's patterns and the build
// files beside them. The command line and the hooks read it for the
// directory a line runs in; the evaluator never touches the disk.
package workspace

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// buildFiles are the files that rebuild a project's output.
var buildFiles = []string{"Makefile", "GNUmakefile", "makefile", "package.json", "build.gradle", "build.gradle.kts", "pom.xml",
	"Cargo.toml", "go.mod", "CMakeLists.txt", "meson.build", "setup.py", "pyproject.toml", "build.sbt", "mix.exs", "Gemfile",
	"composer.json", "build.zig", "BUILD.bazel", "WORKSPACE", "justfile", "Taskfile.yml", "deno.json"}

// maxIgnoreBytes bounds the .gitignore read.
const maxIgnoreBytes = 64 << 10

// Read returns what dir shows about itself, or nil when dir is empty,
// relative, or not a directory.
func Read(dir string) *model.Workspace {
	if dir == "" || !filepath.IsAbs(dir) {
		return nil
	}
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return nil
	}
	ws := &model.Workspace{Dir: dir}
	for _, name := range buildFiles {
		if info, err := os.Stat(filepath.Join(dir, name)); err == nil && info.Mode().IsRegular() {
			ws.BuildFiles = append(ws.BuildFiles, name)
		}
	}
	if f, err := os.Open(filepath.Join(dir, ".gitignore")); err == nil {
		sc := bufio.NewScanner(io.LimitReader(f, maxIgnoreBytes))
		for sc.Scan() {
			if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
				ws.Ignored = append(ws.Ignored, line)
			}
		}
		f.Close()
	}
	return ws
}
