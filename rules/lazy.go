package rules

import (
	"fmt"
	"slices"
	"sync"

	"github.com/recourse-dev/recourse/model"
)

// Table is a rule table an engine builds on first use: Types says, without
// building it, which types it has rows of, so that a process judging one
// command line builds the tables of that command's programs and no
// others. A hook is a whole process per tool call, and building every
// table was most of its time.
type Table struct {
	// Name names the table in errors.
	Name string
	// Rows builds the table.
	Rows func() []Rule
	// Types are the types of its rows, sorted; a table with AnyType rows,
	// which every judgement reads, is built at once.
	Types []string
	// On are the actions its rows judge, in actions' order: a table of
	// MCP tools whose names are also programs' is not built for a
	// command line.
	On []model.Action
}

// acts is t.On as bits.
func (t Table) acts() actionSet {
	var a actionSet
	for _, x := range t.On {
		a |= actionBit(x)
	}
	return a
}

// lazyKey is a type and an action judged of it.
type lazyKey struct {
	typ string
	act actionSet
}

// lazyTables are a lazy engine's tables and what it has built of them.
type lazyTables struct {
	tables []Table
	mu     sync.Mutex
	built  [][]Rule             // by table; nil until built
	byType map[lazyKey]typeRows // the types judged so far, by action
	all    *Engine              // every table, for listings; built once
	once   sync.Once
}

// NewLazyEngine returns an engine over tables that builds each one the
// first time a change of one of its types is judged, and a type's index
// then. It judges as NewEngine over the same rows in the same order
// would; the tables' ids and types are checked by that (a test of the
// tables' owner builds them both ways). A table that turns out malformed
// makes the changes of its types need review, never pass.
func NewLazyEngine(tables ...Table) *Engine {
	l := &lazyTables{tables: tables, built: make([][]Rule, len(tables)), byType: map[lazyKey]typeRows{}}
	e := &Engine{lazy: l, memos: &sync.Pool{New: func() any { return new(memo) }}}
	for i, t := range tables {
		if !slices.Contains(t.Types, AnyType) {
			continue
		}
		rows, err := l.build(i)
		if err != nil {
			e.generic = append(e.generic, malformed(AnyType, t.Name, err))
			continue
		}
		for j := range rows {
			if r := &rows[j]; r.Type == AnyType {
				e.fileAny(r)
			}
		}
	}
	return e
}

// build builds and prepares table i, once; l.mu is held or l is not yet
// shared.
func (l *lazyTables) build(i int) ([]Rule, error) {
	if l.built[i] != nil {
		return l.built[i], nil
	}
	t := l.tables[i]
	acts := t.acts()
	rows := t.Rows()
	for j := range rows {
		if err := prepare(&rows[j], j); err != nil {
			return nil, fmt.Errorf("rule table %s: %w", t.Name, err)
		}
		if _, found := slices.BinarySearch(t.Types, rows[j].Type); !found || rows[j].acts&^acts != 0 {
			return nil, fmt.Errorf("rule table %s: rule %s has type %q or actions %q, which the table's index does not list", t.Name, rows[j].ID, rows[j].Type, rows[j].On)
		}
	}
	l.built[i] = rows
	return rows, nil
}

// rows returns typ's own rows for judging the action act, building the
// tables that have rows of typ and act. Rows of the other tables could not
// decide the change (decide skips a row without its action).
func (l *lazyTables) rows(typ string, act actionSet) typeRows {
	l.mu.Lock()
	defer l.mu.Unlock()
	if t, ok := l.byType[lazyKey{typ, act}]; ok {
		return t
	}
	var own []*Rule
	for i, t := range l.tables {
		if _, found := slices.BinarySearch(t.Types, typ); !found || typ == AnyType || t.acts()&act == 0 {
			continue
		}
		rows, err := l.build(i)
		if err != nil {
			own = []*Rule{malformed(typ, t.Name, err)}
			break
		}
		for j := range rows {
			if rows[j].Type == typ {
				own = append(own, &rows[j])
			}
		}
	}
	if own == nil {
		// Not kept: a long-running process would keep every unknown
		// program's name.
		return typeRows{}
	}
	t := typeRows{rows: own}
	if keyed, err := indexKeys(map[string][]*Rule{typ: own}); err != nil {
		t = typeRows{rows: []*Rule{malformed(typ, "index", err)}}
	} else {
		t.keyed = keyed[typ]
	}
	l.byType[lazyKey{typ, act}] = t
	return t
}

// knows reports whether a table has rows of typ, without building one.
func (l *lazyTables) knows(typ string) bool {
	for _, t := range l.tables {
		if _, found := slices.BinarySearch(t.Types, typ); found && typ != AnyType {
			return true
		}
	}
	return false
}

// engine is every table built at once, for what lists the rules rather
// than judging a change (Rules, Types, Catalog). Tables that do not build
// list nothing.
func (l *lazyTables) engine() *Engine {
	l.once.Do(func() {
		var tables [][]Rule
		for _, t := range l.tables {
			tables = append(tables, t.Rows())
		}
		e, err := NewEngine(tables...)
		if err != nil {
			e = &Engine{}
		}
		l.all = e
	})
	return l.all
}

// malformed is the row that stands for a table that did not build: every
// change of its type needs review.
func malformed(typ, table string, err error) *Rule {
	r := &Rule{ID: "rules.malformed-table", Type: typ, On: actions[:], Tier: model.TierNeedsReview,
		Reason: "the rule table " + table + " is malformed (" + err.Error() + "), so this change cannot be judged: a bug in Recourse"}
	_ = prepare(r, 0)
	return r
}

// CheckLazy reports how an engine over tables built on first use would
// judge differently from one that builds them at once: a table whose
// rows do not build, whose Types are not exactly its rows' types, or a
// type whose rows, keys or order differ. The tables' owner runs it in a
// test.
func CheckLazy(tables ...Table) error {
	var all [][]Rule
	for _, t := range tables {
		rows := t.Rows()
		if types := TypesOf(rows); !slices.Equal(types, t.Types) {
			return fmt.Errorf("rule table %s: its index lists the types %q, its rows have %q", t.Name, t.Types, types)
		}
		if on := ActionsOf(rows); !slices.Equal(on, t.On) {
			return fmt.Errorf("rule table %s: its index lists the actions %q, its rows have %q", t.Name, t.On, on)
		}
		all = append(all, rows)
	}
	eager, err := NewEngine(all...)
	if err != nil {
		return err
	}
	lazy := NewLazyEngine(tables...)
	for _, list := range [][2][]*Rule{{eager.first, lazy.first}, {eager.generic, lazy.generic}} {
		if !sameIDs(list[0], list[1]) {
			return fmt.Errorf("rows of any type: %q, want %q", ids(list[1]), ids(list[0]))
		}
	}
	for i := range eager.alsoFor {
		if !sameIDs(eager.alsoFor[i], lazy.alsoFor[i]) {
			return fmt.Errorf("rows also read for %s: %q, want %q", actions[i], ids(lazy.alsoFor[i]), ids(eager.alsoFor[i]))
		}
	}
	for typ, all := range eager.byType {
		if !lazy.Knows(typ) {
			return fmt.Errorf("type %s: the lazy engine does not know it", typ)
		}
		for i := range actions {
			act := actionSet(1) << i
			want := judged(all, act)
			got := judged(lazy.typeRows(typ, act), act)
			for _, key := range keysIn(got, want) {
				if g, w := readFor(got, key), readFor(want, key); !sameIDs(g, w) {
					return fmt.Errorf("type %s, %s, key %q: rows %q, want %q", typ, actions[i], key, ids(g), ids(w))
				}
			}
		}
	}
	return nil
}

// keysIn are the keys either side files rows under, and "" for a change
// with none.
func keysIn(a, b typeRows) []string {
	keys := []string{""}
	for _, t := range []typeRows{a, b} {
		if t.keyed != nil {
			for k := range t.keyed.byKey {
				keys = append(keys, k)
			}
		}
	}
	return keys
}

// readFor are the rows decide reads of t for a change whose key is key
// ("" for none).
func readFor(t typeRows, key string) []*Rule {
	if t.keyed == nil {
		return t.rows
	}
	if rows, ok := t.keyed.byKey[key]; ok && key != "" {
		return rows
	}
	return t.keyed.unkeyed
}

// judged is t with only the rows that judge act: what decide reads of it.
func judged(t typeRows, act actionSet) typeRows {
	keep := func(rows []*Rule) []*Rule {
		var out []*Rule
		for _, r := range rows {
			if r.acts&act != 0 {
				out = append(out, r)
			}
		}
		return out
	}
	out := typeRows{rows: keep(t.rows)}
	if t.keyed != nil {
		ix := &keyIndex{keyer: t.keyed.keyer, byKey: map[string][]*Rule{}, unkeyed: keep(t.keyed.unkeyed)}
		for key, rows := range t.keyed.byKey {
			ix.byKey[key] = keep(rows)
		}
		out.keyed = ix
	}
	return out
}

func ids(rows []*Rule) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.ID
	}
	return out
}

func sameIDs(a, b []*Rule) bool { return slices.Equal(ids(a), ids(b)) }

// TypesOf are the types of rows, sorted, each once: what a Table's Types
// lists.
func TypesOf(rows []Rule) []string {
	var types []string
	for _, r := range rows {
		types = append(types, r.Type)
	}
	slices.Sort(types)
	return slices.Compact(types)
}

// ActionsOf are the actions rows judge, in the order an index lists them:
// what a Table's On lists.
func ActionsOf(rows []Rule) []model.Action {
	var out []model.Action
	for _, a := range actions {
		for _, r := range rows {
			if slices.Contains(r.On, a) {
				out = append(out, a)
				break
			}
		}
	}
	return out
}
