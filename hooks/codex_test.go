package hooks

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/internal/schematest"
)

// codexSchema compiles one of Codex's generated hook schemas, kept under
// testdata/codex with their origin (testdata/codex/README.md).
func codexSchema(t *testing.T, name string) *schematest.Schema {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "codex", name))
	if err != nil {
		t.Fatal(err)
	}
	sch, err := schematest.Compile(b)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return sch
}

// TestCodexGoldenInputsMatchSchema: the Codex golden input built from
// Codex's own input schema (openai/codex@3be4afd
// codex-rs/hooks/schema/generated/pre-tool-use.command.input.schema.json)
// validates against it, so the golden answers are for what Codex sends.
func TestCodexGoldenInputsMatchSchema(t *testing.T) {
	sch := codexSchema(t, "pre-tool-use.command.input.schema.json")
	validated := 0
	for _, c := range hostCases["codex"] {
		if !strings.HasPrefix(c.name, "schema-") {
			continue
		}
		if err := sch.Validate([]byte(c.input)); err != nil {
			t.Errorf("%s does not validate against Codex's input schema: %v", c.name, err)
		}
		validated++
	}
	if validated == 0 {
		t.Fatal("no codex case is built from Codex's input schema")
	}
}

// TestCodexAnswers: every answer Recourse writes to Codex is one Codex
// acts on (openai/codex@0082977c codex-rs/hooks/src/events/pre_tool_use.rs
// parse_completed): a stop is exit 2 with a non-empty reason on stderr (an
// empty one is a failed hook, after which the call runs) and nothing on
// stdout; a warn's context is exit 0 with JSON that validates against
// Codex's output schema and carries no permissionDecision (an "allow"
// without updatedInput is an invalid answer).
func TestCodexAnswers(t *testing.T) {
	sch := codexSchema(t, "pre-tool-use.command.output.schema.json")
	tests := []struct {
		name   string
		a      Answer
		exit   int
		stdout bool
	}{
		{"stop", Answer{Stop: true, Reason: "rm -rf ~ deletes your home"}, ExitStop, false},
		{"stop without a reason", Answer{Stop: true, Reason: "  "}, ExitStop, false},
		{"ask", Answer{Ask: true, Reason: "needs review"}, ExitStop, false},
		{"warn with context", Answer{Context: "back up ./data first"}, 0, true},
		{"allow", Answer{}, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := Codex{}.Write(&stdout, &stderr, tt.a)
			if code != tt.exit {
				t.Fatalf("exit %d, want %d", code, tt.exit)
			}
			if code == ExitStop && strings.TrimSpace(stderr.String()) == "" {
				t.Fatal("a stop with an empty stderr: Codex reads it as a failed hook and runs the call")
			}
			if !tt.stdout {
				if stdout.Len() != 0 {
					t.Fatalf("stdout %q, want none", stdout.String())
				}
				return
			}
			if err := sch.Validate(stdout.Bytes()); err != nil {
				t.Fatalf("%s does not validate against Codex's output schema: %v", stdout.String(), err)
			}
			if strings.Contains(stdout.String(), "permissionDecision") || !strings.Contains(stdout.String(), `"additionalContext":"back up ./data first"`) {
				t.Fatalf("stdout %s", stdout.String())
			}
		})
	}
}
