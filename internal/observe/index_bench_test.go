package observe

import (
	"os"
	"testing"
)

// BenchmarkReadIndex reads the index at $OBSERVE_BENCH_INDEX (a
// repository's .git/index), as observation does once per command.
func BenchmarkReadIndex(b *testing.B) {
	file := os.Getenv("OBSERVE_BENCH_INDEX")
	if file == "" {
		b.Skip("OBSERVE_BENCH_INDEX names no index file")
	}
	for b.Loop() {
		if _, err := readIndex(file); err != nil {
			b.Fatal(err)
		}
	}
}
