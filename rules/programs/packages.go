package programs

import (
	"path"
	"slices"
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// uninstall names a package manager's ways of removing installed packages:
// subcommands (apt-get remove, brew uninstall) or flags (dpkg -r, pacman
// -R), and the ways that also delete the packages' configuration
// (apt-get purge, apt-get remove --purge, dpkg -P, pacman -Rn).
type uninstall struct {
	program     string
	subcommands []string
	flags       []string
	purgeSubs   []string
	purgeFlags  []string // purge when given with a removing subcommand or flag
	system      bool     // manages the operating system: removing an essential package needs review
}

// uninstalls are the package managers and how each removes packages
// (bun's and deno's rows are with the runtimes'). A manager here is also
// in readOnly, whose row judges its other subcommands (install, list).
var uninstalls = []uninstall{
	{program: "pip", subcommands: []string{"uninstall"}}, {program: "pip3", subcommands: []string{"uninstall"}},
	{program: "pipx", subcommands: []string{"uninstall", "uninstall-all"}},
	{program: "npm", subcommands: []string{"uninstall", "remove", "rm", "r", "un", "unlink"}},
	{program: "pnpm", subcommands: []string{"remove", "rm", "uninstall", "un"}},
	{program: "yarn", subcommands: []string{"remove", "global remove"}}, {program: "gem", subcommands: []string{"uninstall"}},
	{program: "cargo", subcommands: []string{"uninstall"}}, {program: "brew", subcommands: []string{"uninstall", "remove", "rm", "untap", "autoremove"}},
	{program: "poetry", subcommands: []string{"remove"}}, {program: "uv", subcommands: []string{"remove", "pip uninstall", "tool uninstall"}},
	{program: "composer", subcommands: []string{"remove"}}, {program: "pyenv", subcommands: []string{"uninstall"}},
	{program: "nvm", subcommands: []string{"uninstall"}}, {program: "asdf", subcommands: []string{"uninstall", "plugin remove"}},
	{program: "mise", subcommands: []string{"uninstall", "plugins uninstall"}}, {program: "code", flags: []string{"uninstall-extension"}},
	{program: "pre-commit", subcommands: []string{"uninstall"}},
	{program: "rustup", subcommands: []string{"uninstall", "toolchain uninstall", "toolchain remove", "component remove", "self uninstall"}},
	{program: "conda", subcommands: []string{"remove", "uninstall", "env remove"}}, {program: "mamba", subcommands: []string{"remove", "uninstall", "env remove"}},
	{program: "micromamba", subcommands: []string{"remove", "uninstall", "env remove"}},
	{program: "port", subcommands: []string{"uninstall"}}, {program: "nix-env", flags: []string{"e", "uninstall"}},
	{program: "choco", subcommands: []string{"uninstall"}}, {program: "winget", subcommands: []string{"uninstall", "remove", "rm"}},
	{program: "scoop", subcommands: []string{"uninstall"}}, {program: "mas", subcommands: []string{"uninstall"}},
	{program: "flatpak", subcommands: []string{"uninstall", "remove"}, purgeFlags: []string{"delete-data"}},

	// The operating system's package managers.
	{program: "apt-get", subcommands: []string{"remove", "purge", "autoremove", "autopurge"}, purgeSubs: []string{"purge", "autopurge"}, purgeFlags: []string{"purge"}, system: true},
	{program: "apt", subcommands: []string{"remove", "purge", "autoremove", "autopurge"}, purgeSubs: []string{"purge", "autopurge"}, purgeFlags: []string{"purge"}, system: true},
	{program: "aptitude", subcommands: []string{"remove", "purge"}, purgeSubs: []string{"purge"}, system: true},
	{program: "dpkg", flags: []string{"r", "remove", "P", "purge"}, purgeFlags: []string{"P", "purge"}, system: true},
	{program: "rpm", flags: []string{"e", "erase"}, system: true},
	{program: "yum", subcommands: []string{"remove", "erase", "autoremove"}, system: true},
	{program: "dnf", subcommands: []string{"remove", "erase", "autoremove"}, system: true},
	{program: "microdnf", subcommands: []string{"remove"}, system: true},
	{program: "zypper", subcommands: []string{"remove", "rm"}, system: true},
	{program: "pacman", flags: []string{"R", "remove"}, purgeFlags: []string{"n", "nosave"}, system: true},
	{program: "apk", subcommands: []string{"del"}, purgeFlags: []string{"purge"}, system: true},
	{program: "snap", subcommands: []string{"remove"}, purgeFlags: []string{"purge"}, system: true},
}

// essentialPackages are the packages without which a machine does not
// boot, cannot be logged into, or cannot install packages again; a prefix
// ends in "-" (linux-image-6.8.0-45-generic).
var essentialPackages = []string{
	"openssh-server", "openssh", "ssh", "sudo", "systemd", "systemd-sysv", "init", "libc6", "libc-bin", "glibc", "musl",
	"coreutils", "bash", "dash", "util-linux", "login", "passwd", "shadow", "base-files", "base", "mount", "e2fsprogs",
	"apt", "dpkg", "rpm", "yum", "dnf", "pacman", "apk-tools", "zypper", "snapd", "python3",
	"linux", "linux-lts", "linux-generic", "linux-image-", "kernel", "kernel-core", "grub", "grub-", "grub2", "grub2-",
	"network-manager", "networkmanager", "netplan.io", "ifupdown", "iproute2",
}

// essential reports whether a package name (with any version or
// architecture suffix: sudo=1.9, libc6:amd64) is one of
// essentialPackages, or a pattern that matches one ('*', 'kernel*',
// 'linux-image-*': apt, dnf, yum and zypper expand them).
func essential(name string) bool {
	name = strings.ToLower(name)
	if i := strings.IndexAny(name, "=:<>"); i > 0 {
		name = name[:i]
	}
	if strings.ContainsAny(name, "*?[") {
		return slices.ContainsFunc(essentialPackages, func(p string) bool {
			if strings.HasSuffix(p, "-") {
				p += "0"
			}
			matched, err := path.Match(name, p)
			return matched || err != nil // a malformed pattern: what it matches is unknown
		})
	}
	return slices.ContainsFunc(essentialPackages, func(p string) bool {
		return name == p || strings.HasSuffix(p, "-") && strings.HasPrefix(name, p)
	})
}

// dataServerPackages are the packages of servers that keep data in a
// directory of their own, which purging them can delete.
var dataServerPackages = []string{"postgresql", "mysql-server", "mariadb-server", "percona-server-server", "mongodb", "mongodb-org",
	"mongodb-server", "redis-server", "redis", "valkey", "valkey-server", "elasticsearch", "opensearch", "cassandra", "influxdb",
	"influxdb2", "clickhouse-server", "couchdb", "neo4j", "rabbitmq-server", "etcd", "etcd-server", "timescaledb", "minio"}

// dataServer reports whether a package name (with any version or
// architecture suffix), or a pattern that matches one, is one of
// dataServerPackages or a version of one (postgresql-16, postgresql16,
// mysql-server-8.0), not a client or tools package of it.
func dataServer(name string) bool {
	name = strings.ToLower(name)
	if i := strings.IndexAny(name, "=:<>"); i > 0 {
		name = name[:i]
	}
	return slices.ContainsFunc(dataServerPackages, func(p string) bool {
		if strings.ContainsAny(name, "*?[") {
			whole, _ := path.Match(name, p)
			version, err := path.Match(name, p+"-0")
			return whole || version || err != nil
		}
		rest, ok := strings.CutPrefix(name, p)
		rest = strings.TrimPrefix(rest, "-")
		return ok && (rest == "" || rest[0] >= '0' && rest[0] <= '9') // postgresql-16, postgresql16; not postgresql-client
	})
}

// packageRows are the package managers' rows: removing an essential
// system package, purging, removing.
func packageRows() []rules.Rule {
	var out []rules.Rule
	for _, u := range uninstalls {
		removing := u.removing()
		if u.system {
			out = append(out, row("program."+u.program+".remove-essential", u.program,
				rules.All(removing, rules.Operand(0, "an essential package", func(a model.Arg, _ *model.Command) bool { return essential(a.Value) })),
				model.TierNeedsReview, "removes a package the system needs to boot, be logged into or install packages (the kernel, the C library, systemd, sudo, "+
					"the SSH server, the package manager): the machine can be left unbootable or unreachable, and whether that is intended is not in the input"))
		}
		if purge := u.purging(removing); purge != nil {
			out = append(out, row("program."+u.program+".purge-data-server", u.program,
				rules.All(purge, rules.Operand(0, "a database or message server's package", func(a model.Arg, _ *model.Command) bool { return dataServer(a.Value) })),
				model.TierNeedsReview, "purges a database or message server's package: its removal scripts can delete the data directory with it "+
					"(Debian's postgresql and mariadb packages ask, and a non-interactive purge takes the default answer), and whether data is there is not in the input"))
			out = append(out, row("program."+u.program+".purge", u.program, purge, model.TierRecoverableFromBackup,
				"removes packages and deletes their configuration files and data with them: those settings come back only from a backup"))
		}
		out = append(out, u.row(removing))
	}
	return out
}

// removing is the condition that a command removes packages.
func (u uninstall) removing() rules.Cond {
	var ways []rules.Cond
	for _, sub := range u.subcommands {
		ways = append(ways, rules.Sub(strings.Fields(sub)...))
	}
	if len(u.flags) > 0 {
		ways = append(ways, rules.Flag(u.flags...))
	}
	return rules.Any(ways...)
}

// purging is the condition that a command removes packages with their
// configuration, or nil when the manager has no such way.
func (u uninstall) purging(removing rules.Cond) rules.Cond {
	var ways []rules.Cond
	for _, sub := range u.purgeSubs {
		ways = append(ways, rules.Sub(sub))
	}
	if len(u.purgeFlags) > 0 {
		ways = append(ways, rules.All(removing, rules.Flag(u.purgeFlags...)))
	}
	if len(ways) == 0 {
		return nil
	}
	return rules.Any(ways...)
}

// uninstallRow is the row of a runtime's subcommands that remove installed
// packages (bun remove, deno uninstall).
func uninstallRow(program string, subcommands ...string) rules.Rule {
	u := uninstall{program: program, subcommands: subcommands}
	return u.row(u.removing())
}

// row is the manager's row for removing packages, when removing holds.
func (u uninstall) row(removing rules.Cond) rules.Rule {
	return row("program."+u.program+".uninstall", u.program, removing, model.TierRecoverableWithEffort,
		"removes installed packages: installing them again restores them, though not always their local configuration, and what needs them fails until then")
}
