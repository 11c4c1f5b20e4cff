package rules

import (
	"slices"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

func lazyTestTables(built *[]string) []Table {
	table := func(name string, rows ...Rule) Table {
		t := Table{Name: name, Rows: func() []Rule {
			*built = append(*built, name)
			return append([]Rule(nil), rows...)
		}}
		for _, r := range rows {
			if !slices.Contains(t.Types, r.Type) {
				t.Types = append(t.Types, r.Type)
			}
		}
		t.On = ActionsOf(rows)
		return t
	}
	return []Table{
		table("any", Rule{ID: "any.first", Type: AnyType, On: Execute, First: true, When: Sub("help"), Tier: model.TierReversible, Reason: "help"}),
		table("rm", Rule{ID: "rm.root", Type: "rm", On: Execute, When: Sub("/"), Tier: model.TierUnrecoverable, Reason: "deletes"},
			Rule{ID: "rm.any", Type: "rm", On: Execute, Tier: model.TierRecoverableFromBackup, Reason: "deletes a file"}),
		table("tools", Rule{ID: "tool.rm", Type: "rm", On: []model.Action{model.ActionCall}, Tier: model.TierReversible, Reason: "a tool named rm"}),
		table("git", Rule{ID: "git.any", Type: "git", On: Execute, Tier: model.TierReversible, Reason: "git"}),
	}
}

// TestLazyEngine: the lazy engine builds the tables of rows read for
// every change at once and the others only when a change of their type
// and action is judged, and judges as the eager engine does.
func TestLazyEngine(t *testing.T) {
	var built []string
	tables := lazyTestTables(&built)
	if err := CheckLazy(tables...); err != nil {
		t.Fatal(err)
	}
	built = nil
	eng := NewLazyEngine(tables...)
	if strings.Join(built, ",") != "any" {
		t.Fatalf("built %q at first, want only the table of rows of any type", built)
	}
	if !eng.Knows("rm") || eng.Knows("cp") || len(built) != 1 {
		t.Fatalf("Knows built %q or answered wrongly", built)
	}
	v, ok := eng.Judge(Facts{M: typed("rm", "-rf build")})
	if !ok || v.RuleID != "rm.any" || strings.Join(built, ",") != "any,rm" {
		t.Fatalf("rm -rf: %v %v, built %q; want rm.any with only the rm table built (not the tools table, which judges calls)", v.RuleID, ok, built)
	}
	if v, ok := eng.Judge(Facts{M: typed("rm", "help")}); !ok || v.RuleID != "any.first" {
		t.Fatalf("rm help: %v %v, want any.first", v.RuleID, ok)
	}
	if _, ok := eng.Judge(Facts{M: typed("cp", "a b")}); ok || len(built) != 2 {
		t.Fatalf("cp: judged %v, built %q; want no row and nothing built", ok, built)
	}
}

// TestCheckLazyCatchesAStaleIndex: an index that leaves out a type or an
// action of a table's rows is reported, and a table that does not build
// makes its changes need review.
func TestCheckLazyCatchesAStaleIndex(t *testing.T) {
	var built []string
	tables := lazyTestTables(&built)
	tables[1].Types = []string{"rmdir"}
	if err := CheckLazy(tables...); err == nil || !strings.Contains(err.Error(), "types") {
		t.Fatalf("a stale type index: %v", err)
	}
	tables = lazyTestTables(&built)
	tables[2].On = []model.Action{model.ActionExecute}
	if err := CheckLazy(tables...); err == nil || !strings.Contains(err.Error(), "actions") {
		t.Fatalf("a stale action index: %v", err)
	}
	tables = lazyTestTables(&built)
	tables[1].Types = []string{"cp", "rm"} // lists a type, so the engine finds the table; its rows do not match it
	tables[1].Rows = func() []Rule { return []Rule{{ID: "rm.bad", Type: "rm", On: Execute, Tier: 9, Reason: "x"}} }
	v, ok := NewLazyEngine(tables...).Judge(Facts{M: typed("rm", "x")})
	if !ok || v.Tier != model.TierNeedsReview || v.RuleID != "rules.malformed-table" {
		t.Fatalf("a malformed table: %+v %v, want needs review", v, ok)
	}
}

// typed is command with its type, as the evaluator files it.
func typed(program, args string) *model.Mutation {
	m := command(program, args)
	m.Target.Type = program
	return m
}
