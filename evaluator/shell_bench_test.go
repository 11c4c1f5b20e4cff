package evaluator

import (
	"context"
	"strings"
	"testing"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

const typicalLine = `git status && rm -rf ./build/cache 2>/dev/null; npm test`

// BenchmarkShellLine: parse, analyse and decide one typical command line
// in process (target ≤ 50 µs, aim 20 µs).
func BenchmarkShellLine(b *testing.B) {
	ev := newEvaluator(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ev.Shell(context.Background(), typicalLine, Options{Cwd: "/workspace/project"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkShellParseOnly is the baseline: syntax.NewParser().Parse alone
// on the same line (target: BenchmarkShellLine ≤ 3× this; see
// BenchmarkShellLineVsParser for the ratio measured side by side).
func BenchmarkShellParseOnly(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := syntax.NewParser().Parse(strings.NewReader(typicalLine), ""); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkShellLineVsParser evaluates the line and parses it alone in turn,
// and reports the ratio of their times (x-parser; target ≤ 3): measured
// side by side, it does not move with the load of a shared machine the way
// two separate benchmarks do.
func BenchmarkShellLineVsParser(b *testing.B) {
	ev := newEvaluator(b)
	var line, parse time.Duration
	for b.Loop() {
		start := time.Now()
		if _, err := ev.Shell(context.Background(), typicalLine, Options{Cwd: "/workspace/project"}); err != nil {
			b.Fatal(err)
		}
		mid := time.Now()
		if _, err := syntax.NewParser().Parse(strings.NewReader(typicalLine), ""); err != nil {
			b.Fatal(err)
		}
		line, parse = line+mid.Sub(start), parse+time.Since(mid)
	}
	b.ReportMetric(float64(line)/float64(parse), "x-parser")
	b.ReportMetric(float64(line.Nanoseconds())/float64(b.N), "line-ns/op")
	b.ReportMetric(float64(parse.Nanoseconds())/float64(b.N), "parser-ns/op")
}

// BenchmarkShellScript64K: a 64 KB script of ordinary commands and nested
// constructs (target < 20 ms).
func BenchmarkShellScript64K(b *testing.B) {
	script := bigScript(64 << 10)
	ev := newEvaluator(b)
	b.SetBytes(int64(len(script)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ev.Shell(context.Background(), script, Options{Cwd: "/workspace/project"}); err != nil {
			b.Fatal(err)
		}
	}
}

// bigScript repeats a mix of lists, pipelines, loops, functions and
// substitutions up to n bytes.
func bigScript(n int) string {
	parts := []string{
		`for f in *.log; do gzip "$f"; done`,
		`if [ -d build ]; then make -C build; fi`,
		`cat data.csv | cut -d, -f2 | sort | uniq -c > counts.txt`,
		`deploy() { echo "deploying $1"; git push origin main; }`,
		`echo "$(date) $(whoami)" >> log.txt`,
		`find . -name '*.tmp' -exec echo {} \;`,
		`while read -r line; do echo "$line"; done < input.txt`,
		`case "$1" in start) echo start ;; stop) echo stop ;; esac`,
	}
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		b.WriteString(parts[i%len(parts)])
		b.WriteByte('\n')
	}
	return b.String()
}

// TestNestedLineIsLinear: a deeply nested 64 KB line finishes quickly (a
// walker that copies subtrees goes quadratic on it).
func TestNestedLineIsLinear(t *testing.T) {
	ev := newEvaluator(t)
	for _, line := range []string{
		strings.Repeat("$(", 2000) + "echo x" + strings.Repeat(")", 2000),
		strings.Repeat("{ ", 5000) + "true" + strings.Repeat("; }", 5000),
		strings.Repeat("echo a && ", 6000) + "true",
		strings.Repeat("bash -c '", 1) + strings.Repeat("echo a; ", 8000) + "'",
	} {
		rep, err := ev.Shell(context.Background(), line, Options{})
		if err != nil {
			t.Fatalf("%.40s: %v", line, err)
		}
		if rep.RiskAssessment == "" {
			t.Fatal("no decision")
		}
	}
}
