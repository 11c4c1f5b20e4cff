// Package rego evaluates the decision policy with OPA: Recourse's default
// policy (default.rego, embedded; the specification policy.Default is
// compiled from) together with user policies, which may tighten or relax
// it through the contract in docs/policy.md.
//
// A policy is prepared once and is safe for concurrent use.
package rego

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"
	oparego "github.com/open-policy-agent/opa/v1/rego"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/policy"
)

//go:embed default.rego
var defaultRego string

// DefaultFile is the name the embedded default policy is compiled under.
const DefaultFile = "recourse/default.rego"

// query is the decision the Rego engine is asked for.
const query = "data.recourse.decision.result"

// engine is the default policy and user policies, prepared.
type engine struct {
	prepared oparego.PreparedEvalQuery
}

// New returns the decision engine. With no dirs it is policy.Default, the
// compiled default policy; otherwise it compiles the default policy
// together with the user policies found in dirs (every *.rego file,
// recursively, except *_test.rego) and prepares the decision query.
func New(ctx context.Context, dirs ...string) (*policy.Engine, error) {
	if len(dirs) == 0 {
		return policy.Default(), nil
	}
	pq, err := prepare(ctx, dirs)
	if err != nil {
		return nil, err
	}
	return policy.Custom(engine{pq}), nil
}

// FromSources is New for policies that arrive as text rather than files
// (a policy bundle's modules, by path): the same package rules, compiled
// with the default policy.
func FromSources(ctx context.Context, sources map[string]string) (*policy.Engine, error) {
	modules, err := loadModules(nil, false)
	if err != nil {
		return nil, err
	}
	for name, src := range sources {
		m, err := parseUser(name, src)
		if err != nil {
			return nil, err
		}
		modules["bundle:"+name] = m
	}
	pq, err := compile(ctx, modules)
	if err != nil {
		return nil, err
	}
	return policy.Custom(engine{pq}), nil
}

// prepare compiles default.rego and the user policies in dirs and
// prepares the decision query.
func prepare(ctx context.Context, dirs []string) (oparego.PreparedEvalQuery, error) {
	modules, err := loadModules(dirs, false)
	if err != nil {
		return oparego.PreparedEvalQuery{}, err
	}
	return compile(ctx, modules)
}

// compile compiles modules and prepares the decision query.
func compile(ctx context.Context, modules map[string]*ast.Module) (oparego.PreparedEvalQuery, error) {
	compiler := ast.NewCompiler().WithCapabilities(capabilities())
	if compiler.Compile(modules); compiler.Failed() {
		return oparego.PreparedEvalQuery{}, compileError(compiler.Errors)
	}
	pq, err := oparego.New(
		oparego.Query(query),
		oparego.Compiler(compiler),
		oparego.StrictBuiltinErrors(true),
	).PrepareForEval(ctx)
	if err != nil {
		return oparego.PreparedEvalQuery{}, &model.Error{Kind: model.KindPolicyCompile, Message: "preparing the decision query: " + err.Error(), Err: err}
	}
	return pq, nil
}

// Decide evaluates the prepared Rego query on in.
func (e engine) Decide(ctx context.Context, in policy.Input) (policy.Result, error) {
	value, err := inputValue(in)
	if err != nil {
		return policy.Result{}, evalError("building the policy input", err)
	}
	rs, err := e.prepared.Eval(ctx, oparego.EvalParsedInput(value))
	if err != nil {
		if ctx.Err() != nil {
			return policy.Result{}, policy.DeadlineError(err)
		}
		return policy.Result{}, evalError("evaluating the policy", err)
	}
	if len(rs) != 1 || len(rs[0].Expressions) != 1 {
		return policy.Result{}, evalError("evaluating the policy", errors.New(query+" is undefined: a user policy may have made the default policy fail (conflicting rules?)"))
	}
	return parseResult(rs[0].Expressions[0].Value)
}

func evalError(what string, err error) error {
	return &model.Error{Kind: model.KindPolicyEval, Message: what + ": " + err.Error(), Err: err}
}

// parseResult checks the shape of the policy's answer.
func parseResult(v any) (policy.Result, error) {
	obj, ok := v.(map[string]any)
	if !ok {
		return policy.Result{}, evalError("reading the result", fmt.Errorf("%s is %T, not an object", query, v))
	}
	if errs := strings.Join(toStrings(obj["errors"]), "; "); errs != "" {
		return policy.Result{}, evalError("a user policy returned malformed entries", errors.New(errs))
	}
	s, _ := obj["decision"].(string)
	d, ok := model.ParseDecision(s)
	if !ok {
		return policy.Result{}, evalError("reading the result", fmt.Errorf("decision %v is not allow, warn, escalate or block", obj["decision"]))
	}
	return policy.Result{Decision: d, Reasons: toStrings(obj["reasons"]), Policies: toStrings(obj["policies"])}, nil
}

func toStrings(v any) []string {
	list, _ := v.([]any)
	out := make([]string, 0, len(list))
	for _, x := range list {
		out = append(out, fmt.Sprint(x))
	}
	return out
}

// inputValue is the input as the policy reads it (docs/policy.md). The verdicts
// are built as AST terms directly: converting ten thousand Go maps through
// ast.InterfaceToValue costs more than evaluating the policy.
func inputValue(in policy.Input) (ast.Value, error) {
	return ast.NewObject(
		ast.Item(ast.InternedTerm("source"), ast.StringTerm(string(in.Source))),
		ast.Item(ast.InternedTerm("context"), ast.ObjectTerm(
			ast.Item(ast.InternedTerm("environment"), ast.StringTerm(in.Environment)),
			ast.Item(ast.InternedTerm("actor"), ast.StringTerm(in.Actor)),
			ast.Item(ast.InternedTerm("owner"), ast.StringTerm(in.Owner)),
			ast.Item(ast.InternedTerm("source"), ast.StringTerm(string(in.Source))),
		)),
		ast.Item(ast.InternedTerm("summary"), summaryTerm(in.Summary)),
		ast.Item(ast.InternedTerm("mutations"), verdictTerms(in.Verdicts)),
		ast.Item(ast.InternedTerm("crossActionRisks"), verdictTerms(in.CrossActionRisks)),
	), nil
}

func summaryTerm(s policy.Summary) *ast.Term {
	counts := make([][2]*ast.Term, 0, len(model.Tiers))
	for _, t := range model.Tiers {
		counts = append(counts, ast.Item(ast.StringTerm(t.Label()), ast.InternedTerm(s.TierCounts.Of(t))))
	}
	return ast.ObjectTerm(
		ast.Item(ast.InternedTerm("totalMutations"), ast.InternedTerm(s.TotalMutations)),
		ast.Item(ast.InternedTerm("needsReview"), ast.InternedTerm(s.NeedsReview)),
		ast.Item(ast.InternedTerm("hasUnrecoverable"), ast.InternedTerm(s.HasUnrecoverable)),
		ast.Item(ast.InternedTerm("dependencyImpactCount"), ast.InternedTerm(s.DependencyImpactCount)),
		ast.Item(ast.InternedTerm("worstTier"), ast.InternedTerm(int(s.WorstTier))),
		ast.Item(ast.InternedTerm("tierCounts"), ast.ObjectTerm(counts...)),
		ast.Item(ast.InternedTerm("classifierVerdicts"), ast.InternedTerm(s.ClassifierVerdicts)),
	)
}

var (
	keyAddress    = ast.InternedTerm("address")
	keyType       = ast.InternedTerm("type")
	keyAction     = ast.InternedTerm("action")
	keyTier       = ast.InternedTerm("tier")
	keyLabel      = ast.InternedTerm("label")
	keyReasoning  = ast.InternedTerm("reasoning")
	keySource     = ast.InternedTerm("source")
	keyRuleID     = ast.InternedTerm("ruleId")
	keyConfidence = ast.InternedTerm("confidence")
	keyMissing    = ast.InternedTerm("missingEvidence")
	keySupplied   = ast.InternedTerm("suppliedEvidence")
	keyKey        = ast.InternedTerm("key")
	keyBy         = ast.InternedTerm("by")
	keySuppliedBy = ast.InternedTerm("supplied_by")
	keyException  = ast.InternedTerm("exception")
	keyObserved   = ast.InternedTerm("observedEvidence")
	keyValue      = ast.InternedTerm("value")
)

func verdictTerms(vs []policy.Verdict) *ast.Term {
	terms := make([]*ast.Term, len(vs))
	for i, v := range vs {
		missing := make([]*ast.Term, len(v.Missing))
		for j, m := range v.Missing {
			missing[j] = ast.StringTerm(m)
		}
		supplied := make([]*ast.Term, len(v.Supplied))
		for j, f := range v.Supplied {
			supplied[j] = ast.ObjectTerm(ast.Item(keyKey, ast.StringTerm(f.Key)), ast.Item(keySource, ast.StringTerm(f.Source)),
				ast.Item(keyBy, ast.StringTerm(f.By)), ast.Item(keySuppliedBy, ast.StringTerm(f.SuppliedBy)))
		}
		observed := make([]*ast.Term, len(v.Observed))
		for j, e := range v.Observed {
			value := ""
			if s, ok := e.Value.(string); ok {
				value = s
			}
			observed[j] = ast.ObjectTerm(ast.Item(keyKey, ast.StringTerm(e.Key)), ast.Item(keyValue, ast.StringTerm(value)),
				ast.Item(keySuppliedBy, ast.StringTerm(e.SuppliedBy)))
		}
		items := [][2]*ast.Term{
			ast.Item(keyAddress, ast.StringTerm(v.Address)),
			ast.Item(keyType, ast.StringTerm(v.Type)),
			ast.Item(keyAction, ast.StringTerm(v.Action)),
			ast.Item(keyTier, ast.InternedTerm(int(v.Tier))),
			ast.Item(keyLabel, ast.StringTerm(v.Tier.Label())),
			ast.Item(keyReasoning, ast.StringTerm(v.Reasoning)),
			ast.Item(keySource, ast.StringTerm(string(v.Source))),
			ast.Item(keyRuleID, ast.StringTerm(v.RuleID)),
			ast.Item(keyConfidence, ast.StringTerm(string(v.Confidence))),
			ast.Item(keyMissing, ast.ArrayTerm(missing...)),
			ast.Item(keySupplied, ast.ArrayTerm(supplied...)),
			ast.Item(keyObserved, ast.ArrayTerm(observed...)),
		}
		if x := v.Exception; x != nil {
			items = append(items, ast.Item(keyException, ast.ObjectTerm(
				ast.Item(ast.StringTerm("rule"), ast.StringTerm(x.Rule)), ast.Item(ast.StringTerm("match"), ast.StringTerm(x.Match)),
				ast.Item(ast.StringTerm("reason"), ast.StringTerm(x.Reason)), ast.Item(ast.StringTerm("expires"), ast.StringTerm(x.Expires)),
				ast.Item(ast.StringTerm("source"), ast.StringTerm(x.Source)))))
		}
		terms[i] = ast.ObjectTerm(items...)
	}
	return ast.ArrayTerm(terms...)
}

// loadModules parses the default policy and every .rego file under dirs.
// With tests, *_test.rego files are included.
func loadModules(dirs []string, tests bool) (map[string]*ast.Module, error) {
	opts := ast.ParserOptions{RegoVersion: ast.RegoV1, ProcessAnnotation: true}
	def, err := ast.ParseModuleWithOpts(DefaultFile, defaultRego, opts)
	if err != nil {
		return nil, compileError(err)
	}
	modules := map[string]*ast.Module{DefaultFile: def}
	files, err := regoFiles(dirs, tests)
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, &model.Error{Kind: model.KindPolicyCompile, File: f, Message: err.Error(), Err: err}
		}
		m, err := parseUser(f, string(src))
		if err != nil {
			return nil, err
		}
		modules[f] = m
	}
	return modules, nil
}

// parseUser parses one user module and checks its package.
func parseUser(name, src string) (*ast.Module, error) {
	m, err := ast.ParseModuleWithOpts(name, src, ast.ParserOptions{RegoVersion: ast.RegoV1, ProcessAnnotation: true})
	if err != nil {
		return nil, compileError(err)
	}
	if m == nil {
		return nil, &model.Error{Kind: model.KindPolicyCompile, File: name, Message: "the file is empty", Expected: "a Rego module: package recourse.policies.<name>"}
	}
	if err := checkPackage(name, m); err != nil {
		return nil, err
	}
	return m, nil
}

// regoFiles lists the .rego files under dirs, sorted. A directory that does
// not exist or holds no policy is an error: a mistyped --policy must not
// silently run the default policy alone.
func regoFiles(dirs []string, tests bool) ([]string, error) {
	var files []string
	for _, dir := range dirs {
		n := 0
		err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() || filepath.Ext(path) != ".rego" {
				return nil
			}
			if strings.HasSuffix(path, "_test.rego") && !tests {
				return nil
			}
			files = append(files, path)
			n++
			return nil
		})
		if err != nil {
			return nil, &model.Error{Kind: model.KindPolicyCompile, File: dir, Message: "cannot read the policy directory: " + err.Error(), Err: err}
		}
		if n == 0 {
			return nil, &model.Error{Kind: model.KindPolicyCompile, File: dir, Message: "no .rego policy files in this directory",
				Expected: "a directory of Rego files in packages recourse.policies.<name> (docs/policy.md)"}
		}
	}
	sort.Strings(files)
	return files, nil
}

var (
	userRoot     = ast.MustParseRef("data.recourse.policies")
	defaultRoot  = ast.MustParseRef("data.recourse.decision")
	contractRule = map[string]bool{"tighten": true, "relax": true}
)

// checkPackage enforces the user-policy contract: decision rules live in
// recourse.policies.<name>, and the default policy's package is reserved.
func checkPackage(file string, m *ast.Module) error {
	path := m.Package.Path
	loc := m.Package.Location
	fail := func(msg, expected string) error {
		e := &model.Error{Kind: model.KindPolicyCompile, File: file, Message: msg, Expected: expected}
		if loc != nil {
			e.Line, e.Column = loc.Row, loc.Col
		}
		return e
	}
	if path.HasPrefix(defaultRoot) {
		return fail(fmt.Sprintf("package %s is reserved for Recourse's default policy", path), "package recourse.policies.<name>")
	}
	if path.HasPrefix(userRoot) {
		if len(path) != len(userRoot)+1 {
			return fail(fmt.Sprintf("package %s is nested too deep: only recourse.policies.<name> is read", path), "package recourse.policies.<name>")
		}
		return nil
	}
	for _, r := range m.Rules {
		if name := r.Head.Ref()[0].Value.String(); contractRule[name] {
			return fail(fmt.Sprintf("package %s defines %s, but only packages recourse.policies.<name> are read, so it would be ignored", path, name),
				"package recourse.policies.<name>")
		}
	}
	return nil
}

// compileError reports the first parse or compile error with its
// file:line:col, and the rest in the message.
// networkBuiltins are the Rego builtins that reach the network. A user
// policy cannot call them: a decision never depends on, or leaks its input
// to, a remote server.
var networkBuiltins = map[string]bool{"http.send": true, "net.lookup_ip_addr": true}

// capabilities are OPA's, without networkBuiltins.
func capabilities() *ast.Capabilities {
	caps := ast.CapabilitiesForThisVersion()
	kept := caps.Builtins[:0]
	for _, b := range caps.Builtins {
		if !networkBuiltins[b.Name] {
			kept = append(kept, b)
		}
	}
	caps.Builtins = kept
	return caps
}

func compileError(err error) error {
	var errs ast.Errors
	if !errors.As(err, &errs) || len(errs) == 0 {
		return &model.Error{Kind: model.KindPolicyCompile, Message: err.Error(), Err: err}
	}
	first := errs[0]
	e := &model.Error{Kind: model.KindPolicyCompile, Message: first.Message, Err: err,
		Expected: "Rego v1 syntax (import oparego.v1 is optional; `if` and `contains` are required)"}
	if first.Location != nil {
		e.File, e.Line, e.Column = first.Location.File, first.Location.Row, first.Location.Col
	}
	for name := range networkBuiltins {
		if strings.Contains(first.Message, name) {
			e.Message += " (" + name + " reaches the network, which Recourse policies may not: a decision must not depend on, or send its input to, a remote server)"
			e.Expected = "a policy that decides from its input and its own data"
		}
	}
	if len(errs) > 1 {
		e.Message += fmt.Sprintf(" (and %d more: %s)", len(errs)-1, errs[1:].Error())
	}
	return e
}
