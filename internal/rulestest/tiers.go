package rulestest

import (
	"slices"
	"testing"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// TierCase is one command line and the verdict its command of type Type
// must get: Tier, and when Missing is set, that fact among the verdict's
// missing evidence (the fact a block would rest on, when the line does
// not show it).
type TierCase struct {
	Line, Type string
	Tier       model.Tier
	Missing    string
}

// RunTiers judges every case, run in directory cwd, against table, and
// checks its tier and its missing fact. It is the table form of issue
// 32's "block only on facts": the same command needs review when the
// deciding fact is unseen and blocks when the line shows it.
func RunTiers(t *testing.T, table []rules.Rule, cwd string, cases []TierCase) {
	t.Helper()
	eng := Engine(t, table)
	for _, c := range cases {
		v, ok := Judge(t, eng, c.Line, cwd, c.Type)
		if !ok || v.Tier != c.Tier {
			t.Errorf("%s: tier %d (%s), want %d", c.Line, v.Tier, v.Reasoning, c.Tier)
			continue
		}
		if c.Missing != "" && !slices.Contains(v.MissingEvidence, c.Missing) {
			t.Errorf("%s: missing evidence %q, want %q among them", c.Line, v.MissingEvidence, c.Missing)
		}
	}
}

// Engine builds the rules engine of tables, or fails the test.
func Engine(t *testing.T, tables ...[]rules.Rule) *rules.Engine {
	t.Helper()
	eng, err := rules.NewEngine(tables...)
	if err != nil {
		t.Fatal(err)
	}
	return eng
}
