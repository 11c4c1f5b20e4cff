// Package pathres is Recourse's one path resolver: it turns a path as a
// command, a file tool or an MCP call spells it into the path it lands on,
// so that the rules, the protection of agents' and Recourse's own
// configuration, and exceptions all judge the same thing.
//
// A path is resolved against the working directory the command runs in
// (the shell walker tracks it through cd, pushd, subshells and -C
// options), with ~ and $HOME read from the environment Recourse sees, and
// with the spellings that reach the same file made one: backslashes, "//",
// "./", "..", and the trailing dots and spaces Windows drops from a name.
// Case is kept in the path (Linux tells Settings.json from settings.json)
// but Fold gives the form protected names are compared in (macOS and
// Windows do not). Where a filesystem is visible, symbolic links are
// followed with lstat and readlink only, a bounded number of hops.
package pathres

import (
	"io/fs"
	"os"
	"path"
	"strings"
)

// MaxHops bounds how many symbolic links Resolve follows for one path: a
// loop, or a chain longer than this, leaves the path as far as it got with
// Loop set.
const MaxHops = 40

// FS is the read-only view of a filesystem Resolve follows links in. It
// never opens or runs anything: os.Lstat and os.Readlink satisfy it (see
// OS).
type FS interface {
	Lstat(name string) (fs.FileInfo, error)
	Readlink(name string) (string, error)
}

// Env is what a path is read against.
type Env struct {
	// Cwd is the working directory, absolute or "~" based; "" is unknown.
	Cwd string
	// Home is the home directory from the environment Recourse sees
	// ($HOME); "" is unknown, and ~ then stays "~" in the result.
	Home string
	// FS, when set, is where symbolic links are followed.
	FS FS
}

// Result is where a path lands.
type Result struct {
	// Path is the clean path: absolute when it could be made so, "~"
	// based when the home directory is not known, relative when the
	// working directory is not, "" for an empty input.
	Path string
	// Absolute says Path is absolute (or "~" based): the directory a
	// relative spelling is read from was known.
	Absolute bool
	// ViaSymlink says a symbolic link was followed on the way.
	ViaSymlink bool
	// Loop says links were still being followed after MaxHops.
	Loop bool
	// Home says Path is the home directory itself; InHome that it is the
	// home directory or inside it.
	Home, InHome bool
}

// Clean returns p with the spellings that reach the same file made one:
// backslashes become slashes, each name loses the trailing dots and
// spaces Windows drops (settings.json. and "settings.json " are
// settings.json), and "//", "./" and ".." are cleaned as path.Clean does.
// A relative path stays relative ("../x" keeps its ".."); "" stays "".
func Clean(p string) string {
	if p == "" {
		return ""
	}
	p = strings.ReplaceAll(p, `\`, "/")
	if strings.ContainsAny(p, ". ") {
		elems := strings.Split(p, "/")
		for i, e := range elems {
			elems[i] = trimName(e)
		}
		p = strings.Join(elems, "/")
	}
	if p == "" {
		return ""
	}
	return path.Clean(p)
}

// trimName drops the trailing dots and spaces of a name, as Windows does
// when it opens a file; ".", ".." and a name of nothing else are kept.
func trimName(e string) string {
	if e == "." || e == ".." {
		return e
	}
	t := strings.TrimRight(e, ". ")
	if t == "" {
		return e
	}
	return t
}

// Fold returns the clean form of p in which protected names are compared:
// Clean, then lower case (macOS and Windows open .CLAUDE/Settings.json as
// .claude/settings.json).
func Fold(p string) string { return strings.ToLower(Clean(p)) }

// Equal reports whether a and b name the same file on a filesystem that
// ignores case.
func Equal(a, b string) bool { return Fold(a) == Fold(b) }

// Expand replaces a leading ~, ~/, $HOME or ${HOME} of p with home
// (unchanged when home is ""), and ~root with /root. ~NAME of another user
// is kept: where it lands is not known.
func Expand(p, home string) string {
	for _, v := range []string{"${HOME}", "$HOME"} {
		if rest, ok := strings.CutPrefix(p, v); ok && (rest == "" || rest[0] == '/' || rest[0] == '\\') {
			p = "~" + rest
			break
		}
	}
	if rest, ok := strings.CutPrefix(p, "~root"); ok && (rest == "" || rest[0] == '/' || rest[0] == '\\') {
		return "/root" + rest
	}
	if home == "" || !strings.HasPrefix(p, "~") {
		return p
	}
	if rest := p[1:]; rest == "" || rest[0] == '/' || rest[0] == '\\' {
		return strings.TrimSuffix(home, "/") + rest
	}
	return p
}

// Join returns p read from cwd: p itself when it is absolute, "~" based or
// cwd is unknown, else cwd/p; both are expanded (Expand) and cleaned
// (Clean).
func Join(cwd, p, home string) string {
	p = Clean(Expand(p, home))
	if p == "" || abs(p) || cwd == "" {
		return p
	}
	return Clean(path.Join(Clean(Expand(cwd, home)), p))
}

// abs reports whether the clean p is absolute, "~" based, or a Windows
// drive path (C:/x).
func abs(p string) bool {
	return strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") ||
		len(p) >= 3 && p[1] == ':' && p[2] == '/' && (p[0]|0x20 >= 'a' && p[0]|0x20 <= 'z')
}

// Resolve returns where p, read in env, lands (see the package comment).
func Resolve(p string, env Env) Result {
	got := Join(env.Cwd, p, env.Home)
	r := Result{Path: got, Absolute: got != "" && abs(got)}
	if env.FS != nil && strings.HasPrefix(got, "/") {
		r.Path, r.ViaSymlink, r.Loop = follow(env.FS, got)
	}
	r.Home, r.InHome = homeOf(r.Path, Clean(env.Home))
	return r
}

// homeOf says whether p is the home directory home (or "~"), and whether
// it is in it.
func homeOf(p, home string) (is, in bool) {
	if p == "~" || home != "" && home != "/" && p == home {
		return true, true
	}
	if strings.HasPrefix(p, "~/") || home != "" && home != "/" && strings.HasPrefix(p, home+"/") {
		return false, true
	}
	return false, false
}

// follow resolves the symbolic links in the clean absolute path p, each
// element in turn, as the kernel does, following at most MaxHops links.
// An element that cannot be read (missing, no permission) ends the walk:
// the rest of the path is kept as spelled.
func follow(fsys FS, p string) (string, bool, bool) {
	done := "/"
	rest := strings.TrimPrefix(p, "/")
	via := false
	for hops := 0; rest != ""; {
		elem, more, _ := strings.Cut(rest, "/")
		rest = more
		next := path.Join(done, elem)
		fi, err := fsys.Lstat(next)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			if err != nil {
				return Clean(path.Join(next, rest)), via, false
			}
			done = next
			continue
		}
		if hops++; hops > MaxHops {
			return Clean(path.Join(next, rest)), via, true
		}
		target, err := fsys.Readlink(next)
		if err != nil {
			return Clean(path.Join(next, rest)), via, false
		}
		via = true
		if !strings.HasPrefix(target, "/") {
			target = path.Join(done, target)
		}
		// Read the link's target, then what is left, from the root again.
		rest = strings.TrimPrefix(Clean(path.Join(target, rest)), "/")
		done = "/"
	}
	return done, via, false
}

// OS is the machine's own filesystem, read with lstat and readlink only.
type OS struct{}

// Lstat is os.Lstat.
func (OS) Lstat(name string) (fs.FileInfo, error) { return os.Lstat(name) }

// Readlink is os.Readlink.
func (OS) Readlink(name string) (string, error) { return os.Readlink(name) }
