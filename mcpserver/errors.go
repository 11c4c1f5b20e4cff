package mcpserver

import (
	"errors"

	"github.com/recourse-dev/recourse/model"
)

// ErrorKind is a closed registry: agents branch on it. docs/mcp.md lists
// every kind with its type and whether a corrected call can succeed.
type ErrorKind string

// The error kinds.
const (
	KindUnknownTool     ErrorKind = "unknown_tool"
	KindUnknownArgument ErrorKind = "unknown_argument"
	// KindConflictingArguments: two arguments name one parameter
	// (Command and command); which was meant is the caller's to say.
	KindConflictingArguments ErrorKind = "conflicting_arguments"
	KindMissingArgument      ErrorKind = "missing_argument"
	KindWrongType            ErrorKind = "wrong_type"
	KindInvalidArgument      ErrorKind = "invalid_argument"
	KindMalformedInput       ErrorKind = "malformed_input"
	KindWrongDocument        ErrorKind = "wrong_document"
	KindUnsupportedFormat    ErrorKind = "unsupported_format_version"
	KindErroredPlan          ErrorKind = "errored_plan"
	KindInputTooLarge        ErrorKind = "input_too_large"
	KindDeadlineExceeded     ErrorKind = "deadline_exceeded"
	// KindOverloaded: recourse serve is at its memory budget and did not
	// admit the request; the same request later can succeed.
	KindOverloaded  ErrorKind = "overloaded"
	KindPolicyError ErrorKind = "policy_error"
	KindInternal    ErrorKind = "internal_error"
	// The MCP gateway's refusals of a call it judged (status refused,
	// with the report) or could not forward.
	KindBlocked             ErrorKind = "blocked"
	KindNeedsApproval       ErrorKind = "needs_approval"
	KindUpstreamUnavailable ErrorKind = "upstream_unavailable"
)

// ErrorType is the contract's coarse class.
type ErrorType string

// The error types of the design.
const (
	TypeNotFound   ErrorType = "NOT_FOUND"
	TypeConflict   ErrorType = "CONFLICT"
	TypeValidation ErrorType = "VALIDATION"
	TypePermission ErrorType = "PERMISSION"
	TypeTransient  ErrorType = "TRANSIENT"
	TypeInternal   ErrorType = "INTERNAL"
)

// Registry gives each kind its type and whether a corrected or repeated
// call can succeed.
var Registry = map[ErrorKind]struct {
	Type        ErrorType
	Recoverable bool
}{
	KindUnknownTool:          {TypeNotFound, true},
	KindUnknownArgument:      {TypeValidation, true},
	KindConflictingArguments: {TypeConflict, true},
	KindMissingArgument:      {TypeValidation, true},
	KindWrongType:            {TypeValidation, true},
	KindInvalidArgument:      {TypeValidation, true},
	KindMalformedInput:       {TypeValidation, true},
	KindWrongDocument:        {TypeValidation, true},
	KindUnsupportedFormat:    {TypeValidation, true},
	KindErroredPlan:          {TypeConflict, true},
	KindInputTooLarge:        {TypeValidation, true},
	KindDeadlineExceeded:     {TypeTransient, true},
	KindOverloaded:           {TypeTransient, true},
	KindPolicyError:          {TypeInternal, false},
	KindInternal:             {TypeInternal, false},
	KindBlocked:              {TypePermission, false},
	KindNeedsApproval:        {TypePermission, true},
	KindUpstreamUnavailable:  {TypeTransient, true},
}

// Contract is an error an agent can act on without reading its message.
type Contract struct {
	Kind        ErrorKind `json:"kind"`
	Type        ErrorType `json:"type"`
	Recoverable bool      `json:"recoverable"`
	Message     string    `json:"message"`
	// Field names the argument or input field at fault, when one is.
	Field string `json:"field,omitempty"`
	// Line and Column locate a JSON error in the input.
	Line     int       `json:"line,omitempty"`
	Column   int       `json:"column,omitempty"`
	Recovery *Recovery `json:"recovery"`
}

// Recovery is the ready next call. SuggestedArgs are the caller's own
// arguments with the faults in Fixes repaired, and only those: absent
// when a fault has no exact repair (SchemaHint then says what to supply),
// so that following a suggestion never evaluates anything but the
// caller's own action.
type Recovery struct {
	SuggestedTool string         `json:"suggested_tool,omitempty"`
	SuggestedArgs map[string]any `json:"suggested_args,omitempty"`
	Fixes         []Fix          `json:"fixes,omitempty"`
	FuzzyMatches  []string       `json:"fuzzy_matches,omitempty"`
	SchemaHint    *SchemaHint    `json:"schema_hint,omitempty"`
}

// SchemaHint summarises a tool's parameters: what the caller must
// supply. It carries no example call: an agent that copied one would
// evaluate something it never meant (the tool's input schema has one).
type SchemaHint struct {
	Required []string          `json:"required"`
	Optional []string          `json:"optional"`
	Types    map[string]string `json:"types"`
}

func newContract(kind ErrorKind, msg string) *Contract {
	r := Registry[kind]
	return &Contract{Kind: kind, Type: r.Type, Recoverable: r.Recoverable, Message: msg, Recovery: &Recovery{}}
}

// fromModel maps an evaluation error of a call of tool with args onto a
// contract. An input Recourse could not read or will not judge has no
// exact repair, so its recovery names the tool and its schema but
// suggests no arguments; a transient failure suggests the same call again.
func fromModel(err error, tool *toolDef, args map[string]any) *Contract {
	var e *model.Error
	if !errors.As(err, &e) {
		e = model.AsError(err)
	}
	kind := map[model.ErrorKind]ErrorKind{
		model.KindInvalidJSON:       KindMalformedInput,
		model.KindWrongDocument:     KindWrongDocument,
		model.KindUnsupportedFormat: KindUnsupportedFormat,
		model.KindInvalidField:      KindInvalidArgument,
		model.KindErroredPlan:       KindErroredPlan,
		model.KindInputTooLarge:     KindInputTooLarge,
		model.KindDeadlineExceeded:  KindDeadlineExceeded,
		model.KindPolicyCompile:     KindPolicyError,
		model.KindPolicyEval:        KindPolicyError,
		model.KindInternal:          KindInternal,
	}[e.Kind]
	if kind == "" {
		kind = KindInternal
	}
	c := newContract(kind, e.Error())
	c.Field, c.Line, c.Column = e.Field, e.Line, e.Column
	if c.Recoverable && tool != nil {
		var again map[string]any
		if c.Type == TypeTransient {
			again = args
		}
		recovery(c, tool, nil, again)
	}
	return c
}
