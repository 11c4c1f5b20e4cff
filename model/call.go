package model

// ActionCall is the action of an MCP tool call: what it does is for the
// rules to say.
const ActionCall Action = "call"

// ToolCall is one MCP tool call another server would receive.
type ToolCall struct {
	// Server is the MCP server's name ("github"), as given or as split out
	// of a prefixed tool name (mcp__github__delete_repository).
	Server string
	// Tool is the tool name as the caller spelled it.
	Tool string
	// Name is the normalised tool name: lower-case words joined by "_"
	// (deleteRepository, delete-repository -> delete_repository).
	Name string
	// Words are Name's words, without leading words that repeat the
	// server's name (slack_list_channels on slack: list, channels).
	Words []string
	// Arguments are the call's arguments.
	Arguments map[string]any
	// Parsed names the arguments that the parser read as SQL, a shell
	// command line or code and turned into mutations of their own, which
	// carry the verdict on what the call runs. An argument that looks like
	// one but could not be read is not listed.
	Parsed []string
	// Cwd is the directory relative paths in the arguments are read from,
	// when the caller knows it (a coding agent's hook: the agent's file
	// tools resolve "../.bashrc" against it); "" when unknown.
	Cwd string
	// Annotations are the hints the target server advertised for the tool;
	// nil when the caller passed none. They are evidence from an untrusted
	// server: they never make a rule's verdict safer.
	Annotations *ToolAnnotations
	// AnnotationsVouchedBy names the upstream server whose annotations the
	// operator vouches for (the gateway's trust_annotations), "" when no
	// one does. Only then may a readOnlyHint count for a tool no rule
	// knows, and still never against what its arguments show.
	AnnotationsVouchedBy string
	// Observed are the facts Recourse gathered, read-only, where the
	// call's server acts (the gateway's stdio upstreams: the machine the
	// file tool deletes or writes on) about the paths a file tool deletes
	// or writes over; nil when nothing was observed.
	Observed *Observed
}

// Observation is the observed facts of m's command or, for a file tool's
// call, of the paths it acts on; nil when nothing was observed.
func (m *Mutation) Observation() *Observed {
	switch {
	case m.Command != nil:
		return m.Command.Observed
	case m.Call != nil:
		return m.Call.Observed
	}
	return nil
}

// ToolAnnotations are MCP tool annotations; a nil field was not given.
type ToolAnnotations struct {
	// Title is the tool's display name (MCP 2025-06-18 ToolAnnotations).
	Title           *string `json:"title,omitempty"`
	ReadOnlyHint    *bool   `json:"readOnlyHint,omitempty"`
	DestructiveHint *bool   `json:"destructiveHint,omitempty"`
	IdempotentHint  *bool   `json:"idempotentHint,omitempty"`
	OpenWorldHint   *bool   `json:"openWorldHint,omitempty"`
}
