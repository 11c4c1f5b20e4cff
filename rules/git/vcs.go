package git

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// vcsRow is a row for a version-control program other than git.
func vcsRow(id, program string, when rules.Cond, tier model.Tier, reason string) rules.Rule {
	return rules.Rule{ID: id, Type: program, On: rules.Execute, When: when, Tier: tier, Reason: reason}
}

// OtherVCSRules are the rows of Mercurial and Subversion: what discards
// uncommitted work (which neither keeps), what removes history, and their
// reads.
func OtherVCSRules() []rules.Rule {
	return []rules.Rule{
		vcsRow("hg.help", "hg", rules.Any(rules.Flag("help", "h", "version"), rules.Sub("help")), model.TierReversible, "prints help or the version"),
		vcsRow("hg.update.clean", "hg", rules.All(rules.Any(rules.Sub("update"), rules.Sub("up"), rules.Sub("checkout"), rules.Sub("co")), rules.Flag("C", "clean")),
			model.TierUnrecoverable, "hg update --clean discards uncommitted changes, which Mercurial never stored"),
		vcsRow("hg.revert.no-backup", "hg", rules.All(rules.Sub("revert"), rules.Flag("no-backup", "C")), model.TierUnrecoverable,
			"hg revert --no-backup discards uncommitted changes without keeping .orig copies"),
		vcsRow("hg.revert", "hg", rules.Sub("revert"), model.TierRecoverableWithEffort,
			"hg revert discards uncommitted changes but keeps each old file as FILE.orig"),
		vcsRow("hg.purge", "hg", rules.Any(rules.Sub("purge"), rules.Sub("clean")), model.TierUnrecoverable,
			"hg purge deletes untracked files (and ignored ones with --all), which Mercurial never stored"),
		vcsRow("hg.strip.no-backup", "hg", rules.All(rules.Any(rules.Sub("strip"), rules.Sub("debugstrip")), rules.Flag("no-backup")), model.TierUnrecoverable,
			"hg strip --no-backup removes the changesets and their descendants with no backup bundle"),
		vcsRow("hg.strip", "hg", rules.Any(rules.Sub("strip"), rules.Sub("debugstrip"), rules.Sub("prune")), model.TierRecoverableFromBackup,
			"hg strip removes changesets and their descendants; a backup bundle in .hg/strip-backup can restore them"),
		vcsRow("hg.read", "hg", rules.Any(rules.Sub("status"), rules.Sub("st"), rules.Sub("log"), rules.Sub("diff"), rules.Sub("show"),
			rules.Sub("summary"), rules.Sub("annotate"), rules.Sub("cat"), rules.Sub("heads"), rules.Sub("branches"), rules.Sub("incoming"),
			rules.Sub("outgoing"), rules.Sub("paths"), rules.Sub("root"), rules.Sub("identify"), rules.Sub("id")), model.TierReversible,
			"reads the repository"),
		vcsRow("hg.other", "hg", nil, model.TierRecoverableWithEffort,
			"commits, pulls, pushes or changes the repository; Mercurial keeps history it records"),

		vcsRow("svn.help", "svn", rules.Any(rules.Flag("help", "h", "version"), rules.Sub("help")), model.TierReversible, "prints help or the version"),
		vcsRow("svn.revert", "svn", rules.Sub("revert"), model.TierUnrecoverable,
			"svn revert discards local modifications, which Subversion keeps no copy of"),
		vcsRow("svn.cleanup.remove", "svn", rules.All(rules.Sub("cleanup"), rules.Flag("remove-unversioned", "remove-ignored")), model.TierUnrecoverable,
			"svn cleanup --remove-unversioned deletes the files Subversion does not track, which it never stored"),
		vcsRow("svn.delete", "svn", rules.Any(rules.Sub("delete"), rules.Sub("del"), rules.Sub("remove"), rules.Sub("rm")), model.TierRecoverableWithEffort,
			"svn delete removes paths (at once on the server, for a URL): they stay in the repository's history and can be copied back"),
		vcsRow("svn.read", "svn", rules.Any(rules.Sub("status"), rules.Sub("st"), rules.Sub("log"), rules.Sub("diff"), rules.Sub("info"),
			rules.Sub("cat"), rules.Sub("list"), rules.Sub("ls"), rules.Sub("blame")), model.TierReversible, "reads the working copy or the repository"),
		vcsRow("svn.other", "svn", nil, model.TierRecoverableWithEffort,
			"checks out, updates, commits or changes the working copy; the repository keeps its history"),
	}
}
