package shell

import (
	"path"
	"slices"
	"strings"
	"sync"

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

// buildEntryPoints are the scripts, in the project's own directory, that
// a project carries to start its build, and why each is the build: the
// distribution corpus' rubric (testdata/distribution/README.md,
// "Conventional build and test entry points count as the build") names
// autogen.sh beside ./configure. GNU's build-system conventions: autoconf's
// autogen.sh or bootstrap regenerate ./configure with autoreconf (GNU
// Autoconf manual, "Using autoreconf to Update configure Scripts"; gnulib's
// "bootstrap" script); OpenSSL's ./Configure is its configure
// (openssl/openssl INSTALL.md, "Configuration"). Each writes the build's
// configuration files into the build directory.
var buildEntryPoints = map[string]string{
	"autogen.sh": "the project's autogen.sh: it regenerates ./configure and the build files (autoreconf)",
	"bootstrap":  "the project's bootstrap: it prepares the build (regenerates ./configure or the build directory)",
	"Configure":  "the project's Configure (OpenSSL's configure script): it writes the build's Makefile and configuration",
}

// testRunnerName reports whether name, cleaned and relative, is a test
// runner by its file name at the project's root or in a test directory:
// runtest, runtests, run_tests, run-tests, alone or with a suffix (redis's
// ./runtest-moduleapi, tests/run_tests.sh), or a runner.EXT in a test
// directory (fzf's ruby test/runner.rb). One among the project's other
// scripts (scripts/run-tests.sh, hack/…) is a script of the repository
// like any other: unread, it needs review.
func testRunnerName(name string) bool {
	if path.Dir(name) != "." && !inTestDir(name) {
		return false
	}
	base := path.Base(name)
	stem := strings.TrimSuffix(base, path.Ext(base))
	for _, p := range []string{"runtest", "runtests", "run_tests", "run-tests"} {
		if stem == p || strings.HasPrefix(stem, p+"-") || strings.HasPrefix(stem, p+"_") {
			return true
		}
	}
	return stem == "runner" && inTestDir(name)
}

// testFile reports whether name is a test file of the project in a test
// directory: test_*.py, *_test.py, *_test.rb, *_spec.rb, *.test.js,
// *.spec.ts … under test/, tests/, integration_tests/, spec/ … A file so
// named at the project's root (an agent's own test_fix.py) is not one.
func testFile(name string) bool {
	if !inTestDir(name) {
		return false
	}
	base := path.Base(name)
	ext := path.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	switch ext {
	case ".py", ".rb", ".js", ".mjs", ".cjs", ".ts":
	default:
		return false
	}
	return strings.HasPrefix(stem, "test_") || strings.HasSuffix(stem, "_test") || strings.HasSuffix(stem, "_spec") ||
		strings.HasSuffix(stem, ".test") || strings.HasSuffix(stem, ".spec")
}

// inTestDir reports whether one of name's directories is a test
// directory: test, tests, testing, spec, or a name ending in _test or
// _tests (integration_tests).
func inTestDir(name string) bool {
	dir := path.Dir(name)
	if dir == "." {
		return false
	}
	for d := range strings.SplitSeq(dir, "/") {
		switch {
		case d == "test" || d == "tests" || d == "testing" || d == "spec",
			strings.HasSuffix(d, "_test") || strings.HasSuffix(d, "_tests") || strings.HasSuffix(d, "-tests"):
			return true
		}
	}
	return false
}

// setupBuildCommands are the setup.py commands that only build metadata
// or extensions into the project's build output.
var setupBuildCommands = []string{"egg_info", "build_ext", "build", "build_py", "--version", "--name"}

// knownScript says why the script file, which cmd runs (by a shell, or
// sourced, when sourced is set), is ordinary work without reading it, or
// "" when it is not.
func knownScript(cmd *model.Command, file model.Arg, sourced bool) string {
	if file.Dynamic || file.Value == "" {
		return ""
	}
	name := path.Clean(file.Value)
	if sourced && venvActivate(name) {
		return "a virtual environment's activate script, sourced: it sets PATH, VIRTUAL_ENV and the prompt of the current shell"
	}
	if sourced && toolSetupScript(name) {
		return "a version manager's own shell setup (" + name + "), sourced: it defines the manager's shell functions and PATH"
	}
	if p := programName(cmd.Program); sourced && (p == "source" || p == ".") {
		return "" // sourced, it can change the current shell: only an activate script is known
	}
	if path.IsAbs(name) || strings.HasPrefix(name, "~") || name == ".." || strings.HasPrefix(name, "../") {
		return ""
	}
	if namedToolFile(file) {
		return "a tool's own program (" + name + "), judged by its name: the table namedTools"
	}
	if slices.Contains(projectTestRunners, name) || testRunnerName(name) {
		return "the project's own test runner (" + name + "), run from the project: it runs the project's tests"
	}
	if testFile(name) && cmd.Program != "" && fileInterpreters()[programName(cmd.Program)] {
		return "a test file of the project (" + name + "), in its test directory, run by " + cmd.Program + ": it runs the project's tests"
	}
	if why, ok := buildEntryPoints[name]; ok {
		return why
	}
	if (name == "Makefile" || name == "Makefile.js") && programName(cmd.Program) == "node" && !destructiveTarget(cmd, file) {
		// ShellJS's make (shelljs/make: the project's Makefile.js defines
		// target.NAME functions; node Makefile lint runs one), which eslint
		// and others carry as their build: judged as the project's build,
		// as make TARGET is when its makefile is not read.
		return "the project's ShellJS build file (node Makefile TARGET, shelljs/make): it runs the build target named"
	}
	if name == "artisan" && programName(cmd.Program) == "php" {
		return "Laravel's own console (php artisan), whose commands the rules db.artisan.* judge by name"
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

// toolSetupScript reports whether name, cleaned, is the shell setup a
// version manager installs for its users to source, as eval "$(pyenv
// init -)" is (shellInits): nvm's nvm.sh in its install directory (nvm
// README, "source ~/.nvm/nvm.sh"; the devcontainers' node feature puts it
// in /usr/local/share/nvm), rustup's ~/.cargo/env ("source
// $HOME/.cargo/env", rustup book, "Installation") and SDKMAN!'s
// sdkman-init.sh.
func toolSetupScript(name string) bool {
	dir, base := path.Dir(name), path.Base(name)
	switch base {
	case "nvm.sh":
		return path.Base(dir) == "nvm" || path.Base(dir) == ".nvm"
	case "env":
		return path.Base(dir) == ".cargo"
	case "sdkman-init.sh":
		return path.Base(dir) == "bin" && path.Base(path.Dir(dir)) == ".sdkman"
	}
	return false
}

// destructiveWords name a build target that deletes, resets or publishes
// (make destroy, db-reset, release): such a target of a build file that is
// not read is not ordinary work.
var destructiveWords = []string{"destroy", "drop", "reset", "nuke", "teardown", "wipe", "purge", "delete", "remove", "undeploy",
	"deploy", "publish", "release"}

// destructiveTarget reports whether a word after file in cmd's arguments
// names a destructive target, or is only known at run time.
func destructiveTarget(cmd *model.Command, file model.Arg) bool {
	after := false
	for _, a := range cmd.Args {
		if !after {
			after = a.Value == file.Value && !a.Dynamic
			continue
		}
		if a.Dynamic {
			return true
		}
		v := strings.ToLower(a.Value)
		for _, w := range destructiveWords {
			if strings.Contains(v, w) {
				return true
			}
		}
	}
	return false
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

// A namedTool is where a path may put a program that is then judged by
// its name, as the same program on PATH is, when its file is not read.
type namedTool uint8

const (
	// inToolDir: the project's own directory (./NAME) or a directory of
	// installed tools: bin or Scripts (a virtual environment's, a user's
	// ~/.local/bin, Composer's vendor/bin), tools (PHIVE's ./tools) or
	// exe (a gem's executables, bundle exec exe/rake).
	inToolDir namedTool = iota + 1
	// anyDir: a wrapper a build tool generates into a project, in any
	// directory of it (android/gradlew).
	anyDir
	// inProjectDir: only the project's own directory (./configure).
	inProjectDir
)

// namedTools are the programs a path names that are read by their name
// when their file is not: toolchains installed into a virtual
// environment or a tool directory (.venv/bin/python, ~/.local/bin/uv,
// vendor/bin/phpunit, ./tools/phpstan), the build tools' generated
// wrappers, which run the tool at a pinned version (./gradlew, ./mvnw:
// the rules read their tasks, and publish needs review), and autoconf's
// generated ./configure, which writes the build's Makefiles and
// config.status into the build directory. Any other unread file
// (bin/deploy, ./build.sh) still needs review.
var namedTools = sync.OnceValue(func() map[string]namedTool {
	return map[string]namedTool{
		// Python
		"python": inToolDir, "python3": inToolDir, "pip": inToolDir, "pip3": inToolDir, "pytest": inToolDir, "py.test": inToolDir,
		"uv": inToolDir, "uvx": inToolDir, "micromamba": inToolDir, "mamba": inToolDir, "conda": inToolDir, "poetry": inToolDir,
		"tox": inToolDir, "nox": inToolDir, "ruff": inToolDir, "black": inToolDir, "mypy": inToolDir, "flake8": inToolDir,
		"isort": inToolDir, "pre-commit": inToolDir, "django-admin": inToolDir, "ipython": inToolDir,
		// PHP: Composer installs a package's programs into vendor/bin
		// (getcomposer.org/doc/articles/vendor-binaries.md), PHIVE into ./tools.
		"phpunit": inToolDir, "phpstan": inToolDir, "phpcs": inToolDir, "phpcbf": inToolDir, "php-cs-fixer": inToolDir,
		"psalm": inToolDir, "php-coveralls": inToolDir, "composer": inToolDir, "rector": inToolDir, "pest": inToolDir,
		"paratest": inToolDir, "pint": inToolDir,
		// Ruby: a gem's executables (bundle exec exe/rake, railties/exe/rails)
		"rake": inToolDir, "rails": inToolDir, "rspec": inToolDir, "rubocop": inToolDir, "bundle": inToolDir,
		// build tools
		"gradlew": anyDir, "mvnw": anyDir,
		"configure": inProjectDir,
	}
})

// toolDirs are the directory names that hold installed tools (inToolDir).
var toolDirs = []string{"bin", "Scripts", "tools", "exe"}

// namedToolFile reports whether file names one of namedTools (python3.11
// is python3) where the table lets it be.
func namedToolFile(file model.Arg) bool {
	if file.Dynamic {
		return false
	}
	name := path.Clean(file.Value)
	base := windowsLauncher(path.Base(name))
	if rest, ok := strings.CutPrefix(base, "python3."); ok && rest != "" && strings.Trim(rest, "0123456789") == "" {
		base = "python3"
	}
	dir := path.Dir(name)
	switch namedTools()[base] {
	case anyDir:
		return true
	case inProjectDir:
		return dir == "."
	case inToolDir:
		return dir == "." || slices.Contains(toolDirs, path.Base(dir))
	}
	return false
}

// windowsLauncher returns base without the extension of a Windows
// launcher that runs the tool of that name: Composer installs
// vendor/bin/phpunit.bat beside vendor/bin/phpunit
// (getcomposer.org/doc/articles/vendor-binaries.md), pip and npm put
// NAME.exe and NAME.cmd in Scripts and bin.
func windowsLauncher(base string) string {
	for _, ext := range []string{".bat", ".cmd", ".exe"} {
		if stem, ok := strings.CutSuffix(base, ext); ok && stem != "" {
			return stem
		}
	}
	return base
}
