package schematest

import "testing"

func TestValidate(t *testing.T) {
	schema := []byte(`{"$schema":"http://json-schema.org/draft-07/schema#","type":"object",
		"properties":{"content":{"type":"string"}},"required":["content"],"additionalProperties":false}`)
	s, err := Compile(schema)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		doc   string
		valid bool
	}{
		{`{"content":"x"}`, true},
		{`{"content":1}`, false},
		{`{}`, false},
		{`{"content":"x","extra":true}`, false},
		{`not json`, false},
	}
	for _, tt := range tests {
		if err := s.Validate([]byte(tt.doc)); (err == nil) != tt.valid {
			t.Errorf("Validate(%s) = %v, want valid %v", tt.doc, err, tt.valid)
		}
	}
}

func TestReportSchemaRefusesAnEmptyReport(t *testing.T) {
	if err := Validate([]byte(`{}`)); err == nil {
		t.Fatal("the report schema accepts {}")
	}
}
