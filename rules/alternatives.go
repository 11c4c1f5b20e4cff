package rules

import "strings"

// alternative is one row of the safer-alternative table: the rules it
// answers (an exact id, or a prefix ending in "*") and what to do instead.
type alternative struct {
	rule string
	text string
}

// alternatives say what to do instead of a change a rule stops: the way
// to the same end that keeps a way back. A stop message that says only
// "no" sends an agent looking for another way round the gate; one that
// names the safe way is followed. Rows are matched in order, first match
// wins; a rule with no row has no alternative.
var alternatives = []alternative{
	// Files.
	{"fs.rm.rf.project", "delete what is regenerable by name (the build output dir), or check first: git status --ignored -- PATH; git clean -n shows what git would remove"},
	{"fs.rm.critical", "rm only the paths you mean, by name"},
	{"fs.rm.*", "move it aside instead (mv PATH PATH.bak, or to a trash dir) and delete it once nothing needs it; or rm the files by name"},
	{"fs.find.delete", "run the same find with -print first (no -delete) to see what it matches, then delete by name or move them aside"},
	{"fs.rsync.delete", "run it with --dry-run (-n) first to list what --delete would remove, or use --backup --backup-dir=DIR to keep them"},
	{"fs.mv.overwrite", "mv -n (no clobber) or mv --backup=numbered keeps the file it would replace"},
	{"fs.cp.*", "cp --backup=numbered keeps the file it would replace; or copy to a new name and swap"},
	{"fs.redirect*", "append with >> or write to a new file and mv it into place once checked; set -o noclobber stops > from truncating"},
	{"fs.truncate*", "copy the file aside first (cp FILE FILE.bak), or rotate it (logrotate) rather than truncating"},
	{"fs.dd.*", "check the target with lsblk first; write an image to a file (of=disk.img), never to a device you have not named twice"},
	{"fs.mkfs.*", "check the device with lsblk -f and blkid first: a file system on it is lost"},
	{"fs.chmod.*", "change the mode of the files that need it, by name, not recursively from a system root"},
	{"fs.chown.*", "change the owner of the files that need it, by name, not recursively from a system root"},
	// Git.
	{"git.reset.hard", "git stash (or git stash -u for untracked files) first, or git reset --keep, which refuses to discard local changes"},
	{"git.checkout.paths", "git stash first, or git diff -- PATH to see what would be discarded; git restore --staged only unstages"},
	{"git.restore*", "git stash first, or git diff -- PATH to see what would be discarded"},
	{"git.clean.*", "git clean -n (dry run) lists what would go; add -i to choose, or git stash -u to keep untracked files"},
	{"git.push.force", "git push --force-with-lease (refuses when the remote moved), or push to a new branch"},
	{"git.push.delete", "keep the branch: open the change on another branch; if it must go, tag its tip first (git tag keep/BRANCH origin/BRANCH)"},
	{"git.branch.force-delete", "git branch -d refuses an unmerged branch; tag its tip first (git tag keep/BRANCH BRANCH) if it must go"},
	{"git.stash.*", "git stash list and git stash show -p first; git stash branch NAME keeps a stash as a branch"},
	// Databases.
	{"sql.drop.*", "take a dump first (pg_dump -t TABLE / mysqldump DB TABLE), or rename it (ALTER TABLE … RENAME TO …_old) and drop it later"},
	{"sql.truncate", "take a dump of the table first, or DELETE … WHERE in a transaction you can roll back"},
	{"sql.delete.all", "add a WHERE clause, and run it in a transaction (BEGIN; … ; check the row count; COMMIT)"},
	{"sql.update.all", "add a WHERE clause, and run it in a transaction (BEGIN; … ; check the row count; COMMIT)"},
	{"db.redis-cli.flush*", "BGSAVE first (or copy the RDB file); delete keys by pattern with SCAN and a dry run"},
	// Containers and clusters.
	{"container.docker.volume-rm", "docker run --rm -v VOLUME:/v -v $PWD:/b alpine tar czf /b/VOLUME.tgz /v first, then remove it"},
	{"container.docker.system-prune", "prune without --volumes, or list what would go first: docker system df -v"},
	{"kubectl.delete.namespace", "delete the workloads you mean by name; back up with velero (or kubectl get all,pvc,secret -o yaml) first"},
	{"kubectl.delete.storage", "set the PersistentVolume's reclaim policy to Retain first (kubectl patch pv … persistentVolumeReclaimPolicy: Retain)"},
	{"kubectl.delete*", "kubectl delete --dry-run=server shows what would go; scaling to zero (kubectl scale --replicas=0) is reversible"},
	{"helm.uninstall", "helm uninstall --keep-history keeps the release for a rollback"},
	// Infrastructure and services.
	{"iac.terraform.destroy", "terraform plan -destroy first and read it; destroy one resource with -target, or remove it from the configuration and apply"},
	{"aws.rds.*.no-recovery-point", "take a final snapshot: set skip_final_snapshot=false with a final_snapshot_identifier (or --final-db-snapshot-identifier)"},
	{"aws.s3.rb.force", "empty the bucket with versioning on (objects stay recoverable), or aws s3 sync it to a backup bucket first"},
	{"system.gh.repo-delete", "archive it instead (gh repo archive), which keeps issues and history and can be undone"},
}

// SaferAlternative returns what to do instead of the change ruleID
// stops, or "" when the table has nothing for it.
func SaferAlternative(ruleID string) string {
	for _, a := range alternatives {
		if a.rule == ruleID || strings.Contains(a.rule, "*") && prefixGlob(a.rule, ruleID) {
			return a.text
		}
	}
	return ""
}

// prefixGlob matches a row whose only wildcard is a trailing "*", or one
// "*" inside (aws.rds.*.no-recovery-point).
func prefixGlob(pattern, id string) bool {
	before, after, _ := strings.Cut(pattern, "*")
	return strings.HasPrefix(id, before) && strings.HasSuffix(id, after) && len(id) >= len(before)+len(after)
}
