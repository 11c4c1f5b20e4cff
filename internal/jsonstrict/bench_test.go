package jsonstrict

import (
	"testing"

	"github.com/recourse-dev/recourse/internal/plangen"
)

func BenchmarkDuplicates10k(b *testing.B) {
	data := plangen.Plan(10000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if err := Duplicates(data); err != nil {
			b.Fatal(err)
		}
	}
}
