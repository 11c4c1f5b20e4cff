package rules

// The facts about a target that decide between a block and a lesser tier
// but that a command line does not show. A condition that needs one and
// does not have it answers Unknown and names it in Result.Missing as
// MissingFact(FACT, SUBJECT) ("exists:/etc/apt/sources.list.d/x.list"),
// so that the verdict is needs-review with that name in missingEvidence,
// never a block and never an allow (design.md, "Block only on facts").
// Observation (issue 33) fills these names: a condition that is handed the
// fact decides on it instead.
const (
	// FactExists is whether a file a command would write already exists:
	// only overwriting an existing one can lose data.
	FactExists = "exists"
	// FactIgnoredOutput is whether a directory is the project's generated
	// output (ignored by its .gitignore, beside a build file that
	// rebuilds it), or holds files nothing regenerates.
	FactIgnoredOutput = "gitignored"
	// FactThrowawayVolume is whether a container volume holds throwaway
	// data (a development or test database) or data that matters.
	FactThrowawayVolume = "throwaway-volume"
)

// MissingFact names the fact fact about subject, for Result.Missing.
func MissingFact(fact, subject string) string { return fact + ":" + subject }
