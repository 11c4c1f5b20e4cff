package shell

import (
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/model"
)

// psTranslation analyses one cmdlet call as the shell command that does
// the same, so that the rules judge its paths and flags as they judge
// that command's.
type psTranslation func(w *walker, cmd *model.Command, cmdlet string, args []model.Arg, in psInput, fr frame)

// psInput says what a pipe feeds a cmdlet: whether one does, and the
// paths a Get-ChildItem before it lists (PATH/{} for each place it looks,
// as for find | xargs).
type psInput struct {
	piped bool
	found []model.Arg
}

// psListed returns the paths Get-ChildItem lists, given its arguments.
func psListed(args []model.Arg) []model.Arg {
	p := psBind(args, []string{"path", "literalpath", "filter", "include", "exclude", "depth", "attributes"},
		[]string{"recurse", "force", "file", "directory", "hidden", "name"})
	starts := p.paths("path", "literalpath")
	if len(starts) == 0 {
		starts = words(".")
	}
	out := make([]model.Arg, len(starts))
	for i, s := range starts {
		out[i] = foundUnder(s.Value)
	}
	return out
}

// psTranslations are the cmdlets with a shell equivalent, by name. A
// cmdlet not listed is recorded for the rules (model.Command.Cmdlets).
// They are built on first use: a package-level initialiser would be an
// initialisation cycle (the translations lead back to the walker).
func psTranslations() map[string]psTranslation {
	psTranslationsOnce.Do(func() {
		psTranslationTable = map[string]psTranslation{
			"remove-item": psRemoveItem, "copy-item": psCopyMove, "move-item": psCopyMove,
			"set-content": psWrite, "add-content": psWrite, "out-file": psWrite, "tee-object": psWrite, "new-item": psNewItem,
			"clear-content":     psClearContent,
			"stop-process":      psStopProcess,
			"stop-computer":     psPower,
			"restart-computer":  psPower,
			"invoke-sqlcmd":     psSQL,
			"invoke-dbaquery":   psSQL,
			"invoke-restmethod": psWeb, "invoke-webrequest": psWeb,
			"invoke-expression": psInvokeExpression,
			"start-process":     psStartProcess,
		}
	})
	return psTranslationTable
}

var (
	psTranslationsOnce sync.Once
	psTranslationTable map[string]psTranslation
)

// psParams are a cmdlet call's arguments bound to its parameters:
// PowerShell matches a parameter by any unambiguous prefix of its name,
// case-insensitively (-r is -Recurse), with its value after a colon
// (-Path:x) or in the next argument.
type psParams struct {
	values     map[string]model.Arg
	switches   map[string]bool
	positional []model.Arg
}

// psBind binds args to the named value parameters and switches (in
// lower case); a switch wins an ambiguous prefix (-f is -Force, not
// -Filter), as the more cautious reading.
func psBind(args []model.Arg, values, switches []string) psParams {
	p := psParams{values: map[string]model.Arg{}, switches: map[string]bool{}}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic || len(a.Value) < 2 || a.Value[0] != '-' || !isLetter(a.Value[1]) {
			p.positional = append(p.positional, a)
			continue
		}
		name, value, hasValue := strings.Cut(strings.ToLower(a.Value[1:]), ":")
		if s, ok := psMatch(name, switches); ok {
			p.switches[s] = !hasValue || value != "$false"
			continue
		}
		v, ok := psMatch(name, values)
		switch {
		case !ok: // a parameter this table does not know: a switch
		case hasValue:
			p.values[v] = model.Arg{Value: a.Value[len(name)+2:], Dynamic: a.Dynamic}
		case i+1 < len(args):
			p.values[v] = args[i+1]
			i++
		}
	}
	return p
}

// psMatch returns the parameter among names that name spells or begins.
func psMatch(name string, names []string) (string, bool) {
	for _, n := range names {
		if n == name {
			return n, true
		}
	}
	for _, n := range names {
		if strings.HasPrefix(n, name) {
			return n, true
		}
	}
	return "", false
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// named returns the paths given to the first of names that is given.
func (p psParams) named(names ...string) ([]model.Arg, bool) {
	for _, n := range names {
		if v, ok := p.values[n]; ok {
			return psPathList(v), true
		}
	}
	return nil, false
}

// paths are the values of the first of names that is given, else the
// positional arguments.
func (p psParams) paths(names ...string) []model.Arg {
	if out, ok := p.named(names...); ok {
		return out
	}
	var out []model.Arg
	for _, a := range p.positional {
		out = append(out, psPathList(a)...)
	}
	return out
}

// psPathList splits a comma-separated list of paths (-Path a,b).
func psPathList(a model.Arg) []model.Arg {
	if a.Dynamic || !strings.Contains(a.Value, ",") {
		return []model.Arg{psPath(a)}
	}
	var out []model.Arg
	for _, v := range strings.Split(a.Value, ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, psPath(model.Arg{Value: v}))
		}
	}
	return out
}

// psPath writes a PowerShell path the way the rules read paths: the home
// ($HOME, $env:USERPROFILE, ~) and temp ($env:TEMP) variables by their
// shell names, and a relative path with forward slashes. A drive path
// (C:\Users\x) is left as it is: the rules read Windows paths.
func psPath(a model.Arg) model.Arg {
	v := a.Value
	lower := strings.ToLower(v)
	for _, home := range []string{"$env:userprofile", "$env:home", "${env:userprofile}", "$home"} {
		if strings.HasPrefix(lower, home) {
			return model.Arg{Value: "$HOME" + strings.ReplaceAll(v[len(home):], `\`, "/"), Dynamic: true}
		}
	}
	for _, tmp := range []string{"$env:temp", "$env:tmp", "${env:temp}"} {
		if strings.HasPrefix(lower, tmp) {
			return model.Arg{Value: "$TMPDIR" + strings.ReplaceAll(v[len(tmp):], `\`, "/"), Dynamic: true}
		}
	}
	if len(v) >= 2 && v[1] == ':' && isLetter(v[0]) {
		return a
	}
	a.Value = strings.ReplaceAll(v, `\`, "/")
	return a
}

// psRun analyses argv as the shell command the cmdlet amounts to.
func psRun(w *walker, cmd *model.Command, cmdlet string, argv []model.Arg, in psInput, fr frame) {
	child := w.child(cmd, cmdlet)
	child.Depth = cmd.Depth + 1
	if in.piped { // Get-ChildItem -Recurse | Remove-Item: the paths come from the pipe
		child.MoreOperands, child.MoreFrom = true, "the pipeline before "+cmdlet
		argv = append(argv[:len(argv):len(argv)], in.found...)
	}
	w.unwrap(child, argv, nil, fr)
}

func words(vs ...string) []model.Arg {
	out := make([]model.Arg, len(vs))
	for i, v := range vs {
		out[i] = model.Arg{Value: v}
	}
	return out
}

// Remove-Item [-Path] P [-Recurse] [-Force] is rm [-rf] P: -Recurse
// deletes the whole tree (-Force only adds hidden and read-only items).
// -WhatIf only reports.
func psRemoveItem(w *walker, cmd *model.Command, cmdlet string, args []model.Arg, in psInput, fr frame) {
	p := psBind(args, []string{"path", "literalpath", "filter", "include", "exclude", "credential", "stream"}, []string{"recurse", "force", "whatif", "confirm"})
	if p.switches["whatif"] {
		return
	}
	argv := words("rm")
	if p.switches["recurse"] {
		argv = append(argv, model.Arg{Value: "-rf"})
	}
	psRun(w, cmd, cmdlet, append(argv, p.paths("path", "literalpath")...), in, fr)
}

// Copy-Item SRC DST is cp [-r] SRC DST (it replaces a file DST); Move-Item
// SRC DST is mv -n SRC DST, or mv with -Force.
func psCopyMove(w *walker, cmd *model.Command, cmdlet string, args []model.Arg, in psInput, fr frame) {
	p := psBind(args, []string{"path", "literalpath", "destination", "filter", "include", "exclude", "credential", "tosession", "fromsession"},
		[]string{"recurse", "force", "container", "passthru", "whatif", "confirm"})
	if p.switches["whatif"] {
		return
	}
	var dst []model.Arg
	src, _ := p.named("path", "literalpath")
	rest := p.positional
	if src == nil && len(rest) > 0 {
		src, rest = psPathList(rest[0]), rest[1:]
	}
	if v, ok := p.values["destination"]; ok {
		dst = []model.Arg{psPath(v)}
	} else if len(rest) > 0 {
		dst = []model.Arg{psPath(rest[0])}
	}
	argv := words("cp")
	if cmdlet == "move-item" {
		argv = words("mv")
		if !p.switches["force"] {
			argv = append(argv, model.Arg{Value: "-n"})
		}
	} else if p.switches["recurse"] {
		argv = append(argv, model.Arg{Value: "-r"})
	}
	if len(dst) == 0 { // the current directory
		dst = words(".")
	}
	argv = append(append(argv, src...), dst...)
	psRun(w, cmd, cmdlet, argv, in, fr)
}

// Set-Content, Out-File and Tee-Object write their file as > does,
// Add-Content and -Append as >> does; Out-File -NoClobber never replaces
// one.
func psWrite(w *walker, cmd *model.Command, cmdlet string, args []model.Arg, in psInput, fr frame) {
	p := psBind(args, []string{"path", "literalpath", "filepath", "value", "encoding", "width", "inputobject", "variable", "stream", "filter", "include", "exclude", "credential"},
		[]string{"append", "noclobber", "force", "nonewline", "passthru", "whatif", "confirm"})
	if p.switches["whatif"] || p.switches["noclobber"] {
		return
	}
	targets := p.paths("path", "literalpath", "filepath")
	if len(targets) > 1 { // Set-Content PATH VALUE: the first is the file
		targets = targets[:1]
	}
	op := ">"
	if cmdlet == "add-content" || p.switches["append"] {
		op = ">>"
	}
	psTruncates(w, cmd, cmdlet, args, op, targets)
}

// psTruncates records a cmdlet call that writes each of targets as the
// redirection op (> or >>) would.
func psTruncates(w *walker, cmd *model.Command, cmdlet string, args []model.Arg, op string, targets []model.Arg) {
	at := w.child(cmd, cmdlet)
	at.Program, at.Args = cmdlet, args
	for _, t := range targets {
		w.truncations(at, []model.Redirect{{Op: op, Target: t}})
	}
}

// New-Item makes a directory (mkdir -p) or a file, which it refuses to
// make where one exists unless -Force makes it empty the file (: > FILE).
func psNewItem(w *walker, cmd *model.Command, cmdlet string, args []model.Arg, in psInput, fr frame) {
	p := psBind(args, []string{"path", "name", "itemtype", "value", "credential", "target"}, []string{"force", "whatif", "confirm"})
	if p.switches["whatif"] {
		return
	}
	paths := p.paths("path")
	if name, ok := p.values["name"]; ok {
		paths = []model.Arg{psPath(name)}
		if dir, ok := p.values["path"]; ok && !dir.Dynamic && !name.Dynamic {
			paths = []model.Arg{psPath(model.Arg{Value: strings.TrimSuffix(dir.Value, `\`) + "/" + name.Value})}
		}
	}
	switch kind := strings.ToLower(p.values["itemtype"].Value); {
	case kind == "directory" || kind == "dir" || kind == "d":
		psRun(w, cmd, cmdlet, append(words("mkdir", "-p"), paths...), psInput{}, fr)
	case kind == "symboliclink" || kind == "junction" || kind == "hardlink":
		argv := words("ln", "-s")
		if p.switches["force"] {
			argv = words("ln", "-sf")
		}
		if target, ok := p.values["target"]; ok {
			argv = append(argv, psPath(target))
		}
		psRun(w, cmd, cmdlet, append(argv, paths...), psInput{}, fr)
	case p.switches["force"]:
		psTruncates(w, cmd, cmdlet, args, ">", paths)
	default:
		psRun(w, cmd, cmdlet, append(words("touch"), paths...), psInput{}, fr)
	}
}

// Clear-Content P empties P: truncate -s 0 P.
func psClearContent(w *walker, cmd *model.Command, cmdlet string, args []model.Arg, in psInput, fr frame) {
	p := psBind(args, []string{"path", "literalpath", "filter", "include", "exclude", "stream", "credential"}, []string{"force", "whatif", "confirm"})
	if p.switches["whatif"] {
		return
	}
	psRun(w, cmd, cmdlet, append(words("truncate", "-s", "0"), p.paths("path", "literalpath")...), in, fr)
}

// Stop-Process -Id N is kill -9 N, -Name N is killall -9 N.
func psStopProcess(w *walker, cmd *model.Command, cmdlet string, args []model.Arg, in psInput, fr frame) {
	p := psBind(args, []string{"id", "name", "inputobject"}, []string{"force", "passthru", "whatif", "confirm"})
	if p.switches["whatif"] {
		return
	}
	if v, ok := p.values["name"]; ok {
		psRun(w, cmd, cmdlet, append(words("killall", "-9"), v), in, fr)
		return
	}
	ids := p.positional
	if v, ok := p.values["id"]; ok {
		ids = psPathList(v)
	}
	psRun(w, cmd, cmdlet, append(words("kill", "-9"), ids...), in, fr)
}

// Stop-Computer is shutdown, Restart-Computer reboot.
func psPower(w *walker, cmd *model.Command, cmdlet string, args []model.Arg, in psInput, fr frame) {
	if psBind(args, nil, []string{"whatif"}).switches["whatif"] {
		return
	}
	argv := words("shutdown", "-h", "now")
	if cmdlet == "restart-computer" {
		argv = words("reboot")
	}
	psRun(w, cmd, cmdlet, argv, psInput{}, fr)
}

// Invoke-Sqlcmd -Query Q is sqlcmd -Q Q (-InputFile F is -i F): the SQL
// is judged statement by statement.
func psSQL(w *walker, cmd *model.Command, cmdlet string, args []model.Arg, in psInput, fr frame) {
	p := psBind(args, []string{"query", "inputfile", "serverinstance", "sqlinstance", "database", "username", "password", "credential", "file"}, nil)
	argv := words("sqlcmd")
	query, hasQuery := p.values["query"]
	file, hasFile := p.values["inputfile"]
	if !hasFile {
		file, hasFile = p.values["file"]
	}
	switch {
	case hasQuery:
		argv = append(argv, model.Arg{Value: "-Q"}, query)
	case hasFile:
		argv = append(argv, model.Arg{Value: "-i"}, file)
	case len(p.positional) > 0:
		argv = append(argv, model.Arg{Value: "-Q"}, p.positional[0])
	default: // the query comes from the pipeline
		argv = append(argv, model.Arg{Value: "-Q"}, model.Arg{Value: "$(query)", Dynamic: true})
	}
	psRun(w, cmd, cmdlet, argv, in, fr)
}

// Invoke-RestMethod and Invoke-WebRequest are curl: -Method is -X, -Body
// is -d, -OutFile is -o.
func psWeb(w *walker, cmd *model.Command, cmdlet string, args []model.Arg, in psInput, fr frame) {
	p := psBind(args, []string{"uri", "method", "body", "headers", "contenttype", "outfile", "infile", "credential", "useragent", "form",
		"timeoutsec", "maximumredirection", "proxy", "websession", "sessionvariable", "certificate", "token", "authentication"}, []string{"usebasicparsing", "passthru"})
	argv := words("curl")
	if m, ok := p.values["method"]; ok {
		argv = append(argv, model.Arg{Value: "-X"}, model.Arg{Value: strings.ToUpper(m.Value), Dynamic: m.Dynamic})
	}
	for _, body := range []string{"body", "infile", "form"} {
		if _, ok := p.values[body]; ok {
			argv = append(argv, words("-d", "@body")...)
			break
		}
	}
	if out, ok := p.values["outfile"]; ok {
		argv = append(argv, model.Arg{Value: "-o"}, psPath(out))
	}
	if uri, ok := p.values["uri"]; ok {
		argv = append(argv, uri)
	} else if len(p.positional) > 0 {
		argv = append(argv, p.positional[0])
	}
	psRun(w, cmd, cmdlet, argv, in, fr)
}

// Invoke-Expression runs a string as PowerShell: a literal one is read as
// more of the script, one built at run time is not shown.
func psInvokeExpression(w *walker, cmd *model.Command, cmdlet string, args []model.Arg, in psInput, fr frame) {
	p := psBind(args, []string{"command"}, nil)
	code, ok := p.values["command"]
	if !ok && len(p.positional) > 0 {
		code, ok = p.positional[0], true
	}
	if !ok || code.Dynamic || in.piped {
		w.emitProblem(cmd, "Invoke-Expression runs PowerShell code built at run time (iex $x, … | iex): it is not shown")
		return
	}
	child := w.child(cmd, cmdlet)
	child.Program, child.Depth = cmd.Program, cmd.Depth+1
	child.Script, child.Interpreter = code.Value, cmd.Program
	if child.Depth > MaxDepth {
		w.emitProblem(child, "PowerShell code is nested more than the analysis follows")
		return
	}
	w.powershell(child, code.Value, fr)
}

// Start-Process FILE [-ArgumentList ARGS] runs FILE with ARGS.
func psStartProcess(w *walker, cmd *model.Command, cmdlet string, args []model.Arg, in psInput, fr frame) {
	p := psBind(args, []string{"filepath", "argumentlist", "workingdirectory", "verb", "redirectstandardoutput", "redirectstandarderror",
		"redirectstandardinput", "windowstyle", "credential"}, []string{"wait", "nonewwindow", "passthru", "loaduserprofile", "usenewenvironment"})
	file, ok := p.values["filepath"]
	rest := p.positional
	if !ok && len(rest) > 0 {
		file, rest, ok = rest[0], rest[1:], true
	}
	if !ok {
		return
	}
	line := []model.Arg{file}
	if a, ok := p.values["argumentlist"]; ok {
		line = append(line, a)
	} else {
		line = append(line, rest...)
	}
	var text []string
	for _, a := range line {
		if a.Dynamic {
			w.emitProblem(cmd, "Start-Process runs a program or arguments only known at run time: "+a.Value)
			return
		}
		text = append(text, strings.ReplaceAll(a.Value, ",", " "))
	}
	w.script(strings.Join(text, " "), nested(cmd, fr, ""))
}

// psArgs splits the arguments of a PowerShell command: single-quoted
// strings are literal (a doubled single quote is one quote),
// double-quoted ones and bare words holding $ are only known at run time,
// and a backtick escapes the next character.
func psArgs(text string) []model.Arg {
	var out []model.Arg
	var b strings.Builder
	dynamic, in := false, false
	flush := func() {
		if in {
			out = append(out, model.Arg{Value: b.String(), Dynamic: dynamic})
		}
		b.Reset()
		dynamic, in = false, false
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == ' ' || c == '\t':
			flush()
		case c == '\'':
			in = true
			for i++; i < len(text); i++ {
				if text[i] == '\'' {
					if i+1 < len(text) && text[i+1] == '\'' {
						b.WriteByte('\'')
						i++
						continue
					}
					break
				}
				b.WriteByte(text[i])
			}
		case c == '"':
			in = true
			for i++; i < len(text) && text[i] != '"'; i++ {
				switch text[i] {
				case '`':
					if i+1 < len(text) {
						i++
						b.WriteByte(text[i])
					}
					continue
				case '$':
					dynamic = true
				}
				b.WriteByte(text[i])
			}
		case c == '`':
			in = true
			if i+1 < len(text) {
				i++
				b.WriteByte(text[i])
			}
		default:
			in = true
			if c == '$' {
				dynamic = true
			}
			b.WriteByte(c)
		}
	}
	flush()
	return out
}
