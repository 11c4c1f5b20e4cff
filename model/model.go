// Package model holds the types every stage of the pipeline shares: the
// Mutation a parser produces, the Recoverability a rule or the classifier
// assigns to it, and the Decision the policy returns.
//
// The package has no logic beyond reading values out of a Mutation, so that
// parsers, rules, the classifier, the policy and the report can all depend on
// it without depending on each other.
package model

// Source names the kind of input a Mutation came from.
type Source string

// The sources Recourse reads.
const (
	SourceTerraform Source = "terraform"
	SourceShell     Source = "shell"
	SourceMCP       Source = "mcp"
	// SourceConfig is a change to Recourse's own reviewed configuration
	// that a change under review makes: an exception it adds or widens
	// (recourse eval --exceptions-from-ref).
	SourceConfig Source = "config"
)

// Action is what a Mutation would do to its target.
type Action string

// The actions a parser can report. ActionUnknown is an action the parser did
// not recognise; rules read it as the most dangerous action (a delete).
const (
	ActionCreate  Action = "create"
	ActionUpdate  Action = "update"
	ActionDelete  Action = "delete"
	ActionReplace Action = "replace"
	ActionRead    Action = "read"
	ActionNoop    Action = "no-op"
	ActionForget  Action = "forget"
	ActionUnknown Action = "unknown"
)

// Destroys reports whether the action removes the existing object: a delete,
// either order of replace, or an action the parser did not know (read as the
// worst case).
func (a Action) Destroys() bool {
	return a == ActionDelete || a == ActionReplace || a == ActionUnknown
}

// Target identifies what a Mutation acts on.
type Target struct {
	// Provider is the short provider name ("aws"), derived from the
	// provider address when there is one.
	Provider string `json:"provider"`
	// Type is the resource type ("aws_db_instance"), program or tool.
	Type string `json:"type"`
	// ID is the stable identifier a reader uses: the full Terraform address
	// with module path and index key.
	ID string `json:"id"`
	// Deposed is the deposed-object key when the change acts on a deposed
	// object left over from a create_before_destroy replacement.
	Deposed string `json:"deposed,omitempty"`
}

// Mutation is one proposed change: one Terraform resource change, one shell
// command, one MCP tool call. Parsers produce them; rules judge them.
type Mutation struct {
	Source Source
	Action Action
	// RawActions are the actions exactly as the input spelled them
	// (Terraform's ["delete","create"]).
	RawActions []string
	// ActionReason is why the input says it chose the action
	// ("replace_because_tainted"), when it says.
	ActionReason string
	// Address is where the change is in its input: a Terraform address
	// (module.db.aws_db_instance.main["a"]).
	Address string
	Target  Target

	// Before and After are the object's attribute values before and after
	// the change; nil when there is no such object (create, delete).
	Before map[string]any
	After  map[string]any
	// AfterUnknown mirrors After with true at every value that is only
	// known after apply.
	AfterUnknown any
	// BeforeSensitive and AfterSensitive mirror Before and After with true
	// at every sensitive value. Sensitive values are never copied into a
	// report.
	BeforeSensitive any
	AfterSensitive  any
	// ReplacePaths are the attribute paths that force a replacement.
	ReplacePaths []any

	// Command is the command a shell mutation runs; nil for other sources.
	Command *Command
	// SQL is the statement of a mutation whose Target.Type is SQLProgram.
	SQL *SQLStatement
	// Call is the MCP tool call of a mutation from an MCP call input.
	Call *ToolCall

	// Schema is the provider's schema of Target.Type, when the caller gave
	// one with a plan (--provider-schema); nil otherwise. It is caller
	// evidence about the type, read only by the classifier.
	Schema *ResourceSchema

	// Evidence holds facts an agent supplied for keys an earlier
	// evaluation reported missing (MissingEvidence), keyed the same way.
	// Lookup reads them only where the input itself is silent: evidence
	// fills gaps, it never overrides what the input says.
	Evidence map[string]any
	// Unseen names facts about this change that the input does not carry
	// and that no rule's verdict reads, so that the report lists them as
	// missing evidence: a plan without its configuration hides the
	// provisioners that run with the change (ProvisionersUnseen).
	Unseen []string
	// Supplied says which of Evidence's facts the caller supplied, and
	// who and how: they are marked as supplied in every output and in the
	// policy input, and a verdict resting on them is at most MEDIUM
	// confidence.
	Supplied []SuppliedFact

	// DependencyImpact lists the resources that depend, directly or
	// through others, on the object this change destroys. It is filled by
	// the parser from what the input (and a state file given with it)
	// records; it is a fact, not a verdict.
	DependencyImpact []Dependent
	// DependencyImpactCount is how many resources the walk reached, which
	// is more than DependencyImpact lists when a listing cap was reached
	// (every direct dependent is always listed).
	DependencyImpactCount int

	// Raw is the input's own representation of this change, for renderers
	// and debugging; never read by rules.
	Raw any
}

// Tier is a recoverability tier, 1 (reversible) to 5 (needs review).
type Tier int

// The recoverability tiers, from the design.
const (
	TierReversible            Tier = 1
	TierRecoverableWithEffort Tier = 2
	TierRecoverableFromBackup Tier = 3
	TierUnrecoverable         Tier = 4
	TierNeedsReview           Tier = 5
)

// Label is the tier's stable name as it appears in reports.
func (t Tier) Label() string {
	switch t {
	case TierReversible:
		return "reversible"
	case TierRecoverableWithEffort:
		return "recoverable-with-effort"
	case TierRecoverableFromBackup:
		return "recoverable-from-backup"
	case TierUnrecoverable:
		return "unrecoverable"
	case TierNeedsReview:
		return "needs-review"
	}
	return "invalid"
}

// Severity orders tiers by how strongly they stop an action: reversible
// 0, recoverable-with-effort 1, recoverable-from-backup 2, needs-review 3,
// unrecoverable 4 (the order of the decisions they lead to).
func (t Tier) Severity() int {
	switch t {
	case TierReversible:
		return 0
	case TierRecoverableWithEffort:
		return 1
	case TierRecoverableFromBackup:
		return 2
	case TierNeedsReview:
		return 3
	}
	return 4
}

// Valid reports whether t is one of the five tiers.
func (t Tier) Valid() bool { return t >= TierReversible && t <= TierNeedsReview }

// Tiers lists the tiers in order.
var Tiers = [...]Tier{TierReversible, TierRecoverableWithEffort, TierRecoverableFromBackup, TierUnrecoverable, TierNeedsReview}

// Confidence is how sure the source of a verdict is.
type Confidence string

// The confidence levels.
const (
	ConfidenceHigh   Confidence = "HIGH"
	ConfidenceMedium Confidence = "MEDIUM"
	ConfidenceLow    Confidence = "LOW"
)

// VerdictSource names what produced a Recoverability.
type VerdictSource string

// The two verdict sources: a deterministic rule, or the classifier's
// fallback for what no rule knows.
const (
	FromRules      VerdictSource = "rules"
	FromClassifier VerdictSource = "classifier"
)

// Evidence is one fact a verdict rests on. Value is omitted when the fact
// is sensitive or absent.
type Evidence struct {
	Key         string `json:"key"`
	Value       any    `json:"value,omitempty"`
	Present     bool   `json:"present"`
	Sensitive   bool   `json:"sensitive,omitempty"`
	Description string `json:"description,omitempty"`
	// SuppliedBy says who supplied a fact that is not in the input itself:
	// SuppliedObserved for what Recourse read where the action runs (the
	// content of a script a command runs). Empty: the input shows it.
	SuppliedBy string `json:"suppliedBy,omitempty"`
}

// SuppliedObserved marks a fact Recourse gathered itself, read-only, on
// the machine where the action runs (Evidence.SuppliedBy).
const SuppliedObserved = "observed"

// SuppliedOperator marks a fact the operator vouched for in Recourse's
// own configuration (the gateway's trust_annotations: an upstream's
// readOnlyHint), not the input and not the caller (Evidence.SuppliedBy).
const SuppliedOperator = "operator"

// Recoverability is the verdict on one Mutation.
type Recoverability struct {
	Tier       Tier
	Reasoning  string
	Source     VerdictSource
	RuleID     string
	Confidence Confidence
	// Evidence lists the facts the verdict rests on.
	Evidence []Evidence
	// MissingEvidence names facts the verdict needed but the input did not
	// carry; each one kept the verdict from being more certain.
	MissingEvidence []string
}

// Decision is what the caller should do, as decided by the policy.
type Decision string

// The four decisions, from least to most restrictive.
const (
	Allow    Decision = "allow"
	Warn     Decision = "warn"
	Escalate Decision = "escalate"
	Block    Decision = "block"
)

// Rank orders decisions: allow 0 < warn 1 < escalate 2 < block 3. An
// unknown decision ranks as block, so a corrupt value never reads as safe.
func (d Decision) Rank() int {
	switch d {
	case Allow:
		return 0
	case Warn:
		return 1
	case Escalate:
		return 2
	}
	return 3
}

// ParseDecision returns the Decision named s, or false if s names none.
func ParseDecision(s string) (Decision, bool) {
	switch d := Decision(s); d {
	case Allow, Warn, Escalate, Block:
		return d, true
	}
	return "", false
}

// ParseFailOn returns the decision named s when it is one a fail_on or
// --fail-on may name — warn, escalate or block: the lowest decision that
// stops — or false (allow stops nothing).
func ParseFailOn(s string) (Decision, bool) {
	d, ok := ParseDecision(s)
	return d, ok && d != Allow
}

// Dependent is a resource that depends on a destroyed object.
type Dependent struct {
	Address string
	Type    string
	// Depth is 1 for a direct dependent, 2 for a dependent of one, ...
	Depth int
	// Reason says how the dependency is known and through what.
	Reason string
	// AlsoDestroyed is true when the same input destroys the dependent.
	AlsoDestroyed bool
}

// ProvisionersUnseen is the missing fact of a change whose plan has no
// configuration: the provisioners (local-exec, remote-exec) that would
// run with it could not be checked.
const ProvisionersUnseen = "configuration (provisioners)"

// SuppliedFact is a fact a caller supplied for a key the input did not
// show (--evidence, recourse_evaluate_with_evidence), not one the input
// carries.
type SuppliedFact struct {
	Key   string `json:"key"`
	Value any    `json:"value"`
	// Source is how the caller says it learnt the fact (a command, a
	// console page).
	Source string `json:"source"`
	// By is who supplied it: the evaluation's actor, or "the caller".
	By string `json:"by"`
	// SuppliedBy is the kind of source the fact came from: always
	// SuppliedByCaller here (a fact the input shows, or that Recourse
	// observed, is no supplied fact), so that a policy can tell the
	// caller's word from what was seen.
	SuppliedBy string `json:"supplied_by"`
}

// The sources of a fact, as every output and the policy input name them.
const (
	// SuppliedByCaller: the caller asserted it (--evidence,
	// recourse_evaluate_with_evidence).
	SuppliedByCaller = "caller"
)
