package gateway

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// maxSchemaPages bounds the pages of the raw tools/list.
const maxSchemaPages = 100

// withRawSchemas gives each tool the input and output schemas its
// upstream wrote, byte for byte. mcp-go's client reads a schema into a
// struct that keeps only type, properties, required, additionalProperties
// and $defs, so "$schema" (zod-to-json-schema writes draft-07's, as the
// reference filesystem server's tools carry), a top-level description,
// anyOf and the rest would not reach the client, which validates
// arguments and results against them. The schemas are read from a second
// tools/list sent on the client's transport; where it fails (an upstream
// that needs the request metadata of a newer protocol), the tools keep
// the schemas as mcp-go read them, and the failure is returned.
func withRawSchemas(ctx context.Context, c *client.Client, tools []mcp.Tool) ([]mcp.Tool, error) {
	raw, err := rawSchemas(ctx, c.GetTransport())
	if err != nil {
		return tools, err
	}
	out := make([]mcp.Tool, len(tools))
	for i, t := range tools {
		if s, ok := raw[t.Name]; ok {
			t = s.apply(t)
		}
		out[i] = t
	}
	return out, nil
}

// toolSchemas are one tool's schemas as its upstream wrote them.
type toolSchemas struct {
	Input  json.RawMessage `json:"inputSchema"`
	Output json.RawMessage `json:"outputSchema"`
}

// apply puts the raw schemas in t in place of those mcp-go read: mcp-go
// writes RawInputSchema and RawOutputSchema as they are, and refuses a
// tool that has both forms of one.
func (s toolSchemas) apply(t mcp.Tool) mcp.Tool {
	if rawObject(s.Input) {
		t.InputSchema, t.RawInputSchema = mcp.ToolInputSchema{}, s.Input
	}
	if rawObject(s.Output) {
		t.OutputSchema, t.RawOutputSchema = mcp.ToolOutputSchema{}, s.Output
	}
	return t
}

// rawObject reports whether raw is a JSON object.
func rawObject(raw json.RawMessage) bool {
	var m map[string]json.RawMessage
	return len(raw) > 0 && json.Unmarshal(raw, &m) == nil && m != nil
}

// rawSchemas lists the upstream's tools on t, page by page, and returns
// each tool's schemas by name. Its request ids are strings of its own,
// random for each listing, which the client's numbered ids never equal.
func rawSchemas(ctx context.Context, t transport.Interface) (map[string]toolSchemas, error) {
	out := map[string]toolSchemas{}
	cursor := ""
	listing := rand.Text() // two listings at once (a connect, a list_changed) have ids of their own
	for page := 0; page < maxSchemaPages; page++ {
		req := transport.JSONRPCRequest{JSONRPC: mcp.JSONRPC_VERSION, ID: mcp.NewRequestId(fmt.Sprintf("recourse-schemas-%s-%d", listing, page)), Method: string(mcp.MethodToolsList)}
		if cursor != "" {
			req.Params = map[string]any{"cursor": cursor}
		}
		resp, err := t.SendRequest(ctx, req)
		if err != nil {
			return nil, fmt.Errorf("tools/list for the schemas: %w", err)
		}
		if resp.Error != nil {
			return nil, fmt.Errorf("tools/list for the schemas: %s (%d)", resp.Error.Message, resp.Error.Code)
		}
		var res struct {
			Tools []struct {
				Name string `json:"name"`
				toolSchemas
			} `json:"tools"`
			NextCursor string `json:"nextCursor"`
		}
		if err := json.Unmarshal(resp.Result, &res); err != nil {
			return nil, fmt.Errorf("tools/list for the schemas: %w", err)
		}
		for _, tool := range res.Tools {
			out[tool.Name] = tool.toolSchemas
		}
		if res.NextCursor == "" || res.NextCursor == cursor {
			return out, nil
		}
		cursor = res.NextCursor
	}
	return nil, fmt.Errorf("tools/list for the schemas: more than %d pages", maxSchemaPages)
}
