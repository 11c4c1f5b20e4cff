package shell

import (
	"slices"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// interpreter records the inline source an interpreter runs (python -c,
// node -e, perl -e, ruby -e, php -r ...) for the rules to scan, and
// analyses the shell commands the source spawns (os.system("..."),
// subprocess.run([...]), execSync('...'), system('...'), `...`).
func (w *walker) interpreter(cmd *model.Command, heredoc *string, fr frame) {
	flags := interpreters[cmd.Program]
	var script *model.Arg
	files := 0
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		switch {
		case slices.Contains(flags, a.Value) && i+1 < len(cmd.Args):
			script = &cmd.Args[i+1]
			i = len(cmd.Args)
		case !strings.HasPrefix(a.Value, "-"):
			files++
		}
	}
	if script == nil && heredoc != nil && files == 0 {
		script = &model.Arg{Value: *heredoc}
	}
	if script == nil {
		w.emit(cmd) // runs a file, a REPL or a module: the rules judge the program
		return
	}
	if script.Dynamic {
		cmd.Problem = cmd.Program + " runs inline code that is only known at run time: " + script.Value
		w.emit(cmd)
		return
	}
	cmd.Script, cmd.Interpreter = script.Value, cmd.Program
	w.emit(cmd)
	for _, sub := range spawned(script.Value) {
		w.script(sub, nested(cmd, fr, ""))
	}
}

// spawners are the calls through which inline code runs a shell command.
var spawners = []string{
	"os.system(", "os.popen(", "subprocess.run(", "subprocess.call(", "subprocess.check_call(", "subprocess.check_output(",
	"subprocess.Popen(", "subprocess.getoutput(", "subprocess.getstatusoutput(", "commands.getoutput(",
	"execSync(", "exec(", "spawnSync(", "spawn(", "execFileSync(", "execFile(",
	"system(", "shell_exec(", "passthru(", "popen(", "proc_open(", "%x(", "Open3.capture2(", "Open3.popen3(", "IO.popen(",
}

// spawned extracts the command strings inline source passes to a spawner,
// and the contents of backticks (Ruby, Perl, PHP).
func spawned(src string) []string {
	var out []string
	seen := map[int]bool{} // argument offsets already read (system( inside os.system()
	for _, name := range spawners {
		for from := 0; ; {
			i := strings.Index(src[from:], name)
			if i < 0 {
				break
			}
			at := from + i
			from = at + len(name)
			// "exec(" must not match the end of another name ("myexec(");
			// a method call (".exec(") is still a spawner.
			if at > 0 && isIdent(src[at-1]) && !strings.Contains(name, ".") {
				continue
			}
			if seen[from] {
				continue
			}
			seen[from] = true
			if cmd, ok := firstArgument(src[from:]); ok {
				out = append(out, cmd)
			}
		}
	}
	for rest := src; ; {
		i := strings.IndexByte(rest, '`')
		if i < 0 {
			break
		}
		j := strings.IndexByte(rest[i+1:], '`')
		if j < 0 {
			break
		}
		out = append(out, rest[i+1:i+1+j])
		rest = rest[i+2+j:]
	}
	return out
}

func isIdent(b byte) bool {
	return b == '_' || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9')
}

// firstArgument reads a string literal, or a list of string literals
// (joined by spaces), at the start of s.
func firstArgument(s string) (string, bool) {
	s = strings.TrimLeft(s, " \t\n")
	if s == "" {
		return "", false
	}
	if s[0] == '[' {
		var parts []string
		rest := s[1:]
		for {
			rest = strings.TrimLeft(rest, " \t\n,")
			if rest == "" || rest[0] == ']' {
				break
			}
			lit, n, ok := stringLiteral(rest)
			if !ok {
				return "", false
			}
			parts = append(parts, lit)
			rest = rest[n:]
		}
		return strings.Join(parts, " "), len(parts) > 0
	}
	lit, _, ok := stringLiteral(s)
	return lit, ok
}

// stringLiteral reads a quoted literal at the start of s and returns its
// value and length.
func stringLiteral(s string) (string, int, bool) {
	if s == "" || (s[0] != '"' && s[0] != '\'' && s[0] != '`') {
		return "", 0, false
	}
	q := s[0]
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s):
			i++
			b.WriteByte(s[i])
		case s[i] == q:
			return b.String(), i + 1, true
		default:
			b.WriteByte(s[i])
		}
	}
	return "", 0, false
}
