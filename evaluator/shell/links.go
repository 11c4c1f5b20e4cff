package shell

import (
	"path"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// This file follows the symbolic links a line makes itself: after
// ln -s ~ /tmp/h, rm -rf /tmp/h/ empties the home directory (with the
// trailing slash GNU rm follows the link), so the operands of the commands
// after it are judged as the paths they reach. Links already on disk are
// the path resolver's (internal/pathres) where the filesystem is visible.

// recordLink notes the link an ln -s command makes: its name, read from the
// command's working directory, and what it points to, read from the link's
// own directory as the kernel reads a relative target. A name or target
// that is dynamic, or a form it cannot read (-t DIR, several targets), is
// not followed.
func (w *walker) recordLink(cmd *model.Command) {
	symbolic := false
	var ops []model.Arg
	for _, a := range cmd.Args {
		switch {
		case a.Dynamic:
			return
		case a.Value == "-s" || a.Value == "--symbolic" || strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "--") && strings.Contains(a.Value, "s"):
			symbolic = true
		case a.Value == "-t" || strings.HasPrefix(a.Value, "--target-directory"):
			return
		case strings.HasPrefix(a.Value, "-") && len(a.Value) > 1:
		default:
			ops = append(ops, a)
		}
	}
	if !symbolic || len(ops) != 2 {
		return
	}
	name := resolveDir(ops[1], cmd.Cwd)
	if name == "" || name == "/" {
		return
	}
	target := ops[0].Value
	if !path.IsAbs(target) && !strings.HasPrefix(target, "~") {
		target = path.Join(path.Dir(name), target)
	}
	target = resolveDir(model.Arg{Value: target}, path.Dir(name))
	if target == "" {
		return
	}
	if w.links == nil {
		w.links = map[string]string{}
	}
	w.links[name] = target
}

// throughLinks returns cmd with each operand that lies under a link the
// line made spelled as the path it reaches (/tmp/h/ after ln -s ~ /tmp/h
// is ~/), and cmd itself when there is none.
func (w *walker) throughLinks(cmd *model.Command) *model.Command {
	if len(w.links) == 0 || cmd.Program == "ln" {
		return cmd
	}
	var args []model.Arg
	for i, a := range cmd.Args {
		if a.Dynamic || a.Value == "" || strings.HasPrefix(a.Value, "-") {
			continue
		}
		full := resolveDir(a, cmd.Cwd)
		for link, target := range w.links {
			rest, ok := strings.CutPrefix(full, link)
			if !ok || rest != "" && rest[0] != '/' {
				continue
			}
			if args == nil {
				args = append([]model.Arg(nil), cmd.Args...)
			}
			v := target + rest
			if target == "/" {
				v = "/" + strings.TrimPrefix(rest, "/")
			}
			if strings.HasSuffix(a.Value, "/") && !strings.HasSuffix(v, "/") {
				v += "/"
			}
			args[i].Value = v
			break
		}
	}
	if args == nil {
		return cmd
	}
	out := *cmd
	out.Args = args
	return &out
}
