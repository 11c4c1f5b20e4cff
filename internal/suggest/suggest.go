// Package suggest finds the known names closest to a misspelt one, for
// did-you-mean messages (Levenshtein distance, github.com/agnivade/levenshtein).
package suggest

import (
	"sort"
	"strings"
	"unicode"

	"github.com/agnivade/levenshtein"
)

// Matches returns up to n candidates within a distance that scales with
// the name's length, closest first. Names are compared case-insensitively
// with '.', '-' and ' ' read as '_', and a candidate that contains the name
// (or is contained in it) counts as close, if the shorter of the two has
// three characters or more ("." is in every name with a dot).
func Matches(name string, candidates []string, n int) []string {
	norm := normalize(name)
	var hits []scored
	limit := max(2, len(norm)/3)
	for _, c := range candidates {
		nc := normalize(c)
		d := levenshtein.ComputeDistance(norm, nc)
		if contains(nc, norm) && d > 1 {
			d = min(d, limit)
		}
		if d <= limit {
			hits = append(hits, scored{c, d})
		}
	}
	return best(hits, n)
}

// scored is a candidate and its rank: lower is closer.
type scored struct {
	c    string
	rank int
}

// best returns up to n candidates, closest first, in input order among
// equals.
func best(hits []scored, n int) []string {
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].rank < hits[j].rank })
	out := make([]string, 0, n)
	for _, h := range hits {
		if len(out) == n {
			break
		}
		out = append(out, h.c)
	}
	return out
}

// Nearest returns the closest candidate, or "" when none is close.
func Nearest(name string, candidates []string) string {
	if m := Matches(name, candidates, 1); len(m) > 0 {
		return m[0]
	}
	return ""
}

// contains reports whether one of a and b contains the other, the shorter
// being three characters or more.
func contains(a, b string) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	return len(b) >= 3 && strings.Contains(a, b)
}

func normalize(s string) string {
	return strings.NewReplacer(".", "_", "-", "_", " ", "_").Replace(strings.ToLower(strings.TrimSpace(s)))
}

// ByWords returns up to n candidates that share the most words with name
// (words split at '_', '.', '-', ' ' and lower-to-upper case changes),
// most first, for names that are not misspellings but rewordings
// (evaluate_terraform_plan for recourse_evaluate_terraform). A candidate
// needs at least two shared words, or all of name's words.
func ByWords(name string, candidates []string, n int) []string {
	words := wordSet(name)
	var hits []scored
	for _, c := range candidates {
		shared := 0
		for w := range wordSet(c) {
			if words[w] {
				shared++
			}
		}
		if shared >= 2 || (shared > 0 && shared == len(words)) {
			hits = append(hits, scored{c, -shared}) // more shared words rank closer
		}
	}
	return best(hits, n)
}

func wordSet(s string) map[string]bool {
	set := map[string]bool{}
	var word []rune
	flush := func() {
		if len(word) > 0 {
			set[strings.ToLower(string(word))] = true
			word = word[:0]
		}
	}
	var prev rune
	for _, r := range s {
		switch {
		case r == '_' || r == '.' || r == '-' || r == ' ':
			flush()
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			flush()
			word = append(word, r)
		default:
			word = append(word, r)
		}
		prev = r
	}
	flush()
	return set
}
