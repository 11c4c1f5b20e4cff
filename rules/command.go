package rules

import (
	"fmt"
	"iter"
	"slices"
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/model"
)

// Execute is the action set of shell command rows.
var Execute = []model.Action{model.ActionExecute}

// valueFlags lists, per program, the flags that take the next argument as
// their value, so that the value is not read as an operand or subcommand
// (kubectl -n prod delete pod x).
var valueFlags = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"git": {"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--super-prefix", "--config-env", "--attr-source", "--list-cmds"},
		"kubectl": {"-n", "--namespace", "-l", "--selector", "-f", "--filename", "-o", "--output", "--context", "-c", "--container", "--kubeconfig", "--cluster", "--user", "-s", "--server", "--grace-period", "--timeout", "--field-selector",
			// the other global options that take a value (kubectl options)
			"--as", "--as-group", "--as-uid", "--cache-dir", "--certificate-authority", "--client-certificate", "--client-key", "--log-file",
			"--password", "--profile", "--profile-output", "--request-timeout", "--tls-server-name", "--token", "--username", "-v", "--v", "--vmodule"},
		"helm": {"-n", "--namespace", "--kube-context", "--kubeconfig", "-f", "--values", "--timeout",
			"--burst-limit", "--kube-apiserver", "--kube-as-group", "--kube-as-user", "--kube-ca-file", "--kube-tls-server-name", "--kube-token",
			"--qps", "--registry-config", "--repository-cache", "--repository-config"},
		"docker": {"-H", "--host", "-c", "--context", "--config", "--filter", "--format", "-l", "--log-level", "--tlscacert", "--tlscert", "--tlskey"},
		"podman": {"--url", "--connection", "-c", "--filter", "--format", "--identity", "--log-level", "--root", "--runroot", "--storage-driver",
			"--cgroup-manager", "--conmon", "--events-backend", "--network-cmd-path", "--runtime", "--tmpdir", "--volumepath", "--module"},
		"terraform": {"-chdir", "-var", "-var-file", "-target", "-state", "-lock-timeout"},
		"ip":        {"-n", "-netns", "-b", "-batch", "-rc", "-rcvbuf", "-l", "-loops", "-f", "-family"},
		"tofu":      {"-chdir", "-var", "-var-file", "-target", "-state", "-lock-timeout"},
		"terragrunt": {"-chdir", "-var", "-var-file", "-target", "-state", "-lock-timeout", "--terragrunt-working-dir", "--terragrunt-config",
			"--working-dir", "--config", "--terragrunt-include-dir", "--terragrunt-exclude-dir", "--queue-include-dir", "--queue-exclude-dir"},
		"aws": {"--region", "--profile", "--output", "--query", "--endpoint-url", "--bucket", "--key", "--db-instance-identifier",
			"--color", "--ca-bundle", "--cli-read-timeout", "--cli-connect-timeout", "--cli-binary-format"},
		"gcloud": {"--project", "--region", "--zone", "--format", "--account", "--configuration",
			"--billing-project", "--flags-file", "--flatten", "--impersonate-service-account", "--trace-token", "--verbosity", "--access-token-file"},
		"gsutil":    {"-o", "-h", "-u", "-p"},
		"setfacl":   {"-m", "--modify", "-M", "--modify-file", "-x", "--remove", "-X", "--remove-file", "--set", "--set-file"},
		"az":        {"-g", "--resource-group", "-n", "--name", "--subscription", "-o", "--output", "--query"},
		"psql":      {"-h", "--host", "-p", "--port", "-U", "--username", "-d", "--dbname", "-c", "--command", "-f", "--file", "-o", "--output", "-v", "--set"},
		"mysql":     {"-h", "--host", "-P", "--port", "-u", "--user", "-e", "--execute", "-D", "--database"},
		"redis-cli": {"-h", "-p", "-a", "-n", "-u", "--user", "--pass"},
		// -MFile::Path=remove_tree: the rest of the cluster is a module, not
		// flags (its i is not -i).
		"perl": {"-e", "-E", "-M", "-m", "-I"},
		// -rfileutils: ruby's -r, -I, -C, -E, -F, -K and -W take the rest of
		// the cluster as their value (a library, a directory, an encoding),
		// so its i is not -i (ruby --help).
		"ruby":  {"-e", "-r", "-I", "-C", "-E", "-F", "-K", "-W"},
		"chmod": {"--reference"},
		// truncate -s 10M FILE: the size is no file.
		"truncate": {"-s", "--size", "-r", "--reference"},
		"chown":    {"--reference", "--from"},
		"dd":       {},
		"find":     {"-name", "-iname", "-path", "-ipath", "-type", "-maxdepth", "-mindepth", "-mtime", "-size", "-user", "-group", "-newer", "-perm", "-regex", "-printf", "-fprint"},
		"npm": {"--prefix", "-w", "--workspace", "--registry", "--cache", "--userconfig", "--globalconfig", "--loglevel", "--tag",
			"--access", "--otp", "--scope", "--before", "--omit", "--include", "--location", "--script-shell"},
		"etcdctl": {"--endpoints", "--cacert", "--cert", "--key", "--user", "-w", "--write-out", "--command-timeout"},
		"doctl":   {"-t", "--access-token", "--context", "-o", "--output", "--format", "-c", "--config"},
		"snapper": {"-c", "--config", "-r", "--root"},
		"migrate": {"-path", "-database", "-source", "-lock-timeout", "-prefetch"},
		"nmcli":   {"-f", "--fields", "-g", "--get-values", "-w", "--wait", "-e", "--escape", "-c", "--colors", "-m", "--mode"},
		"curl": {"-X", "--request", "-H", "--header", "-o", "--output", "-u", "--user", "-A", "--user-agent", "-e", "--referer",
			"-b", "--cookie", "-c", "--cookie-jar", "-x", "--proxy", "-m", "--max-time", "-w", "--write-out", "-K", "--config",
			"-d", "--data", "--data-raw", "--data-binary", "--data-urlencode", "--data-ascii", "--json", "-F", "--form", "--form-string", "-T", "--upload-file"},
		"wget": {"-O", "--output-document", "-o", "--output-file", "-P", "--directory-prefix", "-U", "--user-agent", "--header",
			"--post-data", "--post-file", "--body-data", "--body-file", "--method"},
		// git subcommands, as rules/git's subcommand view names them.
		"git checkout": {"-b", "-B", "--orphan", "--conflict", "--inter-hunk-context", "-U", "--unified", "--pathspec-from-file"},
		"git switch":   {"-c", "-C", "--create", "--force-create", "--orphan", "--conflict"},
		"git restore":  {"-s", "--source", "--pathspec-from-file", "--conflict", "-U", "--unified", "--inter-hunk-context"},
		"git push":     {"-o", "--push-option", "--repo", "--receive-pack", "--exec"},
		"git branch":   {"-u", "--set-upstream-to", "--contains", "--no-contains", "--merged", "--no-merged", "--points-at", "--format", "--sort"},
		"git reset":    {"--pathspec-from-file"},
		"git clean":    {"-e", "--exclude"},
		"git stash":    {"-m", "--message", "--pathspec-from-file"},
		"git commit":   {"-m", "--message", "-F", "--file", "-C", "-c", "--author", "--date", "--fixup", "--squash", "-t", "--template", "--trailer"},
		"git worktree": {"-b", "-B", "--reason"},
		"git reflog":   {"--expire", "--expire-unreachable"},
		"go":           {"-C", "-o", "-run", "-bench", "-tags", "-ldflags"},
		"scp":          {"-P", "-i", "-o", "-F", "-c", "-l", "-S", "-J", "-D", "-X"},
	}
})

// abbreviatingPrograms parse long options with git's parse-options or GNU
// getopt_long, which accept any unambiguous prefix of a long option:
// `git reset --ha` is `git reset --hard`, `git clean --forc` deletes.
var abbreviatingPrograms = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"git": true, "rm": true, "rmdir": true, "shred": true, "truncate": true,
		"cp": true, "mv": true, "chmod": true, "chown": true, "chgrp": true, "wipefs": true, "userdel": true,
		"iptables": true, "ip6tables": true, "systemctl": true}
})

// abbreviates reports whether program (or, for a subcommand view such as
// "git reset", its program) accepts abbreviated long options.
func abbreviates(program string) bool {
	name, _, _ := strings.Cut(program, " ")
	return abbreviatingPrograms()[name]
}

// abbreviation reports whether given is an abbreviation of one of the long
// names: a proper prefix that stops inside a word of it (--ha for hard,
// --force-w for force-with-lease). A prefix that stops at a hyphen is
// usually an option in its own right (--force beside --force-with-lease),
// and an exact option wins over an abbreviation. The parser would reject a
// prefix that is ambiguous among its own options, which are not all known
// here; reading it as the dangerous one errs toward caution on a command
// that would fail anyway.
func abbreviation(given string, names []string) bool {
	if given == "" {
		return false
	}
	for _, n := range names {
		if len(n) > 1 && len(given) < len(n) && strings.HasPrefix(n, given) && n[len(given)] != '-' {
			return true
		}
	}
	return false
}

// Operands returns a command's operands: its arguments that are not flags
// nor flag values. After "--" every argument is an operand.
func Operands(c *model.Command) []model.Arg { return appendOperands(nil, c) }

// appendOperands appends c's operands to out.
func appendOperands(out []model.Arg, c *model.Command) []model.Arg {
	var vf []string // looked up at the first flag: most commands have none
	looked := false
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case a.Value == "--" && !a.Dynamic:
			return append(out, c.Args[i+1:]...)
		case strings.HasPrefix(a.Value, "-") && len(a.Value) > 1 && !a.Dynamic:
			if !looked {
				vf, looked = valueFlags()[c.Program], true
			}
			if !strings.Contains(a.Value, "=") && slices.Contains(vf, a.Value) {
				i++
			}
		default:
			out = append(out, a)
		}
	}
	return out
}

// takesValue reports whether the short flag -b is one of vf.
func takesValue(vf []string, b byte) bool {
	for _, f := range vf {
		if len(f) == 2 && f[1] == b {
			return true
		}
	}
	return false
}

// HasFlag reports whether the command was given one of names: single
// letters match short flags, alone or in a cluster (-rf); longer names
// match --name and --name=value, and, for programs whose option parser
// accepts them, abbreviations (git reset --ha). Flags after "--" do not
// count.
func HasFlag(c *model.Command, names ...string) bool {
	var fl flagSet
	fl.read(c)
	return fl.has(names)
}

// flagSet is the flags a command was given, read once: a judgement asks
// for the same ones again and again (rm's rows ask for -r and -f six
// times each).
type flagSet struct {
	short       [4]uint64 // bit b: the letter b alone or in a cluster
	long        []string  // --name, without =value
	words       []string  // -name: single-dash long flags (find -delete, -auto-approve)
	abbreviates bool
	buf         [4]string // backs long and words for the usual few flags
}

func (fl *flagSet) read(c *model.Command) {
	*fl = flagSet{}
	fl.long, fl.words = fl.buf[:0:2], fl.buf[2:2:4]
	fl.readArgs(c)
	fl.abbreviates = len(fl.long) > 0 && abbreviates(c.Program) // only long flags abbreviate
}

// readArgs records c's flags, up to "--".
func (fl *flagSet) readArgs(c *model.Command) {
	var vf []string // looked up at the first short flag: most commands have none
	looked := false
	for i := 0; i < len(c.Args); i++ {
		v := c.Args[i].Value
		if v == "--" {
			return
		}
		if !strings.HasPrefix(v, "-") || len(v) < 2 || c.Args[i].Dynamic {
			continue
		}
		if strings.HasPrefix(v, "--") {
			name, _, _ := strings.Cut(v[2:], "=")
			fl.long = append(fl.long, name)
			continue
		}
		if word, _, _ := strings.Cut(v[1:], "="); len(word) > 1 {
			fl.words = append(fl.words, word)
		}
		if !looked {
			vf, looked = valueFlags()[c.Program], true
		}
		for j := 1; j < len(v); j++ {
			fl.short[v[j]/64] |= 1 << (v[j] % 64)
			if takesValue(vf, v[j]) { // the rest of the cluster is that flag's value
				break
			}
		}
		if slices.Contains(vf, v) {
			i++
		}
	}
}

func (fl *flagSet) has(names []string) bool {
	for _, n := range names {
		if len(n) == 1 && fl.short[n[0]/64]&(1<<(n[0]%64)) != 0 || slices.Contains(fl.long, n) || len(n) > 1 && slices.Contains(fl.words, n) {
			return true
		}
	}
	if fl.abbreviates {
		for _, l := range fl.long {
			if abbreviation(l, names) {
				return true
			}
		}
	}
	return false
}

// FlagValue returns the value of a long or short flag (--replicas=0,
// --replicas 0, -n5) and whether the flag is present: its first, when it
// is given more than once.
func FlagValue(c *model.Command, names ...string) (string, bool) {
	for v := range flagValues(c, names) {
		return v.Value, true
	}
	return "", false
}

// FlagValues returns the values of every occurrence of the flags names
// (curl -F a=@x -F b=@y), as FlagValue reads one.
func FlagValues(c *model.Command, names ...string) []model.Arg {
	var out []model.Arg
	for v := range flagValues(c, names) {
		out = append(out, v)
	}
	return out
}

// flagValues yields the value of each occurrence of the flags names, up
// to "--": what follows it are operands.
func flagValues(c *model.Command, names []string) iter.Seq[model.Arg] {
	return func(yield func(model.Arg) bool) {
		for i, a := range c.Args {
			v := a.Value
			if v == "--" {
				return
			}
			for _, n := range names {
				prefix := "--" + n
				if len(n) == 1 {
					prefix = "-" + n
				}
				var got model.Arg
				switch {
				case v == prefix && i+1 < len(c.Args):
					got = c.Args[i+1]
				case strings.HasPrefix(v, prefix+"="):
					got = model.Arg{Value: v[len(prefix)+1:], Dynamic: a.Dynamic}
				case len(n) == 1 && strings.HasPrefix(v, prefix) && len(v) > 2:
					got = model.Arg{Value: v[2:], Dynamic: a.Dynamic}
				default:
					continue
				}
				if !yield(got) {
					return
				}
			}
		}
	}
}

// FlagEquals holds when the flag's value (--name=v, --name v, -nV) is one
// of values.
func FlagEquals(name string, values ...string) Cond {
	return Func("--"+name+"="+strings.Join(values, "|"), func(f Facts) Result {
		if v, ok := FlagValue(f.M.Command, name); ok && slices.Contains(values, v) {
			return Result{Truth: True, Evidence: []model.Evidence{{Key: name, Value: v, Present: true}}}
		}
		return Result{Truth: False}
	})
}

// Sub holds when the command's first operands are words (git reset,
// kubectl delete namespace). A word "*" matches any operand.
func Sub(words ...string) Cond {
	return &subCond{words: words, funcCond: funcCond{desc: "subcommand " + strings.Join(words, " "), eval: func(f Facts) Result {
		r := subcommandOf(f.Operands(), words)
		if r.Truth != False {
			return r
		}
		// An option Recourse does not know may have taken the next word
		// as its value (gh -R owner/repo repo delete, mysqladmin -u root
		// drop shop, pulumi -C infra destroy): the subcommand is also
		// looked for past such values.
		return subcommandPastValues(f.M.Command, words)
	}}}
}

// subCond is Sub's condition: it can only hold when its first word is
// one of the command's arguments, which lets the engine pass over it
// without evaluating it (see Needs).
type subCond struct {
	funcCond
	words []string
}

func (c *subCond) needs() []string {
	if c.words[0] == "*" {
		return nil
	}
	return c.words[:1]
}

// Readings calls test with the command's operands and, when options
// Recourse does not know stand before the first of them, with the operands
// past each word such an option may have taken as its value: kubectl --foo
// bar delete ns prod is also read as delete ns prod. It returns the first
// result that holds; else Unknown, if a reading was; else what the
// operands as read gave. Conditions on the words at the front of a
// command (its subcommand, service and operation) read them this way, so
// that an option they do not know cannot hide them.
func (f Facts) Readings(test func(ops []model.Arg) Result) Result {
	ops := f.Operands()
	r := test(ops)
	if r.Truth == True {
		return r
	}
	n := min(leadingValues(f.M.Command), len(ops))
	for s := 1; s <= n; s++ {
		alt := test(ops[s:])
		if alt.Truth == True {
			return alt
		}
		if alt.Truth == Unknown && r.Truth != Unknown {
			r = alt
		}
	}
	return r
}

// leadingValues counts the operands at the front of c that an option
// before each, which Recourse does not know to take a value, may have
// taken as its value.
func leadingValues(c *model.Command) int {
	vf := valueFlags()[c.Program]
	n := 0
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case a.Value == "--" && !a.Dynamic:
			return n
		case strings.HasPrefix(a.Value, "-") && len(a.Value) > 1 && !a.Dynamic:
			if !strings.Contains(a.Value, "=") && slices.Contains(vf, a.Value) {
				i++
			}
		case i > 0 && takesAValue(c.Args[i-1]):
			n++
		default:
			return n
		}
	}
	return n
}

// subcommandOf holds when the first operands are words ("*" matches any).
func subcommandOf(ops []model.Arg, words []string) Result {
	if len(ops) < len(words) {
		return Result{Truth: False}
	}
	for i, w := range words {
		if ops[i].Dynamic {
			return Result{Truth: Unknown, Missing: []string{"operand " + ops[i].Value}}
		}
		if w != "*" && !strings.EqualFold(ops[i].Value, w) {
			return Result{Truth: False}
		}
	}
	return Result{Truth: True, Evidence: subcommandEvidence(ops[:len(words)])}
}

func subcommandEvidence(words []model.Arg) []model.Evidence {
	return []model.Evidence{{Key: "subcommand", Value: strings.Join(values(words), " "), Present: true}}
}

// subcommandPastValues holds when some reading of c's arguments, in which
// an option without "=" that is not one of the program's known value
// options may take the word after it as its value, makes words the first
// operands: each word before and between them must be such a value
// (mysqladmin -h db -u root -f drop shop, whichever of -h, -u and -f take
// values). A known value option always takes it.
func subcommandPastValues(c *model.Command, words []string) Result {
	args := c.Args
	if !slices.ContainsFunc(args, takesAValue) {
		return Result{Truth: False} // no option could have taken a word: as read
	}
	vf := valueFlags()[c.Program]
	var at [4]int // where the words are, for the evidence
	matched := at[:0]
	for i := 0; i < len(args) && len(matched) < len(words); i++ {
		a := args[i]
		switch {
		case a.Value == "--" && !a.Dynamic:
			ops := make([]model.Arg, 0, len(matched)+len(args)-i-1)
			for _, j := range matched {
				ops = append(ops, args[j])
			}
			return subcommandOf(append(ops, args[i+1:]...), words)
		case strings.HasPrefix(a.Value, "-") && len(a.Value) > 1 && !a.Dynamic:
			if !strings.Contains(a.Value, "=") && slices.Contains(vf, a.Value) {
				i++
			}
		case a.Dynamic:
			return Result{Truth: Unknown, Missing: []string{"operand " + a.Value}}
		case words[len(matched)] == "*" || strings.EqualFold(a.Value, words[len(matched)]):
			matched = append(matched, i)
		case i > 0 && takesAValue(args[i-1]):
			// the previous option's value
		default:
			return Result{Truth: False}
		}
	}
	if len(matched) < len(words) {
		return Result{Truth: False}
	}
	found := make([]model.Arg, len(matched))
	for k, j := range matched {
		found[k] = args[j]
	}
	return Result{Truth: True, Evidence: subcommandEvidence(found)}
}

// takesAValue reports whether a may be an option that takes the next
// word as its value: it is an option, with no "=VALUE" of its own.
func takesAValue(a model.Arg) bool {
	return !a.Dynamic && len(a.Value) > 1 && strings.HasPrefix(a.Value, "-") && !strings.Contains(a.Value, "=")
}

// Flag holds when the command has one of the flags (see HasFlag).
func Flag(names ...string) Cond {
	// Evidence is never modified once made, so every verdict can share this.
	evidence := []model.Evidence{{Key: "flag", Value: names[0], Present: true}}
	return Func("flag "+strings.Join(names, "|"), func(f Facts) Result {
		if f.flags().has(names) {
			return Result{Truth: True, Evidence: evidence}
		}
		return Result{Truth: False}
	})
}

// Operand holds when some operand after the first skip ones (the
// subcommand words) matches pred.
func Operand(skip int, desc string, pred func(model.Arg, *model.Command) bool) Cond {
	return operandWhere(skip, desc, func(f Facts, a model.Arg) bool { return pred(a, f.M.Command) })
}

// operandWhere is Operand with the facts at hand, for predicates that use
// the judgement's memo.
func operandWhere(skip int, desc string, pred func(Facts, model.Arg) bool) Cond {
	return Func("operand "+desc, func(f Facts) Result {
		ops := f.Operands()
		if len(ops) < skip {
			return Result{Truth: False}
		}
		for _, o := range ops[skip:] {
			if pred(f, o) {
				return Result{Truth: True, Evidence: operandEvidence(f, o, desc)}
			}
		}
		return Result{Truth: False}
	})
}

// operandEvidence is the evidence of an operand that decided a row, and,
// for a relative one that the working directory makes a system, home or
// device path (cd /etc && rm -f passwd), the path it is there.
func operandEvidence(f Facts, o model.Arg, desc string) []model.Evidence {
	ev := model.Evidence{Key: "operand", Value: o.Value, Present: true, Description: desc}
	if class := f.pathClass(o); class.Critical() || class == PathUser {
		if in := Resolve(o, f.M.Command); in != o.Value {
			return []model.Evidence{ev, {Key: "in", Value: in, Present: true, Description: "the operand, from the working directory"}}
		}
	}
	return []model.Evidence{ev}
}

// FlagWhere holds when the value of one of the options names (tar -C
// DIR, --directory=DIR) satisfies pred, which also gives the evidence's
// description; the evidence records the value under key.
func FlagWhere(names []string, desc, key string, pred func(f Facts, v string) (string, bool)) Cond {
	return Func("--"+strings.Join(names, "|")+" "+desc, func(f Facts) Result {
		v, ok := FlagValue(f.M.Command, names...)
		if !ok {
			return Result{Truth: False}
		}
		note, ok := pred(f, v)
		if !ok {
			return Result{Truth: False}
		}
		return Result{Truth: True, Evidence: []model.Evidence{{Key: key, Value: v, Present: true, Description: note}}}
	})
}

// EveryOperand holds when the command has operands after skip and every
// one of them matches pred (rm .git/index.lock, and nothing else).
func EveryOperand(skip int, desc string, pred func(model.Arg) bool) Cond {
	return Func("every operand "+desc, func(f Facts) Result {
		ops := f.Operands()
		if len(ops) <= skip {
			return Result{Truth: False}
		}
		for _, o := range ops[skip:] {
			if !pred(o) {
				return Result{Truth: False}
			}
		}
		return Result{Truth: True, Evidence: []model.Evidence{{Key: "operand", Value: ops[skip].Value, Present: true, Description: desc}}}
	})
}

// NoOperands holds when the command has no operands beyond skip.
func NoOperands(skip int) Cond {
	return Func(fmt.Sprintf("no operands after %d", skip), func(f Facts) Result {
		if len(f.Operands()) <= skip && !f.M.Command.MoreOperands {
			return Result{Truth: True}
		}
		return Result{Truth: False}
	})
}

// MoreOperands holds when the command gets operands at run time that the
// input does not show (xargs, find -exec, parallel reading stdin).
func MoreOperands() Cond {
	return Func("operands arrive at run time", func(f Facts) Result {
		c := f.M.Command
		if c.MoreOperands {
			return Result{Truth: True, Evidence: []model.Evidence{{Key: "operands from", Value: c.MoreFrom, Present: true}}}
		}
		return Result{Truth: False}
	})
}

func values(args []model.Arg) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a.Value
	}
	return out
}
