package rules

import "strings"

// graphqlDeleteWords are the words a GraphQL mutation that deletes is named
// with (deleteRepository, removeCollaborator, archiveProject ...).
var graphqlDeleteWords = []string{"delete", "remove", "destroy", "drop", "purge", "wipe", "archive", "truncate"}

// urlDeleteWords in a URL name an endpoint that deletes
// (Elasticsearch's _delete_by_query, Jenkins's doDelete, …/purge).
var urlDeleteWords = []string{"delete", "destroy", "purge", "drop", "truncate", "wipe", "remove"}

// URLNamesDelete reports whether v is a URL whose path or query names a
// delete: curl's operand and an MCP tool's url argument are read alike.
func URLNamesDelete(v string) bool {
	v = strings.ToLower(v)
	if !strings.Contains(v, "://") && !strings.HasPrefix(v, "localhost") && !strings.HasPrefix(v, "/") {
		return false
	}
	for _, word := range urlDeleteWords {
		if strings.Contains(v, word) {
			return true
		}
	}
	return false
}

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
