package programs

import (
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// The data tools whose destructive runs the generic rows missed: history
// rewriters run as a jar, WAL archive cleanup, and query shells for stores
// whose languages are not SQL (InfluxQL, Cypher).

// argSays holds when an argument contains, in any letter case, one of
// words as a word of its own (DROP, DELETE).
func argSays(desc string, words ...string) rules.Cond {
	return rules.Func(desc, func(f rules.Facts) rules.Result {
		for _, a := range f.M.Command.Args {
			upper := strings.ToUpper(a.Value)
			for _, w := range words {
				for _, field := range strings.FieldsFunc(upper, func(r rune) bool { return !('A' <= r && r <= 'Z' || r == '_') }) {
					if field == w {
						return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "statement", Value: a.Value, Present: true}}}
					}
				}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// jarNamed holds when java runs a jar whose file name contains name.
func jarNamed(name string) rules.Cond {
	return rules.Func("java -jar "+name+"*.jar", func(f rules.Facts) rules.Result {
		args := f.M.Command.Args
		for i := 0; i+1 < len(args); i++ {
			// -jar is a single-dash long option: the next argument is the jar.
			if args[i].Value == "-jar" && strings.Contains(strings.ToLower(args[i+1].Value), name) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "jar", Value: args[i+1].Value, Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

const historyRewriteReason = "rewrites the repository's history (BFG Repo-Cleaner): every commit after the first change gets a new id, and once pushed and the old objects expire, the original history is gone"

func dataToolRows() []rules.Rule {
	return []rules.Rule{
		row("program.bfg", "bfg", rules.Not(rules.Flag("help", "h", "version")), model.TierUnrecoverable, historyRewriteReason),
		row("program.java.bfg", "java", jarNamed("bfg"), model.TierUnrecoverable, historyRewriteReason),
		row("program.pg_archivecleanup", "pg_archivecleanup", rules.Not(rules.Flag("n", "help", "V", "version")), model.TierNeedsReview,
			"deletes the WAL archive's segments older than the one named: point-in-time recovery to any moment before it is gone, and whether a base backup still needs them is not in the input"),
		row("program.pg_archivecleanup.dry-run", "pg_archivecleanup", rules.Flag("n", "help", "V", "version"), model.TierReversible,
			"pg_archivecleanup -n only prints the names of the files it would remove (a dry run; https://www.postgresql.org/docs/current/pgarchivecleanup.html, read 2026-11-29)"),
		row("program.influx.influxql-destructive", "influx", argSays("an InfluxQL DROP or DELETE", "DROP", "DELETE"), model.TierUnrecoverable,
			"runs an InfluxQL DROP or DELETE (influx -execute): the series, measurement or database goes, with no undo"),
		row("program.cypher-shell.destructive", "cypher-shell", argSays("a Cypher DELETE, REMOVE or DROP", "DELETE", "REMOVE", "DROP"), model.TierUnrecoverable,
			"runs a Cypher DELETE, REMOVE or DROP: the nodes, relationships, properties or database go, with no undo"),
	}
}
