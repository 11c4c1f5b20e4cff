package shell

import (
	"encoding/base64"
	"slices"
	"strings"
	"unicode/utf16"

	"github.com/recourse-dev/recourse/model"
)

// interpreter records the inline source an interpreter runs (python -c,
// node -e, perl -e, ruby -e, php -r ...) for the rules to scan, and
// analyses the shell commands the source spawns (os.system("..."),
// subprocess.run([...]), execSync('...'), system('...'), `...`).
func (w *walker) interpreter(cmd *model.Command, heredoc *string, fr frame) {
	if module, rest, ok := pythonModule(cmd); ok {
		// python -m pip uninstall x is pip uninstall x, python -m pytest
		// is pytest: the module runs as the program of its name.
		cmd.Wrappers = append(cmd.Wrappers, cmd.Program+" -m")
		w.unwrap(cmd, append([]model.Arg{{Value: module}}, rest...), heredoc, fr)
		return
	}
	flags := interpreters()[cmd.Program]
	var script *model.Arg
	files, fileAt := 0, -1
	ps, psRead := psLine{}, false
	if cmd.Program == "powershell" || cmd.Program == "pwsh" {
		// Read as PowerShell reads its command line (psargs.go).
		ps, psRead = readPSLine(cmd)
		script = ps.script
		if ps.file >= 0 {
			files, fileAt = 1, ps.file
		}
	}
	// The interpreter's own options come before the program file (or
	// python's -m MODULE): after it, -c and -e are the program's
	// (python manage.py shell -c CODE runs CODE in Django's shell).
	for i := 0; i < len(cmd.Args) && files == 0 && !psRead; i++ {
		a := cmd.Args[i]
		switch {
		case (slices.Contains(flags, a.Value) || bundledInline(cmd.Program, a.Value)) && i+1 < len(cmd.Args):
			script = &cmd.Args[i+1]
			i = len(cmd.Args)
		case slices.Contains(interpreterValueFlags[cmd.Program], a.Value):
			i++
		case !strings.HasPrefix(a.Value, "-") || a.Value == "-m":
			files, fileAt = files+1, i
		}
	}
	if script == nil && heredoc != nil && files == 0 {
		script = &model.Arg{Value: *heredoc}
	}
	if enc, ok := encodedCommand(cmd); ok { // powershell -EncodedCommand BASE64
		script = enc
	}
	if src, piped := strings.CutPrefix(cmd.StdinFrom, "pipe from "); script == nil && files == 0 && piped {
		// The program arrives on stdin: what a literal echo prints is
		// scanned, anything else is not shown (remote code if downloaded).
		text, ok := echoed(src)
		if !ok {
			cmd.Problem = "a program arrives on stdin from `" + src + "` and is not shown"
			if remoteFetch(src) {
				cmd.Problem = "remote code is piped into " + cmd.Program + " from `" + src + "`"
			}
			w.emit(cmd)
			return
		}
		script = &model.Arg{Value: text}
	}
	if script == nil && fileAt >= 0 && fileInterpreters()[cmd.Program] && cmd.Args[fileAt].Value != "-m" &&
		!(cmd.Args[fileAt].Dynamic && strings.HasPrefix(cmd.Args[fileAt].Value, "<(")) {
		// Runs a program file: judged by its content, as inline code.
		w.runFile(cmd, cmd.Args[fileAt], false, fr)
		return
	}
	if script == nil {
		// Runs a file, a REPL or a module: the rules judge the program,
		// unless the file is one this line downloaded.
		for _, a := range cmd.Args {
			if !strings.HasPrefix(a.Value, "-") {
				if a.Dynamic && strings.HasPrefix(a.Value, "<(") { // python3 <(curl -s URL)
					cmd.Problem = cmd.Program + " runs a program that a command produces at run time (" + a.Value + "): it is not shown"
					break
				}
				w.runsGenerated(cmd, a, false, fr)
				break
			}
		}
		w.emit(cmd)
		return
	}
	if script.Dynamic {
		cmd.Problem = cmd.Program + " runs inline code that is only known at run time: " + script.Value
		w.emit(cmd)
		return
	}
	cmd.Script, cmd.Interpreter = script.Value, cmd.Program
	w.inline(cmd, script.Value, fr)
}

// inline emits cmd, whose interpreter runs the code src (given with -c or
// -e, or read from its program file), and analyses the shell commands
// the code spawns.
func (w *walker) inline(cmd *model.Command, src string, fr frame) {
	if cmd.Program == "pwsh" || cmd.Program == "powershell" {
		w.powershell(cmd, src, fr)
		return
	}
	if pythonProgram(cmd.Program) {
		if e := readPython(src); !e.notPython {
			w.python(cmd, e, fr)
			return
		}
	}
	w.emit(cmd)
	subs := spawned(src)
	if tcl[cmd.Program] {
		subs = tclSpawned(src)
	}
	for _, sub := range subs {
		w.script(sub, nested(cmd, fr, ""))
	}
}

// encodedCommand returns the script PowerShell's -EncodedCommand (-e,
// -ec, -enc, ...: parameters are case-insensitive prefixes) carries,
// decoded from base64 UTF-16LE; a value that does not decode is marked
// dynamic, so that the command needs review.
func encodedCommand(cmd *model.Command) (*model.Arg, bool) {
	if cmd.Program != "powershell" && cmd.Program != "pwsh" {
		return nil, false
	}
	for i := 0; i+1 < len(cmd.Args); i++ {
		name := strings.ToLower(strings.TrimLeft(cmd.Args[i].Value, "-/"))
		if !strings.HasPrefix(cmd.Args[i].Value, "-") || name == "" || !strings.HasPrefix("encodedcommand", name) && name != "ec" {
			continue
		}
		v := cmd.Args[i+1]
		raw, err := base64.StdEncoding.DecodeString(v.Value)
		if v.Dynamic || err != nil || len(raw)%2 != 0 {
			return &model.Arg{Value: v.Value, Dynamic: true}, true
		}
		units := make([]uint16, len(raw)/2)
		for j := range units {
			units[j] = uint16(raw[2*j]) | uint16(raw[2*j+1])<<8
		}
		return &model.Arg{Value: string(utf16.Decode(units))}, true
	}
	return nil, false
}

// awks are the awk implementations: their program, the first operand
// unless -f names a file, can run shell commands with system().
var awks = map[string]bool{"awk": true, "gawk": true, "mawk": true, "nawk": true, "busybox awk": true}

// awk analyses the commands an awk program runs through system() and its
// pipes (awkPipes); a command built at run time (system($0), print | cmd)
// leaves the program unanalysed.
func (w *walker) awk(cmd *model.Command, fr frame) {
	var program *model.Arg
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		switch {
		case a.Value == "-f" || a.Value == "--file":
			w.emit(cmd) // the program is in a file: the rules judge awk itself
			return
		case (a.Value == "-F" || a.Value == "-v" || a.Value == "--assign" || a.Value == "--field-separator") && i+1 < len(cmd.Args):
			i++
		case a.Value == "--":
			if i+1 < len(cmd.Args) {
				program = &cmd.Args[i+1]
			}
			i = len(cmd.Args)
		case strings.HasPrefix(a.Value, "-") && a.Value != "-":
		default:
			program = &cmd.Args[i]
			i = len(cmd.Args)
		}
	}
	if program == nil || !strings.ContainsAny(program.Value, "|>(") {
		w.emit(cmd)
		return
	}
	var subs []string
	if strings.Contains(program.Value, "system(") {
		subs = spawned(program.Value)
	}
	toks := awkTokens(program.Value)
	piped, dynamic := awkPipes(toks)
	switch {
	case len(subs) > 0 && program.Dynamic || len(subs) < strings.Count(program.Value, "system("):
		cmd.Problem = cmd.Program + " runs commands that its program builds at run time (system(...))"
	case dynamic:
		cmd.Problem = cmd.Program + " pipes to or from a command, or into a shell, that its program builds at run time (print … | cmd, cmd | getline)"
	}
	w.emit(cmd)
	w.truncations(cmd, awkOutputs(toks))
	if cmd.Problem != "" {
		return
	}
	for _, sub := range append(subs, piped...) {
		w.script(sub, nested(cmd, fr, ""))
	}
}

// tcl are the Tcl interpreters, whose exec and spawn commands run a
// program with the words that follow them.
var tcl = map[string]bool{"tclsh": true, "wish": true, "expect": true}

// tclSpawned returns the commands a Tcl script runs with exec or spawn:
// the words after either, to the end of the Tcl command (a newline, ";"
// or "]"). Tcl's words are close enough to the shell's for the simple
// quoting such lines use.
func tclSpawned(src string) []string {
	var out []string
	for _, stmt := range strings.FieldsFunc(src, func(r rune) bool { return r == '\n' || r == ';' || r == '[' || r == ']' }) {
		words := strings.Fields(stmt)
		for len(words) > 0 && (words[0] == "catch" || words[0] == "{" || words[0] == "eval") {
			words = words[1:]
		}
		if len(words) > 1 && (words[0] == "exec" || words[0] == "spawn") {
			out = append(out, strings.Trim(strings.Join(words[1:], " "), "{} "))
		}
	}
	return out
}

// spawners are the calls through which inline code runs a shell command.
var spawners = []string{
	"os.system(", "os.popen(", "subprocess.run(", "subprocess.call(", "subprocess.check_call(", "subprocess.check_output(",
	"subprocess.Popen(", "subprocess.getoutput(", "subprocess.getstatusoutput(", "commands.getoutput(",
	"execSync(", "exec(", "spawnSync(", "spawn(", "execFileSync(", "execFile(",
	"system(", "shell_exec(", "passthru(", "popen(", "proc_open(", "%x(", "Open3.capture2(", "Open3.popen3(", "IO.popen(",
	// Perl and Ruby call without parentheses: system "rm -rf /".
	"system ", "exec ",
	"system2(", // R
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

// pythonModule returns the module python -m runs and its arguments, after
// the interpreter's own options.
func pythonModule(cmd *model.Command) (string, []model.Arg, bool) {
	if !strings.HasPrefix(cmd.Program, "python") && !strings.HasPrefix(cmd.Program, "pypy") {
		return "", nil, false
	}
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Value == "-m" && i+1 < len(args) && !args[i+1].Dynamic:
			return args[i+1].Value, args[i+2:], true
		case slices.Contains(interpreterValueFlags[cmd.Program], a.Value):
			i++
		case !strings.HasPrefix(a.Value, "-") || a.Value == "-c" || a.Dynamic:
			return "", nil, false
		}
	}
	return "", nil, false
}

// pythonProgram reports whether program is a Python interpreter (Python
// 3; python and pypy are taken to be it, as on every current system).
func pythonProgram(program string) bool {
	switch program {
	case "python", "python3", "pypy", "pypy3":
		return true
	}
	return false
}

// python emits cmd, whose interpreter runs Python code read call by call
// (readPython): each file it writes, deletes or moves and each
// command it runs is analysed as the shell command that does the same;
// what cannot be read is cmd's Problem.
func (w *walker) python(cmd *model.Command, e pyEffects, fr frame) {
	cmd.ScriptRead = e.problem == ""
	if e.problem != "" {
		cmd.Problem = e.problem
	}
	w.emit(cmd)
	if len(e.lines) > 0 {
		w.script(strings.Join(e.lines, "\n"), nested(cmd, fr, ""))
	}
}
