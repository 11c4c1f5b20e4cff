// Package system holds the rules for commands that stop machines and
// services, kill processes, or remove users, schedules and firewall rules,
// for backup and sync tools that delete (rclone, restic, borg), for the
// GitHub CLI, and for administering a Linux machine (admin.go), a Mac
// (macos.go) or Windows (windows.go).
package system

import (
	"slices"
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// ipTakesAway holds when an ip command deletes or flushes one of its
// objects, or sets a link down. ip reads any prefix of a command, as its
// matches() does: ip a f dev eth0 is ip address flush, ip r d default is
// ip route delete.
func ipTakesAway() rules.Cond {
	return rules.Func("ip deletes, flushes or sets a link down", func(f rules.Facts) rules.Result {
		ops := f.Operands()
		if len(ops) < 2 {
			return rules.Result{Truth: rules.False}
		}
		verb := strings.ToLower(ops[1].Value)
		switch {
		case ops[1].Dynamic:
			return rules.Result{Truth: rules.Unknown, Missing: []string{"the ip command"}}
		case verb == "" || verb == "-":
			return rules.Result{Truth: rules.False}
		case strings.HasPrefix("delete", verb) || strings.HasPrefix("flush", verb) || verb == "del" || verb == "purge":
		case strings.HasPrefix("set", verb) && slices.ContainsFunc(ops[2:], func(a model.Arg) bool { return a.Value == "down" }):
		default:
			return rules.Result{Truth: rules.False}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "command", Value: ops[0].Value + " " + ops[1].Value, Present: true}}}
	})
}

// ipBatch holds when ip reads its commands from a file: -b, -batch or
// any prefix of it (ip's options are single-dash words, so -br is -brief).
func ipBatch() rules.Cond {
	return rules.Func("-batch FILE", func(f rules.Facts) rules.Result {
		for _, a := range f.M.Command.Args {
			if name := strings.TrimLeft(a.Value, "-"); !a.Dynamic && strings.HasPrefix(a.Value, "-") && name != "" && strings.HasPrefix("batch", name) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "flag", Value: a.Value, Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// serviceAction holds when service NAME ACTION's action is one of
// actions ("" for none: service NAME).
func serviceAction(actions ...string) rules.Cond {
	return rules.Func("service action "+strings.Join(actions, "|"), func(f rules.Facts) rules.Result {
		ops := f.Operands()
		action := ""
		if len(ops) > 1 {
			if ops[1].Dynamic {
				return rules.Result{Truth: rules.Unknown, Missing: []string{"the service action"}}
			}
			action = ops[1].Value
		}
		if len(ops) == 0 || !slices.Contains(actions, action) {
			return rules.Result{Truth: rules.False}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "action", Value: action, Present: true}}}
	})
}

// downWord holds when an operand is "down" (ip link set eth0 down,
// ifconfig eth0 down).
func downWord() rules.Cond {
	return rules.Operand(0, "down", func(a model.Arg, _ *model.Command) bool { return a.Value == "down" })
}

func row(id, typ string, when rules.Cond, tier model.Tier, reason string) rules.Rule {
	return rules.Rule{ID: id, Type: typ, On: rules.Execute, When: when, Tier: tier, Reason: reason}
}

var help = rules.Flag("help", "version")

// protectionOff ends the reason of a row that turns a protection off
// (SELinux, SIP, Gatekeeper, a firewall, Windows recovery).
const protectionOff = "a protection turned off: whether that is intended is not in the input"

// systemctlOutages are the subcommands that stop, restart or suspend
// services or the machine (clean and revert have rows of their own).
var systemctlOutages = []string{"stop", "disable", "mask", "kill", "isolate", "poweroff", "reboot", "halt", "restart", "reset-failed",
	"rescue", "emergency", "default", "kexec", "soft-reboot", "suspend", "hibernate", "hybrid-sleep", "suspend-then-hibernate",
	"exit", "switch-root", "try-restart", "reload-or-restart", "try-reload-or-restart", "force-reload", "condrestart", "preset",
	"preset-all", "set-default", "freeze", "daemon-reexec", "set-property", "link", "unset-environment", "clean"}

// systemctlReads are the subcommands that read, or start, enable and
// reload services.
var systemctlReads = []string{"status", "show", "cat", "help", "list-units", "list-unit-files", "list-sockets", "list-timers",
	"list-jobs", "list-dependencies", "list-machines", "list-automounts", "list-paths", "is-active", "is-enabled", "is-failed",
	"is-system-running", "get-default", "show-environment", "start", "enable", "reenable", "unmask", "reload", "daemon-reload",
	"thaw", "edit", "set-environment", "import-environment", "log-level", "log-target", "service-log-level", "service-log-target",
	"whoami", "bind", "mount-image"}

// subcommandIn holds when the command's subcommand is one of names.
func subcommandIn(names []string) rules.Cond {
	subs := make([]rules.Cond, len(names))
	for i, n := range names {
		subs[i] = rules.Sub(n)
	}
	return rules.Any(subs...)
}

// systemctlCleansState holds when systemctl clean removes more than caches
// and runtime files (its default): --what=state, logs, configuration,
// fdstore or all.
func systemctlCleansState() rules.Cond {
	return rules.Func("--what names state, logs or configuration", func(f rules.Facts) rules.Result {
		for _, v := range rules.FlagValues(f.M.Command, "what") {
			if v.Dynamic {
				return rules.Result{Truth: rules.Unknown, Missing: []string{"--what"}}
			}
			for w := range strings.SplitSeq(v.Value, ",") {
				switch strings.TrimSpace(w) {
				case "state", "logs", "configuration", "fdstore", "all":
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "--what", Value: v.Value, Present: true}}}
				}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// killsInit holds when kill targets process 1 (init) or -1 (every
// process). A leading -N or -SIG is the signal, so a later -1 is a pid.
func killsInit() rules.Cond {
	return rules.Func("kill targets 1 or -1", func(f rules.Facts) rules.Result {
		args := f.M.Command.Args
		for i := 0; i < len(args); i++ {
			v := args[i].Value
			switch {
			case i == 0 && (v == "-s" || v == "-n") && len(args) > 1:
				i++
			case i == 0 && len(v) > 1 && v[0] == '-' && v != "-1":
			case v == "1" || v == "-1":
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "pid", Value: v, Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// apiMethod holds when gh api's or glab api's --method (-X) is one of
// methods, in any letter case.
func apiMethod(methods ...string) rules.Cond {
	return rules.Func("api method "+strings.Join(methods, "|"), func(f rules.Facts) rules.Result {
		if v, ok := rules.FlagValue(f.M.Command, "X", "method"); ok {
			for _, m := range methods {
				if strings.EqualFold(v, m) {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "method", Value: m, Present: true}}}
				}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// The requests gh api and glab api send: a DELETE, or a write — POST, PUT
// or PATCH, also implied by fields unless -X GET sends them as a query.
var (
	apiDelete = rules.All(rules.Sub("api"), apiMethod("DELETE"))
	apiWrite  = rules.All(rules.Sub("api"), rules.Not(apiMethod("GET", "HEAD")),
		rules.Any(apiMethod("POST", "PUT", "PATCH"), rules.Flag("f", "F", "field", "raw-field", "input")))
)

// apiForcedRef holds for a gh api request on a git ref
// (repos/OWNER/REPO/git/refs/...) with the field force=true.
func apiForcedRef() rules.Cond {
	return apiPathField("a forced ref update", "/git/refs/", "force=true")
}

// apiPathField holds for a gh api request whose path contains part (any
// path, when part is "") and that sends one of the fields (KEY=VALUE,
// in any letter case; none: any request).
func apiPathField(desc, part string, fields ...string) rules.Cond {
	return rules.Func(desc, func(f rules.Facts) rules.Result {
		onPath, sent := part == "", ""
		for _, a := range f.M.Command.Args {
			onPath = onPath || strings.Contains(strings.ToLower(a.Value), part)
		}
		for _, field := range rules.FlagValues(f.M.Command, "f", "F", "field", "raw-field") {
			if slices.ContainsFunc(fields, func(want string) bool { return strings.EqualFold(field.Value, want) }) {
				sent = field.Value
			}
		}
		if !onPath || len(fields) > 0 && sent == "" {
			return rules.Result{Truth: rules.False}
		}
		ev := model.Evidence{Key: "path", Value: part, Present: true}
		if sent != "" {
			ev = model.Evidence{Key: "field", Value: sent, Present: true}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{ev}}
	})
}

// graphqlDeleteField holds when gh api graphql is given a query field
// (-f query='mutation { deleteRepository(...) }') whose mutation deletes.
func graphqlDeleteField() rules.Cond {
	return rules.Func("a GraphQL mutation that deletes", func(f rules.Facts) rules.Result {
		for _, a := range f.M.Command.Args {
			if _, doc, ok := strings.Cut(strings.ToLower(a.Value), "query="); ok {
				if w, ok := rules.GraphQLDeletion(doc); ok {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "mutation", Value: w, Present: true}}}
				}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// Rules returns the system rows.
func Rules() []rules.Rule {
	var out []rules.Rule
	for _, p := range []string{"shutdown", "reboot", "halt", "poweroff"} {
		out = append(out,
			row("system."+p+".help", p, help, model.TierReversible, "prints help"),
			row("system."+p+".cancel", p, rules.Flag("c"), model.TierReversible, "cancels a scheduled shutdown"),
			row("system."+p, p, nil, model.TierRecoverableWithEffort, "stops or restarts the machine: an outage, and unsaved work in running programs is lost"),
		)
	}
	for _, p := range []string{"init", "telinit"} {
		out = append(out,
			row("system."+p+".reload", p, rules.Operand(0, "q or u", func(a model.Arg, _ *model.Command) bool {
				return !a.Dynamic && len(a.Value) == 1 && strings.Contains("qQuU", a.Value)
			}), model.TierReversible, "makes init re-read its configuration (q) or re-execute itself (u); the runlevel stays"),
			row("system."+p, p, nil, model.TierRecoverableWithEffort,
				"changes the runlevel: 0 halts and 6 restarts the machine, 1 or S drops it to single-user mode, stopping its services"),
		)
	}
	out = append(out,
		row("system.kill.init", "kill", killsInit(),
			model.TierNeedsReview, "signals init (1) or every process it may (-1): the machine or the whole session goes down, with every program's unsaved work"),
		row("system.kill.list", "kill", rules.Flag("l", "L", "list"), model.TierReversible, "lists signal names"),
		row("system.kill", "kill", nil, model.TierRecoverableWithEffort, "kills processes: their unsaved state is lost"),
		row("system.pkill", "pkill", nil, model.TierRecoverableWithEffort, "kills every process matching the pattern"),
		row("system.killall", "killall", nil, model.TierRecoverableWithEffort, "kills every process with the name"),
		row("system.killall5", "killall5", nil, model.TierRecoverableWithEffort,
			"signals every process but the kernel's and its own session's (what shutdown scripts do): the machine's services and sessions go down"),
		row("system.systemctl.clean-state", "systemctl", rules.All(rules.Sub("clean"), systemctlCleansState()), model.TierUnrecoverable,
			"deletes the units' persistent state, logs or configuration directories (/var/lib/UNIT, /var/log/UNIT, /etc/UNIT), which no package brings back"),
		row("system.systemctl.revert", "systemctl", rules.Sub("revert"), model.TierUnrecoverable,
			"deletes the units' local unit files and drop-ins (overrides in /etc/systemd), reverting them to the vendor's versions: the local configuration is gone"),
		row("system.systemctl.stop", "systemctl", subcommandIn(systemctlOutages), model.TierRecoverableWithEffort,
			"stops, disables, restarts or suspends services or the machine (rescue and emergency mode stop nearly all of them, sshd included): an outage until they are started again"),
		row("system.systemctl", "systemctl", subcommandIn(systemctlReads), model.TierReversible, "reads or starts services"),
		row("system.systemctl.other", "systemctl", nil, model.TierRecoverableWithEffort,
			"a systemctl subcommand Recourse does not judge: it may change what runs on the machine"),
		row("system.service.stop", "service", serviceAction("stop", "restart", "force-stop", "force-reload", "try-restart", "condrestart", "zap", "pause"),
			model.TierRecoverableWithEffort, "stops or restarts the service: an outage until it is up again"),
		row("system.service", "service", rules.Any(rules.Flag("status-all", "help", "version"), serviceAction("status", "start", "reload", "")),
			model.TierReversible, "reads, starts or reloads a service"),
		row("system.service.other", "service", nil, model.TierRecoverableWithEffort,
			"runs the service's script with an action Recourse does not judge (initdb, upgrade, clean ...)"),
		row("system.crontab.remove", "crontab", rules.Flag("r"), model.TierUnrecoverable, "crontab -r deletes the whole crontab with no copy"),
		row("system.crontab.empty", "crontab", rules.Operand(0, "/dev/null", func(a model.Arg, _ *model.Command) bool { return !a.Dynamic && a.Value == "/dev/null" }),
			model.TierUnrecoverable, "installing /dev/null as the crontab deletes every entry, with no copy, as crontab -r does"),
		row("system.crontab.replace", "crontab", rules.All(rules.Not(rules.Flag("l", "e", "help", "V", "T")), rules.Operand(0, "a file or -", func(model.Arg, *model.Command) bool { return true })),
			model.TierRecoverableFromBackup, "replaces the whole crontab with the file (or stdin): the entries it had are gone unless a copy was kept"),
		row("system.crontab.list", "crontab", rules.Flag("l", "T", "V", "help"), model.TierReversible, "lists the crontab, or checks a file's syntax"),
		row("system.crontab", "crontab", nil, model.TierRecoverableWithEffort, "edits the crontab in an editor"),
		row("system.userdel.remove", "userdel", rules.Flag("r", "remove"), model.TierUnrecoverable, "deletes the user and their home directory and mail"),
		row("system.userdel", "userdel", nil, model.TierRecoverableWithEffort, "deletes the user account; its files stay, orphaned"),
		row("system.deluser.remove", "deluser", rules.Flag("remove-home", "remove-all-files"), model.TierUnrecoverable, "deletes the user and their files"),
		row("system.deluser", "deluser", nil, model.TierRecoverableWithEffort, "deletes the user account"),
		row("system.iptables.flush", "iptables", rules.Flag("F", "flush", "X", "delete-chain", "Z"), model.TierRecoverableWithEffort,
			"flushes firewall rules: the machine is open (or cut off) until they are restored"),
		row("system.iptables", "iptables", nil, model.TierRecoverableWithEffort, "changes firewall rules"),
		row("system.ip.down", "ip", ipTakesAway(), model.TierRecoverableWithEffort,
			"takes an interface, address, route, rule, namespace or tunnel away: the machine is cut off (a remote session with it) until it is restored"),
		row("system.ip.batch", "ip", ipBatch(), model.TierRecoverableWithEffort,
			"runs the commands of a batch file the input does not show"),
		row("system.ip", "ip", nil, model.TierReversible, "reads or adds network configuration"),
		row("system.ifconfig.down", "ifconfig", downWord(), model.TierRecoverableWithEffort,
			"takes the interface down: the machine is cut off (a remote session with it) until it is brought up"),
		row("system.ifconfig", "ifconfig", rules.NoOperands(1),
			model.TierReversible, "shows the interfaces"),
		row("system.ifconfig.set", "ifconfig", nil, model.TierRecoverableWithEffort,
			"changes an interface's address or settings: a wrong one cuts the machine off (a remote session with it)"),
		row("system.nft.flush", "nft", rules.Any(rules.Sub("flush"), rules.Sub("delete")), model.TierRecoverableWithEffort, "deletes firewall rules"),
		row("system.nft", "nft", nil, model.TierReversible, "lists or adds firewall rules"),
		row("system.ufw.disable", "ufw", rules.Any(rules.Sub("disable"), rules.Sub("reset"), rules.Sub("delete")), model.TierRecoverableWithEffort, "disables or resets the firewall"),
		row("system.ufw", "ufw", subcommandIn([]string{"status", "show", "version", "app", "allow", "logging", "help"}),
			model.TierReversible, "reads the firewall, or adds a rule that lets traffic in"),
		row("system.ufw.change", "ufw", nil, model.TierRecoverableWithEffort,
			"changes what the firewall lets in (deny, reject, limit, a default policy, enable): a deny can cut off the session that made it"),

		row("system.rclone.dry-run", "rclone", rules.Flag("n", "dry-run"), model.TierReversible, "--dry-run changes nothing"),
		row("system.rclone.delete", "rclone", rules.Any(rules.Sub("delete"), rules.Sub("deletefile"), rules.Sub("purge"), rules.Sub("rmdir"), rules.Sub("rmdirs"), rules.Sub("cleanup"),
			rules.Sub("sync"), rules.Sub("bisync"), rules.Sub("dedupe")), model.TierUnrecoverable,
			"deletes remote files (sync deletes what the source lacks; cleanup empties the trash and old versions)"),
		row("system.rclone.move", "rclone", rules.Any(rules.Sub("move"), rules.Sub("moveto")), model.TierNeedsReview,
			"moves files, deleting the sources once copied and overwriting same-named destinations; whether anything is overwritten is not in the input"),
		row("system.rclone", "rclone", nil, model.TierReversible, "lists or copies files"),
		row("system.restic.forget", "restic", rules.Any(rules.Sub("forget"), rules.Sub("prune")), model.TierUnrecoverable,
			"removes snapshots (and with prune, their data): recovery points are lost"),
		row("system.restic.restore-critical", "restic", rules.All(rules.Sub("restore"), rules.FlagPathIs("target", []string{"target", "t"}, rules.PathRoot, rules.PathSystem, rules.PathHome, rules.PathDevice)),
			model.TierUnrecoverable, "restores a snapshot over the root, a system or a home directory: the files there are replaced by the snapshot's"),
		row("system.restic.restore", "restic", rules.Sub("restore"), model.TierRecoverableWithEffort,
			"restores a snapshot into its target, replacing files of the same names there"),
		row("system.restic.forget-rewritten", "restic", rules.All(rules.Any(rules.Sub("rewrite"), rules.Sub("repair", "snapshots")), rules.Flag("forget")),
			model.TierUnrecoverable, "--forget removes the original snapshots once the rewritten ones are saved: what the rewrite left out is gone from the backup"),
		row("system.restic.unlock-all", "restic", rules.All(rules.Sub("unlock"), rules.Flag("remove-all")), model.TierRecoverableWithEffort,
			"removes every lock, also those of a backup or prune still running, which can then damage the repository"),
		row("system.restic.key-remove", "restic", rules.Sub("key", "remove"), model.TierRecoverableWithEffort,
			"removes a key of the repository: whoever held only that password can no longer open it"),
		row("system.restic", "restic", nil, model.TierReversible, "backs up, lists or checks snapshots"),
		row("system.borg.delete", "borg", rules.Any(rules.Sub("delete"), rules.Sub("prune"), rules.Sub("compact"), rules.Sub("rdelete"), rules.Sub("repo-delete"), rules.Sub("recreate")), model.TierUnrecoverable,
			"deletes archives or repository space: recovery points are lost"),
		row("system.borg.extract", "borg", rules.Sub("extract"), model.TierRecoverableWithEffort,
			"extracts an archive into the working directory, replacing files of the same names"),
		row("system.borg", "borg", nil, model.TierReversible, "creates, lists or checks archives"),
		row("system.gh.repo-delete", "gh", rules.Sub("repo", "delete"), model.TierUnrecoverable,
			"deletes the repository with its issues, pull requests and wiki (GitHub restores deleted repositories only within 90 days, through support)"),
		row("system.gh.api-delete", "gh", apiDelete, model.TierNeedsReview,
			"calls the GitHub API with DELETE: what it deletes is in the path, and whether it can be restored is not in the input"),
		row("system.gh.api-force-ref", "gh", rules.All(apiWrite, apiForcedRef()), model.TierUnrecoverable,
			"moves a branch or tag through the API with force=true, as git push --force does: the commits only the old ref had are gone from GitHub"),
		row("system.gh.api-graphql-delete", "gh", rules.All(rules.Sub("api", "graphql"), graphqlDeleteField()), model.TierNeedsReview,
			"runs a GraphQL mutation that deletes, removes or destroys something (deleteRepository, removeCollaborator ...): whether it can be restored is not in the input"),
		row("system.gh.api-public", "gh", rules.All(apiWrite, apiPathField("a repository made public", "", "visibility=public", "private=false")), model.TierNeedsReview,
			"makes the repository public through the API: anyone can read and clone its code and history, and what is copied meanwhile cannot be taken back"),
		row("system.gh.api-protection", "gh", rules.All(apiWrite, apiPathField("a branch protection change", "/protection")), model.TierNeedsReview,
			"replaces or changes a branch's protection through the API: whether the new settings drop required reviews, checks or the block on force pushes is in the request (fields or an --input file), which is not read"),
		row("system.gh.api-write", "gh", apiWrite,
			model.TierRecoverableWithEffort, "calls the GitHub API with a request that creates or changes something (gh api sends POST when it is given fields)"),
		row("system.gh.secret-set", "gh", rules.Any(rules.Sub("secret", "set"), rules.Sub("variable", "set")), model.TierRecoverableFromBackup,
			"sets the secret or variable, replacing the value of one that exists: GitHub never shows a secret again, so the old value is gone unless it is kept elsewhere"),
		row("system.gh.release-clobber", "gh", rules.All(rules.Sub("release", "upload"), rules.Flag("clobber")), model.TierRecoverableFromBackup,
			"replaces release assets of the same names: the old files are deleted from GitHub, kept only where they were built or downloaded"),
		row("system.gh.pr-merge-admin", "gh", rules.All(rules.Sub("pr", "merge"), rules.Flag("admin")), model.TierRecoverableWithEffort,
			"merges with administrator rights past the branch's protection (required reviews and checks): what they would have stopped is merged; a revert undoes it"),
		row("system.gh.delete-branch", "gh", rules.All(rules.Any(rules.Sub("pr", "close"), rules.Sub("pr", "merge")), rules.Flag("d", "delete-branch")), model.TierRecoverableWithEffort,
			"deletes the pull request's branch, local and remote; GitHub can restore it from the pull request"),
		row("system.gh.codespace-ssh", "gh", rules.Sub("codespace", "ssh"), model.TierRecoverableWithEffort,
			"opens a shell in the codespace (a command after -- is judged on its own): what is typed into it is not analysed"),
		row("system.gh.codespace-delete", "gh", rules.Sub("codespace", "delete"), model.TierUnrecoverable,
			"deletes codespaces with whatever was not pushed: uncommitted and unpushed work in them is gone"),
		row("system.gh.delete-config", "gh", rules.Any(rules.Sub("label", "delete"), rules.Sub("variable", "delete")), model.TierRecoverableWithEffort,
			"deletes a label or a variable: configuration a create recreates (a label comes off the issues that had it, which are not relabelled by themselves)"),
		row("system.gh.delete-data", "gh", rules.Any(rules.Sub("issue", "delete"), rules.Sub("release", "delete"), rules.Sub("gist", "delete"),
			rules.Sub("secret", "delete"), rules.Sub("run", "delete"), rules.Sub("project", "delete"),
			rules.Sub("release", "delete-asset")), model.TierUnrecoverable,
			"deletes an issue, release, gist, secret or run for good: GitHub keeps no copy to restore"),
		// gh's commands are GROUP VERB, and under repo GROUP SUBGROUP VERB
		// (cli/cli pkg/cmd: repo/deploy-key/delete, repo/autolink/delete):
		// the verb is a fixed word, so a word in a later place that is
		// only known at run time (gh pr view --repo "$REPO" "$PR") is an
		// operand, not a verb. gh api's second word is an endpoint; its
		// method decides (the api rows).
		row("system.gh.delete", "gh", rules.Any(rules.All(rules.Not(rules.Sub("api")), rules.Sub("*", "delete")),
			rules.Sub("repo", "deploy-key", "delete"), rules.Sub("repo", "autolink", "delete"), rules.Sub("workflow", "disable")), model.TierRecoverableWithEffort,
			"deletes or disables something GitHub can recreate (a cache the next run rebuilds, an SSH, GPG or deploy key to re-add, a workflow to re-enable)"),
		row("system.gh.archive", "gh", rules.Sub("repo", "archive"), model.TierRecoverableWithEffort, "archives the repository read-only; gh repo unarchive reverses it"),
		row("system.gh.repo-public", "gh", rules.All(rules.Sub("repo", "edit"), rules.FlagEquals("visibility", "public")), model.TierNeedsReview,
			"makes the repository public: everything in its history is exposed, and making it private again does not take back what was copied"),
		row("system.gh.gist-secret-file", "gh", rules.All(rules.Sub("gist", "create"), rules.Any(rules.SecretIs(2), rules.SecretStdin())), model.TierNeedsReview,
			rules.SendsSecretReason+" (a secret gist is still readable by anyone with its URL, and by GitHub)"),
		row("system.gh.gist-public", "gh", rules.All(rules.Sub("gist", "create"), rules.Flag("p", "public")), model.TierNeedsReview,
			"publishes the files as a public gist: anyone can find, read and copy them, and deleting the gist later does not take back what was read"),
		row("system.gh.gist-create", "gh", rules.Sub("gist", "create"), model.TierRecoverableWithEffort,
			"uploads the files to a secret gist: it is unlisted, but anyone with its URL can read it until it is deleted"),
		row("system.gh.repo-visibility", "gh", rules.All(rules.Sub("repo", "edit"), rules.Flag("visibility")), model.TierRecoverableWithEffort,
			"changes the repository's visibility: making a public repository private detaches its forks and drops its stars for good"),
		row("system.gh.repo-sync-force", "gh", rules.All(rules.Sub("repo", "sync"), rules.Flag("force")), model.TierUnrecoverable,
			"gh repo sync --force hard-resets the destination branch to its source: the commits only the destination had are gone (from a fork on GitHub, for good)"),
		row("system.gh.workflow-run", "gh", rules.Any(rules.Sub("workflow", "run"), rules.Sub("run", "rerun")), model.TierRecoverableWithEffort,
			"starts a workflow run: what its jobs do (deploy, migrate, publish) is in the workflow file, which the input does not show"),
		row("system.gh", "gh", nil, model.TierReversible, "reads or creates issues, pull requests and repositories"),

		// GitLab's CLI, read like gh.
		row("system.glab.repo-delete", "glab", rules.Sub("repo", "delete"), model.TierUnrecoverable,
			"deletes the project with its issues, merge requests, wiki and pipelines (GitLab keeps it only through a delayed-deletion period an admin can restore from)"),
		row("system.glab.api-delete", "glab", apiDelete, model.TierNeedsReview,
			"calls the GitLab API with DELETE: what it deletes is in the path, and whether it can be restored is not in the input"),
		row("system.glab.api-write", "glab", apiWrite,
			model.TierRecoverableWithEffort, "calls the GitLab API with a request that creates or changes something"),
		row("system.glab.delete-data", "glab", rules.Any(rules.Sub("release", "delete"), rules.Sub("issue", "delete"), rules.Sub("snippet", "delete"),
			rules.Sub("variable", "delete"), rules.Sub("label", "delete")), model.TierUnrecoverable,
			"deletes a release, issue, snippet, CI/CD variable or label for good: GitLab keeps no copy to restore"),
		row("system.glab.delete", "glab", rules.Any(rules.Sub("*", "delete"), rules.Sub("*", "*", "delete")), model.TierRecoverableWithEffort,
			"deletes something GitLab can recreate (a pipeline, a schedule, a deploy key)"),
		row("system.glab.mr-merge", "glab", rules.Sub("mr", "merge"), model.TierRecoverableWithEffort,
			"merges the merge request into its target branch (with --remove-source-branch, deleting the branch); a revert undoes the merge"),
		row("system.glab", "glab", nil, model.TierReversible, "reads or creates issues, merge requests and projects"),
	)
	out = append(out, adminRules()...)
	out = append(out, macOSRules()...)
	return append(out, windowsRules()...)
}
