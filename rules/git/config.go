package git

import (
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// hooksPathReason says why pointing git at another hooks directory needs
// review: the hooks there are programs git runs on its own.
const hooksPathReason = "points git's hooks at another directory (core.hooksPath): the programs there run on every later commit, checkout or push, " +
	"in place of the repository's own hooks, and the input does not show them"

// hooksPathOption holds when git's global options set core.hooksPath for
// this command: git -c core.hooksPath=DIR commit runs DIR's hooks.
func hooksPathOption() rules.Cond {
	return rules.Func("git -c core.hooksPath=DIR", func(f rules.Facts) rules.Result {
		args := f.M.Command.Args
		end := len(args)
		if i, ok := subcommand(args); ok {
			end = i
		}
		for i := 0; i < end; i++ {
			v := args[i].Value
			var kv string
			switch {
			case (v == "-c" || v == "--config-env") && i+1 < end:
				kv = args[i+1].Value
				i++
			case strings.HasPrefix(v, "--config-env="):
				kv = strings.TrimPrefix(v, "--config-env=")
			case strings.HasPrefix(v, "-c") && !strings.HasPrefix(v, "--"):
				kv = v[2:]
			default:
				continue
			}
			key, value, _ := strings.Cut(kv, "=")
			if strings.EqualFold(key, "core.hooksPath") {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "core.hooksPath", Value: value, Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// configReads are git config's options that read or remove settings
// rather than set one (and its modes that do, in git 2.46's form: git
// config get, unset, list).
var configReads = wordSet(`--get --get-all --get-regexp --get-urlmatch --get-color --get-colorbool --unset --unset-all -l --list
	--remove-section --rename-section -e --edit --show-origin --show-scope --name-only get unset list remove-section rename-section edit`)

// configValueOptions are git config's options that take the next argument.
var configValueOptions = wordSet(`-f --file --blob --type --default --comment --value`)

// configSets holds when git config sets key (lower case): git config KEY
// VALUE, git config --add KEY VALUE, git config set KEY VALUE. A key known
// only at run time cannot be ruled out.
func configSets(key string) rules.Cond {
	return rules.Func("git config sets "+key, func(f rules.Facts) rules.Result {
		var ops []model.Arg
		args := f.M.Command.Args
		for i := 0; i < len(args); i++ {
			v := args[i].Value
			switch {
			case configReads[v] && (strings.HasPrefix(v, "-") || len(ops) == 0):
				return rules.Result{Truth: rules.False}
			case configValueOptions[v]:
				i++
			case strings.HasPrefix(v, "-") && !args[i].Dynamic:
			default:
				ops = append(ops, args[i])
			}
		}
		if len(ops) > 0 && ops[0].Value == "set" {
			ops = ops[1:]
		}
		switch {
		case len(ops) < 2:
			return rules.Result{Truth: rules.False}
		case ops[0].Dynamic:
			return rules.Result{Truth: rules.Unknown, Missing: []string{"the key git config sets"}}
		case strings.ToLower(ops[0].Value) != key:
			return rules.Result{Truth: rules.False}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: ops[0].Value, Value: ops[1].Value, Present: true}}}
	})
}
