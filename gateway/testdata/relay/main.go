// Command relay is the gateway benchmark's floor: the least an MCP proxy
// does. It starts the command its arguments name and relays JSON-RPC
// messages between its own stdio and the command's, decoding and encoding
// each one and judging nothing. What it adds to a call, against calling
// the command directly, is what any proxy that reads the messages costs on
// the machine; scripts/gateway-check --bench reports the gateway beside it.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: relay COMMAND [ARG...]")
		os.Exit(64)
	}
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		fail(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		fail(err)
	}
	if err := cmd.Start(); err != nil {
		fail(err)
	}
	go func() {
		relay(os.Stdin, in)
		in.Close() // the client is gone: so is the command's input
	}()
	relay(out, os.Stdout)
	_ = cmd.Wait()
}

// relay copies messages, one JSON value a line, from r to w, each decoded
// and encoded again.
func relay(r io.Reader, w io.Writer) {
	br := bufio.NewReaderSize(r, 1<<16)
	for {
		line, err := br.ReadBytes('\n')
		if err != nil {
			return
		}
		var msg any
		if json.Unmarshal(line, &msg) != nil {
			continue
		}
		b, err := json.Marshal(msg)
		if err != nil {
			continue
		}
		if _, err := w.Write(append(b, '\n')); err != nil {
			return
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
