package install

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/recourse-dev/recourse/internal/ojson"
)

// Canary is one input doctor sends through a host's configured hook.
type Canary struct {
	Input    string `json:"input"`
	Expected string `json:"expected"`
	Got      string `json:"got"`
	Pass     bool   `json:"pass"`
}

// HostReport is doctor's finding for one host.
type HostReport struct {
	Host      string `json:"host"`
	Installed bool   `json:"installed"`
	Scope     Scope  `json:"scope,omitempty"`
	Wired     bool   `json:"wired"`
	Command   string `json:"command,omitempty"`
	// Trusted says the host has approved the hook where it asks for that
	// (Codex's /hooks); absent for a host that does not.
	Trusted *bool `json:"trusted,omitempty"`
	// Binary is the program the entry runs, as the host resolves it.
	Binary string `json:"binary,omitempty"`
	// Uninstalled says the person took the hook out with recourse
	// uninstall, which is not a failure.
	Uninstalled bool     `json:"uninstalled,omitempty"`
	Canaries    []Canary `json:"canaries"`
	Pass        bool     `json:"pass"`
	Fix         string   `json:"fix,omitempty"`
	// Notes are facts that fail nothing (another recourse first on PATH).
	Notes []string `json:"notes,omitempty"`
}

// Report is doctor's finding for every host.
type Report struct {
	Hosts []HostReport `json:"hosts"`
}

// Pass reports whether every host passed.
func (r Report) Pass() bool {
	for _, h := range r.Hosts {
		if !h.Pass {
			return false
		}
	}
	return true
}

// Runner runs a hook's arguments with stdin in dir and returns its exit
// status and stdout; an error is a program that could not be run.
type Runner func(ctx context.Context, argv []string, stdin, dir string) (exit int, stdout string, err error)

// ExecRunner runs the hook's recourse directly (no shell: the arguments
// are the plain run hookArgv read), found on PATH as a host would find it
// when not given by path, with Recourse's state (allow-once codes) in a
// directory of its own so that canaries leave none behind.
func ExecRunner(stateDir string) Runner {
	return func(ctx context.Context, argv []string, stdin, dir string) (int, string, error) {
		cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
		cmd.Dir = dir
		cmd.Stdin = strings.NewReader(stdin)
		cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+stateDir)
		var out strings.Builder
		cmd.Stdout = &out
		err := cmd.Run()
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode(), out.String(), nil
		}
		if err != nil {
			return -1, out.String(), err
		}
		return 0, out.String(), nil
	}
}

// The canaries: a command line every host must let through, and one it
// must stop. Neither is run: the hook only reads them.
const (
	harmless    = "git status"
	destructive = "rm -rf ~"
)

// Doctor finds each host on the machine, says whether Recourse is wired
// into it and at which scope, and sends the canaries through the
// configured command line.
func Doctor(ctx context.Context, opts Options, run Runner) Report {
	var r Report
	for _, h := range hosts {
		r.Hosts = append(r.Hosts, doctorHost(ctx, h, opts, run))
	}
	return r
}

func doctorHost(ctx context.Context, h host, opts Options, run Runner) HostReport {
	rep := HostReport{Host: h.name, Canaries: []Canary{}}
	for _, d := range h.dirs {
		if isDir(filepath.Join(opts.Home, filepath.FromSlash(d))) {
			rep.Installed = true
		}
	}
	if h.userBase != nil && isDir(h.userBase(opts)) {
		rep.Installed = true
	}
	if h.note != "" {
		// Nothing on disk says whether the gateway is started with the
		// interceptor; say how, and fail nothing.
		rep.Pass = true
		if rep.Installed {
			rep.Fix = strings.ReplaceAll(h.note, "COMMAND", Command(opts, h.name))
		}
		return rep
	}
	w, err := findWiring(h, opts)
	if err != nil {
		rep.Installed = true
		rep.Fix = err.Error()
		return rep
	}
	if w == nil {
		if when, ok := uninstalled(opts, h.name); ok {
			rep.Pass, rep.Uninstalled = true, true
			rep.Notes = append(rep.Notes, fmt.Sprintf("taken out with recourse uninstall %s (%s); recourse install %s wires it again", h.name, when, h.name))
			return rep
		}
		rep.Pass = !rep.Installed
		if rep.Installed {
			rep.Fix = fmt.Sprintf("Recourse is not wired into %s: run recourse install %s", h.name, h.name)
		}
		return rep
	}
	rep.Installed, rep.Wired, rep.Scope, rep.Command = true, true, w.scope, w.command
	if w.problem != "" {
		rep.Fix = fmt.Sprintf("%s: run recourse install %s --scope %s", w.problem, h.name, w.scope)
		return rep
	}
	argv, err := hookArgv(w.command, h.name)
	if err != nil {
		rep.Fix = fmt.Sprintf("%s's entry in %s runs %q: %v, so doctor does not run it; run recourse install %s --scope %s to write a plain one",
			h.name, w.path, w.command, err, h.name, w.scope)
		return rep
	}
	if !w.fires {
		rep.Fix = fmt.Sprintf("%s's entry in %s has a matcher, %q, under which the hook never runs for shell commands: run recourse install %s --scope %s to rewrite it",
			h.name, w.path, w.matcher, h.name, w.scope)
		return rep
	}
	cwd := opts.Project
	if cwd == "" {
		cwd = opts.Home
	}
	prog, finding, notes := resolveHookBinary(argv[0], opts, cwd)
	rep.Binary, rep.Notes = prog, append(rep.Notes, notes...)
	if finding != "" {
		rep.Fix = fmt.Sprintf("%s's entry in %s runs %q: %s; run recourse install %s --scope %s to point it at this recourse",
			h.name, w.path, w.command, finding, h.name, w.scope)
		return rep
	}
	argv = append([]string{prog}, argv[1:]...)
	var untrusted string
	if h.trust != nil {
		untrusted = h.trust(opts, w.scope, w.path)
		trusted := untrusted == ""
		rep.Trusted = &trusted
	}
	rep.Pass = true
	canary := h.canary
	if w.canary != nil {
		canary = w.canary
	}
	for _, c := range []struct{ line, want string }{{harmless, "allowed"}, {destructive, "stopped"}} {
		cctx, cancel := context.WithTimeout(ctx, 15*time.Second)
		exit, stdout, err := run(cctx, argv, canary(c.line, cwd), cwd)
		cancel()
		got := "allowed"
		switch stop, ok := h.stopped(exit, stdout); {
		case err != nil:
			got = "not run: " + err.Error()
		case !ok:
			got = fmt.Sprintf("an answer %s does not read as a decision (exit %d), so the call runs", h.name, exit)
		case stop:
			got = "stopped"
		}
		pass := got == c.want
		rep.Canaries = append(rep.Canaries, Canary{Input: c.line, Expected: c.want, Got: got, Pass: pass})
		if !pass {
			rep.Pass = false
		}
	}
	if !rep.Pass {
		rep.Fix = fmt.Sprintf("the configured command %q does not answer as the hook (is the binary still there?): run recourse install %s --scope %s", w.command, h.name, w.scope)
	}
	if untrusted != "" {
		// The hook answers, but the host will not run it: never "ok".
		rep.Pass = false
		rep.Fix = strings.TrimPrefix(rep.Fix+"; ", "; ") + untrusted
	}
	return rep
}

// resolveHookBinary resolves the program a hook entry names as the host
// would find it (a bare name on PATH, a relative path from the working
// directory) and says whether doctor may run it. Doctor runs only a
// binary it resolved itself: this recourse, the recourse-hook beside it,
// or the recourse or recourse-hook first on PATH. Anything else — a path
// inside or relative to the project (./node_modules/.bin/recourse), or
// some other file that calls itself recourse — is a finding, and is
// never run: a repository's settings must not get doctor to execute a
// program of the repository's choosing.
func resolveHookBinary(prog string, opts Options, cwd string) (path, finding string, notes []string) {
	switch {
	case filepath.IsAbs(prog):
		path = prog
	case strings.ContainsRune(prog, '/') || strings.ContainsRune(prog, filepath.Separator):
		return filepath.Join(cwd, prog), fmt.Sprintf("%s is a path relative to the directory the agent works in, so the project decides what runs; doctor does not run it", prog), nil
	default:
		p, err := exec.LookPath(prog)
		if err != nil {
			return "", fmt.Sprintf("%s is not on PATH, so the host cannot run it", prog), nil
		}
		if !filepath.IsAbs(p) {
			return p, fmt.Sprintf("%s resolves to %s, in the working directory, not an installed binary; doctor does not run it", prog, p), nil
		}
		path = p
	}
	info, err := os.Stat(path)
	if err != nil || !info.Mode().IsRegular() {
		return path, fmt.Sprintf("%s is not there (is the binary gone?)", path), nil
	}
	known := knownBinaries(opts)
	real := realPath(path)
	if inside(real, opts.Project) && !inside(real, realPath(filepath.Dir(opts.Binary))) {
		return path, fmt.Sprintf("%s is inside the project (%s), so the project decides what runs; doctor does not run it, even when it is first on PATH", path, opts.Project), nil
	}
	if !slices.Contains(known, real) {
		return path, fmt.Sprintf("%s is neither this recourse (%s) nor the recourse on PATH, so doctor does not run it: a binary only a configuration names is not one doctor can vouch for",
			path, opts.Binary), nil
	}
	if onPath, err := exec.LookPath(filepath.Base(path)); err == nil && realPath(onPath) != real {
		notes = append(notes, fmt.Sprintf("the hook runs %s, but %s on PATH is %s", path, filepath.Base(path), onPath))
	} else if err != nil {
		notes = append(notes, fmt.Sprintf("the hook runs %s by its path; %s is not on PATH", path, filepath.Base(path)))
	}
	return path, "", notes
}

// knownBinaries are the binaries doctor resolved itself, with symbolic
// links resolved: this recourse, its recourse-hook, and the recourse and
// recourse-hook on PATH.
func knownBinaries(opts Options) []string {
	var out []string
	for _, p := range []string{opts.Binary, opts.Hook} {
		if p != "" && filepath.IsAbs(p) {
			out = append(out, realPath(p))
		}
	}
	for _, name := range []string{"recourse", HookBinary} {
		if p, err := exec.LookPath(name); err == nil && filepath.IsAbs(p) {
			out = append(out, realPath(p))
		}
	}
	return out
}

// inside reports whether path is dir or under it (dir resolved; "" is
// no directory).
func inside(path, dir string) bool {
	if dir == "" {
		return false
	}
	rel, err := filepath.Rel(realPath(dir), path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// realPath is p with symbolic links resolved, or p when that fails.
func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}

// wiring is where and how Recourse is wired into a host.
type wiring struct {
	scope   Scope
	path    string
	command string
	matcher string
	fires   bool
	// problem says why the host would not run the hook at all (a script
	// that is not executable).
	problem string
	// canary, when set, is the host's input in the form found (Kiro's
	// per-agent form spells its event preToolUse).
	canary func(line, cwd string) string
}

// findWiring looks for Recourse's entry at the project scope, then the
// user's: the first found is the one reported. For Kiro, the hooks file
// first, then (with --agent) the agent's configuration.
func findWiring(h host, opts Options) (*wiring, error) {
	w, err := findWiringIn(h, opts)
	if w != nil || err != nil || h.agent == nil || opts.Agent == "" {
		return w, err
	}
	w, err = findWiringIn(*h.agent, opts)
	if w != nil {
		w.canary = h.agent.canary
	}
	return w, err
}

// findWiringIn is findWiring in one form of a host.
func findWiringIn(h host, opts Options) (*wiring, error) {
	for _, scope := range []Scope{Project, User} {
		if _, ok := h.paths[scope]; !ok {
			continue
		}
		if strings.Contains(h.paths[scope], "{agent}") && opts.Agent == "" {
			continue
		}
		if scope == Project && opts.Project == "" {
			continue
		}
		_, path, err := targetRow(h, scope, opts)
		if err != nil {
			return nil, err
		}
		w, err := wiringAt(h, scope, path)
		if err != nil || w != nil {
			return w, err
		}
	}
	return nil, nil
}

func wiringAt(h host, scope Scope, path string) (*wiring, error) {
	if h.files != nil {
		return filesWiring(h, scope, path)
	}
	if h.toml != nil {
		return tomlWiring(h, scope, path)
	}
	doc, existed, err := readDoc(path)
	if err != nil || !existed {
		return nil, err
	}
	hooks, err := hooksObject(doc, false)
	if err != nil || hooks == nil {
		return nil, err
	}
	for _, ev := range h.json.events[:1] {
		v, _ := hooks.Get(ev)
		arr, _ := v.([]any)
		for _, e := range arr {
			o, ok := e.(*ojson.Object)
			if !ok {
				continue
			}
			m, present := o.Get("matcher")
			matcher, _ := m.(string)
			candidates := []*ojson.Object{o}
			if h.json.nested {
				candidates = nil
				inner, _ := o.Get("hooks")
				list, _ := inner.([]any)
				for _, x := range list {
					if xo, ok := x.(*ojson.Object); ok {
						candidates = append(candidates, xo)
					}
				}
			}
			for _, c := range candidates {
				if cmd := stringAt(c, h.json.commandKey); h.oursEntry(cmd) {
					fires := h.json.fires == nil || h.json.fires(matcher, present)
					w := &wiring{scope: scope, path: path, command: cmd, matcher: matcher, fires: fires}
					if h.wrapper != "" {
						w.command, w.problem = wrapperCommand(h, cmd)
						return w, nil
					}
					if k, v := h.json.closed[0], h.json.closed[1]; k != "" && stringAt(c, k) != v {
						w.problem = fmt.Sprintf("%s's entry in %s lacks %q: %q, so %s runs a call whose hook crashed or timed out", h.name, path, k, v, h.name)
					}
					return w, nil
				}
			}
		}
	}
	return nil, nil
}

// filesWiring finds a host whose hook is files of its own: the command is
// the script itself (Cline) or the plugin's hook command (goose).
func filesWiring(h host, scope Scope, dir string) (*wiring, error) {
	for rel := range h.files("") {
		path := filepath.Join(dir, filepath.FromSlash(rel))
		data, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if !strings.Contains(string(data), "hook "+h.name) {
			continue
		}
		if strings.HasSuffix(rel, ".json") {
			v, err := ojson.Parse(data)
			if err != nil {
				return nil, parseError(path, data, err)
			}
			doc, _ := v.(*ojson.Object)
			if doc == nil {
				continue
			}
			if h.fileEntry != nil {
				if cmd, fires, ok := h.fileEntry(doc); ok {
					return &wiring{scope: scope, path: path, command: cmd, fires: fires}, nil
				}
				continue
			}
			w, err := wiringAt(host{name: h.name, json: &jsonHooks{events: []string{"PreToolUse"}, nested: true, commandKey: "command",
				fires: gooseFires}}, scope, path)
			if w != nil {
				w.path = path
			}
			return w, err
		}
		if strings.HasSuffix(rel, ".js") {
			// A plugin (OpenCode's): its COMMAND is the hook.
			cmd, ok := opencodeCommand(string(data))
			if !ok {
				return &wiring{scope: scope, path: path, fires: true,
					problem: path + " is not the plugin recourse install " + h.name + " writes"}, nil
			}
			return &wiring{scope: scope, path: path, command: cmd, fires: true}, nil
		}
		// The script's one command is the hook: hookArgv refuses a script
		// that does anything else.
		w := &wiring{scope: scope, path: path, command: scriptCommand(string(data)), fires: true}
		if info, err := os.Stat(path); err == nil && info.Mode().Perm()&0o111 == 0 {
			w.problem = path + " is not executable, and " + h.name + " runs only executable hooks"
		}
		return w, nil
	}
	return nil, nil
}

// wrapperCommand is the hook command of a wrapper host's entry, read
// from the script it names, or why the host would not run it: an entry
// that is a command line rather than a .sh file, a script that is gone,
// not executable, or does more than run the hook (hookArgv then refuses
// its command).
func wrapperCommand(h host, entry string) (command, problem string) {
	script := unquote(entry)
	if !strings.HasSuffix(script, ".sh") || !filepath.IsAbs(script) {
		return entry, fmt.Sprintf("%s's entry %q is not the path of a .sh file, and %s runs only a .sh file as a hook", h.name, entry, h.name)
	}
	data, err := os.ReadFile(script)
	if err != nil {
		return "", fmt.Sprintf("%s's entry names %s, which cannot be read (%v)", h.name, script, err)
	}
	command = scriptCommand(string(data))
	if info, err := os.Stat(script); err == nil && info.Mode().Perm()&0o111 == 0 {
		return command, script + " is not executable, so " + h.name + " cannot run it"
	}
	return command, ""
}

// gooseFires: a goose matcher must fire for the shell tool by its current
// bare name (shell) and by the developer__shell of older releases.
func gooseFires(m string, present bool) bool {
	return regexFires("shell")(m, present) && regexFires("developer__shell")(m, present)
}

// scriptCommand is a hook script's text without its shebang and comment
// lines: what hookArgv must read as one plain run of recourse.
func scriptCommand(script string) string {
	var keep []string
	for _, line := range strings.Split(script, "\n") {
		if t := strings.TrimSpace(line); t != "" && !strings.HasPrefix(t, "#") {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "\n")
}

func isDir(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.IsDir()
}
