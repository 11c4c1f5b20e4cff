package shell

import (
	"path"
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/model"
)

// PowerShell inline code (pwsh -c, powershell -Command, -EncodedCommand)
// is read command by command: each command's name is a cmdlet, an alias
// of one, or an external program. Cmdlets are recorded on the command,
// with aliases resolved and in lower case (PowerShell ignores case), for
// the rules to judge (model.Command.Cmdlets); an external program's
// command is analysed as a shell command line, as for python's
// os.system(): terraform destroy, git reset --hard and kubectl delete mean
// the same in either shell.

// psAliases are PowerShell's built-in aliases of the cmdlets that change
// things (and of the common readers, so that they are not taken for
// programs of those names).
var psAliases = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"rm": "remove-item", "del": "remove-item", "erase": "remove-item", "rd": "remove-item", "rmdir": "remove-item", "ri": "remove-item",
		"cp": "copy-item", "copy": "copy-item", "cpi": "copy-item", "mv": "move-item", "move": "move-item", "mi": "move-item",
		"ren": "rename-item", "rni": "rename-item", "ni": "new-item", "mkdir": "new-item", "md": "new-item",
		"sc": "set-content", "ac": "add-content", "clc": "clear-content", "cli": "clear-item", "clp": "clear-itemproperty",
		"si": "set-item", "sp": "set-itemproperty", "rp": "remove-itemproperty", "rv": "remove-variable", "clv": "clear-variable",
		"kill": "stop-process", "spps": "stop-process", "spsv": "stop-service", "start": "start-process", "saps": "start-process",
		"iex": "invoke-expression", "icm": "invoke-command", "ii": "invoke-item", "irm": "invoke-restmethod", "iwr": "invoke-webrequest",
		"curl": "invoke-webrequest", "wget": "invoke-webrequest", "tee": "tee-object",
		"ls": "get-childitem", "dir": "get-childitem", "gci": "get-childitem", "cat": "get-content", "gc": "get-content", "type": "get-content",
		"echo": "write-output", "write": "write-output", "cd": "set-location", "chdir": "set-location", "sl": "set-location",
		"pwd": "get-location", "gl": "get-location", "ps": "get-process", "gps": "get-process", "gsv": "get-service",
		"select": "select-object", "where": "where-object", "?": "where-object", "foreach": "foreach-object", "%": "foreach-object",
		"sort": "sort-object", "measure": "measure-object", "ft": "format-table", "fl": "format-list", "gm": "get-member",
		"cls": "clear-host", "clear": "clear-host", "h": "get-history", "history": "get-history", "sleep": "start-sleep", "gi": "get-item",
		"gp": "get-itemproperty", "pushd": "push-location", "popd": "pop-location", "man": "get-help", "help": "get-help",
	}
})

// psKeywords start a statement rather than name a command.
var psKeywords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"if": true, "elseif": true, "else": true, "foreach": true, "for": true, "while": true, "do": true,
		"until": true, "switch": true, "try": true, "catch": true, "finally": true, "function": true, "filter": true, "param": true,
		"return": true, "throw": true, "trap": true, "break": true, "continue": true, "exit": true, "begin": true, "process": true,
		"end": true, "in": true, "class": true, "enum": true, "using": true, "data": true}
})

// psCommand is one command of a PowerShell script: its name as written,
// its text, and whether a pipe feeds it (Get-ChildItem | Remove-Item).
type psCommand struct {
	name, text string
	piped      bool
	// dynamic: the name is only known at run time (& $script, & "$dir\x",
	// or an Actions expression the runner pastes in as the statement).
	dynamic bool
}

// powershell analyses the PowerShell script cmd runs: the cmdlets that
// have a shell equivalent are judged as it (Remove-Item -Recurse X as rm
// -rf X, Set-Content X as a redirection into X, Invoke-Sqlcmd -Query as
// sqlcmd -Q), the others are recorded on cmd for the rules
// (model.Command.Cmdlets), and external programs are analysed as shell
// command lines. cmd is emitted before what its script runs.
func (w *walker) powershell(cmd *model.Command, script string, fr frame) {
	var run []func()
	var listed []model.Arg // what the last Get-ChildItem lists
	for _, c := range psCommands(script) {
		if c.dynamic {
			w.emitProblem(cmd, "PowerShell runs the command "+c.name+", whose name is only known at run time")
			continue
		}
		in := psInput{piped: c.piped}
		if c.piped {
			in.found = listed
		}
		listed = nil
		name := strings.ToLower(c.name)
		if alias, ok := psAliases()[name]; ok && !strings.ContainsAny(c.name, `/\`) {
			name = alias
		} else if psKeywords()[name] {
			continue
		} else if verb, _, ok := strings.Cut(name, "-"); !ok || verb == "" || strings.ContainsAny(name, `/\.`) {
			// An external program (git, terraform.exe, C:\tools\x.exe):
			// judged as the shell command line it is.
			// PowerShell's escape character is the backtick, which bash
			// would read as a command substitution: it is dropped. A
			// backslash is no escape in PowerShell but a path separator
			// (robocopy C:\a C:\b /MIR), which bash would drop: it becomes a
			// slash, which the rules read in Windows paths too.
			args := strings.NewReplacer("`", "", `\`, "/").Replace(c.text[len(c.name):])
			line := strings.TrimSuffix(path.Base(strings.ReplaceAll(c.name, `\`, "/")), ".exe") + args
			if psScriptFile(c.name) {
				// ./build.ps1, eng\bump.ps1, .\build.cmd: a file of the
				// project, judged as the file it is (unread: needs
				// review), not by its name.
				line = strings.ReplaceAll(c.name, `\`, "/") + args
			}
			run = append(run, func() { w.script(line, nested(cmd, fr, "")) })
			continue
		}
		args := psArgs(c.text[len(c.name):])
		if name == "get-childitem" || name == "get-item" {
			listed = psListed(args)
		} else if name == "where-object" || name == "sort-object" || name == "select-object" {
			listed = in.found // filters pass some of the items on
		}
		if t, ok := psTranslations()[name]; ok && !psProviderPath(args) {
			run = append(run, func() { t(w, cmd, name, args, in, fr) })
			continue
		}
		if file, ok := psModuleFile(append([]model.Arg{{Value: name}}, args...)); ok {
			w.emitProblem(cmd, "imports the PowerShell module "+file+" from a file, whose content is not known: the functions it defines, which the script may call next, are not analysed")
			continue
		}
		if name == "invoke-pester" {
			// Pester runs every *.Tests.ps1 under the path it is given
			// (pester.dev, "Invoke-Pester"): scripts the line does not show.
			w.emitProblem(cmd, "Invoke-Pester runs the test scripts (*.Tests.ps1) under its path, whose content is not known")
			continue
		}
		cmd.Cmdlets = append(cmd.Cmdlets, name)
	}
	w.emit(cmd)
	for _, f := range run {
		f()
	}
}

// psStringText is the text of the double-quoted string text starts with
// (all of text when it is not closed).
func psStringText(text string) string {
	if end := strings.IndexByte(text[1:], '"'); end >= 0 {
		return text[1 : end+1]
	}
	return text
}

// psCommands splits a PowerShell script into its commands: at newlines,
// ;, |, &&, ||, braces and parentheses, outside strings and comments. A
// segment is a command when it starts with a name: not a variable, a
// number, a string, an operator or a type. The call operators & and .
// run the name that follows them.
func psCommands(src string) []psCommand {
	var out []psCommand
	start, piped := 0, false
	flush := func(end int) {
		if c, ok := psCommandAt(src[start:end]); ok {
			c.piped = piped
			out = append(out, c)
		}
	}
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '\'', '"':
			i = psStringEnd(src, i)
		case '@':
			if i+1 < len(src) && (src[i+1] == '\'' || src[i+1] == '"') { // here-string @' … '@
				if end := strings.Index(src[i+2:], string(src[i+1])+"@"); end >= 0 {
					i += 2 + end + 1
				} else {
					i = len(src)
				}
			}
		case '`':
			i++ // an escaped character
		case '#':
			end := strings.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src) - i
			}
			flush(i)
			i += end
			start = i
		case '<':
			if strings.HasPrefix(src[i:], "<#") { // a block comment
				flush(i)
				end := strings.Index(src[i:], "#>")
				if end < 0 {
					end = len(src) - i - 2
				}
				i += end + 1
				start = i + 1
			}
		case '\n', '\r', ';', '|', '{', '}', '(', ')', '&':
			if c == '&' && !strings.HasPrefix(src[i:], "&&") {
				continue // the call operator, read with the name
			}
			flush(i)
			double := (c == '|' || c == '&') && i+1 < len(src) && src[i+1] == c
			piped = c == '|' && !double
			if double {
				i++
			}
			start = i + 1
		case '=':
			// $x = Remove-Item …: a command after an assignment.
			if before := strings.TrimSpace(src[start:i]); strings.HasPrefix(before, "$") && !strings.ContainsAny(before, " \t") {
				start = i + 1
			}
		}
	}
	flush(len(src))
	return out
}

// psCommandAt reads the command a segment starts with, if it does.
func psCommandAt(seg string) (psCommand, bool) {
	text := strings.TrimSpace(seg)
	called := false
	if rest, ok := strings.CutPrefix(text, "&"); ok {
		text, called = strings.TrimSpace(rest), true
	} else if rest, ok := strings.CutPrefix(text, ". "); ok {
		text, called = strings.TrimSpace(rest), true
	}
	if text == "" {
		return psCommand{}, false
	}
	// The call operator on a variable or a string that expands one runs
	// a command named at run time; so does the text a GitHub Actions
	// expression puts where a statement starts (github-actions-pwsh).
	if called && (text[0] == '$' || text[0] == '(' || text[0] == '"' && strings.Contains(psStringText(text), "$")) ||
		strings.HasPrefix(text, "$"+placeholder(0)[:len(placeholder(0))-1]) {
		return psCommand{name: strings.Fields(text)[0], text: text, dynamic: true}, true
	}
	if q := text[0]; q == '\'' || q == '"' { // & 'C:\Program Files\x.exe' args
		end := strings.IndexByte(text[1:], q)
		if end < 0 {
			return psCommand{}, false
		}
		name := text[1 : end+1]
		return psCommand{name: name, text: name + text[end+2:]}, true
	}
	switch c := text[0]; {
	case c == '$' || c == '-' || c == '[' || c == '@' || c == '!' || c == ',' || c == '+' || c == '=' || c >= '0' && c <= '9':
		return psCommand{}, false
	}
	name := text
	if i := strings.IndexAny(text, " \t"); i >= 0 {
		name = text[:i]
	}
	return psCommand{name: name, text: text}, true
}

// psStringEnd returns the index of the quote that closes the string
// opened at i: a doubled single quote inside single quotes and `" inside
// double quotes are escapes.
func psStringEnd(src string, i int) int {
	q := src[i]
	for j := i + 1; j < len(src); j++ {
		switch {
		case q == '"' && src[j] == '`':
			j++
		case src[j] == q && j+1 < len(src) && src[j+1] == q:
			j++
		case src[j] == q:
			return j
		}
	}
	return len(src)
}

// psProviderPath reports whether an argument is a path of a PowerShell
// provider other than the filesystem (HKLM:\Software, Env:\PATH,
// Cert:\, Registry::…): Remove-Item on one deletes no file, so the cmdlet
// is judged by its verb instead.
func psProviderPath(args []model.Arg) bool {
	for _, a := range args {
		drive, rest, ok := strings.Cut(a.Value, ":")
		if ok && len(drive) > 1 && !strings.ContainsAny(drive, `/\$ `) && !strings.HasPrefix(drive, "-") && !strings.HasPrefix(rest, "//") {
			return true
		}
	}
	return false
}

// psVerbs are PowerShell's approved verbs, in lower case.
var psVerbs = sync.OnceValue(func() map[string]bool {
	verbs := map[string]bool{}
	for _, v := range strings.Fields(`add clear close copy enter exit find format get hide join lock move new open optimize pop push redo
		remove rename reset resize search select set show skip split step switch undo unlock watch connect disconnect read receive send
		write backup checkpoint compare compress convert convertfrom convertto dismount edit expand export group import initialize limit
		merge mount out publish restore save sync unpublish update approve assert build complete confirm deny deploy disable enable install
		invoke register request restart resume start stop submit suspend uninstall unregister wait debug measure ping repair resolve test
		trace block grant protect revoke unblock unprotect use`) {
		verbs[v] = true
	}
	return verbs
})

// psCmdletName reports whether a command's name is a PowerShell cmdlet
// as one writes it: an approved verb and a noun, each capitalised
// (Remove-Item, Set-MpPreference). Programs named in lower case with a
// dash (apt-get, update-alternatives, docker-compose) are not.
func psCmdletName(a model.Arg) bool {
	if v := a.Value; len(v) < 4 || v[0] < 'A' || v[0] > 'Z' { // most programs: at once
		return false
	}
	verb, noun, ok := strings.Cut(a.Value, "-")
	return ok && !a.Dynamic && len(verb) > 1 && len(noun) > 0 && noun[0] >= 'A' && noun[0] <= 'Z' &&
		psVerbs()[strings.ToLower(verb)] && !strings.ContainsAny(a.Value, `/\.`)
}

// psScriptFile reports whether name, a command's name in a PowerShell
// script, is a file named by a path that is not a compiled program
// (./build.ps1, eng\x.ps1, .\build.cmd, ./gradlew): PowerShell runs it,
// and the reader judges the file (a named tool such as gradlew by its
// name, any other unread file as unseen code). A path to an .exe is a
// program, judged by its name.
func psScriptFile(name string) bool {
	n := strings.ReplaceAll(name, `\`, "/")
	return strings.Contains(n, "/") && !strings.HasSuffix(strings.ToLower(n), ".exe")
}

// psModuleFile returns the module file that argv, an Import-Module (any
// letter case, as PowerShell reads it), loads: a script module (.psm1), a
// script (.ps1), a manifest (.psd1) or a binary module (.dll), or a
// directory relative to the working directory (./tools/ci). A module named
// by its name alone, or by a directory of an installed program
// ($env:ProgramFiles\…), is one installed on the machine.
func psModuleFile(argv []model.Arg) (string, bool) {
	if !strings.EqualFold(argv[0].Value, "Import-Module") && !strings.EqualFold(argv[0].Value, "ipmo") {
		return "", false
	}
	for _, a := range argv[1:] {
		v := strings.ToLower(a.Value)
		if strings.HasPrefix(v, "./") || strings.HasPrefix(v, ".\\") || strings.HasPrefix(v, "../") || strings.HasPrefix(v, "..\\") {
			return a.Value, true // a module directory of the project
		}
		for _, ext := range [...]string{".psm1", ".ps1", ".psd1", ".dll"} {
			if strings.HasSuffix(v, ext) {
				return a.Value, true
			}
		}
	}
	return "", false
}

// powershellLine analyses a command line that calls a cmdlet directly, as
// a terminal that runs PowerShell would (an agent's shell on Windows): as
// pwsh -Command would read it, from its text as written, since bash has
// already read C:\x as C:x.
func (w *walker) powershellLine(cmd *model.Command, argv []model.Arg, fr frame) {
	text := cmd.Text
	if !strings.HasPrefix(text, argv[0].Value) {
		var words []string
		for _, a := range argv {
			words = append(words, a.Value)
		}
		text = strings.Join(words, " ")
	}
	cmd.Program, cmd.Args, cmd.Script, cmd.Interpreter = "pwsh", nil, text, "pwsh"
	cmd.Wrappers = append(cmd.Wrappers, "PowerShell")
	w.powershell(cmd, text, fr)
}
