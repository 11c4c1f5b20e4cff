package filesystem

import (
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// A recursive chmod, chown or chgrp whose target is a variable or a
// command substitution (chown -R nobody "$DIR", chmod -R 777 $(pwd))
// changes a tree only known at run time: the same line resets the modes
// of a build directory or of /etc. Which one is the deciding fact, so the
// row that would block it leaves it undecided (needs review, with the
// target as missing evidence) unless the substitution itself shows where
// it points: $(dirname /etc/passwd) and $(ls -d /var/lib/*) print paths
// under the system directories they name.

// pathPrinters print paths made from their operands, not other data:
// what they print lies where their operands do.
var pathPrinters = map[string]bool{"dirname": true, "realpath": true, "readlink": true, "ls": true, "echo": true,
	"printf": true, "find": true}

// recursiveOwnerRow is the row of a recursive chmod, chown or chgrp on
// a target only known at run time; what is "changes permissions",
// "changes owners" or "changes groups".
func recursiveOwnerRow(program, what string) rules.Rule {
	return row("fs."+program+".recursive-run-time-target", program, rules.All(recursive, runTimeTarget()), model.TierUnrecoverable,
		"recursively "+what+" on a tree a command substitution prints from system or home paths (chmod -R 000 $(dirname /etc/passwd)); the previous values are not recorded anywhere")
}

// runTimeTarget holds when a target operand of chmod, chown or chgrp
// (past the mode, owner or group, unless --reference names it) is a
// command substitution that prints only root, system or home paths, and
// is unknown when a target is only known at run time otherwise.
func runTimeTarget() rules.Cond {
	return rules.Func("a target only known at run time", func(f rules.Facts) rules.Result {
		c := f.M.Command
		ops := f.Operands()
		if !rules.HasFlag(c, "reference") && len(ops) > 0 {
			ops = ops[1:]
		}
		var unknown []string
		for _, o := range ops {
			if !o.Dynamic || rules.ClassifyPath(o, c) != rules.PathDynamic {
				continue
			}
			if printed, ok := substitutedCritical(c, o); ok {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{
					{Key: "operand", Value: o.Value, Present: true, Description: "a target a command substitution prints"},
					{Key: "substituted from", Value: printed, Present: true, Description: "prints root, system or home paths"}}}
			}
			unknown = append(unknown, "target "+o.Value+": the tree it names is only known at run time")
		}
		if len(unknown) == 0 {
			return rules.Result{Truth: rules.False}
		}
		return rules.Result{Truth: rules.Unknown, Missing: unknown}
	})
}

// substitutedCritical returns the command of the substitution that is a
// (the whole operand, or its first part: $(...)/sub) when that command
// prints paths (pathPrinters) and every path it is given is a root,
// system or home path.
func substitutedCritical(c *model.Command, a model.Arg) (string, bool) {
	if c.Sources == nil || !strings.HasPrefix(a.Value, "$(...)") {
		return "", false
	}
	for _, sub := range c.Sources.Substituted {
		if sub.In != a.Value || len(sub.Commands) != 1 || len(sub.Commands[0]) < 2 {
			continue
		}
		words := sub.Commands[0]
		if !pathPrinters[words[0].Value] {
			return "", false
		}
		seen := false
		for _, w := range words[1:] {
			if strings.HasPrefix(w.Value, "-") && !w.Dynamic {
				continue
			}
			if w.Dynamic || !strings.HasPrefix(w.Value, "/") && !strings.HasPrefix(w.Value, "~") ||
				!rules.ClassifyPath(w, c).Critical() {
				return "", false
			}
			seen = true
		}
		if seen {
			return joinWords(words), true
		}
	}
	return "", false
}

func joinWords(words []model.Arg) string {
	s := make([]string, len(words))
	for i, w := range words {
		s[i] = w.Value
	}
	return strings.Join(s, " ")
}
