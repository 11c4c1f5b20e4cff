package install

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
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
	Host      string   `json:"host"`
	Installed bool     `json:"installed"`
	Scope     Scope    `json:"scope,omitempty"`
	Wired     bool     `json:"wired"`
	Command   string   `json:"command,omitempty"`
	Canaries  []Canary `json:"canaries"`
	Pass      bool     `json:"pass"`
	Fix       string   `json:"fix,omitempty"`
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
	rep.Pass = true
	for _, c := range []struct{ line, want string }{{harmless, "allowed"}, {destructive, "stopped"}} {
		cctx, cancel := context.WithTimeout(ctx, 15*time.Second)
		exit, stdout, err := run(cctx, argv, h.canary(c.line, cwd), cwd)
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
	return rep
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
}

// findWiring looks for Recourse's entry at the project scope, then the
// user's: the first found is the one reported.
func findWiring(h host, opts Options) (*wiring, error) {
	for _, scope := range []Scope{Project, User} {
		if _, ok := h.paths[scope]; !ok {
			continue
		}
		if strings.Contains(h.paths[scope], "{agent}") && opts.Agent == "" {
			continue
		}
		_, path, err := target(h.name, scope, opts)
		if err != nil {
			return nil, err
		}
		if scope == Project && opts.Project == "" {
			continue
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
				if cmd := stringAt(c, h.json.commandKey); ours(cmd, h.name) {
					fires := h.json.fires == nil || h.json.fires(matcher, present)
					return &wiring{scope: scope, path: path, command: cmd, matcher: matcher, fires: fires}, nil
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
			w, err := wiringAt(host{name: h.name, json: &jsonHooks{events: []string{"PreToolUse"}, nested: true, commandKey: "command",
				fires: gooseFires}}, scope, path)
			if w != nil {
				w.path = path
			}
			return w, err
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
