package redact

import (
	"slices"
	"strings"

	"github.com/recourse-dev/recourse/internal/jsonvalue"
)

// minSecret is the shortest secret a Masker hides wherever it appears: a
// shorter one would mask ordinary words of a report.
const minSecret = 4

// Masker masks what String and Value mask and, besides, every secret they
// find in the input a report is made from, wherever the report quotes it
// without the words that marked it a secret: the echo half of
// echo SECRET | docker login --password-stdin, reported as its own
// command, or one word of sshpass -p SECRET quoted as evidence.
type Masker struct{ secrets []string }

// NewMasker is the masker of a report made from inputs (a command line, a
// tool call's JSON).
func NewMasker(inputs ...string) *Masker {
	var m Masker
	for _, in := range inputs {
		m.secrets = append(m.secrets, Secrets(in)...)
	}
	// Longer first, so that a secret inside another is not masked first.
	slices.SortFunc(m.secrets, func(a, b string) int { return len(b) - len(a) })
	m.secrets = slices.Compact(m.secrets)
	return &m
}

// String is String(s), with the input's secrets masked wherever they are.
func (m *Masker) String(s string) string {
	s = String(s)
	for _, sec := range m.secrets {
		if strings.Contains(s, sec) {
			s = strings.ReplaceAll(s, sec, Mask)
		}
	}
	return s
}

// Value is Value(v), with the input's secrets masked in its strings.
func (m *Masker) Value(v any) any {
	v = Value(v)
	if len(m.secrets) == 0 {
		return v
	}
	return jsonvalue.Map(v, func(x any) any {
		if s, ok := x.(string); ok {
			return m.String(s)
		}
		return x
	})
}

// Secrets are the secrets String would mask in text: the values of its
// command-line shapes and of its free-text patterns, those of minSecret
// bytes or more.
func Secrets(text string) []string {
	var out []string
	keep := func(s string) {
		s = strings.Trim(s, `'"`)
		if len(s) >= minSecret && s != Mask && !strings.Contains(s, Mask) {
			out = append(out, s)
		}
	}
	for _, e := range commandEdits(text, 0) {
		for _, s := range e.secrets {
			keep(s)
		}
	}
	lower := strings.ToLower(text)
	for _, sh := range shapes {
		if !slices.ContainsFunc(sh.any, func(f string) bool { return strings.Contains(lower, f) }) {
			continue
		}
		re := sh.re.Regexp()
		idx := re.SubexpIndex("secret")
		for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
			if idx >= 0 && m[2*idx] >= 0 {
				keep(text[m[2*idx]:m[2*idx+1]])
			}
		}
	}
	return out
}
