// Package filesystem holds the rules for shell commands that delete,
// overwrite or re-permission files: rm, rmdir, shred, dd, mkfs, wipefs,
// truncate, mv, cp, chmod, chown, rsync --delete, find -delete and output
// redirections. What a path operand points at (rules.ClassifyPath) decides
// most tiers.
package filesystem

import (
	"path"
	"slices"
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// Redirect is the type of the mutation the shell parser emits for an
// output redirection that truncates its target.
const Redirect = model.RedirectProgram

// Append is the type of the mutation for an appending redirection
// (cmd >> file).
const Append = model.AppendProgram

// What appending to a system file or a home dotfile risks: the added
// lines take effect without review.
const (
	appendSystemReason  = "appends to a system file: what it adds takes effect at once (a sudoers, cron, profile or hosts entry grants, runs or redirects what it says) and a malformed line can lock out sudo or login; the lines must be found and removed by hand"
	appendDotfileReason = "appends to a dotfile of a home directory (shell profile, SSH authorized keys): the next shell runs, or the next login trusts, what it adds; the lines must be removed by hand"
	// A dotfile of a home directory (a shell profile, SSH keys, cloud
	// credentials) is in no version control: replacing or deleting one is
	// for a person to weigh, like truncating it.
	replacesDotfileReason = "replaces a dotfile of a home directory (shell profile, SSH keys, cloud credentials), which no version control keeps: whether the old one matters is not in the input"
	intoHomeReason        = "copies or moves files into a home directory under their own names: a dotfile among them (.bashrc, or the contents of a dotfiles directory) replaces the user's own, which no version control keeps; which files a directory holds is not in the input"
	deletesDotfileReason  = "deletes a dotfile of a home directory (SSH keys, cloud credentials, shell profile), which no version control or trash keeps: whether it matters is not in the input"
)

var (
	recursive = rules.Flag("r", "R", "recursive")
	force     = rules.Flag("f", "force")
	critical  = rules.CriticalPath(0)
	unseen    = rules.Any(rules.PathIs(0, rules.PathDynamic), rules.MoreOperands())
	help      = rules.Flag("help", "version")
	// noClobber: cp and mv never overwrite (-n, or -i that nothing in
	// the line answers), or only print help (prompt.go).
	noClobber = keepsTarget()
	// windowsTree is cmd.exe's /s switch of rd and rmdir: the whole tree.
	windowsTree = rules.Operand(0, "/s", func(a model.Arg, _ *model.Command) bool { return strings.EqualFold(a.Value, "/s") })
)

func row(id, typ string, when rules.Cond, tier model.Tier, reason string) rules.Rule {
	return rules.Rule{ID: id, Type: typ, On: rules.Execute, When: when, Tier: tier, Reason: reason}
}

// treeDeleteRows are the rows of a recursive delete that nothing asks to
// confirm (rm -rf, rimraf), by what its operands point at; when is the
// condition that makes the command such a delete (nil: always). The last
// row takes what is left: temp and generated files.
func treeDeleteRows(prefix, typ string, when rules.Cond, verb string) []rules.Rule {
	and := func(c rules.Cond) rules.Cond {
		if when == nil {
			return c
		}
		return rules.All(when, c)
	}
	return []rules.Rule{
		row(prefix+".working-dir", typ, and(rules.PathIs(0, rules.PathCwd)), model.TierUnrecoverable,
			verb+" the whole working directory or a path above it"),
		row(prefix+".home-data", typ, and(rules.PathIs(0, rules.PathUser)), model.TierUnrecoverable,
			verb+" files in a home directory, which no version control or trash keeps"),
		row(prefix+".unseen", typ, and(unseen), model.TierNeedsReview,
			verb+" paths that are only known at run time"),
		row(prefix+".absolute", typ, and(rules.PathIs(0, rules.PathOther)), model.TierUnrecoverable,
			verb+" a directory outside the working directory and temp; nothing keeps a copy"),
		row(prefix+".build-output", typ, and(buildOutput()), model.TierRecoverableWithEffort,
			verb+" the project's build output: its .gitignore ignores it and a build file beside it rebuilds it"),
		row(prefix+".project", typ, and(rules.All(rules.PathIs(0, rules.PathProject), projectFiles())), model.TierUnrecoverable,
			verb+" project files: what is not committed and pushed is lost"),
		row(prefix+".output-name", typ, and(rules.All(rules.PathIs(0, rules.PathProject), outputUnproven())), model.TierUnrecoverable,
			verb+" a directory named as build output (build, out, _build, site, bin, obj): if the project's .gitignore ignores it beside a build file it is regenerated, otherwise it may hold source that is not committed"),
		row(prefix+".regenerable", typ, when, model.TierRecoverableWithEffort,
			verb+" temp or generated files only (temp directories, node_modules, caches); they are regenerated"),
	}
}

// Rules returns every filesystem row.
func Rules() []rules.Rule {
	out := append(guardedRows(), []rules.Rule{
		row("fs.rm.help", "rm", help, model.TierReversible, "prints help or the version and deletes nothing"),
		row("fs.rm.critical", "rm", critical, model.TierUnrecoverable, "deletes a root, system or home directory, or a device; rm has no trash"),
		row("fs.rm.rf.piped-no-operands", "rm", rules.All(recursive, force, rules.NoOperands(0), stdinPiped()), model.TierNeedsReview,
			"rm -rf is fed a pipe but given no operands: rm ignores its stdin, so the line does not do what it appears to intend"),
		row("fs.rm.no-operands", "rm", rules.NoOperands(0), model.TierReversible, "rm without operands deletes nothing"),
	}...)
	// Observed facts (--observe auto, where the action runs) come before
	// the rows that judge a path by its name: what is on disk decides.
	out = append(out, observedRows("rm", "deletes")...)
	// -f, every spelling of "never ask", and -i or -I whose answers the
	// line feeds (yes | rm -ri, { rm -rI d; } < answers.txt) delete
	// without a person's word (prompt.go).
	out = append(out, treeDeleteRows("fs.rm.rf", "rm", rules.All(recursive, asksNothing()), "recursively force-deletes")...)
	// rm -r without -f deletes the same trees: its prompt concerns only
	// write-protected files, and an agent's shell or a script has no one
	// to answer it. rm -i asks about every file, and with nothing the line
	// feeds on stdin no one answers yes.
	out = append(out, treeDeleteRows("fs.rm.r", "rm", rules.All(recursive, rules.Not(asksNothing()), rules.Not(asksPerson())), "recursively deletes")...)
	out = append(out,
		row("fs.rm.home-dotfile", "rm", homeDotfile(0), model.TierNeedsReview, deletesDotfileReason),
		row("fs.rm.env-file", "rm", envFile(0), model.TierNeedsReview, "deletes "+envFileWhy),
	)
	out = append(out, uncommittedRows()...)
	out = append(out,
		row("fs.rm.files", "rm", nil, model.TierRecoverableFromBackup,
			"deletes files (rm keeps no copy); the files come back only from version control or a backup"),

		row("fs.del.tree", "del", windowsTree, model.TierUnrecoverable, "del /s deletes the matching files in the directory and every subdirectory (Windows; there is no recycle bin for it)"),
		row("fs.del", "del", nil, model.TierRecoverableFromBackup, "deletes files (Windows; cmd's del keeps no copy in the recycle bin)"),
		row("fs.erase.tree", "erase", windowsTree, model.TierUnrecoverable, "erase /s deletes the matching files in the directory and every subdirectory (Windows; there is no recycle bin for it)"),
		row("fs.erase", "erase", nil, model.TierRecoverableFromBackup, "deletes files (Windows; cmd's erase keeps no copy in the recycle bin)"),
		row("fs.copy.critical", "copy", rules.PathIs(1, rules.PathRoot, rules.PathSystem, rules.PathDevice), model.TierUnrecoverable,
			"copies over a system file (Windows): its previous contents are gone"),
		row("fs.copy", "copy", nil, model.TierRecoverableWithEffort,
			"copy replaces a file of the destination's name (Windows; run from a script it does not ask); copy NUL FILE empties it"),
		row("fs.move.critical", "move", critical, model.TierUnrecoverable, "moves a system directory or file, or over one (Windows)"),
		row("fs.move", "move", nil, model.TierRecoverableFromBackup, "move replaces a file of the destination's name (Windows): the replaced file is lost unless versioned"),
		row("fs.rd.tree", "rd", windowsTree, model.TierUnrecoverable, "rd /s deletes the directory and everything in it (Windows; there is no recycle bin for it)"),
		row("fs.rd", "rd", nil, model.TierReversible, "removes empty directories only"),
		row("fs.rmdir.windows-tree", "rmdir", windowsTree, model.TierUnrecoverable, "rmdir /s deletes the directory and everything in it (Windows)"),
		row("fs.rmdir", "rmdir", rules.Not(critical), model.TierReversible, "removes empty directories only; mkdir recreates them"),
		row("fs.rmdir.critical", "rmdir", nil, model.TierRecoverableWithEffort, "removes a system or home directory if it is empty"),

		row("fs.shred.help", "shred", help, model.TierReversible, "prints help or the version"),
		row("fs.shred", "shred", nil, model.TierUnrecoverable, "overwrites the files' contents so that no tool can recover them"),
		// Sysinternals' sdelete overwrites files before deleting them; -c and
		// -z only overwrite the free space, and cipher /w does the same.
		row("fs.sdelete.free-space", "sdelete", rules.Flag("c", "z"), model.TierRecoverableWithEffort,
			"overwrites the free space of the volume: files deleted earlier can no longer be recovered; no existing file is touched"),
		row("fs.sdelete", "sdelete", nil, model.TierUnrecoverable, "overwrites the files before deleting them (Sysinternals secure delete): no tool can recover them"),
		row("fs.cipher.wipe", "cipher", rules.Operand(0, "/w:", func(a model.Arg, _ *model.Command) bool { return strings.HasPrefix(strings.ToLower(a.Value), "/w") }),
			model.TierRecoverableWithEffort, "cipher /w overwrites the free space of the volume: files deleted earlier can no longer be recovered; no existing file is touched"),
		row("fs.srm.help", "srm", help, model.TierReversible, "prints help or the version"),
		row("fs.srm.critical", "srm", critical, model.TierUnrecoverable, "securely deletes a root, system or home directory, or a device"),
		row("fs.srm.recursive", "srm", rules.Flag("r", "R", "recursive"), model.TierUnrecoverable,
			"overwrites whole trees before deleting them (secure rm -r), so that no undelete or forensic tool recovers them: only a copy made before does"),
		row("fs.srm", "srm", nil, model.TierUnrecoverable, "overwrites the files before deleting them (secure rm), so that no undelete or forensic tool recovers them, as shred -u does: only a copy made before (version control, a backup) brings them back"),
		row("fs.scrub.help", "scrub", help, model.TierReversible, "prints help or the version"),
		row("fs.scrub", "scrub", nil, model.TierUnrecoverable, "overwrites a file or a device with patterns (scrub -p dod /dev/sdb) so that its contents cannot be recovered; with -r it deletes the file too: only a copy made before brings them back"),
		row("fs.wipe.help", "wipe", help, model.TierReversible, "prints help or the version"),
		row("fs.wipe", "wipe", nil, model.TierUnrecoverable, "overwrites files or a device many times before deleting them (secure delete): no tool recovers them"),
		// Trash tools move files where the desktop's Trash can restore
		// them; emptying it is the delete.
		row("fs.trash.empty", "trash-empty", nil, model.TierUnrecoverable, "empties the Trash: what it held is deleted for good"),
		row("fs.gio.trash-empty", "gio", rules.All(rules.Sub("trash"), rules.Flag("empty")), model.TierUnrecoverable, "empties the Trash: what it held is deleted for good"),
		row("fs.gio.remove", "gio", rules.Sub("remove"), model.TierRecoverableFromBackup, "gio remove deletes files without the Trash; they come back only from version control or a backup"),
		row("fs.trash", "trash-put", nil, model.TierReversible, "moves the files to the Trash, from which they can be restored"),
		row("fs.trash-cli", "trash", nil, model.TierReversible, "moves the files to the Trash, from which they can be restored"),
		row("fs.rmtrash", "rmtrash", nil, model.TierReversible, "moves the files to the Trash, from which they can be restored"),
		row("fs.gio", "gio", nil, model.TierReversible, "moves files to the Trash, or reads, copies and mounts them"),
		row("fs.fallocate.cut", "fallocate", rules.Flag("p", "punch-hole", "c", "collapse-range", "z", "zero-range"), model.TierUnrecoverable,
			"punches a hole in, cuts a range out of, or zeroes part of the file: the data in that range is gone"),
		row("fs.fallocate", "fallocate", nil, model.TierReversible, "preallocates space for a file; its data is untouched"),
		row("fs.wipefs.help", "wipefs", help, model.TierReversible, "prints help or the version"),
		row("fs.wipefs.no-act", "wipefs", rules.Flag("n", "no-act"), model.TierReversible, "--no-act only reports the signatures"),
		row("fs.wipefs", "wipefs", rules.Flag("a", "all", "o", "offset"), model.TierUnrecoverable, "erases filesystem signatures: the data becomes unreachable"),
		row("fs.wipefs.list", "wipefs", nil, model.TierReversible, "without -a or -o wipefs only lists signatures"),

		row("fs.dd.device", "dd", ddTarget(rules.PathRoot, rules.PathSystem, rules.PathDevice, rules.PathHome, rules.PathDynamic), model.TierUnrecoverable,
			"dd writes over a device or system file (of=...): its previous contents are gone"),
	)
	// What of= names, observed (not a device: the row above): what is
	// on disk decides, with conv=notrunc and seek= too, since dd
	// replaces the bytes it writes.
	out = append(out, observedTable("fs.dd", "dd", nil, "dd of= writes over", rules.ObservedWrites())...)
	out = append(out,
		row("fs.dd.file", "dd", ddTarget(rules.PathUser, rules.PathOther, rules.PathProject, rules.PathCwd), model.TierRecoverableFromBackup,
			"dd overwrites the output file named by of="),
		row("fs.dd", "dd", nil, model.TierReversible, "dd without an of= to a lasting file only copies to stdout or temp"),

		row("fs.truncate.help", "truncate", help, model.TierReversible, "prints help or the version"),
		row("fs.truncate.critical", "truncate", critical, model.TierUnrecoverable, "truncate cuts a system file or device to the given size; the cut data is lost"),
		row("fs.truncate.home-dotfile", "truncate", rules.HomeDotfileIs(0), model.TierNeedsReview,
			"truncate cuts a dotfile of a home directory (shell profile, SSH keys, cloud credentials), which no version control keeps: whether it matters is not in the input"),
		// Like rm of the same files (fs.rm.files) and a redirection over
		// them: what is cut comes back only from version control or a
		// backup.
		row("fs.truncate.env-file", "truncate", envFile(0), model.TierNeedsReview, "cuts "+envFileWhy),
		// The one notion of "the target does not exist": the observed
		// targets (rules.ObservedNew), as for a redirection, cp and mv.
		row("fs.truncate.new-files", "truncate", rules.ObservedNew(), model.TierReversible,
			"every file truncate names does not exist (observed where the action runs): it creates them at the given size (truncate -s 10M disk.img), and no data is cut"),
		row("fs.truncate.grow", "truncate", truncateGrows(), model.TierRecoverableWithEffort,
			"truncate only extends the files (a size of +N): nothing is cut"),
		row("fs.truncate.observed.loss", "truncate", rules.ObservedLoss(), model.TierUnrecoverable,
			"truncate cuts a file git cannot give back (observed where the action runs: untracked, modified, or ignored and not build output)"),
		row("fs.truncate.observed.from-git", "truncate", rules.ObservedFromGit(), model.TierRecoverableWithEffort,
			"truncate cuts only files git gives back (observed: tracked and unmodified): `git checkout -- FILE` restores them"),
		row("fs.truncate", "truncate", nil, model.TierNeedsReview,
			"truncate cuts the files to the given size (truncate -s 0 empties a database file as surely as rm): the cut data comes back only from a backup, and whether it matters is not in the input"),

		row("fs.mv.critical", "mv", critical, model.TierUnrecoverable, "moves a root, system or home directory, or over one"),
		row("fs.mv.dev-null", "mv", rules.PathIs(0, rules.PathNull), model.TierUnrecoverable, "moves files onto /dev/null: they are gone"),
		row("fs.mv.home-dotfile", "mv", rules.All(rules.Not(noClobber), homeDotfile(1)), model.TierNeedsReview, replacesDotfileReason),
		row("fs.mv.env-file", "mv", rules.All(rules.Not(noClobber), envFile(1)), model.TierNeedsReview, "replaces "+envFileWhy+" (mv -n keeps it)"),
	)
	out = append(out, observedWrites("mv", rules.Not(noClobber), "moves onto")...)
	out = append(out,
		row("fs.mv.overwrite", "mv", rules.Not(noClobber), model.TierRecoverableFromBackup,
			"mv replaces the target if it exists (no -n): the replaced file is lost unless versioned"),
		row("fs.mv.safe", "mv", nil, model.TierReversible, "mv with -n/-i never overwrites; moving back undoes it"),
		row("fs.cp.critical", "cp", sysWrite(1, rules.PathRoot, rules.PathSystem, rules.PathDevice), model.TierUnrecoverable,
			"copies over a system file or device"),
		row("fs.cp.dev-null-home-dotfile", "cp", rules.All(rules.PathIs(0, rules.PathNull), rules.HomeDotfileIs(1)), model.TierNeedsReview,
			"copying /dev/null over a home dotfile empties it, and no version control keeps it"),
		row("fs.cp.into-home", "cp", rules.All(rules.Not(noClobber), intoHome()), model.TierNeedsReview, intoHomeReason),
		row("fs.cp.home-dotfile", "cp", rules.All(rules.Not(noClobber), homeDotfile(1)), model.TierNeedsReview, replacesDotfileReason),
		row("fs.cp.env-file", "cp", rules.All(rules.Not(noClobber), envFile(1)), model.TierNeedsReview, "replaces "+envFileWhy+" (cp -n .env.example .env keeps it)"),
	)
	out = append(out, observedWrites("cp", rules.Not(noClobber), "copies onto")...)
	out = append(out,
		row("fs.cp.overwrite", "cp", rules.Not(noClobber), model.TierRecoverableWithEffort,
			"cp replaces the target if it exists (no -n); the copy itself is harmless"),
		row("fs.cp.safe", "cp", nil, model.TierReversible, "cp with -n/-i never overwrites"),
		row("fs.scp.critical", "scp", scpDestination(rules.PathRoot, rules.PathSystem, rules.PathDevice), model.TierUnrecoverable,
			"copies over a system file or device, here or on the remote machine"),
		row("fs.scp.sends-secret", "scp", copiesSecretAway(), model.TierNeedsReview, rules.SendsSecretReason),
		row("fs.scp", "scp", nil, model.TierRecoverableWithEffort,
			"scp replaces files of the same names at the destination without asking; the copy itself is harmless"),

		row("fs.chmod.recursive-system", "chmod", rules.All(recursive, critical), model.TierUnrecoverable,
			"recursively changes permissions on a system or home tree; the previous modes are not recorded anywhere"),
		recursiveOwnerRow("chmod", "changes permissions"),
		row("fs.chmod.key-system", "chmod", keySystemPath(), model.TierNeedsReview, keySystemReason),
		row("fs.chmod", "chmod", nil, model.TierRecoverableWithEffort, "changes permissions; the previous modes must be restored by hand"),
		row("fs.chown.recursive-system", "chown", rules.All(recursive, critical), model.TierUnrecoverable,
			"recursively changes owners on a system or home tree; the previous owners are not recorded anywhere"),
		recursiveOwnerRow("chown", "changes owners"),
		row("fs.chown.key-system", "chown", keySystemPath(), model.TierNeedsReview, keySystemReason),
		row("fs.chown", "chown", nil, model.TierRecoverableWithEffort, "changes owners; the previous owners must be restored by hand"),
		row("fs.chgrp.recursive-system", "chgrp", rules.All(recursive, critical), model.TierUnrecoverable,
			"recursively changes groups on a system or home tree"),
		recursiveOwnerRow("chgrp", "changes groups"),
		row("fs.chgrp.key-system", "chgrp", keySystemPath(), model.TierNeedsReview, keySystemReason),
		row("fs.chgrp", "chgrp", nil, model.TierRecoverableWithEffort, "changes groups; the previous groups must be restored by hand"),
		row("fs.setfacl.recursive-system", "setfacl", rules.All(rules.Flag("R", "recursive"), critical), model.TierUnrecoverable,
			"recursively changes or removes access control lists on a system or home tree; the previous ACLs are not recorded anywhere"),
		row("fs.setfacl.system", "setfacl", critical, model.TierNeedsReview,
			"changes the access control list of a system file or directory: an entry on /etc/shadow or /etc/sudoers can open it to a user or lock out logins, and the old list is not recorded"),
		row("fs.setfacl", "setfacl", nil, model.TierRecoverableWithEffort, "changes access control lists; the previous ones must be restored by hand (getfacl can dump them first)"),

		row("fs.rsync.delete", "rsync", rules.All(rules.Flag("delete", "delete-before", "delete-during", "delete-after", "delete-delay", "delete-excluded", "del"),
			rules.Not(rules.Flag("n", "dry-run"))), model.TierUnrecoverable,
			"rsync --delete removes files at the destination that the source lacks"),
		row("fs.rsync.move", "rsync", rules.All(rules.Flag("remove-source-files"), rules.Not(rules.Flag("n", "dry-run"))), model.TierRecoverableWithEffort,
			"rsync --remove-source-files moves: it deletes each source file once it has copied it to the destination, where it lives on"),
		row("fs.rsync.critical", "rsync", rules.All(rules.PathIs(1, rules.PathRoot, rules.PathSystem, rules.PathDevice), rules.Not(rules.Flag("n", "dry-run"))), model.TierUnrecoverable,
			"rsync writes over files in the root or a system directory; the replaced ones are not kept"),
		row("fs.rsync.into-home", "rsync", rules.All(intoHome(), rules.Not(rules.Flag("n", "dry-run"))), model.TierNeedsReview, intoHomeReason),
		row("fs.rsync.home-dotfile", "rsync", rules.All(homeDotfile(1), rules.Not(rules.Flag("n", "dry-run"))), model.TierNeedsReview, replacesDotfileReason),
		row("fs.rsync.sends-secret", "rsync", rules.All(copiesSecretAway(), rules.Not(rules.Flag("n", "dry-run"))), model.TierNeedsReview, rules.SendsSecretReason),
		row("fs.rsync", "rsync", nil, model.TierRecoverableWithEffort, "rsync overwrites changed files at the destination"),

		row("fs.redirect.critical", Redirect, sysWrite(0, rules.PathRoot, rules.PathSystem, rules.PathDevice, rules.PathHome), model.TierUnrecoverable,
			"the output redirection (or an option naming the output file: curl -o, tar -cf, sort -o) truncates a system file or device"),
		row("fs.redirect.harmless", Redirect, rules.PathIs(0, rules.PathNull, rules.PathTemp), model.TierReversible,
			"the output goes to /dev/null or a temp file"),
		row("fs.redirect.home-dotfile", Redirect, rules.HomeDotfileIs(0), model.TierNeedsReview,
			"the output redirection (or an option naming the output file) truncates a dotfile of a home directory (shell profile, SSH keys, cloud credentials), which no version control keeps: whether it matters is not in the input"),
		row("fs.redirect.env-file", Redirect, envFile(0), model.TierNeedsReview, "the output redirection truncates "+envFileWhy),
	)
	out = append(out, observedTable("fs.redirect", Redirect, nil, "the output redirection writes", rules.ObservedWrites())...)
	out = append(out,
		row("fs.redirect.dynamic", Redirect, rules.PathIs(0, rules.PathDynamic), model.TierRecoverableWithEffort,
			"the output redirection (or an option naming the output file) truncates a file named only at run time"),
		row("fs.redirect", Redirect, nil, model.TierRecoverableWithEffort,
			"the output redirection (or an option naming the output file: curl -o, tar -cf, sort -o) truncates the file if it exists; its previous contents survive only in version control"),

		row("fs.append.system", Append, rules.PathIs(0, rules.PathRoot, rules.PathSystem, rules.PathDevice), model.TierNeedsReview, appendSystemReason),
		row("fs.append.home-dotfile", Append, rules.HomeDotfileIs(0), model.TierRecoverableWithEffort, appendDotfileReason),
		row("fs.append", Append, nil, model.TierReversible, "the output redirection (>>) only appends; the added lines can be removed"),
	)
	// tee writes its stdin to the files as it comes, moreutils' sponge once
	// stdin ends (so sort f | sponge f works); both replace the files.
	for _, p := range []string{"tee", "sponge"} {
		out = append(out, teeRows(p)...)
	}
	out = append(out,
		row("fs.install.directory", "install", rules.Flag("d", "directory"), model.TierReversible, "install -d only creates directories"),
		row("fs.install.critical", "install", sysWrite(1, rules.PathRoot, rules.PathSystem, rules.PathDevice), model.TierUnrecoverable,
			"install copies over a system file or device"),
		row("fs.install.into-home", "install", intoHome(), model.TierNeedsReview, intoHomeReason),
		row("fs.install.home-dotfile", "install", homeDotfile(1), model.TierNeedsReview, replacesDotfileReason),
	)
	out = append(out, observedWrites("install", nil, "install copies onto")...)
	out = append(out,
		row("fs.install", "install", nil, model.TierRecoverableWithEffort, "install replaces the target if it exists; the copy itself is harmless"),

		row("fs.ln.help", "ln", help, model.TierReversible, "prints help or the version"),
		row("fs.ln.force-critical", "ln", rules.All(lnReplaces(), rules.CriticalPath(1)), model.TierUnrecoverable,
			"ln -f removes the system file or directory entry the link replaces"),
		row("fs.ln.force-home-dotfile", "ln", rules.All(lnReplaces(), rules.HomeDotfileIs(1)), model.TierNeedsReview,
			"ln -f removes the home dotfile the link replaces (ln -sf /dev/null ~/.bash_history empties it for good); no version control keeps it"),
		row("fs.ln.to-guarded", "ln", linksToGuarded(), model.TierNeedsReview,
			"makes a link to the root, a home directory or an agent's configuration: what a later command does through the link lands there "+
				"(rm -rf LINK/ follows it and empties the directory), so the link is judged as that access"),
	)
	out = append(out, observedWrites("ln", lnReplaces(), "ln -f replaces")...)
	out = append(out,
		row("fs.ln.force", "ln", lnReplaces(), model.TierRecoverableWithEffort,
			"ln -f removes a file of the link's name if one exists; it survives only in version control"),
		row("fs.ln", "ln", nil, model.TierReversible, "ln without -f never replaces a file; removing the link undoes it"),

		row("fs.rimraf.help", "rimraf", help, model.TierReversible, "prints help or the version"),
		row("fs.rimraf.critical", "rimraf", critical, model.TierUnrecoverable, "rimraf deletes a root, system or home directory recursively; nothing keeps a copy"),
	)
	out = append(out, treeDeleteRows("fs.rimraf", "rimraf", nil, "rimraf recursively deletes")...)
	for _, mkfs := range []string{"mkfs", "mkfs.ext2", "mkfs.ext3", "mkfs.ext4", "mkfs.xfs", "mkfs.btrfs", "mkfs.vfat", "mkfs.fat",
		"mkfs.msdos", "mkfs.ntfs", "mkfs.exfat", "mkfs.f2fs", "mke2fs", "mkswap", "newfs"} {
		out = append(out,
			row("fs."+mkfs+".help", mkfs, help, model.TierReversible, "prints help or the version"),
			row("fs."+mkfs, mkfs, nil, model.TierUnrecoverable, "creating a filesystem destroys everything on the device or file"),
		)
	}
	return slices.Concat(out, findRows(), diskRows())
}

// stdinPiped holds when the command's stdin is a pipe or a here-document.
func stdinPiped() rules.Cond {
	return rules.Func("stdin is piped", func(f rules.Facts) rules.Result {
		if from := f.M.Command.StdinFrom; from != "" {
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "stdin", Value: from, Present: true}}}
		}
		return rules.Result{Truth: rules.False}
	})
}

// ddTarget holds when dd's of= names a path in one of classes.
func ddTarget(classes ...rules.PathClass) rules.Cond {
	return rules.Func("dd of= target", func(f rules.Facts) rules.Result {
		for _, a := range f.M.Command.Args {
			if len(a.Value) > 3 && a.Value[:3] == "of=" {
				target := model.Arg{Value: a.Value[3:], Dynamic: a.Dynamic}
				got := rules.ClassifyPath(target, f.M.Command)
				for _, c := range classes {
					if got == c {
						return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "of", Value: target.Value, Present: true, Description: string(got)}}}
					}
				}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// teeRows are the rows of a program that writes its stdin to the files it
// is given, replacing them unless -a appends.
func teeRows(p string) []rules.Rule {
	out := []rules.Rule{
		row("fs."+p+".append-system", p, rules.All(rules.Flag("a", "append"), rules.PathIs(0, rules.PathRoot, rules.PathSystem, rules.PathDevice)), model.TierNeedsReview, appendSystemReason),
		row("fs."+p+".append-home-dotfile", p, rules.All(rules.Flag("a", "append"), rules.HomeDotfileIs(0)), model.TierRecoverableWithEffort, appendDotfileReason),
		row("fs."+p+".append", p, rules.Flag("a", "append"), model.TierReversible, p+" -a only appends"),
		row("fs."+p+".critical", p, sysWrite(0, rules.PathRoot, rules.PathSystem, rules.PathDevice, rules.PathHome), model.TierUnrecoverable,
			p+" truncates the system file or device it writes (echo x | sudo "+p+" /etc/hosts replaces the file)"),
		row("fs."+p+".home-dotfile", p, rules.HomeDotfileIs(0), model.TierNeedsReview,
			p+" truncates a dotfile of a home directory (shell profile, SSH keys, cloud credentials), which no version control keeps"),
	}
	// Observed facts (tee -a returned above): what is on disk decides.
	out = append(out, observedWrites(p, nil, p+" writes")...)
	return append(out,
		row("fs."+p+".harmless", p, rules.Any(rules.NoOperands(0), rules.Not(rules.PathIs(0, rules.PathProject, rules.PathBuild, rules.PathUser, rules.PathOther, rules.PathCwd, rules.PathDynamic, rules.PathSystem))), model.TierReversible,
			p+" writes only to stdout, /dev/null or temp files"),
		row("fs."+p, p, nil, model.TierRecoverableWithEffort,
			p+" truncates the files it writes if they exist; their previous contents survive only in version control"),
	)
}

// keySystemReason says why a mode or owner change on a system file needs
// review even when it is not recursive.
const keySystemReason = "changes the mode or owner of a system file or directory: a wrong one on /etc/shadow, /etc/sudoers or /bin " +
	"locks out logins, sudo or every program, and the previous value is not recorded"

// keySystemDirs hold the files a wrong mode or owner breaks the machine
// with; /usr/local and /opt, where tools are installed, are not among them.
var keySystemDirs = []string{"/etc", "/boot", "/bin", "/sbin", "/lib", "/lib64", "/usr/bin", "/usr/sbin", "/usr/lib", "/usr/libexec", "/root", "/var/lib"}

// keySystemPath holds when an operand after the mode or owner is the root
// or lies in one of keySystemDirs.
func keySystemPath() rules.Cond {
	return rules.Operand(1, "a system file", func(a model.Arg, c *model.Command) bool {
		if a.Dynamic {
			return false
		}
		p := path.Clean(rules.Resolve(a, c))
		if p == "/" {
			return true
		}
		return rules.UnderAny(p, keySystemDirs)
	})
}

// homeDotfile holds when an operand after skip is a dotfile of a home
// directory that is not a backup copy of one: cp ~/.zshrc ~/.zshrc.bak is
// how one keeps it, and rm ~/.zshrc.orig drops such a copy.
func homeDotfile(skip int) rules.Cond {
	return rules.All(rules.HomeDotfileIs(skip), rules.Not(rules.EveryOperand(skip, "a backup copy", func(a model.Arg) bool { return rules.BackupName(a.Value) })))
}

// intoHome holds when the last operand (or -t DIR) is a home directory
// itself and what lands there may be a dotfile: a source named like one
// (cp .bashrc ~), a directory's contents (cp -r dotfiles/. ~, cp -T,
// rsync dotfiles/ ~) or sources only known at run time.
func intoHome() rules.Cond {
	return rules.Func("into a home directory, a dotfile or a directory's contents", func(f rules.Facts) rules.Result {
		c := f.M.Command
		ops := f.Operands()
		dir, given := rules.FlagValue(c, "t", "target-directory")
		dest, sources := model.Arg{Value: dir}, ops
		if !given {
			if len(ops) < 2 {
				return rules.Result{Truth: rules.False}
			}
			dest, sources = ops[len(ops)-1], ops[:len(ops)-1]
		}
		if rules.ClassifyPath(dest, c) != rules.PathHome {
			return rules.Result{Truth: rules.False}
		}
		contents := rules.HasFlag(c, "T", "no-target-directory")
		for _, src := range sources {
			base := path.Base(src.Value)
			dotfile := strings.HasPrefix(base, ".") && base != "." && base != ".."
			whole := strings.HasSuffix(src.Value, "/.") || c.Program == "rsync" && strings.HasSuffix(src.Value, "/")
			if src.Dynamic || dotfile || whole || contents {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "operand", Value: src.Value, Present: true, Description: "lands in " + dest.Value}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// envFileWhy says what an environment file is, for the rows that replace,
// cut or delete one.
const envFileWhy = "an environment file (.env, .env.production): it holds secrets and settings that are kept out of version control, so if one is there its contents come back only from wherever they were copied from; whether one is there is not in the input"

// envFile holds when an operand after skip is an environment file
// (rules.EnvFile).
func envFile(skip int) rules.Cond {
	return rules.Operand(skip, "an environment file", func(a model.Arg, _ *model.Command) bool { return !a.Dynamic && rules.EnvFile(a.Value) })
}

// truncateGrows holds when truncate's sizes (-s, --size) all start with
// "+": it can only extend the files.
func truncateGrows() rules.Cond {
	return rules.Func("every size starts with +", func(f rules.Facts) rules.Result {
		sizes := rules.FlagValues(f.M.Command, "s", "size")
		if len(sizes) == 0 {
			return rules.Result{Truth: rules.False}
		}
		for _, v := range sizes {
			if v.Dynamic || !strings.HasPrefix(v.Value, "+") {
				return rules.Result{Truth: rules.False}
			}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "size", Value: sizes[0].Value, Present: true}}}
	})
}

// buildOutput holds when every operand is a directory of the working
// directory that its .gitignore ignores, beside a build file that
// rebuilds it (rm -rf ./build with "build/" in .gitignore and a Makefile):
// the evidence the caller read from the directory itself (model.Workspace).
// Without it, build is a project directory like any other: some projects
// keep source there.
func buildOutput() rules.Cond {
	return rules.Func("every operand is a git-ignored directory beside a build file", func(f rules.Facts) rules.Result {
		c := f.M.Command
		ws := c.Workspace
		ops := rules.Operands(c)
		if ws == nil || len(ws.BuildFiles) == 0 || len(ops) == 0 {
			return rules.Result{Truth: rules.False}
		}
		for _, a := range ops {
			if a.Dynamic || !ws.IgnoresDir(a.Value) {
				return rules.Result{Truth: rules.False}
			}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{
			{Key: "gitignored", Value: ops[0].Value, Present: true, Description: "ignored by the working directory's .gitignore"},
			{Key: "build-file", Value: ws.BuildFiles[0], Present: true, Description: "a build file in the working directory"}}}
	})
}

// linksToGuarded holds when the first operand of ln, the path the link
// points to, is the root, a home directory itself, or an agent's or
// Recourse's configuration (or a directory holding it), read from the
// working directory by the one resolver: ln -s ~ /tmp/h makes /tmp/h/ a
// second spelling of the home directory.
func linksToGuarded() rules.Cond {
	return rules.Func("a link to the root, a home directory or an agent's configuration", func(f rules.Facts) rules.Result {
		ops := f.Operands()
		if len(ops) == 0 {
			return rules.Result{Truth: rules.False}
		}
		target := ops[0]
		switch class := rules.ClassifyPath(target, f.M.Command); {
		case class == rules.PathRoot || class == rules.PathHome:
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "link_target", Value: target.Value, Present: true, Description: string(class)}}}
		case !target.Dynamic && rules.AgentConfigHolder(rules.Resolve(target, f.M.Command)):
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "link_target", Value: target.Value, Present: true, Description: "an agent's configuration"}}}
		}
		return rules.Result{Truth: rules.False}
	})
}

// observedRows are the rows of a delete (program typ) that observed facts
// decide: the one table of rules.ObservedDeletes, which the MCP file
// tools' deletes use too.
func observedRows(typ, verb string) []rules.Rule {
	return observedTable("fs."+typ, typ, nil, verb, rules.ObservedDeletes())
}

// observedWrites are the rows of a write over paths (program typ) that
// observed facts decide, from rules.ObservedWrites; when, if set, must
// hold too (cp -n never writes over).
func observedWrites(typ string, when rules.Cond, verb string) []rules.Rule {
	return observedTable("fs."+typ, typ, when, verb, rules.ObservedWrites())
}

// observedTable makes the rows PREFIX.observed.SUFFIX of table for
// program typ.
func observedTable(prefix, typ string, when rules.Cond, verb string, table []rules.ObservedRow) []rules.Rule {
	out := make([]rules.Rule, 0, len(table))
	for _, r := range table {
		c := r.When
		if when != nil {
			c = rules.All(when, c)
		}
		out = append(out, row(prefix+".observed."+r.Suffix, typ, c, r.Tier, verb+" "+r.Reason))
	}
	return out
}
