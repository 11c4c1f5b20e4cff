package evaluator

import (
	"strings"

	"github.com/recourse-dev/recourse/internal/pathres"
	"github.com/recourse-dev/recourse/model"
)

// exceptionFor returns the first configured exception that covers m,
// judged v, or nil. An exception covers a change when its rule glob
// matches the verdict's rule and its match matches the change itself,
// never the line or plan around it:
//   - a shell command, word for word: the same number of words, each
//     matching its glob, the program by its name; a word the input leaves
//     to run time (a variable) matches nothing, so "rm -rf ./data" covers
//     neither "rm -rf ./data ~" nor "rm -rf $DIR";
//     and a relative word (./data, data, *) names a path read from the
//     command's working directory, so a pattern with one holds only where
//     the command runs in the directory the exception was written for (the
//     project file's, or start, where the evaluation starts, for the
//     user's and the managed file's), as the one path resolver reads both:
//     "rm -rf ./data" covers neither "cd / && rm -rf ./data" nor the same
//     command run from another directory;
//   - anything else (a plan address, an MCP server.tool, a SQL statement)
//     by its target id.
func exceptionFor(exs []model.Exception, m *model.Mutation, v model.Recoverability, start string) *model.Exception {
	if m.Source == model.SourceConfig {
		// An unreviewed exception is reviewed by a person, never excepted.
		return nil
	}
	for i := range exs {
		x := &exs[i]
		if !glob(x.Rule, v.RuleID) || x.MaxTier != 0 && v.Tier.Severity() > x.MaxTier.Severity() {
			continue
		}
		if x.Exact {
			if m.Command == nil && (x.Match == m.Target.ID || x.Match == m.Address) {
				return x
			}
			continue
		}
		if c := m.Command; c != nil {
			if commandMatches(x.Match, c) && sameDir(x, c, start) {
				return x
			}
			continue
		}
		if glob(x.Match, m.Target.ID) || m.Address != "" && glob(x.Match, m.Address) {
			return x
		}
	}
	return nil
}

// commandMatches matches a command word for word against pattern's words.
func commandMatches(pattern string, c *model.Command) bool {
	words := strings.Fields(pattern)
	if len(words) != len(c.Args)+1 || !glob(words[0], c.Program) {
		return false
	}
	for i, a := range c.Args {
		if a.Dynamic || !glob(words[i+1], a.Value) {
			return false
		}
	}
	return true
}

// sameDir reports whether c runs in the directory x's relative words are
// read from, when it has any: both resolved (pathres.Join), or both
// unknown.
func sameDir(x *model.Exception, c *model.Command, start string) bool {
	relative := false
	for _, w := range strings.Fields(x.Match)[1:] {
		if !strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "/") && !strings.HasPrefix(w, "~") && !strings.HasPrefix(w, "$") {
			relative = true
			break
		}
	}
	if !relative {
		return true
	}
	if start == "" && c.Cwd == "" {
		// Neither given nor changed by the line (eval without --cwd): the
		// command runs where the evaluation started, from which its
		// configuration was found. (A cd to a dynamic target is unknown
		// too, and is read the same way.)
		return true
	}
	anchor := x.Dir
	if anchor == "" {
		anchor = start
	}
	return pathres.Join("", anchor, "") == pathres.Join("", c.Cwd, "")
}

// glob matches s against pattern, whose * matches any run of characters
// and ? any one; everything else matches itself.
func glob(pattern, s string) bool {
	p, q := 0, 0
	star, mark := -1, 0
	for q < len(s) {
		switch {
		case p < len(pattern) && (pattern[p] == '?' || pattern[p] == s[q]):
			p++
			q++
		case p < len(pattern) && pattern[p] == '*':
			star, mark = p, q
			p++
		case star >= 0:
			p = star + 1
			mark++
			q = mark
		default:
			return false
		}
	}
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	return p == len(pattern)
}
