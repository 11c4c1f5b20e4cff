package filesystem

import (
	"slices"
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// scpDestination holds when scp's destination, its last operand, falls in
// one of classes. A remote destination ([user@]host:path, scp://host/path)
// is classified by its path as the same path here would be: /etc is a
// system directory on any machine, and a relative path is under the
// remote user's home, which is no system directory.
func scpDestination(classes ...rules.PathClass) rules.Cond {
	return rules.Func("scp's destination is a root, system or device path", func(f rules.Facts) rules.Result {
		ops := f.Operands()
		if len(ops) < 2 {
			return rules.Result{Truth: rules.False}
		}
		dst := ops[len(ops)-1]
		p := dst.Value
		if rest, ok := remotePath(p); ok {
			if !strings.HasPrefix(rest, "/") {
				return rules.Result{Truth: rules.False}
			}
			p = rest
		}
		class := rules.ClassifyPath(model.Arg{Value: p, Dynamic: dst.Dynamic}, f.M.Command)
		if !slices.Contains(classes, class) {
			return rules.Result{Truth: rules.False}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "destination", Value: dst.Value, Present: true, Description: string(class)}}}
	})
}

// copiesSecretAway holds when scp or rsync copies a credential file (or
// a directory of them: ~/.ssh/) to another machine: a source operand names
// one and the destination, the last operand, is remote (HOST:PATH,
// USER@HOST:PATH, rsync:// or scp://).
func copiesSecretAway() rules.Cond {
	return rules.Func("a credential file copied to another machine", func(f rules.Facts) rules.Result {
		ops := f.Operands()
		if len(ops) < 2 || !remote(ops[len(ops)-1].Value) {
			return rules.Result{Truth: rules.False}
		}
		for _, src := range ops[:len(ops)-1] {
			if rules.SecretFile(rules.Resolve(src, f.M.Command)) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "operand", Value: src.Value, Present: true, Description: "a credential file, to " + ops[len(ops)-1].Value}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// remote reports whether an scp or rsync operand names another machine
// (remotePath, or an rsync:// URL).
func remote(v string) bool {
	_, ok := remotePath(v)
	return ok || strings.HasPrefix(v, "rsync://")
}

// remotePath returns the path of an scp operand that names a remote file:
// scp://[user@]host[:port]/path, or [user@]host:path with the colon
// before any slash (./a:b is a local file).
func remotePath(v string) (string, bool) {
	if rest, ok := strings.CutPrefix(v, "scp://"); ok {
		_, p, found := strings.Cut(rest, "/")
		if !found {
			return "", true
		}
		return "/" + p, true
	}
	host, p, ok := strings.Cut(v, ":")
	if !ok || host == "" || strings.Contains(host, "/") {
		return "", false
	}
	return p, true
}
