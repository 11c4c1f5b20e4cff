package rules

import (
	"slices"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

type obj = map[string]any

func mut(action model.Action, before, after obj) *model.Mutation {
	return &model.Mutation{Source: model.SourceTerraform, Action: action, Address: "t.x",
		Target: model.Target{Type: "t", ID: "t.x"}, Before: before, After: after}
}

func TestConditions(t *testing.T) {
	tests := []struct {
		name string
		cond Cond
		m    *model.Mutation
		want Truth
	}{
		{"eq true", Was("a", Eq(true)), mut(model.ActionDelete, obj{"a": true}, nil), True},
		{"eq false", Was("a", Eq(true)), mut(model.ActionDelete, obj{"a": false}, nil), False},
		{"eq absent", Was("a", Eq(true)), mut(model.ActionDelete, obj{}, nil), Unknown},
		{"eq no object", Was("a", Eq(true)), mut(model.ActionDelete, nil, nil), Unknown},
		{"ne null", Was("a", Ne(false)), mut(model.ActionDelete, obj{"a": nil}, nil), True},
		{"number", Was("n", AtMost(0)), mut(model.ActionDelete, obj{"n": 0.0}, nil), True},
		{"number above", Was("n", Above(3)), mut(model.ActionDelete, obj{"n": 7.0}, nil), True},
		{"string not number", Was("n", AtMost(0)), mut(model.ActionDelete, obj{"n": "0"}, nil), False},
		{"null", Was("s", Null()), mut(model.ActionDelete, obj{"s": ""}, nil), True},
		{"set", Was("s", Set()), mut(model.ActionDelete, obj{"s": "x"}, nil), True},
		{"nested", Was("b.0.c", Eq(true)), mut(model.ActionDelete, obj{"b": []any{obj{"c": true}}}, nil), True},
		{"nested empty block is unset", Was("b.0.c", Eq(true)), mut(model.ActionDelete, obj{"b": []any{}}, nil), False},
		{"default used", WasDefault("a", true, Ne(false)), mut(model.ActionDelete, obj{}, nil), True},
		{"default not used when present", WasDefault("a", true, Ne(false)), mut(model.ActionDelete, obj{"a": false}, nil), False},
		{"if present absent", WasIfPresent("a", Eq(true)), mut(model.ActionDelete, obj{}, nil), False},
		{"becomes", Becomes("p", Eq(true), Eq(false)), mut(model.ActionUpdate, obj{"p": true}, obj{"p": false}), True},
		{"becomes wrong start", Becomes("p", Eq(true), Eq(false)), mut(model.ActionUpdate, obj{"p": false}, obj{"p": false}), False},
		{"becomes after unknown", Becomes("p", Eq(true), Eq(false)), &model.Mutation{Action: model.ActionUpdate, Before: obj{"p": true}, After: obj{}, AfterUnknown: obj{"p": true}}, Unknown},
		{"becomes whole after unknown", Becomes("p", Eq(true), Eq(false)), &model.Mutation{Action: model.ActionUpdate, Before: obj{"p": true}, After: obj{}, AfterUnknown: true}, Unknown},
		{"becomes, neither side mentions it", Becomes("p", Eq(true), Eq(false)), mut(model.ActionUpdate, obj{"q": 1.0}, obj{"q": 2.0}), False},
		{"becomes, dropped from after", Becomes("p", Eq(true), Eq(false)), mut(model.ActionUpdate, obj{"p": true}, obj{"q": 2.0}), Unknown},
		{"changes", Changes("v", Set()), mut(model.ActionUpdate, obj{"v": "1"}, obj{"v": "2"}), True},
		{"changes same", Changes("v", Set()), mut(model.ActionUpdate, obj{"v": "1"}, obj{"v": "1"}), False},
		{"all unknown", All(Was("a", Eq(true)), Was("b", Eq(true))), mut(model.ActionDelete, obj{"a": true}, nil), Unknown},
		{"all false wins", All(Was("a", Eq(true)), Was("b", Eq(true))), mut(model.ActionDelete, obj{"b": false}, nil), False},
		{"any true wins", Any(Was("a", Eq(true)), Was("b", Eq(true))), mut(model.ActionDelete, obj{"b": true}, nil), True},
		{"any unknown", Any(Was("a", Eq(true)), Was("b", Eq(true))), mut(model.ActionDelete, obj{"b": false}, nil), Unknown},
		{"not", Not(Was("a", Eq(true))), mut(model.ActionDelete, obj{"a": false}, nil), True},
		{"not unknown", Not(Was("a", Eq(true))), mut(model.ActionDelete, obj{}, nil), Unknown},
		{"some", WasSome("l", "d", Eq(true)), mut(model.ActionDelete, obj{"l": []any{obj{"d": false}, obj{"d": true}}}, nil), True},
		{"some none", WasSome("l", "d", Eq(true)), mut(model.ActionDelete, obj{"l": []any{obj{"d": false}}}, nil), False},
		{"informs", Informs(Was("a", Eq(true))), mut(model.ActionDelete, obj{}, nil), True},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.cond.Eval(Facts{M: tt.m}).Truth; got != tt.want {
				t.Fatalf("%s: got %d, want %d", tt.cond, got, tt.want)
			}
			if tt.cond.String() == "" {
				t.Fatal("condition has no description")
			}
		})
	}
}

func table() []Rule {
	return []Rule{
		{ID: "t.protected", Type: "t", On: Destroy, When: Was("guard", Eq(true)), Tier: model.TierReversible, Reason: "guarded"},
		{ID: "t.lost", Type: "t", On: Destroy, When: Was("backup", Eq(false)), Tier: model.TierUnrecoverable, Reason: "no backup"},
		{ID: "t.backed", Type: "t", On: Destroy, Tier: model.TierRecoverableFromBackup, Reason: "backed up"},
		{ID: "any.create", Type: AnyType, On: Create, Tier: model.TierReversible, Reason: "create"},
	}
}

func TestJudge(t *testing.T) {
	eng, err := NewEngine(table())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		m        *model.Mutation
		wantOK   bool
		wantRule string
		wantTier model.Tier
		reason   string
	}{
		{"first match wins", mut(model.ActionDelete, obj{"guard": true, "backup": false}, nil), true, "t.protected", 1, "guarded"},
		{"worse row", mut(model.ActionDelete, obj{"guard": false, "backup": false}, nil), true, "t.lost", 4, "backup=false"},
		{"catch-all", mut(model.ActionDelete, obj{"guard": false, "backup": true}, nil), true, "t.backed", 3, "backed up"},
		{"unknown lower row does not matter", mut(model.ActionDelete, obj{"backup": false}, nil), true, "t.lost", 4, ""},
		{"unknown worse row: needs review", mut(model.ActionDelete, obj{"guard": false}, nil), true, "t.lost", 5, "cannot rule out unrecoverable"},
		{"unknown action reads as delete", &model.Mutation{Action: model.ActionUnknown, RawActions: []string{"create", "forget"}, Target: model.Target{Type: "t"}, Before: obj{"guard": false, "backup": false}}, true, "t.lost", 4, `action list ["create","forget"] is not one Recourse knows`},
		{"generic row", mut(model.ActionCreate, nil, obj{}), true, "any.create", 1, "create"},
		{"no row: classifier's turn", mut(model.ActionUpdate, obj{}, obj{}), false, "", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, ok := eng.Judge(Facts{M: tt.m, Inv: model.NewInventory()})
			if ok != tt.wantOK {
				t.Fatalf("ok %v, want %v", ok, tt.wantOK)
			}
			if !ok {
				return
			}
			if v.RuleID != tt.wantRule || v.Tier != tt.wantTier || !strings.Contains(v.Reasoning, tt.reason) {
				t.Fatalf("got %s %d %q", v.RuleID, v.Tier, v.Reasoning)
			}
			if tt.m.Action == model.ActionUnknown && v.Confidence == model.ConfidenceHigh {
				t.Fatal("an unknown action list kept HIGH confidence")
			}
		})
	}
}

func TestSensitiveEvidenceNeverCopied(t *testing.T) {
	eng, err := NewEngine(table())
	if err != nil {
		t.Fatal(err)
	}
	m := mut(model.ActionDelete, obj{"guard": false, "backup": "hunter2-but-false"}, nil)
	m.Before["backup"] = false
	m.BeforeSensitive = obj{"backup": true}
	v, _ := eng.Judge(Facts{M: m})
	if v.RuleID != "t.lost" || !strings.Contains(v.Reasoning, "backup=(sensitive)") {
		t.Fatalf("%s: %s", v.RuleID, v.Reasoning)
	}
	for _, e := range v.Evidence {
		if e.Key == "backup" && (e.Value != nil || !e.Sensitive) {
			t.Fatalf("sensitive evidence copied: %+v", e)
		}
	}
}

func TestNewEngineRejectsBadTables(t *testing.T) {
	good := Rule{ID: "x", Type: "t", On: Destroy, Tier: 1, Reason: "r"}
	tests := map[string][]Rule{
		"duplicate id": {good, good},
		"empty id":     {{Type: "t", On: Destroy, Tier: 1, Reason: "r"}},
		"no type":      {{ID: "x", On: Destroy, Tier: 1, Reason: "r"}},
		"bad tier":     {{ID: "x", Type: "t", On: Destroy, Tier: 6, Reason: "r"}},
		"no reason":    {{ID: "x", Type: "t", On: Destroy, Tier: 1}},
		"no actions":   {{ID: "x", Type: "t", Tier: 1, Reason: "r"}},
		"bad action":   {{ID: "x", Type: "t", On: []model.Action{"remove"}, Tier: 1, Reason: "r"}},
		"typed first":  {{ID: "x", Type: "t", On: Destroy, Tier: 1, Reason: "r", First: true}},
	}
	for name, rows := range tests {
		if _, err := NewEngine(rows); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestRowOrder: an AnyType row marked First is read before the type's own
// rows, any other AnyType row after them.
func TestRowOrder(t *testing.T) {
	eng, err := NewEngine([]Rule{
		{ID: "late", Type: AnyType, On: Destroy, Tier: 2, Reason: "generic"},
		{ID: "own", Type: "t", On: Destroy, When: Was("own", Eq(true)), Tier: 4, Reason: "its own"},
		{ID: "first", Type: AnyType, On: Destroy, When: Was("first", Eq(true)), Tier: 1, Reason: "first", First: true},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		before obj
		want   string
	}{
		{obj{"own": true, "first": true}, "first"},
		{obj{"own": true, "first": false}, "own"},
		{obj{"own": false, "first": false}, "late"},
	} {
		v, ok := eng.Judge(Facts{M: mut(model.ActionDelete, tt.before, nil)})
		if !ok || v.RuleID != tt.want {
			t.Errorf("%v: %s, want %s", tt.before, v.RuleID, tt.want)
		}
	}
}

func TestFactText(t *testing.T) {
	tests := []struct {
		ev   model.Evidence
		want string
	}{
		{model.Evidence{Key: "a", Value: true, Present: true}, "a=true"},
		{model.Evidence{Key: "a", Value: "x", Present: true, Sensitive: true}, "a=(sensitive)"},
		{model.Evidence{Key: "a", Value: map[string]any{"before": 7.0, "after": 0.0}, Present: true}, "a: 7 → 0"},
		{model.Evidence{Key: "a", Value: true}, "a=true (provider default; not in the input)"},
		{model.Evidence{Key: "a"}, "a absent"},
	}
	for _, tt := range tests {
		if got := FactText(tt.ev); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.ev, got, tt.want)
		}
	}
}

// keyedCond holds when the "kind" attribute before the change is key; it
// is filed under key by kindKeyer.
type keyedCond struct {
	keyer *Keyer
	key   string
	seen  *[]string
}

func (c keyedCond) Key() (*Keyer, string) { return c.keyer, c.key }
func (c keyedCond) String() string        { return "kind " + c.key }
func (c keyedCond) Eval(f Facts) Result {
	*c.seen = append(*c.seen, c.key)
	if f.M.Before["kind"] == c.key {
		return Result{Truth: True}
	}
	return Result{Truth: False}
}

// TestKeyedRows: a keyed row is read only for changes of its key, in table
// order with the unkeyed rows; a change whose key no row names reads the
// unkeyed rows; two keyers in one type are refused.
func TestKeyedRows(t *testing.T) {
	kinds := &Keyer{Name: "kind", Of: func(m *model.Mutation) (string, bool) {
		k, ok := m.Before["kind"].(string)
		return k, ok
	}}
	var seen []string
	eng, err := NewEngine([]Rule{
		{ID: "a", Type: "t", On: Destroy, When: keyedCond{kinds, "a", &seen}, Tier: 4, Reason: "a"},
		{ID: "any", Type: "t", On: Destroy, When: Func("flag", func(f Facts) Result {
			if f.M.Before["flag"] == true {
				return Result{Truth: True}
			}
			return Result{Truth: False}
		}), Tier: 3, Reason: "flag"},
		{ID: "b", Type: "t", On: Destroy, When: keyedCond{kinds, "b", &seen}, Tier: 2, Reason: "b"},
		// An Any of keyed conditions is filed under each of their keys;
		// one with an unkeyed member is read for every change.
		{ID: "d-or-e", Type: "t", On: Destroy, When: Any(keyedCond{kinds, "d", &seen}, keyedCond{kinds, "e", &seen}), Tier: 2, Reason: "d or e"},
		{ID: "f-or-flag2", Type: "t", On: Destroy, When: Any(keyedCond{kinds, "f", &seen}, Func("flag2", func(f Facts) Result {
			return Decided(f.M.Before["flag2"] == true)
		})), Tier: 2, Reason: "f or flag2"},
		{ID: "rest", Type: "t", On: Destroy, Tier: 1, Reason: "rest"},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		before   obj
		want     string
		wantSeen []string
	}{
		{obj{"kind": "b"}, "b", []string{"b"}},
		{obj{"kind": "b", "flag": true}, "any", nil},
		{obj{"kind": "a"}, "a", []string{"a"}},
		{obj{"kind": "c"}, "rest", []string{"f"}},
		{obj{}, "rest", []string{"f"}},
		{obj{"kind": "e"}, "d-or-e", []string{"d", "e"}},
		{obj{"kind": "f"}, "f-or-flag2", []string{"f"}},
		{obj{"kind": "c", "flag2": true}, "f-or-flag2", []string{"f"}},
	} {
		seen = nil
		v, ok := eng.Judge(Facts{M: mut(model.ActionDelete, tt.before, nil)})
		if !ok || v.RuleID != tt.want || !slices.Equal(seen, tt.wantSeen) {
			t.Errorf("%v: %s after reading %v, want %s after %v", tt.before, v.RuleID, seen, tt.want, tt.wantSeen)
		}
	}
	other := &Keyer{Name: "other", Of: kinds.Of}
	if _, err := NewEngine([]Rule{
		{ID: "a", Type: "t", On: Destroy, When: keyedCond{kinds, "a", &seen}, Tier: 4, Reason: "a"},
		{ID: "b", Type: "t", On: Destroy, When: keyedCond{other, "b", &seen}, Tier: 2, Reason: "b"},
	}); err == nil {
		t.Error("two keyers in one type were accepted")
	}
}

// TestNeededWords: a row whose condition needs a subcommand word is not
// evaluated for a command without it (nor with an argument known only at
// run time), decides as before when the word is there, and is still
// evaluated, and shown, in an explanation.
func TestNeededWords(t *testing.T) {
	evaluated := 0
	counted := Func("counted", func(Facts) Result { evaluated++; return Result{Truth: True} })
	eng, err := NewEngine([]Rule{
		{ID: "p.publish", Type: "p", On: Execute, When: All(Any(Sub("publish"), Sub("release", "push")), counted), Tier: model.TierNeedsReview, Reason: "publishes"},
		{ID: "p.any", Type: "p", On: Execute, When: All(Any(Sub("publish"), Flag("x")), counted), Tier: model.TierNeedsReview, Reason: "a flag or publish"},
		{ID: "p.other", Type: "p", On: Execute, Tier: model.TierReversible, Reason: "anything else"},
	})
	if err != nil {
		t.Fatal(err)
	}
	cmd := func(args ...model.Arg) *model.Mutation {
		return &model.Mutation{Source: model.SourceShell, Action: model.ActionExecute, Target: model.Target{Type: "p"},
			Command: &model.Command{Program: "p", Args: args}}
	}
	lit := func(v string) model.Arg { return model.Arg{Value: v} }
	tests := []struct {
		name      string
		m         *model.Mutation
		want      string
		evaluated int
	}{
		{"word absent: passed over", cmd(lit("test")), "p.other", 0},
		{"word present", cmd(lit("PUBLISH")), "p.publish", 1},
		{"a word spelled with a letter that folds to ASCII", cmd(lit("publi\u017fh")), "p.publish", 1},
		{"either word of an Any", cmd(lit("release"), lit("push")), "p.publish", 1},
		{"a run-time argument may be the word", cmd(model.Arg{Value: "$X", Dynamic: true}), "p.publish", 2},
		{"an Any with a branch that needs no word is evaluated", cmd(lit("-x")), "p.any", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			evaluated = 0
			v, ok := eng.Judge(Facts{M: tt.m})
			if !ok || v.RuleID != tt.want || evaluated != tt.evaluated {
				t.Errorf("got %s (ok %v), %d evaluations; want %s, %d", v.RuleID, ok, evaluated, tt.want, tt.evaluated)
			}
		})
	}
	// Needing declares the words of a condition that Sub does not build.
	evaluated = 0
	declared, err := NewEngine([]Rule{{ID: "p.zap", Type: "p", On: Execute, When: Needing([]string{"zap"}, counted), Tier: model.TierNeedsReview, Reason: "zaps"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := declared.Judge(Facts{M: cmd(lit("test"))}); ok || evaluated != 0 {
		t.Errorf("Needing: a command without the word decided (%v) or evaluated the row %d times", ok, evaluated)
	}
	if v, ok := declared.Judge(Facts{M: cmd(lit("zap"))}); !ok || v.RuleID != "p.zap" || evaluated != 1 {
		t.Errorf("Needing: %s (ok %v), %d evaluations; want p.zap, 1", v.RuleID, ok, evaluated)
	}
	_, _, steps := eng.Explain(Facts{M: cmd(lit("test"))})
	if len(steps) == 0 || steps[0].Rule.ID != "p.publish" || steps[0].Truth != False {
		t.Errorf("explanation: %+v, want p.publish evaluated and false first", steps)
	}
}

// TestAlsoRows: an Also row is read whichever row decides, and its verdict
// is kept only when it is the worse; with no row of the type's own, it
// decides alone.
func TestAlsoRows(t *testing.T) {
	public := Func("public", func(f Facts) Result { return Decided(f.M.After["public"] == true) })
	eng, err := NewEngine([]Rule{
		{ID: "t.backups-off", Type: "t", On: Update, When: Func("backups off", func(f Facts) Result { return Decided(f.M.After["backups"] == false) }),
			Tier: model.TierUnrecoverable, Reason: "backups off"},
		{ID: "t.update", Type: "t", On: Update, Tier: model.TierRecoverableWithEffort, Reason: "update"},
		{ID: "any.public", Type: AnyType, On: Update, Also: true, When: public, Tier: model.TierNeedsReview, Reason: "made public"},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		typ   string
		after obj
		want  string
	}{
		{"t", obj{"public": true}, "any.public"},                      // worse than the update
		{"t", obj{"public": true, "backups": false}, "t.backups-off"}, // not worse than unrecoverable
		{"t", obj{"public": false}, "t.update"},
		{"u", obj{"public": true}, "any.public"}, // no row of its own
	} {
		m := mut(model.ActionUpdate, obj{}, tt.after)
		m.Target.Type = tt.typ
		v, ok := eng.Judge(Facts{M: m})
		if !ok || v.RuleID != tt.want {
			t.Errorf("%s %v: %s (%v), want %s", tt.typ, tt.after, v.RuleID, ok, tt.want)
		}
		if v.RuleID == "any.public" && tt.typ == "t" && !strings.Contains(v.Reasoning, "besides, update") {
			t.Errorf("%s %v: the decided verdict is not in the reasoning: %s", tt.typ, tt.after, v.Reasoning)
		}
	}
	if _, err := NewEngine([]Rule{{ID: "x", Type: "t", On: Update, Also: true, Tier: 1, Reason: "x"}}); err == nil {
		t.Error("an Also row of one type was accepted")
	}
}

// TestInitialsNeverHideAMention: the first-letter filter only skips a row
// whose needed words no argument can be (mentions would say false too).
func TestInitialsNeverHideAMention(t *testing.T) {
	words := [][]string{{"publish"}, {"Delete", "rm"}, {"--force"}, {"ſtop"}, {"x"}}
	cmds := []*model.Command{
		nil,
		{Args: []model.Arg{{Value: "PUBLISH"}}},
		{Args: []model.Arg{{Value: "-rf"}, {Value: "DELETE"}}},
		{Args: []model.Arg{{Value: "--FORCE"}}},
		{Args: []model.Arg{{Value: "ſtop"}}},
		{Args: []model.Arg{{Value: "$X", Dynamic: true}}},
		{Args: []model.Arg{{Value: ""}, {Value: "status"}}},
		{Args: []model.Arg{{Value: "Ｘ"}}},
	}
	for _, c := range cmds {
		for _, ws := range words {
			var need letterSet
			for _, w := range ws {
				need |= initial(w)
			}
			if m := mentions(c, ws); m && need&initialsOf(c) == 0 {
				t.Errorf("%v needs %v: mentioned, but the initials filter skips it", c, ws)
			}
		}
	}
	if initialsOf(&model.Command{Args: []model.Arg{{Value: "status"}}})&initial("publish") != 0 {
		t.Error("the filter lets status through for publish")
	}
}
