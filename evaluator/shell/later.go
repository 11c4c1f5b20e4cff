package shell

import (
	"slices"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// Commands that run a command line later or elsewhere: in a tmux session,
// through at or batch, or from a crontab. The command line is judged now,
// as if it ran now.

// tmuxRunners are the tmux subcommands whose trailing arguments are a
// shell command, and tmuxValueFlags the flags of theirs that take a value.
var (
	tmuxRunners    = []string{"new-session", "new", "new-window", "neww", "split-window", "splitw", "respawn-pane", "respawnp", "respawn-window", "respawnw"}
	tmuxSenders    = []string{"send-keys", "send"}
	tmuxValueFlags = []string{"-s", "-n", "-c", "-t", "-x", "-y", "-F", "-e", "-l", "-f", "-L", "-S", "-N"}
	tmuxKeys       = []string{"Enter", "C-m", "KPEnter", "C-j"}
)

// tmux analyses the command a new tmux session, window or pane runs, and
// the keys send-keys types into one (send-keys -t x 'rm -rf /' Enter).
func (w *walker) tmux(cmd *model.Command, fr frame) {
	w.emit(cmd)
	args := cmd.Args
	i := 0
	for i < len(args) && strings.HasPrefix(args[i].Value, "-") { // tmux's own flags: -L socket, -f file
		if slices.Contains([]string{"-L", "-S", "-f", "-T"}, args[i].Value) {
			i++
		}
		i++
	}
	if i >= len(args) {
		return
	}
	sub, rest := args[i].Value, args[i+1:]
	if !slices.Contains(tmuxRunners, sub) && !slices.Contains(tmuxSenders, sub) {
		return
	}
	var words []model.Arg
	for j := 0; j < len(rest); j++ {
		v := rest[j].Value
		switch {
		case v == "--":
			words = append(words, rest[j+1:]...)
			j = len(rest)
		case strings.HasPrefix(v, "-") && len(words) == 0:
			if slices.Contains(tmuxValueFlags, v) {
				j++
			}
		case slices.Contains(tmuxSenders, sub) && slices.Contains(tmuxKeys, v):
		default:
			words = append(words, rest[j])
		}
	}
	if len(words) == 0 {
		return
	}
	line := words[0]
	if len(words) > 1 || slices.Contains(tmuxSenders, sub) {
		line = model.Arg{}
		var parts []string
		for _, a := range words {
			parts = append(parts, a.Value)
			line.Dynamic = line.Dynamic || a.Dynamic
		}
		// tmux joins several arguments with spaces into one command line;
		// send-keys types them as they are.
		line.Value = strings.Join(parts, " ")
	}
	w.runLater(cmd, line, "tmux "+sub, fr)
}

// later analyses the script at or batch reads from stdin (a here-document,
// a here-string or a pipe from echo); -f names a file it does not show.
func (w *walker) later(cmd *model.Command, heredoc *string, fr frame) {
	switch {
	case heredoc != nil:
		w.emit(cmd)
		w.script(*heredoc, nested(cmd, fr, ""))
	case slices.ContainsFunc(cmd.Args, func(a model.Arg) bool { return a.Value == "-f" }):
		cmd.Problem = cmd.Program + " runs a script file later, whose contents the input does not show"
		w.emit(cmd)
	default:
		w.stdinScript(cmd, fr, true)
	}
}

// crontab analyses the jobs of a crontab it installs, when the input
// shows them: from stdin (echo "* * * * * CMD" | crontab -, a
// here-document) or from a file this line wrote (echo … > /tmp/c; crontab
// /tmp/c). Each job's command runs on its schedule.
func (w *walker) crontab(cmd *model.Command, heredoc *string, fr frame) {
	w.emit(cmd)
	text := cmd.Stdin
	if heredoc != nil {
		text = *heredoc
	}
	if file, ok := crontabFile(cmd.Args); ok && file.Value != "-" && !file.Dynamic {
		wr, wrote := w.writes[cleanRel(file.Value)]
		if !wrote || !wr.known {
			return
		}
		text = wr.text
	}
	for _, line := range strings.Split(text, "\n") {
		if job, ok := cronCommand(line); ok {
			w.script(job, nested(cmd, fr, ""))
		}
	}
}

// crontabFile returns the file crontab installs: its operand, past -u USER
// (and the other options, which take none).
func crontabFile(args []model.Arg) (model.Arg, bool) {
	for i := 0; i < len(args); i++ {
		switch v := args[i].Value; {
		case v == "-u":
			i++
		case v == "-":
			return args[i], true
		case strings.HasPrefix(v, "-"):
		default:
			return args[i], true
		}
	}
	return model.Arg{}, false
}

// cronCommand is the command of a crontab line: what follows the five
// schedule fields, or an @reboot-style nickname.
func cronCommand(line string) (string, bool) {
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") {
		return "", false
	}
	fields := strings.Fields(line)
	n := 5
	if strings.HasPrefix(fields[0], "@") {
		n = 1
	} else if strings.Contains(fields[0], "=") {
		return "", false // an environment setting
	}
	if len(fields) <= n {
		return "", false
	}
	return strings.Join(fields[n:], " "), true
}

// runLater analyses a command line that cmd runs, now or later (su -c,
// npx -c, env -S, tmux): a line only known at run time is unanalysed,
// unless its text is written out with only parameters put in
// (readableLine).
func (w *walker) runLater(cmd *model.Command, line model.Arg, via string, fr frame) {
	if line.Dynamic && !readableLine(line) {
		w.emitProblem(cmd, via+" runs a command line that is only known at run time: "+line.Value)
		return
	}
	w.script(line.Value, nested(cmd, fr, ""))
}

// readableLine reports whether line, a command line or script given to a
// shell that is only partly known (su nobody -c "cd $tempDir && make",
// sh -c "nvm install ${NODE_VERSION}"), is written out in the text with
// only parameter expansions put in: its shape ($NAME where the outer shell
// puts a value in) is then read as the inner shell's script, each value
// one word known only at run time — as the dialects read ${{ }} and $(VAR)
// (docs/shell.md, "Dialects"): a destructive command on one needs review.
// Not readable: a line with a command substitution put in ($(...), whose
// output may be any text), or one that is a single parameter ("$CMD"),
// which is a whole line only known at run time.
func readableLine(line model.Arg) bool {
	v := strings.TrimSpace(line.Value)
	if strings.Contains(v, "$(...)") || strings.Contains(v, "`") || strings.Contains(v, "<(") {
		return false
	}
	if !strings.ContainsAny(v, " \t\n;&|") {
		return false // one word: "$CMD", "$CMD$ARGS"
	}
	return true
}
