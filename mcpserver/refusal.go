package mcpserver

import (
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/recourse-dev/recourse/report"
)

// Refusal is the result of a call an enforcing adapter (the MCP gateway)
// judged and does not forward: status refused, the contract of kind
// (KindBlocked, KindNeedsApproval) with reason as its message, and the
// concise report as data, so an agent sees why without another call.
func Refusal(rep *report.ConsequenceReport, kind ErrorKind, reason string) *mcp.CallToolResult {
	env := reportEnvelope(rep, ToolMCPCall)
	env.Status, env.DegradationReason, env.Data = StatusRefused, "", rep.Concise()
	env.Error = newContract(kind, reason)
	env.FollowUpHints = []string{}
	if err := env.Validate(); err != nil {
		return result(failure(newContract(KindInternal, "the envelope broke its own invariant: "+err.Error())))
	}
	text := fmt.Sprintf("%s %s: %s\n%s", env.Error.Type, env.Error.Kind, reason, report.Brief(rep))
	return &mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent(text)}, StructuredContent: env, IsError: true}
}

// Failure is the result of a call an enforcing adapter could neither
// judge nor forward: the evaluation's error (err from the evaluator) or,
// with kind KindUpstreamUnavailable, the upstream's.
func Failure(kind ErrorKind, err error) *mcp.CallToolResult {
	if kind == "" {
		return result(failure(fromModel(err, nil, nil)))
	}
	return result(failure(newContract(kind, err.Error())))
}
