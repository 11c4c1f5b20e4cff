package model

// Exception is a person's standing decision, written in a configuration
// file, that changes of one kind may go ahead with a warning: a change
// whose verdict came from a rule matching Rule (an id, or a glob with *)
// and whose target matches Match (a command, word for word; a plan
// address; an MCP server.tool), until the end of Expires, for Reason. The
// policy caps such a change's decision at warn; its tier, the fact about
// recovery, is unchanged.
type Exception struct {
	Rule    string `json:"rule"`
	Match   string `json:"match"`
	Reason  string `json:"reason"`
	Expires string `json:"expires"`
	// Source is where it is written: FILE:LINE.
	Source string `json:"source"`
	// Dir is the directory the relative paths of Match are read from: the
	// project file's directory for a project exception; "" for the user's
	// and the managed file's, which are read from the directory the
	// evaluation starts in.
	Dir string `json:"-"`
	// Exact makes Match an exact address rather than a glob (a baseline's
	// findings, an inline ignore's resource).
	Exact bool `json:"-"`
	// MaxTier, when set, is the worst tier the exception covers: a
	// baselined finding that has grown worse is a new finding.
	MaxTier Tier `json:"-"`
}
