package mcpserver

import (
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/recourse-dev/recourse/report"
)

// EnvelopeMeta is the _meta key under which a result that cannot carry
// Recourse's envelope as structuredContent carries it (ForOutputSchema).
const EnvelopeMeta = "dev.recourse/envelope"

// Refusal is the result of a call an enforcing adapter (the MCP gateway)
// judged and does not forward: status refused, the contract of kind
// (KindBlocked, KindNeedsApproval) with reason as its message, and the
// report's gist as data (report.Gist), so an agent sees why without
// another call, in a few hundred bytes: clients such as Claude Code and
// VS Code hand the model structuredContent, not the text. It takes the
// one path of every Recourse result (result): content[0].text is the
// envelope's JSON alone, the human line content[1]; ForOutputSchema
// reshapes it for a tool whose outputSchema forbids the envelope.
func Refusal(rep *report.ConsequenceReport, kind ErrorKind, reason string) *mcp.CallToolResult {
	env := reportEnvelope(rep, ToolMCPCall)
	gist := rep.Gist()
	if strings.Contains(reason, gist.AssessmentReason) {
		gist.AssessmentReason = "" // said once, in the message
	}
	if strings.Contains(reason, gist.SaferAlternative) {
		gist.SaferAlternative = ""
	}
	// Evidence cannot be supplied through the gateway (no follow-up
	// hints); the message says what the call lacks.
	gist.MissingEvidence = nil
	env.Status, env.DegradationReason, env.Data = StatusRefused, "", gist
	env.Error = newContract(kind, reason)
	env.FollowUpHints = []string{}
	return result(env)
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

// ForOutputSchema reshapes a result of Recourse's own (a refusal or a
// failure) for a tool that declares an outputSchema: the envelope moves
// from structuredContent to _meta (EnvelopeMeta) and stays the JSON of
// content[0], the only content: its error.message is the human line. The official
// TypeScript SDK's Client.callTool validates structuredContent against
// the tool's outputSchema even when isError is true
// (modelcontextprotocol/typescript-sdk@2d889f2b, branch v1.x,
// src/client/index.ts, callTool: "Only validate structured content if
// present (not when there's an error)" guards only on its presence; the
// same in the published 1.32.2, dist/esm/client/index.js), and throws
// McpError -32602 when it does not match: an envelope as the
// structuredContent of the reference filesystem server's write_file
// (outputSchema {content: string}) made every refusal an exception.
// A result without an envelope is returned as it is.
func ForOutputSchema(res *mcp.CallToolResult) *mcp.CallToolResult {
	env, ok := res.StructuredContent.(Envelope)
	if !ok {
		return res
	}
	out := *res
	out.StructuredContent, out.RawStructuredContent = nil, nil
	// content[0] is already the envelope's JSON (result); the human line
	// is left out, as error.message says it and a client shows the model
	// every text.
	out.Content = res.Content[:1]
	meta := map[string]any{EnvelopeMeta: env}
	if res.Meta != nil {
		for k, v := range res.Meta.AdditionalFields {
			meta[k] = v
		}
	}
	out.Meta = mcp.NewMetaFromMap(meta)
	return &out
}
