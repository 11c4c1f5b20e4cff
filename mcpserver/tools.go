package mcpserver

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/recourse-dev/recourse/report"
)

// Tool names.
const (
	ToolTerraform          = "recourse_evaluate_terraform"
	ToolShell              = "recourse_evaluate_shell"
	ToolMCPCall            = "recourse_evaluate_mcp_call"
	ToolSupportedResources = "recourse_supported_resources"
	ToolWithEvidence       = "recourse_evaluate_with_evidence"
)

// param is one tool parameter.
type param struct {
	name     string
	types    []string // JSON types: "string", "object", "boolean"
	required bool
	desc     string
	enum     []string
	// aliases are other names callers use for the parameter (cmd for
	// command); an unknown argument is renamed only to a parameter it
	// certainly means (recovery.go).
	aliases []string
}

// toolDef is a tool's definition; its schemas are generated from params.
type toolDef struct {
	name, title, description string
	params                   []param
	example                  map[string]any
	// reportData: the envelope's data is a ConsequenceReport.
	reportData bool
	// latency is the tool's latency hint (costHints).
	latency string
}

// The keys of the hints every tool carries in its _meta (MCP reserves
// _meta for such metadata; "recourse/" is the prefix of Recourse's own
// keys), so that an agent, or a client's scheduler, can plan calls
// without trying them. docs/mcp.md lists the values.
const (
	MetaCostHint    = "recourse/cost_hint"
	MetaLatencyHint = "recourse/latency_hint"
	MetaSideEffects = "recourse/side_effects"
)

// The hints' values. Every Recourse tool is local computation: it makes
// no network call, no paid API call and no model call (cost low), and it
// executes, writes and changes nothing (side effects none: it judges the
// action it is given, it never takes it).
const (
	costLow         = "low"
	sideEffectsNone = "none"
	// latencyFast: well under 50 ms at the 99th percentile for any input
	// an agent sends (a command line, a tool call, the catalog).
	latencyFast = "fast"
	// latencyBounded: milliseconds for a typical plan, up to seconds for
	// a plan of megabytes; never past the server's --timeout.
	latencyBounded = "bounded"
)

// meta is the tool's _meta: its cost, latency and side-effect hints.
func (t *toolDef) meta() *mcp.Meta {
	latency := t.latency
	if latency == "" {
		latency = latencyFast
	}
	return &mcp.Meta{AdditionalFields: map[string]any{MetaCostHint: costLow, MetaLatencyHint: latency, MetaSideEffects: sideEffectsNone}}
}

// The response formats of the evaluate tools.
const (
	formatConcise  = "concise"
	formatDetailed = "detailed"
)

// formatParam chooses between the concise report (the default) and the
// whole one.
var formatParam = param{name: "response_format", types: []string{"string"}, enum: []string{formatConcise, formatDetailed}, aliases: []string{"format"},
	desc: `concise (default): data is the gist (decision, reason, worst tier, rule ids, saferAlternative, missingEvidence); detailed: data is the whole ConsequenceReport`}

var contextParams = []param{
	{name: "environment", types: []string{"string"}, aliases: []string{"env", "stage", "environment_name"}, desc: `where it would run (production, prod, prd, live, prod-* are stricter); the server's --environment wins`},
	{name: "actor", types: []string{"string"}, aliases: []string{"agent", "user"}, desc: "who proposes the action, for the policy"},
	{name: "owner", types: []string{"string"}, aliases: []string{"team"}, desc: "who owns the affected system, for the policy"},
}

func toolDefs() []*toolDef {
	return []*toolDef{
		{
			name:  ToolTerraform,
			title: "Evaluate a Terraform plan",
			description: "Use this when you are about to run terraform/tofu apply: pass the JSON of `terraform show -json PLANFILE` and get how recoverable each change is and allow|warn|escalate|block. " +
				"Use recourse_evaluate_shell instead for a raw command line. Common composition: terraform plan -out, terraform show -json, this tool, then apply only on allow or warn (after telling the user).",
			params: append([]param{
				{name: "plan", types: []string{"object", "string"}, required: true, aliases: []string{"plan_json", "terraform_plan", "tfplan", "plan_file"}, desc: "the plan: the JSON object of `terraform show -json PLANFILE`, or that JSON as a string"},
				{name: "state", types: []string{"object", "string"}, aliases: []string{"state_json", "tfstate", "terraform_state"}, desc: "optional state (`terraform show -json` or a raw tfstate): its resources count as dependents of what the plan destroys"},
				{name: "provider_schema", types: []string{"object", "string"}, desc: "optional `terraform providers schema -json`: may raise the verdict of a type no rule knows"},
				{name: "classifier", types: []string{"boolean"}, desc: "ignored: the classifier fallback is always on"},
				formatParam,
			}, contextParams...),
			example:    map[string]any{"plan": map[string]any{"format_version": "1.2", "resource_changes": []any{}}},
			reportData: true,
			latency:    latencyBounded,
		},
		{
			name:  ToolShell,
			title: "Evaluate a shell command line",
			description: "Use this when you are about to run a shell command (rm, git, kubectl, aws, psql, terraform destroy ...): pass the line exactly as you would give it to bash -c. " +
				"Use recourse_evaluate_terraform instead for a plan file. Common composition: this tool before every command from a terminal tool, running it only on allow, or on warn after telling the user.",
			params: append([]param{
				{name: "command", types: []string{"string"}, required: true, aliases: []string{"cmd", "command_line", "commandline", "shell_command", "bash_command", "line"}, desc: "the command line, exactly as it would be passed to bash -c"},
				{name: "cwd", types: []string{"string"}, aliases: []string{"dir", "workdir", "working_dir", "working_directory", "directory"}, desc: "the working directory the line would run in; without it, relative paths are judged as project data"},
				formatParam,
			}, contextParams...),
			example:    map[string]any{"command": "rm -rf ./build", "cwd": "/workspace/app"},
			reportData: true,
		},
		{
			name:  ToolMCPCall,
			title: "Evaluate another MCP server's tool call",
			description: "Use this when you are about to call another MCP server's tool that may change or delete something (delete_repository, query with SQL, run_command, delete_namespace ...). " +
				"Use recourse_evaluate_shell instead for a command you run yourself. Common composition: this tool with the exact server, tool, arguments and the tool's annotations, then the call only on allow or warn.",
			params: append([]param{
				{name: "tool", types: []string{"string"}, required: true, aliases: []string{"tool_name", "name"}, desc: "the tool's name (delete_repository, mcp__github__delete_repository, deleteRepository ...)"},
				{name: "server", types: []string{"string"}, aliases: []string{"server_name", "mcp_server"}, desc: "the MCP server's name (github, postgres, filesystem ...)"},
				{name: "arguments", types: []string{"object"}, aliases: []string{"args", "params", "parameters", "tool_arguments", "tool_input"}, desc: "the arguments the tool would receive"},
				{name: "annotations", types: []string{"object"}, aliases: []string{"tool_annotations"}, desc: "the tool's annotations as its server advertised them (readOnlyHint, destructiveHint ...)"},
				formatParam,
			}, contextParams[:2]...),
			example:    map[string]any{"server": "github", "tool": "delete_repository", "arguments": map[string]any{"owner": "acme", "repo": "api"}},
			reportData: true,
		},
		{
			name:  ToolWithEvidence,
			title: "Re-evaluate with evidence you gathered",
			description: "Use this when a Recourse result escalated with missingEvidence and you have checked those facts (a snapshot exists, versioning is on ...): resend the same input with evidence items {address, key, value}. " +
				"Use the plain evaluate tool instead when you have no new facts. Common composition: evaluate, read missingEvidence, verify with read-only commands, then this tool.",
			params: []param{
				{name: "tool", types: []string{"string"}, required: true, desc: "the evaluation tool the input is for", enum: []string{ToolTerraform, ToolShell, ToolMCPCall}},
				{name: "input", types: []string{"object"}, required: true, aliases: []string{"arguments", "args"}, desc: "the same arguments you passed to that tool"},
				{name: "evidence", types: []string{"array"}, required: true, aliases: []string{"facts"}, desc: `facts for keys a report listed in missingEvidence: [{"address": target id, "key": the missing key, "value": what you found, "source": how}]`},
				formatParam, contextParams[0], contextParams[1],
			},
			example: map[string]any{"tool": ToolTerraform, "input": map[string]any{"plan": map[string]any{"format_version": "1.2", "resource_changes": []any{}}},
				"evidence": []any{map[string]any{"address": "aws_s3_bucket.logs", "key": "force_destroy", "value": false, "source": "aws s3api get-bucket-tagging"}}},
			reportData: true,
			latency:    latencyBounded, // its input may be a plan
		},
		{
			name:  ToolSupportedResources,
			title: "List what Recourse analyses in depth",
			description: "Use this when you need to know whether a Terraform type, a program or an MCP tool gets deterministic rules or only the classifier fallback (a degraded result). " +
				"Use the recourse_evaluate_* tools instead to judge an action. Common composition: after a degraded result, check coverage here before asking a human.",
			params: []param{
				{name: "kind", types: []string{"string"}, desc: "limit the catalog to one kind of input", enum: []string{"terraform", "shell", "mcp"}},
				{name: "name", types: []string{"string"}, desc: "one Terraform type, program or MCP tool: covered or not, its rows, else didYouMean and the classifier's reading"},
				{name: "detail", types: []string{"string"}, enum: []string{detailSummary, detailFull}, aliases: []string{"details", "verbosity"},
					desc: "summary (default): counts and providers; full: every name (40 KB)"},
				{name: "include_rules", types: []string{"boolean"}, desc: "include rule rows, a page at a time, with every name (default false)"},
				{name: "cursor", types: []string{"string"}, desc: "the next_cursor of the page before"},
				{name: "limit", types: []string{"number"}, desc: "rows per page, 1 to 500 (default 100)"},
			},
			example: map[string]any{"kind": "terraform", "name": "aws_db_instance"},
		},
	}
}

// inputSchema is the tool's input JSON Schema: additionalProperties false,
// types, enums and an example.
func (t *toolDef) inputSchema() json.RawMessage {
	props := map[string]any{}
	var required []string
	for _, p := range t.params {
		s := map[string]any{"description": p.desc}
		if len(p.types) == 1 {
			s["type"] = p.types[0]
		} else {
			s["type"] = p.types
		}
		if len(p.enum) > 0 {
			s["enum"] = p.enum
		}
		props[p.name] = s
		if p.required {
			required = append(required, p.name)
		}
	}
	schema := map[string]any{"type": "object", "properties": props, "additionalProperties": false, "examples": []any{t.example}}
	if len(required) > 0 {
		schema["required"] = required
	}
	return mustJSON(schema)
}

// notServed are the error kinds no tool of the MCP server returns: the
// gateway's refusals (a judged call, an upstream down) and recourse
// serve's overload, whose envelopes carry no outputSchema of Recourse's.
// They are left out of the tools' outputSchema, which tools/list repeats
// for every tool.
var notServed = map[ErrorKind]bool{KindBlocked: true, KindNeedsApproval: true, KindUpstreamUnavailable: true, KindOverloaded: true}

// outputSchema is the envelope's JSON Schema, with data either the gist
// (the concise default) or the ConsequenceReport's outline for the
// evaluation tools.
func (t *toolDef) outputSchema() json.RawMessage {
	data := map[string]any{"type": []string{"object", "null"}}
	if t.reportData {
		data = map[string]any{"anyOf": []any{gistSchema(), reportOutline(), map[string]any{"type": "null"}}}
	}
	statuses := []string{string(StatusSuccess), string(StatusEmpty), string(StatusPartial), string(StatusDegraded), string(StatusError), string(StatusRefused)}
	kinds := make([]string, 0, len(Registry))
	for k := range Registry {
		if !notServed[k] {
			kinds = append(kinds, string(k))
		}
	}
	sort.Strings(kinds)
	schema := map[string]any{
		"type":     "object",
		"required": []string{"status", "data", "error", "confidence", "follow_up_hints", "charter_version"},
		"properties": map[string]any{
			"status": map[string]any{"enum": statuses},
			"data":   data,
			"error": map[string]any{"anyOf": []any{map[string]any{"type": "null"}, map[string]any{
				"type":     "object",
				"required": []string{"kind", "type", "recoverable", "message", "recovery"},
				"properties": map[string]any{
					"kind":        map[string]any{"enum": kinds},
					"type":        map[string]any{"enum": []string{"NOT_FOUND", "CONFLICT", "VALIDATION", "PERMISSION", "TRANSIENT", "INTERNAL"}},
					"recoverable": map[string]any{"type": "boolean"},
					"message":     map[string]any{"type": "string"},
					"field":       map[string]any{"type": "string"},
					"line":        map[string]any{"type": "integer"},
					"column":      map[string]any{"type": "integer"},
					"recovery":    map[string]any{"type": "object"},
				},
			}}},
			"degradation_reason": map[string]any{"enum": DegradationReasons},
			"confidence":         map[string]any{"enum": []any{"HIGH", "MEDIUM", "LOW", nil}},
			"follow_up_hints":    map[string]any{"type": "array", "items": map[string]any{"type": "string"}, "maxItems": 3},
			"charter_version":    map[string]any{"const": CharterVersion},
		},
	}
	return mustJSON(schema)
}

// gistSchema is the schema of a concise answer's data (report.Gist):
// its required fields with their types, one level deep, as reportOutline
// gives the report's (tools/list repeats it for four tools).
func gistSchema() map[string]any {
	return map[string]any{
		"type":     "object",
		"required": []string{"riskAssessment", "recoverability", "ruleIds", "totalMutations"},
		"properties": map[string]any{
			"riskAssessment":   map[string]any{"enum": []string{"allow", "warn", "escalate", "block"}},
			"recoverability":   map[string]any{"type": "object"},
			"ruleIds":          map[string]any{"type": "array"},
			"saferAlternative": map[string]any{"type": "string"},
			"missingEvidence":  map[string]any{"type": "array"},
			"totalMutations":   map[string]any{"type": "integer"},
		},
	}
}

// SchemaURI is the resource with the ConsequenceReport's full JSON Schema.
const SchemaURI = "recourse://schema/consequence-report"

// reportOutline is the ConsequenceReport's schema as outputSchema carries
// it: the required top-level fields with their JSON types, constants and
// enums, one level deep. The full schema (report/schema.json, and the
// resource SchemaURI) in each of four tools took tools/list to 48 KB, a
// third of it repeated; clients validate against the outline, and the
// tests hold every report to the full schema.
func reportOutline() map[string]any {
	var rep map[string]any
	if err := json.Unmarshal(report.Schema, &rep); err != nil {
		panic(err) // the embedded schema is tested to be JSON
	}
	defs, _ := rep["$defs"].(map[string]any)
	props := map[string]any{}
	for name, raw := range rep["properties"].(map[string]any) {
		p := raw.(map[string]any)
		if ref, ok := p["$ref"].(string); ok {
			p = defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
		}
		outline := map[string]any{}
		for _, k := range []string{"type", "const", "enum"} {
			if v, ok := p[k]; ok {
				outline[k] = v
			}
		}
		props[name] = outline
	}
	return map[string]any{"type": "object", "required": rep["required"], "properties": props}
}

// mcpTool is the tool as mcp-go serves it, with annotations set explicitly
// (mcp-go's defaults mark tools destructive and open-world).
func (t *toolDef) mcpTool() mcp.Tool {
	tool := mcp.NewToolWithRawSchema(t.name, t.description, t.inputSchema())
	tool.Title = t.title
	tool.RawOutputSchema = t.outputSchema()
	yes, no := true, false
	tool.Annotations = mcp.ToolAnnotation{ReadOnlyHint: &yes, DestructiveHint: &no, IdempotentHint: &yes, OpenWorldHint: &no}
	tool.Meta = t.meta()
	return tool
}

// hint is the schema hint of a recovery block.
func (t *toolDef) hint() *SchemaHint {
	h := &SchemaHint{Required: []string{}, Optional: []string{}, Types: map[string]string{}}
	for _, p := range t.params {
		if p.required {
			h.Required = append(h.Required, p.name)
		} else {
			h.Optional = append(h.Optional, p.name)
		}
		h.Types[p.name] = strings.Join(p.types, "|")
	}
	return h
}

func (t *toolDef) param(name string) *param {
	for i := range t.params {
		if t.params[i].name == name {
			return &t.params[i]
		}
	}
	return nil
}

func (t *toolDef) paramNames() []string {
	out := make([]string, len(t.params))
	for i, p := range t.params {
		out[i] = p.name
	}
	return out
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("marshal schema: %v", err)) // built from literals above
	}
	return b
}
