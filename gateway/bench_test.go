package gateway

import (
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
)

// BenchmarkForwardedCall is one allowed call through the gateway to the
// test upstream over stdio, client in process: what the gateway adds is
// this less the upstream's own round trip (BenchmarkDirectCall).
func BenchmarkForwardedCall(b *testing.B) {
	f := start(b, map[string]string{"records": ""})
	c := f.connect(b, nil)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req := mcp.CallToolRequest{}
			req.Params.Name, req.Params.Arguments = "list_records", map[string]any{}
			if res, err := c.CallTool(b.Context(), req); err != nil || res.IsError {
				b.Fatal(err)
			}
		}
	})
}
