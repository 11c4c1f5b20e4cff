// Package shell turns a shell command line into one Mutation per command
// it would run. It parses with mvdan.cc/sh/v3/syntax, walks the whole tree
// with syntax.Walk (lists, pipelines, subshells, groups, control flow,
// function bodies, command and process substitutions, redirections), and
// resolves words statically with mvdan.cc/sh/v3/expand. Nothing is ever
// executed.
//
// Wrappers (sudo, env, xargs, find -exec, sh -c, eval, heredocs fed to a
// shell ...) are unwrapped to the command they run; scripts are re-parsed
// recursively up to MaxDepth. What cannot be analysed statically (a
// dynamic program name, a parse error, remote code piped into a shell)
// becomes a Mutation with Command.Problem set, which the rules judge as
// needs-review.
package shell

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"github.com/recourse-dev/recourse/model"
)

// MaxLineBytes bounds the input; MaxDepth bounds nested re-parsing (sh -c
// inside eval inside a heredoc ...); MaxCommands bounds the output
// (commands and SQL statements). MaxValueBytes bounds the value a word
// resolves to from the line's own assignments (a="$a$a" doubles it each
// time): past it the word is dynamic, judged as unknown. MaxExpandedBytes
// bounds the values substituted in a whole line. A cap that is reached is
// a needs-review mutation of its own, never a silent stop.
const (
	MaxLineBytes     = 256 << 10
	MaxDepth         = 8
	MaxCommands      = 10000
	MaxValueBytes    = 16 << 10
	MaxExpandedBytes = 1 << 20
)

// Options describe where the line runs.
type Options struct {
	// Cwd is the working directory; empty means unknown, and relative
	// paths are then judged conservatively.
	Cwd string
	// Deadline, when set, bounds the analysis: past it Parse returns a
	// deadline error.
	Deadline time.Time
	// Workspace is what Cwd shows about itself; the commands that run in
	// Cwd carry it.
	Workspace *model.Workspace
	// Observer, when set, reads the script files the line runs where the
	// gate runs beside the action (scriptfile.go); nil: none is read, and
	// a script run from a file the line did not write needs review.
	Observer Observer
	// Dialect is what rewrites the line before the shell reads it (a
	// GitHub Actions run: step, a make recipe line); empty is bash.
	Dialect Dialect
}

// Parse returns one Mutation per command line would run, in source order.
func Parse(line string, opts Options) ([]model.Mutation, error) {
	if strings.TrimSpace(line) == "" {
		return nil, &model.Error{Kind: model.KindInvalidField, Field: "command", Message: "the command line is empty",
			Expected: "a shell command line, as an agent would pass it to `bash -c`", Example: `recourse eval shell -- 'rm -rf ./build'`}
	}
	if len(line) > MaxLineBytes {
		return nil, &model.Error{Kind: model.KindInputTooLarge, Field: "command",
			Message:  fmt.Sprintf("the command line is %d bytes, over the %d KiB limit", len(line), MaxLineBytes>>10),
			Expected: "one command line; evaluate long scripts in parts"}
	}
	line, refs, err := opts.Dialect.rewriteLine(line)
	if err != nil {
		return nil, err
	}
	w := &walker{cwd: opts.Cwd, addrsHint: len(line) + 16, deadline: opts.Deadline, workspace: opts.Workspace, observer: opts.Observer,
		imageBuild: opts.Dialect == DialectDockerfile, runContext: opts.Dialect.runContext()}
	switch opts.Dialect {
	case DialectGitHubActions:
		w.workflowRefs, w.dialect = refs, opts.Dialect
	case DialectActionsPwsh: // the programs the script runs read expressions as a bash step does
		w.workflowRefs, w.dialect = refs, DialectGitHubActions
	}
	if n := commandEstimate(line); n > len(w.boot.muts) {
		w.out = make([]model.Mutation, 0, n)
	} else {
		w.out = w.boot.muts[:0:len(w.boot.muts)]
	}
	if opts.Dialect.powerShell() {
		// The whole line is the script PowerShell runs: read as pwsh
		// -Command would have it read (powershell.go).
		cmd := &model.Command{Program: "pwsh", Args: []model.Arg{{Value: "-Command"}, {Value: line}}, Text: clip(line, 200), Line: 1, Col: 1, Cwd: w.cwd,
			Script: line, Interpreter: "pwsh"}
		w.powershell(cmd, line, frame{line: 1, col: 1})
	} else {
		w.script(line, frame{line: 1, col: 1})
	}
	if w.timedOut {
		return nil, &model.Error{Kind: model.KindDeadlineExceeded, Field: "command",
			Message: "the command line was not analysed within the deadline", Expected: "a larger --timeout, or a shorter command line"}
	}
	if w.overExpanded {
		w.expansionCapped(line)
	}
	return w.out, nil
}

// expired reports, every few hundred steps of the walk, whether the
// deadline has passed; once it has, the walk stops.
func (w *walker) expired() bool {
	if w.timedOut {
		return true
	}
	w.steps++
	if w.steps&255 != 0 || w.deadline.IsZero() {
		return false
	}
	w.timedOut = time.Now().After(w.deadline)
	return w.timedOut
}

// expansionCapped adds the needs-review mutation for a line whose
// substituted values went past MaxExpandedBytes: the words after that
// point were judged as unknown, and the line builds values large enough
// to hide what it runs.
func (w *walker) expansionCapped(line string) {
	pos := w.overAt
	cmd := &model.Command{Text: clip(line[min(int(pos.Offset()), len(line)):], 200), Line: int32(pos.Line()), Col: int32(pos.Col()),
		Problem: fmt.Sprintf("the line substitutes more than %d KiB of its own variables' values (cap MaxExpandedBytes reached here); the words from here on are judged as unknown", MaxExpandedBytes>>10)}
	w.out = append(w.out, w.mutation(cmd))
}

// clip shortens text to at most n bytes, on a rune boundary, marking the
// cut.
func clip(text string, n int) string {
	text = strings.TrimSpace(text)
	if len(text) <= n {
		return text
	}
	for n > 0 && !utf8.RuneStart(text[n]) {
		n--
	}
	return text[:n] + "…"
}

// Unanalysed is the mutation for a command that runs but whose text is not
// in the input (built at run time, or in a file the input does not show):
// why says which; the rules judge it needs-review.
func Unanalysed(text, why string) model.Mutation {
	w := &walker{}
	w.problem(frame{line: 1, col: 1}, text, why)
	return w.out[0]
}

// commandEstimate guesses how many commands line holds from its separators,
// so that a long script's mutations are not copied at every growth of the
// slice.
func commandEstimate(line string) int {
	n := 1 + strings.Count(line, "\n") + strings.Count(line, ";") +
		strings.Count(line, "|") - strings.Count(line, "||") + strings.Count(line, "&") - strings.Count(line, "&&")
	return min(n, MaxCommands)
}

// frame is where a (possibly nested) script sits in the input line.
type frame struct {
	depth     int32
	line, col int32    // position of the outermost command that holds it
	wrappers  []string // wrappers around the script (sh -c, eval ...)
	stdin     string
}

type walker struct {
	out []model.Mutation
	// splits counts the scripts split at a line that starts with a stray
	// operator (splitAtStrayOperator), at most maxSplits.
	splits int
	cwd    string
	// dirs is what cd - and popd go back to (dirState).
	dirs dirState
	// links are the symbolic links the line has made so far, by the path
	// of the link, to the path it reaches (links.go).
	links map[string]string
	// workspace is what the line's own working directory shows about
	// itself (Options.Workspace).
	workspace *model.Workspace
	// capped is set once the walker holds MaxCommands mutations and has
	// added the one that says so; expanded counts the bytes of values
	// substituted into words so far, overExpanded says the line went past
	// MaxExpandedBytes (at overAt).
	capped       bool
	expanded     int
	overExpanded bool
	overAt       syntax.Pos
	// deadline, when set, stops the walk (timedOut) once it has passed.
	deadline time.Time
	steps    int
	timedOut bool
	env      map[string]string // assignments made earlier in the line; nil before the first
	// cfg expands words; it reads env, which assignments update in place,
	// so one serves the whole line.
	cfg *expand.Config
	// downloads are the files curl and wget wrote earlier in the line,
	// with the URLs they came from; writes are those other commands wrote
	// through a redirection (download.go).
	downloads map[string]string
	writes    map[string]written
	// mounts map container paths to host paths while the command of a
	// container run is analysed (container.go).
	mounts []mount
	// imageBuild says the line is an image build's RUN command (Dialect
	// dockerfile); away counts the wrappers around the command being
	// analysed that run it past the build (ssh, a container exec), where
	// its file system is not the image's.
	imageBuild bool
	away       int
	// runContext is where the dialect says the line runs (a CI job, a
	// make recipe); like imageBuild, it is not where a wrapper that
	// reaches past it (away) runs its command.
	runContext model.RunContext
	// workflowRefs are the GitHub Actions expressions the dialect put
	// placeholders for, in order, and dialect the dialect that did
	// (workflowProgram).
	workflowRefs []string
	dialect      Dialect
	// addrs holds the addresses of the commands emitted so far (address);
	// addrsHint is the room to make for them at first.
	addrs     strings.Builder
	addrsHint int
	// stdin says what feeds the statements that read a pipe ("pipe from
	// curl"), for every script of the line: statements of different
	// scripts are different nodes. It is made at the first pipe.
	stdin map[*syntax.Stmt]string
	// found holds, for the statements a pipe from find feeds, the paths
	// that find prints (START/{} for each place it starts), made at the
	// first such pipe; feed is found's entry for the command being
	// analysed, which the first wrapper that appends its stdin to the
	// command's operands (xargs) takes.
	found map[*syntax.Stmt][]model.Arg
	feed  []model.Arg
	// grouped holds, for the statements a pipe from a group or subshell of
	// literal echoes feeds ((crontab -l; echo JOB) | crontab -), what the
	// echoes print.
	grouped map[*syntax.Stmt]groupFeed
	// piped holds, for the statements a pipe feeds, the words of the
	// commands before them in the pipeline (pipedArgs).
	piped map[*syntax.Stmt][][]model.Arg
	// echoes holds, for the statements a pipe from a literal echo or
	// printf feeds, what it prints: read from the AST the walk already
	// has, where parsing the left side's text again cost a parse per pipe.
	echoes map[*syntax.Stmt]string
	// funcs are the functions the line has defined so far (function.go).
	funcs map[string]lineFunction
	// fed says what feeds the stdin of the commands being walked when
	// they do not redirect it themselves: the redirection or pipe of a
	// group, loop or subshell around them ({ rm -rI d; } < answers.txt,
	// yes | { rm -ri d; }), an earlier exec < FILE of the same shell, or
	// what fed the shell whose script they are (sh -c '…' < FILE). Empty:
	// the stdin the line itself is given.
	fed string
	// observer reads script files (Options.Observer); observed counts the
	// bytes it read for the line, scripts what it found for each path.
	observer Observer
	observed int
	// cwdLost says that a cd made the working directory unknown, so that
	// a relative script path is not read from the line's starting one.
	cwdLost bool
	scripts map[string]scriptRead
	// visit is the syntax.Walk visitor of the script being walked.
	visit func(syntax.Node) bool
	// boot holds the first mutations, commands and arguments in the walker
	// itself: a one-line command then allocates one block, not one for
	// each piece.
	boot struct {
		muts  [3]model.Mutation
		cmds  [3]model.Command
		args  [8]model.Arg
		nCmds int
		nArgs int
	}
}

// newCommand returns a zero command, from the boot block while it lasts.
func (w *walker) newCommand() *model.Command {
	if w.boot.nCmds < len(w.boot.cmds) {
		w.boot.nCmds++
		return &w.boot.cmds[w.boot.nCmds-1]
	}
	return new(model.Command)
}

// newArgs returns an empty argument list with room for n, from the boot
// block while it lasts. Its capacity is capped at n, so an append past it
// copies rather than writing over the next list.
func (w *walker) newArgs(n int) []model.Arg {
	if start := w.boot.nArgs; start+n <= len(w.boot.args) {
		w.boot.nArgs += n
		return w.boot.args[start:start:w.boot.nArgs]
	}
	return make([]model.Arg, 0, n)
}

// script parses src and analyses every command in it.
func (w *walker) script(src string, fr frame) {
	if fr.depth > MaxDepth {
		w.problem(fr, src, fmt.Sprintf("scripts are nested more than %d levels deep; the rest is not analysed", MaxDepth))
		return
	}
	if fr.depth > 0 {
		// A nested shell's cd (and its directory stack) and exec < FILE
		// do not outlive it; its commands read the stdin it was given.
		saved, fed, lost, savedDirs := w.cwd, w.fed, w.cwdLost, w.dirs
		w.fed = fr.stdin
		defer func() { w.cwd, w.fed, w.cwdLost, w.dirs = saved, fed, lost, savedDirs }()
	}
	f, err := parseBash(src)
	if err != nil {
		if head, rest, ok := splitAtStrayOperator(src, err); ok && w.splits < maxSplits {
			// bash runs a script one complete command at a time: what
			// precedes the line it refuses runs. What follows is judged
			// too, as if bash had read the operator away, so that a
			// reading that differed from bash's would hide nothing.
			w.splits++
			w.script(head, fr)
			w.script(rest, fr)
			return
		}
		w.problem(fr, src, "the command line does not parse as bash: "+err.Error())
		return
	}
	// The visitor is kept in the walker, not in a variable it captures
	// (which would be a second allocation per script); nested scripts
	// set their own and put this one back.
	outer := w.visit
	defer func() { w.visit = outer }()
	w.visit = func(n syntax.Node) bool {
		if w.expired() {
			return false
		}
		if len(w.out) >= MaxCommands {
			// Only the first statement past the cap is described: the
			// walk still meets every later one, and builds nothing for them.
			if st, ok := n.(*syntax.Stmt); ok && !w.capped {
				w.full(w.commandAt(st, st.Pos(), src, fr, nil))
			}
			return false
		}
		switch n := n.(type) {
		case *syntax.BinaryCmd:
			if n.Op == syntax.Pipe || n.Op == syntax.PipeAll {
				w.pipe(n, src)
				// Each command of a pipeline runs in a subshell of its own.
				w.isolated(n.X)
				w.isolated(n.Y)
				return false
			}
		case *syntax.Stmt:
			if call, ok := n.Cmd.(*syntax.CallExpr); ok && len(call.Args) > 0 {
				w.call(call, n, src, fr, w.stdin[n])
				walkLive(call, n.Redirs, w.visit)
				return false
			}
			// A statement with no command (`> file`, `X=1 > file`) or a
			// compound one (`{ ...; } > file`, `for ...; done > file`)
			// still truncates what it redirects into.
			if call, ok := n.Cmd.(*syntax.CallExpr); ok {
				w.assignAll(call.Assigns)
				// PROMPT_COMMAND='rm -rf ~' runs at the next prompt, PAGER=…
				// at the next git log, exported or not (PAGER often is).
				w.runCommandVars(call.Assigns, n, src, fr)
			}
			w.statementRedirects(n, src, fr)
			if feed := firstNonEmpty(stdinRedirect(n, src), w.stdin[n]); feed != "" && n.Cmd != nil {
				// What feeds a compound statement's stdin feeds every
				// command in it that does not redirect its own.
				saved := w.fed
				w.fed = feed
				syntax.Walk(n.Cmd, w.visit)
				for _, r := range n.Redirs {
					syntax.Walk(r, w.visit)
				}
				w.fed = saved
				return false
			}
		case *syntax.Subshell:
			w.isolated(n.Stmts...)
			return false
		case *syntax.CmdSubst:
			w.isolated(n.Stmts...)
			return false
		case *syntax.ProcSubst:
			w.isolated(n.Stmts...)
			return false
		case *syntax.FuncDecl:
			w.define(n)
		case *syntax.DeclClause:
			w.declare(n, src, fr)
		case *syntax.Word:
			// Nothing runs inside a word that is only literal text; the
			// walk need not visit its parts.
			return !inertWord(n.Parts)
		}
		return true
	}
	syntax.Walk(f, w.visit)
}

// isolated walks statements that run in a subshell, (cd /etc && rm x),
// $(…), <(…) or a pipeline's commands: a cd there does not outlive them.
func (w *walker) isolated(stmts ...*syntax.Stmt) {
	saved, fed, lost, savedDirs := w.cwd, w.fed, w.cwdLost, w.dirs
	for _, st := range stmts {
		syntax.Walk(st, w.visit)
	}
	w.cwd, w.fed, w.cwdLost, w.dirs = saved, fed, lost, savedDirs
}

// stdinRedirect describes the last redirection of st's stdin ("file
// answers.txt", "heredoc", "here-string", "descriptor 3"), or "".
func stdinRedirect(st *syntax.Stmt, src string) string {
	from := ""
	for _, r := range st.Redirs {
		if r.N != nil && r.N.Value != "0" {
			continue
		}
		switch r.Op {
		case syntax.RdrIn, syntax.RdrInOut:
			from = "file " + wordText(r.Word, src)
		case syntax.Hdoc, syntax.DashHdoc:
			from = "heredoc"
		case syntax.WordHdoc:
			from = "here-string"
		case syntax.DplIn:
			from = "descriptor " + wordText(r.Word, src)
		}
	}
	return from
}

// pipe records, for the statement a pipe feeds, what the commands before
// it give it: their description, what literal echoes print, the paths
// find prints, and their words.
func (w *walker) pipe(n *syntax.BinaryCmd, src string) {
	put(&w.stdin, n.Y, "pipe from "+describe(n.X, src))
	if text, ok := echoOf(n.X); ok {
		put(&w.echoes, n.Y, text)
	}
	if g, ok := groupEchoes(n.X); ok {
		put(&w.grouped, n.Y, g)
	}
	if args := w.pipedArgs(n.X); args != nil {
		put(&w.piped, n.Y, args)
	}
	if paths := w.foundBy(n.X); paths != nil {
		put(&w.found, n.Y, paths)
	}
}

// put sets m[k] to v, making the map at its first entry: most lines have
// no pipe, download, write or function for the walker to remember.
func put[K comparable, V any](m *map[K]V, k K, v V) {
	if *m == nil {
		*m = map[K]V{}
	}
	(*m)[k] = v
}

// walkLive walks the parts of a simple command that can run something
// of their own (a substitution in an argument, an assignment or a
// redirection) once the command itself is analysed. The others are not
// walked at all: every syntax.Walk call costs a deferred-call return
// (a third of the walk on a typical line), and most words are literal.
func walkLive(call *syntax.CallExpr, redirs []*syntax.Redirect, visit func(syntax.Node) bool) {
	for _, a := range call.Assigns {
		if a.Index != nil || a.Array != nil || (a.Value != nil && !inertWord(a.Value.Parts)) {
			syntax.Walk(a, visit)
		}
	}
	for _, word := range call.Args {
		if !inertWord(word.Parts) {
			syntax.Walk(word, visit)
		}
	}
	for _, r := range redirs {
		if (r.Word != nil && !inertWord(r.Word.Parts)) || (r.Hdoc != nil && !inertWord(r.Hdoc.Parts)) {
			syntax.Walk(r, visit)
		}
	}
}

// inertWord reports whether word parts are only literal, single-quoted
// and double-quoted literal text: no expansion, substitution or
// arithmetic can run a command in them.
func inertWord(parts []syntax.WordPart) bool {
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		case *syntax.DblQuoted:
			if !inertWord(p.Parts) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// echoOf returns what a pipe's left side st prints when the command it
// ends in (the one describe names) is a literal echo or printf. The
// command is read without its statement's redirections, as describe's
// text would parse.
func echoOf(st *syntax.Stmt) (string, bool) {
	if c := producer(st); c != nil {
		return echoedBy(&syntax.Stmt{Cmd: c})
	}
	return "", false
}

// producer is the simple command a pipe's left side st ends in (cat f |
// sort | uniq: uniq), or nil when it ends in something else.
func producer(st *syntax.Stmt) *syntax.CallExpr {
	for st != nil {
		switch c := st.Cmd.(type) {
		case *syntax.BinaryCmd:
			st = c.Y
			continue
		case *syntax.CallExpr:
			if len(c.Args) > 0 {
				return c
			}
		}
		break
	}
	return nil
}

// describe is the text of the command at the end of a pipeline's left
// side. It follows the right spine of nested pipelines only, so a long
// pipeline costs linear time.
func describe(st *syntax.Stmt, src string) string {
	if c := producer(st); c != nil {
		return strings.TrimSpace(src[c.Pos().Offset():c.End().Offset()])
	}
	return "a command"
}

// declare records `export X=value` and friends.
func (w *walker) declare(d *syntax.DeclClause, src string, fr frame) {
	w.assignAll(d.Args)
	w.runCommandVars(d.Args, d, src, fr)
}

// runCommandVars analyses the command lines that the assignments of
// command variables among assigns (already made) hand to later programs,
// at the statement at.
func (w *walker) runCommandVars(assigns []*syntax.Assign, at syntax.Node, src string, fr frame) {
	var runs []*syntax.Assign
	for _, a := range assigns {
		if isCommandVar(a) {
			runs = append(runs, a)
		}
	}
	if len(runs) > 0 {
		w.commandVars(runs, w.env, w.commandAt(at, at.Pos(), src, fr, nil), fr)
	}
}

// commandVarNames are variables whose value is a command line that
// programs start through the shell: git log runs $PAGER, git commit
// $EDITOR, git fetch $GIT_SSH_COMMAND, sudo -A $SUDO_ASKPASS, an
// interactive bash $PROMPT_COMMAND.
var commandVarNames = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"PROMPT_COMMAND": true, "LESSOPEN": true, "LESSCLOSE": true, "PAGER": true, "MANPAGER": true, "GIT_PAGER": true, "SYSTEMD_PAGER": true,
		"EDITOR": true, "VISUAL": true, "GIT_EDITOR": true, "GIT_SEQUENCE_EDITOR": true, "KUBE_EDITOR": true, "SUDO_EDITOR": true,
		"GIT_SSH_COMMAND": true, "GIT_SSH": true, "GIT_EXTERNAL_DIFF": true, "GIT_ASKPASS": true, "SSH_ASKPASS": true, "SUDO_ASKPASS": true}
})

// loaderVars are variables that make programs load code from a file the
// input does not show (a library preloaded into every program, a script
// bash sources first, a module node requires first), by name, with the
// test of a value that does.
var loaderVars = map[string]func(string) bool{
	"LD_PRELOAD": nonEmpty, "LD_AUDIT": nonEmpty, "DYLD_INSERT_LIBRARIES": nonEmpty, "BASH_ENV": nonEmpty,
	"NODE_OPTIONS": func(v string) bool {
		for _, f := range strings.Fields(v) {
			name, _, _ := strings.Cut(f, "=")
			switch name {
			case "-r", "--require", "--import", "--loader", "--experimental-loader":
				return true
			}
		}
		return false
	},
}

func nonEmpty(v string) bool { return strings.TrimSpace(v) != "" }

// otherGoProxy reports whether a GOPROXY list names a proxy other than
// Go's own (direct and off fetch nothing from a third party).
func otherGoProxy(v string) bool {
	for _, p := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == '|' }) {
		switch strings.TrimSuffix(strings.TrimSpace(p), "/") {
		case "https://proxy.golang.org", "direct", "off", "":
		default:
			return true
		}
	}
	return false
}

// trustVars are variables that decide where package managers fetch code
// from, or whether they check who serves it, with the test of a value
// that moves or loosens that: the registry and index settings, and TLS
// verification turned off.
var trustVars = sync.OnceValue(func() map[string]func(string) bool {
	return map[string]func(string) bool{
		"PIP_INDEX_URL": nonEmpty, "PIP_EXTRA_INDEX_URL": nonEmpty, "PIP_TRUSTED_HOST": nonEmpty, "PIP_FIND_LINKS": nonEmpty,
		"UV_INDEX_URL": nonEmpty, "UV_EXTRA_INDEX_URL": nonEmpty, "UV_INDEX": nonEmpty, "UV_DEFAULT_INDEX": nonEmpty,
		"NPM_CONFIG_REGISTRY": nonEmpty, "npm_config_registry": nonEmpty, "YARN_NPM_REGISTRY_SERVER": nonEmpty, "YARN_REGISTRY": nonEmpty,
		"GOPROXY": otherGoProxy, "GONOSUMDB": nonEmpty, "GOINSECURE": nonEmpty, "GONOSUMCHECK": nonEmpty,
		"GOSUMDB":                      func(v string) bool { return strings.TrimSpace(v) == "off" },
		"GOFLAGS":                      func(v string) bool { return strings.Contains(v, "-insecure") },
		"NODE_TLS_REJECT_UNAUTHORIZED": func(v string) bool { return strings.TrimSpace(v) == "0" },
		"PYTHONHTTPSVERIFY":            func(v string) bool { return strings.TrimSpace(v) == "0" },
		"GIT_SSL_NO_VERIFY": func(v string) bool {
			v = strings.ToLower(strings.TrimSpace(v))
			return v != "" && v != "0" && v != "false"
		},
		"NPM_CONFIG_STRICT_SSL": func(v string) bool { return strings.EqualFold(strings.TrimSpace(v), "false") },
		"npm_config_strict_ssl": func(v string) bool { return strings.EqualFold(strings.TrimSpace(v), "false") },
	}
})

func isCommandVar(a *syntax.Assign) bool {
	return a != nil && a.Name != nil && a.Value != nil && (commandVarNames()[a.Name.Value] || loaderVars[a.Name.Value] != nil || trustVars()[a.Name.Value] != nil)
}

// commandVars analyses the command lines that assignments of command
// variables hand to the programs run with them, at the command at.
func (w *walker) commandVars(assigns []*syntax.Assign, env map[string]string, at *model.Command, fr frame) {
	for _, a := range assigns {
		name := a.Name.Value
		w.commandVar(name, model.Arg{Value: env[name], Dynamic: env[name] == "$(dynamic)"}, at)
	}
}

// commandVar analyses the command line that the command variable name,
// set to line, hands to the programs run with it, at the command at.
func (w *walker) commandVar(name string, line model.Arg, at *model.Command) {
	if strings.TrimSpace(line.Value) == "" {
		return
	}
	if trusts := trustVars()[name]; trusts != nil {
		if line.Dynamic || trusts(line.Value) {
			w.emitProblem(at, name+"="+line.Value+" points package installs at another registry or turns the check of its TLS certificate off: the code later installs run comes from wherever that is")
		}
		return
	}
	if loads := loaderVars[name]; loads != nil {
		if line.Dynamic || loads(line.Value) {
			w.emitProblem(at, name+"="+line.Value+" makes the program load code from a file the input does not show")
		}
		return
	}
	if name == "LESSOPEN" || name == "LESSCLOSE" { // "|CMD %s": less runs CMD on the file
		line.Value = strings.TrimLeft(line.Value, "|")
	}
	if line.Dynamic {
		w.emitProblem(at, "$"+name+" is set to a command line only known at run time, which the programs that read it run")
		return
	}
	in := frame{depth: at.Depth + 1, line: at.Line, col: at.Col, wrappers: append(append([]string(nil), at.Wrappers...), "$"+name)}
	w.script(line.Value, in)
}

func (w *walker) assign(a *syntax.Assign, env map[string]string) {
	if a == nil || a.Name == nil {
		return
	}
	if a.Value == nil {
		env[a.Name.Value] = ""
		return
	}
	arg := w.word(a.Value)
	if len(arg) == 1 && !arg[0].Dynamic && len(arg[0].Value) <= MaxValueBytes {
		env[a.Name.Value] = arg[0].Value
		return
	}
	env[a.Name.Value] = "$(dynamic)"
}

// call analyses one simple command.
func (w *walker) call(c *syntax.CallExpr, st *syntax.Stmt, src string, fr frame, stdin string) {
	var env map[string]string // nil when nothing was assigned: most commands
	if len(w.env)+len(c.Assigns) > 0 {
		env = maps.Clone(w.env)
		if env == nil {
			env = make(map[string]string, len(c.Assigns))
		}
	}
	var runs []*syntax.Assign
	for _, a := range c.Assigns {
		w.assign(a, env)
		if isCommandVar(a) {
			runs = append(runs, a)
		}
	}
	argv := w.newArgs(len(c.Args))
	var subs []model.Substitution
	for i, word := range c.Args {
		n := len(argv)
		argv = w.appendWord(argv, word)
		if i > 0 && len(argv) == n+1 && argv[n].Dynamic && !inertWord(word.Parts) {
			if cmds := w.substituted(word.Parts, nil); cmds != nil {
				subs = append(subs, model.Substitution{In: argv[n].Value, Commands: cmds})
			}
		}
	}
	cmd := w.commandAt(st, c.Pos(), src, fr, env)
	if subs != nil {
		cmd.Sources = &model.Sources{Substituted: subs}
	}
	if fn, ok := w.calledFunction(c); ok {
		cmd.Function, cmd.ForkBomb = true, fn.forkBomb
	}
	if len(runs) > 0 {
		w.commandVars(runs, env, cmd, fr)
	}
	cmd.StdinFrom = firstNonEmpty(stdin, w.fed)
	if len(argv) == 1 && argv[0].Value == "exec" && !argv[0].Dynamic {
		// exec < FILE (exec 0<FILE, exec <&3) feeds the stdin of every
		// later command of this shell.
		if feed := stdinRedirect(st, src); feed != "" {
			w.fed = feed
		}
	}
	cmd.Redirects = w.outputs(st)
	var heredoc *string
	for _, r := range st.Redirs {
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			body := hdocText(r.Hdoc, wordText(r.Word, src), src)
			heredoc, cmd.Stdin = &body, body
			cmd.StdinFrom = "heredoc"
		case syntax.WordHdoc:
			args := w.word(r.Word)
			if len(args) == 1 && !args[0].Dynamic {
				body := args[0].Value
				heredoc, cmd.Stdin = &body, body
			}
			cmd.StdinFrom = "here-string"
		case syntax.RdrIn:
			cmd.StdinFrom = "file " + wordText(r.Word, src)
		}
	}
	// What a pipe from echo or printf feeds is as plain as a here-string
	// (echo FLUSHALL | redis-cli, printf ',d\nw\n' | ed f, echo CMD |
	// ssh host): rows and analyses that read Stdin see it.
	if piped, ok := strings.CutPrefix(cmd.StdinFrom, "pipe from "); ok && cmd.Stdin == "" {
		text, echoes := w.echoes[st]
		if stdin == "" { // the pipe is the frame's (echo X | sh -c 'CMD'): only its text is here
			text, echoes = echoed(piped)
		}
		if echoes {
			cmd.Stdin = text
		}
	}
	if g, ok := w.grouped[st]; ok && cmd.Stdin == "" && heredoc == nil && (!g.listsCrontab || len(argv) > 0 && argv[0].Value == "crontab") {
		cmd.Stdin = g.text
	}
	if piped := w.piped[st]; piped != nil {
		if cmd.Sources == nil {
			cmd.Sources = &model.Sources{}
		}
		cmd.Sources.Piped = piped
	}
	w.feed = w.found[st]
	w.unwrap(cmd, argv, heredoc, fr)
	w.feed = nil
	w.truncations(cmd, cmd.Redirects)
	w.recordWrites(cmd)
}

// groupFeed is what a group or subshell of literal echoes prints into a
// pipe; listsCrontab says that it also runs crontab -l, whose output only
// crontab itself reads as the jobs already there.
type groupFeed struct {
	text         string
	listsCrontab bool
}

// groupEchoes reads a pipe's left side st when it is a group or subshell
// whose every command is a literal echo or printf, or crontab -l.
func groupEchoes(st *syntax.Stmt) (groupFeed, bool) {
	var stmts []*syntax.Stmt
	switch c := st.Cmd.(type) {
	case *syntax.Subshell:
		stmts = c.Stmts
	case *syntax.Block:
		stmts = c.Stmts
	default:
		return groupFeed{}, false
	}
	var g groupFeed
	var b strings.Builder
	for _, s := range stmts {
		if c, ok := s.Cmd.(*syntax.CallExpr); ok && len(c.Args) == 2 && c.Args[0].Lit() == "crontab" && c.Args[1].Lit() == "-l" && len(s.Redirs) == 0 {
			g.listsCrontab = true
			continue
		}
		text, ok := echoedBy(s)
		if !ok {
			return groupFeed{}, false
		}
		b.WriteString(text)
		if !strings.HasSuffix(text, "\n") {
			b.WriteByte('\n')
		}
	}
	g.text = b.String()
	return g, g.text != ""
}

// pathFilters pass on some of the lines they read unchanged, so the paths
// find prints are still paths after them (find / | grep x | xargs rm).
var pathFilters = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"grep": true, "egrep": true, "fgrep": true, "rg": true, "sort": true, "uniq": true, "head": true,
		"tail": true, "tac": true, "shuf": true, "cat": true}
})

// foundBy returns the paths a pipeline's left side st prints when it ends
// in a find, through any path filters after it: START/{} for each place
// the search starts, so that xargs's command is judged by where the paths
// are (find / -name core | xargs rm -f deletes files anywhere), as find's
// own -exec is. Otherwise nil.
func (w *walker) foundBy(st *syntax.Stmt) []model.Arg {
	for st != nil {
		switch c := st.Cmd.(type) {
		case *syntax.BinaryCmd:
			if (c.Op == syntax.Pipe || c.Op == syntax.PipeAll) && pathFilters()[literalName(c.Y)] {
				st = c.X
			} else {
				st = c.Y
			}
			continue
		case *syntax.CallExpr:
			if len(c.Args) == 0 || (c.Args[0].Lit() != "find" && c.Args[0].Lit() != "gfind") {
				return nil
			}
			var starts []model.Arg
			for _, word := range c.Args[1:] {
				if lit := word.Lit(); strings.HasPrefix(lit, "-") || lit == "(" || lit == "!" {
					break
				}
				starts = w.appendWord(starts, word)
			}
			if len(starts) == 0 {
				starts = []model.Arg{{Value: "."}}
			}
			paths := make([]model.Arg, len(starts))
			for i, s := range starts {
				paths[i] = foundUnder(s.Value)
			}
			return paths
		}
		return nil
	}
	return nil
}

// substituted appends to cmds the words of the commands whose output the
// command substitutions among parts take in (each pipeline's last few
// commands, as pipedArgs reads them), looking into double quotes.
func (w *walker) substituted(parts []syntax.WordPart, cmds [][]model.Arg) [][]model.Arg {
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.CmdSubst:
			for _, st := range p.Stmts {
				cmds = append(cmds, w.pipedArgs(st)...)
			}
		case *syntax.DblQuoted:
			cmds = w.substituted(p.Parts, cmds)
		}
	}
	return cmds
}

// pipedLookback bounds how far back in a pipeline pipedArgs reads: a
// pipeline of thousands of stages must not make the walk quadratic.
const pipedLookback = 4

// pipedArgs returns the words of each simple command that makes up a pipe's
// left side st, nearest first, up to pipedLookback of them (cat
// ~/.ssh/id_rsa | base64 | curl -T -: base64, then cat ~/.ssh/id_rsa).
func (w *walker) pipedArgs(st *syntax.Stmt) [][]model.Arg {
	var out [][]model.Arg
	for i := 0; st != nil && i < pipedLookback; i++ {
		next := (*syntax.Stmt)(nil)
		if b, ok := st.Cmd.(*syntax.BinaryCmd); ok && (b.Op == syntax.Pipe || b.Op == syntax.PipeAll) {
			st, next = b.Y, b.X
		}
		if c, ok := st.Cmd.(*syntax.CallExpr); ok && len(c.Args) > 0 {
			words := make([]model.Arg, 0, len(c.Args))
			for _, word := range c.Args {
				words = w.appendWord(words, word)
			}
			out = append(out, words)
		}
		st = next
	}
	return out
}

// literalName is the first word of st's simple command when it is
// literal text, or "".
func literalName(st *syntax.Stmt) string {
	if c, ok := st.Cmd.(*syntax.CallExpr); ok && len(c.Args) > 0 {
		return c.Args[0].Lit()
	}
	return ""
}

// assignAll records the assignments of a statement that runs no command
// (X=1): they last for the rest of the script.
func (w *walker) assignAll(assigns []*syntax.Assign) {
	if w.env == nil && len(assigns) > 0 {
		w.env = make(map[string]string, len(assigns))
	}
	for _, a := range assigns {
		w.assign(a, w.env)
	}
}

// commandAt starts the command of statement st: its text, its position
// (the outermost command's inside a nested script, pos in the input line
// otherwise), the wrappers around it, where it runs and its environment.
func (w *walker) commandAt(st syntax.Node, pos syntax.Pos, src string, fr frame, env map[string]string) *model.Command {
	cmd := w.newCommand()
	*cmd = model.Command{
		Text:     strings.TrimSpace(src[st.Pos().Offset():st.End().Offset()]),
		Line:     fr.line,
		Col:      fr.col,
		Wrappers: append([]string(nil), fr.wrappers...),
		Depth:    fr.depth,
		Cwd:      w.cwd,
		Env:      env,
	}
	if ws := w.workspace; ws != nil && ws.Dir == w.cwd {
		cmd.Workspace = ws
	}
	if fr.depth == 0 {
		cmd.Line, cmd.Col = int32(pos.Line()), int32(pos.Col())
	}
	return cmd
}

// statementRedirects emits the truncating redirections of a statement
// that is not a simple command.
func (w *walker) statementRedirects(st *syntax.Stmt, src string, fr frame) {
	if len(st.Redirs) == 0 {
		return
	}
	w.truncations(w.commandAt(st, st.Pos(), src, fr, maps.Clone(w.env)), w.outputs(st))
}

// outputs are the redirections of st that write to a file, with the file
// descriptor each writes (>&FILE is one; 2>&1 is not).
func (w *walker) outputs(st *syntax.Stmt) []model.Redirect {
	var out []model.Redirect
	for _, r := range st.Redirs {
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrAll, syntax.AppAll, syntax.ClbOut, syntax.DplOut:
			fd := "1"
			if r.N != nil {
				fd = r.N.Value
			}
			var one [1]model.Arg // most targets are one word: no slice to allocate
			for _, t := range w.appendWord(one[:0], r.Word) {
				if r.Op == syntax.DplOut && fdTarget(t) { // 2>&1 duplicates a descriptor
					continue
				}
				out = append(out, model.Redirect{Op: r.Op.String(), Target: t, Fd: fd})
			}
		}
	}
	return out
}

// truncations emits one mutation, located at the command at, for each
// redirection in rs that writes a file: a redirect mutation for one that
// truncates its target (>, >|, &>), an append mutation for one that
// appends (>>, &>>). Writing to /dev/null changes nothing, so 2>/dev/null
// is no mutation of its own (the command's text and Redirects still show
// it).
func (w *walker) truncations(at *model.Command, rs []model.Redirect) {
	for _, r := range rs {
		if r.Target.Value == "/dev/null" && !r.Target.Dynamic {
			continue
		}
		program := ""
		switch {
		case r.Op == ">" || r.Op == ">|" || r.Op == "&>" || r.Op == ">&" && !fdTarget(r.Target):
			program = model.RedirectProgram
		case r.Op == ">>" || r.Op == "&>>":
			program = model.AppendProgram
		default:
			continue
		}
		var writer *model.Command
		if at.Program != "" {
			writer = at
		}
		w.emit(&model.Command{Program: program, Args: []model.Arg{r.Target}, Text: at.Text, Line: at.Line, Col: at.Col,
			Depth: at.Depth, Cwd: at.Cwd, Env: at.Env, Wrappers: at.Wrappers, Writer: writer})
	}
}

// fdTarget reports whether the target of >& is a file descriptor (2>&1)
// or "-" (close), not a file: bash reads >&FILE as &>FILE.
func fdTarget(a model.Arg) bool {
	return !a.Dynamic && (a.Value == "-" || strings.Trim(a.Value, "0123456789-") == "")
}

// hdocText is a here-document's body as written, without the line that
// closes it (the parser's span includes it).
func hdocText(word *syntax.Word, delim, src string) string {
	if word == nil {
		return ""
	}
	body := src[word.Pos().Offset():word.End().Offset()]
	delim = strings.Trim(delim, `'"\`)
	if i := strings.LastIndexByte(body, '\n'); i >= 0 && strings.TrimSpace(body[i+1:]) == delim {
		return body[:i+1]
	}
	if strings.TrimSpace(body) == delim {
		return ""
	}
	return body
}

func wordText(word *syntax.Word, src string) string {
	if word == nil {
		return ""
	}
	return src[word.Pos().Offset():word.End().Offset()]
}

// word resolves one word into its fields. A word whose value is only known
// at run time is one dynamic Arg with its shape.
func (w *walker) word(word *syntax.Word) []model.Arg { return w.appendWord(nil, word) }

// appendWord appends the fields of word (see word) to dst.
func (w *walker) appendWord(dst []model.Arg, word *syntax.Word) []model.Arg {
	n := len(dst)
	dst = w.appendExpanded(dst, word)
	if len(w.mounts) > 0 {
		for i := n; i < len(dst); i++ {
			dst[i], _ = onHost(dst[i], w.mounts)
		}
	}
	return dst
}

// appendExpanded appends the fields of word, resolved statically (see
// word), to dst.
func (w *walker) appendExpanded(dst []model.Arg, word *syntax.Word) []model.Arg {
	if word == nil {
		return dst
	}
	if lit, ok := plainLiteral(word); ok {
		return append(dst, model.Arg{Value: lit})
	}
	if shape, dynamic := w.shape(word); dynamic {
		return append(dst, model.Arg{Value: shape, Dynamic: true})
	}
	if w.cfg == nil {
		w.cfg = &expand.Config{Env: markerEnv{&w.env}, CmdSubst: func(out io.Writer, cs *syntax.CmdSubst) error {
			text, ok := literalSubst(cs)
			if !ok {
				return errDynamic
			}
			_, err := io.WriteString(out, text)
			return err
		}}
	}
	fields, err := expand.Fields(w.cfg, word)
	if err != nil {
		shape, _ := w.shape(word)
		return append(dst, model.Arg{Value: shape, Dynamic: true})
	}
	for _, f := range fields {
		dst = append(dst, model.Arg{Value: f})
	}
	return dst
}

// plainLiteral returns the value of a word that is one unquoted literal
// with nothing to expand: no brace, no leading tilde, no escape (globs are
// never expanded, since nothing here reads the filesystem). Most words are,
// and expand.Fields would return the same single field.
func plainLiteral(word *syntax.Word) (string, bool) {
	if len(word.Parts) != 1 {
		return "", false
	}
	lit, ok := word.Parts[0].(*syntax.Lit)
	// Two byte searches: ContainsAny builds a set on every call.
	if !ok || lit.Value == "" || strings.IndexByte(lit.Value, '{') >= 0 || strings.IndexByte(lit.Value, '\\') >= 0 || lit.Value[0] == '~' {
		return "", false
	}
	return lit.Value, true
}

// shape renders a word with its run-time parts kept symbolic ($NAME,
// $(...)), and reports whether it has any. A parameter the line assigned
// earlier to a literal is substituted.
func (w *walker) shape(word *syntax.Word) (string, bool) {
	var b strings.Builder
	dynamic := false
	var parts func([]syntax.WordPart, bool)
	parts = func(ps []syntax.WordPart, quoted bool) {
		for _, p := range ps {
			switch p := p.(type) {
			case *syntax.Lit:
				writeUnescaped(&b, p.Value, quoted)
			case *syntax.SglQuoted:
				b.WriteString(p.Value)
			case *syntax.DblQuoted:
				parts(p.Parts, true)
			case *syntax.ParamExp:
				name := ""
				if p.Param != nil {
					name = p.Param.Value
				}
				if v, ok := w.env[name]; ok && simpleParam(p) && v != "$(dynamic)" && w.substitute(b.Len(), v, p) {
					b.WriteString(v)
					continue
				}
				dynamic = true
				if def, ok := w.defaultValue(p); ok {
					// ${NAME:-DEFAULT}: the default is what runs when NAME is
					// unset, and rules judge the worse of the two readings.
					b.WriteString("${" + name + p.Exp.Op.String() + def + "}")
					continue
				}
				b.WriteString("$" + name)
			case *syntax.CmdSubst:
				if text, ok := literalSubst(p); ok {
					b.WriteString(strings.TrimRight(text, "\n"))
					continue
				}
				dynamic = true
				b.WriteString("$(...)")
			case *syntax.ArithmExp:
				dynamic = true
				b.WriteString("$((...))")
			case *syntax.ProcSubst:
				dynamic = true
				b.WriteString("<(...)")
			case *syntax.ExtGlob:
				b.WriteString(p.Op.String() + p.Pattern.Value + ")")
			default:
				dynamic = true
				b.WriteString("$?")
			}
		}
	}
	parts(word.Parts, false)
	return b.String(), dynamic
}

// writeUnescaped writes lit, a literal of a word, as quote removal leaves
// it: outside quotes a backslash quotes the next character; inside double
// quotes only before $, `, ", \ or a newline (bash manual, "Double
// Quotes"); an escaped newline is a line continuation, which disappears.
func writeUnescaped(b *strings.Builder, lit string, quoted bool) {
	if strings.IndexByte(lit, '\\') < 0 {
		b.WriteString(lit)
		return
	}
	for i := 0; i < len(lit); i++ {
		c := lit[i]
		if c != '\\' || i+1 == len(lit) {
			b.WriteByte(c)
			continue
		}
		next := lit[i+1]
		switch {
		case next == '\n':
			i++
		case !quoted || next == '$' || next == '`' || next == '"' || next == '\\':
			b.WriteByte(next)
			i++
		default:
			b.WriteByte(c)
		}
	}
}

var errDynamic = errors.New("only known at run time")

// substitute reports whether the value v of a parameter may be written
// into a word that already has n bytes: not when the word would grow past
// MaxValueBytes, nor once the line has substituted MaxExpandedBytes in
// all (the first word past that is remembered for the mutation that says
// so). A word that may not is dynamic.
func (w *walker) substitute(n int, v string, at *syntax.ParamExp) bool {
	if n+len(v) > MaxValueBytes {
		return false
	}
	if w.expanded+len(v) > MaxExpandedBytes {
		if !w.overExpanded {
			w.overExpanded, w.overAt = true, at.Pos()
		}
		return false
	}
	w.expanded += len(v)
	return true
}

// literalSubst returns the output of a command substitution that only
// echoes literals ($(echo rm), `printf ls`): it is as static as a quoted
// word, and obfuscation through it is seen. It reads the AST directly and
// never re-parses, so nested substitutions cost linear time.
func literalSubst(cs *syntax.CmdSubst) (string, bool) {
	if len(cs.Stmts) != 1 || len(cs.Stmts[0].Redirs) > 0 {
		return "", false
	}
	call, ok := cs.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Assigns) > 0 || len(call.Args) == 0 {
		return "", false
	}
	var words []string
	for _, w := range call.Args {
		lit, ok := literalWord(w)
		if !ok {
			return "", false
		}
		words = append(words, lit)
	}
	text, ok := echoText(words)
	if !ok {
		return "", false
	}
	return text + "\n", true
}

// literalWord is the value of a word made only of literals and quotes.
func literalWord(w *syntax.Word) (string, bool) {
	var b strings.Builder
	var parts func([]syntax.WordPart) bool
	parts = func(ps []syntax.WordPart) bool {
		for _, p := range ps {
			switch p := p.(type) {
			case *syntax.Lit:
				b.WriteString(strings.ReplaceAll(p.Value, "\\", ""))
			case *syntax.SglQuoted:
				b.WriteString(p.Value)
			case *syntax.DblQuoted:
				if !parts(p.Parts) {
					return false
				}
			default:
				return false
			}
		}
		return true
	}
	ok := parts(w.Parts)
	return b.String(), ok
}

// echoText is what `echo WORDS...` or `printf WORDS...` prints, when
// words[0] is one of them.
func echoText(words []string) (string, bool) {
	prog := programName(words[0])
	if prog != "echo" && prog != "printf" {
		return "", false
	}
	if prog == "printf" {
		if len(words) < 2 {
			return "", false
		}
		return printfText(words[1], words[2:])
	}
	var parts []string
	escapes := false
	for _, a := range words[1:] {
		if len(parts) == 0 && strings.HasPrefix(a, "-") {
			escapes = escapes || strings.Contains(a, "e")
			continue
		}
		parts = append(parts, a)
	}
	text := strings.Join(parts, " ")
	if escapes && strings.Contains(text, "\\") {
		return "", false // echo -e '\x72\x6d': escapes are left to be run
	}
	return text, true
}

// printfText is what printf FORMAT ARGS writes: each directive (%s, %d
// ... with any flags or width) takes the next argument as it is, %% is a
// percent sign, backslash escapes are what they stand for (\n, \t,
// \x72, \162), and the format is reused while arguments remain, as
// printf does. It is false for what it cannot write for certain: an
// escape it does not know (\u2028, \c) and %b of an argument with a
// backslash.
func printfText(format string, args []string) (string, bool) {
	var b strings.Builder
	for pass := 0; pass == 0 || len(args) > 0; pass++ {
		used := 0
		for i := 0; i < len(format); i++ {
			c := format[i]
			switch {
			case c == '\\' && i+1 < len(format):
				n, ok := printfEscape(&b, format[i+1:])
				if !ok {
					return "", false
				}
				i += n
			case c == '%' && i+1 < len(format):
				j := i + 1
				for j < len(format) && strings.IndexByte("-+ #0123456789.", format[j]) >= 0 {
					j++
				}
				switch {
				case j >= len(format):
					b.WriteString(format[i:])
				case format[j] == '%':
					b.WriteByte('%')
				case format[j] == 'b' && len(args) > 0 && strings.Contains(args[0], "\\"):
					return "", false
				case len(args) > 0:
					b.WriteString(args[0])
					args, used = args[1:], used+1
				}
				i = j
			default:
				b.WriteByte(c)
			}
		}
		if used == 0 {
			break // a format that takes no argument is written once
		}
	}
	return b.String(), true
}

// printfEscapes are the one-letter escapes of a printf format.
var printfEscapes = sync.OnceValue(func() map[byte]byte {
	return map[byte]byte{'n': '\n', 't': '\t', 'r': '\r', 'a': '\a', 'b': '\b', 'f': '\f', 'v': '\v', 'e': 0x1b, 'E': 0x1b,
		'\\': '\\', '"': '"', '\'': '\''}
})

// printfEscape writes what the escape after a backslash in a printf
// format stands for and returns how many bytes of rest it took; false
// for one it does not know.
func printfEscape(b *strings.Builder, rest string) (int, bool) {
	if c, ok := printfEscapes()[rest[0]]; ok {
		b.WriteByte(c)
		return 1, true
	}
	digits := func(from, most int, base uint64, valid string) (int, bool) {
		end := from
		for end < len(rest) && end-from < most && strings.IndexByte(valid, rest[end]) >= 0 {
			end++
		}
		if end == from {
			return 0, false
		}
		v, err := strconv.ParseUint(rest[from:end], int(base), 16)
		if err != nil || v > 0xff {
			return 0, false
		}
		b.WriteByte(byte(v))
		return end, true
	}
	switch {
	case rest[0] == 'x':
		return digits(1, 2, 16, "0123456789abcdefABCDEF")
	case rest[0] >= '0' && rest[0] <= '7':
		return digits(0, 3, 8, "01234567")
	}
	return 0, false
}

// defaultValue returns the shape of the default of ${NAME:-DEFAULT},
// ${NAME-DEFAULT}, ${NAME:=DEFAULT} or ${NAME=DEFAULT} (empty when none is
// written), for a plain NAME.
func (w *walker) defaultValue(p *syntax.ParamExp) (string, bool) {
	if p.Exp == nil || p.Excl || p.Length || p.Width || p.Index != nil || p.Slice != nil || p.Repl != nil || p.Names != 0 {
		return "", false
	}
	switch p.Exp.Op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull:
	default:
		return "", false
	}
	if p.Exp.Word == nil {
		return "", true
	}
	def, _ := w.shape(p.Exp.Word)
	return def, !strings.ContainsAny(def, "{}")
}

// simpleParam reports whether a parameter expansion is a plain $NAME or
// ${NAME} (no default, length, slice or replacement).
func simpleParam(p *syntax.ParamExp) bool {
	return !p.Excl && !p.Length && !p.Width && p.Index == nil && p.Slice == nil && p.Repl == nil && p.Exp == nil && p.Names == 0
}

// markerEnv answers the expander's lookups without the real environment:
// HOME is "~" so that home paths stay recognisable, and the line's own
// literal assignments are visible. Nothing else is set. vars points at
// the walker's assignments, which are made (and the map created) after
// the expander is.
type markerEnv struct{ vars *map[string]string }

func (e markerEnv) Get(name string) expand.Variable {
	if name == "HOME" {
		return expand.Variable{Set: true, Kind: expand.String, Str: "~"}
	}
	if strings.HasPrefix(name, "HOME ") { // ~user
		return expand.Variable{Set: true, Kind: expand.String, Str: "~" + strings.TrimPrefix(name, "HOME ")}
	}
	if v, ok := (*e.vars)[name]; ok {
		return expand.Variable{Set: true, Kind: expand.String, Str: v}
	}
	return expand.Variable{}
}

func (e markerEnv) Each(f func(name string, vr expand.Variable) bool) {
	for k := range *e.vars {
		if !f(k, e.Get(k)) {
			return
		}
	}
}

// problem records a part of the input that cannot be analysed.
func (w *walker) problem(fr frame, text, why string) {
	cmd := &model.Command{Text: strings.TrimSpace(text), Line: fr.line, Col: fr.col, Depth: fr.depth,
		Wrappers: append([]string(nil), fr.wrappers...), Cwd: w.cwd, Problem: why, StdinFrom: fr.stdin}
	w.emit(cmd)
}

// emitProblem adds a copy of cmd that records why part of what it runs
// cannot be analysed; cmd itself is the caller's to emit or not.
func (w *walker) emitProblem(cmd *model.Command, why string) {
	c := *cmd
	c.Problem = why
	w.emit(&c)
}

// emit adds the mutation for a command that is not a wrapper.
func (w *walker) emit(cmd *model.Command) {
	if w.full(cmd) {
		return
	}
	cmd = w.onDiskLinks(w.throughLinks(cmd))
	w.out = append(w.out, w.mutation(cmd))
	if cmd.Program == "ln" {
		w.recordLink(cmd)
	}
}

// full reports whether the walker holds MaxCommands mutations, so that
// cmd is not added. The first time, it adds one more: the needs-review
// mutation that says the cap was reached at cmd and nothing after it was
// analysed (':;' ten thousand times, then rm -rf /).
func (w *walker) full(cmd *model.Command) bool {
	if len(w.out) < MaxCommands {
		return false
	}
	if !w.capped {
		w.capped = true
		c := *cmd
		c.Program, c.Text = "", clip(c.Text, 200)
		c.Problem = fmt.Sprintf("the line runs more than %d commands or statements (cap MaxCommands reached here); this one and everything after it are not analysed", MaxCommands)
		w.out = append(w.out, w.mutation(&c))
	}
	return true
}

// mutation is the mutation of a command that is not a wrapper.
func (w *walker) mutation(cmd *model.Command) model.Mutation {
	typ := cmd.Program
	if cmd.Problem != "" || typ == "" {
		typ = model.UnanalysedProgram
	}
	id := ownText(cmd)
	if w.away == 0 {
		cmd.ImageBuild = w.imageBuild
		cmd.RunContext = w.runContext
	}
	return model.Mutation{
		Source:     model.SourceShell,
		Action:     model.ActionExecute,
		RawActions: executeActions,
		Address:    w.address(cmd, id),
		Target:     model.Target{Provider: "shell", Type: typ, ID: id},
		Command:    cmd,
	}
}

// maxIDBytes bounds the text that names a mutation (its target id and
// address). A command's Text is the whole statement it stands in, which
// every command a wrapper or a program runs shares: ten thousand
// redirections in one awk program made ten thousand copies of it.
const maxIDBytes = 256

// ownText is the text that names cmd's mutation: its statement's text
// when that is short, otherwise its own words (the program and its
// arguments), clipped to maxIDBytes; so a report grows with the input,
// not with its square.
func ownText(cmd *model.Command) string {
	if len(cmd.Text) <= maxIDBytes {
		return cmd.Text
	}
	if cmd.Program == "" {
		return clip(cmd.Text, maxIDBytes)
	}
	var b strings.Builder
	switch cmd.Program {
	case model.RedirectProgram:
		b.WriteString(">")
	case model.AppendProgram:
		b.WriteString(">>")
	default:
		b.WriteString(cmd.Program)
	}
	for _, a := range cmd.Args {
		if b.Len() > maxIDBytes {
			break
		}
		b.WriteByte(' ')
		b.WriteString(a.Value)
	}
	return clip(b.String(), maxIDBytes)
}

// executeActions is every shell mutation's raw action list, shared: it is
// never modified.
var executeActions = []string{string(model.ActionExecute)}

// address is "LINE:COL TEXT", where the command stands in the input and
// its text (ownText). It
// is written after the line's earlier addresses and returned as a slice of
// them all, so that a line's addresses take one allocation, not one each:
// a strings.Builder never changes what it has written, so a slice stays
// valid when it grows.
func (w *walker) address(cmd *model.Command, text string) string {
	var pos [40]byte
	p := strconv.AppendInt(pos[:0], int64(cmd.Line), 10)
	p = append(p, ':')
	p = strconv.AppendInt(p, int64(cmd.Col), 10)
	n := len(p) + 1 + len(text)
	if w.addrs.Cap()-w.addrs.Len() < n {
		w.addrs.Grow(max(n, w.addrsHint))
	}
	start := w.addrs.Len()
	w.addrs.Write(p)
	w.addrs.WriteByte(' ')
	w.addrs.WriteString(text)
	return w.addrs.String()[start:]
}

// cd follows a change of directory. A directory the line names (/etc,
// ~/.ssh, ../x from a known one) becomes the working directory of the
// commands after it: cd /etc && rm -f passwd deletes /etc/passwd. That
// holds even where the cd may fail (cd /etc; rm -f passwd runs in the old
// directory then), because the rules judge a relative path in a system or
// home directory more strictly than one in an unknown directory, and in
// most others the same. A temp directory's paths they judge disposable, so
// a cd into one, like anything else (cd -, a dynamic target, popd and the
// pushd stack, another user's home), leaves the working directory unknown:
// tracking it exactly is where guards go wrong. (A build or cache
// directory's paths are judged regenerable too; a cd into one is followed,
// which is exact after && and, after a ; where the cd failed, reads a
// project path as regenerable.)
//
// cd - goes back to the directory the line left last (OLDPWD), and pushd
// and popd keep their stack, as bash does; what the line does not show
// (OLDPWD or the stack before it, pushd +N) leaves the directory unknown.
func (w *walker) cd(cmd *model.Command) {
	prev := w.cwd
	dir, ok := cdOperand(cmd)
	switch {
	case !ok:
		w.cwd = ""
	case cmd.Program == "popd":
		if dir != nil || len(w.dirs.stack) == 0 {
			w.cwd, w.dirs.stack = "", nil // popd +N, or a stack from before the line
			break
		}
		top := len(w.dirs.stack) - 1
		w.cwd = w.dirs.stack[top]
		w.dirs.stack = w.dirs.stack[:top:top]
	case cmd.Program == "pushd" && dir == nil:
		if len(w.dirs.stack) == 0 {
			w.cwd = ""
			break
		}
		top := len(w.dirs.stack) - 1
		stack := append([]string(nil), w.dirs.stack...)
		w.cwd, stack[top] = stack[top], prev
		w.dirs.stack = stack
	case dir != nil && !dir.Dynamic && dir.Value == "-" && cmd.Program != "pushd":
		w.cwd = w.dirs.oldpwd // "" when the line has not moved yet
	default:
		w.cwd = cdTarget(cmd, prev)
		if cmd.Program == "pushd" {
			w.dirs.stack = append(w.dirs.stack[:len(w.dirs.stack):len(w.dirs.stack)], prev)
		}
	}
	w.dirs.oldpwd = prev
	w.cwdLost = w.cwd == ""
}

// dirState is what the line's cd, pushd and popd leave behind besides the
// working directory: OLDPWD (the directory before the last change, ""
// unknown) and pushd's stack. A subshell's copy does not outlive it; the
// stack is copied on write.
type dirState struct {
	oldpwd string
	stack  []string
}

// cdOperand returns the one operand of cd, pushd or popd past its options
// (nil: none), and false when there are several.
func cdOperand(cmd *model.Command) (*model.Arg, bool) {
	var dir *model.Arg
	for i := range cmd.Args {
		a := &cmd.Args[i]
		if !a.Dynamic && len(a.Value) > 1 && a.Value[0] == '-' && a.Value != "--" {
			if cmd.Program == "popd" || cmd.Program == "pushd" {
				return nil, false // popd -N, pushd -n: the stack by number, or no change of directory
			}
			continue
		}
		if a.Value == "--" && !a.Dynamic {
			continue
		}
		if dir != nil {
			return nil, false
		}
		dir = a
	}
	return dir, true
}

// cdTarget returns the directory cmd (cd, pushd or popd) moves to from
// cwd, "~" based for a home directory, or "" when that is not known or
// is a temp directory.
func cdTarget(cmd *model.Command, cwd string) string {
	var dir *model.Arg
	for i := range cmd.Args {
		a := &cmd.Args[i]
		if !a.Dynamic && len(a.Value) > 1 && a.Value[0] == '-' {
			continue // -L, -P, -e, --; pushd -n
		}
		if dir != nil {
			return ""
		}
		dir = a
	}
	switch {
	case cmd.Program == "popd" || dir == nil && cmd.Program == "pushd":
		return "" // the directory stack is not followed
	case dir == nil:
		return "~"
	case !dir.Dynamic && (strings.HasPrefix(dir.Value, "+") || dir.Value == "-"):
		return "" // pushd +N, cd -: the stack and OLDPWD are not followed
	}
	if target := resolveDir(*dir, cwd); !model.InTempDir(target) {
		return target
	}
	return ""
}

// resolveDir returns the directory dir names from cwd: clean and absolute,
// or "~" based for a home directory ($HOME and ${HOME} too); "" when that
// is not known (dynamic, relative to an unknown directory, another user's
// home, or .. above a home directory whose path is not known).
func resolveDir(dir model.Arg, cwd string) string {
	target := dir.Value
	if dir.Dynamic {
		rest, ok := strings.CutPrefix(dir.Value, "$HOME")
		if !ok {
			rest, ok = strings.CutPrefix(dir.Value, "${HOME}")
		}
		if !ok || strings.ContainsAny(rest, "$`*?[") || rest != "" && rest[0] != '/' {
			return ""
		}
		target = "~" + rest
	}
	switch {
	case target == "~" || strings.HasPrefix(target, "~/"):
		if model.HasDotDot(target) {
			return ""
		}
		return "~" + strings.TrimSuffix(path.Clean("/"+target[1:]), "/")
	case path.IsAbs(target):
		return path.Clean(target)
	case cwd == "" || strings.HasPrefix(target, "~") || strings.HasPrefix(cwd, "~") && model.HasDotDot(target):
		return ""
	}
	return path.Join(cwd, target)
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// parsers reuses bash parsers, and the reader each one reads from,
// across scripts: a new parser allocates a few kilobytes of buffers, a
// tenth of what judging a one-line command costs. A parser is returned to
// the pool once Parse returns; the tree it built does not share its
// buffers.
var parsers = sync.Pool{New: func() any {
	return &pooledParser{p: syntax.NewParser(syntax.Variant(syntax.LangBash))}
}}

type pooledParser struct {
	p *syntax.Parser
	r strings.Reader
}

func parseBash(src string) (*syntax.File, error) {
	pp := parsers.Get().(*pooledParser)
	defer func() {
		pp.r.Reset("") // the pool keeps no reference to src
		parsers.Put(pp)
	}()
	pp.r.Reset(src)
	return pp.p.Parse(&pp.r, "")
}

// maxSplits bounds how many times the scripts of one line are split at a
// stray operator: each split parses what is left again.
const maxSplits = 16

// splitAtStrayOperator splits src where bash refuses it because a line
// starts with an operator that must follow a command (&&, ||, |, ;): a
// here-document's terminator ends the command, so "PY\n&& nl -ba f" is
// the command, then a line bash refuses. head is the complete commands
// before that line, which bash runs; rest is the line and what follows
// with the operator blanked, lines and columns kept. ok is false for any
// other error, or when head does not parse on its own.
func splitAtStrayOperator(src string, err error) (head, rest string, ok bool) {
	var pe syntax.ParseError
	if !errors.As(err, &pe) || pe.Incomplete || pe.Pos.Line() < 2 {
		return "", "", false
	}
	at := int(pe.Pos.Offset())
	if at <= 0 || at > len(src) {
		return "", "", false
	}
	start := strings.LastIndexByte(src[:at], '\n') + 1
	if strings.TrimLeft(src[start:at], " \t") != "" {
		return "", "", false // the error is not at the line's first word
	}
	var op string
	for _, o := range []string{"&&", "||", "|&", "|", ";;", ";"} {
		if strings.HasPrefix(src[at:], o) {
			op = o
			break
		}
	}
	if op == "" {
		return "", "", false
	}
	head = src[:start]
	if _, err := parseBash(head); err != nil || strings.TrimSpace(head) == "" {
		return "", "", false
	}
	rest = strings.Repeat("\n", strings.Count(head, "\n")) + src[start:at] + strings.Repeat(" ", len(op)) + src[at+len(op):]
	return head, rest, true
}
