package shell

import "testing"

const zzLine = `git status && rm -rf ./build/cache 2>/dev/null; npm test`

func BenchmarkZZPooledParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		parseBash(zzLine)
	}
}

func BenchmarkZZParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Parse(zzLine, Options{Cwd: "/workspace/project"})
	}
}
