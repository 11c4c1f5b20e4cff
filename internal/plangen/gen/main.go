// Command gen writes a generated Terraform plan of -n changes, for the
// benchmark script: go run ./internal/plangen/gen -n 10000 > plan.json
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/recourse-dev/recourse/internal/plangen"
)

func main() {
	n := flag.Int("n", 10000, "number of resource changes")
	flag.Parse()
	if *n < 0 {
		fmt.Fprintln(os.Stderr, "gen: -n must not be negative")
		os.Exit(64)
	}
	if _, err := os.Stdout.Write(plangen.Plan(*n)); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
