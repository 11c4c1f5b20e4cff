package gateway

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestSchemasPassThrough: an upstream tool's input and output schemas
// reach the client as the upstream wrote them, "$schema" (draft-07, as
// zod-to-json-schema writes it for the reference filesystem server's
// tools) and keys mcp-go's schema struct has no field for included; and
// the tool still works through the gateway.
func TestSchemasPassThrough(t *testing.T) {
	f := start(t, map[string]string{"records": ""})
	s := serveStdio(t, f)
	s.send(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`)
	var list struct {
		Tools []struct {
			Name         string          `json:"name"`
			InputSchema  json.RawMessage `json:"inputSchema"`
			OutputSchema json.RawMessage `json:"outputSchema"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(s.next()["result"], &list); err != nil {
		t.Fatal(err)
	}
	var name string
	for _, tool := range list.Tools {
		if !strings.HasSuffix(tool.Name, "read_text_note") {
			continue
		}
		name = tool.Name
		for _, c := range []struct {
			which     string
			got, want string
		}{{"inputSchema", string(tool.InputSchema), rawInputSchema}, {"outputSchema", string(tool.OutputSchema), rawOutputSchema}} {
			var got, want any
			_ = json.Unmarshal([]byte(c.got), &got)
			_ = json.Unmarshal([]byte(c.want), &want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s %s\n got %s\nwant %s", tool.Name, c.which, c.got, c.want)
			}
		}
	}
	if name == "" {
		t.Fatal("no read_text_note in tools/list")
	}
	s.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"` + name + `","arguments":{"path":"README.md"}}}`)
	if res := string(s.next()["result"]); !strings.Contains(res, `"structuredContent":{"content":"hello"}`) || strings.Contains(res, `"isError":true`) {
		t.Fatalf("the call: %s", res)
	}
}

// The test upstream's schemas (testdata/upstream), as it writes them.
const (
	rawInputSchema  = `{"type":"object","properties":{"path":{"type":"string"},"head":{"type":"number","description":"If provided, returns only the first N lines of the file"}},"required":["path"],"additionalProperties":false,"description":"read_text_file arguments","$schema":"http://json-schema.org/draft-07/schema#"}`
	rawOutputSchema = `{"type":"object","properties":{"content":{"type":"string"}},"required":["content"],"additionalProperties":false,"$schema":"http://json-schema.org/draft-07/schema#"}`
)
