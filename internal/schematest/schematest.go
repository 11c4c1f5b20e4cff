// Package schematest validates documents against JSON Schemas in tests —
// the ConsequenceReport schema, hosts' published schemas, the MCP tools'
// input and output schemas — with a JSON Schema library rather than by
// hand: github.com/google/jsonschema-go, the one the binaries link (the
// gateway checks upstream results with it), which reads drafts 2020-12
// and 07, the drafts of every schema tested here.
package schematest

import (
	"encoding/json"
	"fmt"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/recourse-dev/recourse/report"
)

// Schema is a resolved JSON Schema document.
type Schema struct{ resolved *jsonschema.Resolved }

// Compile reads and resolves a JSON Schema document. References must be
// inside it: nothing is loaded.
func Compile(doc []byte) (*Schema, error) {
	var s jsonschema.Schema
	if err := json.Unmarshal(doc, &s); err != nil {
		return nil, fmt.Errorf("the schema is not JSON Schema: %w", err)
	}
	r, err := s.Resolve(nil)
	if err != nil {
		return nil, fmt.Errorf("the schema does not resolve: %w", err)
	}
	return &Schema{r}, nil
}

// Validate checks that data, a JSON document, is valid under s.
func (s *Schema) Validate(data []byte) error {
	var inst any
	if err := json.Unmarshal(data, &inst); err != nil {
		return fmt.Errorf("not JSON: %w", err)
	}
	return s.resolved.Validate(inst)
}

var reportSchema = sync.OnceValues(func() (*Schema, error) { return Compile(report.Schema) })

// Validate checks that data is a ConsequenceReport the schema accepts.
func Validate(data []byte) error {
	s, err := reportSchema()
	if err != nil {
		return fmt.Errorf("the report schema: %w", err)
	}
	return s.Validate(data)
}
