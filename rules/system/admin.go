package system

import (
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// adminRules are the rows for administering a Linux machine: passwords and
// accounts, SELinux and the audit system, kernel modules and parameters,
// network interfaces, mounts, logs and file attributes. Each program's
// rows end with its everyday case, so that `journalctl -u nginx` is not
// judged like a program no rule knows.
func adminRules() []rules.Rule {
	return []rules.Rule{
		row("system.passwd.delete", "passwd", rules.Flag("d", "delete"), model.TierNeedsReview,
			"removes the account's password, so that it may be logged into without one: whether that is intended is not in the input"),
		row("system.passwd.status", "passwd", rules.Flag("S", "status", "help"), model.TierReversible, "shows the password's status"),
		row("system.passwd", "passwd", nil, model.TierRecoverableWithEffort,
			"changes, locks or expires a password: whoever logged in with the old one is locked out until it is set again"),
		row("system.chpasswd", "chpasswd", nil, model.TierRecoverableWithEffort,
			"sets passwords from its input: the old ones are replaced, and whoever used them is locked out"),
		row("system.usermod", "usermod", nil, model.TierRecoverableWithEffort,
			"changes an account (locks it, replaces its groups without -a, moves its home, changes its shell): the old settings are restored by hand"),
		row("system.groupdel", "groupdel", nil, model.TierRecoverableWithEffort,
			"deletes the group; files owned by it keep its number, orphaned, until a group with that number is created again"),

		row("system.setenforce.off", "setenforce", operandIs("0", "permissive"), model.TierNeedsReview,
			"puts SELinux in permissive mode: its policy stops being enforced, a protection turned off, until setenforce 1"),
		row("system.setenforce", "setenforce", nil, model.TierReversible, "puts SELinux in enforcing mode"),
		row("system.auditctl.off", "auditctl", rules.Any(rules.Flag("D"), rules.FlagEquals("e", "0")), model.TierNeedsReview,
			"deletes every audit rule or disables auditing: what happens next is not recorded, a protection turned off"),
		row("system.auditctl.read", "auditctl", rules.Flag("l", "s", "v", "h"), model.TierReversible, "lists the audit rules or status"),
		row("system.auditctl", "auditctl", nil, model.TierRecoverableWithEffort, "adds or deletes audit rules"),

		row("system.journalctl.vacuum", "journalctl", rules.Flag("vacuum-time", "vacuum-size", "vacuum-files"), model.TierUnrecoverable,
			"deletes archived journal files beyond the limit: those logs are gone"),
		row("system.journalctl", "journalctl", nil, model.TierReversible, "reads, rotates or flushes the journal"),
		row("system.logrotate.debug", "logrotate", rules.Flag("d", "debug"), model.TierReversible, "--debug only shows what would be rotated"),
		row("system.logrotate", "logrotate", nil, model.TierRecoverableWithEffort,
			"rotates logs: archives beyond each file's rotate count are deleted, as they would be at the next scheduled run"),

		row("system.modprobe.remove", "modprobe", rules.Flag("r", "remove"), model.TierRecoverableWithEffort,
			"unloads kernel modules: the devices they drive stop until the modules are loaded again"),
		row("system.modprobe", "modprobe", nil, model.TierReversible, "loads a kernel module; modprobe -r unloads it"),
		row("system.rmmod", "rmmod", nil, model.TierRecoverableWithEffort,
			"unloads kernel modules: the devices they drive stop until the modules are loaded again"),
		row("system.sysctl.write", "sysctl", rules.Any(rules.Flag("w", "write", "p", "load", "system"), rules.Operand(0, "key=value", func(a model.Arg, _ *model.Command) bool {
			return strings.Contains(a.Value, "=")
		})), model.TierRecoverableWithEffort, "changes kernel parameters (networking, memory, security) at once; the old values are restored by hand or by a reboot"),
		row("system.sysctl", "sysctl", nil, model.TierReversible, "reads kernel parameters"),

		row("system.ifdown", "ifdown", nil, model.TierRecoverableWithEffort,
			"takes the interface down: the machine is cut off (a remote session with it) until it is brought up"),
		row("system.ifup", "ifup", nil, model.TierReversible, "brings an interface up"),
		row("system.nmcli.delete", "nmcli", nmcli("connection", "delete"), model.TierRecoverableFromBackup,
			"deletes the connection profile with its settings and stored secrets (Wi-Fi and VPN passwords)"),
		row("system.nmcli.down", "nmcli", rules.Any(nmcli("networking", "off"), nmcli("radio", "off"), nmcli("device", "disconnect", "down", "delete"),
			nmcli("connection", "down")), model.TierRecoverableWithEffort,
			"takes networking, a radio, a device or a connection down: the machine is cut off (a remote session with it) until it is brought up"),
		row("system.nmcli.modify", "nmcli", rules.Any(nmcli("connection", "modify", "edit", "reload"), nmcli("general", "hostname"), nmcli("device", "modify", "set")),
			model.TierRecoverableWithEffort, "changes network settings: the old values are restored by hand"),
		row("system.nmcli", "nmcli", nil, model.TierReversible, "shows or brings up network connections"),

		row("system.swapoff", "swapoff", nil, model.TierRecoverableWithEffort,
			"turns swap off: its pages are moved into memory, and programs are killed when memory runs out"),
		row("system.swapon", "swapon", nil, model.TierReversible, "turns swap on or lists it"),
		row("system.umount", "umount", nil, model.TierRecoverableWithEffort,
			"unmounts filesystems: programs using them lose them (a lazy -l unmount detaches them at once) until they are mounted again"),
		row("system.timedatectl.set", "timedatectl", rules.Any(rules.Sub("set-time"), rules.Sub("set-timezone"), rules.Sub("set-ntp"), rules.Sub("set-local-rtc")),
			model.TierRecoverableWithEffort, "changes the clock or time zone: certificates, schedules and logs read the new time until it is set back"),
		row("system.timedatectl", "timedatectl", nil, model.TierReversible, "shows the clock"),
		row("system.hostnamectl.set", "hostnamectl", rules.Any(rules.Sub("set-hostname"), rules.Sub("hostname", "*"), rules.Sub("set-icon-name"), rules.Sub("set-chassis"), rules.Sub("set-deployment")),
			model.TierRecoverableWithEffort, "renames the machine: what finds it by the old name fails until it is renamed back"),
		row("system.hostnamectl", "hostnamectl", nil, model.TierReversible, "shows the host name"),

		row("system.snapper.delete", "snapper", rules.Any(rules.Sub("delete"), rules.Sub("rm"), rules.Sub("remove"), rules.Sub("delete-config"), rules.Sub("cleanup")),
			model.TierUnrecoverable, "deletes filesystem snapshots: those recovery points are gone"),
		row("system.snapper.rollback", "snapper", rules.Any(rules.Sub("rollback"), rules.Sub("undochange")), model.TierRecoverableWithEffort,
			"rolls files back to a snapshot: changes made since are undone (a new snapshot keeps them)"),
		row("system.snapper", "snapper", nil, model.TierReversible, "lists, compares or creates snapshots"),
		row("system.timeshift.delete", "timeshift", rules.Flag("delete", "delete-all"), model.TierUnrecoverable,
			"deletes system snapshots: those recovery points are gone"),
		row("system.timeshift.restore", "timeshift", rules.Flag("restore"), model.TierRecoverableWithEffort,
			"restores the system from a snapshot, replacing system files changed since"),
		row("system.timeshift", "timeshift", nil, model.TierReversible, "lists or creates system snapshots"),
		row("system.chattr.unprotect-critical", "chattr", rules.All(rules.Flag("i", "a"), rules.CriticalPath(0)), model.TierNeedsReview,
			"removes the immutable or append-only attribute from a system file, which was set to stop it being changed: a protection turned off"),
		row("system.chattr.unprotect", "chattr", rules.Flag("i", "a"), model.TierRecoverableWithEffort,
			"removes the immutable or append-only attribute, which stopped the files being changed or deleted"),
		row("system.chattr", "chattr", nil, model.TierReversible, "sets file attributes"),
		row("system.sudo.edit", "sudo", rules.Flag("e", "edit"), model.TierRecoverableWithEffort, sudoeditReason),
		row("system.sudoedit", "sudoedit", nil, model.TierRecoverableWithEffort, sudoeditReason),
		row("system.sudo.own", "sudo", nil, model.TierReversible,
			"lists the user's sudo rights, shows the version, or renews or forgets the cached credentials; no command is run"),
		row("system.visudo.check", "visudo", rules.Flag("c", "check"), model.TierReversible, "checks the sudoers file's syntax"),
		row("system.visudo.editor", "visudo", editorSet(), model.TierNeedsReview,
			"visudo runs the editor the line names on the sudoers file (EDITOR='tee -a' appends what is piped in): who may then run what as root is not in the input"),
		row("system.visudo", "visudo", nil, model.TierRecoverableWithEffort,
			"edits who may run what as root; visudo refuses a file with syntax errors, not a rule that is wrong"),
	}
}

// editorSet holds when the line sets the editor a program starts
// (EDITOR, VISUAL, SUDO_EDITOR) for the command.
func editorSet() rules.Cond {
	return rules.Func("editor set on the line", func(f rules.Facts) rules.Result {
		for _, name := range []string{"SUDO_EDITOR", "VISUAL", "EDITOR"} {
			if v, ok := f.M.Command.Env[name]; ok {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: name, Value: v, Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// operandIs holds when the first operand is one of values, case aside
// (setenforce Permissive).
func operandIs(values ...string) rules.Cond {
	return rules.Operand(0, strings.Join(values, "|"), func(a model.Arg, _ *model.Command) bool {
		for _, v := range values {
			if strings.EqualFold(a.Value, v) {
				return true
			}
		}
		return false
	})
}

// nmcli holds for `nmcli OBJECT ... VERB`: nmcli takes any prefix of an
// object (c, con, connection) and of a verb (del, delete), so the object
// matches by prefix and a verb by a prefix of three letters or more.
func nmcli(object string, verbs ...string) rules.Cond {
	return rules.Func("nmcli "+object+" "+strings.Join(verbs, "|"), func(f rules.Facts) rules.Result {
		ops := f.Operands()
		if len(ops) < 2 || ops[0].Value == "" || !strings.HasPrefix(object, ops[0].Value) {
			return rules.Result{Truth: rules.False}
		}
		for _, a := range ops[1:] {
			for _, v := range verbs {
				if a.Value == v || len(a.Value) >= 3 && strings.HasPrefix(v, a.Value) {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "nmcli", Value: object + " " + v, Present: true}}}
				}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// sudoeditReason says why sudoedit warns where an editor alone allows:
// the files are root's.
const sudoeditReason = "edits files as root in an editor: what is changed is typed in the session, not shown in the input, and the old contents are kept only if the editor keeps a backup"
