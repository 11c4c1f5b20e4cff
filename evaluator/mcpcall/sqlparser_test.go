package mcpcall

// The SQL parser the recourse binary links (cmd/recourse).
import _ "github.com/recourse-dev/recourse/evaluator/sql/pg"
