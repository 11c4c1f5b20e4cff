package mcpserver

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/recourse-dev/recourse/internal/jsonerr"
	"github.com/recourse-dev/recourse/internal/redact"
	"github.com/recourse-dev/recourse/internal/suggest"
)

// A recovery block's suggested_args are the caller's own arguments with
// only the diagnosed faults repaired, or absent. An agent follows them as
// they are, so a suggestion that evaluated anything else (the tool's
// example, say, an empty plan) could turn a call that never reached a
// verdict into an allow for an action nobody judged. The repairs are exact:
// a key renamed to the parameter it spells, a JSON string parsed where an
// object was wanted, "true" read as true. Anything else is left to the
// caller, with the schema hint saying what to supply.

// Fix is one repair of the caller's arguments, readable without
// suggested_args (which are left out when they would echo a credential).
type Fix struct {
	// Field is the argument as the caller spelt it.
	Field string `json:"field"`
	// Action is rename (to To), parse_json (a JSON string to the value it
	// holds), to_boolean ("true"/"false"), to_enum (the value To), or
	// drop_null (an optional argument sent as null, read as absent).
	Action string `json:"action"`
	To     string `json:"to,omitempty"`
}

// checked is the outcome of checking a call's arguments against a tool:
// the arguments to evaluate, or the first contract found with every fault
// of its class, and the repairs that would make the call valid.
type checked struct {
	args     map[string]any
	contract *Contract
	fixes    []Fix
	repaired map[string]any
}

// check validates raw against t's parameters. A null optional argument is
// read as absent (the agent contract's examples send them), and so are
// arguments a tool accepts for compatibility only.
func check(t *toolDef, raw any) checked {
	if raw == nil {
		raw = map[string]any{}
	}
	if s, ok := raw.(string); ok {
		// Some clients send the arguments object as a JSON string.
		if m, _ := decodeExactObject(s); m != nil {
			c := newContract(KindWrongType, fmt.Sprintf("arguments of %s must be an object, received a string (of JSON)", t.name))
			fixes, repaired := recheck(t, m, []Fix{{Field: "arguments", Action: "parse_json"}})
			return checked{contract: c, fixes: fixes, repaired: repaired}
		}
	}
	given, ok := raw.(map[string]any)
	if !ok {
		return checked{contract: newContract(KindWrongType, fmt.Sprintf("arguments of %s must be an object, received %s", t.name, jsonerr.TypeOf(raw)))}
	}
	args := make(map[string]any, len(given))
	for k, v := range given {
		if v == nil {
			if p := t.param(k); p != nil && !p.required {
				continue // an optional argument sent as null is absent
			}
		}
		args[k] = v
	}
	if c, fs, repaired := unknownArguments(t, args); c != nil {
		fs, repaired = recheck(t, repaired, fs)
		return checked{contract: c, fixes: fs, repaired: repaired}
	}
	for _, p := range t.params {
		v, present := args[p.name]
		if !present || v == nil {
			if p.required {
				c := newContract(KindMissingArgument, fmt.Sprintf("%s needs the argument '%s' (%s)", t.name, p.name, p.desc))
				c.Field = p.name
				return checked{contract: c}
			}
			continue
		}
		if got := jsonerr.TypeOf(v); !slices.Contains(p.types, got) {
			c := newContract(KindWrongType, fmt.Sprintf("argument '%s' of %s must be %s, received %s", p.name, t.name, strings.Join(p.types, " or "), got))
			c.Field = p.name
			fixed, fix, ok := convert(&p, v)
			if !ok {
				return checked{contract: c}
			}
			repaired := maps.Clone(args)
			repaired[p.name] = fixed
			fixes, repaired := recheck(t, repaired, []Fix{fix})
			return checked{contract: c, fixes: fixes, repaired: repaired}
		}
		if len(p.enum) > 0 && !slices.Contains(p.enum, fmt.Sprint(v)) {
			c := newContract(KindInvalidArgument, fmt.Sprintf("argument '%s' of %s must be one of %s, received %q", p.name, t.name, strings.Join(p.enum, ", "), v))
			c.Field = p.name
			c.Recovery.FuzzyMatches = suggest.Matches(fmt.Sprint(v), p.enum, 3)
			to := p.enumFor(fmt.Sprint(v))
			if to == "" {
				return checked{contract: c}
			}
			repaired := maps.Clone(args)
			repaired[p.name] = to
			fixes, repaired := recheck(t, repaired, []Fix{{Field: p.name, Action: "to_enum", To: to}})
			return checked{contract: c, fixes: fixes, repaired: repaired}
		}
	}
	return checked{args: args}
}

// recheck checks repaired again, so that a suggestion always passes the
// tool's schema: it returns the repaired arguments and every fix made, a
// further fault repaired in turn, or no arguments when a fault remains
// that has no exact repair.
func recheck(t *toolDef, repaired map[string]any, fixes []Fix) ([]Fix, map[string]any) {
	if repaired == nil {
		return fixes, nil
	}
	c := check(t, repaired)
	switch {
	case c.contract == nil:
		return fixes, c.args
	case c.repaired == nil:
		return fixes, nil
	}
	return append(fixes, c.fixes...), c.repaired
}

// unknownArguments reports every argument t does not know, at once, and
// renames each to the parameter it spells when that is certain: the same
// name in another case or with other separators, one of the parameter's
// aliases, or a misspelling of a long name with one unique nearest
// parameter whose type fits the value. A key and its rename both present
// (Command and command) is a conflict: which one the caller meant is
// theirs to say.
func unknownArguments(t *toolDef, args map[string]any) (*Contract, []Fix, map[string]any) {
	var unknown []string
	for _, k := range slices.Sorted(maps.Keys(args)) {
		if t.param(k) == nil {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) == 0 {
		return nil, nil, nil
	}
	var fixes []Fix
	var fuzzy []string
	repaired := maps.Clone(args)
	complete := true
	for _, k := range unknown {
		to := t.renameFor(k, args[k])
		if to == "" {
			complete = false
			fuzzy = append(fuzzy, suggest.Matches(k, t.paramNames(), 3)...)
			continue
		}
		fuzzy = append(fuzzy, to)
		if _, taken := repaired[to]; taken {
			c := newContract(KindConflictingArguments, fmt.Sprintf("arguments '%s' and '%s' of %s both name '%s'; send one of them", k, to, t.name, to))
			c.Field = k
			return c, nil, nil
		}
		delete(repaired, k)
		repaired[to] = args[k]
		fixes = append(fixes, Fix{Field: k, Action: "rename", To: to})
	}
	quoted := make([]string, len(unknown))
	for i, k := range unknown {
		quoted[i] = "'" + k + "'"
	}
	c := newContract(KindUnknownArgument, fmt.Sprintf("argument%s %s %s not known to %s", plural(len(unknown)), strings.Join(quoted, ", "), isAre(len(unknown)), t.name))
	c.Field = unknown[0]
	c.Recovery.FuzzyMatches = compactStrings(fuzzy)
	if !complete {
		return c, fixes, nil
	}
	return c, fixes, repaired
}

// renameFor is the parameter an unknown key certainly means, or "".
func (t *toolDef) renameFor(key string, v any) string {
	norm := normalizeName(key)
	fits := func(p *param) bool { return slices.Contains(p.types, jsonerr.TypeOf(v)) || canConvert(p, v) }
	for i := range t.params {
		p := &t.params[i]
		if normalizeName(p.name) == norm && fits(p) {
			return p.name
		}
		for _, a := range p.aliases {
			if normalizeName(a) == norm && fits(p) {
				return p.name
			}
		}
	}
	// A misspelling: only of a name long enough that one or two edits do
	// not reach another word (cmd is one edit from cwd), and only when one
	// parameter is nearest.
	if len(norm) < 5 {
		return ""
	}
	m := suggest.Matches(key, t.paramNames(), 2)
	if len(m) != 1 {
		return ""
	}
	if p := t.param(m[0]); p != nil && fits(p) {
		return p.name
	}
	return ""
}

// enumFor is the enum value v spells in another case or with other
// separators, or "".
func (p *param) enumFor(v string) string {
	for _, e := range p.enum {
		if normalizeName(e) == normalizeName(v) {
			return e
		}
	}
	return ""
}

// convert repairs a value of the wrong JSON type where the repair is
// exact: a JSON string holding the wanted object or array, or "true" /
// "false" for a boolean.
func convert(p *param, v any) (any, Fix, bool) {
	s, ok := v.(string)
	if !ok {
		return nil, Fix{}, false
	}
	if slices.Contains(p.types, "boolean") && (s == "true" || s == "false") {
		return s == "true", Fix{Field: p.name, Action: "to_boolean"}, true
	}
	if parsed, err := decodeExact([]byte(s)); err == nil && slices.Contains(p.types, jsonerr.TypeOf(parsed)) && parsed != nil {
		return parsed, Fix{Field: p.name, Action: "parse_json"}, true
	}
	return nil, Fix{}, false
}

// decodeExactObject decodes a JSON object held in a string, numbers kept
// exact, or nil when s holds no object.
func decodeExactObject(s string) (map[string]any, error) {
	v, err := decodeExact([]byte(s))
	m, _ := v.(map[string]any)
	return m, err
}

func canConvert(p *param, v any) bool {
	_, _, ok := convert(p, v)
	return ok
}

// recovery fills c's recovery block for tool t: the tool, the fixes, the
// schema hint, and the repaired arguments when there are some and they
// would not echo a credential a report would mask.
func recovery(c *Contract, t *toolDef, fixes []Fix, repaired map[string]any) {
	c.Recovery.SuggestedTool = t.name
	c.Recovery.SchemaHint = t.hint()
	c.Recovery.Fixes = fixes
	if repaired == nil {
		return
	}
	if !reflect.DeepEqual(redact.Value(repaired), repaired) {
		c.Message += " (suggested_args left out: they would repeat a credential; apply recovery.fixes to your arguments)"
		return
	}
	c.Recovery.SuggestedArgs = repaired
}

// normalizeName folds case and separators: workingDirectory,
// working_directory and working-directory are one name.
func normalizeName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(s)) {
		switch r {
		case '_', '-', '.', ' ':
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func compactStrings(ss []string) []string {
	out := []string{}
	for _, s := range ss {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}
