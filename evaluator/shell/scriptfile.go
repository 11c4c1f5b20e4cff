package shell

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path"
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/model"
)

// Scripts are what they contain. A command that runs a script file (bash
// x.sh, sh x.sh, source x, . x, ./x.sh, python3 x.py, node x.js, sh -c
// "$(cat x.sh)") is judged by the file's content, as the same text given
// with -c or -e would be: the shell commands in it are walked as a nested
// script, an interpreter's program is scanned as its inline code. The
// content comes from the line itself when an earlier command of the line
// wrote the file (cat > x.sh <<EOF … EOF; bash x.sh, echo '…' > x.py &&
// python3 x.py), or else from an Observer, which reads it where the gate
// runs beside the action (the hooks, recourse eval shell). A script whose
// content is not known (no observer, not found, not a regular file, its
// name only known at run time) is a needs-review mutation of its own that
// names the file as missing evidence; one past MaxScriptBytes, or past
// MaxObservedBytes read for the line, is a needs-review mutation naming
// the bound. Nothing is ever executed.

// MaxScriptBytes bounds one script file read; MaxObservedBytes bounds
// what a line's scripts read in all (each file is read once).
const (
	MaxScriptBytes   = 256 << 10
	MaxObservedBytes = 1 << 20
)

// Observer reads, where the gate runs beside the action, the content of a
// script file a command runs. It only reads: regular files, at most
// limit+1 bytes (more than limit says the file is past the bound).
type Observer interface {
	// ReadScript returns the start of the regular file at p, which is
	// absolute, starts with "~/" (the home directory of the user the
	// action runs as) or is relative to the directory the line starts in,
	// or an error that says why it could not.
	ReadScript(p string, limit int) ([]byte, error)
}

// scriptRead is what the walker learnt of one script file.
type scriptRead struct {
	text string
	file model.ScriptFile
	ok   bool
	// bound, when set, says which bound stopped the read.
	bound string
}

// scriptContent returns what file (named by cmd, which runs in cmd.Cwd)
// holds: what the line wrote into it, or what the observer reads.
// written reports that the line wrote it, known or not.
func (w *walker) scriptContent(cmd *model.Command, file model.Arg) (r scriptRead, written bool) {
	r.file = model.ScriptFile{Path: file.Value}
	if file.Dynamic {
		r.file.Unread = "its name is only known at run time"
		return r, false
	}
	if wr, ok := w.writes[cleanRel(file.Value)]; ok {
		if !wr.known {
			r.file.Unread = "this line wrote it (" + wr.by + ") with content that is not shown"
			return r, true
		}
		r.text, r.ok = wr.text, true
		r.file.From, r.file.Bytes, r.file.Resolved = model.ScriptFromLine, len(wr.text), file.Value
		return r, true
	}
	where, why := scriptPath(file.Value, cmd.Cwd, w.cwdLost)
	r.file.Resolved = where
	switch {
	case where == "":
		r.file.Unread = why
		return r, false
	case w.observer == nil:
		r.file.Unread = "observation is off (--observe off, or a surface that does not run beside the action): the file was not read"
		return r, false
	}
	if seen, ok := w.scripts[where]; ok {
		seen.file.Path = file.Value
		return seen, false
	}
	r = w.observe(r, where)
	put(&w.scripts, where, r)
	return r, false
}

// observe reads the file at where through the observer, within the
// line's budget.
func (w *walker) observe(r scriptRead, where string) scriptRead {
	limit := min(MaxScriptBytes, MaxObservedBytes-w.observed)
	if limit <= 0 {
		r.bound = fmt.Sprintf("the line's scripts already read %d KiB, the bound MaxObservedBytes", MaxObservedBytes>>10)
		r.file.Unread = r.bound
		return r
	}
	data, err := w.observer.ReadScript(where, limit)
	if err != nil {
		r.file.Unread = "it could not be read where the gate runs: " + err.Error()
		return r
	}
	if len(data) > limit {
		if limit < MaxScriptBytes {
			r.bound = fmt.Sprintf("reading it would take the line's scripts past %d KiB, the bound MaxObservedBytes", MaxObservedBytes>>10)
		} else {
			r.bound = fmt.Sprintf("it is larger than %d KiB, the bound MaxScriptBytes for a script read", MaxScriptBytes>>10)
		}
		r.file.Unread = r.bound
		r.text = string(data[:min(len(data), 4<<10)]) // enough to tell a program from a script
		return r
	}
	w.observed += len(data)
	sum := sha256.Sum256(data)
	r.text, r.ok = string(data), true
	r.file.From, r.file.Bytes, r.file.SHA256 = model.ScriptFromObserved, len(data), hex.EncodeToString(sum[:])
	return r
}

// scriptPath is where a file named name is, run from cwd: absolute or
// "~/" based, or relative to the directory the line starts in when that
// is not given (cwd "" and not lost to a cd), as the observer reads it; ""
// with the reason when that is not known.
func scriptPath(name, cwd string, lost bool) (string, string) {
	switch {
	case name == "":
		return "", "its name is empty"
	case strings.HasPrefix(name, "~") && name != "~" && !strings.HasPrefix(name, "~/"):
		return "", "it is in another user's home directory"
	case strings.HasPrefix(name, "~") || path.IsAbs(name):
		return cleanHome(name), ""
	case cwd == "" && lost:
		return "", "a cd before it leads to a directory that is only known at run time"
	case cwd == "":
		return path.Clean(name), ""
	}
	return cleanHome(path.Join(cwd, name)), ""
}

// cleanHome cleans p, keeping a leading "~".
func cleanHome(p string) string {
	if rest, ok := strings.CutPrefix(p, "~"); ok {
		return "~" + path.Clean("/"+rest)
	}
	return path.Clean(p)
}

// unread adds the needs-review mutation for a script file cmd runs whose
// content is not known (r.file.Unread says why): the file is the missing
// evidence. The command itself is emitted by the caller, for its own rows.
func (w *walker) unread(cmd *model.Command, r scriptRead) {
	why := "runs the script " + r.file.Path + ", whose content is not known: " + r.file.Unread
	if r.bound != "" {
		why = "runs the script " + r.file.Path + ", which is not analysed: " + r.bound
	}
	w.emitProblem(cmd, why)
	if n := len(w.out); n > 0 && w.out[n-1].Command != nil && w.out[n-1].Command.Problem == why {
		w.out[n-1].Unseen = []string{"script content: " + r.file.Path}
	}
}

// runFile judges cmd, a shell (shell) or an interpreter running the
// script file: by its content when that is known, as a needs-review
// mutation naming the file when it is not. It emits cmd.
func (w *walker) runFile(cmd *model.Command, file model.Arg, shell bool, fr frame) {
	if w.runsDownload(cmd, file) {
		w.emit(cmd)
		return
	}
	r, written := w.scriptContent(cmd, file)
	file2 := r.file
	cmd.ScriptFile = &file2
	switch {
	case written && !r.ok:
		// As before: the line wrote the file with what it does not show.
		cmd.Problem = "runs " + file.Value + ", which " + strings.TrimPrefix(r.file.Unread, "it ")
		w.emit(cmd)
	case !r.ok:
		w.emit(cmd)
		if why := knownScript(cmd, file, shell); why != "" {
			cmd.ScriptFile.Unread += "; not needed: " + why
			return
		}
		w.unread(cmd, r)
	case shell:
		w.emit(cmd)
		w.script(r.text, nested(cmd, fr, cmd.StdinFrom))
	default:
		cmd.Script, cmd.Interpreter = r.text, cmd.Program
		w.inline(cmd, r.text, fr)
	}
}

// installedDirs hold installed programs: a command named by a path in one
// (/usr/bin/git) runs that program, which is judged by its name, not read.
var installedDirs = []string{"/bin", "/sbin", "/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin", "/usr/libexec",
	"/opt/homebrew/bin", "/opt/homebrew/sbin", "/snap/bin", "/nix/store", "/run/current-system", "/usr/lib", "/System", "/Library/Apple",
	// GOPATH's bin in the official golang images (GOPATH=/go, on PATH:
	// docker-library/golang's Dockerfiles), where go install puts programs.
	"/go/bin"}

// scriptName reports whether the file's name ends as a script's does
// (.sh, .bash, .py, .rb, .pl, .ps1): one put in an installed programs'
// directory (COPY jdk-download.sh /usr/bin/ in a Dockerfile) is a script
// of its own, not the installed program of that name.
func scriptName(p string) bool {
	switch path.Ext(p) {
	case ".sh", ".bash", ".py", ".rb", ".pl", ".ps1":
		return true
	}
	return false
}

// runProgramFile judges argv, a command named by a path that is not an
// installed program (./x.sh, bin/deploy, /tmp/x), as the interpreter its
// first line names (#!/bin/bash, #!/usr/bin/env python3; none: sh) running
// it. It reports false for a file that holds a compiled program (judged by
// its name as before), or an installed one.
func (w *walker) runProgramFile(cmd *model.Command, argv []model.Arg, heredoc *string, fr frame) bool {
	file := argv[0]
	if w.runsDownload(cmd, file) {
		w.emit(cmd)
		return true
	}
	if p := path.Clean(file.Value); path.IsAbs(p) && under(p, installedDirs) && !scriptName(p) || strings.Contains("/"+p, "/node_modules/.bin/") {
		return false // installed: /usr/bin/git, a package's node_modules/.bin/rimraf
	}
	r, written := w.scriptContent(cmd, file)
	if compiled(r.text) || !r.ok && !written && namedToolFile(file) {
		return false
	}
	file2 := r.file
	cmd.ScriptFile = &file2
	if !r.ok {
		if written {
			cmd.Problem = "runs " + file.Value + ", which " + strings.TrimPrefix(r.file.Unread, "it ")
			w.emit(cmd)
			return true
		}
		w.emit(cmd)
		if why := knownScript(cmd, file, false); why != "" {
			cmd.ScriptFile.Unread += "; not needed: " + why
			return true
		}
		w.unread(cmd, r)
		return true
	}
	interp, interpArgs := shebang(r.text)
	prog := programName(interp)
	cmd.Program = prog
	cmd.Args = append(append(append([]model.Arg(nil), interpArgs...), file), argv[1:]...)
	switch {
	case shells[prog]:
		w.emit(cmd)
		w.script(r.text, nested(cmd, fr, cmd.StdinFrom))
	case fileInterpreters()[prog]:
		cmd.Script, cmd.Interpreter = r.text, prog
		w.inline(cmd, r.text, fr)
	default:
		cmd.Problem = "runs " + file.Value + " with " + interp + ", an interpreter whose programs Recourse does not read: what it does is not analysed"
		w.emit(cmd)
	}
	return true
}

// under reports whether the clean absolute p is one of dirs or inside one.
func under(p string, dirs []string) bool {
	for _, d := range dirs {
		if p == d || strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}

// compiled reports whether a file's start is a compiled program (ELF,
// Mach-O, PE, or anything with a NUL byte), not a script.
func compiled(start string) bool {
	if strings.HasPrefix(start, "#!") {
		return false
	}
	head := start[:min(len(start), 1024)]
	return strings.HasPrefix(head, "\x7fELF") || strings.HasPrefix(head, "MZ") || strings.HasPrefix(head, "\xcf\xfa\xed\xfe") ||
		strings.HasPrefix(head, "\xca\xfe\xba\xbe") || strings.HasPrefix(head, "\xfe\xed\xfa") || strings.IndexByte(head, 0) >= 0
}

// shebang returns the interpreter a script's first line names and the
// arguments it gives it: #!/bin/bash -e is bash with -e, #!/usr/bin/env
// python3 is python3 (env's own options and assignments passed over; -S
// splits the rest into words). A script with no such line is run by sh.
func shebang(text string) (string, []model.Arg) {
	line, ok := strings.CutPrefix(text, "#!")
	if !ok {
		return "sh", nil
	}
	if i := strings.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	fields := strings.Fields(strings.TrimSuffix(line, "\r"))
	if len(fields) == 0 {
		return "sh", nil
	}
	interp, rest := fields[0], fields[1:]
	if path.Base(interp) == "env" {
		for len(rest) > 0 && (strings.HasPrefix(rest[0], "-") || strings.Contains(rest[0], "=")) {
			if rest[0] == "-u" && len(rest) > 1 {
				rest = rest[1:]
			}
			rest = rest[1:]
		}
		if len(rest) == 0 {
			return "env", nil
		}
		interp, rest = rest[0], rest[1:]
	}
	args := make([]model.Arg, 0, len(rest))
	for _, f := range rest {
		args = append(args, model.Arg{Value: f})
	}
	return interp, args
}

// fileInterpreters run the program file that is their first operand, and
// have inline code Recourse scans (interpreters): their file's content is
// judged as that code.
var fileInterpreters = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"python": true, "python2": true, "python3": true, "pypy": true, "pypy3": true, "node": true,
		"nodejs": true, "perl": true, "ruby": true, "php": true, "lua": true, "rscript": true, "tclsh": true, "wish": true, "expect": true, "osascript": true}
})

// catSubst returns the file of a command substitution that only reads one
// file (sh -c "$(cat x.sh)"), when script, a dynamic -c argument, is
// exactly that substitution.
func catSubst(cmd *model.Command, script model.Arg) (model.Arg, bool) {
	if cmd.Sources == nil || script.Value != "$(...)" {
		return model.Arg{}, false
	}
	for _, s := range cmd.Sources.Substituted {
		if s.In != script.Value || len(s.Commands) != 1 {
			continue
		}
		words := s.Commands[0]
		if len(words) == 2 && !words[0].Dynamic && programName(words[0].Value) == "cat" && !strings.HasPrefix(words[1].Value, "-") {
			return words[1], true
		}
	}
	return model.Arg{}, false
}

// writtenText is what a command writes into the files it redirects its
// output into, when the line shows it: the literal text of echo or
// printf, or the here-document or here-string that cat copies.
func writtenText(cmd *model.Command) (string, bool) {
	switch cmd.Program {
	case "echo", "printf":
		return echoed(joinLine(model.Arg{Value: cmd.Program}, cmd.Args).Value)
	case "cat":
		for _, a := range cmd.Args {
			if a.Value != "-" {
				return "", false // it copies a file the line does not show
			}
		}
		if cmd.StdinFrom == "heredoc" || cmd.StdinFrom == "here-string" || strings.HasPrefix(cmd.StdinFrom, "pipe from ") && cmd.Stdin != "" {
			return cmd.Stdin, true
		}
	}
	return "", false
}
