package rego

import (
	"context"
	_ "embed"
	"io"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/storage/inmem"
	"github.com/open-policy-agent/opa/v1/tester"

	"github.com/recourse-dev/recourse/model"
)

//go:embed default_test.rego
var defaultTestRego string

// DefaultTestFile is the name the default policy's own tests run under.
const DefaultTestFile = "recourse/default_test.rego"

// TestSummary counts the outcome of a test run.
type TestSummary struct {
	Passed, Failed, Errored, Skipped int
}

// OK reports whether every test that ran passed.
func (s TestSummary) OK() bool { return s.Failed == 0 && s.Errored == 0 && s.Passed > 0 }

// RunTests runs the Rego unit tests (rules named test_*) in dirs, the way
// `opa test` does, with the default policy loaded so that tests can query
// data.recourse.decision. With no dirs it runs the default policy's own
// tests. The report is written to w in opa test's format.
func RunTests(ctx context.Context, w io.Writer, verbose bool, dirs ...string) (TestSummary, error) {
	modules, err := loadModules(dirs, true)
	if err != nil {
		return TestSummary{}, err
	}
	if len(dirs) == 0 {
		m, err := ast.ParseModuleWithOpts(DefaultTestFile, defaultTestRego, ast.ParserOptions{RegoVersion: ast.RegoV1})
		if err != nil {
			return TestSummary{}, compileError(err)
		}
		modules[DefaultTestFile] = m
	}
	store := inmem.New()
	txn, err := store.NewTransaction(ctx)
	if err != nil {
		return TestSummary{}, &model.Error{Kind: model.KindInternal, Message: err.Error(), Err: err}
	}
	defer store.Abort(ctx, txn)
	compiler := ast.NewCompiler().WithEnablePrintStatements(true).WithCapabilities(capabilities())
	ch, err := tester.NewRunner().
		SetCompiler(compiler).
		SetStore(store).
		SetModules(modules).
		CapturePrintOutput(true).
		RaiseBuiltinErrors(true).
		RunTests(ctx, txn)
	if err != nil {
		if compiler.Failed() {
			return TestSummary{}, compileError(compiler.Errors)
		}
		return TestSummary{}, compileError(err)
	}
	var sum TestSummary
	counted := make(chan *tester.Result)
	go func() {
		defer close(counted)
		for r := range ch {
			switch {
			case r.Skip:
				sum.Skipped++
			case r.Error != nil:
				sum.Errored++
			case r.Fail:
				sum.Failed++
			default:
				sum.Passed++
			}
			counted <- r
		}
	}()
	err = tester.PrettyReporter{Output: w, Verbose: verbose, FailureLine: true}.Report(counted)
	return sum, err
}
