// Command loadtest drives replicas of recourse serve on loopback: for each
// replica count it starts that many processes, sends N shell and MCP
// evaluations from C concurrent clients, round-robin across replicas, and
// prints p50/p99 latency and throughput. A request that fails, or answers
// anything but 200 with a decision, is counted as lost. scripts/bench runs
// it.
//
// Usage: go run ./internal/loadtest -binary PATH [-replicas 1,2,4] [-n 20000] [-c 64]
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// requests are everyday inputs, judged allow to block.
var requests = []struct{ path, body string }{
	{"/v1/evaluate/shell", `{"command": "git status && go test ./..."}`},
	{"/v1/evaluate/shell", `{"command": "rm -rf ./build && make", "cwd": "/home/dev/app"}`},
	{"/v1/evaluate/shell", `{"command": "kubectl delete namespace prod"}`},
	{"/v1/evaluate/shell", `{"command": "psql -c 'DELETE FROM users WHERE id = 42'"}`},
	{"/v1/evaluate/mcp", `{"server": "github", "tool": "get_file_contents", "arguments": {"owner": "a", "repo": "b", "path": "README.md"}}`},
	{"/v1/evaluate/mcp", `{"server": "postgres", "tool": "query", "arguments": {"sql": "DROP TABLE users"}}`},
	{"/v1/evaluate/mcp", `{"server": "filesystem", "tool": "write_file", "arguments": {"path": "notes.md", "content": "x"}}`},
	{"/v1/evaluate/mcp", `{"server": "acme", "tool": "zap_everything", "arguments": {}}`},
}

func main() {
	binary := flag.String("binary", "", "the recourse binary")
	replicaList := flag.String("replicas", "1,2,4", "replica counts to measure")
	n := flag.Int("n", 20000, "requests per measurement")
	c := flag.Int("c", 64, "concurrent clients")
	flag.Parse()
	if *binary == "" {
		fmt.Fprintln(os.Stderr, "usage: loadtest -binary PATH [-replicas 1,2,4] [-n 20000] [-c 64]")
		os.Exit(64)
	}
	fmt.Printf("%d evaluations (shell and MCP), %d concurrent clients, round-robin over replicas on loopback\n", *n, *c)
	for _, f := range strings.Split(*replicaList, ",") {
		r, err := strconv.Atoi(f)
		if err != nil || r < 1 {
			fmt.Fprintf(os.Stderr, "-replicas %q\n", *replicaList)
			os.Exit(64)
		}
		if err := measure(*binary, r, *n, *c); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}

func measure(binary string, replicas, n, c int) error {
	var urls []string
	var procs []*exec.Cmd
	defer func() {
		for _, p := range procs {
			_ = p.Process.Signal(os.Interrupt)
			_ = p.Wait()
		}
	}()
	for range replicas {
		port, err := freePort()
		if err != nil {
			return err
		}
		addr := "127.0.0.1:" + strconv.Itoa(port)
		cmd := exec.Command(binary, "serve", "--addr", addr)
		if err := cmd.Start(); err != nil {
			return err
		}
		procs = append(procs, cmd)
		urls = append(urls, "http://"+addr)
	}
	for _, u := range urls {
		if err := waitReady(u); err != nil {
			return err
		}
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: c, MaxConnsPerHost: c}, Timeout: 30 * time.Second}
	lat := make([]time.Duration, n)
	var next, lost atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for range c {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				req := requests[i%len(requests)]
				t := time.Now()
				if !send(client, urls[i%len(urls)]+req.path, req.body) {
					lost.Add(1)
				}
				lat[i] = time.Since(t)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	slices.Sort(lat)
	fmt.Printf("replicas %d: lost %d of %d, p50 %.2f ms, p99 %.2f ms, %.0f evaluations/s\n", replicas, lost.Load(), n,
		ms(lat[n/2]), ms(lat[n*99/100]), float64(n)/elapsed.Seconds())
	if lost.Load() > 0 {
		return fmt.Errorf("%d requests lost", lost.Load())
	}
	return nil
}

// send posts one evaluation and reports whether it came back with a
// decision.
func send(client *http.Client, url, body string) bool {
	resp, err := client.Post(url, "application/json", bytes.NewReader([]byte(body)))
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	var env struct {
		Data struct {
			RiskAssessment string `json:"riskAssessment"`
		} `json:"data"`
	}
	return resp.StatusCode == 200 && json.NewDecoder(resp.Body).Decode(&env) == nil && env.Data.RiskAssessment != ""
}

func waitReady(url string) error {
	for range 300 {
		if resp, err := http.Get(url + "/ready"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("%s never became ready", url)
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
