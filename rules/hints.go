package rules

import (
	"fmt"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// EvidenceHint says how to verify one missing-evidence key of one type:
// why the verdict needs it, and a read-only command that answers it.
type EvidenceHint struct {
	Type string
	Key  string
	Why  string
	// Argv is the read-only command, one argument per element. "{address}"
	// stands for the change's address and "{attr:NAME}" for the value of
	// attribute NAME before the change.
	Argv []string
	// Permissions are what the command needs (IAM actions, or access to
	// the state backend).
	Permissions []string
}

// WithHints returns a copy of the engine that also knows hs. A later hint
// for the same type and key replaces an earlier one.
func (e *Engine) WithHints(hs []EvidenceHint) *Engine {
	c := *e
	c.hints = make(map[[2]string]EvidenceHint, len(e.hints)+len(hs))
	for k, h := range e.hints {
		c.hints[k] = h
	}
	for _, h := range hs {
		c.hints[[2]string{h.Type, h.Key}] = h
	}
	return &c
}

// Hint returns the hint for a missing key of m's type, with the command's
// placeholders filled in. ok is false when no hint is known; argv is nil
// when a placeholder's value is absent or sensitive (a command that names
// a secret, or a guess, is never suggested).
func (e *Engine) Hint(m *model.Mutation, key string) (h EvidenceHint, argv []string, ok bool) {
	h, ok = e.hints[[2]string{m.Target.Type, key}]
	if !ok {
		return h, nil, false
	}
	argv = make([]string, len(h.Argv))
	for i, a := range h.Argv {
		v, filled := fill(m, a)
		if !filled {
			return h, nil, true
		}
		argv[i] = v
	}
	return h, argv, true
}

// fill replaces the placeholder a stands for.
func fill(m *model.Mutation, a string) (string, bool) {
	switch {
	case a == "{address}":
		return m.Address, m.Address != ""
	case strings.HasPrefix(a, "{attr:") && strings.HasSuffix(a, "}"):
		v := m.Lookup(model.Before, strings.TrimSuffix(strings.TrimPrefix(a, "{attr:"), "}"))
		if v.State != model.Known || v.V == nil || v.Sensitive {
			return "", false
		}
		s := fmt.Sprint(v.V)
		return s, s != ""
	}
	return a, true
}
