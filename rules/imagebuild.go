package rules

import (
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// ImageBuildRuleID decides a change to the file system of an image being
// built.
const ImageBuildRuleID = "image-build.filesystem"

// imageFileRules are the rules (an id, or an id's prefix before a "." or
// "-") that judge what a command does to local files: deleting, copying,
// moving, linking, writing, extracting over, editing in place, changing
// modes and owners, and git's discarding of a working tree's changes. In
// an image build (a Dockerfile RUN: Command.ImageBuild) those files are
// the image's: the base image and every earlier layer keep their state,
// and building again recreates what the step changed, so such a verdict
// is recoverable with effort there, whatever it would be on a machine.
//
// Not in the table, and judged as anywhere: what leaves the image
// (pushes, uploads, network calls, rsync and scp to other hosts, secrets
// sent), devices (dd, mkfs, wipefs; an operand under /dev, /proc or /sys),
// running unseen code, and every rule about a remote service. Nor is what
// the built image ships that a rebuild repeats rather than undoes: a
// package source added or changed (/etc/apt/sources.list.d, /etc/apk/
// repositories, /etc/yum.repos.d: every later install trusts it) and
// system files made writable by everyone (chmod -R 777 /usr/bin).
var imageFileRules = []string{
	"fs.rm", "fs.rimraf", "fs.rmdir", "fs.unlink", "fs.del", "fs.rd", "fs.erase",
	"fs.cp", "fs.copy", "fs.mv", "fs.move", "fs.ln", "fs.install",
	"fs.redirect", "fs.append", "fs.tee", "fs.truncate", "fs.sponge",
	"fs.chmod", "fs.chown", "fs.chgrp", "fs.setfacl",
	"fs.find.delete", "fs.shred", "fs.srm",
	"program.tar.extract", "program.tar.remove-files", "program.unzip", "program.gunzip",
	"program.7z.delete-after", "program.7za.delete-after", "program.7zr.delete-after", "program.7zz.delete-after",
	"program.go.output", "program.sed.in-place", "program.perl.in-place", "program.patch.in-place",
	"program.curl.write", "program.wget.write",
	"git.checkout", "git.checkout-index", "git.clean", "git.reset", "git.restore", "git.switch", "git.stash", "git.branch",
}

// imageFileRule reports whether the rule id judges local files
// (imageFileRules).
func imageFileRule(id string) bool {
	for _, p := range imageFileRules {
		if id == p || strings.HasPrefix(id, p) && (id[len(p)] == '.' || id[len(p)] == '-') {
			return !strings.HasSuffix(id, "sends-secret")
		}
	}
	return false
}

// deviceOperand reports whether the command names a device or kernel
// file (/dev, /proc, /sys, other than /dev/null and the standard streams):
// those are the build container's window on the machine that runs it,
// not files of the image.
func deviceOperand(c *model.Command) bool {
	device := func(p string) bool {
		switch p {
		case "/dev/null", "/dev/stdout", "/dev/stderr", "/dev/stdin", "/dev/zero", "/dev/urandom", "/dev/random":
			return false
		}
		for _, d := range [...]string{"/dev", "/proc", "/sys"} {
			if p == d || strings.HasPrefix(p, d+"/") {
				return true
			}
		}
		return false
	}
	return anyOperand(c, device)
}

// anyOperand reports whether some argument of c (or the value of an
// option=value), or a file it redirects to, satisfies is.
func anyOperand(c *model.Command, is func(string) bool) bool {
	for _, a := range c.Args {
		if _, v, ok := strings.Cut(a.Value, "="); ok && is(v) || is(a.Value) {
			return true
		}
	}
	for _, r := range c.Redirects {
		if is(r.Target.Value) {
			return true
		}
	}
	return false
}

// packageSources are the files and directories that list where a package
// manager installs from.
var packageSources = [...]string{"/etc/apt/sources.list", "/etc/apt/sources.list.d", "/etc/apk/repositories",
	"/etc/yum.repos.d", "/etc/zypp/repos.d", "/etc/pacman.conf", "/etc/pacman.d", "/etc/dnf/dnf.conf", "/etc/yum.conf"}

// packageSource reports whether the command writes a package source list
// (packageSources).
func packageSource(c *model.Command) bool {
	return anyOperand(c, func(p string) bool {
		for _, s := range packageSources {
			if p == s || strings.HasPrefix(p, s+"/") {
				return true
			}
		}
		return false
	})
}

// worldWritableSystem reports whether c is a chmod that lets everyone
// write (a mode whose last digit is 2, 3, 6 or 7, or o+w, a+w, +w) a
// system directory's files (/usr, /bin, /sbin, /lib, /etc).
func worldWritableSystem(c *model.Command) bool {
	if c.Program != "chmod" {
		return false
	}
	writable := false
	for _, a := range c.Args {
		v := a.Value
		switch {
		case strings.HasPrefix(v, "-"):
		case len(v) >= 3 && strings.Trim(v, "01234567") == "":
			writable = writable || strings.ContainsAny(v[len(v)-1:], "2367")
		case strings.Contains(v, "+") && strings.Contains(v, "w"):
			who, _, _ := strings.Cut(v, "+")
			writable = writable || who == "" || strings.ContainsAny(who, "oa")
		}
	}
	return writable && anyOperand(c, func(p string) bool {
		for _, d := range [...]string{"/usr", "/bin", "/sbin", "/lib", "/lib64", "/etc"} {
			if p == d || strings.HasPrefix(p, d+"/") {
				return true
			}
		}
		return false
	})
}

// inImageBuild lowers v, a verdict on m, to recoverable-with-effort when
// m's command runs in an image build and v is about the image's own files
// (imageFileRules): rebuilding the image undoes it. Any other verdict is
// returned as it is.
func inImageBuild(m *model.Mutation, v model.Recoverability) model.Recoverability {
	c := m.Command
	if c == nil || !c.ImageBuild || v.Tier.Severity() <= model.TierRecoverableWithEffort.Severity() ||
		!imageFileRule(v.RuleID) || deviceOperand(c) || packageSource(c) || worldWritableSystem(c) {
		return v
	}
	return model.Recoverability{
		Tier: model.TierRecoverableWithEffort,
		Reasoning: "runs in an image build (a Dockerfile RUN): the files it changes are the image's, whose base and earlier layers keep their state, " +
			"and building the image again recreates them; nothing outside the build is touched. On a machine it would be: " + v.Reasoning,
		Source:     model.FromRules,
		RuleID:     ImageBuildRuleID,
		Confidence: model.ConfidenceHigh,
		Evidence:   append(v.Evidence[:len(v.Evidence):len(v.Evidence)], model.Evidence{Key: "image_build", Value: true, Present: true, Description: "the command is a Dockerfile RUN's (--dialect dockerfile)"}),
	}
}
