// Package jsonerr turns encoding/json errors into model.Errors that say
// where the input is wrong (line and column) and what was expected.
package jsonerr

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// Wrap describes err, returned by decoding data. expected and example go
// into the error for a syntax error; fieldExpected for a field of the
// wrong type.
func Wrap(data []byte, err error, expected, example, fieldExpected string) *model.Error {
	e := &model.Error{Kind: model.KindInvalidJSON, Err: err, Expected: expected, Example: example}
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		e.Line, e.Column = Position(data, syn.Offset)
		e.Message = syn.Error()
		if syn.Offset >= int64(len(data)) || strings.Contains(syn.Error(), "unexpected end") {
			e.Message = "the JSON ends before the document is complete (truncated input?)"
		}
	case errors.As(err, &typ):
		e.Kind = model.KindInvalidField
		e.Field = typ.Field
		e.Line, e.Column = Position(data, typ.Offset)
		e.Message = fmt.Sprintf("a JSON %s where %s is expected", typ.Value, kindName(typ.Type))
		e.Expected = fieldExpected
	default:
		e.Message = err.Error()
	}
	return e
}

// kindName says in JSON terms what a Go type decodes from.
func kindName(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Interface:
		return "any value"
	}
	return "a number"
}

// Position converts a byte offset into a 1-based line and column.
func Position(data []byte, offset int64) (line, col int) {
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	before := data[:offset]
	line = bytes.Count(before, []byte{'\n'}) + 1
	col = int(offset) - (bytes.LastIndexByte(before, '\n') + 1)
	if col < 1 {
		col = 1
	}
	return line, col
}

// TypeOf names the JSON type of a decoded value: null, string, boolean,
// number, array or object (a Go type's name for anything else).
func TypeOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case bool:
		return "boolean"
	case float64, int, int64, json.Number:
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}
