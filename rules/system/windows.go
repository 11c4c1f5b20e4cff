package system

import (
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// windowsRules are the rows for administering Windows from cmd.exe or
// PowerShell: shadow copies and backups, the event log, the boot
// configuration, the firewall, the registry, services, accounts and
// robocopy's mirror. Windows programs take /switches, in any letter case.
func windowsRules() []rules.Rule {
	return []rules.Rule{
		// wsl's own options (a command line given to wsl is judged as that
		// command): unregistering deletes the distribution's virtual disk.
		row("system.wsl.unregister", "wsl", rules.Flag("unregister", "uninstall"), model.TierUnrecoverable,
			"unregisters a WSL distribution (--uninstall removes WSL itself): the distribution's virtual disk and every file in it are deleted"),
		row("system.wsl.import", "wsl", rules.Flag("import", "import-in-place"), model.TierRecoverableWithEffort,
			"imports a distribution from an archive or disk image under a name and location the input gives: one already there is not replaced, but the import's files are new"),
		row("system.wsl.read", "wsl", rules.Flag("list", "l", "status", "version", "v", "help"), model.TierReversible,
			"lists distributions or shows WSL's status or version"),
		row("system.wsl", "wsl", nil, model.TierRecoverableWithEffort,
			"installs, updates, exports, mounts or stops WSL distributions, or changes their defaults: running Linux programs stop, and an export overwrites its file"),
		row("system.vssadmin.delete", "vssadmin", rules.Any(rules.Sub("delete"), rules.Sub("resize")), model.TierUnrecoverable,
			"deletes Volume Shadow Copies (resizing their storage deletes the oldest): those restore points are gone"),
		row("system.vssadmin", "vssadmin", nil, model.TierReversible, "lists shadow copies and their storage"),
		row("system.wbadmin.delete", "wbadmin", rules.Sub("delete"), model.TierUnrecoverable, "deletes backups or the backup catalog: those recovery points are gone"),
		row("system.wbadmin", "wbadmin", nil, model.TierRecoverableWithEffort, "starts or reads Windows Server backups"),
		row("system.wmic.shadowcopy-delete", "wmic", rules.Sub("shadowcopy", "delete"), model.TierUnrecoverable, "deletes Volume Shadow Copies: those restore points are gone"),
		row("system.wevtutil.clear", "wevtutil", rules.Any(rules.Sub("cl"), rules.Sub("clear-log")), model.TierUnrecoverable,
			"clears an event log: the events it held are gone, and with them the record of what happened"),
		row("system.wevtutil.disable", "wevtutil", rules.All(rules.Any(rules.Sub("sl"), rules.Sub("set-log")), rules.Operand(1, "/e:false", func(a model.Arg, _ *model.Command) bool {
			return strings.EqualFold(a.Value, "/e:false") || strings.EqualFold(a.Value, "/enabled:false")
		})), model.TierNeedsReview,
			"turns an event log off: what happens next is not recorded, "+protectionOff),
		row("system.wevtutil.change", "wevtutil", rules.Any(rules.Sub("sl"), rules.Sub("set-log"), rules.Sub("um"), rules.Sub("uninstall-manifest")),
			model.TierRecoverableWithEffort, "changes an event log's size, retention or publishers: older events may be overwritten sooner, or no longer logged"),
		row("system.wevtutil", "wevtutil", nil, model.TierReversible, "reads or queries event logs"),
		row("system.bcdedit.recovery-off", "bcdedit", winArg("recoveryenabled no", "bootstatuspolicy ignoreallfailures", "nointegritychecks on", "testsigning on"),
			model.TierNeedsReview, "turns off Windows recovery or boot integrity checks, "+protectionOff),
		row("system.bcdedit", "bcdedit", nil, model.TierRecoverableWithEffort, "changes the boot configuration: a wrong entry can leave the machine unbootable"),
		row("system.netsh.firewall-off", "netsh", winArg("state off", "opmode disable"), model.TierNeedsReview, "turns the Windows firewall off, "+protectionOff),
		row("system.netsh", "netsh", nil, model.TierRecoverableWithEffort, "changes network or firewall settings: the old values are restored by hand"),
		row("system.reg.delete", "reg", rules.Sub("delete"), model.TierRecoverableFromBackup, "deletes registry keys or values: they come back only from an export or a backup"),
		row("system.reg.write", "reg", rules.Any(rules.Sub("add"), rules.Sub("import"), rules.Sub("restore"), rules.Sub("copy")), model.TierRecoverableWithEffort,
			"writes registry keys or values, replacing what they held"),
		row("system.reg", "reg", nil, model.TierReversible, "queries or exports the registry"),
		row("system.net.user-delete", "net", rules.All(rules.Any(rules.Sub("user"), rules.Sub("localgroup"), rules.Sub("group"), rules.Sub("share")), winSwitch("delete")),
			model.TierRecoverableWithEffort, "deletes a local account, group or share; the account's files stay, orphaned"),
		row("system.net.stop", "net", rules.Sub("stop"), model.TierRecoverableWithEffort, "stops a service: an outage until it is started again"),
		row("system.net.account-change", "net", rules.Any(rules.All(rules.Sub("user"), netSetsUser()), rules.All(rules.Any(rules.Sub("localgroup"), rules.Sub("group")), winSwitch("add"))),
			model.TierRecoverableWithEffort, "changes an account's password or settings, or a group's members (administrators ...): who can sign in, and with what rights, changes"),
		row("system.net", "net", nil, model.TierReversible, "reads or starts accounts, shares and services"),
		row("system.sc.stop", "sc", rules.Any(rules.Sub("stop"), rules.Sub("delete"), rules.Sub("config"), rules.Sub("failure")), model.TierRecoverableWithEffort,
			"stops, deletes or reconfigures a service: it runs again only when started or recreated"),
		row("system.sc", "sc", nil, model.TierReversible, "queries or starts services"),
		row("system.taskkill", "taskkill", nil, model.TierRecoverableWithEffort, "kills processes (with a pattern, every matching one): their unsaved state is lost"),
		row("system.schtasks.delete", "schtasks", winSwitch("delete"), model.TierRecoverableWithEffort, "deletes scheduled tasks; they are recreated only by hand"),
		row("system.robocopy.mirror", "robocopy", winSwitch("mir", "purge"), model.TierUnrecoverable,
			"robocopy /MIR or /PURGE deletes files in the destination that the source lacks: an empty or wrong source empties the destination"),
		row("system.robocopy.move", "robocopy", winSwitch("mov", "move"), model.TierRecoverableWithEffort, "moves files: the sources are deleted once copied"),
		row("system.robocopy", "robocopy", nil, model.TierRecoverableWithEffort, "copies files, overwriting changed files of the same names"),
		row("system.icacls", "icacls", nil, model.TierRecoverableWithEffort, "changes access control lists (with /T, on a whole tree): the old ones are restored only from a /save file"),
		row("system.takeown", "takeown", nil, model.TierRecoverableWithEffort, "takes ownership of files (with /R, a whole tree): the old owners are not recorded"),
		row("system.format", "format", nil, model.TierUnrecoverable, "formats a volume: everything on it is erased"),
		row("system.diskpart", "diskpart", nil, model.TierNeedsReview, "runs disk partitioning commands (clean, delete, format) from a script or its prompt, which the input does not show"),
	}
}

// netSetsUser holds when net user names a password (net user NAME
// PASSWORD, or * to be asked) or a switch other than /domain: a change of
// the account rather than a look at it.
func netSetsUser() rules.Cond {
	return rules.Func("a password or a setting of the account", func(f rules.Facts) rules.Result {
		var words []model.Arg
		for _, a := range f.Operands() {
			if v, ok := strings.CutPrefix(a.Value, "/"); ok && !a.Dynamic {
				if !strings.EqualFold(v, "domain") {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "switch", Value: a.Value, Present: true}}}
				}
				continue
			}
			words = append(words, a)
		}
		if len(words) >= 3 { // user NAME PASSWORD
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "password", Value: "(given)", Present: true}}}
		}
		return rules.Result{Truth: rules.False}
	})
}

// winSwitch holds when the command has one of the /switches (/MIR, /delete,
// /s:VALUE), in any letter case.
func winSwitch(names ...string) rules.Cond {
	return rules.Func("/"+strings.Join(names, "|/"), func(f rules.Facts) rules.Result {
		for _, a := range f.M.Command.Args {
			v, ok := strings.CutPrefix(a.Value, "/")
			if !ok {
				continue
			}
			v, _, _ = strings.Cut(v, ":")
			for _, n := range names {
				if strings.EqualFold(v, n) {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "switch", Value: a.Value, Present: true}}}
				}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// winArg holds when two consecutive arguments are one of the settings
// ("recoveryenabled no"), in any letter case.
func winArg(settings ...string) rules.Cond {
	return rules.Func(strings.Join(settings, "|"), func(f rules.Facts) rules.Result {
		args := f.M.Command.Args
		for i := 0; i+1 < len(args); i++ {
			pair := args[i].Value + " " + args[i+1].Value
			for _, s := range settings {
				if strings.EqualFold(pair, s) {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "setting", Value: pair, Present: true}}}
				}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}
