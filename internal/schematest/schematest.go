// Package schematest validates documents against the ConsequenceReport JSON
// Schema in tests, with a JSON Schema library rather than by hand.
package schematest

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/recourse-dev/recourse/report"
)

var compiled = sync.OnceValues(func() (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(report.Schema))
	if err != nil {
		return nil, fmt.Errorf("report schema is not JSON: %w", err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("recourse.consequence.v1.json", doc); err != nil {
		return nil, err
	}
	return c.Compile("recourse.consequence.v1.json")
})

// Validate checks that data is a ConsequenceReport the schema accepts.
func Validate(data []byte) error {
	sch, err := compiled()
	if err != nil {
		return err
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("not JSON: %w", err)
	}
	return sch.Validate(inst)
}
