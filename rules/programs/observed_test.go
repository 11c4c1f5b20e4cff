package programs

import (
	"github.com/recourse-dev/recourse/internal/rulestest"
	"github.com/recourse-dev/recourse/model"
)

// observedInPlaceCases are the cases of the observed rows of sed -i and
// perl -i (inPlaceObserved), with facts as internal/observe records them
// (its scenarios observe them for real): without a suffix the file
// itself, with one the backup it writes.
func observedInPlaceCases() []rulestest.Case {
	file := func(git string, exists bool, lost ...model.ObservedFile) *model.Observed {
		t := model.ObservedTarget{Path: "b.txt", Resolved: "/w/p/b.txt", Repo: "/w/p", Exists: exists}
		if exists {
			t.Kind, t.Git, t.Files, t.Bytes = "file", git, 1, 5
			t.Lost, t.LostFiles = lost, len(lost)
		}
		return &model.Observed{Targets: []model.ObservedTarget{t}}
	}
	absent := file("", false)
	clean := file(model.GitClean, true)
	modified := file(model.GitModified, true, model.ObservedFile{Path: "b.txt", State: model.GitModified, Bytes: 5})
	var out []rulestest.Case
	for _, p := range []struct{ id, edit, backup string }{
		{"program.sed.in-place", "sed -i s/a/b/ b.txt", "sed -i.bak s/a/b/ b.txt"},
		{"program.perl.in-place", "perl -pi -e s/a/b/ b.txt", "perl -pi.bak -e s/a/b/ b.txt"},
	} {
		out = append(out,
			rulestest.Case{Row: p.id + ".observed.backup-kept", Hit: p.backup, Observed: absent, Miss: p.edit, MissObserved: absent},
			rulestest.Case{Row: p.id + ".observed.new", Hit: p.edit, Observed: absent, Miss: p.edit, MissObserved: clean},
			rulestest.Case{Row: p.id + ".observed.loss", Hit: p.edit, Observed: modified, Miss: p.backup, MissObserved: absent},
			rulestest.Case{Row: p.id + ".observed.from-git", Hit: p.edit, Observed: clean, Miss: p.edit, MissObserved: modified},
		)
	}
	return out
}
