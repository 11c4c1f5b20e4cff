package model

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestLookup(t *testing.T) {
	m := &Mutation{
		Before: map[string]any{"a": true, "list": []any{map[string]any{"x": 1.0}}, "empty": []any{}, "nil": nil,
			"secret": "s", "nested": map[string]any{"k": "v"}},
		After:           map[string]any{"a": false},
		AfterUnknown:    map[string]any{"id": true, "blk": []any{map[string]any{"y": true}}},
		BeforeSensitive: map[string]any{"secret": true, "nested": true},
	}
	tests := []struct {
		side      Side
		path      string
		state     State
		value     any
		sensitive bool
	}{
		{Before, "a", Known, true, false},
		{Before, "list.0.x", Known, 1.0, false},
		{Before, "list.1.x", Known, nil, false},  // the list is there: a missing element is unset
		{Before, "empty.0.x", Known, nil, false}, // an empty block is unset, not missing evidence
		{Before, "nil", Known, nil, false},       // null is a known value
		{Before, "missing", Absent, nil, false},  // not in the input
		{Before, "list.x", Known, nil, false},    // a name where an index belongs reads as unset
		{Before, "secret", Known, "s", true},     // sensitive, still readable by rules
		{Before, "nested.k", Known, "v", true},   // a whole object marked sensitive marks its leaves
		{After, "a", Known, false, false},
		{After, "id", Unknown, nil, false},      // known only after apply
		{After, "blk.0.y", Unknown, nil, false}, // nested unknown
		{After, "blk.0.z", Absent, nil, false},  // after lacks it, and it is not marked unknown
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d/%s", tt.side, tt.path), func(t *testing.T) {
			v := m.Lookup(tt.side, tt.path)
			if v.State != tt.state || v.V != tt.value || v.Sensitive != tt.sensitive {
				t.Fatalf("got %+v", v)
			}
		})
	}
	if (&Mutation{After: nil}).Lookup(After, "a").State != Absent {
		t.Fatal("a missing after object must be absent")
	}
	if (&Mutation{After: map[string]any{}, AfterUnknown: true}).Lookup(After, "a").State != Unknown {
		t.Fatal("after_unknown=true marks everything unknown")
	}
	if !(&Mutation{AfterSensitive: true}).IsSensitive("anything") {
		t.Fatal("after_sensitive=true marks everything sensitive")
	}
}

func TestDecisionRank(t *testing.T) {
	if !(Allow.Rank() < Warn.Rank() && Warn.Rank() < Escalate.Rank() && Escalate.Rank() < Block.Rank()) {
		t.Fatal("decisions out of order")
	}
	if Decision("maybe").Rank() != Block.Rank() {
		t.Fatal("an unknown decision must rank as block")
	}
	if _, ok := ParseDecision("deny"); ok {
		t.Fatal("parsed a decision that does not exist")
	}
}

func TestTiers(t *testing.T) {
	seen := map[string]bool{}
	for _, tier := range Tiers {
		if !tier.Valid() || tier.Label() == "invalid" || seen[tier.Label()] {
			t.Fatalf("tier %d: %q", tier, tier.Label())
		}
		seen[tier.Label()] = true
	}
	if Tier(0).Valid() || Tier(6).Valid() {
		t.Fatal("tiers outside 1-5 are valid")
	}
}

func TestActionDestroys(t *testing.T) {
	for a, want := range map[Action]bool{ActionDelete: true, ActionReplace: true, ActionUnknown: true,
		ActionCreate: false, ActionUpdate: false, ActionRead: false, ActionNoop: false, ActionForget: false} {
		if a.Destroys() != want {
			t.Errorf("%s.Destroys() = %v", a, !want)
		}
	}
}

func TestError(t *testing.T) {
	e := &Error{Kind: KindInvalidJSON, File: "plan.json", Line: 3, Column: 7, Field: "x", Message: "bad", Expected: "good"}
	if got := e.Error(); got != "plan.json:3:7: x: bad; expected good" {
		t.Fatal(got)
	}
	if got := (&Error{Kind: KindInvalidJSON, Line: 2, Column: 1, Message: "bad"}).Error(); got != "line 2, column 1: bad" {
		t.Fatal(got)
	}
	wrapped := fmt.Errorf("context: %w", e)
	if AsError(wrapped) != e {
		t.Fatal("AsError lost the *Error")
	}
	if AsError(errors.New("plain")).Kind != KindInternal {
		t.Fatal("a plain error must become internal")
	}
}

func TestInventory(t *testing.T) {
	inv := NewInventory()
	inv.Add(Resource{Address: "a", Type: "t", Values: map[string]any{"bucket": "x"}})
	inv.Add(Resource{Address: "b", Type: "t", Values: map[string]any{"bucket": "y"}})
	if got := inv.Find("t", "bucket", "x"); len(got) != 1 || got[0].Address != "a" {
		t.Fatalf("%+v", got)
	}
	// A later Add for the same address replaces the earlier one and resets the index.
	inv.Add(Resource{Address: "a", Type: "t", Values: map[string]any{"bucket": "z"}})
	if len(inv.Find("t", "bucket", "x")) != 0 || len(inv.Find("t", "bucket", "z")) != 1 || inv.Len() != 2 {
		t.Fatal("replacement not indexed")
	}
	var nilInv *Inventory
	if nilInv.Find("t", "bucket", "x") != nil {
		t.Fatal("a nil inventory finds nothing")
	}
}

func TestValueAt(t *testing.T) {
	values := map[string]any{"versioning": []any{map[string]any{"enabled": true}}, "name": "b", "empty": []any{}}
	tests := []struct {
		path string
		want any
		ok   bool
	}{
		{"versioning.0.enabled", true, true},
		{"name", "b", true},
		{"versioning.1.enabled", nil, false},
		{"empty.0.x", nil, false},
		{"versioning.x", nil, false},
		{"missing", nil, false},
	}
	for _, tt := range tests {
		if got, ok := ValueAt(values, tt.path); got != tt.want || ok != tt.ok {
			t.Errorf("%s: %v %v, want %v %v", tt.path, got, ok, tt.want, tt.ok)
		}
	}
}

func TestTierCountsJSON(t *testing.T) {
	c := TierCounts{TierReversible: 2, TierNeedsReview: 1}
	b, err := json.Marshal(struct {
		C TierCounts `json:"c"`
	}{c})
	if err != nil {
		t.Fatal(err)
	}
	// The same bytes encoding/json writes for the map reports used to hold.
	want, _ := json.Marshal(struct {
		C map[string]int `json:"c"`
	}{map[string]int{"reversible": 2, "recoverable-with-effort": 0, "recoverable-from-backup": 0, "unrecoverable": 0, "needs-review": 1}})
	if string(b) != string(want) {
		t.Fatalf("got %s, want %s", b, want)
	}
	var back struct {
		C TierCounts `json:"c"`
	}
	if err := json.Unmarshal(b, &back); err != nil || back.C != c {
		t.Fatalf("round trip: %v %v", back.C, err)
	}
	if err := json.Unmarshal([]byte(`{"c": {"fine": 1}}`), &back); err == nil || !strings.Contains(err.Error(), `"fine" is not a tier label`) {
		t.Fatalf("unknown label: %v", err)
	}
	if c.Add(Tier(9)) || c.Of(Tier(9)) != 0 || !c.Add(TierUnrecoverable) || c.Of(TierUnrecoverable) != 1 {
		t.Fatalf("Add/Of: %v", c)
	}
}

func TestNilInventoryIsEmpty(t *testing.T) {
	var inv *Inventory
	if inv.Has("a.b") || inv.Len() != 0 || inv.Find("t", "id", "x") != nil || inv.Types() != nil {
		t.Fatal("a nil inventory is not empty")
	}
}

func TestParseFailOn(t *testing.T) {
	for s, want := range map[string]bool{"warn": true, "escalate": true, "block": true, "allow": false, "": false, "Block": false, "deny": false} {
		if d, ok := ParseFailOn(s); ok != want || ok && string(d) != s {
			t.Errorf("ParseFailOn(%q) = %q, %v; want ok %v", s, d, ok, want)
		}
	}
}
