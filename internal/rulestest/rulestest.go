// Package rulestest runs command-line rule tables in tests: every row gets
// a command that hits it and a near miss that must not.
package rulestest

import (
	// The SQL parser the recourse binary links, for the rows that judge SQL.
	_ "github.com/recourse-dev/recourse/evaluator/sql/pg"

	"testing"

	"github.com/recourse-dev/recourse/evaluator/mcpcall"
	"github.com/recourse-dev/recourse/evaluator/shell"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// Case is one row's test: Hit must be decided by Row; Miss, a similar
// command, must be decided by another row (or none).
type Case struct {
	Row  string
	Hit  string
	Miss string
	// Cwd is where both lines run; empty means a neutral project dir.
	Cwd string
	// Workspace is what Cwd shows about itself (its .gitignore, its build
	// files), for the rows that read it.
	Workspace *model.Workspace
	// Observed and MissObserved are the facts observed where the action
	// runs (model.Observed) of the judged command of Hit and of Miss; nil:
	// nothing observed. The same line with other facts is a near miss.
	Observed, MissObserved *model.Observed
	// Observer, when set, is what the parser observes where the lines run
	// (observe.Files on a test directory), for the rows that read
	// observed facts.
	Observer shell.Observer
	// Dialect is what both lines are written in (a CI step, a make
	// recipe), for the rows that read the context it states; empty: bash.
	Dialect shell.Dialect
}

// Judge parses line and returns the verdict of its first command of type
// typ (or its last command, when none has that type).
func Judge(t *testing.T, eng *rules.Engine, line, cwd, typ string) (model.Recoverability, bool) {
	t.Helper()
	return judgeIn(t, eng, line, cwd, "", nil, nil, nil, typ)
}

// judgeIn is Judge with the workspace cwd shows.
func judgeIn(t *testing.T, eng *rules.Engine, line, cwd string, dialect shell.Dialect, ws *model.Workspace, observer shell.Observer, obs *model.Observed, typ string) (model.Recoverability, bool) {
	t.Helper()
	if cwd == "" {
		cwd = "/workspace/project"
	}
	if ws != nil && ws.Dir == "" {
		w := *ws
		w.Dir = cwd
		ws = &w
	}
	ms, err := shell.Parse(line, shell.Options{Cwd: cwd, Workspace: ws, Observer: observer, Dialect: dialect})
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	if len(ms) == 0 {
		t.Fatalf("%q: no command", line)
	}
	m := ms[len(ms)-1]
	for i := len(ms) - 1; i >= 0; i-- {
		if ms[i].Target.Type == typ {
			m = ms[i]
		}
	}
	if obs != nil && m.Command != nil {
		c := *m.Command
		c.Observed = obs
		m.Command = &c
	}
	return eng.Judge(rules.Facts{M: &m, Inv: model.NewInventory()})
}

// Run checks every case and that every row of table has one.
func Run(t *testing.T, table []rules.Rule, cases []Case) {
	t.Helper()
	run(t, table, cases, func(t *testing.T, eng *rules.Engine, line string, c Case, typ string) (model.Recoverability, bool) {
		return judgeIn(t, eng, line, c.Cwd, c.Dialect, c.Workspace, c.Observer, c.Observed, typ)
	})
}

// judgeFunc judges one test input against the engine.
type judgeFunc func(t *testing.T, eng *rules.Engine, input string, c Case, typ string) (model.Recoverability, bool)

func run(t *testing.T, table []rules.Rule, cases []Case, judge judgeFunc) {
	t.Helper()
	eng := Engine(t, table)
	types := map[string]string{}
	for _, r := range table {
		types[r.ID] = r.Type
	}
	tested := map[string]bool{}
	for _, c := range cases {
		t.Run(c.Row, func(t *testing.T) {
			v, ok := judge(t, eng, c.Hit, c, types[c.Row])
			if !ok || v.RuleID != c.Row {
				t.Errorf("hit %q: got %s (%s), want %s", c.Hit, v.RuleID, v.Reasoning, c.Row)
			}
			if c.Miss == "" {
				t.Errorf("row %s has no near miss", c.Row)
				return
			}
			miss := c
			miss.Observed = c.MissObserved
			if v, _ := judge(t, eng, c.Miss, miss, types[c.Row]); v.RuleID == c.Row {
				t.Errorf("near miss %q hit %s too", c.Miss, c.Row)
			}
		})
		tested[c.Row] = true
	}
	for _, r := range table {
		if !tested[r.ID] {
			t.Errorf("row %s has no test case", r.ID)
		}
	}
}

// CallCase is RunCalls' case: Hit and Miss are MCP call documents.
type CallCase = Case

// JudgeCall parses an MCP call document made in directory cwd ("" when
// unknown) and returns the verdict of its first mutation of type typ (the
// call itself when typ is AnyType).
func JudgeCall(t *testing.T, eng *rules.Engine, doc, cwd, typ string) (model.Recoverability, bool) {
	t.Helper()
	return judgeCallIn(t, eng, doc, cwd, nil, typ)
}

// judgeCallIn is JudgeCall with the facts obs observed of the call's
// file tool (nil: none).
func judgeCallIn(t *testing.T, eng *rules.Engine, doc, cwd string, obs *model.Observed, typ string) (model.Recoverability, bool) {
	t.Helper()
	ms, err := mcpcall.Parse([]byte(doc))
	if err != nil {
		t.Fatalf("%s: %v", doc, err)
	}
	for i := range ms {
		if ms[i].Call != nil {
			ms[i].Call.Cwd = cwd
		}
	}
	m := ms[0]
	for i := len(ms) - 1; i >= 0; i-- {
		if ms[i].Target.Type == typ {
			m = ms[i]
		}
	}
	if obs != nil && m.Call != nil {
		c := *m.Call
		c.Observed = obs
		m.Call = &c
	}
	return eng.Judge(rules.Facts{M: &m, Inv: model.NewInventory()})
}

// RunCalls is Run for MCP call tables.
func RunCalls(t *testing.T, table []rules.Rule, cases []CallCase) {
	t.Helper()
	run(t, table, cases, func(t *testing.T, eng *rules.Engine, doc string, c Case, typ string) (model.Recoverability, bool) {
		return judgeCallIn(t, eng, doc, c.Cwd, c.Observed, typ)
	})
}
