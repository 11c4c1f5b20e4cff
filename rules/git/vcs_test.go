package git

import (
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
)

func TestOtherVCSRows(t *testing.T) {
	rulestest.Run(t, OtherVCSRules(), []rulestest.Case{
		{Row: "hg.help", Hit: "hg help strip", Miss: "hg strip -r 100"},
		{Row: "hg.update.clean", Hit: "hg update -C default", Miss: "hg update default"},
		{Row: "hg.update.clean", Hit: "hg co --clean tip", Miss: "hg co tip"},
		{Row: "hg.revert.no-backup", Hit: "hg revert --all --no-backup", Miss: "hg revert --all"},
		{Row: "hg.revert", Hit: "hg revert --all", Miss: "hg revert --all --no-backup"},
		{Row: "hg.purge", Hit: "hg purge --all", Miss: "hg status --unknown"},
		{Row: "hg.strip.no-backup", Hit: "hg strip --no-backup -r 100", Miss: "hg strip -r 100"},
		{Row: "hg.strip", Hit: "hg strip -r 100", Miss: "hg log -r 100"},
		{Row: "hg.read", Hit: "hg log -l 5", Miss: "hg push -f"},
		{Row: "hg.other", Hit: "hg push -f", Miss: "hg diff"},
		{Row: "svn.help", Hit: "svn help revert", Miss: "svn revert -R ."},
		{Row: "svn.revert", Hit: "svn revert -R .", Miss: "svn status"},
		{Row: "svn.cleanup.remove", Hit: "svn cleanup --remove-unversioned", Miss: "svn cleanup"},
		{Row: "svn.delete", Hit: "svn delete svn://h/repo/trunk -m x", Miss: "svn copy a b"},
		{Row: "svn.read", Hit: "svn log -l 5", Miss: "svn commit -m x"},
		{Row: "svn.other", Hit: "svn commit -m x", Miss: "svn info"},
	})
}
