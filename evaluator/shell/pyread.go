package shell

import (
	"path"
	"slices"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// Python inline code (python -c, python - <<'PY', a program file the
// line wrote) is read call by call: what it does to files and processes
// becomes the shell command that does the same (os.remove(p) is rm p,
// shutil.rmtree(p) is rm -r p, open(p, 'w') a redirection into p,
// subprocess.run([...]) the command it runs), for the rules to judge as
// they judge that command. What cannot be read from the text (a path or
// a command built at run time, eval of code built at run time) is the
// Problem that makes it need review, naming the missing fact. Reads,
// prints, imports and HTTP calls change nothing the gate guards.

// pyEffects is what a Python program does that the gate judges: shell
// lines, in program order, and the first fact that could not be read.
type pyEffects struct {
	lines   []string
	problem string
	// notPython is set when the code is plainly another language
	// (JavaScript's =>, ===, &&, const x =, function): a code tool that
	// names no language is handed to python3 -c, and such code is left to
	// the scan of inline code that reads most languages' calls.
	notPython bool
}

func (e *pyEffects) fail(why string) {
	if e.problem == "" {
		e.problem = why
	}
}

// pyCall is one call in the source: the callee as written (dotted), as
// resolved through the imports (os.remove, pathlib.Path.write_text), its
// receiver when the callee is a method of an expression, and its
// arguments (positional, then keyword by name).
type pyCall struct {
	callee   string
	resolved string
	receiver []pyToken
	args     [][]pyToken
	kwargs   map[string][]pyToken
}

// pySpawners run the command given by their first argument: a string is
// a shell line, a list the words of one.
var pySpawners = []string{"os.system", "os.popen", "subprocess.run", "subprocess.call", "subprocess.check_call",
	"subprocess.check_output", "subprocess.Popen", "subprocess.getoutput", "subprocess.getstatusoutput",
	"commands.getoutput", "pty.spawn", "asyncio.create_subprocess_shell", "asyncio.create_subprocess_exec"}

// pyDeleters delete the path of their first argument, as the shell
// command beside each does.
var pyDeleters = map[string]string{
	"os.remove": "rm --", "os.unlink": "rm --", "os.rmdir": "rmdir --", "os.removedirs": "rmdir -p --",
	"shutil.rmtree": "rm -r --", "pathlib.Path.unlink": "rm --", "pathlib.Path.rmdir": "rmdir --",
}

// pyMovers move (or copy) their first argument to their second.
var pyMovers = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"os.rename": "mv --", "os.replace": "mv --", "os.renames": "mv --", "shutil.move": "mv --",
		"shutil.copy": "cp --", "shutil.copy2": "cp --", "shutil.copyfile": "cp --", "shutil.copytree": "cp -r --",
		"pathlib.Path.rename": "mv --", "pathlib.Path.replace": "mv --",
	}
})

// pyOpaque are calls whose effect on the machine cannot be read from
// their arguments: they run code, kill, or change what a name means.
var pyOpaque = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"os.kill": "kills a process", "os.killpg": "kills a process group", "signal.pthread_kill": "kills a thread",
		"os.truncate": "truncates a file", "os.chmod": "changes a file's permissions", "os.chown": "changes a file's owner",
		"os.lchown": "changes a file's owner", "shutil.chown": "changes a file's owner", "os.symlink": "creates a link",
		"os.link": "creates a link", "os.fork": "forks", "os.posix_spawn": "runs a program", "os.posix_spawnp": "runs a program",
		"runpy.run_path": "runs a program file", "runpy.run_module": "runs a module", "ctypes.CDLL": "loads a native library",
		"ctypes.cdll.LoadLibrary": "loads a native library", "os.dup2": "redirects a file descriptor",
		"shutil.disk_usage": "", // a read
	}
})

// pyPathMethods are the pathlib methods that act on the path they are
// called on.
var pyPathMethods = []string{"unlink", "rmdir", "rename", "replace", "write_text", "write_bytes", "open", "touch",
	"chmod", "symlink_to", "hardlink_to"}

// readPython reads the Python program src and returns what it does.
func readPython(src string) pyEffects {
	var e pyEffects
	toks, ok := pyTokenize(src)
	if !ok {
		e.fail("the Python code does not tokenize (an unterminated string, or more than 200,000 tokens)")
		return e
	}
	if notPython(toks) {
		e.notPython = true
		return e
	}
	r := pyReader{toks: toks, alias: map[string]string{}, paths: map[string]pyPath{}, defined: map[string]bool{}}
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].Kind == pyName && (toks[i].Value == "def" || toks[i].Value == "class") && toks[i+1].Kind == pyName {
			r.defined[toks[i+1].Value] = true
		}
	}
	r.imports(&e)
	r.assignments()
	r.references(&e)
	for i := range toks {
		if toks[i].Kind != pyOp || toks[i].Value != "(" || i == 0 {
			continue
		}
		c, ok := r.callAt(i)
		if !ok {
			continue
		}
		r.judge(c, &e, 0)
	}
	return e
}

// pyPath is what a name bound to a path holds: a literal path, or one
// built at run time (Path(x)).
type pyPath struct {
	value   string
	literal bool
	// pathlib is set for a pathlib.Path, whose methods (unlink, rename,
	// write_text) act on the file; a str's methods do not.
	pathlib bool
}

// pyReader holds the tokens and what the program binds: aliases of the
// modules and functions it imports (sp → subprocess, rmtree →
// shutil.rmtree) and the names it binds once to a path.
type pyReader struct {
	toks    []pyToken
	alias   map[string]string
	paths   map[string]pyPath
	defined map[string]bool // the functions and classes the code defines
}

// pyBare are the functions that delete, move or run commands, by their
// bare names.
var pyBare = sync.OnceValue(func() map[string]string {
	return map[string]string{"remove": "os.remove", "unlink": "os.unlink", "rmdir": "os.rmdir", "removedirs": "os.removedirs",
		"rmtree": "shutil.rmtree", "system": "os.system", "popen": "os.popen", "kill": "os.kill", "killpg": "os.killpg",
		"rename": "os.rename", "renames": "os.renames", "check_call": "subprocess.check_call", "check_output": "subprocess.check_output",
		"Popen": "subprocess.Popen", "getoutput": "subprocess.getoutput", "copyfile": "shutil.copyfile", "copytree": "shutil.copytree",
		"Path": "pathlib.Path"}
})

// imports records import X [as Y] and from X import a [as b]. A star
// import of a module that deletes or runs things leaves its bare names
// unknown: that is a problem.
func (r *pyReader) imports(e *pyEffects) {
	t := r.toks
	for i := 0; i < len(t); i++ {
		if t[i].Kind != pyName || (i > 0 && t[i-1].Kind != pyNewline && t[i-1].Value != ":") {
			continue
		}
		switch t[i].Value {
		case "import":
			for j := i + 1; j < len(t) && t[j].Kind != pyNewline; {
				mod, n := dotted(t, j)
				if n == 0 {
					break
				}
				j += n
				local := strings.Split(mod, ".")[0]
				target := local
				if j+1 < len(t) && t[j].Value == "as" && t[j+1].Kind == pyName {
					local, target = t[j+1].Value, mod
					j += 2
				}
				r.alias[local] = target
				if j < len(t) && t[j].Value == "," {
					j++
				}
			}
		case "from":
			mod, n := dotted(t, i+1)
			j := i + 1 + n
			if n == 0 || j >= len(t) || t[j].Value != "import" {
				continue
			}
			for j++; j < len(t) && t[j].Kind != pyNewline; j++ {
				if t[j].Value == "*" && pyDangerousModule(mod) {
					e.fail("from " + mod + " import * makes every name of " + mod + " a bare name: which calls delete or run commands is not read")
				}
				if t[j].Kind != pyName || t[j].Value == "as" {
					continue
				}
				local, target := t[j].Value, mod+"."+t[j].Value
				if j+2 < len(t) && t[j+1].Value == "as" && t[j+2].Kind == pyName {
					local = t[j+2].Value
					j += 2
				}
				r.alias[local] = target
			}
		}
	}
}

// pyDangerousModule reports whether mod has functions that delete, kill
// or run commands.
func pyDangerousModule(mod string) bool {
	switch mod {
	case "os", "shutil", "subprocess", "pty", "signal", "pathlib", "commands", "runpy", "ctypes", "importlib", "builtins":
		return true
	}
	return false
}

// dotted reads a dotted name at t[i:] and returns it and how many tokens
// it spans.
func dotted(t []pyToken, i int) (string, int) {
	if i >= len(t) || t[i].Kind != pyName {
		return "", 0
	}
	parts := []string{t[i].Value}
	j := i + 1
	for j+1 < len(t) && t[j].Value == "." && t[j+1].Kind == pyName {
		parts = append(parts, t[j+1].Value)
		j += 2
	}
	return strings.Join(parts, "."), j - i
}

// assignments records NAME = EXPR at the start of a logical line: a name
// bound to a function or module (rm = os.remove) is an alias; one bound
// to a path expression (p = Path('x'), f = 'out.txt') holds that path,
// a literal only when every binding of the name is the same literal.
func (r *pyReader) assignments() {
	t := r.toks
	seen := map[string]int{}
	for i := 0; i+2 < len(t); i++ {
		if t[i].Kind != pyName || (i > 0 && t[i-1].Kind != pyNewline) || t[i+1].Value != "=" {
			continue
		}
		end := i + 2
		for end < len(t) && t[end].Kind != pyNewline {
			end++
		}
		name, rhs := t[i].Value, t[i+2:end]
		seen[name]++
		if q, n := dotted(rhs, 0); n == len(rhs) && n > 0 {
			if res := r.resolve(q); res != q || pyDangerousModule(strings.Split(q, ".")[0]) {
				r.alias[name] = res
				continue
			}
		}
		p, ok := r.pathExpr(rhs)
		switch {
		case !ok:
			delete(r.paths, name)
		case seen[name] == 1:
			r.paths[name] = p
		case r.paths[name] != p:
			r.paths[name] = pyPath{value: name}
		}
	}
	for i := 0; i+1 < len(t); i++ { // with tempfile.TemporaryDirectory() as d:
		if t[i].Value != "as" || t[i+1].Kind != pyName || i == 0 || t[i-1].Value != ")" {
			continue
		}
		if o := openerOf(t, i-1); o > 0 {
			if _, n := dottedBack(t, o); n > 0 {
				if p, ok := r.pathExpr(t[o-n : i]); ok && strings.HasPrefix(p.value, "/tmp/") {
					r.paths[t[i+1].Value] = p
					seen[t[i+1].Value]++
				}
			}
		}
	}
	// A name bound anywhere else too (for name in …, name += …, a
	// keyword argument of that name, a with … as name) is not known.
	bound := map[string]int{}
	for i, tok := range t {
		if tok.Kind != pyName {
			continue
		}
		next, prev := "", ""
		if i+1 < len(t) {
			next = t[i+1].Value
		}
		if i > 0 {
			prev = t[i-1].Value
		}
		if strings.HasSuffix(next, "=") && next != "==" && next != "<=" && next != ">=" && next != "!=" || next == "in" || prev == "for" || prev == "as" {
			bound[tok.Value]++
		}
	}
	for name, p := range r.paths {
		if bound[name] > seen[name] {
			r.paths[name] = pyPath{value: name, pathlib: p.pathlib}
		}
	}
}

// resolve maps a dotted callee through the imports: sp.run →
// subprocess.run, rmtree → shutil.rmtree, Path → pathlib.Path.
func (r *pyReader) resolve(name string) string {
	head, rest, _ := strings.Cut(name, ".")
	if full, ok := r.alias[head]; ok {
		head = full
	} else if full, ok := pyBare()[head]; ok && rest == "" && !r.defined[head] {
		// A bare rmtree(…) that nothing imports or defines here may come
		// from a star import or a startup file: it is taken at its word.
		head = full
	}
	if rest != "" {
		return head + "." + rest
	}
	return head
}

// pathExpr reads a path expression: a string literal, Path(lit),
// Path(lit) / lit, os.path.join(lit, …), or a name bound to one. A
// Path(…) of anything else is a path built at run time.
func (r *pyReader) pathExpr(t []pyToken) (pyPath, bool) {
	for len(t) > 2 && t[0].Value == "(" && matching(t, 0) == len(t)-1 {
		t = t[1 : len(t)-1]
	}
	switch {
	case len(t) == 0:
		return pyPath{}, false
	case len(t) == 1 && t[0].Kind == pyString:
		return pyPath{value: t[0].Value, literal: !t[0].Dynamic}, true
	case len(t) == 1 && t[0].Kind == pyName:
		p, ok := r.paths[t[0].Value]
		return p, ok
	}
	// A / join of path parts.
	if parts := splitTop(t, "/"); len(parts) > 1 {
		base, ok := r.pathExpr(parts[0])
		if !ok {
			return pyPath{}, false
		}
		for _, part := range parts[1:] {
			p, ok := r.pathExpr(part)
			if !ok || !p.literal {
				return pyPath{value: base.value + "/…"}, true
			}
			base.value = strings.TrimSuffix(base.value, "/") + "/" + p.value
		}
		return base, true
	}
	name, n := dotted(t, 0)
	if n == 0 || n >= len(t) || t[n].Value != "(" || t[len(t)-1].Value != ")" || matching(t, n) != len(t)-1 {
		return pyPath{}, false
	}
	args := splitTop(t[n+1:len(t)-1], ",")
	if head, method, ok := strings.Cut(name, "."); ok && !strings.Contains(method, ".") && r.paths[head].pathlib {
		return r.derived(r.paths[head], method, args)
	}
	switch fn := r.resolve(name); fn {
	case "tempfile.mkdtemp", "tempfile.gettempdir", "tempfile.TemporaryDirectory":
		// A directory the program makes for itself under the temp
		// directory, which the rules judge as such.
		return pyPath{value: "/tmp/" + fn[len("tempfile."):], literal: true}, true
	case "pathlib.Path", "pathlib.PurePath", "pathlib.PosixPath", "os.path.join", "os.path.abspath", "os.path.realpath":
		isPath := strings.HasPrefix(fn, "pathlib.")
		if len(args) == 0 && fn == "pathlib.Path" {
			return pyPath{value: ".", literal: true, pathlib: true}, true
		}
		var parts []string
		for _, a := range args {
			p, ok := r.pathExpr(a)
			if !ok || !p.literal {
				return pyPath{value: pyText(t), pathlib: isPath}, true
			}
			isPath = isPath || p.pathlib
			parts = append(parts, p.value)
		}
		return pyPath{value: pyJoin(parts), literal: true, pathlib: isPath}, true
	}
	return pyPath{}, false
}

// pyJoin joins path parts as os.path.join does: an absolute part starts
// over.
func pyJoin(parts []string) string {
	out := ""
	for _, p := range parts {
		switch {
		case strings.HasPrefix(p, "/") || out == "":
			out = p
		default:
			out = strings.TrimSuffix(out, "/") + "/" + p
		}
	}
	return out
}

// matching returns the index of the bracket that closes t[open].
func matching(t []pyToken, open int) int {
	depth := 0
	for i := open; i < len(t); i++ {
		if t[i].Kind != pyOp {
			continue
		}
		switch t[i].Value {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// splitTop splits t at the operator sep outside brackets.
func splitTop(t []pyToken, sep string) [][]pyToken {
	var out [][]pyToken
	depth, from := 0, 0
	for i, tok := range t {
		if tok.Kind != pyOp {
			continue
		}
		switch tok.Value {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		case sep:
			if depth == 0 {
				out = append(out, t[from:i])
				from = i + 1
			}
		}
	}
	if from < len(t) {
		out = append(out, t[from:])
	}
	return out
}

// pyText writes tokens back as text, for messages.
func pyText(t []pyToken) string {
	var b strings.Builder
	for i, tok := range t {
		if i > 0 && tok.Kind != pyOp && t[i-1].Kind != pyOp {
			b.WriteByte(' ')
		}
		b.WriteString(pyTokenString(tok))
	}
	return clip(b.String(), 80)
}

// callAt reads the call whose argument list opens at t[open]: its callee
// (a dotted name, or a method of the expression before the dot) and its
// arguments. A def or class header is no call.
func (r *pyReader) callAt(open int) (pyCall, bool) {
	t := r.toks
	if t[open-1].Kind != pyName {
		return pyCall{}, false
	}
	start := open - 1
	for start >= 2 && t[start-1].Value == "." && t[start-2].Kind == pyName {
		start -= 2
	}
	if start > 0 && t[start-1].Kind == pyName && (t[start-1].Value == "def" || t[start-1].Value == "class") {
		return pyCall{}, false
	}
	var c pyCall
	c.callee = dottedText(t[start:open])
	if start >= 2 && t[start-1].Value == "." && (t[start-2].Value == ")" || t[start-2].Kind == pyString || t[start-2].Value == "]") {
		// A method of an expression: Path('x').unlink(), 'x'.join(…).
		end := start - 2
		if t[end].Kind == pyString {
			c.receiver = t[end : end+1]
		} else if o := openerOf(t, end); o >= 0 {
			from := o
			if _, n := dottedBack(t, o); n > 0 {
				from = o - n
			}
			c.receiver = t[from : end+1]
		}
		c.callee = "." + c.callee
	}
	c.resolved = r.resolve(c.callee)
	if c.receiver == nil && strings.Contains(c.callee, ".") {
		// name.method(): a path name's method is pathlib's.
		head := c.callee[:strings.IndexByte(c.callee, '.')]
		if p, ok := r.paths[head]; ok && p.pathlib && strings.Count(c.callee, ".") == 1 {
			c.receiver = t[start : start+1]
			c.resolved = "pathlib.Path." + c.callee[len(head)+1:]
		}
	}
	if c.receiver != nil && strings.HasPrefix(c.callee, ".") {
		if p, ok := r.pathExpr(c.receiver); ok && p.pathlib {
			c.resolved = "pathlib.Path" + c.callee
		} else if mod, ok := r.moduleExpr(c.receiver); ok {
			c.resolved = mod + c.callee
		}
	}
	end := matching(t, open)
	if end < 0 {
		return pyCall{}, false
	}
	c.kwargs = map[string][]pyToken{}
	for _, a := range splitTop(t[open+1:end], ",") {
		if len(a) >= 2 && a[0].Kind == pyName && a[1].Value == "=" {
			c.kwargs[a[0].Value] = a[2:]
			continue
		}
		c.args = append(c.args, a)
	}
	return c, true
}

// moduleExpr reads __import__('os') or importlib.import_module('os').
func (r *pyReader) moduleExpr(t []pyToken) (string, bool) {
	name, n := dotted(t, 0)
	if n == 0 || len(t) != n+3 || t[n].Value != "(" || t[n+1].Kind != pyString || t[n+1].Dynamic {
		return "", false
	}
	if fn := r.resolve(name); fn == "__import__" || fn == "importlib.import_module" {
		return t[n+1].Value, true
	}
	return "", false
}

// openerOf returns the index of the bracket that t[close] closes.
func openerOf(t []pyToken, close int) int {
	depth := 0
	for i := close; i >= 0; i-- {
		if t[i].Kind != pyOp {
			continue
		}
		switch t[i].Value {
		case ")", "]", "}":
			depth++
		case "(", "[", "{":
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// dottedBack returns the dotted name that ends just before t[i] and how
// many tokens it spans.
func dottedBack(t []pyToken, i int) (string, int) {
	j := i - 1
	if j < 0 || t[j].Kind != pyName {
		return "", 0
	}
	for j >= 2 && t[j-1].Value == "." && t[j-2].Kind == pyName {
		j -= 2
	}
	return dottedText(t[j:i]), i - j
}

func dottedText(t []pyToken) string {
	var b strings.Builder
	for _, tok := range t {
		b.WriteString(tok.Value)
	}
	return b.String()
}

// maxPyEvalDepth bounds how deep eval("…") of literal code is read.
const maxPyEvalDepth = 3

// judge adds what the call c does to e.
func (r *pyReader) judge(c pyCall, e *pyEffects, depth int) {
	fn := c.resolved
	switch {
	case slices.Contains(pySpawners, fn) || strings.HasPrefix(fn, "os.exec") || strings.HasPrefix(fn, "os.spawn"):
		r.spawn(c, e)
	case pyDeleters[fn] != "":
		r.pathCommand(c, pyDeleters[fn], e, 1)
	case pyMovers()[fn] != "":
		r.pathCommand(c, pyMovers()[fn], e, 2)
	case fn == "open" || fn == "io.open" || fn == "codecs.open" || fn == "pathlib.Path.open":
		r.open(c, e)
	case fn == "pathlib.Path.write_text" || fn == "pathlib.Path.write_bytes":
		r.write(c.receiver, ">", fn, e)
	case fn == "eval" || fn == "exec" || fn == "compile":
		if len(c.args) == 1 && len(c.args[0]) == 1 && c.args[0][0].Kind == pyString && !c.args[0][0].Dynamic && depth < maxPyEvalDepth {
			inner := readPython(c.args[0][0].Value)
			e.lines = append(e.lines, inner.lines...)
			if inner.problem != "" {
				e.fail(inner.problem)
			}
			return
		}
		if fn == "compile" || len(c.args) == 0 {
			return // compile(src, …) only builds; re.compile is not this
		}
		e.fail(fn + "(" + pyText(c.args[0]) + ") runs Python code built at run time: what it does is not in the input")
	case fn == "__import__" || fn == "importlib.import_module":
		if len(c.args) == 0 || len(c.args[0]) != 1 || c.args[0][0].Kind != pyString || c.args[0][0].Dynamic {
			e.fail(fn + " imports a module named at run time: which module, and what it is used for, is not in the input")
		}
	case fn == "getattr" || fn == "builtins.getattr":
		r.getattr(c, e)
	case fn == "os.chdir":
		if p, ok := r.literalArg(c, 0); ok {
			e.lines = append(e.lines, "cd -- "+shellQuote(p))
			return
		}
		e.fail("os.chdir changes to a directory built at run time: the paths after it are not known")
	case pyOpaque()[fn] != "":
		e.fail(fn + " " + pyOpaque()[fn] + ": what it acts on is not analysed")
	case strings.HasPrefix(c.callee, ".") || strings.Contains(c.callee, "."):
		r.method(c, e)
	}
}

// method judges a method call whose object the reader could not tell:
// the pathlib names that only a path has are file operations on a path
// it cannot name.
func (r *pyReader) method(c pyCall, e *pyEffects) {
	name := c.callee[strings.LastIndexByte(c.callee, '.')+1:]
	switch name {
	case "unlink", "rmdir", "write_text", "write_bytes", "rmtree":
		e.fail(c.callee + "() acts on a path the code builds at run time: which file is not in the input")
	case "system", "popen", "spawn", "check_output", "check_call", "getoutput":
		if strings.HasPrefix(c.resolved, "os.") || strings.HasPrefix(c.resolved, "subprocess.") {
			return // resolved and judged above
		}
		e.fail(c.callee + "() may run a shell command through a module the code names at run time: what it runs is not read")
	}
}

// getattr judges getattr(obj, name): a module's function looked up by a
// name that is built at run time, or by the name of a function that
// deletes or runs commands, is not read.
func (r *pyReader) getattr(c pyCall, e *pyEffects) {
	if len(c.args) < 2 {
		return
	}
	obj := r.resolve(dottedText(c.args[0]))
	if mod, ok := r.moduleExpr(c.args[0]); ok {
		obj = mod
	}
	name := c.args[1]
	literal := len(name) == 1 && name[0].Kind == pyString && !name[0].Dynamic
	switch {
	case literal && (pyDeleters[obj+"."+name[0].Value] != "" || slices.Contains(pySpawners, obj+"."+name[0].Value) || pyOpaque()[obj+"."+name[0].Value] != ""):
		e.fail("getattr(" + obj + ", " + pyTokenString(name[0]) + ") calls a function that deletes, kills or runs commands with arguments this reader does not follow")
	case !literal && pyDangerousModule(strings.Split(obj, ".")[0]):
		e.fail("getattr(" + obj + ", " + pyText(name) + ") calls a function of " + obj + " named at run time: which one is not in the input")
	}
}

// spawn judges a call that runs a command: a literal string or list of
// literal words is the shell command it runs.
func (r *pyReader) spawn(c pyCall, e *pyEffects) {
	if len(c.args) == 0 {
		e.fail(c.resolved + " runs a command given by keyword: what it runs is not read")
		return
	}
	arg := c.args[0]
	if strings.HasPrefix(c.resolved, "os.exec") || strings.HasPrefix(c.resolved, "os.spawn") || c.resolved == "asyncio.create_subprocess_exec" {
		e.fail(c.resolved + " runs a program with arguments this reader does not follow")
		return
	}
	if p, ok := r.pathExpr(arg); ok && p.literal && !p.pathlib {
		e.lines = append(e.lines, p.value) // a string, or a name bound once to one
		return
	}
	if len(arg) >= 2 && (arg[0].Value == "[" || arg[0].Value == "(") && matching(arg, 0) == len(arg)-1 {
		var words []string
		for _, w := range splitTop(arg[1:len(arg)-1], ",") {
			if r.resolve(dottedText(w)) == "sys.executable" {
				words = append(words, "python3") // the interpreter running the code
				continue
			}
			if len(w) != 1 || w[0].Kind != pyString || w[0].Dynamic {
				e.fail(c.resolved + " runs a command with a word built at run time (" + pyText(w) + "): what it runs is not in the input")
				return
			}
			words = append(words, shellQuote(w[0].Value))
		}
		if len(words) > 0 {
			e.lines = append(e.lines, strings.Join(words, " "))
			return
		}
	}
	e.fail(c.resolved + "(" + pyText(arg) + ") runs a command built at run time: what it runs is not in the input")
}

// literalArg returns argument i of c when it is a literal path.
func (r *pyReader) literalArg(c pyCall, i int) (string, bool) {
	if i >= len(c.args) {
		return "", false
	}
	p, ok := r.pathExpr(c.args[i])
	return p.value, ok && p.literal
}

// pathCommand judges a call that deletes (n = 1) or moves or copies (n =
// 2) the paths of its first n arguments (or of the path it is a method
// of, then the rest) as the shell command does.
func (r *pyReader) pathCommand(c pyCall, command string, e *pyEffects, n int) {
	args := c.args
	if strings.HasPrefix(c.resolved, "pathlib.Path.") {
		args = append([][]pyToken{c.receiver}, args...)
	}
	words := []string{command}
	for i := 0; i < n; i++ {
		if i >= len(args) {
			e.fail(c.resolved + " is called with a path this reader does not follow")
			return
		}
		p, ok := r.pathExpr(args[i])
		if !ok || !p.literal {
			e.fail(c.resolved + "(" + pyText(args[i]) + ") acts on a path built at run time: which file or directory is not in the input")
			return
		}
		words = append(words, shellQuote(p.value))
	}
	e.lines = append(e.lines, strings.Join(words, " "))
}

// open judges open(path, mode): a mode that writes (w, a, x, +) is a
// redirection into the path; the default mode only reads.
func (r *pyReader) open(c pyCall, e *pyEffects) {
	args := c.args
	target := []pyToken(nil)
	if c.resolved == "pathlib.Path.open" {
		target = c.receiver
	} else if len(args) > 0 {
		target, args = args[0], args[1:]
	} else {
		target = c.kwargs["file"]
	}
	mode := c.kwargs["mode"]
	if len(args) > 0 {
		mode = args[0]
	}
	if mode == nil {
		return // 'r'
	}
	if len(mode) != 1 || mode[0].Kind != pyString || mode[0].Dynamic {
		e.fail("open() is given a mode built at run time (" + pyText(mode) + "): whether it writes is not in the input")
		return
	}
	m := mode[0].Value
	switch {
	case strings.ContainsAny(m, "w+x"):
		r.write(target, ">", "open", e)
	case strings.Contains(m, "a"):
		r.write(target, ">>", "open", e)
	}
}

// write judges a write of the path expression t: a redirection into it.
func (r *pyReader) write(t []pyToken, op, call string, e *pyEffects) {
	p, ok := r.pathExpr(t)
	if !ok || !p.literal {
		e.fail(call + " writes " + pyText(t) + ", a path built at run time: which file is not in the input")
		return
	}
	e.lines = append(e.lines, ": "+op+" "+shellQuote(p.value))
}

// shellQuote quotes s as one bash word.
func shellQuote(s string) string {
	q, err := syntax.Quote(s, syntax.LangBash)
	if err != nil {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	return q
}

// references fails on a function that deletes, moves or runs commands
// used as a value (map(os.remove, files), atexit.register(shutil.rmtree,
// d)), and on Python 2's exec statement: what they are called with is
// not read. rm = os.remove, an alias the reader follows, is not one.
func (r *pyReader) references(e *pyEffects) {
	t := r.toks
	for i := 0; i < len(t); i++ {
		if t[i].Kind != pyName || i > 0 && t[i-1].Value == "." {
			continue
		}
		name, n := dotted(t, i)
		next := ""
		if i+n < len(t) {
			next = t[i+n].Value
		}
		fn := r.resolve(name)
		switch {
		case fn == "exec" && next != "(" && i+n < len(t) && t[i+n].Kind != pyNewline && t[i+n].Kind != pyOp:
			e.fail("an exec statement runs Python code: what it runs is not read")
		case next != "(" && (pyDeleters[fn] != "" || pyMovers()[fn] != "" || slices.Contains(pySpawners, fn) || pyOpaque()[fn] != "" || fn == "eval" || fn == "exec"):
			if i > 0 && t[i-1].Value == "=" && (i+n == len(t) || t[i+n].Kind == pyNewline) || i > 0 && (t[i-1].Value == "import" || t[i-1].Value == "as") || i > 0 && t[i-1].Value == "," && r.inImport(i) {
				break
			}
			e.fail(name + " is passed as a value: what it is called with is not read")
		}
		i += n - 1
	}
}

// inImport reports whether t[i] is in an import statement.
func (r *pyReader) inImport(i int) bool {
	for j := i; j >= 0 && r.toks[j].Kind != pyNewline; j-- {
		if r.toks[j].Value == "import" {
			return true
		}
	}
	return false
}

// derived reads a pathlib method that makes a path from another:
// p.with_suffix('.bak'), p.with_name('x.py'), p.joinpath('a', 'b').
func (r *pyReader) derived(base pyPath, method string, args [][]pyToken) (pyPath, bool) {
	if method != "with_suffix" && method != "with_name" && method != "joinpath" {
		return pyPath{}, false
	}
	var lits []string
	for _, a := range args {
		if len(a) != 1 || a[0].Kind != pyString || a[0].Dynamic {
			return pyPath{value: base.value + "." + method + "(…)", pathlib: true}, true
		}
		lits = append(lits, a[0].Value)
	}
	if !base.literal {
		return pyPath{value: base.value + "." + method + "(…)", pathlib: true}, true
	}
	dir, file := path.Split(base.value)
	switch {
	case method == "with_suffix" && len(lits) == 1:
		stem := file
		if i := strings.LastIndexByte(file, '.'); i > 0 {
			stem = file[:i]
		}
		return pyPath{value: dir + stem + lits[0], literal: true, pathlib: true}, true
	case method == "with_name" && len(lits) == 1:
		return pyPath{value: dir + lits[0], literal: true, pathlib: true}, true
	case method == "joinpath":
		return pyPath{value: pyJoin(append([]string{base.value}, lits...)), literal: true, pathlib: true}, true
	}
	return pyPath{}, false
}

// notPython reports whether the tokens are plainly not Python: an
// operator Python does not have (=>, ===, !==, &&, ||, a { right after a
// call's ")"), or a JavaScript declaration or function at a line's start.
func notPython(t []pyToken) bool {
	for i, tok := range t {
		switch {
		case tok.Kind == pyOp && (tok.Value == "=>" || tok.Value == "{" && i > 0 && t[i-1].Value == ")"):
			return true
		case tok.Kind == pyOp && i+1 < len(t) && t[i+1].Kind == pyOp &&
			(tok.Value == "==" && t[i+1].Value == "=" || tok.Value == "!=" && t[i+1].Value == "=" ||
				tok.Value == "&" && t[i+1].Value == "&" || tok.Value == "|" && t[i+1].Value == "|"):
			return true
		case tok.Kind == pyName && (i == 0 || t[i-1].Kind == pyNewline) && i+1 < len(t) && t[i+1].Kind == pyName &&
			(tok.Value == "const" || tok.Value == "let" || tok.Value == "var" || tok.Value == "function"):
			return true
		case tok.Kind == pyName && tok.Value == "require" && i+1 < len(t) && t[i+1].Value == "(":
			return true
		}
	}
	return false
}
