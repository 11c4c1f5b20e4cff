package shell

import (
	"slices"
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/model"
)

// Configuration-management tools run a command on many hosts at once:
// ansible's ad-hoc mode runs its -a argument through the command, shell
// or raw module (command when no -m is given), and salt's cmd.run runs its
// argument through a shell. The command is analysed like ssh's remote
// command. Ansible's file module with state=absent deletes its path like
// rm -rf, and any other module with state=absent (user, apt, mysql_db ...)
// needs review.

// ansibleCommandModules run their -a argument as a command line.
var ansibleCommandModules = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"command": true, "shell": true, "raw": true,
		"ansible.builtin.command": true, "ansible.builtin.shell": true, "ansible.builtin.raw": true,
		"win_command": true, "win_shell": true, "ansible.windows.win_command": true, "ansible.windows.win_shell": true}
})

// ansibleValueFlags are ansible's options that take the next argument.
var ansibleValueFlags = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"-m": true, "--module-name": true, "-a": true, "--args": true, "-i": true,
		"--inventory": true, "-u": true, "--user": true, "-e": true, "--extra-vars": true, "-f": true, "--forks": true,
		"-l": true, "--limit": true, "-B": true, "-P": true, "-t": true, "--tree": true, "--become-user": true,
		"--become-method": true, "-c": true, "--connection": true, "-T": true, "--timeout": true, "--private-key": true}
})

// ansible analyses an ad-hoc command: its module's command line, or the
// path its file module removes.
func (w *walker) ansible(cmd *model.Command, fr frame) {
	module, hosts := "command", ""
	var margs *model.Arg
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		name, value, hasValue := strings.Cut(a.Value, "=")
		switch {
		case !strings.HasPrefix(a.Value, "-"):
			if hosts == "" {
				hosts = a.Value
			}
		case !ansibleValueFlags()[name]:
		case hasValue && strings.HasPrefix(name, "--"):
			module, margs = ansibleOption(name, model.Arg{Value: value, Dynamic: a.Dynamic}, module, margs)
		case i+1 < len(cmd.Args):
			module, margs = ansibleOption(name, cmd.Args[i+1], module, margs)
			i++
		}
	}
	via := "ansible " + hosts
	switch {
	case margs == nil:
		w.emit(cmd)
	case margs.Dynamic:
		w.emitProblem(cmd, via+" runs module arguments that are only known at run time: "+margs.Value)
	case ansibleCommandModules()[module]:
		w.remote(cmd, margs.Value, via, fr)
	case module == "file" || module == "ansible.builtin.file":
		if path, ok := absentPath(margs.Value); ok {
			w.remote(cmd, "rm -rf -- "+path, via+" (file state=absent)", fr)
			return
		}
		w.emit(cmd)
	case removes(margs.Value):
		// user, apt, mysql_db, docker_container ... with state=absent
		// remove what they name; what that holds is not analysed.
		w.emitProblem(cmd, via+" runs the "+module+" module with state=absent, which removes what its arguments name ("+margs.Value+")")
	default:
		w.emit(cmd)
	}
}

// removes reports whether module arguments ask for state=absent.
func removes(args string) bool {
	for _, f := range strings.Fields(args) {
		if k, v, _ := strings.Cut(f, "="); k == "state" && strings.Trim(v, `'"`) == "absent" {
			return true
		}
	}
	return false
}

func ansibleOption(name string, value model.Arg, module string, margs *model.Arg) (string, *model.Arg) {
	switch name {
	case "-m", "--module-name":
		return value.Value, margs
	case "-a", "--args":
		return module, &value
	}
	return module, margs
}

// absentPath returns the path of file-module arguments that remove it
// (path=/srv/x state=absent).
func absentPath(args string) (string, bool) {
	path := ""
	for _, f := range strings.Fields(args) {
		if k, v, _ := strings.Cut(f, "="); k == "path" || k == "dest" || k == "name" {
			path = strings.Trim(v, `'"`)
		}
	}
	return path, removes(args) && path != ""
}

// saltShellFunctions run their first argument through a shell.
var saltShellFunctions = map[string]bool{"cmd.run": true, "cmd.shell": true, "cmd.run_all": true, "cmd.run_stdout": true,
	"cmd.run_stderr": true, "cmd.run_bg": true}

// salt analyses `salt TARGET cmd.run 'CMD'` (and salt-ssh, salt-call).
func (w *walker) salt(cmd *model.Command, fr frame) {
	for i, a := range cmd.Args {
		if !saltShellFunctions[a.Value] || i+1 >= len(cmd.Args) {
			continue
		}
		line := cmd.Args[i+1]
		if line.Dynamic {
			w.emitProblem(cmd, cmd.Program+" "+a.Value+" runs a command only known at run time: "+line.Value)
			return
		}
		w.remote(cmd, line.Value, cmd.Program+" "+a.Value, fr)
		return
	}
	w.emit(cmd)
}

// remote analyses a command line that a tool runs elsewhere, named in the
// wrappers by via.
func (w *walker) remote(cmd *model.Command, line, via string, fr frame) {
	in := nested(cmd, fr, "")
	in.wrappers = append(in.wrappers[:len(in.wrappers)-1], via)
	saved := w.cwd
	w.cwd = "" // the remote working directory is unknown
	w.away++   // and its file system is not an image being built
	w.script(line, in)
	w.away--
	w.cwd = saved
}

// remoteRunner is a program that runs a command line given as its
// operands on another machine: heroku run CMD, gh codespace ssh -- CMD,
// pssh -h HOSTS CMD, pdsh -w HOSTS CMD, mosh HOST -- CMD.
type remoteRunner struct {
	// path is the subcommand words that must come first ("run").
	path []string
	// valueFlags take the next argument as their value.
	valueFlags []string
	// afterDashDash: the command is what follows "--" (mosh HOST -- CMD);
	// otherwise it starts at the first operand.
	afterDashDash bool
	// trailingFlags: the runner's valueFlags may also follow the command
	// (heroku run bash -a shop).
	trailingFlags bool
}

var (
	psshFlags = []string{"-h", "--hosts", "-H", "--host", "-l", "--user", "-p", "--par", "-o", "--outdir", "-e", "--errdir",
		"-t", "--timeout", "-O", "--option", "-x", "--extra-args", "-X", "--extra-arg"}
	remoteRunners = map[string]remoteRunner{
		"heroku": {path: []string{"run"}, valueFlags: []string{"-a", "--app", "-r", "--remote", "-s", "--size", "-e", "--env", "--type"}, trailingFlags: true},
		"gh":     {path: []string{"codespace", "ssh"}, afterDashDash: true},
		"pssh":   {valueFlags: psshFlags}, "parallel-ssh": {valueFlags: psshFlags},
		"pdsh": {valueFlags: []string{"-w", "-x", "-l", "-R", "-f", "-t", "-u", "-g", "-X"}},
		"mosh": {afterDashDash: true},
		// launchctl submit -l LABEL -- CMD runs CMD here, as a launchd
		// job: read the same way.
		"launchctl": {path: []string{"submit"}, afterDashDash: true},
	}
)

// runsRemotely reports whether cmd is a remote runner's subcommand that
// runs a command line (heroku run, not heroku pg:psql).
func runsRemotely(cmd *model.Command) bool {
	spec, ok := remoteRunners[cmd.Program]
	if !ok || len(cmd.Args) < len(spec.path) {
		return false
	}
	for i, word := range spec.path {
		if cmd.Args[i].Value != word {
			return false
		}
	}
	return true
}

// remoteRun emits a remote runner's command and analyses the command line
// it runs remotely, if it names one.
func (w *walker) remoteRun(cmd *model.Command, spec remoteRunner, fr frame) {
	w.emit(cmd)
	args := cmd.Args[len(spec.path):]
	var parts []string
	dashed := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case spec.afterDashDash && !dashed:
			dashed = a.Value == "--"
			continue
		case spec.afterDashDash:
		case strings.HasPrefix(a.Value, "-") && !a.Dynamic && (len(parts) == 0 || spec.trailingFlags && slices.Contains(spec.valueFlags, a.Value)):
			// The runner's own options: before the command, and for
			// heroku run also after it (heroku run bash -a shop); any
			// other option after the command word is the command's
			// (heroku run rm -rf /app).
			if !strings.Contains(a.Value, "=") && slices.Contains(spec.valueFlags, a.Value) {
				i++
			}
			continue
		}
		if a.Dynamic {
			w.emitProblem(cmd, cmd.Program+" runs a remote command that is only known at run time")
			return
		}
		parts = append(parts, a.Value)
	}
	if len(parts) > 0 {
		w.remote(cmd, strings.Join(parts, " "), cmd.Program+" "+strings.Join(spec.path, " "), fr)
	}
}
