package git

import (
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// hooksPathReason says why pointing git at another hooks directory needs
// review: the hooks there are programs git runs on its own.
const hooksPathReason = "points git's hooks at another directory (core.hooksPath, or init.templateDir for new repositories): the programs there run on every later commit, checkout or push, " +
	"in place of the repository's own hooks, and the input does not show them"

// hooksKey: core.hooksPath, or init.templateDir, whose hooks are copied
// into every repository git init or clone makes.
func hooksKey(key, _ string) bool { return key == "core.hookspath" || key == "init.templatedir" }

// urlRewrite: url.BASE.insteadOf and pushInsteadOf send every later fetch
// or push of matching URLs to BASE.
func urlRewrite(key, _ string) bool {
	return strings.HasPrefix(key, "url.") && (strings.HasSuffix(key, ".insteadof") || strings.HasSuffix(key, ".pushinsteadof"))
}

// includeKey: include.path and includeIf.COND.path pull in a file's settings.
func includeKey(key, _ string) bool {
	return key == "include.path" || strings.HasPrefix(key, "includeif.") && strings.HasSuffix(key, ".path")
}

// tlsOff: http.sslVerify (or http.URL.sslVerify) false.
func tlsOff(key, value string) bool {
	return strings.HasPrefix(key, "http.") && strings.HasSuffix(key, ".sslverify") && (strings.EqualFold(value, "false") || value == "0" || strings.EqualFold(value, "no"))
}

// configOption holds when a configuration git is given for this command
// matches: git -c KEY=VALUE, --config-env KEY=ENV, and git clone's own
// -c/--config KEY=VALUE, which it writes into the new repository.
func configOption(match func(key, value string) bool) rules.Cond {
	return rules.Func("a configuration option", func(f rules.Facts) rules.Result {
		args := f.M.Command.Args
		end := len(args)
		sub, hasSub := subcommand(args)
		if hasSub {
			end = sub
		}
		pairs := configPairs(args[:end], "--config-env")
		if hasSub && strings.EqualFold(args[sub].Value, "clone") {
			pairs = append(pairs, configPairs(args[sub+1:], "--config")...)
		}
		for _, kv := range pairs {
			key, value, _ := strings.Cut(kv, "=")
			if match(strings.ToLower(key), value) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: key, Value: value, Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// configPairs returns the KEY=VALUE settings given in args by -c and by
// long: -c KV, -cKV, long KV and long=KV.
func configPairs(args []model.Arg, long string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case (v == "-c" || v == long) && i+1 < len(args):
			out = append(out, args[i+1].Value)
			i++
		case strings.HasPrefix(v, long+"="):
			out = append(out, strings.TrimPrefix(v, long+"="))
		case strings.HasPrefix(v, "-c") && !strings.HasPrefix(v, "--"):
			out = append(out, v[2:])
		}
	}
	return out
}

// configReads are git config's options that read or remove settings
// rather than set one (and its modes that do, in git 2.46's form: git
// config get, unset, list).
var configReads = wordSet(`--get --get-all --get-regexp --get-urlmatch --get-color --get-colorbool --unset --unset-all -l --list
	--remove-section --rename-section -e --edit --show-origin --show-scope --name-only get unset list remove-section rename-section edit`)

// configValueOptions are git config's options that take the next argument.
var configValueOptions = wordSet(`-f --file --blob --type --default --comment --value`)

// configSets holds when git config sets a key (lower case) that match
// accepts with its value: git config KEY VALUE, git config --add KEY
// VALUE, git config set KEY VALUE. A key known only at run time cannot be
// ruled out.
func configSets(desc string, match func(key, value string) bool) rules.Cond {
	return rules.Func("git config sets "+desc, func(f rules.Facts) rules.Result {
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
		case !match(strings.ToLower(ops[0].Value), ops[1].Value):
			return rules.Result{Truth: rules.False}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: ops[0].Value, Value: ops[1].Value, Present: true}}}
	})
}

// configRows are the rows for settings that change what git runs or whom
// it talks to: hooks, URL rewrites, included files, TLS checks. Given
// with -c for one command they share one row, read for every git command;
// set with git config each has its own, read only for git config.
func configRows() []rules.Rule {
	anyRisky := func(key, value string) bool {
		return hooksKey(key, value) || urlRewrite(key, value) || includeKey(key, value) || tlsOff(key, value)
	}
	return []rules.Rule{
		row("git.config-option", configOption(anyRisky), model.TierNeedsReview,
			"gives this command a setting that changes what git runs or where it connects: another hooks directory (core.hooksPath, init.templateDir), "+
				"a URL rewrite (url.*.insteadOf), an included file of settings (include.path) or TLS checks off (http.sslVerify false); what comes of it is not in the input"),
		row("git.config.hooks-path", sub("config", configSets("core.hooksPath or init.templateDir", hooksKey)), model.TierNeedsReview, hooksPathReason),
		row("git.config.url-rewrite", sub("config", configSets("url.*.insteadOf", urlRewrite)), model.TierNeedsReview,
			"rewrites repository URLs (url.BASE.insteadOf): every later fetch and push of matching repositories goes to BASE, which can serve other code and receives what is pushed"),
		row("git.config.include", sub("config", configSets("include.path", includeKey)), model.TierNeedsReview,
			"includes the settings of another file (include.path), which the input does not show: hooks, aliases and commands git runs can come with them"),
		row("git.config.tls-off", sub("config", configSets("http.sslVerify false", tlsOff)), model.TierNeedsReview,
			"turns off TLS certificate checks (http.sslVerify false): anyone between git and the server can read and change what is fetched and pushed"),
	}
}
