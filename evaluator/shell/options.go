package shell

import (
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/model"
)

// commandOption is an option whose value is a command line the program
// hands to a shell: tar --to-command, rsync -e, zip -TT, ssh -o
// ProxyCommand=..., vim -c '!...', gdb -ex 'shell ...'. The table is data:
// supporting another such option is adding a row.
type commandOption struct {
	// flags name the option; its value is the next argument, or follows
	// "=" (--to-command=CMD), or is attached to a short flag (-oKEY=CMD).
	flags []string
	// prefixes, compared without regard to case, introduce the command
	// within the value (ssh's "ProxyCommand=", tar's "exec=", gdb's
	// "shell "); with none, the whole value is the command line.
	prefixes []string
	// plus: an argument +VALUE is the option too (vim +'!cmd').
	plus bool
	// unanalysed are words that, in a value that runs no command line
	// this table can read, still run code (vim's system(), gdb's python):
	// the command needs review.
	unanalysed []string
}

var (
	vimOptions = []commandOption{{flags: []string{"-c", "--cmd"}, prefixes: []string{"!", ":!", "silent !", ":silent !"}, plus: true,
		unanalysed: []string{"system(", "systemlist(", "job_start(", "jobstart(", "termopen(", "terminal", "r !", "r!", "w !", "read !", "write !", "py ", "py3 ", "python", "pyfile", "pydo", "lua ", "luafile", "perl ", "ruby "}}}
	flyOptions = []commandOption{{flags: []string{"-C", "--command"}}}
	sshOptions = []commandOption{{flags: []string{"-o"}, prefixes: []string{"proxycommand=", "proxycommand ", "localcommand=", "localcommand ",
		"knownhostscommand=", "knownhostscommand "}}}
)

// commandOptions are the programs that run a command line given in an
// option, by program name.
var commandOptions = sync.OnceValue(func() map[string][]commandOption {
	return map[string][]commandOption{
		"tar": {
			{flags: []string{"--to-command", "--use-compress-program", "-I", "--rsh-command", "--info-script", "--new-volume-script", "-F"}},
			{flags: []string{"--checkpoint-action"}, prefixes: []string{"exec="}},
		},
		"zip": {{flags: []string{"-TT", "--unzip-command"}}},
		// rsync --rsync-path names the program run on the other machine (in
		// place of rsync), through its shell.
		"rsync": {{flags: []string{"-e", "--rsh", "--rsync-path"}}},
		// man -P/--pager runs its pager through the shell; strace and ltrace
		// -o '|CMD' (or '!CMD') pipe their trace into CMD.
		"man":    {{flags: []string{"-P", "--pager"}}},
		"strace": {{flags: []string{"-o", "--output"}, prefixes: []string{"|", "!"}}},
		"ltrace": {{flags: []string{"-o", "--output"}, prefixes: []string{"|", "!"}}},
		"ssh":    sshOptions, "scp": sshOptions, "sftp": sshOptions,
		"vim": vimOptions, "vi": vimOptions, "nvim": vimOptions, "ex": vimOptions, "view": vimOptions, "gvim": vimOptions,
		"vimdiff": vimOptions,
		// Cloud CLIs that run a command line on a machine or cluster: gcloud
		// compute ssh --command, az vm run-command invoke --scripts, az aks
		// command invoke --command, aws ecs execute-command --command, and
		// aws ssm send-command's commands= parameter (its JSON form, which
		// this table does not read, needs review).
		"gcloud": {{flags: []string{"--command"}}},
		"az":     {{flags: []string{"--scripts", "--command"}}},
		"aws": {{flags: []string{"--command"}},
			{flags: []string{"--parameters"}, prefixes: []string{"commands="}, unanalysed: []string{`"commands"`}}},
		// Platform and VM tools that run a command over ssh: fly ssh console
		// -C, doctl compute ssh --ssh-command, vagrant ssh -c, eb ssh
		// --command, nix-shell --run.
		"fly": flyOptions, "flyctl": flyOptions,
		"doctl":     {{flags: []string{"--ssh-command"}}},
		"vagrant":   {{flags: []string{"-c", "--command"}}},
		"eb":        {{flags: []string{"--command"}}},
		"nix-shell": {{flags: []string{"--run", "--command"}}},
		// schtasks /create /tr CMD schedules CMD (Windows, run through cmd).
		"schtasks": {{flags: []string{"/tr", "/TR", "/Tr"}}},
		"gdb": {{flags: []string{"-ex", "--ex", "-eval-command", "--eval-command", "-iex", "--init-eval-command"}, prefixes: []string{"shell ", "!"},
			unanalysed: []string{"python", "pi ", "pipe ", "|", "call system", "call (int)system", "call execl"}}},
	}
})

// outputOptions are options whose value is a file the program writes,
// replacing what it held: judged like a redirection into it (curl -o
// ~/.bashrc, wget -O /etc/hosts, sort -o, openssl -out, pg_dump -f). "-"
// is stdout.
var outputOptions = sync.OnceValue(func() map[string]commandOption {
	return map[string]commandOption{
		"curl":         {flags: []string{"-o", "--output"}},
		"wget":         {flags: []string{"-O", "--output-document"}},
		"sort":         {flags: []string{"-o", "--output"}},
		"openssl":      {flags: []string{"-out"}},
		"pg_dump":      {flags: []string{"-f", "--file"}},
		"pg_dumpall":   {flags: []string{"-f", "--file"}},
		"mysqldump":    {flags: []string{"-r", "--result-file"}},
		"mariadb-dump": {flags: []string{"-r", "--result-file"}},
		"mongoexport":  {flags: []string{"-o", "--out"}},
		"mongodump":    {flags: []string{"--archive"}},
		"gpg":          {flags: []string{"-o", "--output"}},
		"pandoc":       {flags: []string{"-o", "--output"}},
		// git diff, log, show, format-patch and archive --output=FILE
		// (format-patch's -o is a directory it adds patches to, commit's -o
		// is --only).
		"git": {flags: []string{"--output"}},
	}
})

// options analyses what cmd's options do besides the command itself:
// the command lines they run and the files they overwrite.
func (w *walker) options(cmd *model.Command, info *program, fr frame) {
	w.optionCommands(cmd, info, fr)
	w.unpacks(cmd)
	var outputs []model.Arg
	if info.output != nil {
		outputs = optionValues(cmd.Args, *info.output)
	}
	switch cmd.Program {
	case "tar", "gtar", "bsdtar":
		outputs = append(outputs, tarArchiveCreated(cmd.Args)...)
	case "dd":
		// dd of=FILE writes FILE (truncating it, unless conv=notrunc
		// overwrites it in place).
		for _, a := range cmd.Args {
			if v, ok := strings.CutPrefix(a.Value, "of="); ok {
				outputs = append(outputs, model.Arg{Value: v, Dynamic: a.Dynamic})
			}
		}
	case "docker", "podman", "nerdctl":
		// docker save -o FILE and docker export -o FILE write the image or
		// container to FILE (docker build -o is an output directory).
		if ops := leadingWords(cmd.Args); len(ops) > 0 && (ops[0] == "save" || ops[0] == "export") {
			outputs = append(outputs, optionValues(cmd.Args, commandOption{flags: []string{"-o", "--output"}})...)
		}
	}
	for _, f := range outputs {
		if f.Value != "-" {
			w.truncations(cmd, []model.Redirect{{Op: ">", Target: f}})
		}
	}
}

// tarArchiveCreated returns the archive tar creates (-c, --create, or c
// in an old-style first argument such as cvf): the value of -f/--file, or
// the argument after an old-style f.
func tarArchiveCreated(args []model.Arg) []model.Arg {
	if len(args) == 0 {
		return nil
	}
	if first := args[0].Value; !strings.HasPrefix(first, "-") && !args[0].Dynamic {
		if strings.ContainsRune(first, 'c') && strings.ContainsRune(first, 'f') && len(args) > 1 {
			return []model.Arg{args[1]}
		}
		return nil
	}
	creates := false
	for _, a := range args {
		v := a.Value
		creates = creates || v == "--create" || len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.ContainsRune(v, 'c')
	}
	if !creates {
		return nil
	}
	return optionValues(args, commandOption{flags: []string{"-f", "--file"}})
}

// leadingWords are the arguments before the first flag: a program's
// subcommand words.
func leadingWords(args []model.Arg) []string {
	var out []string
	for _, a := range args {
		if strings.HasPrefix(a.Value, "-") {
			break
		}
		out = append(out, a.Value)
	}
	return out
}

// optionCommands analyses the command lines cmd's options hand to a
// shell, and marks cmd as needing review when an option runs code that is
// not a command line (vim -c 'call system(...)').
func (w *walker) optionCommands(cmd *model.Command, info *program, fr frame) {
	for _, o := range info.options {
		for _, v := range optionValues(cmd.Args, o) {
			line, ok := commandIn(v.Value, o.prefixes)
			switch {
			case ok && v.Dynamic:
				w.emitProblem(cmd, cmd.Program+" runs a command line given in an option that is only known at run time: "+v.Value)
			case ok:
				w.script(line, nested(cmd, fr, ""))
			case containsAnyFold(v.Value, o.unanalysed):
				w.emitProblem(cmd, cmd.Program+" runs code given in an option that is not a command line Recourse reads: "+v.Value)
			}
		}
	}
}

// optionValues returns the values given to option o in args, up to "--".
func optionValues(args []model.Arg, o commandOption) []model.Arg {
	var out []model.Arg
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Value == "--" {
			break
		}
		if o.plus && len(a.Value) > 1 && a.Value[0] == '+' {
			out = append(out, model.Arg{Value: a.Value[1:], Dynamic: a.Dynamic})
			continue
		}
		for _, f := range o.flags {
			switch {
			case a.Value == f && i+1 < len(args):
				i++
				out = append(out, args[i])
			case len(a.Value) > len(f) && a.Value[len(f)] == '=' && strings.HasPrefix(a.Value, f):
				out = append(out, model.Arg{Value: a.Value[len(f)+1:], Dynamic: a.Dynamic})
			case len(f) == 2 && f[0] == '-' && f[1] != '-' && len(a.Value) > 2 && strings.HasPrefix(a.Value, f):
				out = append(out, model.Arg{Value: a.Value[2:], Dynamic: a.Dynamic}) // -oProxyCommand=...
			case len(f) == 2 && f[1] != '-' && i+1 < len(args) && endsCluster(a.Value, f[1]):
				i++
				out = append(out, args[i]) // curl -sSLo FILE
			default:
				continue
			}
			break
		}
	}
	return out
}

// commandIn returns the command line in an option's value: all of it
// when no prefix introduces one, else what follows the first prefix the
// value starts with (ignoring leading blanks and case).
func commandIn(value string, prefixes []string) (string, bool) {
	v := strings.TrimLeft(value, " \t")
	if len(prefixes) == 0 {
		return v, strings.TrimSpace(v) != ""
	}
	for _, p := range prefixes {
		if len(v) >= len(p) && strings.EqualFold(v[:len(p)], p) {
			line := v[len(p):]
			return line, strings.TrimSpace(line) != ""
		}
	}
	return "", false
}

func containsAnyFold(s string, words []string) bool {
	lower := strings.ToLower(s)
	for _, w := range words {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// endsCluster reports whether v is a cluster of short flags (-sSLo) whose
// last letter is flag, which then takes the next argument as its value.
func endsCluster(v string, flag byte) bool {
	if len(v) < 3 || v[0] != '-' || v[1] == '-' || v[len(v)-1] != flag {
		return false
	}
	for i := 1; i < len(v); i++ {
		if !isLetter(v[i]) {
			return false
		}
	}
	return true
}
