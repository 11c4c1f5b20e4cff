package gateway

import (
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
)

// BenchmarkForwardedCall is one allowed call through the gateway to the
// test upstream over stdio, the client in process: connected to the MCP
// server (in-process, as over HTTP) or over ServeStdio's pipes (stdio, as
// the command serves).
func BenchmarkForwardedCall(b *testing.B) {
	for _, stdio := range []bool{false, true} {
		name := map[bool]string{false: "in-process", true: "stdio"}[stdio]
		b.Run(name, func(b *testing.B) {
			f := start(b, map[string]string{"records": ""})
			f.stdio = stdio
			c := f.connect(b, nil)
			b.ReportAllocs()
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
		})
	}
}
