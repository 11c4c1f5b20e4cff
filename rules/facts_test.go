package rules

import (
	"testing"

	"github.com/recourse-dev/recourse/model"
)

// TestObservedFact: observation answers the facts rules ask for by their
// one set of names (exists:, gitignored:), and leaves them unknown when it
// did not run, did not reach the target, or could not gather them.
func TestObservedFact(t *testing.T) {
	target := func(tg model.ObservedTarget) *model.Observed {
		return &model.Observed{Targets: []model.ObservedTarget{tg}}
	}
	build := model.ObservedTarget{Path: "build", Resolved: "/w/p/build", Exists: true, Kind: "dir", Repo: "/w/p", Git: model.GitIgnored}
	site := build
	site.Path, site.Resolved = "site", "/w/p/site"
	tracked := build
	tracked.Git = model.GitClean
	untracked := build
	untracked.Git = model.GitUntracked
	unversioned := build
	unversioned.Repo, unversioned.Git = "", model.GitNone
	bounded := build
	bounded.Bound = "git status: timed out"
	for _, tc := range []struct {
		name          string
		obs           *model.Observed
		ws            *model.Workspace
		fact, subject string
		value, known  bool
	}{
		{"not observed", nil, nil, FactIgnoredOutput, "build", false, false},
		{"ignored build output", target(build), nil, FactIgnoredOutput, "build", true, true},
		{"by its resolved path", target(build), nil, FactIgnoredOutput, "./build/", true, true},
		{"ignored, not named as output, no build file", target(site), nil, FactIgnoredOutput, "site", false, false},
		{"ignored beside a build file", target(site), &model.Workspace{BuildFiles: []string{"Makefile"}}, FactIgnoredOutput, "site", true, true},
		{"tracked", target(tracked), nil, FactIgnoredOutput, "build", false, true},
		{"untracked", target(untracked), nil, FactIgnoredOutput, "build", false, true},
		{"in no repository", target(unversioned), nil, FactIgnoredOutput, "build", false, false},
		{"a bound stopped it", target(bounded), nil, FactIgnoredOutput, "build", false, false},
		{"another target", target(build), nil, FactIgnoredOutput, "out", false, false},
		{"exists", target(build), nil, FactExists, "/w/p/build", true, true},
		{"absent", target(model.ObservedTarget{Path: "x.list", Resolved: "/etc/apt/x.list"}), nil, FactExists, "/etc/apt/x.list", false, true},
		{"unavailable", &model.Observed{Targets: []model.ObservedTarget{{Path: "x", Resolved: "/w/p/x"}}, Unavailable: []string{"x: permission denied"}}, nil, FactExists, "x", false, false},
		{"never observed", target(build), nil, FactThrowawayVolume, "build", false, false},
	} {
		c := &model.Command{Program: "rm", Cwd: "/w/p", Observed: tc.obs, Workspace: tc.ws}
		value, known := ObservedFact(Facts{M: &model.Mutation{Command: c}}, tc.fact, tc.subject)
		if value != tc.value || known != tc.known {
			t.Errorf("%s: %s:%s = %v (known %v), want %v (known %v)", tc.name, tc.fact, tc.subject, value, known, tc.value, tc.known)
		}
	}
}
