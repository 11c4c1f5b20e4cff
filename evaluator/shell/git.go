package shell

import (
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/model"
)

// git's configuration can run commands. An alias whose value starts with
// "!" is a shell command line, and settings such as core.pager,
// core.editor, core.sshCommand or core.fsmonitor name programs that git
// starts. Given on the command line (git -c KEY=VALUE; the GIT_*
// variables that override them are read where they are assigned, with
// PAGER and EDITOR, in parse.go) they are part of what the line runs, so
// they are analysed like any command line; an alias without "!" is
// expanded in place, so that `git -c alias.x='reset --hard' x` is judged
// as the reset it is.

// gitValueFlags are git's global options that take the next argument
// (the same list rules/git reads to find the subcommand).
var gitValueFlags = map[string]bool{"-C": true, "-c": true, "--git-dir": true, "--work-tree": true, "--namespace": true,
	"--super-prefix": true, "--config-env": true}

// gitCommandKeys are configuration keys whose value is a command git runs
// (keys are case-insensitive; the middle part of a three-part key such
// as filter.NAME.clean is a name).
var gitCommandKeys = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"core.pager": true, "core.editor": true, "core.sshcommand": true, "core.fsmonitor": true,
		"core.askpass": true, "sequence.editor": true, "diff.external": true, "gpg.program": true, "gpg.ssh.program": true,
		"credential.helper": true, "uploadpack.packobjectshook": true, "core.gitproxy": true}
})

// core.hooksPath names a directory of hooks, not a command: rules/git
// judges setting it.

// gitCommandKinds are the first and last parts of three-part keys whose
// value is a command: pager.log, difftool.NAME.cmd, filter.NAME.clean.
var gitCommandKinds = map[[2]string]bool{{"difftool", "cmd"}: true, {"mergetool", "cmd"}: true,
	{"filter", "clean"}: true, {"filter", "smudge"}: true, {"filter", "process"}: true, {"credential", "helper"}: true}

// git analyses the commands a git command line configures, expands an
// alias it defines and calls, and emits the git command.
func (w *walker) git(cmd *model.Command, fr frame) {
	gitChdir(cmd)
	aliases := map[string]model.Arg{}
	sub := gitSubcommand(cmd.Args, func(kv model.Arg) { w.gitConfig(cmd, kv, aliases, fr) })
	if sub >= 0 && len(aliases) > 0 {
		if body, ok := aliases[strings.ToLower(cmd.Args[sub].Value)]; ok {
			if w.gitAlias(cmd, sub, body, fr) {
				return
			}
			sub = gitSubcommand(cmd.Args, func(model.Arg) {}) // the expanded alias's
		}
	}
	w.emit(cmd)
	if sub >= 0 {
		w.gitSubcommandRuns(cmd, sub, fr)
	}
}

// gitSubcommand returns the index of the subcommand in args, past git's
// global options, or -1; config is called with the KEY=VALUE of each -c.
func gitSubcommand(args []model.Arg, config func(model.Arg)) int {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case args[i].Dynamic:
			return -1
		case v == "-c" && i+1 < len(args):
			config(args[i+1])
			i++
		case strings.HasPrefix(v, "-c") && !strings.HasPrefix(v, "--"):
			config(model.Arg{Value: v[2:]})
		case v == "--":
		case strings.HasPrefix(v, "-"):
			if name, _, hasValue := strings.Cut(v, "="); gitValueFlags[name] && !hasValue {
				i++
			}
		default:
			return i
		}
	}
	return -1
}

// gitSubcommandRuns analyses the commands a git subcommand runs: git
// submodule foreach CMD (through the shell, in every submodule), git
// bisect run CMD ARGS, git rebase -x CMD, git difftool --extcmd=CMD, git
// grep -O CMD, and
// the command lines git config stores for later (core.pager, a "!"
// alias).
func (w *walker) gitSubcommandRuns(cmd *model.Command, sub int, fr frame) {
	args := cmd.Args[sub+1:]
	saved := w.cwd
	defer func() { w.cwd = saved }()
	switch strings.ToLower(cmd.Args[sub].Value) {
	case "submodule":
		i := 0
		for i < len(args) && strings.HasPrefix(args[i].Value, "-") { // git submodule --quiet foreach
			i++
		}
		if i >= len(args) || args[i].Value != "foreach" {
			return
		}
		rest := args[i+1:]
		for len(rest) > 0 && (rest[0].Value == "--recursive" || rest[0].Value == "-q" || rest[0].Value == "--quiet") {
			rest = rest[1:]
		}
		if len(rest) > 0 {
			w.cwd = "" // each submodule's directory
			w.runLater(cmd, joinLine(rest[0], rest[1:]), "git submodule foreach", fr)
		}
	case "bisect":
		if len(args) > 1 && args[0].Value == "run" {
			w.unwrap(w.child(cmd, "git bisect run"), args[1:], nil, fr)
		}
	case "rebase":
		for _, line := range optionValues(args, commandOption{flags: []string{"-x", "--exec"}}) {
			w.runLater(cmd, line, "git rebase --exec", fr)
		}
	case "difftool", "mergetool":
		// git appends the two files it compares to the command
		// (--extcmd='rm -rf' deletes them): they are known only then.
		for _, line := range optionValues(args, commandOption{flags: []string{"-x", "--extcmd"}}) {
			if !line.Dynamic {
				line.Value += ` "$LOCAL" "$REMOTE"`
			}
			w.runLater(cmd, line, "git "+cmd.Args[sub].Value+" --extcmd", fr)
		}
	case "grep":
		// git grep -OCMD/--open-files-in-pager=CMD opens the matching
		// files with CMD, through the shell. The value is optional, so it
		// is only ever attached: in git grep -O foo, foo is the pattern.
		for _, a := range args {
			value, ok := strings.CutPrefix(a.Value, "--open-files-in-pager=")
			if !ok && strings.HasPrefix(a.Value, "-O") && len(a.Value) > 2 {
				value, ok = a.Value[2:], true
			}
			if !ok || value == "" {
				continue
			}
			line := model.Arg{Value: value + ` "$FILES"`, Dynamic: a.Dynamic}
			w.runLater(cmd, line, "git grep --open-files-in-pager", fr)
		}
	case "config":
		w.gitConfigSet(cmd, args, fr)
	}
}

// gitConfigReads are git config's actions that store no value: reads,
// unsets and section edits (git-config(1)), whose second operand is a
// value pattern or a section name.
var gitConfigReads = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"--get": true, "--get-all": true, "--get-regexp": true, "--get-urlmatch": true,
		"--get-color": true, "--get-colorbool": true, "--unset": true, "--unset-all": true, "-l": true, "--list": true,
		"--remove-section": true, "--rename-section": true, "-e": true, "--edit": true}
})

// gitConfigSet analyses the value git config KEY VALUE stores when git
// will run it later: a command key's value, or an alias that starts
// with "!".
func (w *walker) gitConfigSet(cmd *model.Command, args []model.Arg, fr frame) {
	var operands []model.Arg
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case gitConfigReads()[v]:
			return // KEY [VALUE-PATTERN]: the second operand is a pattern, not a value to store
		case v == "--file" || v == "-f" || v == "--blob" || v == "--type" || v == "--default" || v == "--comment":
			i++
		case strings.HasPrefix(v, "-"):
		default:
			operands = append(operands, args[i])
		}
	}
	if len(operands) < 2 || operands[0].Dynamic {
		return
	}
	key := strings.ToLower(operands[0].Value)
	if name, ok := strings.CutPrefix(key, "alias."); ok && strings.HasPrefix(strings.TrimSpace(operands[1].Value), "!") {
		w.gitRuns(cmd, operands[1], "git alias "+name, fr)
		return
	}
	if gitRunsValue(key) {
		w.gitRuns(cmd, operands[1], "git config "+key, fr)
	}
}

// gitConfig reads one -c KEY=VALUE: an alias is remembered, a command
// key's value analysed.
func (w *walker) gitConfig(cmd *model.Command, kv model.Arg, aliases map[string]model.Arg, fr frame) {
	key, value, _ := strings.Cut(kv.Value, "=")
	key = strings.ToLower(key)
	val := model.Arg{Value: value, Dynamic: kv.Dynamic}
	if name, ok := strings.CutPrefix(key, "alias."); ok {
		aliases[name] = val
		return
	}
	if gitRunsValue(key) {
		w.gitRuns(cmd, val, "git -c "+key, fr)
	}
}

// gitRunsValue reports whether the value of key is a command git runs.
func gitRunsValue(key string) bool {
	if gitCommandKeys()[key] || strings.HasPrefix(key, "pager.") {
		return true
	}
	parts := strings.Split(key, ".")
	return len(parts) >= 3 && gitCommandKinds[[2]string{parts[0], parts[len(parts)-1]}]
}

// gitRuns analyses a configured command: a shell command line (a leading
// "!" marks one in aliases and credential helpers).
func (w *walker) gitRuns(cmd *model.Command, line model.Arg, via string, fr frame) {
	line.Value = strings.TrimPrefix(line.Value, "!")
	if strings.TrimSpace(line.Value) == "" {
		return
	}
	w.runLater(cmd, line, via, fr)
}

// gitAlias expands the alias called at args[sub]: "!CMD" runs CMD through
// the shell, with the arguments after the alias appended; anything else
// is git arguments that replace the alias word. It reports whether the
// command was fully handled (the shell case).
func (w *walker) gitAlias(cmd *model.Command, sub int, body model.Arg, fr frame) bool {
	if body.Dynamic {
		w.emitProblem(cmd, "git alias "+cmd.Args[sub].Value+" runs a command only known at run time: "+body.Value)
		return true
	}
	if line, ok := strings.CutPrefix(strings.TrimSpace(body.Value), "!"); ok {
		saved := w.cwd
		w.cwd = "" // git runs a shell alias from the top of the work tree
		w.runLater(cmd, joinLine(model.Arg{Value: line}, cmd.Args[sub+1:]), "git alias "+cmd.Args[sub].Value, fr)
		w.cwd = saved
		return true
	}
	args := append([]model.Arg(nil), cmd.Args[:sub]...)
	for _, f := range strings.Fields(body.Value) {
		args = append(args, model.Arg{Value: f})
	}
	cmd.Args = append(args, cmd.Args[sub+1:]...)
	cmd.Wrappers = append(cmd.Wrappers, "git alias")
	return false
}

// gitChdir sets the working directory git -C DIR gives cmd: git reads
// every later -C, and the paths of its subcommand, from there.
func gitChdir(cmd *model.Command) {
	for i := 0; i+1 < len(cmd.Args); i++ {
		switch v := cmd.Args[i].Value; {
		case v == "-C":
			cmd.Cwd = resolveDir(cmd.Args[i+1], cmd.Cwd)
			i++
		case gitValueFlags[v]:
			i++
		case !strings.HasPrefix(v, "-"):
			return
		}
	}
}
