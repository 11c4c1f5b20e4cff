package redact

import (
	"path"
	"slices"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/recourse-dev/recourse/internal/shellword"
)

// Command-line shapes: a secret that is an operand or an option's value
// (sshpass -p SECRET, htpasswd -b FILE USER SECRET, aws configure set
// aws_secret_access_key SECRET) is found by reading the line as the shell
// does (mvdan.cc/sh, as evaluator/shell reads it): words, assignments,
// here-strings and pipes, not characters. Text the shell cannot parse (a
// reason quoting part of a line, an error message) is read as
// whitespace-separated fields with the same rules.

// commandTriggers are fragments one of which a line must hold for the
// command-line rules to be able to mask anything: a line with none is not
// parsed. Each is also one of Suspect's fragments.
var commandTriggers = []string{"sshpass", "redis", "login", "oauth2", "pass", "pwd", "openssl", "secret", "token", "key", "auth", "credential", "bearer", "<<<"}

// maxParse bounds the text read as a shell line; longer text is read as
// fields, which costs a pass over it.
const maxParse = 64 << 10

// word is one word of a command: its value when it is literal, its place
// in the text, and whether it is literal (no expansion: a variable is
// not a secret, and its value cannot be read).
type word struct {
	value      string
	start, end int
	literal    bool
}

// edit replaces text[start:end] with repl; secrets are the values it
// hides.
type edit struct {
	start, end int
	repl       string
	secrets    []string
}

// optionRule is one program's options whose value is a secret.
type optionRule struct {
	// programs are the base names the rule applies to; sub, when set,
	// is a word that must be among the operands (docker login).
	programs []string
	sub      string
	// options take the secret as their value: "-p VALUE", "-pVALUE" (one
	// letter), "--password VALUE", "--password=VALUE".
	options []string
	// prefix, when set, is what precedes the secret inside the value
	// (openssl's pass:SECRET); a value without it is not a secret
	// (env:VAR, file:PATH).
	prefix string
}

// optionRules are the programs whose secrets are options (an option whose
// own name says secret, --password or --api-key, is masked for every
// program by credentialOption).
var optionRules = []optionRule{
	{programs: []string{"sshpass"}, options: []string{"-p"}},
	{programs: []string{"redis-cli", "valkey-cli", "keydb-cli"}, options: []string{"-a", "--pass", "--askpass"}},
	{programs: []string{"docker", "podman", "buildah", "skopeo", "nerdctl", "helm", "oras", "crane", "regctl", "az", "cf", "finch"}, sub: "login", options: []string{"-p"}},
	{programs: []string{"curl"}, options: []string{"--oauth2-bearer", "--pass", "--proxy-pass"}},
	{programs: []string{"openssl"}, options: []string{"-pass", "-passin", "-passout", "-passwd"}, prefix: "pass:"},
	{programs: []string{"openssl"}, options: []string{"-k"}},
	{programs: []string{"mysql", "mysqldump", "mysqladmin", "mariadb", "mysqlimport", "mysqlshow", "mysqlcheck"}, options: []string{"--password"}},
	{programs: []string{"smbclient", "rpcclient", "net"}, options: []string{"--password"}},
}

// stdinSecret says whether a command reads a secret on its standard input
// (docker login --password-stdin, chpasswd): what a pipe or here-string
// feeds it is a secret.
func stdinSecret(prog string, args []word) bool {
	switch prog {
	case "chpasswd", "chgpasswd", "passwd", "htpasswd", "vault", "sshpass", "kinit", "cryptsetup", "ssh-add":
		return true
	}
	for _, a := range args {
		v := strings.ToLower(a.value)
		if strings.Contains(v, "stdin") && strings.Contains(v, "pass") || v == "-passin" || v == "--pass-stdin" {
			return true
		}
	}
	return false
}

// Command returns line with the secrets its commands carry masked: the
// values of secret options, htpasswd's password, aws configure's secret
// values, credential assignments, here-strings, and what is piped into a
// command that reads a password on stdin. It changes nothing else.
func Command(line string) string { return command(line, 0) }

// maxNesting bounds how deep command lines inside words are read.
const maxNesting = 4

func command(line string, depth int) string {
	return apply(line, commandEdits(line, depth))
}

// commandEdits are the masks of line's secrets.
func commandEdits(line string, depth int) []edit {
	if !hasTrigger(line) {
		return nil
	}
	if f, ok := parse(line); ok {
		return astEdits(line, f, depth)
	}
	var edits []edit
	for _, words := range fieldCommands(line) {
		edits = append(edits, argvEdits(words)...)
	}
	return edits
}

func hasTrigger(s string) bool {
	lower := strings.ToLower(s)
	return slices.ContainsFunc(commandTriggers, func(t string) bool { return strings.Contains(lower, t) })
}

// parse reads line as a bash line; false when it is too long or is not
// one.
func parse(line string) (f *syntax.File, ok bool) {
	if len(line) > maxParse {
		return nil, false
	}
	defer func() {
		if recover() != nil {
			f, ok = nil, false
		}
	}()
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(line), "")
	return f, err == nil
}

// astEdits are the masks of every command in f, nested ones included.
func astEdits(line string, f *syntax.File, depth int) []edit {
	var edits []edit
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CallExpr:
			for _, a := range n.Assigns {
				if a.Name != nil && a.Value != nil && credentialName(a.Name.Value) {
					edits = append(edits, maskWord(wordOf(line, a.Value)))
				}
			}
			words := make([]word, len(n.Args))
			for i, a := range n.Args {
				words[i] = wordOf(line, a)
			}
			edits = append(edits, argvEdits(words)...)
			if depth < maxNesting {
				edits = append(edits, nestedEdits(line, words, depth+1)...)
			}
		case *syntax.Redirect:
			if n.Op == syntax.WordHdoc && n.Word != nil {
				edits = append(edits, maskWord(wordOf(line, n.Word)))
			}
		case *syntax.BinaryCmd:
			if n.Op == syntax.Pipe || n.Op == syntax.PipeAll {
				edits = append(edits, pipedEdits(line, n)...)
			}
		}
		return true
	})
	return edits
}

// pipedEdits masks what echo or printf pipes into a command that reads a
// password on stdin: echo SECRET | docker login --password-stdin.
func pipedEdits(line string, n *syntax.BinaryCmd) []edit {
	left, lok := n.X.Cmd.(*syntax.CallExpr)
	right, rok := firstCall(n.Y)
	if !lok || !rok || len(left.Args) < 2 || len(right.Args) == 0 {
		return nil
	}
	lw := wordsOf(line, left.Args)
	prog, args, ok := programOf(wordsOf(line, right.Args))
	if p := program(lw[0].value); p != "echo" && p != "printf" || !ok || !stdinSecret(prog, args) {
		return nil
	}
	var edits []edit
	for _, w := range lw[1:] {
		if !strings.HasPrefix(w.value, "-") {
			edits = append(edits, maskWord(w))
		}
	}
	return edits
}

// firstCall is the first command of a pipeline's right side.
func firstCall(s *syntax.Stmt) (*syntax.CallExpr, bool) {
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		return c, true
	case *syntax.BinaryCmd:
		return firstCall(c.X)
	}
	return nil, false
}

func wordsOf(line string, ws []*syntax.Word) []word {
	out := make([]word, len(ws))
	for i, w := range ws {
		out[i] = wordOf(line, w)
	}
	return out
}

// wordOf is w as a word: its literal value when it has no expansion.
func wordOf(line string, w *syntax.Word) word {
	out := word{start: int(w.Pos().Offset()), end: int(w.End().Offset())}
	if out.end > len(line) || out.start > out.end {
		out.start, out.end = 0, 0
		return out
	}
	if lit, ok := shellword.Literal(w); ok {
		out.value, out.literal = lit, true
	} else {
		out.value = line[out.start:out.end]
	}
	return out
}

// nestedEdits masks the secrets of a command line inside a word (bash -c
// '…', ssh host '…', su -c "…"): a literal word that reads as commands
// and has a secret is replaced by its masked text, quoted again.
func nestedEdits(line string, words []word, depth int) []edit {
	var edits []edit
	for _, w := range words {
		if !w.literal || !strings.ContainsAny(w.value, " \t\n") || w.end <= w.start || w.value == line {
			continue
		}
		masked := command(w.value, depth)
		if masked == w.value {
			continue
		}
		q, err := syntax.Quote(masked, syntax.LangBash)
		if err != nil {
			q = Mask
		}
		var inner []string
		for _, e := range commandEdits(w.value, depth) {
			inner = append(inner, e.secrets...)
		}
		edits = append(edits, edit{w.start, w.end, q, inner})
	}
	return edits
}

// argvEdits masks the secrets of one command's words (words[0] is the
// program).
func argvEdits(words []word) []edit {
	if len(words) == 0 {
		return nil
	}
	var edits []edit
	// NAME=SECRET words: env's and export's arguments, or a prefix the
	// shell could not read as an assignment.
	for _, w := range words {
		if name, _, ok := strings.Cut(w.value, "="); ok && !strings.HasPrefix(name, "-") && isName(name) && credentialName(name) {
			edits = append(edits, maskAfter(w, name+"="))
		}
	}
	// Every word that names a program with secret options starts one: the
	// program need not be the first word (sudo, 1:1 in a report's address,
	// a sentence quoting a command).
	for i, w := range words {
		prog := program(w.value)
		if !knownProgram(prog) {
			continue
		}
		args := words[i+1:]
		for _, r := range optionRules {
			if !slices.Contains(r.programs, prog) || r.sub != "" && !slices.ContainsFunc(args, func(w word) bool { return w.value == r.sub }) {
				continue
			}
			edits = append(edits, optionEdits(args, r.options, r.prefix)...)
		}
		switch prog {
		case "htpasswd":
			edits = append(edits, htpasswdEdits(args)...)
		case "aws":
			edits = append(edits, configureSetEdits(args)...)
		}
	}
	return append(edits, credentialOptionEdits(words)...)
}

// knownProgram reports whether a program has secrets among its operands
// or options that their names do not say.
func knownProgram(prog string) bool {
	if prog == "htpasswd" || prog == "aws" {
		return true
	}
	for _, r := range optionRules {
		if slices.Contains(r.programs, prog) {
			return true
		}
	}
	return false
}

// optionEdits masks the values of options (and, with prefix, only what
// follows it).
func optionEdits(args []word, options []string, prefix string) []edit {
	var edits []edit
	for k, a := range args {
		if a.value == "--" {
			break
		}
		for _, o := range options {
			var value word
			switch {
			case a.value == o && k+1 < len(args):
				value = args[k+1]
			case strings.HasPrefix(a.value, o+"=") && strings.HasPrefix(o, "--"):
				edits = append(edits, maskAfter(a, o+"="+prefix))
				continue
			case len(o) == 2 && o[0] == '-' && o[1] != '-' && len(a.value) > 2 && strings.HasPrefix(a.value, o) && prefix == "":
				edits = append(edits, maskAfter(a, o))
				continue
			default:
				continue
			}
			if prefix == "" {
				edits = append(edits, maskWord(value))
			} else if strings.HasPrefix(value.value, prefix) {
				edits = append(edits, maskAfter(value, prefix))
			}
		}
	}
	return edits
}

// credentialOptionEdits masks the value of any option whose name says it
// is a secret (--password X, --api-key=X, --client-secret X), except those
// that name where the secret is (--password-file, --token-stdin).
func credentialOptionEdits(args []word) []edit {
	var edits []edit
	for k, a := range args {
		if a.value == "--" {
			break
		}
		if !strings.HasPrefix(a.value, "--") {
			continue
		}
		name, value, eq := strings.Cut(a.value, "=")
		if !credentialName(strings.TrimLeft(name, "-")) || pointsElsewhere(name) {
			continue
		}
		switch {
		case eq && value != "":
			edits = append(edits, maskAfter(a, name+"="))
		case !eq && k+1 < len(args) && !strings.HasPrefix(args[k+1].value, "-"):
			edits = append(edits, maskWord(args[k+1]))
		}
	}
	return edits
}

// pointsElsewhere reports whether a secret option names where the secret
// is, or is a switch, rather than holding it.
func pointsElsewhere(name string) bool {
	n := strings.ToLower(name)
	for _, s := range []string{"file", "stdin", "env", "path", "cmd", "command", "helper", "prompt", "-id", "type", "url", "-name", "ttl", "length", "policy"} {
		if strings.HasSuffix(n, s) {
			return true
		}
	}
	return false
}

// htpasswdEdits masks htpasswd's password, given on the command line with
// -b: the third operand (htpasswd -b FILE USER PASSWORD), or the second
// with -n, which names no file (htpasswd -nb USER PASSWORD).
func htpasswdEdits(args []word) []edit {
	var flags string
	var ops []word
	for _, a := range args {
		if strings.HasPrefix(a.value, "-") && len(a.value) > 1 && !strings.HasPrefix(a.value, "--") {
			flags += a.value[1:]
			continue
		}
		ops = append(ops, a)
	}
	k := 2
	if strings.Contains(flags, "n") {
		k = 1
	}
	if !strings.Contains(flags, "b") || len(ops) <= k {
		return nil
	}
	return []edit{maskWord(ops[k])}
}

// configureSetEdits masks the value of aws configure set NAME VALUE when
// NAME is a credential (aws_secret_access_key, aws_session_token, …).
func configureSetEdits(args []word) []edit {
	var ops []word
	for _, a := range args {
		if !strings.HasPrefix(a.value, "-") {
			ops = append(ops, a)
		}
	}
	if len(ops) < 4 || ops[0].value != "configure" || ops[1].value != "set" {
		return nil
	}
	name := ops[2].value
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	if !credentialName(name) {
		return nil
	}
	return []edit{maskWord(ops[3])}
}

// programOf is the program a command runs, past wrappers (sudo, env,
// command) and assignments, and its arguments.
func programOf(words []word) (string, []word, bool) {
	i := 0
	for i < len(words) && (isWrapper(program(words[i].value)) || strings.Contains(words[i].value, "=") && isName(strings.SplitN(words[i].value, "=", 2)[0])) {
		i++
	}
	if i >= len(words) {
		return "", nil, false
	}
	return program(words[i].value), words[i+1:], true
}

// program is a command word's base name.
func program(w string) string { return path.Base(strings.ToLower(w)) }

func isWrapper(p string) bool {
	switch p {
	case "sudo", "doas", "env", "command", "exec", "nohup", "time", "nice", "export", "declare", "local", "readonly", "typeset":
		return true
	}
	return false
}

// isName reports whether s is a shell variable name.
func isName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '_' && !('a' <= c && c <= 'z') && !('A' <= c && c <= 'Z') && !('0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// maskWord masks a whole word; one that is not literal (a variable) or
// is masked already is left alone.
func maskWord(w word) edit {
	if !w.literal || w.value == Mask || w.value == "" || w.end <= w.start {
		return edit{}
	}
	return edit{w.start, w.end, Mask, []string{w.value}}
}

// maskAfter masks a literal word's value after prefix, keeping prefix:
// --password=***, pass:***.
func maskAfter(w word, prefix string) edit {
	rest, ok := strings.CutPrefix(w.value, prefix)
	if !w.literal || !ok || rest == "" || rest == Mask || w.end <= w.start {
		return edit{}
	}
	return edit{w.start, w.end, prefix + Mask, []string{rest}}
}

// apply makes the edits (the first of overlapping ones wins).
func apply(s string, edits []edit) string {
	edits = slices.DeleteFunc(edits, func(e edit) bool { return e.end <= e.start })
	if len(edits) == 0 {
		return s
	}
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
	var b strings.Builder
	last := 0
	for _, e := range edits {
		if e.start < last {
			continue
		}
		b.WriteString(s[last:e.start])
		b.WriteString(e.repl)
		last = e.end
	}
	b.WriteString(s[last:])
	return b.String()
}

// fieldCommands reads text the shell cannot parse as commands of
// whitespace-separated fields, split at ; & | and newlines, a field's
// surrounding quotes removed from its value.
func fieldCommands(text string) [][]word {
	var cmds [][]word
	var cur []word
	i := 0
	for i < len(text) {
		c := text[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == ';' || c == '&' || c == '|' || c == '\n' || c == '(' || c == ')':
			if len(cur) > 0 {
				cmds, cur = append(cmds, cur), nil
			}
			i++
		default:
			start := i
			for i < len(text) && !strings.ContainsRune(" \t\r\n;&|()", rune(text[i])) {
				if q := text[i]; q == '\'' || q == '"' {
					if k := strings.IndexByte(text[i+1:], q); k >= 0 {
						i += k + 2
						continue
					}
				}
				i++
			}
			raw := text[start:i]
			cur = append(cur, word{value: unquote(raw), start: start, end: i, literal: !strings.Contains(raw, "$")})
		}
	}
	if len(cur) > 0 {
		cmds = append(cmds, cur)
	}
	return cmds
}

// unquote removes quotes around or inside a field.
func unquote(s string) string {
	return strings.NewReplacer(`'`, "", `"`, "").Replace(s)
}
