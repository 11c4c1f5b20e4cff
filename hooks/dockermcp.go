package hooks

import (
	"fmt"
	"io"
)

// DockerMCP is a before:exec interceptor of Docker's MCP Gateway
// (docker mcp gateway run --interceptor before:exec:'recourse hook
// docker-mcp'; docker/mcp-gateway, pkg/interceptors): the gateway writes
// {"method": "tools/call", "params": {"name", "arguments"}} to its stdin.
// Nothing on stdout lets the call through; a CallToolResult on stdout is
// returned instead of calling the tool; a failed interceptor fails the
// call.
type DockerMCP struct{}

// Name implements Host.
func (DockerMCP) Name() string { return "docker-mcp" }

const dockerExample = `{"method": "tools/call", "params": {"name": "delete_repository", "arguments": {"repo": "x"}}}`

// Read implements Host.
func (DockerMCP) Read(data []byte) (Call, error) {
	obj, err := object(data, "", dockerExample, "method", "params")
	if err != nil {
		return Call{}, err
	}
	if method, err := text(obj, "method", dockerExample); err != nil || method != "tools/call" {
		return Call{}, fmt.Errorf("the interceptor input's method is %q; Recourse judges tools/call, expected %s", method, dockerExample)
	}
	params, err := object(obj["params"], "params", dockerExample, "name", "arguments")
	if err != nil {
		return Call{}, err
	}
	var call Call
	if call.Tool, err = required(params, "name", dockerExample); err != nil {
		return Call{}, err
	}
	args, err := arguments(params["arguments"], "params.arguments")
	if err != nil {
		return Call{}, err
	}
	part, err := mcpCall("", call.Tool, args)
	call.Parts = []Part{part}
	return call, err
}

// Write implements Host: a stop is the CallToolResult the agent gets in
// place of the tool's, an error result with the reason.
func (DockerMCP) Write(stdout, stderr io.Writer, a Answer) int {
	if !a.Stop && !a.Ask {
		return 0
	}
	result := map[string]any{"isError": true, "content": []map[string]string{{"type": "text", "text": a.Reason}}}
	return writeJSON(stdout, stderr, result, 0)
}

// CanAsk implements Host: the gateway's interceptors cannot ask.
func (DockerMCP) CanAsk() bool { return false }
