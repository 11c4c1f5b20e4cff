// Package dryrun holds the rows for the runs that only show what a
// command would do: --dry-run, --preview, -n, --what-if, --check,
// --simulate, --test. They come first, before every pack's own rows, so
// that a dry run of a destructive command is judged as the read it is.
// A row is added only where the program's own documentation says the
// flag makes the run change nothing; a flag a program does not have
// (git branch --dry-run) is not one. git clean -n with -f is left to the
// git rows: cc-safety-net's corpus denies it, and the dry run gains
// nothing over git clean -n alone, which they allow.
package dryrun

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// dryRun is one program's dry-run spelling.
type dryRun struct {
	program string
	// sub, when set, is the subcommand the flag belongs to.
	sub []string
	// when is the condition that makes the run a dry run.
	when rules.Cond
	// doc is where the program documents it.
	doc string
}

var table = []dryRun{
	{program: "git", sub: []string{"push"}, when: rules.Flag("n", "dry-run"), doc: "git-push(1) --dry-run: do everything except actually send the updates"},
	{program: "kubectl", when: rules.FlagEquals("dry-run", "client", "server"), doc: "kubectl --dry-run=client|server: only print the object that would be sent, or submit a server-side request without persisting it"},
	{program: "helm", when: rules.Flag("dry-run"), doc: "helm install/upgrade/uninstall --dry-run: simulate"},
	{program: "zfs", sub: []string{"destroy"}, when: rules.Flag("n"), doc: "zfs-destroy(8) -n: do a dry-run (no-op) deletion"},
	{program: "lvremove", when: rules.Flag("t", "test"), doc: "lvm(8) --test: run in test mode, no metadata is updated"},
	{program: "vgremove", when: rules.Flag("t", "test"), doc: "lvm(8) --test"},
	{program: "pvremove", when: rules.Flag("t", "test"), doc: "lvm(8) --test"},
	{program: "lvreduce", when: rules.Flag("t", "test"), doc: "lvm(8) --test"},
	{program: "lvresize", when: rules.Flag("t", "test"), doc: "lvm(8) --test"},
	{program: "apt-get", when: rules.Flag("s", "simulate", "just-print", "dry-run", "recon", "no-act"), doc: "apt-get(8) -s: no action; perform a simulation"},
	{program: "apt", when: rules.Flag("s", "simulate", "just-print", "dry-run", "recon", "no-act"), doc: "apt(8) -s: simulate"},
	{program: "dnf", when: rules.Flag("assumeno"), doc: "dnf(8) --assumeno: automatically answer no for all questions"},
	{program: "yum", when: rules.Flag("assumeno"), doc: "yum(8) --assumeno"},
	{program: "pulumi", sub: []string{"destroy"}, when: rules.Flag("preview-only"), doc: "pulumi destroy --preview-only: only show a preview of the destroy, but don't perform it"},
	{program: "pulumi", sub: []string{"up"}, when: rules.Flag("preview-only"), doc: "pulumi up --preview-only"},
	{program: "ansible-playbook", when: rules.Flag("C", "check"), doc: "ansible-playbook --check: don't make any changes; try to predict some of the changes that may occur"},
	{program: "docker", sub: []string{"compose"}, when: rules.Flag("dry-run"), doc: "docker compose --dry-run: execute the command in dry run mode"},
	{program: "gsutil", sub: []string{"rsync"}, when: rules.Flag("n"), doc: "gsutil rsync -n: dry run; list what would be copied or deleted"},
	{program: "az", when: rules.Flag("what-if"), doc: "az deployment … --what-if: preview the changes the deployment would make"},
	{program: "rclone", when: rules.Flag("n", "dry-run"), doc: "rclone --dry-run: do a trial run with no permanent changes"},
	{program: "rsync", when: rules.Flag("n", "dry-run"), doc: "rsync(1) -n: perform a trial run with no changes made"},
	{program: "borg", sub: []string{"prune"}, when: rules.Flag("n", "dry-run"), doc: "borg prune -n, --dry-run: do not change repository (borgbackup.readthedocs.io, usage/prune)"},
	{program: "borg", sub: []string{"delete"}, when: rules.Flag("n", "dry-run"), doc: "borg delete -n, --dry-run: do not change repository (borgbackup.readthedocs.io, usage/delete)"},
	{program: "restic", sub: []string{"forget"}, when: rules.Flag("n", "dry-run"), doc: "restic forget -n, --dry-run: do not delete anything, just print what would be done (restic-forget(1))"},
	{program: "restic", sub: []string{"prune"}, when: rules.Flag("n", "dry-run"), doc: "restic prune -n, --dry-run: do not modify the repository, just print what would be done (restic-prune(1))"},
}

// Rules returns the dry-run rows.
func Rules() []rules.Rule {
	out := make([]rules.Rule, 0, len(table))
	for _, d := range table {
		when := d.when
		id := d.program
		if len(d.sub) > 0 {
			when = rules.All(rules.Sub(d.sub...), when)
			id += "." + d.sub[0]
		}
		out = append(out, rules.Rule{ID: "dry-run." + id, Type: d.program, On: rules.Execute, When: when, Tier: model.TierReversible,
			Reason: "a dry run: it shows what it would do and changes nothing (" + d.doc + ")"})
	}
	return out
}
