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

// shellInits are the commands whose output is a tool's own shell setup
// (functions, PATH and completion for the current shell), which eval
// "$(CMD)" runs: pyenv init -, conda shell.bash hook, ssh-agent -s. Each
// is the program and the words it starts with; further words may follow.
var shellInits = [][]string{
	{"pyenv", "init"}, {"pyenv", "virtualenv-init"}, {"rbenv", "init"}, {"nodenv", "init"}, {"goenv", "init"}, {"jenv", "init"},
	{"conda", "shell.bash", "hook"}, {"conda", "shell.zsh", "hook"}, {"micromamba", "shell", "hook"}, {"mamba", "shell", "hook"},
	{"direnv", "hook"}, {"ssh-agent"}, {"brew", "shellenv"}, {"fnm", "env"}, {"zoxide", "init"}, {"starship", "init"},
	{"mise", "activate"}, {"rtx", "activate"}, {"opam", "env"}, {"luarocks", "path"}, {"dircolors"},
}

// shellInitSubst reports whether arg, eval's only argument, is "$(CMD)"
// with CMD one of shellInits, all its words literal.
func shellInitSubst(cmd *model.Command, arg model.Arg) bool {
	if cmd.Sources == nil || arg.Value != "$(...)" {
		return false
	}
	for _, s := range cmd.Sources.Substituted {
		if s.In != arg.Value || len(s.Commands) != 1 {
			continue
		}
		words := s.Commands[0]
		for _, init := range shellInits {
			if len(words) >= len(init) && matchWords(words, init) {
				return true
			}
		}
	}
	return false
}

// matchWords reports whether words start with want, literally, the first
// by its program name.
func matchWords(words []model.Arg, want []string) bool {
	for i, w := range want {
		if words[i].Dynamic || i == 0 && programName(words[i].Value) != w || i > 0 && words[i].Value != w {
			return false
		}
	}
	for _, a := range words[len(want):] {
		if a.Dynamic {
			return false
		}
	}
	return true
}

// toolPrograms are the toolchain programs that live in a virtual
// environment's or a user's own bin directory (.venv/bin/python,
// ~/.local/bin/uv, /code/bin/micromamba): named by such a path, each is
// judged by its name, as the same program on PATH is, when its file is
// not read.
var toolPrograms = []string{"python", "python3", "pip", "pip3", "pytest", "py.test", "uv", "uvx", "micromamba", "mamba", "conda",
	"poetry", "tox", "nox", "ruff", "black", "mypy", "flake8", "isort", "pre-commit", "django-admin", "ipython"}

// toolOnPath reports whether file names one of toolPrograms (python3.11
// is python3) in a directory named bin or Scripts.
func toolOnPath(file model.Arg) bool {
	if file.Dynamic {
		return false
	}
	name := path.Clean(file.Value)
	if d := path.Base(path.Dir(name)); d != "bin" && d != "Scripts" {
		return false
	}
	base := path.Base(name)
	if rest, ok := strings.CutPrefix(base, "python3."); ok && rest != "" && strings.Trim(rest, "0123456789") == "" {
		base = "python3"
	}
	return slices.Contains(toolPrograms, base)
}
