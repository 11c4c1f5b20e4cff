package shell

import (
	"path"
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/internal/pathres"
	"github.com/recourse-dev/recourse/model"
)

// Links already on disk: where the gate runs beside the action and its
// Observer can also look at links (LinkObserver: lstat and readlink only,
// nothing opened), the operands a command changes are followed through
// the symbolic links they lie under (pathres, at most pathres.MaxHops),
// so /tmp/h/ where /tmp/h is a link to the home directory is judged as ~/.
// The last name of an operand rm, rmdir, unlink or mv's sources act on is
// not followed unless it ends in a slash: rm -rf /tmp/h removes the link
// itself (GNU rm follows it only as /tmp/h/), while chmod, chown, cp's
// and mv's destination, tee and a redirection write through it.

// LinkObserver is an Observer that can also read symbolic links where the
// action runs.
type LinkObserver interface {
	Observer
	pathres.FS
	// HomeDir is the home directory "~" names there ("" unknown).
	HomeDir() string
}

// linkFollowers are the programs whose operands name what they change.
// skipFirst: the first operand is no path (chmod's mode, chown's owner).
var linkFollowers = sync.OnceValue(func() map[string]struct{ skipFirst, keepLast bool } {
	return map[string]struct{ skipFirst, keepLast bool }{
		"rm": {keepLast: true}, "rmdir": {keepLast: true}, "unlink": {keepLast: true}, "shred": {},
		"mv": {}, "cp": {}, "ln": {}, "install": {}, "rsync": {}, "tee": {}, "truncate": {}, "touch": {},
		"chmod": {skipFirst: true}, "chown": {skipFirst: true}, "chgrp": {skipFirst: true}, "setfacl": {skipFirst: true},
		model.RedirectProgram: {}, model.AppendProgram: {},
	}
})

// onDiskLinks returns cmd with each operand that goes through a symbolic
// link on disk spelled as the path it reaches, and the links recorded
// (Command.Links); cmd itself when there is none or links cannot be seen.
func (w *walker) onDiskLinks(cmd *model.Command) *model.Command {
	lo, ok := w.observer.(LinkObserver)
	how, follows := linkFollowers()[cmd.Program]
	if !ok || !follows {
		return cmd
	}
	home := lo.HomeDir()
	var args []model.Arg
	var links []model.FollowedLink
	operand := 0
	ends := false
	for i, a := range cmd.Args {
		if a.Value == "--" && !ends {
			ends = true
			continue
		}
		if a.Dynamic || a.Value == "" || !ends && strings.HasPrefix(a.Value, "-") {
			continue
		}
		operand++
		if how.skipFirst && operand == 1 {
			continue
		}
		keepLast := how.keepLast || cmd.Program == "mv" && i != lastOperand(cmd.Args)
		v, ok := w.throughDisk(lo, a.Value, cmd.Cwd, home, keepLast)
		if !ok {
			continue
		}
		if args == nil {
			args = append([]model.Arg(nil), cmd.Args...)
		}
		args[i].Value = v
		links = append(links, model.FollowedLink{Path: a.Value, Reaches: v})
	}
	if args == nil {
		return cmd
	}
	out := *cmd
	out.Args, out.Links = args, links
	return &out
}

// lastOperand is the index of the last argument that is not an option.
func lastOperand(args []model.Arg) int {
	for i := len(args) - 1; i >= 0; i-- {
		if !strings.HasPrefix(args[i].Value, "-") {
			return i
		}
	}
	return -1
}

// throughDisk returns where p, named from cwd, lands through the links on
// disk, spelled "~/…" inside home and with p's trailing slash kept; false
// when no link is on its way (or where it is cannot be known).
func (w *walker) throughDisk(fsys pathres.FS, p, cwd, home string, keepLast bool) (string, bool) {
	full := resolveDir(model.Arg{Value: p}, cwd)
	if full == "" {
		return "", false
	}
	full = pathres.Expand(full, home)
	if !strings.HasPrefix(full, "/") || full == "/" {
		return "", false
	}
	slash := strings.HasSuffix(p, "/")
	env := pathres.Env{Home: home, FS: fsys}
	var r pathres.Result
	if keepLast && !slash {
		r = pathres.Resolve(path.Dir(full), env)
		r.Path = path.Join(r.Path, path.Base(full))
		r.Home, r.InHome = false, false
	} else {
		r = pathres.Resolve(full, env)
	}
	if !r.ViaSymlink && !r.Loop {
		return "", false
	}
	v := r.Path
	if h := pathres.Clean(home); h != "" && h != "/" {
		if v == h {
			v = "~"
		} else if rest, ok := strings.CutPrefix(v, h+"/"); ok {
			v = "~/" + rest
		}
	}
	if slash && !strings.HasSuffix(v, "/") {
		v += "/"
	}
	return v, true
}
