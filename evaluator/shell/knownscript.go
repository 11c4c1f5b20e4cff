package shell

import (
	"path"
	"slices"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// A few scripts are known by where they are and how they are run, so that
// a line running one is ordinary work even when its content is not read
// (observation off, as in recourse eval shell without --observe, or the
// file not found): a virtual environment's activate script, sourced, only
// sets PATH, VIRTUAL_ENV and the prompt of the current shell; a
// repository's own test runner (tests/runtests.py, sympy's bin/test) or
// setup.py asked to build metadata or extensions, run from the project by
// an interpreter, runs the project's code on its own test data and writes
// only regenerable output. Such a command is judged by its program's own
// rows (python FILE, source FILE: recoverable with effort) without the
// needs-review mutation an unseen script gets. A file the line itself
// wrote is never known this way: it is judged by what the line wrote, or
// as unseen. When the observer reads the file, its content decides.

// projectTestRunners are the relative paths, from the project's root, of
// test runners repositories carry and agents run (Django's
// tests/runtests.py, sympy's bin/test, pytest wrappers).
var projectTestRunners = []string{
	"tests/runtests.py", "tests/run_tests.py", "test/runtests.py", "runtests.py", "run_tests.py",
	"bin/test", "bin/runtests", "tests/runtests", "runtests",
}

// setupBuildCommands are the setup.py commands that only build metadata
// or extensions into the project's build output.
var setupBuildCommands = []string{"egg_info", "build_ext", "build", "build_py", "--version", "--name"}

// knownScript says why the script file, which cmd runs (sourced when
// sourced), is ordinary work without reading it, or "" when it is not.
func knownScript(cmd *model.Command, file model.Arg, sourced bool) string {
	if file.Dynamic || file.Value == "" {
		return ""
	}
	name := path.Clean(file.Value)
	if sourced {
		if venvActivate(name) {
			return "a virtual environment's activate script, sourced: it sets PATH, VIRTUAL_ENV and the prompt of the current shell"
		}
		return ""
	}
	if path.IsAbs(name) || strings.HasPrefix(name, "~") || name == ".." || strings.HasPrefix(name, "../") {
		return ""
	}
	if slices.Contains(projectTestRunners, name) {
		return "the project's own test runner (" + name + "), run from the project: it runs the project's tests"
	}
	if name == "setup.py" {
		if next, ok := argAfter(cmd, file); ok && slices.Contains(setupBuildCommands, next) {
			return "the project's setup.py " + next + ": it builds metadata or extensions into the project's build output"
		}
	}
	return ""
}

// venvActivate reports whether name, cleaned, is a virtual environment's
// activate script (VENV/bin/activate, its .fish or .csh forms) or conda's
// activate, found on PATH (source activate ENV).
func venvActivate(name string) bool {
	base := path.Base(name)
	if base != "activate" && base != "activate.fish" && base != "activate.csh" {
		return false
	}
	return name == "activate" || path.Base(path.Dir(name)) == "bin" || path.Base(path.Dir(name)) == "Scripts"
}

// argAfter returns the value of the argument that follows file in cmd's
// arguments.
func argAfter(cmd *model.Command, file model.Arg) (string, bool) {
	for i, a := range cmd.Args {
		if a.Value == file.Value && i+1 < len(cmd.Args) && !cmd.Args[i+1].Dynamic {
			return cmd.Args[i+1].Value, true
		}
	}
	return "", false
}
