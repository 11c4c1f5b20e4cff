package report

import _ "embed"

// Schema is the JSON Schema (draft 2020-12) of a ConsequenceReport;
// `recourse schema` prints it.
//
//go:embed schema.json
var Schema []byte
