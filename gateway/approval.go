package gateway

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/recourse-dev/recourse/internal/redact"
)

// The approval form's bounds: how many arguments it shows, how much of
// each value, and how long the whole message may be.
const (
	approvalArgs     = 6
	approvalValueLen = 160
	approvalLen      = 2000
)

// approvalMessage is what the person asked about a call reads: the tool
// and its server, the arguments that matter (those the verdict names
// first; every value redacted and clipped), the verdict's reason, and the
// worst recoverability.
func approvalMessage(r route, v verdict) string {
	var b strings.Builder
	fmt.Fprintf(&b, "The agent wants to call %s on %s.\n", r.tool.Name, r.up.name)
	if args := approvalArguments(v); args != "" {
		fmt.Fprintf(&b, "Arguments: %s\n", args)
	}
	if v.rep != nil {
		w := v.rep.Summary.WorstRecoverability
		fmt.Fprintf(&b, "Verdict: %s. %s\n", v.rep.RiskAssessment, redact.String(v.answer.Reason))
		fmt.Fprintf(&b, "Recoverability: tier %d, %s.\n", w.Tier, w.Label)
	} else if v.answer.Reason != "" {
		fmt.Fprintf(&b, "Verdict: %s\n", redact.String(v.answer.Reason))
	}
	b.WriteString("Approve to run it this once.")
	return clip(b.String(), approvalLen)
}

// approvalArguments lists the call's arguments as key: value, redacted
// and clipped; those the report mentions (in its reason or a mutation's
// target) come first, then the rest by name, at most approvalArgs.
func approvalArguments(v verdict) string {
	var args map[string]any
	dec := json.NewDecoder(bytes.NewReader(v.args))
	dec.UseNumber()
	if err := dec.Decode(&args); err != nil || len(args) == 0 {
		return ""
	}
	mentioned := ""
	if v.rep != nil {
		mentioned = v.rep.AssessmentReason
		for _, m := range v.rep.Mutations {
			mentioned += " " + m.Intent.Target.ID + " " + m.Recoverability.Reasoning
		}
	}
	keys := slices.Sorted(maps.Keys(args))
	slices.SortStableFunc(keys, func(a, b string) int {
		return boolRank(strings.Contains(mentioned, b)) - boolRank(strings.Contains(mentioned, a))
	})
	safe, _ := redact.Value(args).(map[string]any)
	var parts []string
	for _, k := range keys[:min(len(keys), approvalArgs)] {
		val, err := json.Marshal(safe[k])
		if err != nil {
			val = []byte("?")
		}
		parts = append(parts, clip(redact.String(k), 60)+": "+clip(string(val), approvalValueLen))
	}
	if n := len(keys) - approvalArgs; n > 0 {
		parts = append(parts, fmt.Sprintf("(and %d more)", n))
	}
	return strings.Join(parts, "; ")
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// clip shortens s to at most n bytes, on a rune boundary, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - len("…")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
