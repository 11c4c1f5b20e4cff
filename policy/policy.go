// Package policy decides: it folds the verdicts of an evaluation into one
// decision. Without user policies the decision is Recourse's default
// policy, compiled to Go (Default); with them it is the default policy and
// the user's Rego evaluated by OPA (package policy/rego), through the
// contract in docs/policy.md.
//
// The package does not link OPA, so that a process which only needs the
// default policy — a hook, called before every command an agent runs —
// does not pay for loading it.
//
// An Engine is safe for concurrent use.
package policy

import (
	"context"

	"github.com/recourse-dev/recourse/model"
)

// Decider is a policy other than the compiled default: the default policy
// with user Rego (policy/rego). An evaluation error, a malformed result or
// an error a user policy reports is returned as an error, never as a
// decision.
type Decider interface {
	Decide(ctx context.Context, in Input) (Result, error)
}

// Engine evaluates the decision policy.
type Engine struct {
	// custom decides when set; otherwise decideDefault, the compiled form
	// of the default policy, does.
	custom Decider
}

// Default is the engine of the default policy alone, compiled.
func Default() *Engine { return &Engine{} }

// Custom is the engine that asks d.
func Custom(d Decider) *Engine { return &Engine{custom: d} }

// Input is what the policy decides on (docs/policy.md describes it as the
// policy sees it).
type Input struct {
	Source           model.Source
	Environment      string
	Actor            string
	Owner            string
	Verdicts         []Verdict
	CrossActionRisks []Verdict
	Summary          Summary
}

// Summary is the report's summary as the policy reads it
// (input.summary; docs/policy.md).
type Summary struct {
	TotalMutations        int
	NeedsReview           bool
	HasUnrecoverable      bool
	DependencyImpactCount int
	WorstTier             model.Tier
	// TierCounts counts the verdicts by tier (input.summary.tierCounts,
	// keyed by label).
	TierCounts         model.TierCounts
	ClassifierVerdicts int
}

// Verdict is one judged mutation or cross-action risk as the policy sees it.
type Verdict struct {
	Address    string
	Type       string
	Action     string
	Tier       model.Tier
	Reasoning  string
	Source     model.VerdictSource
	RuleID     string
	Confidence model.Confidence
	Missing    []string
	// Supplied are the facts the verdict read that the caller supplied
	// rather than the input showed; a policy may refuse to rely on them.
	Supplied []model.SuppliedFact
	// Observed are the facts the verdict read that Recourse observed
	// where the action runs (--observe auto; docs/observe.md), each
	// with SuppliedBy "observed".
	Observed []model.Evidence
	// Exception, when set, is the configured exception that matches this
	// change: the default policy caps its decision at warn.
	Exception *model.Exception
}

// Result is the policy's decision.
type Result struct {
	Decision model.Decision
	Reasons  []string
	Policies []string
}

// Decide evaluates the policy on in. A context that is already done is a
// deadline error, never a decision.
func (e *Engine) Decide(ctx context.Context, in Input) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, DeadlineError(err)
	}
	if e.custom == nil {
		return decideDefault(in), nil
	}
	return e.custom.Decide(ctx, in)
}

// Bounded reports whether Decide's time is bounded by its input: true for
// the compiled default policy, false when user Rego, whose cost nothing
// bounds, is evaluated (and needs its context's deadline to stop it).
func (e *Engine) Bounded() bool { return e.custom == nil }

// DeadlineError is the error of a decision whose context ended first.
func DeadlineError(err error) error {
	return &model.Error{Kind: model.KindDeadlineExceeded, Message: "the policy evaluation ran past its deadline", Err: err}
}
