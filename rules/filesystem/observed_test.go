package filesystem

import (
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
	"github.com/recourse-dev/recourse/model"
)

// Observed facts as internal/observe records them, for the rows they
// decide; the scenario suite of internal/observe builds them from real
// repositories.
var (
	cleanDir = &model.Observed{Targets: []model.ObservedTarget{{Path: "src", Resolved: "/w/p/src", Exists: true, Kind: "dir",
		Repo: "/w/p", Git: model.GitClean, Files: 3, Dirs: 1, Bytes: 300}}}
	untrackedDir = &model.Observed{Targets: []model.ObservedTarget{{Path: "src", Resolved: "/w/p/src", Exists: true, Kind: "dir",
		Repo: "/w/p", Git: model.GitMixed, Files: 3, Dirs: 1, Bytes: 300, LostFiles: 1, LostBytes: 100,
		Lost: []model.ObservedFile{{Path: "src/new.go", State: model.GitUntracked, Bytes: 100}}}}}
	ignoredBuild = &model.Observed{Targets: []model.ObservedTarget{{Path: "build", Resolved: "/w/p/build", Exists: true, Kind: "dir",
		Repo: "/w/p", Git: model.GitIgnored, Files: 2, Bytes: 10, LostFiles: 2, LostBytes: 10, Ignored: []string{"build/"},
		Lost: []model.ObservedFile{{Path: "build/", State: model.GitIgnored, Bytes: 10}}}}}
	ignoredData = &model.Observed{Targets: []model.ObservedTarget{{Path: "data", Resolved: "/w/p/data", Exists: true, Kind: "dir",
		Repo: "/w/p", Git: model.GitIgnored, Files: 2, Bytes: 10, LostFiles: 2, LostBytes: 10, Ignored: []string{"data/"},
		Lost: []model.ObservedFile{{Path: "data/", State: model.GitIgnored, Bytes: 10}}}}}
	absent    = &model.Observed{Targets: []model.ObservedTarget{{Path: "x", Resolved: "/w/p/x", Repo: "/w/p"}}}
	emptyDir  = &model.Observed{Targets: []model.ObservedTarget{{Path: "x", Resolved: "/w/p/x", Exists: true, Kind: "dir", Repo: "/w/p", EmptyDir: true, Git: model.GitClean}}}
	timedOut  = &model.Observed{Targets: []model.ObservedTarget{{Path: "x", Resolved: "/w/p/x", Exists: true, Kind: "dir", Repo: "/w/p", Bound: "git status: timed out"}}, Unavailable: []string{"x: git status: timed out"}}
	cleanFile = &model.Observed{Targets: []model.ObservedTarget{{Path: "b.txt", Resolved: "/w/p/b.txt", Exists: true, Kind: "file",
		Repo: "/w/p", Git: model.GitClean, Files: 1, Bytes: 5}}}
	modifiedFile = &model.Observed{Targets: []model.ObservedTarget{{Path: "b.txt", Resolved: "/w/p/b.txt", Exists: true, Kind: "file",
		Repo: "/w/p", Git: model.GitModified, Files: 1, Bytes: 5, LostFiles: 1, LostBytes: 5,
		Lost: []model.ObservedFile{{Path: "b.txt", State: model.GitModified, Bytes: 5}}}}}
	newFile = &model.Observed{Targets: []model.ObservedTarget{{Path: "b.txt", Resolved: "/w/p/b.txt", Repo: "/w/p"}}}
	// A system file the line cannot show exists (rules.FactExists),
	// observed there and observed absent.
	siteThere  = &model.Observed{Targets: []model.ObservedTarget{{Path: "/etc/nginx/sites-available/app", Resolved: "/etc/nginx/sites-available/app", Exists: true, Kind: "file", Git: model.GitNone, Files: 1, Bytes: 120}}}
	siteAbsent = &model.Observed{Targets: []model.ObservedTarget{{Path: "/etc/nginx/sites-available/app", Resolved: "/etc/nginx/sites-available/app"}}}
)

// observedCases are the test rows of the rows that read observed facts,
// with the facts above (internal/observe's scenarios observe them for
// real).
func observedCases(t *testing.T) []rulestest.Case {
	out := []rulestest.Case{
		{Row: "fs.truncate.new-files", Hit: "truncate -s 10M b.txt", Observed: newFile, Miss: "truncate -s 10M b.txt", MissObserved: cleanFile},
		{Row: "fs.rm.observed.loss", Hit: "rm -rf src", Observed: untrackedDir, Miss: "rm -rf src", MissObserved: cleanDir},
		{Row: "fs.rm.observed.loss", Hit: "rm -rf data", Observed: ignoredData, Miss: "rm -rf build", MissObserved: ignoredBuild},
		{Row: "fs.rm.observed.empty-dir", Hit: "rm -rf x", Observed: emptyDir, Miss: "rm -rf x", MissObserved: timedOut},
		{Row: "fs.rm.observed.empty-dir", Hit: "rm -r x", Observed: emptyDir, Miss: "rm -r x", MissObserved: absent},
		{Row: "fs.rm.observed.from-git", Hit: "rm -rf src", Observed: cleanDir, Miss: "rm -rf src"},
		{Row: "fs.rm.observed.from-git", Hit: "rm -rf build", Observed: ignoredBuild, Miss: "rm -rf data", MissObserved: ignoredData},
		{Row: "fs.mv.observed.new", Hit: "mv a.txt b.txt", Observed: newFile, Miss: "mv a.txt b.txt", MissObserved: cleanFile},
		{Row: "fs.mv.observed.loss", Hit: "mv a.txt b.txt", Observed: modifiedFile, Miss: "mv -n a.txt b.txt", MissObserved: modifiedFile},
		{Row: "fs.mv.observed.from-git", Hit: "mv a.txt b.txt", Observed: cleanFile, Miss: "mv a.txt b.txt", MissObserved: modifiedFile},
		{Row: "fs.cp.observed.new", Hit: "cp a.txt b.txt", Observed: newFile, Miss: "cp a.txt b.txt", MissObserved: modifiedFile},
		{Row: "fs.cp.observed.loss", Hit: "cp a.txt b.txt", Observed: modifiedFile, Miss: "cp a.txt b.txt", MissObserved: cleanFile},
		{Row: "fs.cp.observed.from-git", Hit: "cp a.txt b.txt", Observed: cleanFile, Miss: "cp a.txt b.txt", MissObserved: newFile},
		{Row: "fs.redirect.observed.new", Hit: "echo x > b.txt", Observed: newFile, Miss: "echo x > b.txt", MissObserved: cleanFile},
		{Row: "fs.redirect.observed.loss", Hit: "echo x > b.txt", Observed: modifiedFile, Miss: "echo x > b.txt", MissObserved: newFile},
		{Row: "fs.redirect.observed.from-git", Hit: "echo x > b.txt", Observed: cleanFile, Miss: "echo x > b.txt", MissObserved: modifiedFile},
		{Row: "fs.tee.observed.new", Hit: "echo x | tee b.txt", Observed: newFile, Miss: "echo x | tee b.txt", MissObserved: cleanFile},
		{Row: "fs.tee.observed.loss", Hit: "echo x | tee b.txt", Observed: modifiedFile, Miss: "echo x | tee -a b.txt", MissObserved: modifiedFile},
		{Row: "fs.tee.observed.from-git", Hit: "echo x | tee b.txt", Observed: cleanFile, Miss: "echo x | tee b.txt", MissObserved: modifiedFile},
		{Row: "fs.sponge.observed.new", Hit: "sort a | sponge b.txt", Observed: newFile, Miss: "sort a | sponge b.txt", MissObserved: cleanFile},
		{Row: "fs.sponge.observed.loss", Hit: "sort a | sponge b.txt", Observed: modifiedFile, Miss: "sort a | sponge -a b.txt", MissObserved: modifiedFile},
		{Row: "fs.sponge.observed.from-git", Hit: "sort a | sponge b.txt", Observed: cleanFile, Miss: "sort a | sponge b.txt", MissObserved: modifiedFile},
		{Row: "fs.truncate.observed.loss", Hit: "truncate -s 0 b.txt", Observed: modifiedFile, Miss: "truncate -s +1M b.txt", MissObserved: modifiedFile},
		{Row: "fs.truncate.observed.from-git", Hit: "truncate -s 0 b.txt", Observed: cleanFile, Miss: "truncate -s 0 b.txt", MissObserved: modifiedFile},
		// Observation answers the fact exists: the rule asks for (one
		// name, rules/facts.go): an existing system file is written over,
		// an absent one is a new file.
		{Row: "fs.cp.critical", Hit: "cp nginx.conf /etc/nginx/sites-available/app", Observed: siteThere,
			Miss: "cp nginx.conf /etc/nginx/sites-available/app", MissObserved: siteAbsent},
		{Row: "fs.cp.observed.new", Hit: "cp nginx.conf /etc/nginx/sites-available/app", Observed: siteAbsent,
			Miss: "cp nginx.conf /etc/nginx/sites-available/app", MissObserved: siteThere},
	}
	// The rows of rules.ObservedWrites for dd of=, install and ln -f: a
	// new file, a loss, and what git gives back.
	for _, w := range []struct{ typ, line, miss string }{
		{"dd", "dd if=a.txt of=b.txt", "dd if=a.txt of=/dev/sda"},
		{"install", "install -m 644 a.txt b.txt", "install -d b.txt"},
		{"ln", "ln -sf a.txt b.txt", "ln -s a.txt b.txt"},
	} {
		out = append(out,
			rulestest.Case{Row: "fs." + w.typ + ".observed.new", Hit: w.line, Observed: newFile, Miss: w.line, MissObserved: cleanFile},
			rulestest.Case{Row: "fs." + w.typ + ".observed.loss", Hit: w.line, Observed: modifiedFile, Miss: w.line, MissObserved: cleanFile},
			rulestest.Case{Row: "fs." + w.typ + ".observed.from-git", Hit: w.line, Observed: cleanFile, Miss: w.miss, MissObserved: cleanFile},
		)
	}
	return out
}
