// Command cmdbench times whole processes, as a host that runs a hook
// does: each command is started, given the same stdin and waited for,
// in turn with the others (so that the machine's state is shared), and
// the median and fastest wall times are printed, one line a command:
//
//	go run ./internal/cmdbench -n 41 -stdin hook.json 'recourse=recourse-hook claude-code' 'other=other-hook'
//	recourse 6.1 5.2
//	other 121.0 110.3
//
// Timing in the shell around each run (date +%s%N) adds the start of two
// more processes to every measurement; this adds none.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

func main() {
	n := flag.Int("n", 41, "runs of each command")
	stdin := flag.String("stdin", "", "file given to every run on stdin")
	flag.Parse()
	if err := run(*n, *stdin, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "cmdbench:", err)
		os.Exit(1)
	}
}

type command struct {
	label string
	argv  []string
	times []time.Duration
}

func run(n int, stdin string, specs []string) error {
	var input []byte
	if stdin != "" {
		var err error
		if input, err = os.ReadFile(stdin); err != nil {
			return err
		}
	}
	var cmds []*command
	for _, s := range specs {
		label, line, ok := strings.Cut(s, "=")
		if !ok || strings.TrimSpace(line) == "" {
			return fmt.Errorf("%q: expected LABEL=COMMAND ARGS", s)
		}
		cmds = append(cmds, &command{label: label, argv: strings.Fields(line)})
	}
	if len(cmds) == 0 || n < 1 {
		return fmt.Errorf("nothing to time: give -n >= 1 and at least one LABEL=COMMAND")
	}
	for i := 0; i < n; i++ {
		for _, c := range cmds {
			p := exec.Command(c.argv[0], c.argv[1:]...)
			p.Stdin = bytes.NewReader(input)
			start := time.Now()
			err := p.Run()
			c.times = append(c.times, time.Since(start))
			if _, exited := err.(*exec.ExitError); err != nil && !exited {
				return fmt.Errorf("%s: %w", c.label, err)
			}
		}
	}
	for _, c := range cmds {
		slices.Sort(c.times)
		fmt.Printf("%s %.2f %.2f\n", c.label, ms(c.times[len(c.times)/2]), ms(c.times[0]))
	}
	return nil
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
