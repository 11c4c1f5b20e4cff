package filesystem

import (
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// knownSystemFiles are the files under /etc that every Linux or macOS
// system has: writing one of them replaces what is there. Any other file
// under /etc may be one the command creates (a new
// /etc/apt/sources.list.d/docker.list, /etc/nginx/sites-available/app),
// and only overwriting an existing one can lose data (issue 32).
var knownSystemFiles = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"/etc/passwd": true, "/etc/shadow": true, "/etc/group": true, "/etc/gshadow": true, "/etc/sudoers": true,
		"/etc/hosts": true, "/etc/hostname": true, "/etc/fstab": true, "/etc/resolv.conf": true, "/etc/crontab": true,
		"/etc/profile": true, "/etc/bashrc": true, "/etc/bash.bashrc": true, "/etc/zshrc": true, "/etc/environment": true,
		"/etc/shells": true, "/etc/nsswitch.conf": true, "/etc/login.defs": true, "/etc/os-release": true,
		"/etc/machine-id": true, "/etc/localtime": true, "/etc/timezone": true, "/etc/sysctl.conf": true,
		"/etc/ssh/sshd_config": true, "/etc/ssh/ssh_config": true, "/etc/apt/sources.list": true, "/etc/default/grub": true,
		"/etc/security/limits.conf": true, "/etc/pam.conf": true, "/etc/inittab": true, "/etc/issue": true, "/etc/motd": true,
		"/etc/ld.so.conf": true, "/etc/locale.gen": true, "/etc/selinux/config": true, "/etc/mtab": true,
		"/etc/master.passwd": true, "/etc/paths": true,
	}
})

// newFileDirs are the system directories where a write may create a new
// file rather than replace one: configuration (/etc) and the system's
// backup folder (/var/backups).
var newFileDirs = []string{"/etc", "/usr/local/etc", "/var/backups"}

// maybeNewSystemFile returns the path of the system file operand a
// writes when the line cannot show whether it exists: a plain path under
// one of newFileDirs (not the directory itself) that is not one of
// knownSystemFiles.
func maybeNewSystemFile(a model.Arg, c *model.Command) (string, bool) {
	if a.Dynamic || strings.ContainsAny(a.Value, "*?[") {
		return "", false
	}
	p := path.Clean(rules.Resolve(a, c))
	if knownSystemFiles()[p] || slices.Contains(newFileDirs, p) || !rules.UnderAny(p, newFileDirs) {
		return "", false
	}
	return p, true
}

// writesSystemFile holds when an operand after skip is a path of one of
// classes (the root, a system path, a device, a home directory) that the
// command writes over. A file under /etc or /var/backups whose existence
// the line does not show leaves the outcome Unknown with the fact
// rules.FactExists missing: a new file there loses nothing, an existing
// one is replaced, and which it is, only the machine knows — or
// observation, which answers the fact where it ran (rules.ObservedFact).
func writesSystemFile(skip int, classes ...rules.PathClass) rules.Cond {
	return rules.Func("writes over a root, system, device or home path (a system file not known to exist: unknown)", func(f rules.Facts) rules.Result {
		ops := f.Operands()
		if len(ops) <= skip {
			return rules.Result{Truth: rules.False}
		}
		var missing []string
		for _, a := range ops[skip:] {
			class := rules.ClassifyPath(a, f.M.Command)
			if !slices.Contains(classes, class) {
				continue
			}
			if p, ok := maybeNewSystemFile(a, f.M.Command); ok {
				exists, known := rules.ObservedFact(f, rules.FactExists, p)
				switch {
				case !known:
					missing = append(missing, rules.MissingFact(rules.FactExists, p))
					continue
				case !exists:
					continue // observed absent: a new file replaces nothing
				}
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "operand", Value: a.Value, Present: true, Description: string(class)},
					rules.ObservedEvidence(rules.MissingFact(rules.FactExists, p), true, "lstat where the action runs")}}
			}
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "operand", Value: a.Value, Present: true, Description: string(class)}}}
		}
		if len(missing) > 0 {
			return rules.Result{Truth: rules.Unknown, Missing: missing}
		}
		return rules.Result{Truth: rules.False}
	})
}

// sysWrite is writesSystemFile behind the path classes it needs, which
// the engine checks first from its memo: most writes are to none of them.
func sysWrite(skip int, classes ...rules.PathClass) rules.Cond {
	return rules.All(rules.PathIs(skip, classes...), writesSystemFile(skip, classes...))
}
