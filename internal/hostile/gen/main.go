// Command gen prints one hostile input for scripts/bench-limits:
//
//	go run ./internal/hostile/gen -case expansion-bomb -n 40
//
// Cases: noop-prefix, sql-statements, expansion-bomb, wide-expansion,
// awk-redirections, nested (shell lines) and dense-plan (a Terraform
// plan; -refs sets the references per group).
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/recourse-dev/recourse/internal/hostile"
)

func main() {
	name := flag.String("case", "", "which input to print")
	n := flag.Int("n", 10000, "its size")
	refs := flag.Int("refs", 50, "dense-plan: references per security group")
	flag.Parse()
	lines := map[string]func(int) string{
		"noop-prefix": hostile.NoOpPrefix, "sql-statements": hostile.SQLStatements, "expansion-bomb": hostile.ExpansionBomb,
		"awk-redirections": hostile.AwkRedirections, "nested": hostile.Nested,
		"wide-expansion": func(n int) string { return hostile.WideExpansion(16, n) },
	}
	var out []byte
	switch f, ok := lines[*name]; {
	case ok:
		out = []byte(f(*n))
	case *name == "dense-plan":
		out = hostile.DensePlan(*n, *refs)
	default:
		fmt.Fprintf(os.Stderr, "gen: unknown -case %q\n", *name)
		os.Exit(64)
	}
	if _, err := os.Stdout.Write(out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
