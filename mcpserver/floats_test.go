package mcpserver

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestEvidenceNumbersAreFloats: an evidence value's JSON numbers, at any
// depth, reach the rules as float64 (they compare backup_retention_period:
// 7 with their own float64), a number too large for one stays its text,
// and every other value is kept.
func TestEvidenceNumbersAreFloats(t *testing.T) {
	for _, c := range []struct {
		name     string
		in, want any
	}{
		{"number", json.Number("7"), 7.0},
		{"too large", json.Number("1e999"), "1e999"},
		{"string kept", "7", "7"},
		{"null kept", nil, nil},
		{"nested", map[string]any{"rules": []any{map[string]any{"days": json.Number("30")}, true}},
			map[string]any{"rules": []any{map[string]any{"days": 30.0}, true}}},
	} {
		if got := floats(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: floats = %#v, want %#v", c.name, got, c.want)
		}
	}
}
