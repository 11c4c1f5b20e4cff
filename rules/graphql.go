package rules

import "strings"

// graphqlDeleteWords are the words a GraphQL mutation that deletes is named
// with (deleteRepository, removeCollaborator, archiveProject ...).
var graphqlDeleteWords = []string{"delete", "remove", "destroy", "drop", "purge", "wipe", "archive", "truncate"}

// GraphQLDeletion returns the word by which a GraphQL document is a
// mutation that deletes, if it is one; gh api graphql's query field and an
// MCP tool's request body are read alike.
func GraphQLDeletion(doc string) (string, bool) {
	doc = strings.ToLower(doc)
	if !strings.Contains(doc, "mutation") {
		return "", false
	}
	for _, w := range graphqlDeleteWords {
		if strings.Contains(doc, w) {
			return w, true
		}
	}
	return "", false
}
