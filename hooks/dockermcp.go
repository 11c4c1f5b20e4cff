package hooks

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/recourse-dev/recourse/internal/jsonstrict"
)

// DockerMCP is a before:exec interceptor of Docker's MCP Gateway
// (docker mcp gateway run --interceptor before:exec:'recourse hook
// docker-mcp'). The gateway writes to its stdin json.Marshal of the
// go-sdk request it is handling, a *mcp.CallToolRequest
// (ServerRequest[*CallToolParamsRaw]):
//
//	{"Session": {}, "Params": {"_meta"?, "name", "arguments"?}, "Extra": null | {…}}
//
// (docker/mcp-gateway@2bd20fe83dd04870e8d87dc1ed059d4d19fc7c68:
// pkg/interceptors/interceptors.go, ToMiddleware; the structs are
// modelcontextprotocol/go-sdk v1.4.1 mcp/shared.go ServerRequest and
// mcp/protocol.go CallToolParamsRaw, vendored there; excerpts in
// testdata/docker-mcp). The open upstream fix (docker/mcp-gateway#577)
// would send {"method": "tools/call", "params": {…}} instead, and this
// adapter reads both. Nothing on stdout with exit 0 lets the call through;
// a CallToolResult on stdout is returned instead of calling the tool; a
// non-zero exit or a stdout that is not a CallToolResult fails the call.
type DockerMCP struct{}

// Name implements Host.
func (DockerMCP) Name() string { return "docker-mcp" }

const dockerExample = `{"Session": {}, "Params": {"name": "delete_repository", "arguments": {"repo": "x"}}, "Extra": null}`

// dockerParamsExample is the params of a call, in either shape.
const dockerParamsExample = `{"name": "delete_repository", "arguments": {"repo": "x"}}`

// Read implements Host: the go-sdk shape when Params is given, the
// {method, params} shape otherwise; an input with members of both is
// refused, as one that names the call twice. Session and Extra hold the
// transport's state (a token's details, HTTP headers), which say nothing
// about the call and are not read.
func (DockerMCP) Read(data []byte) (Call, error) {
	obj, err := object(data, "", dockerExample)
	if err != nil {
		return Call{}, err
	}
	_, sdk := obj["Params"]
	_, method := obj["method"]
	_, params := obj["params"]
	if sdk && (method || params) {
		return Call{}, fmt.Errorf("the interceptor input has both Params and method/params, so it names the call twice; expected %s", dockerExample)
	}
	if sdk {
		if err := jsonstrict.CaseVariants(obj, "", "Session", "Params", "Extra"); err != nil {
			return Call{}, err
		}
		return dockerCall(obj["Params"], "Params")
	}
	if err := jsonstrict.CaseVariants(obj, "", "method", "params"); err != nil {
		return Call{}, err
	}
	if m, err := text(obj, "method", dockerExample); err != nil || m != "tools/call" {
		return Call{}, fmt.Errorf("the interceptor input's method is %q and it has no Params; Recourse judges a tools/call, expected %s", m, dockerExample)
	}
	return dockerCall(obj["params"], "params")
}

// dockerCall reads a tools/call's params ({"_meta", "name", "arguments"})
// found at field.
func dockerCall(raw json.RawMessage, field string) (Call, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return Call{}, fmt.Errorf("the interceptor input has no %s; expected %s", field, dockerExample)
	}
	params, err := object(raw, field, dockerParamsExample, "_meta", "name", "arguments")
	if err != nil {
		return Call{}, err
	}
	var call Call
	if call.Tool, err = required(params, "name", dockerParamsExample); err != nil {
		return Call{}, fmt.Errorf("%s: %w", field, err)
	}
	args, err := arguments(params["arguments"], field+".arguments")
	if err != nil {
		return Call{}, err
	}
	part, err := mcpCall("", call.Tool, args)
	call.Parts = []Part{part}
	return call, err
}

// Write implements Host: a stop is the CallToolResult the agent gets in
// place of the tool's, an error result with the reason, and exit 0 (a
// non-zero exit would fail the call too, but with the gateway's own
// error instead of the reason).
func (DockerMCP) Write(stdout, stderr io.Writer, a Answer) int {
	if !a.Stop && !a.Ask {
		return 0
	}
	result := map[string]any{"isError": true, "content": []map[string]string{{"type": "text", "text": a.Reason}}}
	return writeJSON(stdout, stderr, result, 0)
}

// CanAsk implements Host: the gateway's interceptors cannot ask.
func (DockerMCP) CanAsk() bool { return false }
