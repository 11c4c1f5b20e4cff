// Package rules holds Recourse's deterministic recoverability rules and the
// engine that applies them.
//
// A rule is a row of data: the resource type (or program, or tool) it
// applies to, the actions it covers, a condition, a tier, a reason and a
// stable id. Domain packages (rules/aws, rules/terraform, ...) hold the
// tables; rules/builtin assembles them. Adding a resource type is adding
// rows and a test row for each.
//
// For one mutation, the rows for its type are read in order and the first
// whose condition holds decides. A row whose condition cannot be decided
// because the input lacks a fact is remembered: if it would have given a
// worse tier than the row that matched, the verdict is needs-review, with
// the missing facts listed. Missing evidence never makes a verdict safer.
//
// Rows marked Also (for any type) are read besides, whichever row decided,
// for a risk that is not what the change does to the object itself (a
// bucket made public, a retention shortened): the worse verdict is kept,
// and one that holds decides a change no other row covers. An Also row
// that cannot decide adds nothing.
package rules

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/model"
)

// Rule is one row of a rule table.
type Rule struct {
	// ID is stable and unique: "aws.rds.instance.delete.no-snapshot".
	ID string
	// Type is the resource type the row applies to; AnyType for all.
	Type string
	// On lists the actions the row covers.
	On []model.Action
	// When is the row's condition; nil means always.
	When Cond
	Tier model.Tier
	// Confidence defaults to HIGH.
	Confidence model.Confidence
	// Reason says what the tier means here. The facts the condition read
	// are appended to it in the verdict.
	Reason string
	// First makes an AnyType row be read before the rows of the
	// mutation's own type, for conditions that trump them (a --help flag
	// makes any known command print help instead).
	First bool
	// Also makes an AnyType row be read for every change of its actions,
	// whichever row decides, and its verdict kept when it is the worse:
	// for a risk beside what the change does to the object (a create or
	// update that makes a bucket public), which must neither give way to
	// the type's own rows nor mask a worse one of theirs.
	Also bool
	// need is what the row's condition needs among the command's
	// arguments (see needer), and acts the actions of On as a set; both
	// set by NewEngine.
	need []string
	acts actionSet
	// needInitials are the first letters of need (letterSet).
	needInitials letterSet
	// needClasses are the path classes one of which some operand must
	// have for the row to hold (classNeeds; 0 for none).
	needClasses classSet
}

// actionSet is a set of actions as bits: a judgement tests each row's
// actions with one AND rather than comparing their names.
type actionSet uint16

// actions are the actions a change can have; each is the bit of its
// index in an actionSet. A shell command's and a tool call's come first:
// one of them is looked up for every command of a line.
var actions = [...]model.Action{model.ActionExecute, model.ActionCall, model.ActionDelete, model.ActionCreate, model.ActionUpdate,
	model.ActionReplace, model.ActionRead, model.ActionNoop, model.ActionForget, model.ActionUnknown}

// actionIndex returns a's index in actions, or -1 for an action no row
// can name.
func actionIndex(a model.Action) int {
	for i, x := range actions {
		if x == a {
			return i
		}
	}
	return -1
}

// actionBit returns a's bit, or 0 for an action no row can name.
func actionBit(a model.Action) actionSet {
	if i := actionIndex(a); i >= 0 {
		return 1 << i
	}
	return 0
}

// AnyType makes a row apply to every type; such rows are read after the
// rows of the mutation's own type, unless marked First.
const AnyType = "*"

// Action sets for the On field.
var (
	// Destroy covers every action that removes the existing object: delete,
	// both orders of replace, and an action list the parser did not know.
	Destroy = []model.Action{model.ActionDelete, model.ActionReplace, model.ActionUnknown}
	Update  = []model.Action{model.ActionUpdate}
	Create  = []model.Action{model.ActionCreate}
	// Written covers the actions that leave the object with the planned
	// settings: rows that judge what a new or changed document does (a
	// lifecycle policy that expires data) read both.
	Written = []model.Action{model.ActionCreate, model.ActionUpdate}
)

// Engine applies rule tables. It is immutable after NewEngine and safe for
// concurrent use.
type Engine struct {
	// byType holds each type's own rows, and for the types with keyed
	// rows those rows filed by key: one lookup per judgement.
	byType  map[string]typeRows
	generic []*Rule
	first   []*Rule
	alsoFor [len(actions)][]*Rule // the Also rows, filed by action (actionIndex)
	all     []Rule
	hints   map[[2]string]EvidenceHint // (type, missing key) -> how to verify it
	// lazy, when set, builds the tables as changes of their types are
	// judged (NewLazyEngine); byType and all are then unused.
	lazy *lazyTables
	// memos are reused between judgements: a memo is a few hundred bytes,
	// and a fresh one for every change was a tenth of a shell line's
	// allocations. Nothing a verdict keeps points into one. A copy made
	// by WithHints shares the pool.
	memos *sync.Pool
}

// NewEngine checks the tables and indexes them. Ids must be unique, tiers
// valid, and every row must say why.
func NewEngine(tables ...[]Rule) (*Engine, error) {
	// Sized up front: every process that judges anything builds the
	// engine first, and growing these maps and the row slice row by row
	// was half its start-up.
	n := 0
	for _, t := range tables {
		n += len(t)
	}
	e := &Engine{byType: make(map[string]typeRows, n/4), memos: &sync.Pool{New: func() any { return new(memo) }}, all: make([]Rule, 0, n)}
	own := make(map[string][]*Rule, n/4)
	seen := make(map[string]bool, n)
	for _, t := range tables {
		e.all = append(e.all, t...)
	}
	for i := range e.all {
		r := &e.all[i]
		if seen[r.ID] {
			return nil, fmt.Errorf("rule %d (%s %s): id %q is empty or not unique", i, r.Type, r.Reason, r.ID)
		}
		seen[r.ID] = true
		if err := prepare(r, i); err != nil {
			return nil, err
		}
		if r.Type != AnyType {
			own[r.Type] = append(own[r.Type], r)
			continue
		}
		e.fileAny(r)
	}
	keyed, err := indexKeys(own)
	if err != nil {
		return nil, err
	}
	for typ, rows := range own {
		e.byType[typ] = typeRows{rows: rows, keyed: keyed[typ]}
	}
	return e, nil
}

// prepare checks row i and works out what judging reads of it: its
// actions as bits and the words and path classes its condition needs.
func prepare(r *Rule, i int) error {
	switch {
	case r.ID == "":
		return fmt.Errorf("rule %d (%s %s): id %q is empty or not unique", i, r.Type, r.Reason, r.ID)
	case r.Type == "":
		return fmt.Errorf("rule %s: no type", r.ID)
	case !r.Tier.Valid():
		return fmt.Errorf("rule %s: tier %d is not 1-5", r.ID, r.Tier)
	case r.Reason == "":
		return fmt.Errorf("rule %s: no reason", r.ID)
	case len(r.On) == 0:
		return fmt.Errorf("rule %s: no actions", r.ID)
	case r.First && r.Type != AnyType:
		return fmt.Errorf("rule %s: only an AnyType row can be read first", r.ID)
	case r.Also && (r.Type != AnyType || r.First):
		return fmt.Errorf("rule %s: only an AnyType row that is not read first can be read also", r.ID)
	}
	for _, a := range r.On {
		bit := actionBit(a)
		if bit == 0 {
			return fmt.Errorf("rule %s: %q is not an action a change can have", r.ID, a)
		}
		r.acts |= bit
	}
	if r.When == nil {
		r.When = Always()
	}
	if r.Confidence == "" {
		r.Confidence = model.ConfidenceHigh
	}
	r.need = needsOf(r.When)
	for _, w := range r.need {
		r.needInitials |= initial(w)
	}
	r.needClasses = classNeeds(r.When)
	return nil
}

// fileAny files an AnyType row where judging reads it: first, after the
// type's own rows, or also.
func (e *Engine) fileAny(r *Rule) {
	switch {
	case r.Also:
		for _, a := range r.On {
			i := actionIndex(a) // known: prepare checked it
			e.alsoFor[i] = append(e.alsoFor[i], r)
		}
	case r.First:
		e.first = append(e.first, r)
	default:
		e.generic = append(e.generic, r)
	}
}

// typeRows are one type's own rows, and when some are keyed, the same
// rows filed by key.
type typeRows struct {
	rows  []*Rule
	keyed *keyIndex
}

// Rules returns every row, in table order.
func (e *Engine) Rules() []Rule {
	if e.lazy != nil {
		return e.lazy.engine().Rules()
	}
	return append([]Rule(nil), e.all...)
}

// Types returns the types that have rows of their own, sorted.
func (e *Engine) Types() []string {
	if e.lazy != nil {
		return e.lazy.engine().Types()
	}
	out := make([]string, 0, len(e.byType))
	for t := range e.byType {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

// Knows reports whether typ has rows of its own.
func (e *Engine) Knows(typ string) bool {
	if e.lazy != nil {
		return e.lazy.knows(typ)
	}
	return len(e.byType[typ].rows) > 0
}

// typeRows returns typ's own rows, at least those that judge act.
func (e *Engine) typeRows(typ string, act actionSet) typeRows {
	if e.lazy != nil {
		return e.lazy.rows(typ, act)
	}
	return e.byType[typ]
}

// Judge returns the verdict of the first row that decides f.M, or false
// when no row covers it (the classifier's turn).
func (e *Engine) Judge(f Facts) (model.Recoverability, bool) {
	return e.judge(f, nil)
}

// Step is one row an explanation shows: the row, what its condition made
// of the facts, and whether it decided.
type Step struct {
	Rule     Rule
	Truth    Truth
	Evidence []model.Evidence
	Missing  []string
	Decided  bool
}

// Explain returns the verdict with every row that was read to reach it,
// in order: rows that did not hold, rows the input could not decide (and
// the facts that would), and the row that decided.
func (e *Engine) Explain(f Facts) (model.Recoverability, bool, []Step) {
	var steps []Step
	v, ok := e.judge(f, func(s Step) { steps = append(steps, s) })
	return v, ok, steps
}

func (e *Engine) judge(f Facts, trace func(Step)) (model.Recoverability, bool) {
	if f.memo == nil {
		f.memo = e.getMemo()
		defer e.putMemo(f.memo)
	}
	var act actionSet // no row covers an action not in actions
	var also []*Rule
	if i := actionIndex(f.M.Action); i >= 0 {
		act, also = 1<<i, e.alsoFor[i]
	}
	var v model.Recoverability
	ok := e.decide(f, act, trace, &v)
	for _, r := range also {
		res := r.When.Eval(f)
		if trace != nil {
			trace(Step{Rule: *r, Truth: res.Truth, Evidence: res.Evidence, Missing: res.Missing, Decided: res.Truth == True})
		}
		if res.Truth != True {
			continue
		}
		if a := verdict(r, f.M, res); !ok || a.Tier.Severity() > v.Tier.Severity() {
			if ok {
				a.Reasoning += "; besides, " + v.Reasoning
			}
			v, ok = a, true
		}
	}
	if ok {
		v = inImageBuild(f.M, v)
		v = inRunContext(f.M, v)
	}
	return v, ok
}

// decide sets *v to the verdict of the first row that decides f.M (or
// needs review when a worse row could not be ruled out), or returns false.
// act is f.M's action as a bit, which judge finds once for both kinds of
// rows. (Through a pointer: the verdict is large, and judge passes it on.)
func (e *Engine) decide(f Facts, act actionSet, trace func(Step), v *model.Recoverability) bool {
	var undecided []*Rule
	var missing []string
	initials := initialsOf(f.M.Command)
	var classes classSet // the operands' path classes, read at the first row that needs them
	classesRead := false
	t := e.typeRows(f.M.Target.Type, act)
	typed := t.rows
	if t.keyed != nil {
		typed = t.keyed.rows(f.M)
	}
	for _, rows := range [3][]*Rule{e.first, typed, e.generic} {
		for _, r := range rows {
			if r.acts&act == 0 {
				continue
			}
			// A row whose condition needs a word the command does not have
			// cannot hold; an explanation still shows it evaluated.
			if r.need != nil && trace == nil && (r.needInitials&initials == 0 || !mentions(f.M.Command, r.need)) {
				continue
			}
			if r.needClasses != 0 && trace == nil && f.M.Command != nil {
				if !classesRead {
					classes, classesRead = f.operandClasses(), true
				}
				if r.needClasses&classes == 0 {
					continue
				}
			}
			res := r.When.Eval(f)
			if trace != nil {
				trace(Step{Rule: *r, Truth: res.Truth, Evidence: res.Evidence, Missing: res.Missing, Decided: res.Truth == True})
			}
			switch res.Truth {
			case True:
				*v = verdict(r, f.M, res)
				if worse := worstAbove(undecided, r.Tier); worse != nil {
					*v = needsReview(worse, f.M, missing, v.Reasoning)
				}
				return true
			case Unknown:
				undecided = append(undecided, r)
				missing = appendNew(missing, res.Missing...)
			}
		}
	}
	// A row left undecided is a reason for review only when it is worse
	// than reversible: not ruling out that a call only reads (a known
	// server's read row, on a call that names no server) leaves it to the
	// classifier like any call no row decides.
	if worse := worstAbove(undecided, model.TierReversible); worse != nil {
		*v = needsReview(worse, f.M, missing, "")
		return true
	}
	return false
}

func (e *Engine) getMemo() *memo {
	if e.memos == nil {
		return new(memo)
	}
	return e.memos.Get().(*memo)
}

// putMemo returns m to the pool with its keys cleared, which is all a
// later judgement needs: every cached value is looked up by its command
// (a new one may reuse a freed one's address). The buffers keep their old
// contents until overwritten; clearing them all cost more than the rows.
func (e *Engine) putMemo(m *memo) {
	if e.memos != nil {
		m.cmd, m.ops, m.flagsCmd, m.paths = nil, nil, nil, m.paths[:0]
		e.memos.Put(m)
	}
}

// worstAbove returns the undecided row with the highest tier above t.
func worstAbove(rows []*Rule, t model.Tier) *Rule {
	var worst *Rule
	for _, r := range rows {
		if r.Tier > t && (worst == nil || r.Tier > worst.Tier) {
			worst = r
		}
	}
	return worst
}

func verdict(r *Rule, m *model.Mutation, res Result) model.Recoverability {
	v := model.Recoverability{
		Tier:       r.Tier,
		Reasoning:  reasoning(m, r.Reason, res.Evidence),
		Source:     model.FromRules,
		RuleID:     r.ID,
		Confidence: r.Confidence,
		Evidence:   res.Evidence,
	}
	if m.Action == model.ActionUnknown && v.Confidence == model.ConfidenceHigh {
		v.Confidence = model.ConfidenceMedium
	}
	return v
}

// needsReview is the verdict when a worse row could not be ruled out.
func needsReview(worse *Rule, m *model.Mutation, missing []string, otherwise string) model.Recoverability {
	var b strings.Builder
	fmt.Fprintf(&b, "%scannot rule out %s (%s): %s; the input does not show %s",
		ActionPrefix(m), worse.Tier.Label(), worse.ID, worse.Reason, strings.Join(missing, ", "))
	if otherwise != "" {
		fmt.Fprintf(&b, ". With that evidence it could instead be: %s", otherwise)
	}
	return model.Recoverability{
		Tier:            model.TierNeedsReview,
		Reasoning:       b.String(),
		Source:          model.FromRules,
		RuleID:          worse.ID,
		Confidence:      model.ConfidenceMedium,
		MissingEvidence: missing,
	}
}

// ActionPrefix explains how a replace, a deposed object or an unknown
// action list was read, so that the reasoning says it.
func ActionPrefix(m *model.Mutation) string {
	var parts []string
	switch m.Action {
	case model.ActionReplace:
		order := "delete, then create"
		if len(m.RawActions) > 0 && m.RawActions[0] == "create" {
			order = "create, then delete"
		}
		p := "replace (" + order
		if m.ActionReason != "" {
			p += "; " + m.ActionReason
		}
		parts = append(parts, p+") destroys the existing object")
	case model.ActionUnknown:
		parts = append(parts, fmt.Sprintf("action list %s is not one Recourse knows, so it is read as a delete", jsonText(m.RawActions)))
	}
	if m.Target.Deposed != "" {
		parts = append(parts, "deposed object "+m.Target.Deposed)
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, "; ") + ": "
}

// reasoning is a row's reason after the action prefix, with the evidence
// it read: "reason (key=value, key: before → after)". Every verdict has
// one, so it is written into a buffer on the stack and copied out once (a
// strings.Builder handed to a helper moves to the heap with its buffer).
func reasoning(m *model.Mutation, reason string, ev []model.Evidence) string {
	prefix := ActionPrefix(m)
	switch {
	case len(ev) == 0 && prefix == "":
		return reason
	case len(ev) == 0:
		return prefix + reason
	}
	var buf [512]byte
	b := append(buf[:0], prefix...)
	b = append(b, reason...)
	for i, e := range ev {
		if i == 0 {
			b = append(b, " ("...)
		} else {
			b = append(b, ", "...)
		}
		b = appendFact(b, e)
	}
	return string(append(b, ')'))
}

// FactText renders one piece of evidence; a sensitive value is never shown.
func FactText(e model.Evidence) string {
	var buf [128]byte
	return string(appendFact(buf[:0], e))
}

func appendFact(b []byte, e model.Evidence) []byte {
	b = append(b, e.Key...)
	switch {
	case e.Sensitive:
		return append(b, "=(sensitive)"...)
	case !e.Present && e.Value != nil:
		b = appendJSON(append(b, '='), e.Value)
		return append(b, " (provider default; not in the input)"...)
	case !e.Present:
		return append(b, " absent"...)
	}
	if ba, ok := e.Value.(map[string]any); ok && len(ba) == 2 {
		if before, ok := ba["before"]; ok {
			b = appendJSON(append(b, ": "...), before)
			return appendJSON(append(b, " → "...), ba["after"])
		}
	}
	return appendJSON(append(b, '='), e.Value)
}

func appendNew(list []string, items ...string) []string {
	for _, it := range items {
		found := false
		for _, l := range list {
			if l == it {
				found = true
				break
			}
		}
		if !found {
			list = append(list, it)
		}
	}
	return list
}
