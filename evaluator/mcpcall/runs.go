package mcpcall

import (
	"path"
	"strings"

	"github.com/recourse-dev/recourse/rules/mcp/catalog"
)

// RunsKey is the name a catalog-spelled command's mutations carry as the
// argument they were read from (model.ToolCall.Parsed): the command the
// catalog says the tool runs, not an argument of the call.
const RunsKey = "runs"

// catalogRuns spells the command line a catalog tool runs (catalog
// Tool.Runs: the reference git server's git_reset runs `git reset
// --mixed`, git_checkout `git checkout BRANCH --`), with the call's
// arguments in place of its {ARG} words, and the directory it runs in
// (Tool.RunsIn: the git server's repo_path, read from the call's working
// directory when relative). The line is judged, and where the action runs
// observed, as the same command typed in a shell: one source of truth for
// what the tool does. false when the tool has no such entry, or an
// argument the command needs is missing or not a string (list): the call
// is then judged by its own rows alone.
func catalogRuns(server, tool string, args map[string]any, cwd string) (line, dir string, ok bool) {
	c, err := catalog.Load()
	if err != nil {
		return "", "", false
	}
	ms := c.Lookup(server, tool)
	if len(ms) != 1 || len(ms[0].Tool.Runs) == 0 {
		return "", "", false // none, or two servers of one name: not known which runs
	}
	t := ms[0].Tool
	if !onlyRunsArguments(t, args) {
		return "", "", false
	}
	var words []string
	for _, w := range t.Runs {
		arg, optional, list := catalog.RunsWord(w)
		if arg == "" {
			words = append(words, w) // a plain word (catalog Check)
			continue
		}
		v, present := args[arg]
		switch {
		case !present && optional:
			continue
		case !present:
			return "", "", false
		case list:
			items, ok := v.([]any)
			if !ok || len(items) == 0 {
				return "", "", false
			}
			for _, it := range items {
				s, ok := it.(string)
				if !ok {
					return "", "", false
				}
				words = append(words, quoteWord(s))
			}
		default:
			s, ok := v.(string)
			if !ok {
				return "", "", false
			}
			words = append(words, quoteWord(s))
		}
	}
	dir = cwd
	if t.RunsIn != "" {
		d, ok := args[t.RunsIn].(string)
		if !ok || strings.TrimSpace(d) == "" {
			return "", "", false
		}
		switch {
		case path.IsAbs(d):
			dir = d
		case strings.HasPrefix(d, "~") || cwd == "":
			dir = "" // Python's Path does not expand ~: a directory not known here
		default:
			dir = path.Join(cwd, d)
		}
	}
	return strings.Join(words, " "), dir, true
}

// onlyRunsArguments reports whether every argument of the call is one
// the catalog's command reads (a {ARG} word or RunsIn). Another server
// that clients also call "git" may take more (git_reset {"mode": "hard"}):
// such a call is not the catalog's tool, and is not spelled as it.
func onlyRunsArguments(t *catalog.Tool, args map[string]any) bool {
	known := map[string]bool{t.RunsIn: true}
	for _, w := range t.Runs {
		if arg, _, _ := catalog.RunsWord(w); arg != "" {
			known[arg] = true
		}
	}
	for k := range args {
		if !known[k] {
			return false
		}
	}
	return true
}

// quoteWord quotes an argument's value for the shell parser unless it is
// a plain word (git branch names, paths), so that the command reads as
// typed: git checkout main --.
func quoteWord(s string) string {
	if s != "" && catalog.PlainWord(s) {
		return s
	}
	return shellQuote(s)
}
