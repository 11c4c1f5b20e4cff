package classifier

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

// labelled reads a type<TAB>category file from testdata/classifier.
func labelled(t *testing.T, name string) [][2]string {
	t.Helper()
	f, err := os.Open("../testdata/classifier/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][2]string
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		typ, cat, ok := strings.Cut(line, "\t")
		if !ok || !validCategory(Category(cat)) || seen[typ] {
			t.Fatalf("%s:%d: want a new type, a tab and a category, got %q", name, n, line)
		}
		seen[typ] = true
		out = append(out, [2]string{typ, cat})
	}
	return out
}

func validCategory(c Category) bool {
	for _, k := range categories {
		if c == k {
			return true
		}
	}
	return false
}

// accuracy classifies every labelled type and returns, per category, the
// types it got right and the misses.
func accuracy(set [][2]string) (right map[Category]int, total map[Category]int, misses []string) {
	right, total = map[Category]int{}, map[Category]int{}
	for _, l := range set {
		want := Category(l[1])
		got, word, _ := Categorize(l[0])
		total[want]++
		if got == want {
			right[want]++
			continue
		}
		misses = append(misses, fmt.Sprintf("%s: %s (from %q), labelled %s", l[0], got, word, want))
	}
	return right, total, misses
}

func report(t *testing.T, name string, right, total map[Category]int) {
	var cats []string
	all, ok := 0, 0
	for c, n := range total {
		cats = append(cats, fmt.Sprintf("%-15s %3d/%3d %5.1f%%", c, right[c], n, 100*float64(right[c])/float64(n)))
		all += n
		ok += right[c]
	}
	sort.Strings(cats)
	t.Logf("%s: %d/%d (%.1f%%)\n%s", name, ok, all, 100*float64(ok)/float64(all), strings.Join(cats, "\n"))
}

// verdicts logs how the classifier's destroy verdicts compare with those
// its labels would give: whether it tells a data-bearing type from the
// rest (the split that decides between an unrecoverable verdict and a
// recoverable one), how often its tier is the label's, and how often it
// is at least as cautious. It returns the data-bearing agreement.
func verdicts(t *testing.T, name string, set [][2]string) float64 {
	t.Helper()
	split, same, cautious := 0, 0, 0
	for _, l := range set {
		want := Category(l[1])
		got, _, _ := Categorize(l[0])
		if got.DataBearing() == want.DataBearing() {
			split++
		}
		m := &model.Mutation{Source: model.SourceTerraform, Action: model.ActionDelete, Target: model.Target{Type: l[0]}}
		tier, wantTier := Classify(m).Tier, destroyPrior(want, "", true).tier
		if tier == wantTier {
			same++
		}
		if tier.Severity() >= wantTier.Severity() {
			cautious++
		}
	}
	pct := func(n int) float64 { return 100 * float64(n) / float64(len(set)) }
	t.Logf("%s: data-bearing or not %d/%d (%.1f%%); destroy tier the label's %.1f%%, at least as cautious %.1f%%",
		name, split, len(set), pct(split), pct(same), pct(cautious))
	return float64(split) / float64(len(set))
}

// floor fails when overall accuracy drops below min: a guard against
// regressions, not a claim about unseen types.
func floor(t *testing.T, name string, right, total map[Category]int, min float64) {
	t.Helper()
	ok, all := 0, 0
	for c, n := range total {
		ok, all = ok+right[c], all+n
	}
	if float64(ok) < min*float64(all) {
		t.Errorf("%s: %d/%d right, below the %.0f%% floor", name, ok, all, 100*min)
	}
}

// tuned measures a set the vocabulary was tuned on, against a floor.
func tuned(t *testing.T, name string, set [][2]string, min float64) {
	t.Helper()
	right, total, misses := accuracy(set)
	report(t, name, right, total)
	floor(t, name, right, total, min)
	if split := verdicts(t, name, set); split < 0.9 {
		t.Errorf("%s: data-bearing or not right on %.1f%%, below the 90%% floor", name, 100*split)
	}
	for _, m := range misses {
		t.Log("miss: " + m)
	}
}

func TestLabelledDev(t *testing.T) {
	tuned(t, "dev.tsv", labelled(t, "dev.tsv"), 0.93)
}

// TestLabelledSecondSet measures the classifier on the second set, which
// shares no type with the development set (see its header for why it is
// no longer held out).
func TestLabelledSecondSet(t *testing.T) {
	dev := map[string]bool{}
	for _, l := range labelled(t, "dev.tsv") {
		dev[l[0]] = true
	}
	set := labelled(t, "second.tsv")
	for _, l := range set {
		if dev[l[0]] {
			t.Errorf("%s is in both sets", l[0])
		}
	}
	if len(set) < 300 {
		t.Errorf("second set has %d types, want at least 300", len(set))
	}
	tuned(t, "second.tsv", set, 0.86)
}

// TestNoDataBearingTypeJudgedReversible: whatever category the name
// suggests, the destroy of a labelled data-bearing or container type is
// never tier 1. Those judged below tier 4 (tier 2 or 3: the destroy goes
// ahead; a store whose name reads as configuration) are listed, and
// their number per set may not exceed dataAllowedCeilings: no change may
// let more data-bearing destroys go ahead on any set.
func TestNoDataBearingTypeJudgedReversible(t *testing.T) {
	for _, file := range append(tuningSets, heldOut) {
		n, low := 0, 0
		for _, l := range labelled(t, file) {
			if c := Category(l[1]); !c.DataBearing() && c != Container {
				continue
			}
			n++
			m := &model.Mutation{Source: model.SourceTerraform, Action: model.ActionDelete, Target: model.Target{Type: l[0]}}
			v := Classify(m)
			switch {
			case v.Tier == model.TierReversible:
				t.Errorf("%s (%s): tier 1: %s", l[0], l[1], v.Reasoning)
			case v.Tier < model.TierUnrecoverable:
				low++
				t.Logf("%s (%s): tier %d: %s", l[0], l[1], v.Tier, v.Reasoning)
			}
		}
		t.Logf("%s: %d data-bearing or container types, %d judged below tier 4, none tier 1", file, n, low)
		if max, ok := dataAllowedCeilings[file]; !ok || low > max {
			t.Errorf("%s: %d data-bearing or container destroys go ahead, over the ceiling %d", file, low, max)
		}
	}
}

// dataAllowedCeilings are the numbers of labelled data-bearing or
// container types per set whose destroy goes ahead (tier 2 or 3),
// measured 2026-11-29 after the round that read a data record as a row,
// a DNS or network view and an IPAM network as containers and a
// product's bare environment as needing review (before it dev.tsv had 2,
// with confluent_environment, and heldout6.tsv 1, honeycombio_environment).
var dataAllowedCeilings = map[string]int{"dev.tsv": 1, "second.tsv": 1, "heldout.tsv": 2, "heldout2.tsv": 4,
	"heldout3.tsv": 4, "heldout4.tsv": 1, "heldout5.tsv": 1, "heldout6.tsv": 0, "heldout7.tsv": 2, "heldout8.tsv": 3,
	"heldout9.tsv": 1}

// TestLabelledTuningSets measures the classifier on the held-out sets
// that were measured once and then tuned on (their headers give the
// held-out numbers and what the tuning changed), each against a floor
// that guards against regressions.
func TestLabelledTuningSets(t *testing.T) {
	for _, set := range []struct {
		file  string
		floor float64
	}{
		{"heldout.tsv", 0.82},  // compound, plural and provider-domain readings
		{"heldout2.tsv", 0.80}, // more vocabulary
		{"heldout3.tsv", 0.75},
		{"heldout4.tsv", 0.75},
		{"heldout5.tsv", 0.90}, // 86.8% held out
		{"heldout6.tsv", 0.85}, // 73.4% held out
		{"heldout7.tsv", 0.80}, // 72.6% held out
		{"heldout8.tsv", 0.67}, // 61.6% held out
	} {
		t.Run(set.file, func(t *testing.T) {
			tuned(t, set.file, labelled(t, set.file), set.floor)
		})
	}
}

// heldOut is the set measured before any tuning on it; see its header.
const heldOut = "heldout9.tsv"

// tuningSets are the labelled sets the vocabulary was tuned on.
var tuningSets = []string{"dev.tsv", "second.tsv", "heldout.tsv", "heldout2.tsv", "heldout3.tsv", "heldout4.tsv", "heldout5.tsv", "heldout6.tsv", "heldout7.tsv", "heldout8.tsv"}

// TestLabelledHeldOut measures the classifier on heldout9.tsv, which
// shares no type with the sets it was tuned on. Unlike heldout2–8 it is
// held out by type, not by provider: its providers are ones the earlier
// sets drew from, sampled without choosing (see its header).
func TestLabelledHeldOut(t *testing.T) {
	seen := map[string]string{}
	for _, f := range tuningSets {
		for _, l := range labelled(t, f) {
			seen[l[0]] = f
		}
	}
	set := labelled(t, heldOut)
	for _, l := range set {
		if f, ok := seen[l[0]]; ok {
			t.Errorf("%s is also in %s", l[0], f)
		}
	}
	if len(set) < 300 {
		t.Errorf("held-out set has %d types, want at least 300", len(set))
	}
	right, total, misses := accuracy(set)
	report(t, heldOut, right, total)
	verdicts(t, heldOut, set)
	for _, m := range misses {
		t.Log("miss: " + m)
	}
	bolder := lessCautious(set)
	t.Logf("%s: %d misses, %d of them judged less cautiously than their label would be", heldOut, len(misses), len(bolder))
	for _, b := range bolder {
		t.Log("less cautious: " + b)
	}
}

// TestRelabelAgreement compares relabel.tsv, a sample of the tuning sets
// labelled again blind, with the sets' own labels: how consistent the
// labels are bounds what any classifier can score against them. The floor
// guards the figure the file's header gives.
func TestRelabelAgreement(t *testing.T) {
	earlier := map[string]string{}
	for _, f := range tuningSets {
		for _, l := range labelled(t, f) {
			earlier[l[0]] = l[1]
		}
	}
	again := labelled(t, "relabel.tsv")
	agree := 0
	for _, l := range again {
		was, ok := earlier[l[0]]
		switch {
		case !ok:
			t.Errorf("%s is in no tuning set", l[0])
		case was == l[1]:
			agree++
		default:
			t.Logf("differs: %s: %s in its set, %s relabelled", l[0], was, l[1])
		}
	}
	t.Logf("relabel.tsv: %d/%d agree (%.1f%%)", agree, len(again), 100*float64(agree)/float64(len(again)))
	if len(again) < 100 || float64(agree) < 0.95*float64(len(again)) {
		t.Errorf("relabel.tsv: %d of %d agree, want at least 100 types and 95%% agreement", agree, len(again))
	}
}

// lessCautious lists the labelled types whose destroy verdict ranks below
// the one their labelled category would get (a miss toward less caution;
// the other misses only cost a needless review).
func lessCautious(set [][2]string) []string {
	var out []string
	for _, l := range set {
		m := &model.Mutation{Source: model.SourceTerraform, Action: model.ActionDelete, Target: model.Target{Type: l[0]}}
		got := Classify(m).Tier
		want := destroyPrior(Category(l[1]), "", true).tier
		if got.Severity() < want.Severity() {
			out = append(out, fmt.Sprintf("%s: tier %d, its label %s would give tier %d", l[0], got, l[1], want))
		}
	}
	return out
}
