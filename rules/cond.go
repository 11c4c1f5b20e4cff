package rules

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// Truth is the three-valued result of a condition: a fact the input does
// not carry (or that is only known after apply) is Unknown, never false.
type Truth int

// The three truth values.
const (
	False Truth = iota
	True
	Unknown
)

// Facts is what a condition reads: the mutation being judged and the other
// resources of the same input.
type Facts struct {
	M   *model.Mutation
	Inv *model.Inventory
	// memo holds what several rows compute from the same command; the
	// engine sets it for each judgement.
	memo *memo
}

// With returns the facts about m instead, sharing the judgement's memo
// (rules/git judges the view of a subcommand).
func (f Facts) With(m *model.Mutation) Facts {
	f.M = m
	return f
}

// memo caches, for one judgement, a command's flags, its operands and the
// class of each path operand: every rm row asks for them again.
type memo struct {
	cmd      *model.Command
	ops      []model.Arg
	flagsCmd *model.Command
	flags    flagSet
	paths    []pathMemo
	// pathBuf holds the first path classes, so that a judgement with few
	// operands allocates nothing more.
	pathBuf [2]pathMemo
	// opsBuf likewise holds the first operands.
	opsBuf [4]model.Arg
}

type pathMemo struct {
	cmd   *model.Command
	arg   model.Arg
	class PathClass
}

// Operands returns Operands(f.M.Command), computed once per judgement and
// shared by its rows: the caller must not change the slice.
func (f Facts) Operands() []model.Arg {
	c := f.M.Command
	if f.memo == nil {
		return Operands(c)
	}
	if f.memo.cmd != c {
		// Full slice expression: an append by a caller copies rather
		// than writing into the buffer.
		f.memo.cmd, f.memo.ops = c, slices.Clip(appendOperands(f.memo.opsBuf[:0], c))
	}
	return f.memo.ops
}

// HasFlag reports HasFlag(f.M.Command, names...) from the flags read once
// per judgement.
func (f Facts) HasFlag(names ...string) bool { return f.flags().has(names) }

// flags returns the flags of f.M.Command, read once per judgement.
func (f Facts) flags() *flagSet {
	c := f.M.Command
	if f.memo == nil {
		fl := new(flagSet)
		fl.read(c)
		return fl
	}
	if f.memo.flagsCmd != c {
		f.memo.flagsCmd = c
		f.memo.flags.read(c)
	}
	return &f.memo.flags
}

// pathClass returns ClassifyPath(a, f.M.Command), computed once per
// judgement.
func (f Facts) pathClass(a model.Arg) PathClass {
	c := f.M.Command
	if f.memo == nil {
		return ClassifyPath(a, c)
	}
	for _, p := range f.memo.paths {
		if p.cmd == c && p.arg == a {
			return p.class
		}
	}
	class := ClassifyPath(a, c)
	if f.memo.paths == nil {
		f.memo.paths = f.memo.pathBuf[:0]
	}
	f.memo.paths = append(f.memo.paths, pathMemo{cmd: c, arg: a, class: class})
	return class
}

// Result is a condition's outcome with the facts it rests on.
type Result struct {
	Truth Truth
	// Evidence lists the facts that decided the outcome.
	Evidence []model.Evidence
	// Missing names the facts whose absence made the outcome Unknown.
	Missing []string
}

// Cond is a condition of a rule row. Conditions are built from the
// constructors below so that a rule table reads as data.
type Cond interface {
	Eval(f Facts) Result
	// String describes the condition for the rule catalog.
	String() string
}

// Pred is a test on one attribute value.
type Pred struct {
	desc string
	test func(v any) bool
}

// Eq matches a value equal to want (numbers compare by value).
func Eq(want any) Pred {
	return Pred{desc: "= " + jsonText(want), test: func(v any) bool { return equal(v, want) }}
}

// Ne matches a value that is not want; null matches.
func Ne(want any) Pred {
	return Pred{desc: "≠ " + jsonText(want), test: func(v any) bool { return !equal(v, want) }}
}

// AtMost matches a number ≤ n.
func AtMost(n float64) Pred {
	return Pred{desc: fmt.Sprintf("≤ %g", n), test: func(v any) bool { f, ok := number(v); return ok && f <= n }}
}

// Above matches a number > n.
func Above(n float64) Pred {
	return Pred{desc: fmt.Sprintf("> %g", n), test: func(v any) bool { f, ok := number(v); return ok && f > n }}
}

// Null matches null or an empty string, list or object: an unset attribute.
func Null() Pred {
	return Pred{desc: "is unset", test: isEmpty}
}

// Set matches any value that is not Null.
func Set() Pred {
	return Pred{desc: "is set", test: func(v any) bool { return !isEmpty(v) }}
}

// Was tests the attribute at path in the object before the change.
func Was(path string, p Pred) Cond { return attr{side: model.Before, path: path, pred: p} }

// Will tests the attribute at path in the object after the change.
func Will(path string, p Pred) Cond { return attr{side: model.After, path: path, pred: p} }

// WasDefault is Was for an attribute whose provider default is the
// dangerous reading: when the input omits the attribute, the default is
// tested instead of reporting missing evidence. Use it only where assuming
// the default can never make a verdict safer.
func WasDefault(path string, def any, p Pred) Cond {
	return attr{side: model.Before, path: path, pred: p, def: def, hasDef: true}
}

// WasIfPresent is Was for an attribute that only some inputs carry (one
// another tool's plans add, say, but the provider does not have): when the
// input omits it, the condition is false rather than missing evidence.
func WasIfPresent(path string, p Pred) Cond {
	return attr{side: model.Before, path: path, pred: p, optional: true}
}

type attr struct {
	side     model.Side
	path     string
	pred     Pred
	def      any
	hasDef   bool
	optional bool
}

func (a attr) String() string {
	side := "before"
	if a.side == model.After {
		side = "after"
	}
	return fmt.Sprintf("%s %s %s", side, a.path, a.pred.desc)
}

func (a attr) Eval(f Facts) Result {
	v := f.M.Lookup(a.side, a.path)
	ev := evidenceOf(v, "")
	switch {
	case v.State == model.Absent && a.optional:
		return Result{Truth: False}
	case v.State == model.Absent && a.hasDef:
		v.V = a.def
		ev = model.Evidence{Key: a.path, Value: a.def, Present: false, Description: "not in the input; the provider default applies"}
	case v.State != model.Known:
		return Result{Truth: Unknown, Missing: []string{missingName(v)}}
	}
	if a.pred.test(v.V) {
		return Result{Truth: True, Evidence: []model.Evidence{ev}}
	}
	return Result{Truth: False, Evidence: []model.Evidence{ev}}
}

// Becomes tests a transition: the attribute matched from before the change
// and matches to after it. An after value known only after apply, or an
// attribute the before object has and the after object lacks, is Unknown;
// an attribute neither object mentions is unchanged.
func Becomes(path string, from, to Pred) Cond { return transition{path: path, from: from, to: &to} }

// Changes is true when the attribute's value before the change matches from
// and differs after it.
func Changes(path string, from Pred) Cond { return transition{path: path, from: from} }

type transition struct {
	path string
	from Pred
	to   *Pred // nil: any different value
}

func (t transition) String() string {
	if t.to == nil {
		return fmt.Sprintf("%s changes from %s", t.path, t.from.desc)
	}
	return fmt.Sprintf("%s goes from %s to %s", t.path, t.from.desc, t.to.desc)
}

func (t transition) Eval(f Facts) Result {
	b, a := f.M.Lookup(model.Before, t.path), f.M.Lookup(model.After, t.path)
	if b.State == model.Absent && a.State == model.Absent && f.M.Before != nil && f.M.After != nil {
		// Neither side mentions the attribute: the change does not touch
		// it. (Terraform always shows a changed value in after or in
		// after_unknown.)
		return Result{Truth: False}
	}
	if b.State == model.Known && !t.from.test(b.V) {
		return Result{Truth: False, Evidence: []model.Evidence{evidenceOf(b, "before")}}
	}
	var missing []string
	for _, v := range []model.Value{b, a} {
		if v.State != model.Known {
			missing = append(missing, missingName(v))
		}
	}
	if len(missing) > 0 {
		return Result{Truth: Unknown, Missing: missing}
	}
	ev := model.Evidence{Key: t.path, Present: true, Sensitive: b.Sensitive || a.Sensitive}
	if !ev.Sensitive {
		ev.Value = map[string]any{"before": b.V, "after": a.V}
	}
	ok := !equal(a.V, b.V)
	if t.to != nil {
		ok = t.to.test(a.V)
	}
	return Decided(ok, ev)
}

// Shrinks is true when the number at path goes down and stays above zero
// (a retention of 14 days set to 1): a store that keeps data for that long
// deletes what is older at once. Zero, which often means "off" or
// "forever", is for the rows to read on their own (Becomes).
func Shrinks(path string) Cond { return shrink{path} }

type shrink struct{ path string }

func (s shrink) String() string { return s.path + " goes down, above 0" }

func (s shrink) Eval(f Facts) Result {
	b, a := f.M.Lookup(model.Before, s.path), f.M.Lookup(model.After, s.path)
	if b.State == model.Absent || a.State == model.Absent {
		return Result{Truth: False} // not shown on one side: the rows that need it say so
	}
	for _, v := range []model.Value{b, a} {
		if v.State != model.Known {
			return Result{Truth: Unknown, Missing: []string{missingName(v)}}
		}
	}
	before, okB := number(b.V)
	after, okA := number(a.V)
	ev := model.Evidence{Key: s.path, Present: true, Value: map[string]any{"before": b.V, "after": a.V}}
	return Decided(okB && okA && after > 0 && after < before, ev)
}

// Decided is the Result of a condition that could read its facts: True
// when b holds, False otherwise, resting on ev.
func Decided(b bool, ev ...model.Evidence) Result {
	if b {
		return Result{Truth: True, Evidence: ev}
	}
	return Result{Truth: False, Evidence: ev}
}

// All is true when every condition is; false as soon as one is false.
// Nested Alls are flattened: the truth, evidence and description are the
// same, and an inner All that holds no longer joins its evidence on every
// row that shares it (rm -rf's six rows).
func All(cs ...Cond) Cond {
	flat := make([]Cond, 0, len(cs))
	for _, c := range cs {
		if inner, ok := c.(*all); ok {
			flat = append(flat, inner.conds...)
			continue
		}
		flat = append(flat, c)
	}
	return &all{newJunction(flat)}
}

// junction is the members of an All or Any, kept twice: as conditions,
// for their descriptions and needs, and as the functions that evaluate
// them, which fold calls directly. A Func member's own function skips its
// Eval: most rows are an All of Funcs, and the extra call and copy of
// each Result were a fifth of a shell line's rule work.
type junction struct {
	conds []Cond
	evals []func(Facts) Result
}

func newJunction(cs []Cond) junction {
	j := junction{conds: cs, evals: make([]func(Facts) Result, len(cs))}
	for i, c := range cs {
		if fc, ok := c.(*funcCond); ok {
			j.evals[i] = fc.eval
		} else if pc, ok := c.(*pathCond); ok {
			j.evals[i] = pc.eval
		} else {
			j.evals[i] = c.Eval
		}
	}
	return j
}

// The condition types have pointer receivers: a value in an interface is
// boxed anyway, and a value receiver adds a wrapper call to every
// evaluation of every row.
type all struct{ junction }

func (c *all) String() string { return joinConds(c.conds, " and ") }

func (c *all) Eval(f Facts) Result { return fold(c.evals, f, False, True) }

// needs: all of them must hold, so what any one of them needs.
func (c *all) needs() []string {
	for _, sub := range c.conds {
		if w := needsOf(sub); w != nil {
			return w
		}
	}
	return nil
}

// Any is true as soon as one condition is; false when every one is.
func Any(cs ...Cond) Cond { return &anyOf{newJunction(cs)} }

type anyOf struct{ junction }

func (c *anyOf) String() string { return "(" + joinConds(c.conds, " or ") + ")" }

func (c *anyOf) Eval(f Facts) Result { return fold(c.evals, f, True, False) }

// needs: one of them must hold, so one of what each needs, when each
// needs something.
func (c *anyOf) needs() []string {
	var out []string
	for _, sub := range c.conds {
		w := needsOf(sub)
		if w == nil {
			return nil
		}
		out = append(out, w...)
	}
	return out
}

// sameFirstLetter is a cheap test before strings.EqualFold on an ASCII
// word: an argument whose first byte is ASCII folds to the word only if
// that byte is the word's first letter in either case (a non-ASCII first
// letter, ſ for s, is left to EqualFold).
func sameFirstLetter(arg, word string) bool {
	if arg == "" || word == "" {
		return arg == word
	}
	a := arg[0]
	return a >= 0x80 || a|0x20 == word[0]|0x20
}

// needer is a condition that can only hold when one of the words it
// needs is among the command's arguments (Sub("publish") needs
// "publish"); nil means it needs none that can be named.
type needer interface {
	needs() []string
}

// Needing declares that c can only hold when one of words is among the
// command's arguments, so that the engine passes over it for commands
// without them (npm run SCRIPT needs "run"). c must not hold otherwise.
func Needing(words []string, c Cond) Cond { return &needing{Cond: c, words: words} }

type needing struct {
	Cond
	words []string
}

func (c *needing) needs() []string { return c.words }

func needsOf(c Cond) []string {
	if n, ok := c.(needer); ok {
		return n.needs()
	}
	return nil
}

// letterSet is a set of first letters, in either case, as bits: a row
// whose needed words start with none of the letters a command's
// arguments start with cannot hold, which one AND tells.
type letterSet uint64

// initial is the set of w's first letter (of no letter for "").
func initial(w string) letterSet {
	if w == "" {
		return 0
	}
	return 1 << ((w[0] | 0x20) & 63)
}

// initialsOf is the set of the first letters of c's arguments, and every
// letter when an argument is only known at run time or starts with a
// byte that may fold to another case outside ASCII (as mentions reads
// them; and for no command).
func initialsOf(c *model.Command) letterSet {
	if c == nil {
		return ^letterSet(0)
	}
	var s letterSet
	for _, a := range c.Args {
		if a.Dynamic || a.Value != "" && a.Value[0] >= 0x80 {
			return ^letterSet(0)
		}
		s |= initial(a.Value)
	}
	return s
}

// mentions reports whether c might satisfy a condition that needs one of
// words: one of its arguments is one of them (in any letter case), or is
// only known at run time.
func mentions(c *model.Command, words []string) bool {
	if c == nil {
		return true
	}
	for _, a := range c.Args {
		if a.Dynamic {
			return true
		}
		for _, w := range words {
			if sameFirstLetter(a.Value, w) && strings.EqualFold(a.Value, w) {
				return true
			}
		}
	}
	return false
}

// fold evaluates cs in order until one is decisive (False for All, True
// for Any) and returns that one's result. Otherwise the result is
// Unknown if any was, else otherwise, with every sub-result's evidence.
func fold(evals []func(Facts) Result, f Facts, decisive, otherwise Truth) Result {
	out := Result{Truth: otherwise}
	// The evidence is joined only when no condition decides: most folds
	// end at a decisive one, and copying on the way there was a tenth of
	// a shell line's allocations.
	var buf [4][]model.Evidence
	parts := buf[:0]
	for _, eval := range evals {
		r := eval(f)
		switch r.Truth {
		case decisive:
			return r
		case Unknown:
			out.Truth = Unknown
			out.Missing = append(out.Missing, r.Missing...)
		}
		if len(r.Evidence) > 0 {
			parts = append(parts, r.Evidence)
		}
	}
	switch len(parts) {
	case 0:
	case 1:
		out.Evidence = slices.Clip(parts[0]) // an append by the caller copies
	default:
		out.Evidence = slices.Concat(parts...)
	}
	return out
}

// Not negates a condition; Unknown stays Unknown.
func Not(c Cond) Cond { return &not{c} }

type not struct{ c Cond }

func (n *not) String() string { return "not " + n.c.String() }

func (n *not) Eval(f Facts) Result {
	r := n.c.Eval(f)
	switch r.Truth {
	case True:
		r.Truth = False
	case False:
		r.Truth = True
	}
	return r
}

// Informs always holds; it carries c's evidence into the verdict, so that a
// row can name a fact that does not change its tier (a bucket's versioning,
// say, which does not survive a force-destroy).
func Informs(c Cond) Cond { return informs{c} }

type informs struct{ c Cond }

func (i informs) String() string { return "(noting " + i.c.String() + ")" }

func (i informs) Eval(f Facts) Result {
	r := i.c.Eval(f)
	return Result{Truth: True, Evidence: r.Evidence}
}

// WasSome tests whether some element of the list at path (a repeated block
// such as ebs_block_device) had an attribute sub matching p before the change.
func WasSome(path, sub string, p Pred) Cond {
	return Func(fmt.Sprintf("before some %s[*].%s %s", path, sub, p.desc), func(f Facts) Result {
		v := f.M.Lookup(model.Before, path)
		if v.State != model.Known {
			return Result{Truth: Unknown, Missing: []string{missingName(v)}}
		}
		list, _ := v.V.([]any)
		for i := range list {
			ev := f.M.Lookup(model.Before, fmt.Sprintf("%s.%d.%s", path, i, sub))
			if ev.State == model.Known && p.test(ev.V) {
				return Result{Truth: True, Evidence: []model.Evidence{evidenceOf(ev, "")}}
			}
		}
		return Result{Truth: False}
	})
}

// Always is the condition of a table's catch-all row.
func Always() Cond { return always{} }

type always struct{}

func (always) String() string    { return "always" }
func (always) Eval(Facts) Result { return Result{Truth: True} }
func joinConds(cs []Cond, sep string) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, sep)
}

// Func is a named condition for a fact no attribute test expresses, such
// as a lookup of a related resource in the inventory.
func Func(desc string, eval func(f Facts) Result) Cond { return &funcCond{desc, eval} }

type funcCond struct {
	desc string
	eval func(f Facts) Result
}

func (c *funcCond) String() string      { return c.desc }
func (c *funcCond) Eval(f Facts) Result { return c.eval(f) }

// evidenceOf records a looked-up value, never copying a sensitive one.
func evidenceOf(v model.Value, note string) model.Evidence {
	if v.FromEvidence {
		note = strings.TrimSpace(note + " supplied as evidence")
	}
	ev := model.Evidence{Key: v.Path, Present: v.State == model.Known, Sensitive: v.Sensitive, Description: note}
	if !v.Sensitive {
		ev.Value = v.V
	}
	return ev
}

// missingName names a fact the input lacks (model.Value.MissingKey): a
// value known only after apply has an "after:" prefix.
func missingName(v model.Value) string { return v.MissingKey() }

func equal(a, b any) bool {
	if fa, ok := number(a); ok {
		fb, ok := number(b)
		return ok && fa == fb
	}
	switch x := a.(type) {
	case string:
		y, ok := b.(string)
		return ok && x == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case nil:
		return b == nil
	}
	return reflect.DeepEqual(a, b)
}

func number(v any) (float64, bool) {
	switch n := v.(type) {
	case float64:
		return n, true
	case int:
		return float64(n), true
	case json.Number:
		f, err := n.Float64()
		return f, err == nil
	}
	return 0, false
}

func isEmpty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}

func jsonText(v any) string {
	var buf [64]byte
	return string(appendJSON(buf[:0], v))
}

// appendJSON appends v as JSON. The common scalars are written directly:
// a verdict's reasoning renders every piece of evidence, and
// encoding/json costs a tenth of a shell line. Strings are not
// HTML-escaped (operand="<(...)").
func appendJSON(b []byte, v any) []byte {
	switch x := v.(type) {
	case string:
		if plainASCII(x) { // the common case, quoted without strconv's escaping
			b = append(b, '"')
			b = append(b, x...)
			return append(b, '"')
		}
		return strconv.AppendQuote(b, x)
	case bool:
		return strconv.AppendBool(b, x)
	case int:
		return strconv.AppendInt(b, int64(x), 10)
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e21 {
			return strconv.AppendFloat(b, x, 'f', -1, 64)
		}
	}
	out, err := json.Marshal(v)
	if err != nil {
		return fmt.Append(b, v)
	}
	return append(b, out...)
}

// plainASCII reports whether s is printable ASCII that a Go or JSON string
// literal holds as is: no quote, backslash or control character.
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}
