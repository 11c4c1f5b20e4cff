package redact

import "testing"

// BenchmarkSuspect is the gate the evaluator runs on every shell line and
// MCP call: an ordinary line that holds no credential.
func BenchmarkSuspect(b *testing.B) {
	line := "git status && rm -rf ./build/cache 2>/dev/null; npm test"
	for b.Loop() {
		if Suspect(line) {
			b.Fatal("an ordinary line is suspect")
		}
	}
}
