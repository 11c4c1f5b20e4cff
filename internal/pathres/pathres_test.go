package pathres

import (
	"io/fs"
	"os"
	"path"
	"strings"
	"testing"
	"time"
)

// memFS is a filesystem of directories and symbolic links, by clean
// absolute path; what it does not list does not exist.
type memFS struct {
	dirs  map[string]bool
	links map[string]string
}

type info struct {
	name string
	mode fs.FileMode
}

func (i info) Name() string       { return i.name }
func (i info) Size() int64        { return 0 }
func (i info) Mode() fs.FileMode  { return i.mode }
func (i info) ModTime() time.Time { return time.Time{} }
func (i info) IsDir() bool        { return i.mode.IsDir() }
func (i info) Sys() any           { return nil }

func (m memFS) Lstat(name string) (fs.FileInfo, error) {
	if _, ok := m.links[name]; ok {
		return info{path.Base(name), fs.ModeSymlink}, nil
	}
	if m.dirs[name] {
		return info{path.Base(name), fs.ModeDir}, nil
	}
	return nil, fs.ErrNotExist
}

func (m memFS) Readlink(name string) (string, error) {
	if t, ok := m.links[name]; ok {
		return t, nil
	}
	return "", fs.ErrInvalid
}

func TestResolve(t *testing.T) {
	fsys := memFS{
		dirs:  map[string]bool{"/srv": true, "/srv/app": true, "/github/home": true, "/tmp": true},
		links: map[string]string{"/tmp/h": "/github/home", "/tmp/rel": "../srv/app", "/tmp/loop": "/tmp/loop", "/srv/app/cfg": ".claude"},
	}
	const home = "/github/home"
	for _, tc := range []struct {
		class, p, cwd string
		want          string
		via, isHome   bool
		inHome, loop  bool
	}{
		{"cwd", "settings.json", "/srv/app/.claude", "/srv/app/.claude/settings.json", false, false, false, false},
		{"cwd", "../.claude/settings.json", "/srv/app/src", "/srv/app/.claude/settings.json", false, false, false, false},
		{"cwd unknown", ".claude/settings.json", "", ".claude/settings.json", false, false, false, false},
		{"backslash", `.claude\settings.json`, "/srv/app", "/srv/app/.claude/settings.json", false, false, false, false},
		{"trailing dot", ".claude/settings.json.", "/srv/app", "/srv/app/.claude/settings.json", false, false, false, false},
		{"trailing space", ".claude /settings.json ", "/srv/app", "/srv/app/.claude/settings.json", false, false, false, false},
		{"dot slash", "./.claude//./settings.json", "/srv/app", "/srv/app/.claude/settings.json", false, false, false, false},
		{"tilde", "~/.claude/settings.json", "/srv/app", "/github/home/.claude/settings.json", false, false, true, false},
		{"HOME", "$HOME/.claude", "/", "/github/home/.claude", false, false, true, false},
		{"HOME braces", "${HOME}", "/", "/github/home", false, true, true, false},
		{"tilde root", "~root/.ssh", "/", "/root/.ssh", false, false, false, false},
		{"tilde user", "~alice/.ssh", "/", "~alice/.ssh", false, false, false, false},
		{"symlink home", "/tmp/h/", "/", "/github/home", true, true, true, false},
		{"symlink relative", "/tmp/rel/.claude/settings.json", "/", "/srv/app/.claude/settings.json", true, false, false, false},
		{"symlink in cwd", "cfg/settings.json", "/srv/app", "/srv/app/.claude/settings.json", true, false, false, false},
		{"symlink loop", "/tmp/loop/x", "/", "/tmp/loop/x", true, false, false, true},
		{"windows drive", `C:\Users\x\.claude\settings.json`, "/srv", "C:/Users/x/.claude/settings.json", false, false, false, false},
	} {
		got := Resolve(tc.p, Env{Cwd: tc.cwd, Home: home, FS: fsys})
		if got.Path != tc.want || got.ViaSymlink != tc.via || got.Home != tc.isHome || got.InHome != tc.inHome || got.Loop != tc.loop {
			t.Errorf("%s: Resolve(%q, cwd %q) = %+v, want %q via=%v home=%v inHome=%v loop=%v",
				tc.class, tc.p, tc.cwd, got, tc.want, tc.via, tc.isHome, tc.inHome, tc.loop)
		}
	}
}

func TestFold(t *testing.T) {
	for _, p := range []string{".CLAUDE/Settings.json", `.claude\SETTINGS.JSON`, ".claude/./settings.json. ", "x/../.Claude//settings.json"} {
		if got := Fold(p); got != ".claude/settings.json" {
			t.Errorf("Fold(%q) = %q, want .claude/settings.json", p, got)
		}
	}
}

func TestOSFollowsNothingItRuns(t *testing.T) {
	dir := t.TempDir()
	if err := os.Symlink(dir, dir+"/link"); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	got := Resolve(dir+"/link/x", Env{FS: OS{}})
	if got.Path != Clean(dir)+"/x" && !strings.HasSuffix(got.Path, "/x") || !got.ViaSymlink {
		t.Errorf("Resolve through a real link = %+v, want %s/x via a link", got, dir)
	}
}

// FuzzResolve checks that the spellings of one protected file resolve to
// it: whatever directory and name a fuzzed input picks, the case,
// backslash, trailing dot and space, "./", "//", "..", ~ and $HOME
// spellings of DIR/.claude/settings.json (and of the same path through a
// link) fold to the same path.
func FuzzResolve(f *testing.F) {
	f.Add("srv/app", uint16(0))
	f.Add("Users/x/src", uint16(0x1ff))
	f.Add("a b/c.d", uint16(0x55))
	f.Fuzz(func(t *testing.T, dir string, mask uint16) {
		dir = Clean("/" + strings.Map(func(r rune) rune {
			if r == '\\' || r == '$' || r == '~' || r < ' ' {
				return -1
			}
			return r
		}, dir))
		if strings.Contains(dir, "/.") || strings.Contains(dir, " /") || strings.HasSuffix(dir, " ") || strings.HasSuffix(dir, ".") {
			return // names Windows trims or dot names are not what this checks
		}
		const home = "/github/home"
		want := Fold(path.Join(dir, ".claude/settings.json"))
		env := Env{Cwd: dir, Home: home, FS: memFS{dirs: map[string]bool{"/tmp": true}, links: map[string]string{"/tmp/l": dir}}}
		name := ".claude/settings.json"
		if mask&1 != 0 {
			name = ".CLAUDE/Settings.JSON"
		}
		if mask&2 != 0 {
			name = strings.ReplaceAll(name, "/", `\`)
		}
		if mask&4 != 0 {
			name += ". "
		}
		if mask&8 != 0 {
			name = "./" + strings.Replace(name, "/", "//./", 1)
		}
		spellings := []string{name, "x/../" + name, "/tmp/l/" + name}
		if mask&16 != 0 {
			spellings = append(spellings, dir+"/sub/../"+name)
		}
		if rel, ok := strings.CutPrefix(dir, home); ok && (rel == "" || rel[0] == '/') {
			spellings = append(spellings, "~"+rel+"/"+name, "$HOME"+rel+"/"+name, "${HOME}"+rel+"/"+name)
		}
		for _, s := range spellings {
			if got := Resolve(s, env); Fold(got.Path) != want {
				t.Fatalf("Resolve(%q, cwd %q) = %q, want %q", s, dir, got.Path, want)
			}
		}
	})
}
