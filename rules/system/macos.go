package system

import (
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// macOSRules are the rows for administering a Mac: Time Machine, the
// protections (System Integrity Protection, Gatekeeper, FileVault), the
// keychain, preferences, launchd services and local accounts. As in
// adminRules, each program's rows end with its everyday case.
func macOSRules() []rules.Rule {
	return []rules.Rule{
		row("system.tmutil.delete", "tmutil", rules.Any(rules.Sub("delete"), rules.Sub("deletelocalsnapshots"), rules.Sub("thinlocalsnapshots"),
			rules.Sub("removedestination")), model.TierUnrecoverable, "deletes Time Machine backups or local snapshots: those recovery points are gone"),
		row("system.tmutil.disable", "tmutil", rules.Any(rules.Sub("disable"), rules.Sub("disablelocal")), model.TierNeedsReview,
			"turns Time Machine backups off, "+protectionOff),
		row("system.tmutil.restore", "tmutil", rules.Sub("restore"), model.TierRecoverableWithEffort,
			"restores files from a backup over what is at the destination now: its current contents are replaced"),
		row("system.tmutil.destination", "tmutil", rules.Any(rules.Sub("setdestination"), rules.Sub("removedestination")), model.TierRecoverableWithEffort,
			"changes where Time Machine backs up: the next backups go elsewhere, or nowhere"),
		row("system.tmutil", "tmutil", nil, model.TierReversible, "lists, starts or reads Time Machine backups"),

		row("system.csrutil.disable", "csrutil", rules.Any(rules.Sub("disable"), rules.Sub("clear"), rules.Sub("authenticated-root", "disable")), model.TierNeedsReview,
			"turns System Integrity Protection off, "+protectionOff),
		row("system.csrutil", "csrutil", nil, model.TierReversible, "shows or turns on System Integrity Protection"),
		row("system.spctl.disable", "spctl", rules.Flag("master-disable", "global-disable", "disable", "add"), model.TierNeedsReview,
			"turns Gatekeeper off, or lets a program past it, "+protectionOff),
		row("system.spctl", "spctl", nil, model.TierReversible, "assesses programs or shows Gatekeeper's status"),
		row("system.fdesetup.disable", "fdesetup", rules.Any(rules.Sub("disable"), rules.Sub("remove"), rules.Sub("removerecovery")), model.TierNeedsReview,
			"turns FileVault disk encryption off or removes a way to unlock the disk, "+protectionOff),
		row("system.fdesetup", "fdesetup", nil, model.TierReversible, "shows or turns on FileVault"),

		row("system.security.delete-keychain", "security", rules.Sub("delete-keychain"), model.TierUnrecoverable,
			"deletes the keychain file with every password, key and certificate in it"),
		row("system.security.delete-item", "security", rules.Operand(0, "a delete-* command", func(a model.Arg, _ *model.Command) bool {
			return strings.HasPrefix(a.Value, "delete-")
		}), model.TierRecoverableFromBackup, "deletes keychain items (passwords, certificates, identities): they come back only from where they are kept elsewhere"),
		row("system.security.set", "security", rules.Operand(0, "a set-* command", func(a model.Arg, _ *model.Command) bool {
			return strings.HasPrefix(a.Value, "set-")
		}), model.TierRecoverableWithEffort, "changes a keychain's password or settings, or an item's access: the old ones are restored by hand"),
		row("system.security", "security", nil, model.TierReversible, "finds, lists or adds keychain items"),
		row("system.defaults.delete", "defaults", rules.Sub("delete"), model.TierRecoverableFromBackup,
			"deletes an application's preferences: no copy is kept but a Time Machine backup"),
		row("system.defaults.write", "defaults", rules.Any(rules.Sub("write"), rules.Sub("import"), rules.Sub("rename")), model.TierRecoverableWithEffort,
			"changes preferences: the old values are restored by hand"),
		row("system.defaults", "defaults", nil, model.TierReversible, "reads preferences"),
		row("system.launchctl.stop", "launchctl", rules.Any(rules.Sub("unload"), rules.Sub("bootout"), rules.Sub("remove"), rules.Sub("disable"),
			rules.Sub("stop"), rules.Sub("kill"), rules.Sub("reboot")), model.TierRecoverableWithEffort,
			"stops, unloads or disables launchd services (-w for good): an outage until they are loaded again"),
		row("system.launchctl.load", "launchctl", rules.Any(rules.Sub("load"), rules.Sub("bootstrap"), rules.Sub("enable")), model.TierRecoverableWithEffort,
			"loads or enables a launch agent or daemon from a plist the input does not show: the program it names runs now and at every login or boot"),
		row("system.launchctl.restart", "launchctl", rules.All(rules.Sub("kickstart"), rules.Flag("k")), model.TierRecoverableWithEffort,
			"kills the running service before starting it again: an outage, and its unsaved state is lost"),
		row("system.launchctl", "launchctl", nil, model.TierReversible, "lists or prints launchd services"),

		row("system.sysadminctl.delete-user", "sysadminctl", rules.All(rules.Flag("deleteUser"), rules.Not(rules.Flag("keepHome"))), model.TierUnrecoverable,
			"deletes the user account and its home folder"),
		row("system.sysadminctl.delete-user-keep-home", "sysadminctl", rules.Flag("deleteUser"), model.TierRecoverableWithEffort,
			"deletes the user account; -keepHome keeps its home folder"),
		row("system.sysadminctl", "sysadminctl", nil, model.TierRecoverableWithEffort, "changes accounts or system settings"),
		row("system.dscl.delete", "dscl", rules.Flag("delete"), model.TierRecoverableWithEffort,
			"deletes a directory record or attribute (a user, a group membership); the user's files stay, orphaned"),
		row("system.dscl.read", "dscl", rules.Flag("read", "list", "readall", "search", "readpl"), model.TierReversible, "reads directory records"),
		row("system.dscl", "dscl", nil, model.TierRecoverableWithEffort, "creates or changes directory records (users, groups, passwords)"),
		row("system.nvram.clear", "nvram", rules.Flag("c", "d"), model.TierRecoverableWithEffort,
			"clears firmware variables (boot disk, boot arguments): they are set again by hand"),
		row("system.nvram.set", "nvram", rules.Operand(0, "NAME=VALUE", func(a model.Arg, _ *model.Command) bool { return strings.Contains(a.Value, "=") }),
			model.TierRecoverableWithEffort, "sets a firmware variable (boot-args, auto-boot ...): a wrong one can keep the machine from booting as it did"),
		row("system.nvram", "nvram", nil, model.TierReversible, "reads firmware variables"),
		row("system.networksetup.off", "networksetup", rules.Operand(0, "an off or remove setting", func(a model.Arg, _ *model.Command) bool {
			return a.Value == "off" || a.Value == "Off"
		}), model.TierRecoverableWithEffort, "turns a network service or radio off: the machine is cut off (a remote session with it) until it is turned on"),
		row("system.networksetup.read", "networksetup", rules.Func("a -list or -get option", func(f rules.Facts) rules.Result {
			for _, a := range f.M.Command.Args {
				if strings.HasPrefix(a.Value, "-list") || strings.HasPrefix(a.Value, "-get") || a.Value == "-printcommands" || a.Value == "-help" {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "option", Value: a.Value, Present: true}}}
				}
			}
			return rules.Result{Truth: rules.False}
		}), model.TierReversible, "reads network settings"),
		row("system.networksetup", "networksetup", nil, model.TierRecoverableWithEffort, "changes network settings: the old values are restored by hand"),
	}
}
