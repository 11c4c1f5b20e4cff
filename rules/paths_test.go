package rules

import (
	"path"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

func TestClassifyPath(t *testing.T) {
	tests := []struct {
		arg  model.Arg
		cwd  string
		want PathClass
	}{
		{model.Arg{Value: "/"}, "", PathRoot},
		{model.Arg{Value: `C:\`}, "", PathRoot},
		{model.Arg{Value: `C:\Windows\System32\drivers\etc\hosts`}, "", PathSystem},
		{model.Arg{Value: `d:/Program Files (x86)/App`}, "", PathSystem},
		{model.Arg{Value: `C:\Users`}, "", PathSystem},
		{model.Arg{Value: `C:\Users\alice`}, "", PathHome},
		{model.Arg{Value: `C:\Users\alice\.ssh\id_rsa`}, "", PathUser},
		{model.Arg{Value: `C:\Users\alice\AppData\Local\Temp\x`}, "", PathTemp},
		{model.Arg{Value: `C:\Windows\Temp\x`}, "", PathTemp},
		{model.Arg{Value: `E:\data\db`}, "", PathOther},
		{model.Arg{Value: `C:\Users\alice\..\..\Windows`}, "", PathSystem},
		{model.Arg{Value: "/*"}, "", PathRoot},
		{model.Arg{Value: "/etc/passwd"}, "", PathSystem},
		{model.Arg{Value: "/etcetera"}, "", PathOther}, // a top-level name, not a prefix
		{model.Arg{Value: "/root"}, "", PathSystem},
		{model.Arg{Value: "/root/notes"}, "", PathUser},
		{model.Arg{Value: "/dev/null"}, "", PathNull},
		{model.Arg{Value: "/dev/sda"}, "", PathDevice},
		{model.Arg{Value: "/devices"}, "", PathOther},
		{model.Arg{Value: "/tmp/x"}, "", PathTemp},
		{model.Arg{Value: "/var/tmp/x"}, "", PathTemp},
		{model.Arg{Value: "/home/alice"}, "", PathHome},
		{model.Arg{Value: "/home/alice/src"}, "", PathUser},
		{model.Arg{Value: "~"}, "", PathHome},
		{model.Arg{Value: "~/.ssh"}, "", PathUser},
		{model.Arg{Value: "."}, "/work/app", PathCwd},
		{model.Arg{Value: "../x"}, "/work/app", PathCwd},
		{model.Arg{Value: "src"}, "/work/app", PathProject},
		{model.Arg{Value: "node_modules"}, "/work/app", PathBuild},
		{model.Arg{Value: "dist/app.js"}, "/work/app", PathBuild},
		{model.Arg{Value: ".venv"}, "/work/app", PathBuild},
		{model.Arg{Value: "venv"}, "/work/app", PathProject},
		// An absolute path inside the working directory reads as the relative one.
		{model.Arg{Value: "/work/app/node_modules"}, "/work/app", PathBuild},
		{model.Arg{Value: "/work/app/dist/app.js"}, "/work/app", PathBuild},
		{model.Arg{Value: "/work/app/src/dist"}, "/work/app", PathProject},
		{model.Arg{Value: "/work/app"}, "/work/app", PathCwd},
		{model.Arg{Value: "/home/alice/app/src"}, "/home/alice/app", PathProject},
		{model.Arg{Value: "/home/alice/notes"}, "/home/alice", PathUser},
		{model.Arg{Value: "/work/other/node_modules"}, "/work/app", PathOther},
		{model.Arg{Value: "/home/alice/app/.next"}, "/home/alice/app", PathBuild},
		{model.Arg{Value: "/home/alice/app/.next"}, "", PathUser},
		{model.Arg{Value: "~/.cache/pip"}, "", PathBuild},
		{model.Arg{Value: "/home/alice/Library/Caches/com.x"}, "", PathBuild},
		{model.Arg{Value: "~/.cache"}, "", PathBuild},
		// Two levels below the root, a build directory of a system path is
		// an application's (/var/www/app/node_modules).
		{model.Arg{Value: "/var/www/app/node_modules"}, "", PathBuild},
		{model.Arg{Value: "/opt/app/.venv/lib"}, "", PathBuild},
		{model.Arg{Value: "/usr/lib/node_modules"}, "", PathBuild},
		{model.Arg{Value: "/usr/node_modules"}, "", PathSystem},
		{model.Arg{Value: "/var/lib/app"}, "", PathSystem},
		// An application's directory under /srv, /opt or /var/www is its own.
		{model.Arg{Value: "/var/www/app"}, "", PathOther},
		{model.Arg{Value: "/opt/app/app.jar"}, "", PathOther},
		{model.Arg{Value: "/srv/app"}, "", PathOther},
		{model.Arg{Value: "/srv"}, "", PathSystem},
		{model.Arg{Value: "/opt/*"}, "", PathSystem},
		{model.Arg{Value: "/var/www"}, "", PathSystem},
		{model.Arg{Value: "src"}, "/opt/app", PathProject},
		{model.Arg{Value: "node_modules"}, "/var/www/app", PathBuild},
		{model.Arg{Value: "data"}, "/var/lib/postgresql", PathSystem},
		{model.Arg{Value: "passwd"}, "/etc", PathSystem},
		// In a home directory's dot directory, as spelled from the home.
		{model.Arg{Value: "id_rsa"}, "~/.ssh", PathUser},
		{model.Arg{Value: "config"}, "/home/alice/.kube", PathUser},
		{model.Arg{Value: "pip"}, "~/.cache", PathBuild},
		{model.Arg{Value: "express"}, "/var/www/app/node_modules", PathBuild},
		{model.Arg{Value: "../src"}, "/var/www/app/node_modules", PathCwd},
		{model.Arg{Value: "src"}, "~/code/app", PathProject},
		{model.Arg{Value: "~/.config/app"}, "", PathUser},
		{model.Arg{Value: "/Users/bob/.m2/repository/org"}, "", PathBuild},
		{model.Arg{Value: "~/.npm"}, "", PathBuild},
		{model.Arg{Value: "~/Library/Developer/Xcode/DerivedData"}, "", PathBuild},
		{model.Arg{Value: "/Users/bob/Library/Developer/Xcode/DerivedData/App-abc"}, "", PathBuild},
		{model.Arg{Value: "~/Library/Developer/Xcode/Archives"}, "", PathUser},
		{model.Arg{Value: "~/.terraform.d/plugin-cache"}, "", PathBuild},
		{model.Arg{Value: "~/.terraform.d/credentials.tfrc.json"}, "", PathUser},
		{model.Arg{Value: "~/.npmrc"}, "", PathUser},
		{model.Arg{Value: "build"}, "/work/app", PathProject},
		{model.Arg{Value: "package-lock.json"}, "/work/app", PathBuild},
		{model.Arg{Value: "web/yarn.lock"}, "/work/app", PathBuild},
		{model.Arg{Value: "package.json"}, "/work/app", PathProject},
		{model.Arg{Value: "x"}, "/tmp/scratch", PathTemp},
		{model.Arg{Value: "x"}, "/", PathOther},
		{model.Arg{Value: "etc"}, "/", PathSystem},
		{model.Arg{Value: "$HOME", Dynamic: true}, "", PathHome},
		{model.Arg{Value: "$TMPDIR/x", Dynamic: true}, "", PathTemp},
		{model.Arg{Value: "$(...)", Dynamic: true}, "", PathDynamic},
		// What find START -exec CMD {} finds is judged as START.
		{model.Arg{Value: "/{}", Dynamic: true}, "", PathRoot},
		{model.Arg{Value: "/etc/{}", Dynamic: true}, "", PathSystem},
		{model.Arg{Value: "~/{}", Dynamic: true}, "", PathHome},
		{model.Arg{Value: "/tmp/{}", Dynamic: true}, "", PathTemp},
		{model.Arg{Value: "./{}", Dynamic: true}, "", PathCwd},
		{model.Arg{Value: "node_modules/{}", Dynamic: true}, "", PathBuild},
		{model.Arg{Value: "$DIR/{}", Dynamic: true}, "", PathDynamic},
		// ${NAME:-DEFAULT}: the worse of the two readings.
		{model.Arg{Value: "${TMPDIR:-/}", Dynamic: true}, "", PathRoot},
		{model.Arg{Value: "${TMPDIR:-/tmp}/x", Dynamic: true}, "", PathTemp},
		{model.Arg{Value: "${DIR:-$HOME}", Dynamic: true}, "", PathHome},
		{model.Arg{Value: "${DIR=}/", Dynamic: true}, "", PathRoot},
		{model.Arg{Value: "${DIR:-/tmp/x}", Dynamic: true}, "", PathDynamic},
		{model.Arg{Value: "${DIR:-/etc}/x", Dynamic: true}, "", PathSystem},
		{model.Arg{Value: "{}.bak", Dynamic: true}, "", PathDynamic},
	}
	for _, tt := range tests {
		if got := ClassifyPath(tt.arg, &model.Command{Cwd: tt.cwd, Env: map[string]string{}}); got != tt.want {
			t.Errorf("%q in %q: %s, want %s", tt.arg.Value, tt.cwd, got, tt.want)
		}
	}
}

func TestResolve(t *testing.T) {
	tests := []struct {
		arg  model.Arg
		cwd  string
		want string
	}{
		{model.Arg{Value: "id_rsa"}, "~/.ssh", "~/.ssh/id_rsa"},
		{model.Arg{Value: "../.aws/credentials"}, "/home/alice/.ssh", "/home/alice/.aws/credentials"},
		{model.Arg{Value: "x"}, "", "x"},
		{model.Arg{Value: "/etc/passwd"}, "/work", "/etc/passwd"},
		{model.Arg{Value: "~/x"}, "/work", "~/x"},
		{model.Arg{Value: "gs://b/.env"}, "/work", "gs://b/.env"},
		{model.Arg{Value: "host:.ssh/id_rsa"}, "/work", "host:.ssh/id_rsa"},
		{model.Arg{Value: "$F", Dynamic: true}, "/work", "$F"},
	}
	for _, tt := range tests {
		if got := Resolve(tt.arg, &model.Command{Cwd: tt.cwd}); got != tt.want {
			t.Errorf("Resolve(%q) in %q = %q, want %q", tt.arg.Value, tt.cwd, got, tt.want)
		}
	}
}

func TestHomeDotfile(t *testing.T) {
	for p, want := range map[string]bool{
		"~/.bashrc":                        true,
		"~/.ssh/authorized_keys":           true,
		"$HOME/.aws/credentials":           true,
		"${HOME}/.npmrc":                   true,
		"/home/alice/.config/gh/hosts":     true,
		"/Users/bob/.zshrc":                true,
		"/root/.ssh/id_ed25519":            true,
		"~/notes.txt":                      false,
		"/home/alice/project/.env":         false, // a project's file, not the home's
		"/home/alice":                      false,
		"~/..":                             false,
		"./.bashrc":                        false,
		"/etc/.hidden":                     false,
		"/home/alice/../bob/.ssh/x/../":    true,
		`C:\Users\me\.ssh\authorized_keys`: true,
		"c:/Users/me/.gitconfig":           true,
		`C:\Users\me\project\.env`:         false,
		`C:\Windows\.hidden`:               false,
	} {
		if got := HomeDotfile(p); got != want {
			t.Errorf("%s: %v, want %v", p, got, want)
		}
	}
}

func TestSecretFile(t *testing.T) {
	for p, want := range map[string]bool{
		"~/.ssh/id_ed25519":                    true,
		"~/.ssh/id_ed25519.pub":                false,
		"~/.ssh":                               true,
		"~/.ssh/":                              true,
		"~/.ssh/known_hosts":                   false,
		"~/.ssh/config":                        false,
		"~/.ssh/deploy_key":                    true,
		"$HOME/.aws/credentials":               true,
		"/home/alice/.kube/config":             true,
		"/root/.docker/config.json":            true,
		"~/.netrc":                             true,
		"~/.gnupg/private-keys-v1.d/x.key":     true,
		"~/.bashrc":                            false,
		"~/.config/gh/hosts.yml":               true,
		"~/.config/nvim/init.lua":              false,
		".env":                                 true,
		"app/.env.production":                  true,
		".env.example":                         false,
		"keys/id_rsa":                          true,
		"/etc/shadow":                          true,
		"/etc/passwd":                          false,
		"/etc/ssh/ssh_host_rsa_key":            true,
		"/etc/ssh/ssh_host_rsa_key.pub":        false,
		"/etc/ssl/private/server.key":          true,
		"s3://bucket/.env":                     false,
		`C:\Users\me\.aws\credentials`:         true,
		"README.md":                            false,
		"/home/alice/project/.aws/credentials": false, // a project's, not the home's
	} {
		if got := SecretFile(p); got != want {
			t.Errorf("%s: %v, want %v", p, got, want)
		}
	}
}

func TestEnvFile(t *testing.T) {
	for p, want := range map[string]bool{
		".env": true, "app/.env.production": true, `C:\app\.env.local`: true,
		".env.example": false, ".env.sample": false, "env": false, ".envrc": false, "prod.env": false, ".env.": false,
	} {
		if got := EnvFile(p); got != want {
			t.Errorf("%s: %v, want %v", p, got, want)
		}
	}
}

func TestBackupName(t *testing.T) {
	for p, want := range map[string]bool{
		"~/.zshrc.bak": true, "~/.bashrc.orig": true, "/home/a/.ssh/config~": true, "~/.vimrc.old": true, "x.backup": true,
		"~/.zshrc": false, "~/.ssh/id_rsa": false, "~/.bakery": false, "notes.baked": false,
	} {
		if got := BackupName(p); got != want {
			t.Errorf("%s: %v, want %v", p, got, want)
		}
	}
}

// TestCleanPath: cleanPath is path.Clean, whether it takes the fast way or
// not.
func TestCleanPath(t *testing.T) {
	for _, p := range []string{"", "/", "//", ".", "..", "./", "a", "a/", "a/b", "/a/b", "/a//b", "/a/./b", "/a/../b", "a/..", "../a",
		"/workspace/project", "build/cache", "./build", "/a/b/.", "/a/b/..", "...", "a/.../b", ".a/b", "/.ssh", "~/x", "C:\\x"} {
		if got, want := cleanPath(p), path.Clean(p); got != want {
			t.Errorf("cleanPath(%q) = %q, want %q", p, got, want)
		}
	}
}

func FuzzCleanPath(f *testing.F) {
	for _, p := range []string{"/a/b", "a//b", "./x/../y", "/"} {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if got, want := cleanPath(p), path.Clean(p); got != want {
			t.Errorf("cleanPath(%q) = %q, want %q", p, got, want)
		}
	})
}
