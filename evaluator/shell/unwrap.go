package shell

import (
	"maps"
	"path"
	"slices"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"

	"github.com/recourse-dev/recourse/model"
)

// wrapper describes a program that runs another command given as its
// arguments. The table is data: supporting a new wrapper is adding a row.
type wrapper struct {
	// valueFlags take a value in the next argument (unless written
	// --flag=value or, for a short flag, -nVALUE).
	valueFlags []string
	// positionals are operands the wrapper takes itself before the
	// command: timeout's duration, chroot's new root, flock's lock file.
	positionals int
	// positionalFlags name by flag what the positionals would: with one,
	// the command follows the flags directly (runuser -u app CMD, where
	// runuser app -c CMD names the user as an operand).
	positionalFlags []string
	// assignments: NAME=value operands before the command set its
	// environment (env).
	assignments bool
	// lookupFlags make the wrapper look the command up instead of running
	// it (command -v): the command is then not run at all.
	lookupFlags []string
	// ownFlags make the wrapper act on its own instead of running a
	// command (wsl --unregister DISTRO): it is then judged as itself.
	ownFlags []string
	// more: the command receives extra operands at run time (xargs).
	more bool
	// chdir is the flag that sets the command's working directory.
	chdir string
	// lineFlags take a whole command line as their value (npx -c 'CMD',
	// env -S 'CMD ARGS', su -c 'CMD'); it is parsed like a script.
	lineFlags []string
	// lineArgs appends the operands after the line flag to the command
	// line (env -S 'rm -rf' / runs rm -rf /); otherwise they are the
	// wrapper's own (su -c 'CMD' root).
	lineArgs bool
	// lineAnywhere finds the line flag after operands too (su root -c CMD).
	lineAnywhere bool
	// shellFlags make the wrapper start a shell when no command follows
	// (sudo -s, sudo -i); with shellAlways it does whenever none follows
	// (su). The shell reads its script from a here-document or a pipe.
	shellFlags  []string
	shellAlways bool
	// lineOperand: the operand after the positionals is a command line
	// for the shell even without the line flag (sg GROUP 'CMD').
	lineOperand bool
	// everyFlags, given to a program before its runner subcommand, mean
	// the subcommand takes none of its positionals (ip -all netns exec
	// CMD runs CMD in every namespace, naming none).
	everyFlags []string
}

// startsShell reports whether the wrapper, given args and no command,
// starts a shell.
func (spec wrapper) startsShell(args []model.Arg) bool {
	if spec.shellAlways {
		return true
	}
	for _, a := range args {
		if slices.Contains(spec.shellFlags, a.Value) || len(spec.shellFlags) > 0 && clusterHas(a.Value, spec.shellFlags) {
			return true
		}
	}
	return false
}

// clusterEndsIn reports whether v is a cluster of short flags whose last
// is one of the single-letter flags, which then takes the next argument
// as its value (script -qc CMD, su -lc CMD).
func clusterEndsIn(v string, flags []string) bool {
	if len(v) < 3 || v[0] != '-' || v[1] == '-' || strings.Contains(v, "=") {
		return false
	}
	for _, f := range flags {
		if len(f) == 2 && f[0] == '-' && v[len(v)-1] == f[1] {
			return true
		}
	}
	return false
}

// clusterHas reports whether v is a cluster of short flags (-Es) that
// holds one of the single-letter flags.
func clusterHas(v string, flags []string) bool {
	if len(v) < 3 || v[0] != '-' || v[1] == '-' {
		return false
	}
	for _, f := range flags {
		if len(f) == 2 && strings.ContainsRune(v[1:], rune(f[1])) {
			return true
		}
	}
	return false
}

var wrappers = sync.OnceValue(func() map[string]wrapper {
	return map[string]wrapper{
		// sudo takes VAR=value operands before the command, as env does.
		"sudo": {valueFlags: []string{"-u", "--user", "-g", "--group", "-h", "--host", "-p", "--prompt", "-C", "--close-from",
			"-D", "--chdir", "-R", "--chroot", "-T", "--command-timeout", "-U", "--other-user", "-r", "--role", "-t", "--type"}, chdir: "-D",
			shellFlags: []string{"-s", "--shell", "-i", "--login"}, assignments: true,
			// sudo -k CMD still runs CMD; -l CMD only lists whether it may.
			ownFlags: []string{"-l", "--list", "-K", "--remove-timestamp", "-v", "--validate", "-V", "--version", "-e", "--edit"}},
		"doas":   {valueFlags: []string{"-u", "-C"}, shellFlags: []string{"-s"}},
		"run0":   {valueFlags: []string{"-u", "--user", "-g", "--group", "-D", "--chdir"}, chdir: "-D"},
		"pkexec": {valueFlags: []string{"--user"}},
		"env":    {valueFlags: []string{"-u", "--unset", "-C", "--chdir"}, assignments: true, chdir: "-C", lineFlags: []string{"-S", "--split-string"}, lineArgs: true},
		// cmd.exe runs the command line after /c or /k.
		"cmd": {lineFlags: []string{"/c", "/C", "/k", "/K"}, lineArgs: true},
		// su, runuser and script run -c's command line through a shell.
		"su":      {valueFlags: []string{"-s", "--shell", "-g", "--group", "-G", "--supp-group", "-w", "--whitelist-environment"}, positionals: 1, lineFlags: []string{"-c", "--command"}, lineAnywhere: true, shellAlways: true},
		"runuser": {valueFlags: []string{"-s", "--shell", "-g", "--group", "-G", "--supp-group", "-u", "--user", "-w", "--whitelist-environment"}, positionals: 1, positionalFlags: []string{"-u", "--user"}, lineFlags: []string{"-c", "--command"}, lineAnywhere: true, shellAlways: true},
		"script":  {valueFlags: []string{"-I", "--log-in", "-O", "--log-out", "-B", "--log-io", "-T", "--log-timing", "-m", "--logging-format", "-E", "--echo"}, positionals: 1, lineFlags: []string{"-c", "--command"}, lineAnywhere: true, shellAlways: true},
		"command": {lookupFlags: []string{"-v", "-V"}},
		"builtin": {},
		"exec":    {valueFlags: []string{"-a"}},
		"nice":    {valueFlags: []string{"-n", "--adjustment"}},
		"nohup":   {},
		"time":    {valueFlags: []string{"-f", "--format", "-o", "--output"}},
		"timeout": {valueFlags: []string{"-s", "--signal", "-k", "--kill-after"}, positionals: 1},
		"stdbuf":  {valueFlags: []string{"-i", "-o", "-e", "--input", "--output", "--error"}},
		"ionice":  {valueFlags: []string{"-c", "--class", "-n", "--classdata", "-p", "--pid", "-P", "--pgid", "-u", "--uid"}},
		"chroot":  {valueFlags: []string{"--userspec", "--groups"}, positionals: 1},
		"sg":      {positionals: 1, lineFlags: []string{"-c"}, lineAnywhere: true, lineOperand: true},
		// newgrp starts a shell in the group, which reads stdin.
		"newgrp": {positionals: 1, shellAlways: true},
		// wsl runs a command in a Linux distribution (-e/--exec without a shell).
		"wsl": {valueFlags: []string{"-d", "--distribution", "-u", "--user", "--cd", "--shell-type"},
			ownFlags: []string{"--unregister", "--install", "--uninstall", "--shutdown", "--terminate", "-t", "--set-default", "-s", "--set-version",
				"--set-default-version", "--export", "--import", "--import-in-place", "--list", "-l", "--status", "--update", "--mount", "--unmount",
				"--manage", "--version", "-v", "--help"}},
		"flock":  {valueFlags: []string{"-w", "--timeout", "-E", "--conflict-exit-code"}, positionals: 1, lineFlags: []string{"-c", "--command"}, lineAnywhere: true, shellAlways: true},
		"setsid": {},
		// sshpass supplies ssh's password and runs the command after its options.
		"sshpass":  {valueFlags: []string{"-p", "-f", "-d", "-P"}},
		"unbuffer": {},
		"busybox":  {},
		// Package runners run a package's binary, fetching it first if need
		// be: npx rimraf / runs rimraf.
		"npx": {valueFlags: []string{"-p", "--package", "-w", "--workspace", "--cache", "--userconfig", "--registry", "--prefix",
			"--globalconfig", "--loglevel", "--script-shell", "--location"}, lineFlags: []string{"-c", "--call"}, lineArgs: true},
		"pnpx": {valueFlags: []string{"-p", "--package"}, lineFlags: []string{"-c"}, lineArgs: true},
		"bunx": {valueFlags: []string{"-p", "--package"}},
		// uvx (uv tool run) runs a Python package's command, fetching it first.
		"uvx": {valueFlags: []string{"--from", "--with", "--with-editable", "--with-requirements", "-p", "--python", "--index", "--default-index",
			"-i", "--index-url", "-f", "--find-links", "--config-file", "--cache-dir", "--directory", "--env-file"}},
		"xargs": {valueFlags: []string{"-I", "-L", "-n", "-P", "-s", "-d", "-E", "-a", "-J", "-R", "--arg-file", "--delimiter", "--max-args",
			"--max-procs", "--max-lines", "--eof", "--max-chars", "--process-slot-var"}, more: true},
	}
})

// runnerSubcommands are package-manager and environment-manager
// subcommands that run a package's binary like npx (npm exec rimraf /,
// pnpm dlx rimraf /) or any command in the project's environment (bundle
// exec rake db:drop, poetry run, uv run, conda run -n ENV).
var runnerSubcommands = sync.OnceValue(func() map[string][]string {
	return map[string][]string{"npm": {"exec", "x"}, "pnpm": {"dlx", "exec"}, "yarn": {"dlx", "exec"}, "bun": {"x"},
		"bundle": {"exec"}, "poetry": {"run"}, "uv": {"run", "tool run"}, "pipenv": {"run"}, "pdm": {"run"}, "hatch": {"run"}, "rye": {"run"},
		"pipx": {"run"}, "conda": {"run"}, "mamba": {"run"}, "micromamba": {"run"},
		// Secret and environment managers run a local command with the
		// environment they load: doppler run -- CMD, op run -- CMD,
		// aws-vault exec PROFILE -- CMD.
		"doppler": {"run"}, "op": {"run"}, "infisical": {"run"}, "aws-vault": {"exec"}, "railway": {"run"}, "toolbox": {"run"},
		"devbox": {"run"}, "mise": {"exec", "x"}, "rtx": {"exec", "x"}, "asdf": {"exec"}, "direnv": {"exec"},
		// iproute2 runs a command in a network namespace or VRF: ip netns exec
		// NAME CMD (ip -all netns exec CMD in every one).
		"ip": {"netns exec", "vrf exec"}}
})

// runnerSpecs are the options of the runner subcommands whose options
// are not npx's: those that take a value must be skipped to find the
// command.
var runnerSpecs = sync.OnceValue(func() map[string]wrapper {
	return map[string]wrapper{
		"uv": {valueFlags: []string{"--with", "--with-editable", "--with-requirements", "-p", "--python", "--project", "--directory",
			"--env-file", "--extra", "--group", "--package", "--index", "--default-index", "-i", "--index-url", "-f", "--find-links",
			"--config-file", "--cache-dir"}},
		"poetry":     {valueFlags: []string{"-C", "--directory", "-P", "--project"}},
		"pdm":        {valueFlags: []string{"-p", "--project"}},
		"pipx":       {valueFlags: []string{"--spec", "--python", "--pip-args", "--index-url"}},
		"conda":      {valueFlags: []string{"-n", "--name", "-p", "--prefix", "--cwd"}},
		"mamba":      {valueFlags: []string{"-n", "--name", "-p", "--prefix", "--cwd"}},
		"micromamba": {valueFlags: []string{"-n", "--name", "-p", "--prefix", "--cwd"}},
		"doppler":    {valueFlags: []string{"-p", "--project", "-c", "--config", "--token", "--command", "--mount"}, lineFlags: []string{"--command"}},
		"op":         {valueFlags: []string{"--env-file", "--account", "--config"}},
		"infisical":  {valueFlags: []string{"--env", "--path", "--projectId", "--token", "--command"}, lineFlags: []string{"--command"}},
		"aws-vault":  {valueFlags: []string{"-d", "--duration", "-t", "--mfa-token", "-r", "--region"}, positionals: 1},
		"railway":    {valueFlags: []string{"-s", "--service", "-e", "--environment"}},
		"toolbox":    {valueFlags: []string{"-c", "--container", "-d", "--distro", "-r", "--release"}},
		"devbox":     {valueFlags: []string{"-c", "--config", "-e", "--env", "--env-file"}},
		"direnv":     {positionals: 1},
		"ip":         {positionals: 1, everyFlags: []string{"-all", "-a"}},
	}
})

// runnerSpec is how the runner subcommand of prog reads its options.
func runnerSpec(prog string) wrapper {
	if spec, ok := runnerSpecs()[prog]; ok {
		return spec
	}
	return wrappers()["npx"]
}

// interpreterValueFlags are interpreter options that take the next
// argument as their value, which is not the program file (python -W
// ignore -c CODE).
var interpreterValueFlags = map[string][]string{
	"python": python2ValueFlags, "python2": python2ValueFlags, "python3": pythonValueFlags, "pypy": pythonValueFlags, "pypy3": pythonValueFlags,
	"node": nodeValueFlags, "nodejs": nodeValueFlags,
	"ruby": {"-I", "-r", "-C", "-E", "-F"}, "php": {"-d", "-c", "-z"},
}

var (
	pythonValueFlags  = []string{"-W", "-X"}
	python2ValueFlags = []string{"-W", "-X", "-Q"} // -Q (division) was Python 2's
	nodeValueFlags    = []string{"-r", "--require", "--import", "--loader", "--experimental-loader", "-C", "--conditions", "--input-type", "--env-file"}
)

// shells run a script given with -c, a script file, or their stdin.
var shells = map[string]bool{"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "ash": true, "mksh": true, "fish": true, "busybox sh": true}

// interpreters run inline source given after one of their flags.
var interpreters = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"python": {"-c"}, "python2": {"-c"}, "python3": {"-c"}, "pypy": {"-c"}, "pypy3": {"-c"},
		"node": {"-e", "--eval", "-p", "--print"}, "nodejs": {"-e", "--eval", "-p", "--print"}, "bun": {"-e", "--eval"}, "deno": {"eval"},
		"perl": {"-e", "-E"}, "ruby": {"-e"}, "php": {"-r"}, "lua": {"-e"}, "osascript": {"-e"}, "pwsh": {"-c", "-Command"}, "powershell": {"-c", "-Command"},
		"tclsh": {}, "wish": {}, "expect": {"-c"}, "rscript": {"-e"},
	}
})

// unwrap peels wrappers off argv and analyses the command it reaches.
func (w *walker) unwrap(cmd *model.Command, argv []model.Arg, heredoc *string, fr frame) {
	var prog string
	info := &noProgram
	for len(argv) > 0 {
		named := false // a workflow's or makefile's name, not a glob
		if name := w.workflowProgram(argv[0], len(argv) > 1); argv[0].Dynamic && name != "" {
			argv, named = append([]model.Arg{{Value: name}}, argv[1:]...), true
		}
		if argv[0].Dynamic || !named && isPattern(argv[0].Value) {
			cmd.Args = argv
			cmd.Problem = "the program name " + argv[0].Value + " is only known at run time"
			w.emit(cmd)
			return
		}
		prog = programName(argv[0].Value)
		if prog == "busybox" && len(argv) > 1 {
			argv = argv[1:]
			cmd.Wrappers = append(cmd.Wrappers, "busybox")
			continue
		}
		info = programs()[prog]
		if info == nil {
			info = &noProgram
		}
		spec, isWrapper := info.wrapper, info.isWrapper
		if sub, rest, ok := runnerSubcommand(info, argv); ok {
			spec, isWrapper = runnerSpec(prog), true
			if slices.ContainsFunc(argv[1:len(argv)-len(rest)], func(a model.Arg) bool { return slices.Contains(spec.everyFlags, a.Value) }) {
				spec.positionals = 0
			}
			prog, argv = prog+" "+sub, rest
		}
		if !isWrapper {
			break
		}
		if prog == "cmd" && unquotedCmdLine(cmd.Text) && windowsCommand(prog, cmd.Text) && strings.HasPrefix(strings.ToLower(cmd.Text), strings.ToLower(argv[0].Value)) {
			// cmd /c del /q C:\x unquoted: bash has read C:\x as C:x, so the
			// line is read again from its text, as cmd.exe reads it. (A
			// quoted line keeps its backslashes and is rewritten below.)
			w.script(cmdText(cmd.Text), frame{depth: fr.depth + 1, line: cmd.Line, col: cmd.Col, wrappers: cmd.Wrappers, stdin: fr.stdin})
			return
		}
		if line, ok := commandLine(spec, argv[1:]); ok {
			cmd.Program, cmd.Args = prog, argv[1:]
			if prog == "cmd" {
				line.Value = cmdLine(line.Value)
			}
			w.runLater(cmd, line, prog, fr)
			return
		}
		rest, ok := w.peel(cmd, spec, argv[1:])
		if !ok && spec.startsShell(argv[1:]) { // sudo -s <<< 'CMD', su <<EOF
			cmd.Wrappers = append(cmd.Wrappers, prog)
			cmd.Program, cmd.Args = "sh", nil
			w.shell(cmd, heredoc, fr)
			return
		}
		if !ok { // a lookup (command -v) or a wrapper with no command
			cmd.Program, cmd.Args = prog, argv[1:]
			w.emit(cmd)
			return
		}
		if spec.lineOperand && len(rest) > 0 {
			cmd.Program, cmd.Args = prog, argv[1:]
			w.runLater(cmd, joinLine(rest[0], rest[1:]), prog, fr)
			return
		}
		cmd.Wrappers = append(cmd.Wrappers, prog)
		if spec.more {
			cmd.MoreOperands = true
			cmd.MoreFrom = firstNonEmpty(cmd.StdinFrom, "stdin")
			if len(rest) == 0 { // xargs with no command runs echo
				return
			}
			// The paths a find prints into the pipe are appended, as xargs
			// appends each line it reads.
			if w.feed != nil {
				rest = append(rest[:len(rest):len(rest)], w.feed...)
				w.feed = nil
			}
		}
		argv = rest
	}
	if len(argv) == 0 {
		return
	}
	cmd.Program = prog // the loop stopped at a program that wraps nothing
	cmd.Args = argv[1:]
	if file, ok := psModuleFile(argv); ok {
		cmd.Problem = "imports the PowerShell module " + file + " from a file, whose content is not known: the functions it defines, which the line may call next, are not analysed"
		w.emit(cmd)
		return
	}
	if psCmdletName(argv[0]) { // Remove-Item -Recurse C:\x, typed where PowerShell runs it
		w.powershellLine(cmd, argv, fr)
		return
	}
	if windowsCommand(prog, cmd.Text) { // rd /s /q C:\data, typed where cmd.exe runs it
		w.script(cmdLine(cmd.Text), frame{depth: fr.depth + 1, line: cmd.Line, col: cmd.Col, wrappers: cmd.Wrappers, stdin: fr.stdin})
		return
	}
	if strings.Contains(argv[0].Value, "/") && !scopedPackage(cmd.Wrappers, argv[0]) && w.runProgramFile(cmd, argv, heredoc, fr) {
		return // ./x.sh: judged by its content (scriptfile.go)
	}
	extractsHere(cmd)
	w.analyse(cmd, info, heredoc, fr)
	w.options(cmd, info, fr)
}

// packageRunners are the wrappers that run a package's binary by the
// package's name (npx, pnpm dlx, bunx …), fetching it first if need be.
var packageRunners = []string{"npx", "pnpx", "bunx", "npm exec", "npm x", "pnpm dlx", "pnpm exec", "yarn dlx", "yarn exec", "bun x"}

// scopedPackage reports whether word, the command a package runner
// runs, is a scoped npm package name (@scope/name: docs.npmjs.com,
// "About scopes"), not a path: npx @tailwindcss/cli runs the package's
// binary, judged by its name as npx prettier is.
func scopedPackage(wrappers []string, word model.Arg) bool {
	if word.Dynamic || len(wrappers) == 0 || !slices.Contains(packageRunners, wrappers[len(wrappers)-1]) {
		return false
	}
	scope, name, ok := strings.Cut(word.Value, "/")
	return ok && len(scope) > 1 && scope[0] == '@' && name != "" && !strings.Contains(name, "/")
}

// noProgram is the entry of a name no table knows.
var noProgram program

// analyse runs the first of cmd's program's analyses that applies, or
// emits cmd as it is.
func (w *walker) analyse(cmd *model.Command, info *program, heredoc *string, fr frame) {
	for _, c := range info.cases {
		if c.when == nil || c.when(cmd) {
			c.run(w, cmd, heredoc, fr)
			return
		}
	}
	w.emit(cmd)
}

// programCase is one way of analysing a program's command beyond emitting
// it: run analyses the command when when (nil: always) holds.
type programCase struct {
	when func(cmd *model.Command) bool
	run  func(w *walker, cmd *model.Command, heredoc *string, fr frame)
}

// program gathers what the walker's tables say about one program name:
// whether it wraps another command (wrappers) or becomes one with a
// runner subcommand (npm exec), the analyses that look inside it
// (buildProgramCases), the options that run command lines
// (commandOptions) and the option that names a file it writes
// (outputOptions; nil for none). A command costs one lookup, where the
// tables would cost one each; the tables stay the data, this only
// indexes them.
type program struct {
	wrapper    wrapper
	isWrapper  bool
	runnerSubs [][]string // each one's words
	cases      []programCase
	options    []commandOption
	output     *commandOption
}

// programs indexes every name a table knows; a name none knows has no
// entry, and its command is only emitted. It is built on the first
// command line, not at start-up (every hook process links this package
// and most judge no shell line); not as a package-level initialiser,
// because the analyses it holds lead back to unwrap, which reads it.
func programs() map[string]*program {
	programsOnce.Do(func() { programTable = buildPrograms(buildProgramCases()) })
	return programTable
}

var (
	programsOnce sync.Once
	programTable map[string]*program
)

// buildPrograms indexes the tables by program name; cases are the
// analyses that look inside a command (the script of sh -c, the command
// ssh runs, the SQL of psql -c ...), by program, in the order they are
// tried (a command none applies to is emitted as it is).
func buildPrograms(cases map[string][]programCase) map[string]*program {
	out := map[string]*program{}
	get := func(name string) *program {
		p := out[name]
		if p == nil {
			p = &program{}
			out[name] = p
		}
		return p
	}
	for name, spec := range wrappers() {
		p := get(name)
		p.wrapper, p.isWrapper = spec, true
	}
	for name, subs := range runnerSubcommands() {
		for _, sub := range subs {
			get(name).runnerSubs = append(get(name).runnerSubs, strings.Fields(sub))
		}
	}
	for name, cs := range cases {
		get(name).cases = cs
	}
	for name, opts := range commandOptions() {
		get(name).options = opts
	}
	for name, o := range outputOptions() {
		get(name).output = &o
	}
	return out
}

func buildProgramCases() map[string][]programCase {
	out := map[string][]programCase{}
	add := func(c programCase, progs ...string) {
		for _, p := range progs {
			out[p] = append(out[p], c)
		}
	}
	always := func(run func(w *walker, cmd *model.Command, heredoc *string, fr frame)) programCase {
		return programCase{run: run}
	}
	add(always(func(w *walker, cmd *model.Command, heredoc *string, fr frame) { w.shell(cmd, heredoc, fr) }), slices.Sorted(maps.Keys(shells))...)
	add(always(func(w *walker, cmd *model.Command, _ *string, fr frame) { w.eval(cmd, fr) }), "eval")
	add(always(func(w *walker, cmd *model.Command, _ *string, fr frame) { w.find(cmd, fr) }), "find")
	add(always(func(w *walker, cmd *model.Command, _ *string, fr frame) { w.fd(cmd, fr) }), "fd", "fdfind")
	add(always((*walker).parallel), "parallel", "sem")
	add(always((*walker).watch), "watch")
	add(always(func(w *walker, cmd *model.Command, _ *string, fr frame) { w.ssh(cmd, fr) }), "ssh", "autossh")
	add(programCase{when: runsRemotely, run: func(w *walker, cmd *model.Command, _ *string, fr frame) {
		w.remoteRun(cmd, remoteRunners[cmd.Program], fr)
	}}, slices.Sorted(maps.Keys(remoteRunners))...)
	add(always(func(w *walker, cmd *model.Command, _ *string, fr frame) { w.git(cmd, fr) }), "git")
	add(always(func(w *walker, cmd *model.Command, _ *string, fr frame) { w.git(dashedGit(cmd), fr) }), slices.Sorted(maps.Keys(dashedGitCommands))...)
	add(always(func(w *walker, cmd *model.Command, _ *string, fr frame) { w.ansible(cmd, fr) }), "ansible")
	add(always(func(w *walker, cmd *model.Command, _ *string, fr frame) { w.salt(cmd, fr) }), "salt", "salt-ssh", "salt-call")
	add(always(func(w *walker, cmd *model.Command, _ *string, fr frame) { w.container(cmd, fr) }), slices.Sorted(maps.Keys(containerExecs()))...)
	add(always((*walker).interpreter), slices.Sorted(maps.Keys(interpreters()))...)
	add(always(func(w *walker, cmd *model.Command, _ *string, fr frame) { w.awk(cmd, fr) }), slices.Sorted(maps.Keys(awks))...)
	add(always((*walker).sed), "sed", "gsed")
	add(always(func(w *walker, cmd *model.Command, _ *string, fr frame) { w.alias(cmd, fr) }), "alias")
	add(always(func(w *walker, cmd *model.Command, _ *string, fr frame) { w.trap(cmd, fr) }), "trap")
	add(always((*walker).make), "make", "gmake")
	add(always(func(w *walker, cmd *model.Command, _ *string, fr frame) { w.tmux(cmd, fr) }), "tmux")
	add(always((*walker).later), "at", "batch")
	add(always((*walker).crontab), "crontab")
	add(always(func(w *walker, cmd *model.Command, heredoc *string, fr frame) {
		w.database(cmd, heredoc, fr)
	}), slices.Sorted(maps.Keys(sqlClients()))...)
	add(always(func(w *walker, cmd *model.Command, _ *string, _ frame) {
		w.emit(cmd)
		w.recordDownload(cmd)
	}), "curl", "wget")
	add(programCase{when: func(cmd *model.Command) bool { return len(cmd.Args) > 0 }, run: (*walker).source}, "source", ".")
	add(always(func(w *walker, cmd *model.Command, _ *string, _ frame) {
		w.emit(cmd)
		w.cd(cmd)
	}), "cd", "pushd", "popd", "chdir")
	return out
}

// isPattern reports whether a program name is a glob pattern (/bin/r?,
// /bin/[r]m, /usr/bin/*rm): the shell runs whatever file matches, which
// only the file system knows. The test builtin [ is a name, not a pattern.
func isPattern(name string) bool {
	bracket := false
	for i := 0; i < len(name); i++ { // one pass: every command's name is looked at
		switch name[i] {
		case '*', '?':
			return true
		case '[':
			bracket = name != "["
		case ']':
			if bracket {
				return true
			}
		}
	}
	return false
}

// programName is the name a command is looked up by: without its
// directory and a Windows program extension, and lower-cased, since
// case-insensitive filesystems (macOS, Windows) run GIT as git.
func programName(arg string) string {
	name := strings.ToLower(path.Base(arg))
	// Windows runs sc.exe for sc and npm.cmd for npm.
	for _, ext := range []string{".exe", ".cmd", ".bat", ".com"} {
		if len(name) < 5 || name[len(name)-4] != '.' {
			break
		}
		if base, ok := strings.CutSuffix(name, ext); ok && base != "" {
			name = base
			break
		}
	}
	name = unversioned(name)
	if same, ok := sameCommandLine[name]; ok {
		return same
	}
	return name
}

// sameCommandLine are programs that read the command line of another
// program and act on it the same way: LuaJIT runs lua's -e CODE, and
// Valkey's and KeyDB's clients are forks of redis-cli that take its
// commands (FLUSHALL, DEL, --scan ...). Each is judged as that program.
var sameCommandLine = map[string]string{"luajit": "lua", "valkey-cli": "redis-cli", "keydb-cli": "redis-cli"}

// dashedGitCommands are git subcommands installed as programs of their
// own that are run by their dashed name as often as through git:
// git-filter-repo is a single Python script (newren/git-filter-repo),
// and `git-filter-repo ARGS` is `git filter-repo ARGS`.
var dashedGitCommands = map[string]string{"git-filter-repo": "filter-repo"}

// dashedGit returns cmd, a dashed git command (git-filter-repo ...), as
// the git command it is (git filter-repo ...), so that the git rows read
// it.
func dashedGit(cmd *model.Command) *model.Command {
	sub := dashedGitCommands[cmd.Program]
	cmd.Program = "git"
	cmd.Args = append([]model.Arg{{Value: sub}}, cmd.Args...)
	return cmd
}

// versioned are programs that distributions also install under versioned
// names (python3.11, psql-16, node18, bash5, kubectl1.29): each is read as
// the program it is.
var versioned = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"python": true, "python2": true, "python3": true, "pypy": true, "pypy3": true, "perl": true,
		"php": true, "ruby": true, "node": true, "nodejs": true, "lua": true, "tclsh": true, "rscript": true, "bash": true, "zsh": true,
		"ksh": true, "dash": true, "fish": true, "psql": true, "pg_dump": true, "pg_dumpall": true, "pg_restore": true, "pg_ctl": true,
		"pg_upgrade": true, "dropdb": true, "mysql": true, "mysqldump": true, "mariadb": true, "mongo": true, "mongosh": true,
		"redis-cli": true, "sqlite3": true, "kubectl": true, "terraform": true, "tofu": true, "helm": true, "go": true}
})

// unversioned returns the program a versioned name runs: python3.11 is
// python3, perl5.36 perl, psql-16 psql; any other name is itself.
func unversioned(name string) string {
	if name == "" || name[len(name)-1] < '0' || name[len(name)-1] > '9' || versioned()[name] {
		return name
	}
	// The name without its last .N (python3.11 is python3), then without
	// every trailing digit, dot and separator (perl5.36, psql-16, node18).
	if i := strings.LastIndexByte(name, '.'); i > 0 && versioned()[name[:i]] {
		return name[:i]
	}
	base := strings.TrimRight(name, "0123456789.")
	base = strings.TrimRight(base, "-_")
	if versioned()[base] {
		return base
	}
	return name
}

// peel skips a wrapper's own flags, positionals and assignments and
// returns the command it runs; ok is false when it runs none.
func (w *walker) peel(cmd *model.Command, spec wrapper, args []model.Arg) ([]model.Arg, bool) {
	positionals := spec.positionals
	for i := 0; i < len(args); i++ {
		a := args[i].Value
		switch {
		case args[i].Dynamic && strings.HasPrefix(a, "-"):
			continue
		case a == "--":
			return skipPositionals(args[i+1:], positionals)
		case slices.Contains(spec.lookupFlags, a):
			return lookedUp(args[i+1:])
		case slices.Contains(spec.ownFlags, a):
			return nil, false
		case strings.HasPrefix(a, "-"): // a lone "-" too: su's login flag, env's -i; never a command
			name, value, hasValue := strings.Cut(a, "=")
			if hasValue && spec.chdir != "" && (name == spec.chdir || name == "--chdir") { // env --chdir=DIR
				w.chdirFor(cmd, model.Arg{Value: value, Dynamic: args[i].Dynamic})
			}
			if slices.Contains(spec.positionalFlags, name) {
				positionals = 0
			}
			if flagTakesValue(spec.valueFlags, name) && !hasValue && i+1 < len(args) {
				if name == spec.chdir || spec.chdir != "" && name == "--chdir" {
					w.chdirFor(cmd, args[i+1])
				}
				i++
			}
		case spec.assignments && strings.Contains(a, "=") && !args[i].Dynamic:
			k, v, _ := strings.Cut(a, "=")
			if cmd.Env == nil {
				cmd.Env = map[string]string{}
			}
			cmd.Env[k] = v
			if commandVarNames()[k] || loaderVars[k] != nil { // sudo EDITOR='…' visudo, env PAGER='…' git log
				w.commandVar(k, model.Arg{Value: v}, cmd)
			}
		default:
			return skipPositionals(args[i:], positionals)
		}
	}
	return nil, false
}

// runnerSubcommand reports whether argv is a package manager's subcommand
// that runs a package binary (npm exec), which, and the arguments from
// that subcommand on (past the manager's own options before it).
func runnerSubcommand(info *program, argv []model.Arg) (string, []model.Arg, bool) {
	for _, path := range info.runnerSubs {
		if end, ok := subcommandAt(argv[1:], nil, path); ok {
			return strings.Join(path, " "), argv[end:], true // argv[end] is the subcommand's last word
		}
	}
	return "", nil, false
}

// subcommandAt finds the subcommand words path at the start of args, past
// the options before and between them, and returns the index after its
// last word. An option in valueFlags takes the next word as its value;
// one Recourse does not know may (docker --log-level debug exec, npm
// --registry URL exec), so a word that is not the next of path is passed
// over when an option stands before it.
func subcommandAt(args []model.Arg, valueFlags, path []string) (int, bool) {
	for i := 0; i < len(args) && len(path) > 0; i++ {
		a := args[i]
		switch {
		case a.Value == "--" && !a.Dynamic:
			return 0, false
		case strings.HasPrefix(a.Value, "-") && len(a.Value) > 1 && !a.Dynamic:
			if !strings.Contains(a.Value, "=") && slices.Contains(valueFlags, a.Value) {
				i++
			}
		case !a.Dynamic && a.Value == path[0]:
			if path = path[1:]; len(path) == 0 {
				return i + 1, true
			}
		case i > 0 && mayTakeValue(args[i-1]):
			// the previous option's value, known or only at run time
			// (docker --context "$CTX" exec)
		default:
			return 0, false
		}
	}
	return 0, false
}

// mayTakeValue reports whether a is an option that may take the next word
// as its value: it has no "=VALUE" of its own.
func mayTakeValue(a model.Arg) bool {
	return !a.Dynamic && len(a.Value) > 1 && strings.HasPrefix(a.Value, "-") && !strings.Contains(a.Value, "=")
}

// commandLine finds a line flag among the wrapper's options (before its
// operands, or anywhere with lineAnywhere) and returns the command line it
// gives, with the operands after it appended, shell-quoted, when the
// wrapper passes them on (lineArgs).
func commandLine(spec wrapper, args []model.Arg) (model.Arg, bool) {
	for i := 0; i < len(args); i++ {
		a := args[i].Value
		name, value, hasValue := strings.Cut(a, "=")
		var line model.Arg
		var rest []model.Arg
		switch {
		case (slices.Contains(spec.lineFlags, a) || clusterEndsIn(a, spec.lineFlags)) && i+1 < len(args): // -c CMD, -qc CMD, and cmd.exe's /c CMD
			line, rest = args[i+1], args[i+2:]
		case a == "--" || !strings.HasPrefix(a, "-") || a == "-":
			if spec.lineAnywhere && a != "--" {
				continue // su root -c CMD
			}
			return model.Arg{}, false
		case slices.Contains(spec.lineFlags, name) && hasValue:
			line, rest = model.Arg{Value: value, Dynamic: args[i].Dynamic}, args[i+1:]
		case flagTakesValue(spec.valueFlags, a):
			i++
			continue
		default:
			continue
		}
		if !spec.lineArgs {
			rest = nil
		}
		return joinLine(line, rest), true
	}
	return model.Arg{}, false
}

func joinLine(line model.Arg, rest []model.Arg) model.Arg {
	for _, r := range rest {
		q, err := syntax.Quote(r.Value, syntax.LangBash)
		if err != nil || r.Dynamic {
			q = r.Value
		}
		line.Value += " " + q
		line.Dynamic = line.Dynamic || r.Dynamic
	}
	return line
}

// alias analyses the bodies of the aliases it defines, as the bodies of
// functions are: `alias x='rm -rf /'; x` runs the body where x is used
// (in an interactive shell, or wherever aliases are expanded).
func (w *walker) alias(cmd *model.Command, fr frame) {
	w.emit(cmd)
	for _, a := range cmd.Args {
		name, body, ok := strings.Cut(a.Value, "=")
		if !ok || strings.HasPrefix(a.Value, "-") {
			continue
		}
		if a.Dynamic {
			w.emitProblem(cmd, "alias "+name+" is defined as a command only known at run time: "+body)
			continue
		}
		w.script(body, nested(cmd, fr, ""))
	}
}

// lookedUp reads the operands of a lookup (command -v NAME): one name is
// only looked up, nothing runs. POSIX specifies exactly one name and
// leaves more unspecified, so `command -V git reset --hard` is judged as
// the command its operands spell rather than trusted to be a lookup.
func lookedUp(args []model.Arg) ([]model.Arg, bool) {
	for len(args) > 0 && strings.HasPrefix(args[0].Value, "-") && len(args[0].Value) > 1 {
		if args[0].Value == "--" {
			args = args[1:]
			break
		}
		args = args[1:]
	}
	if len(args) <= 1 {
		return nil, false
	}
	return args, true
}

func skipPositionals(args []model.Arg, n int) ([]model.Arg, bool) {
	if len(args) <= n {
		return nil, false
	}
	rest := args[n:]
	if n > 0 && rest[0].Value == "--" { // aws-vault exec PROFILE -- CMD
		rest = rest[1:]
	}
	return rest, len(rest) > 0
}

// flagTakesValue reports whether flag (possibly a short flag with its
// value attached, -n5) is one of valueFlags written without its value.
func flagTakesValue(valueFlags []string, flag string) bool {
	return slices.Contains(valueFlags, flag)
}

// chdirFor sets the working directory a wrapper's option gives the
// command it runs (sudo -D DIR, env -C DIR): exact, since the wrapper runs
// nothing when it cannot change to it.
func (w *walker) chdirFor(cmd *model.Command, dir model.Arg) { cmd.Cwd = resolveDir(dir, cmd.Cwd) }

// chdirOptions sets the working directory of cmd from its own options
// that change it before it does anything (git -C DIR, make -C DIR,
// make --directory=DIR), each relative to the one before as the programs
// read them. It stops at the first operand.
func chdirOptions(cmd *model.Command, flags ...string) {
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		if a.Value == "--" || !strings.HasPrefix(a.Value, "-") {
			return
		}
		name, value, hasValue := strings.Cut(a.Value, "=")
		switch {
		case !slices.Contains(flags, name):
		case hasValue:
			cmd.Cwd = resolveDir(model.Arg{Value: value, Dynamic: a.Dynamic}, cmd.Cwd)
		case i+1 < len(cmd.Args):
			cmd.Cwd = resolveDir(cmd.Args[i+1], cmd.Cwd)
			i++
		}
	}
}

// nested returns the frame for a script that cmd runs.
func nested(cmd *model.Command, fr frame, stdin string) frame {
	return frame{depth: cmd.Depth + 1, line: cmd.Line, col: cmd.Col,
		wrappers: append(append([]string(nil), cmd.Wrappers...), cmd.Program), stdin: stdin}
}

// shell analyses sh -c SCRIPT, a script fed on stdin, or a script file.
func (w *walker) shell(cmd *model.Command, heredoc *string, fr frame) {
	if runsPerInput(cmd) && !findScript(cmd) {
		cmd.Problem = cmd.Program + " is run by " + strings.Join(cmd.Wrappers, " ") + " once per input: its script or arguments come from run-time input"
		w.emit(cmd)
		return
	}
	var script *model.Arg
	var operands []model.Arg
	readsStdin, noExec := false, false
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		switch {
		case len(operands) > 0:
			operands = append(operands, a)
		case a.Value == "--" || a.Value == "-":
			readsStdin = a.Value == "-"
		case (a.Value == "-o" || a.Value == "+o" || a.Value == "-O" || a.Value == "+O") && i+1 < len(cmd.Args):
			i++
		case strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "--") && strings.Contains(a.Value, "c"):
			if i+1 < len(cmd.Args) {
				script = &cmd.Args[i+1]
				i++
				operands = append(operands, model.Arg{}) // the rest are $0, $1 ...
			}
		case strings.HasPrefix(a.Value, "-") || strings.HasPrefix(a.Value, "+"):
			readsStdin = readsStdin || strings.Contains(a.Value, "s")
			// -n reads the script without running it (a syntax check).
			noExec = noExec || strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "--") && strings.Contains(a.Value, "n")
		default:
			operands = append(operands, a)
		}
	}
	switch {
	case script != nil && script.Dynamic && !readableLine(*script):
		if file, ok := catSubst(cmd, *script); ok { // sh -c "$(cat x.sh)"
			w.runFile(cmd, file, true, fr)
			return
		}
		cmd.Problem = cmd.Program + " -c runs a script that is only known at run time: " + script.Value
		w.emit(cmd)
	case script != nil:
		w.script(script.Value, nested(cmd, fr, cmd.StdinFrom))
	case len(operands) > 0 && operands[0].Dynamic && strings.HasPrefix(operands[0].Value, "<("):
		// bash <(curl -s URL): the script is whatever a command prints at
		// run time, like curl URL | bash.
		cmd.Problem = cmd.Program + " runs a script that a command produces at run time (" + operands[0].Value + "): it is not shown"
		w.emit(cmd)
	case len(operands) > 0 && noExec:
		w.emit(cmd) // bash -n x.sh runs nothing
	case len(operands) > 0:
		// A script file: judged by its content, from the line that wrote
		// it or read where the gate runs (scriptfile.go); needs-review when
		// this line downloaded it or its content is not known.
		w.runFile(cmd, operands[0], true, fr)
	case heredoc != nil:
		w.script(*heredoc, nested(cmd, fr, restOfScript(cmd.StdinFrom)))
	default:
		w.stdinScript(cmd, fr, readsStdin)
	}
}

// source analyses the script source (or .) runs in the current shell: a
// here-document read through /dev/stdin is the script; a process
// substitution's output is only known at run time, as with bash <(…); a
// file is emitted for the rules, analysed when the line wrote it.
func (w *walker) source(cmd *model.Command, heredoc *string, fr frame) {
	file := cmd.Args[0]
	switch {
	case heredoc != nil && !file.Dynamic && (file.Value == "/dev/stdin" || file.Value == "/proc/self/fd/0" || file.Value == "/dev/fd/0"):
		w.emit(cmd)
		w.script(*heredoc, nested(cmd, fr, ""))
	case file.Dynamic && strings.HasPrefix(file.Value, "<("):
		cmd.Problem = cmd.Program + " runs a script that a command produces at run time (" + file.Value + "): it is not shown"
		w.emit(cmd)
	default:
		w.runFile(cmd, file, true, fr)
	}
}

// restOfScript is what feeds the stdin of the commands of a script a shell
// reads from its stdin (from): the lines after them, which are not a
// person's answers either.
func restOfScript(from string) string {
	return "the rest of the script it reads from " + from
}

// runsPerInput reports whether cmd is run by xargs, parallel or find
// -exec, which fill in its arguments at run time.
func runsPerInput(cmd *model.Command) bool {
	if cmd.MoreOperands {
		return true
	}
	for _, wr := range cmd.Wrappers {
		if wr == "xargs" || wr == "parallel" || wr == "sem" || strings.HasPrefix(wr, "find ") {
			return true
		}
	}
	return false
}

// findScript reports whether cmd, a shell find -exec runs once per file,
// is given its script whole, in the line: sh -c 'ls -ld "$@"' -- {} +.
// find puts each path in place of a {} argument (or of {} anywhere in an
// argument: GNU findutils manual, "Single File" and "Multiple Files"), so
// a script without {} is the same text for every file, which gets the
// paths as its positional parameters, words only known at run time that
// the script's commands are judged on. xargs and parallel may put their
// input into the script's own text (-I), so they are not read this way.
func findScript(cmd *model.Command) bool {
	if cmd.MoreOperands {
		return false
	}
	for _, wr := range cmd.Wrappers {
		if wr == "xargs" || wr == "parallel" || wr == "sem" {
			return false
		}
	}
	for i, a := range cmd.Args {
		switch {
		case a.Dynamic:
			return false // an option only known at run time
		case strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "--") && strings.Contains(a.Value, "c"):
			return i+1 < len(cmd.Args) && !cmd.Args[i+1].Dynamic && !strings.Contains(cmd.Args[i+1].Value, "{}")
		}
	}
	return false
}

// stdinScript handles a shell or interpreter whose program arrives on stdin.
func (w *walker) stdinScript(cmd *model.Command, fr frame, _ bool) {
	from := cmd.StdinFrom
	switch {
	case from == "":
		w.emit(cmd) // an interactive shell
	case strings.HasPrefix(from, "pipe from "):
		src := strings.TrimPrefix(from, "pipe from ")
		if text, ok := echoed(src); ok {
			w.script(text, nested(cmd, fr, restOfScript(from)))
			return
		}
		cmd.Problem = "a script arrives on stdin from `" + src + "` and is not shown"
		if remoteFetch(src) {
			cmd.Problem = "remote code is piped into " + cmd.Program + " from `" + src + "`"
		}
		w.emit(cmd)
	default:
		cmd.Problem = cmd.Program + " runs a script from " + from + ", which is not shown"
		w.emit(cmd)
	}
}

// echoed returns the text that the single command src, an `echo` or
// `printf` with literal arguments, writes.
func echoed(src string) (string, bool) {
	f, err := parseBash(src)
	if err != nil || len(f.Stmts) != 1 {
		return "", false
	}
	return echoedBy(f.Stmts[0])
}

// echoedBy is echoed for a statement already parsed.
func echoedBy(st *syntax.Stmt) (string, bool) {
	text, ok := literalSubst(&syntax.CmdSubst{Stmts: []*syntax.Stmt{st}})
	return strings.TrimSuffix(text, "\n"), ok
}

var fetchers = map[string]bool{"curl": true, "wget": true, "fetch": true, "http": true, "https": true, "aria2c": true, "iwr": true, "invoke-webrequest": true}

func remoteFetch(src string) bool {
	fields := strings.Fields(src)
	for _, f := range fields {
		if fetchers[strings.ToLower(path.Base(f))] {
			return true
		}
	}
	return false
}

// eval re-parses its arguments joined by spaces.
func (w *walker) eval(cmd *model.Command, fr frame) {
	var parts []string
	for _, a := range cmd.Args {
		if a.Dynamic && len(cmd.Args) == 1 && shellInitSubst(cmd, a) {
			w.emit(cmd) // eval "$(pyenv init -)": the tool's own shell setup
			return
		}
		if a.Dynamic {
			cmd.Problem = "eval runs a string that is only known at run time: " + a.Value
			w.emit(cmd)
			return
		}
		parts = append(parts, a.Value)
	}
	if len(parts) > 0 {
		w.script(strings.Join(parts, " "), nested(cmd, fr, cmd.StdinFrom))
	}
}

// find emits the find itself (the rules judge -delete) and every command
// its -exec/-execdir/-ok/-okdir actions run on the paths it finds.
func (w *walker) find(cmd *model.Command, fr frame) {
	var starts []string
	i := 0
	for ; i < len(cmd.Args); i++ {
		v := cmd.Args[i].Value
		if strings.HasPrefix(v, "-") || v == "(" || v == "!" || v == ")" {
			break
		}
		starts = append(starts, v)
	}
	if len(starts) == 0 {
		starts = []string{"."}
	}
	own := *cmd
	own.Args = withoutExec(cmd.Args)
	w.emit(&own)
	for ; i < len(cmd.Args); i++ {
		switch cmd.Args[i].Value {
		case "-fprint", "-fprint0", "-fprintf", "-fls": // write (truncating) the file named next
			if i+1 < len(cmd.Args) {
				w.truncations(cmd, []model.Redirect{{Op: ">", Target: cmd.Args[i+1]}})
				i++
			}
		case "-exec", "-execdir", "-ok", "-okdir":
			j := i + 1
			for j < len(cmd.Args) && cmd.Args[j].Value != ";" && cmd.Args[j].Value != "+" {
				j++
			}
			inDir := cmd.Args[i].Value == "-execdir" || cmd.Args[i].Value == "-okdir"
			inner := foundPaths(cmd.Args[i+1:j], starts)
			name, named := foundName(cmd.Args)
			switch {
			case named && inDir:
				// In the directory of each path found, {} is ./NAME, and
				// -name NAME says what NAME is (find -name settings.json
				// -execdir rm {} + is rm ./settings.json, in any directory
				// under the starts).
				inner = foundInDir(cmd.Args[i+1:j], name)
			case named && !negates(cmd.Args):
				// Every path found is named NAME somewhere under a start:
				// find . -name __pycache__ -exec rm -rf {} + deletes
				// bytecode caches, judged as ./__pycache__ is.
				inner = foundNamed(cmd.Args[i+1:j], starts, name)
			}
			if len(inner) > 0 {
				sub := w.child(cmd, "find "+cmd.Args[i].Value)
				// A lone {} already stands for the paths found (START/{}
				// or START/NAME); any other spelling leaves them unseen.
				sub.MoreOperands = inDir || !slices.ContainsFunc(cmd.Args[i+1:j], func(a model.Arg) bool { return a.Value == "{}" && !a.Dynamic })
				sub.MoreFrom = "paths found under " + strings.Join(starts, " ")
				if inDir {
					sub.Cwd = "" // the directory of each path found: any one under the starts
				}
				w.unwrap(sub, inner, nil, fr)
			}
			i = j
		}
	}
}

// fd runs a command for each path it finds with -x/--exec, or once for
// all of them with -X/--exec-batch: the arguments after the flag, up to a
// ";" that ends them. The command is judged with the found paths as
// operands that arrive at run time.
func (w *walker) fd(cmd *model.Command, fr frame) {
	for i, a := range cmd.Args {
		switch a.Value {
		case "-x", "--exec", "-X", "--exec-batch":
			own := *cmd
			own.Args = cmd.Args[:i]
			w.emit(&own)
			j := i + 1
			for j < len(cmd.Args) && cmd.Args[j].Value != ";" {
				j++
			}
			if inner := placeholders(cmd.Args[i+1:j], "{"); len(inner) > 0 {
				sub := w.child(cmd, "fd "+a.Value)
				sub.MoreOperands, sub.MoreFrom = true, "paths fd finds"
				w.unwrap(sub, inner, nil, fr)
			}
			return
		}
	}
	w.emit(cmd)
}

// foundName is the one literal name find's -name or -iname test asks
// for (no glob, no alternatives), which every path it finds has.
func foundName(args []model.Arg) (string, bool) {
	name := ""
	for i := 0; i < len(args)-1; i++ {
		switch args[i].Value {
		case "-exec", "-execdir", "-ok", "-okdir":
			for i < len(args) && args[i].Value != ";" && args[i].Value != "+" {
				i++
			}
		case "-o", "-or", ",":
			return "", false
		case "-name", "-iname":
			v := args[i+1]
			if v.Dynamic || v.Value == "" || strings.ContainsAny(v.Value, "*?[]/\\") || name != "" {
				return "", false
			}
			name = v.Value
			i++
		}
	}
	return name, name != ""
}

// negates reports whether find's expression negates a test (! or -not),
// which foundName does not read: find . ! -name keep finds every other
// path.
func negates(args []model.Arg) bool {
	return slices.ContainsFunc(args, func(a model.Arg) bool { return a.Value == "!" || a.Value == "-not" })
}

// foundNamed is the command -exec runs when every path found is named
// name: a lone {} becomes START/name for each start (its own path judges
// it: a build cache, a project file, a system file), or the dynamic
// START/{} when the start is only known at run time; any other {} only
// makes its argument dynamic.
func foundNamed(args []model.Arg, starts []string, name string) []model.Arg {
	out := make([]model.Arg, 0, len(args)+len(starts))
	for _, a := range args {
		switch {
		case a.Value == "{}" && !a.Dynamic:
			for _, s := range starts {
				if strings.ContainsAny(s, "$`*?[") {
					out = append(out, foundUnder(s))
					continue
				}
				out = append(out, model.Arg{Value: strings.TrimSuffix(s, "/") + "/" + name})
			}
		case strings.Contains(a.Value, "{}"):
			out = append(out, model.Arg{Value: a.Value, Dynamic: true})
		default:
			out = append(out, a)
		}
	}
	return out
}

// foundInDir is the command -execdir runs with each {} as ./name, the
// path found as the directory it runs in names it.
func foundInDir(args []model.Arg, name string) []model.Arg {
	out := append([]model.Arg(nil), args...)
	for i := range out {
		if out[i].Value == "{}" && !out[i].Dynamic {
			out[i].Value = "./" + name
		} else if strings.Contains(out[i].Value, "{}") {
			out[i].Dynamic = true
		}
	}
	return out
}

// withoutExec drops find's -exec ... ; segments, so that a -delete inside
// an -exec command is not read as find's own action.
func withoutExec(args []model.Arg) []model.Arg {
	var out []model.Arg
	for i := 0; i < len(args); i++ {
		switch args[i].Value {
		case "-exec", "-execdir", "-ok", "-okdir":
			for i < len(args) && args[i].Value != ";" && args[i].Value != "+" {
				i++
			}
			continue
		}
		out = append(out, args[i])
	}
	return out
}

// placeholders marks the arguments equal to ph as dynamic.
func placeholders(args []model.Arg, ph string) []model.Arg {
	out := append([]model.Arg(nil), args...)
	for i := range out {
		if strings.Contains(out[i].Value, ph) {
			out[i].Dynamic = true
		}
	}
	return out
}

// foundPaths is the command find runs for each path it finds: a lone {}
// becomes one dynamic operand START/{} for each place the search starts, so
// that the rules judge the paths by where they are found (every file under
// /etc, say), and any other {} only makes its argument dynamic.
func foundPaths(args []model.Arg, starts []string) []model.Arg {
	out := make([]model.Arg, 0, len(args)+len(starts))
	for _, a := range args {
		switch {
		case a.Value == "{}" && !a.Dynamic:
			for _, s := range starts {
				out = append(out, foundUnder(s))
			}
		case strings.Contains(a.Value, "{}"):
			out = append(out, model.Arg{Value: a.Value, Dynamic: true})
		default:
			out = append(out, a)
		}
	}
	return out
}

// foundUnder is the dynamic operand START/{} that stands for every path a
// search from start finds (find, Get-ChildItem -Recurse).
func foundUnder(start string) model.Arg {
	return model.Arg{Value: strings.TrimSuffix(start, "/") + "/" + model.FoundPath, Dynamic: true}
}

// child is a command run by cmd, inheriting its place and context.
func (w *walker) child(cmd *model.Command, wrapper string) *model.Command {
	env := make(map[string]string, len(cmd.Env))
	for k, v := range cmd.Env {
		env[k] = v
	}
	return &model.Command{Text: cmd.Text, Line: cmd.Line, Col: cmd.Col, Depth: cmd.Depth, Cwd: cmd.Cwd, Env: env,
		Wrappers: append(append([]string(nil), cmd.Wrappers...), wrapper), StdinFrom: cmd.StdinFrom, Sources: cmd.Sources}
}

var parallelValueFlags = []string{"-j", "--jobs", "-S", "--sshlogin", "--results", "--joblog", "-a", "--arg-file", "--delay",
	"--timeout", "-N", "-n", "-L", "--tmpdir", "--workdir", "--env", "--colsep", "-C", "-d", "--delimiter", "-I", "--halt",
	"--retries", "--load", "--memfree", "--basefile", "--return", "--transfer", "--id", "--semaphorename", "--fg"}

// parallel runs its command once per input: the inputs after ::: are
// shown, those from stdin or a :::: file are not.
func (w *walker) parallel(cmd *model.Command, heredoc *string, fr frame) {
	args := cmd.Args
	i := 0
	for ; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			i++
			break
		}
		if !strings.HasPrefix(v, "-") || args[i].Dynamic {
			break
		}
		name, _, hasValue := strings.Cut(v, "=")
		if slices.Contains(parallelValueFlags, name) && !hasValue {
			i++
		}
	}
	var command, inputs []model.Arg
	fromFile := false
	for ; i < len(args); i++ {
		v := args[i].Value
		if strings.HasPrefix(v, ":::") {
			fromFile = fromFile || strings.HasPrefix(v, "::::")
			for _, a := range args[i+1:] {
				if !strings.HasPrefix(a.Value, ":::") {
					inputs = append(inputs, a)
				}
			}
			break
		}
		command = append(command, args[i])
	}
	sub := w.child(cmd, cmd.Program)
	if len(command) == 0 {
		w.parallelScripts(cmd, inputs, fromFile, fr)
		return
	}
	if shells[programName(command[0].Value)] && !command[0].Dynamic && !fromFile && (len(inputs) > 0 || cmd.StdinFrom == "") {
		w.parallelShell(cmd, command, inputs, fr)
		return
	}
	var expanded []model.Arg
	for _, a := range command {
		if a.Value != "{}" {
			expanded = append(expanded, a)
		}
	}
	expanded = append(expanded, inputs...)
	if len(inputs) == 0 || fromFile {
		sub.MoreOperands, sub.MoreFrom = true, firstNonEmpty(cmd.StdinFrom, "stdin")
	}
	w.unwrap(sub, expanded, heredoc, fr)
}

// parallelShell handles parallel running a shell -c script once per
// input shown after :::, with {} replaced by the input. With no input at
// all, parallel runs nothing.
func (w *walker) parallelShell(cmd *model.Command, command, inputs []model.Arg, fr frame) {
	scriptAt := -1
	for i := 1; i+1 < len(command); i++ {
		if strings.HasPrefix(command[i].Value, "-") && strings.Contains(command[i].Value, "c") {
			scriptAt = i + 1
			break
		}
	}
	for i, a := range command[1:] {
		if i+1 != scriptAt && strings.Contains(a.Value, "{}") {
			cmd.Problem = cmd.Program + " passes its input to a shell as an argument ({}): the input decides what the shell runs"
			w.emit(cmd)
			return
		}
	}
	var script *model.Arg
	if scriptAt > 0 {
		script = &command[scriptAt]
	}
	if len(inputs) == 0 {
		w.emit(cmd)
		return
	}
	if script == nil || script.Dynamic {
		cmd.Problem = cmd.Program + " runs a shell whose script comes from its inputs"
		w.emit(cmd)
		return
	}
	for _, in := range inputs {
		if in.Dynamic {
			cmd.Problem = cmd.Program + " runs a shell on an input only known at run time: " + in.Value
			w.emit(cmd)
			return
		}
		quoted, err := syntax.Quote(in.Value, syntax.LangBash)
		if err != nil {
			quoted = "$(unquotable)"
		}
		w.script(strings.ReplaceAll(script.Value, "{}", quoted), nested(cmd, fr, ""))
	}
}

// parallelScripts handles parallel without a command: each input is a
// command line of its own.
func (w *walker) parallelScripts(cmd *model.Command, inputs []model.Arg, fromFile bool, fr frame) {
	var scripts []string
	switch {
	case len(inputs) > 0 && !fromFile:
		for _, in := range inputs {
			if in.Dynamic {
				cmd.Problem = cmd.Program + " runs a command line only known at run time: " + in.Value
				w.emit(cmd)
				return
			}
			scripts = append(scripts, in.Value)
		}
	case strings.HasPrefix(cmd.StdinFrom, "pipe from "):
		text, ok := echoed(strings.TrimPrefix(cmd.StdinFrom, "pipe from "))
		if !ok {
			cmd.Problem = cmd.Program + " runs the command lines on its stdin (" + cmd.StdinFrom + "), which are not shown"
			w.emit(cmd)
			return
		}
		scripts = strings.Split(text, "\n")
	default:
		w.emit(cmd) // no input at all: parallel runs nothing
		return
	}
	for _, s := range scripts {
		if strings.TrimSpace(s) != "" {
			w.script(s, nested(cmd, fr, ""))
		}
	}
}

// watch runs its arguments through sh -c, or directly with -x.
func (w *walker) watch(cmd *model.Command, heredoc *string, fr frame) {
	args := cmd.Args
	direct := false
	i := 0
	for ; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			i++
			break
		}
		if !strings.HasPrefix(v, "-") {
			break
		}
		direct = direct || v == "-x" || v == "--exec"
		name, _, hasValue := strings.Cut(v, "=")
		if (name == "-n" || name == "--interval" || name == "-q" || name == "--equexit") && !hasValue {
			i++
		}
	}
	if i >= len(args) {
		w.emit(cmd)
		return
	}
	if direct {
		w.unwrap(w.child(cmd, "watch"), args[i:], heredoc, fr)
		return
	}
	var parts []string
	for _, a := range args[i:] {
		if a.Dynamic {
			cmd.Problem = "watch runs a command that is only known at run time"
			w.emit(cmd)
			return
		}
		parts = append(parts, a.Value)
	}
	w.script(strings.Join(parts, " "), nested(cmd, fr, ""))
}

var sshValueFlags = []string{"-p", "-i", "-l", "-o", "-F", "-J", "-L", "-R", "-D", "-b", "-c", "-E", "-m", "-O", "-Q", "-S", "-W", "-w", "-B", "-e", "-I"}

// ssh runs its command on another host: it is analysed all the same.
func (w *walker) ssh(cmd *model.Command, fr frame) {
	args := cmd.Args
	i := 0
	for ; i < len(args); i++ {
		v := args[i].Value
		if !strings.HasPrefix(v, "-") {
			break
		}
		if slices.Contains(sshValueFlags, v) || cmd.Program == "autossh" && v == "-M" { // autossh -M PORT
			i++
		}
	}
	if i+1 >= len(args) { // no remote command: the login shell reads stdin
		switch {
		case i < len(args) && cmd.Stdin != "":
			w.remote(cmd, cmd.Stdin, "ssh "+args[i].Value, fr)
			return
		case i < len(args) && cmd.StdinFrom != "":
			cmd.Problem = "the login shell on " + args[i].Value + " runs the commands fed to it from " + cmd.StdinFrom + ", which are not shown"
		}
		w.emit(cmd)
		return
	}
	rest := args[i+1:]
	if rest[0].Value == "--" && len(rest) > 1 {
		// ssh reads options after the host too, up to a "--", which it
		// consumes (openssh-portable ssh.c, main: opt_terminated).
		rest = rest[1:]
	}
	var parts []string
	for _, a := range rest {
		if a.Dynamic {
			cmd.Problem = "ssh runs a remote command that is only known at run time"
			w.emit(cmd)
			return
		}
		parts = append(parts, a.Value)
	}
	line := strings.Join(parts, " ")
	w.remote(cmd, line, "ssh "+args[i].Value, fr)
	switch {
	case !readsScript(line):
	case cmd.Stdin != "": // ssh host bash -s <<EOF
		w.remote(cmd, cmd.Stdin, "ssh "+args[i].Value+" "+line, fr)
	case cmd.StdinFrom != "":
		w.emitProblem(cmd, "the shell `"+line+"` on "+args[i].Value+" runs the script fed to it from "+cmd.StdinFrom+", which is not shown")
	}
}

// readsScript reports whether a command line is a shell that reads its
// script from stdin: bash, sh -s, zsh -x ..., but not sh -c CMD or sh FILE.
func readsScript(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 || !shells[programName(fields[0])] {
		return false
	}
	for _, f := range fields[1:] {
		if !strings.HasPrefix(f, "-") || strings.Contains(f, "c") && !strings.HasPrefix(f, "--") {
			return false
		}
	}
	return true
}

// trap analyses the command line trap ARG SIGNAL... will run when a signal
// or the shell's exit arrives. trap -p, trap -l, trap - SIGNAL and
// trap SIGNAL run nothing.
func (w *walker) trap(cmd *model.Command, fr frame) {
	w.emit(cmd)
	args := cmd.Args
	if len(args) > 0 && args[0].Value == "--" {
		args = args[1:]
	}
	if len(args) < 2 || args[0].Value == "-" || strings.HasPrefix(args[0].Value, "-") && !args[0].Dynamic {
		return
	}
	w.runLater(cmd, args[0], "trap", fr)
}

// make analyses the recipes of a makefile make reads from stdin (make -f -
// <<EOF): each is a command line make runs through the shell. A makefile
// in a file is the project's own, which the input does not show, like
// any build; one piped from elsewhere is not shown and needs review.
func (w *walker) make(cmd *model.Command, heredoc *string, fr frame) {
	chdirOptions(cmd, "-C", "--directory")
	fromStdin := false
	for _, f := range optionValues(cmd.Args, commandOption{flags: []string{"-f", "--file", "--makefile"}}) {
		fromStdin = fromStdin || f.Value == "-" || f.Value == "/dev/stdin"
	}
	switch {
	case !fromStdin && w.projectMakefile(cmd, fr):
		// the recipes of the project's makefile, read (makefile.go)
	case !fromStdin:
		w.emit(cmd)
	case heredoc == nil:
		cmd.Problem = "make reads its makefile from stdin (" + firstNonEmpty(cmd.StdinFrom, "not shown") + "), whose recipes the input does not show"
		w.emit(cmd)
	default:
		w.emit(cmd)
		for _, recipe := range makeRecipes(*heredoc) {
			w.script(recipe, nested(cmd, fr, ""))
		}
	}
}

// makeRecipes returns the recipe lines of a makefile: the lines that start
// with a tab, and what follows ";" on a rule line (all: ; cmd), without
// the @, - and + prefixes that only change how make reports them.
func makeRecipes(makefile string) []string {
	var out []string
	for _, line := range strings.Split(makefile, "\n") {
		var recipe string
		switch {
		case strings.HasPrefix(line, "\t"):
			recipe = line[1:]
		case strings.Contains(line, ":") && strings.Contains(line, ";") && !strings.HasPrefix(strings.TrimSpace(line), "#"):
			rule, rest, _ := strings.Cut(line, ";")
			if !strings.Contains(rule, ":") {
				continue
			}
			recipe = rest
		default:
			continue
		}
		recipe = strings.TrimLeft(strings.TrimSpace(recipe), "@-+")
		if recipe != "" {
			out = append(out, recipe)
		}
	}
	return out
}
