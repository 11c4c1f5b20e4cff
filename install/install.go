package install

import (
	"mvdan.cc/sh/v3/syntax"

	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/recourse-dev/recourse/internal/jsonerr"
	"github.com/recourse-dev/recourse/internal/ojson"
	"github.com/recourse-dev/recourse/internal/shellword"
	"github.com/recourse-dev/recourse/model"
)

// Options say where install writes and what the hook runs.
type Options struct {
	// Home is the user's home directory; Project the project's.
	Home, Project string
	// Binary is the recourse binary the hook runs, by absolute path: a
	// host runs hooks with its own PATH, which may not have it.
	Binary string
	// Hook, when set, is recourse-hook, by absolute path: the hook in a
	// binary of its own, which starts faster, and which the hook runs
	// instead of recourse hook (docs/performance.md).
	Hook string
	// Agent is the Kiro agent whose configuration gets the hook.
	Agent string
	// CodexHome is $CODEX_HOME, where Codex keeps its configuration
	// (~/.codex when empty).
	CodexHome string
	// StateDir is Recourse's state directory: uninstall records there
	// that the person took a host's hook out, so that doctor does not
	// report the host as failing (empty: nothing is recorded).
	StateDir string
}

// Change is what install or uninstall did to one file.
type Change struct {
	Path string `json:"path"`
	// Action is created, updated, unchanged, removed or absent.
	Action string `json:"action"`
	// Backup is where the file's previous content was saved, if it was.
	Backup string `json:"backup,omitempty"`
}

// Result is what install or uninstall did for one host.
type Result struct {
	Host    string   `json:"host"`
	Scope   Scope    `json:"scope"`
	Command string   `json:"command"`
	Changes []Change `json:"changes"`
	// Next is what the person must still do before the host runs the hook
	// (Codex: trust it in /hooks), which Recourse does not do for them.
	Next string `json:"next,omitempty"`
}

// Command is the hook's command line for host: recourse-hook HOST when
// opts has recourse-hook, otherwise recourse hook HOST.
func Command(opts Options, host string) string {
	if opts.Hook != "" {
		return quote(opts.Hook) + " " + host
	}
	return quote(opts.Binary) + " hook " + host
}

// quote is path as one shell word.
func quote(path string) string {
	if strings.ContainsAny(path, " \t'\"") {
		return "'" + strings.ReplaceAll(path, "'", `'\''`) + "'"
	}
	return path
}

// BackupSuffix is appended to a file's name for the copy of its previous
// content that install and uninstall keep.
const BackupSuffix = ".recourse.bak"

// Install merges Recourse's hook into host's configuration at scope,
// leaving every other entry as it was. A second run changes nothing; an
// entry of Recourse's that differs (another binary path, a matcher that
// never fires) is replaced.
func Install(name string, scope Scope, opts Options) (Result, error) {
	h, path, err := target(name, scope, opts)
	if err != nil {
		return Result{}, err
	}
	res := Result{Host: h.name, Scope: scope, Command: Command(opts, h.name)}
	if err := clearUninstalled(opts, h.name); err != nil {
		return res, err
	}
	if h.files != nil {
		res.Changes, err = writeFiles(path, h.files(res.Command), h.name)
		return res, err
	}
	if h.next != nil {
		res.Next = h.next(scope, path, res.Command)
	}
	if h.toml != nil {
		c, err := installTOML(path, h, res.Command)
		res.Changes = []Change{c}
		return res, err
	}
	doc, existed, err := readDoc(path)
	if err != nil {
		return res, err
	}
	entryCommand := res.Command
	if h.wrapper != "" {
		script := h.wrapperPath(path)
		res.Changes, err = writeFiles(filepath.Dir(path), map[string]file{h.wrapper: wrapperScript(h.name, res.Command)}, h.name)
		if err != nil {
			return res, err
		}
		entryCommand = quote(script)
	}
	if !existed {
		if strings.Contains(h.paths[scope], "{agent}") {
			return res, fmt.Errorf("%s has no agent configuration %s: create the agent first (kiro-cli agent create %s), or name another with --agent", h.name, path, opts.Agent)
		}
		doc = ojson.NewObject()
		if h.json.top != nil {
			doc = h.json.top()
		}
	}
	if err := addEntries(doc, h, entryCommand); err != nil {
		return res, fmt.Errorf("%s: %w", path, err)
	}
	c, err := writeDoc(path, doc, existed)
	res.Changes = append([]Change{c}, res.Changes...)
	return res, err
}

// Uninstall removes Recourse's entries from host's configuration at
// scope, and the files it wrote, and nothing else.
func Uninstall(name string, scope Scope, opts Options) (Result, error) {
	h, path, err := target(name, scope, opts)
	if err != nil {
		return Result{}, err
	}
	res := Result{Host: h.name, Scope: scope, Command: Command(opts, h.name)}
	if err := markUninstalled(opts, h.name, scope); err != nil {
		return res, err
	}
	if h.files != nil {
		res.Changes, err = removeFiles(path, h.files(res.Command), h.name)
		return res, err
	}
	if h.toml != nil {
		c, err := uninstallTOML(path, h)
		res.Changes = []Change{c}
		return res, err
	}
	if h.wrapper != "" {
		res.Changes, err = removeFiles(filepath.Dir(path), map[string]file{h.wrapper: wrapperScript(h.name, res.Command)}, h.name)
		if err != nil {
			return res, err
		}
	}
	doc, existed, err := readDoc(path)
	if err != nil || !existed {
		return res, err
	}
	removeEntries(doc, h)
	empty := doc.Len() == 0
	if h.json.top != nil {
		skeleton, _ := ojson.Marshal(h.json.top())
		now, _ := ojson.Marshal(doc)
		empty = empty || bytes.Equal(skeleton, now)
	}
	if empty {
		backup, err := backupFile(path)
		if err != nil {
			return res, err
		}
		res.Changes = append([]Change{{Path: path, Action: "removed", Backup: backup}}, res.Changes...)
		return res, os.Remove(path)
	}
	c, err := writeDoc(path, doc, true)
	res.Changes = append([]Change{c}, res.Changes...)
	return res, err
}

// target returns host name's row and its file or directory at scope:
// with --agent, Kiro's per-agent form.
func target(name string, scope Scope, opts Options) (host, string, error) {
	h, ok := hostNamed(name)
	if !ok {
		return host{}, "", fmt.Errorf("unknown host %q; expected one of %s", name, strings.Join(Hosts(), ", "))
	}
	if opts.Agent != "" && h.agent != nil {
		h = *h.agent
	}
	return targetRow(h, scope, opts)
}

// targetRow returns h's file or directory at scope.
func targetRow(h host, scope Scope, opts Options) (host, string, error) {
	if h.note != "" {
		return host{}, "", errors.New(strings.ReplaceAll(h.note, "COMMAND", Command(opts, h.name)))
	}
	rel, ok := h.paths[scope]
	if !ok {
		var have []string
		for s := range h.paths {
			have = append(have, string(s))
		}
		slices.Sort(have)
		return host{}, "", fmt.Errorf("%s has no %s scope; expected --scope %s", h.name, scope, strings.Join(have, " or "))
	}
	if strings.Contains(rel, "{agent}") {
		if opts.Agent == "" || strings.ContainsAny(opts.Agent, `/\`) {
			return host{}, "", fmt.Errorf("%s hooks live in an agent's configuration: name the agent with --agent NAME (a file name, no slashes)", h.name)
		}
		rel = strings.ReplaceAll(rel, "{agent}", opts.Agent)
	}
	base := opts.Home
	if h.userBase != nil {
		base = h.userBase(opts)
	}
	if scope == Project {
		base = opts.Project
	}
	if base == "" {
		return host{}, "", fmt.Errorf("no %s directory to install into", scope)
	}
	return h, filepath.Join(base, filepath.FromSlash(rel)), nil
}

// readDoc reads a JSON settings file as an object; a file that is not
// one is an error naming its line, and is left alone.
func readDoc(path string) (*ojson.Object, bool, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return ojson.NewObject(), true, nil
	}
	v, err := ojson.Parse(data)
	if err != nil {
		return nil, true, parseError(path, data, err)
	}
	doc, ok := v.(*ojson.Object)
	if !ok {
		return nil, true, fmt.Errorf("%s is not a JSON object; Recourse leaves it alone", path)
	}
	return doc, true, nil
}

// parseError names the file and line of a JSON error.
func parseError(path string, data []byte, err error) error {
	var me *model.Error
	if errors.As(err, &me) && me.Line > 0 {
		return fmt.Errorf("%s:%d: %s; Recourse leaves the file alone", path, me.Line, me.Message)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line, col := jsonerr.Position(data, se.Offset)
		return fmt.Errorf("%s:%d:%d: %v; Recourse leaves the file alone", path, line, col, err)
	}
	return fmt.Errorf("%s: %v; Recourse leaves the file alone", path, err)
}

// entryArrays returns doc's "hooks" object, creating it when create is
// set; a "hooks" that is not an object is an error.
func hooksObject(doc *ojson.Object, create bool) (*ojson.Object, error) {
	v, ok := doc.Get("hooks")
	if !ok {
		if !create {
			return nil, nil
		}
		o := ojson.NewObject()
		doc.Set("hooks", o)
		return o, nil
	}
	o, isObj := v.(*ojson.Object)
	if !isObj {
		return nil, fmt.Errorf(`"hooks" is not an object; Recourse leaves the file alone`)
	}
	return o, nil
}

// addEntries puts the entry for command under each of h's events, in
// place of any entry of Recourse's there.
func addEntries(doc *ojson.Object, h host, command string) error {
	hooks, err := hooksObject(doc, true)
	if err != nil {
		return err
	}
	for _, ev := range h.json.events {
		var arr []any
		if v, ok := hooks.Get(ev); ok {
			if arr, ok = v.([]any); !ok {
				return fmt.Errorf("hooks.%s is not a list; Recourse leaves the file alone", ev)
			}
		}
		at, rest := withoutOurs(arr, h)
		entry := h.json.entry(command)
		if at < 0 {
			at = len(rest)
		}
		hooks.Set(ev, slices.Insert(rest, at, any(entry)))
	}
	return nil
}

// removeEntries takes Recourse's entries out of h's events; an event
// left with none, and a "hooks" left empty, go too.
func removeEntries(doc *ojson.Object, h host) {
	hooks, err := hooksObject(doc, false)
	if err != nil || hooks == nil {
		return
	}
	for _, ev := range h.json.events {
		v, ok := hooks.Get(ev)
		arr, isArr := v.([]any)
		if !ok || !isArr {
			continue
		}
		at, rest := withoutOurs(arr, h)
		switch {
		case at < 0:
		case len(rest) == 0:
			hooks.Delete(ev)
		default:
			hooks.Set(ev, rest)
		}
	}
	if hooks.Len() == 0 {
		doc.Delete("hooks")
	}
}

// withoutOurs returns arr without Recourse's entries, and where the
// first of them was (-1 when there was none). In a nested group that
// also holds other hooks, only Recourse's hook is taken out.
func withoutOurs(arr []any, h host) (int, []any) {
	at := -1
	var out []any
	for _, e := range arr {
		o, ok := e.(*ojson.Object)
		if !ok {
			out = append(out, e)
			continue
		}
		if !h.json.nested {
			if h.oursEntry(stringAt(o, h.json.commandKey)) {
				if at < 0 {
					at = len(out)
				}
				continue
			}
			out = append(out, e)
			continue
		}
		inner, _ := o.Get("hooks")
		list, _ := inner.([]any)
		var keep []any
		for _, x := range list {
			if xo, ok := x.(*ojson.Object); ok && h.oursEntry(stringAt(xo, h.json.commandKey)) {
				continue
			}
			keep = append(keep, x)
		}
		if len(keep) == len(list) {
			out = append(out, e)
			continue
		}
		if at < 0 {
			at = len(out)
		}
		if len(keep) > 0 {
			o.Set("hooks", keep)
			out = append(out, o)
		}
	}
	return at, out
}

// stringAt is o[key] when it is a string.
func stringAt(o *ojson.Object, key string) string {
	v, _ := o.Get(key)
	s, _ := v.(string)
	return s
}

// ours reports whether command runs recourse hook host or recourse-hook
// host anywhere in it, read as a shell reads it (a quoted path with spaces
// is one word): the entries install rewrites and uninstall removes, and
// doctor reports on — a plain run, or one that does more, which doctor
// then refuses to run.
func ours(command, host string) bool {
	f, err := syntax.NewParser().Parse(strings.NewReader(command), "")
	if err != nil {
		return false
	}
	found := false
	syntax.Walk(f, func(n syntax.Node) bool {
		call, ok := n.(*syntax.CallExpr)
		if !ok || found {
			return !found
		}
		var argv []string
		for _, w := range call.Args {
			lit, _ := shellword.Literal(w)
			argv = append(argv, lit)
		}
		found = runsHook(argv, host)
		return true
	})
	return found
}

// runsHook reports whether argv, after an exec, runs recourse hook host
// or recourse-hook host.
func runsHook(argv []string, host string) bool {
	if len(argv) > 0 && argv[0] == "exec" {
		argv = argv[1:]
	}
	switch {
	case len(argv) >= 2 && isHookBinary(argv[0]):
		return argv[1] == host
	case len(argv) >= 3 && strings.HasPrefix(filepath.Base(argv[0]), "recourse"):
		return argv[1] == "hook" && argv[2] == host
	}
	return false
}

// HookBinary is the name of the hook's own binary, recourse-hook.
const HookBinary = "recourse-hook"

// isHookBinary reports whether prog is recourse-hook.
func isHookBinary(prog string) bool {
	return strings.TrimSuffix(filepath.Base(prog), ".exe") == HookBinary
}

// writeDoc writes doc to path unless that changes nothing, keeping the
// previous content as a backup.
func writeDoc(path string, doc *ojson.Object, existed bool) (Change, error) {
	out, err := ojson.Marshal(doc)
	if err != nil {
		return Change{}, err
	}
	old, _ := os.ReadFile(path)
	if existed {
		if v, err := ojson.Parse(old); err == nil {
			if was, _ := ojson.Marshal(v); bytes.Equal(was, out) {
				return Change{Path: path, Action: "unchanged"}, nil
			}
		}
	}
	c := Change{Path: path, Action: "created"}
	if existed {
		c.Action = "updated"
		if c.Backup, err = backupFile(path); err != nil {
			return c, err
		}
	}
	return c, writeFile(path, out, 0o644)
}

// backupFile copies path to path.recourse.bak.
func backupFile(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	info, err := os.Stat(path)
	if err != nil {
		return "", err
	}
	b := path + BackupSuffix
	return b, os.WriteFile(b, data, info.Mode().Perm())
}

// writeFile writes data to path through a temporary file in the same
// directory, so that a reader never sees half of it; an existing file
// keeps its mode.
func writeFile(path string, data []byte, mode fs.FileMode) error {
	if info, err := os.Stat(path); err == nil {
		mode = info.Mode().Perm()
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), mode); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// writeFiles writes the files of a host whose hook is files of its own,
// under dir; a file there that is not Recourse's is left alone, and is an
// error.
func writeFiles(dir string, files map[string]file, name string) ([]Change, error) {
	var out []Change
	for _, rel := range slices.Sorted(maps.Keys(files)) {
		f := files[rel]
		path := filepath.Join(dir, filepath.FromSlash(rel))
		old, err := os.ReadFile(path)
		switch {
		case err == nil && bytes.Equal(old, f.content):
			out = append(out, Change{Path: path, Action: "unchanged"})
			continue
		case err == nil && !oursFile(old, name):
			return out, fmt.Errorf("%s exists and is not Recourse's; add `%s` to it by hand, or move it away first", path, strings.TrimSpace(lastLine(f.content)))
		case err != nil && !errors.Is(err, fs.ErrNotExist):
			return out, err
		}
		c := Change{Path: path, Action: "created"}
		if err == nil {
			c.Action = "updated"
			if c.Backup, err = backupFile(path); err != nil {
				return out, err
			}
		}
		if err := writeFile(path, f.content, fs.FileMode(f.mode)); err != nil {
			return out, err
		}
		if err := os.Chmod(path, fs.FileMode(f.mode)); err != nil {
			return out, err
		}
		out = append(out, c)
	}
	return out, nil
}

// removeFiles removes the files writeFiles wrote, when they are still
// Recourse's, and the directories they leave empty under dir.
func removeFiles(dir string, files map[string]file, name string) ([]Change, error) {
	var out []Change
	for _, rel := range slices.Sorted(maps.Keys(files)) {
		path := filepath.Join(dir, filepath.FromSlash(rel))
		old, err := os.ReadFile(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			out = append(out, Change{Path: path, Action: "absent"})
			continue
		case err != nil:
			return out, err
		case !oursFile(old, name):
			return out, fmt.Errorf("%s is not Recourse's; Recourse leaves it alone", path)
		}
		if err := os.Remove(path); err != nil {
			return out, err
		}
		out = append(out, Change{Path: path, Action: "removed"})
		for d := filepath.Dir(path); strings.HasPrefix(d, dir) && len(d) >= len(dir); d = filepath.Dir(d) {
			if os.Remove(d) != nil {
				break
			}
		}
	}
	return out, nil
}

// oursFile reports whether a file of a host whose hook is files of its
// own is Recourse's: it runs the hook, or says install wrote it.
func oursFile(content []byte, name string) bool {
	return bytes.Contains(content, []byte("hook "+name)) || bytes.Contains(content, []byte("recourse install "+name))
}

func lastLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return lines[len(lines)-1]
}
