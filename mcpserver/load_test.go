package mcpserver

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"runtime"
	"sort"
	"sync"
	"testing"
	"time"
)

var loadCalls = []struct {
	tool string
	args map[string]any
}{
	{ToolShell, map[string]any{"command": "git status && rm -rf ./build"}},
	{ToolMCPCall, map[string]any{"server": "postgres", "tool": "query", "arguments": map[string]any{"sql": "DELETE FROM t WHERE id = 1"}}},
	{ToolTerraform, map[string]any{"plan": map[string]any{"format_version": "1.2", "resource_changes": []any{map[string]any{"address": "aws_s3_bucket.b", "type": "aws_s3_bucket",
		"change": map[string]any{"actions": []any{"delete"}, "before": map[string]any{"force_destroy": false, "bucket": "b"}}}}}}},
	{ToolSupportedResources, map[string]any{"kind": "terraform"}},
}

// load sends n tools/call requests over one stdio session with inFlight
// outstanding at a time, checks that every one is answered under its own
// id, and returns the latencies per tool.
func load(t testing.TB, n, inFlight int, format string) map[string][]time.Duration {
	s := newServer(t, Options{})
	clientR, serverW := io.Pipe()
	serverR, clientW := io.Pipe()
	served := make(chan error, 1)
	go func() { served <- s.Serve(context.Background(), serverR, serverW); serverW.Close() }()

	type pending struct {
		tool  string
		start time.Time
	}
	var mu sync.Mutex
	open := map[int]pending{}
	lat := map[string][]time.Duration{}
	slots := make(chan struct{}, inFlight)
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(clientR)
		sc.Buffer(make([]byte, 1<<20), 1<<26)
		for got := 0; got < n && sc.Scan(); got++ {
			var resp struct {
				ID     int `json:"id"`
				Result struct {
					IsError           bool `json:"isError"`
					StructuredContent struct {
						Status string `json:"status"`
					} `json:"structuredContent"`
				} `json:"result"`
			}
			if err := json.Unmarshal(sc.Bytes(), &resp); err != nil {
				t.Errorf("response: %v", err)
				return
			}
			mu.Lock()
			p, ok := open[resp.ID]
			delete(open, resp.ID)
			if ok {
				lat[p.tool] = append(lat[p.tool], time.Since(p.start))
			}
			mu.Unlock()
			if !ok || resp.Result.IsError {
				t.Errorf("response %d: known %v, error %v", resp.ID, ok, resp.Result.IsError)
			}
			<-slots
		}
	}()
	w := bufio.NewWriter(clientW)
	init, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"})
	fmt.Fprintf(w, "%s\n", init)
	for i := 1; i <= n; i++ {
		c := loadCalls[i%len(loadCalls)]
		args := c.args
		if format != "" && c.tool != ToolSupportedResources {
			args = maps.Clone(c.args)
			args["response_format"] = format
		}
		msg, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": map[string]any{"name": c.tool, "arguments": args}})
		slots <- struct{}{}
		mu.Lock()
		open[i] = pending{c.tool, time.Now()}
		mu.Unlock()
		fmt.Fprintf(w, "%s\n", msg)
		_ = w.Flush()
	}
	<-done
	clientW.Close()
	if err := <-served; err != nil {
		t.Errorf("serve: %v", err)
	}
	if len(open) != 0 {
		t.Errorf("%d requests never answered", len(open))
	}
	return lat
}

// TestStdioLoad: 2,000 calls with 16 in flight over one session are all
// answered, matched to their ids, and the server leaves no goroutine behind.
func TestStdioLoad(t *testing.T) {
	before := runtime.NumGoroutine()
	lat := load(t, 2000, 16, "")
	total := 0
	for _, l := range lat {
		total += len(l)
	}
	if total != 2000 {
		t.Fatalf("%d answers", total)
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before+2 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before+2 {
		t.Fatalf("%d goroutines after shutdown, %d before", n, before)
	}
}

// BenchmarkStdioLoad reports p50 and p99 latency per tool for 2,000 calls
// with 16 in flight over one stdio session, in each response format
// (concise must not be slower than detailed).
func BenchmarkStdioLoad(b *testing.B) {
	for _, format := range []string{formatConcise, formatDetailed} {
		b.Run(format, func(b *testing.B) {
			for b.Loop() {
				lat := load(b, 2000, 16, format)
				for tool, l := range lat {
					sort.Slice(l, func(i, j int) bool { return l[i] < l[j] })
					b.ReportMetric(float64(l[len(l)/2].Microseconds()), tool+"-p50-µs")
					b.ReportMetric(float64(l[len(l)*99/100].Microseconds()), tool+"-p99-µs")
				}
			}
		})
	}
}
