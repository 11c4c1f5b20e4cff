package model

import (
	"errors"
	"fmt"
	"strings"
)

// ErrorKind classifies why an input or a policy could not be evaluated. The
// set is closed: renderers, the CLI and the MCP server branch on it.
type ErrorKind string

// The error kinds. docs/errors.md lists them with what to do about each.
const (
	// KindInvalidJSON: the input is not well-formed JSON (Line and Column say where).
	KindInvalidJSON ErrorKind = "invalid_json"
	// KindWrongDocument: well-formed JSON, but not the document expected (a
	// state file, an empty object, an array...).
	KindWrongDocument ErrorKind = "wrong_document"
	// KindUnsupportedFormat: a plan whose format_version this build does not read.
	KindUnsupportedFormat ErrorKind = "unsupported_format_version"
	// KindInvalidField: a field has the wrong type or shape (Field says which).
	KindInvalidField ErrorKind = "invalid_field"
	// KindErroredPlan: Terraform marked the plan as errored; it is incomplete.
	KindErroredPlan ErrorKind = "errored_plan"
	// KindInputTooLarge: the input is over the size limit.
	KindInputTooLarge ErrorKind = "input_too_large"
	// KindDeadlineExceeded: the evaluation ran past its deadline.
	KindDeadlineExceeded ErrorKind = "deadline_exceeded"
	// KindPolicyCompile: a policy does not parse or compile (File, Line, Column say where).
	KindPolicyCompile ErrorKind = "policy_compile_error"
	// KindPolicyEval: a policy failed at evaluation or returned a malformed result.
	KindPolicyEval ErrorKind = "policy_evaluation_error"
	// KindInternal: a bug in Recourse (a recovered panic, an impossible state).
	KindInternal ErrorKind = "internal_error"
)

// ErrorKinds lists every kind, for docs and exhaustive tests.
var ErrorKinds = []ErrorKind{
	KindInvalidJSON, KindWrongDocument, KindUnsupportedFormat, KindInvalidField,
	KindErroredPlan, KindInputTooLarge, KindDeadlineExceeded,
	KindPolicyCompile, KindPolicyEval, KindInternal,
}

// Error is an input or policy that could not be evaluated. It says what is
// wrong, where, what was expected and, where it helps, a corrected example.
// An Error is never a decision: callers must not read it as allow.
type Error struct {
	Kind    ErrorKind `json:"kind"`
	Message string    `json:"message"`
	// File is the input or policy file, when there is one.
	File string `json:"file,omitempty"`
	// Field is the JSON path of the offending field (resource_changes[3].change.actions).
	Field string `json:"field,omitempty"`
	// Line and Column locate the error in the file, 1-based; 0 when unknown.
	Line   int `json:"line,omitempty"`
	Column int `json:"column,omitempty"`
	// Expected says what the input should have been.
	Expected string `json:"expected,omitempty"`
	// Example is a corrected input or command.
	Example string `json:"example,omitempty"`
	// Err is the underlying error, if any.
	Err error `json:"-"`
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d", e.Line)
		}
		if e.Line > 0 && e.Column > 0 {
			fmt.Fprintf(&b, ":%d", e.Column)
		}
		b.WriteString(": ")
	} else if e.Line > 0 && e.Column > 0 {
		fmt.Fprintf(&b, "line %d, column %d: ", e.Line, e.Column)
	} else if e.Line > 0 {
		fmt.Fprintf(&b, "line %d: ", e.Line)
	}
	if e.Field != "" {
		b.WriteString(e.Field)
		b.WriteString(": ")
	}
	b.WriteString(e.Message)
	if e.Expected != "" {
		b.WriteString("; expected ")
		b.WriteString(e.Expected)
	}
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// AsError returns err as an *Error, wrapping anything else as an internal
// error so that every failure carries a kind.
func AsError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return &Error{Kind: KindInternal, Message: err.Error(), Err: err}
}
