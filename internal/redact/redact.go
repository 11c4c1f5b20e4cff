// Package redact masks credentials in text that leaves Recourse: the
// command lines, SQL and tool arguments a report quotes in ids, reasons
// and evidence. The rules read the input as it is; only what is written
// out is masked, keeping the text readable: curl -H 'Authorization:
// Bearer ***'. Each shape of secret is one row of a table, with a test
// row each.
package redact

import (
	"math/bits"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/recourse-dev/recourse/internal/jsonvalue"
	"github.com/recourse-dev/recourse/internal/lazyregexp"
)

// Mask replaces a secret.
const Mask = "***"

// shape is one kind of secret: re matches it, and the submatch named
// "secret" is what is masked (the whole match when there is none).
type shape struct {
	name string
	// re is compiled the first time text may match it: most processes
	// (a hook judging git status) never need one, and compiling them all
	// was a tenth of a hook's start-up.
	re *lazyregexp.Regexp
	// any lists lower-case fragments one of which every match contains:
	// text with none of them skips the pattern, which keeps redaction off
	// the hot path of ordinary reports.
	any []string
	// needs is any as a set of indexes into fragments.
	needs uint64
}

var credentialWords = []string{"pass", "pwd", "secret", "token", "key", "credential", "auth"}

// shapes are the secrets masked, most specific first. Patterns are
// case-insensitive where the thing they match is. fragments are the
// distinct fragments of all shapes: several shapes share "key", "token" or
// "auth", and a string is searched for each fragment once at most.
var shapes, fragments = index([]shape{
	{"private key block", lazyregexp.New(`-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?P<secret>[\s\S]*?)(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)`), []string{"private key"}, 0},
	{"authorization header", lazyregexp.New(`(?i)\b(?:proxy-)?authorization\s*[:=]\s*["']?(?:bearer|basic|token|digest|bot|apikey|sso-key)?\s*(?P<secret>[^\s"',;]+)`), []string{"authorization"}, 0},
	{"key or token header", lazyregexp.New(`(?i)\b(?:x-[a-z-]*(?:api-?key|token|secret|auth)[a-z-]*|private-token|api-?key|cookie)\s*:\s*(?P<secret>[^\s"';]+)`), []string{"key", "token", "cookie", "auth", "secret"}, 0},
	{"URL user information", lazyregexp.New(`(?i)\b[a-z][a-z0-9+.-]*://[^\s/:@"']+:(?P<secret>[^\s/@"']+)@`), []string{"://"}, 0},
	{"here-string", lazyregexp.New(`<<<[ \t]*(?P<secret>(?:'[^']*'|"(?:[^"\\]|\\.)*"|[^\s;&|()<>'"])+)`), []string{"<<<"}, 0},
	{"JSON credential field", lazyregexp.New(`(?i)\\?"[a-z0-9_.-]*(?:password|passwd|passphrase|_pass|pass_|pwd|secret|token|api_?key|apikey|access_?key|private_?key|credentials?|auth)[a-z0-9_.-]*\\?"\s*:\s*\\?"(?P<secret>(?:[^"\\]|\\[^"])+)`), credentialWords, 0},
	{"URL query credential", lazyregexp.New(`(?i)[?&;](?:sig|signature|x-amz-signature|x-goog-signature|x-amz-credential|x-goog-credential|x-amz-security-token|key|api_?key|apikey|access_token|id_token|refresh_token|token|client_secret|password|secret|auth)=(?P<secret>[^\s&#"']+)`), []string{"sig", "key", "token", "secret", "pass", "auth"}, 0},
	{"credential variable", lazyregexp.New(`\b(?:[A-Za-z0-9_]*(?i:password|passwd|pwd|secret|token|api_?key|access_?key|private_?key|credentials?|auth)[A-Za-z0-9_]*|[A-Za-z0-9_]*(?i:_pass|_key)|(?i:pass))=["']?(?P<secret>[^\s"';&|]+)`), credentialWords, 0},
	{"credential flag", lazyregexp.New(`(?i)(?:^|\s)--?[a-z-]*(?:password|passwd|secret|token|api-?key|access-?key|private-?key|client-?secret|auth-?key)(?:=|\s+)["']?(?P<secret>[^\s"';&|-][^\s"';&|]*)`), credentialWords, 0},
	{"client user:password", lazyregexp.New(`(?:^|\s)(?:-u|--user|--proxy-user)(?:=|\s+)["']?[^\s:"']+:(?P<secret>[^\s"']+)`), []string{"-u"}, 0},
	{"mysql -pPASSWORD", lazyregexp.New(`\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump|mysqlimport|mysqlshow|mysqlcheck)\b[^|;&\n]*?\s-p(?P<secret>[^\s"';&|]+)`), []string{"mysql", "mariadb"}, 0},
	{"known token", lazyregexp.New(`\b(?P<secret>(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|ASIA[0-9A-Z]{16}|sk_live_[A-Za-z0-9]{16,}|rk_live_[A-Za-z0-9]{16,}|sk-[A-Za-z0-9_-]{20,}|AIza[0-9A-Za-z_-]{35}|npm_[A-Za-z0-9]{36}|eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,})`), []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-", "xox", "akia", "asia", "_live_", "sk-", "aiza", "npm_", "eyj"}, 0},
})

// index sets each shape's needs and returns the distinct fragments.
func index(rows []shape) ([]shape, []string) {
	var frags []string
	for i := range rows {
		for _, f := range rows[i].any {
			k := slices.Index(frags, f)
			if k < 0 {
				k, frags = len(frags), append(frags, f)
			}
			rows[i].needs |= 1 << k
		}
	}
	if len(frags) > 64 {
		panic("redact: more than 64 distinct fragments")
	}
	return rows, frags
}

// Suspect reports whether text may hold a credential that String would
// mask, in itself or in what Recourse decodes from it: it holds a fragment
// of a shape, a backslash (JSON's \u escapes and the shell's \x and octal
// escapes in printf and ANSI-C quoting spell any text), or names
// PowerShell (whose -EncodedCommand is base64). Text that is not suspect
// cannot put a credential in anything derived from it, so the many
// strings a report derives from one clean input need no masking. It reads
// text once, whatever the number of fragments, and copies nothing.
//
// It runs on every shell line and MCP call, so it first asks a set of the
// fragments' first two bytes, which most places in a line are not.
func Suspect[T ~string | ~[]byte](text T) bool {
	for i := range len(text) {
		c := lowerASCII(text[i])
		if c == '\\' {
			return true
		}
		if i+1 == len(text) || !starts.has(c, lowerASCII(text[i+1])) {
			continue
		}
		for _, f := range byFirst[c] {
			if hasPrefixFold(text[i:], f) {
				return true
			}
		}
	}
	return false
}

// suspectFragments are what Suspect looks for besides a backslash: the
// shapes' fragments, PowerShell's names, and the Kelvin sign and the long
// s, which case-insensitive patterns (and strings.ToLower) read as k and s.
var suspectFragments = func() []string {
	out := append([]string{"pwsh", "powershell", "\u212a", "\u017f"}, fragments...)
	for _, t := range commandTriggers {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}()

// byFirst lists each of suspectFragments by its first byte.
var byFirst = func() (t [256][]string) {
	for _, f := range suspectFragments {
		t[f[0]] = append(t[f[0]], f)
	}
	return t
}()

// starts holds the first two bytes of each of suspectFragments.
var starts = func() (p pairs) {
	for _, f := range suspectFragments {
		p.add(f[0], f[1])
	}
	return p
}()

// pairs is a set of byte pairs, a bit each.
type pairs [256 * 256 / 64]uint64

func (p *pairs) add(a, b byte) { k := int(a)<<8 | int(b); p[k>>6] |= 1 << (k & 63) }

func (p *pairs) has(a, b byte) bool { k := int(a)<<8 | int(b); return p[k>>6]&(1<<(k&63)) != 0 }

// hasPrefixFold reports whether text starts with the lower-case prefix,
// ASCII letters compared without case.
func hasPrefixFold[T ~string | ~[]byte](text T, prefix string) bool {
	if len(text) < len(prefix) {
		return false
	}
	for k := 0; k < len(prefix); k++ {
		if lowerASCII(text[k]) != prefix[k] {
			return false
		}
	}
	return true
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// String returns s with every credential masked: the command-line shapes
// (Command), then the patterns of free text. A mask can complete a shape
// the first pass did not read as one (a quoted name the command pass
// unquotes beside a value with a stray quote), so masking repeats until
// it changes nothing, a few times at most: masking only ever hides more.
func String(s string) string {
	for range maxMaskPasses {
		out := maskOnce(s)
		if out == s {
			return out
		}
		s = out
	}
	return s
}

// maxMaskPasses bounds String's passes; text that still changed after
// them is returned with the most masked.
const maxMaskPasses = 4

// maskOnce is one pass of String.
func maskOnce(s string) string {
	s = Command(s)
	// lower is not lowered again after a mask: the mask has no letter, so
	// it removes fragments but makes none, and a fragment found in the
	// text a mask removed costs one pattern run that finds nothing.
	lower := strings.ToLower(s)
	var checked, present uint64
	for _, sh := range shapes {
		for rest := sh.needs &^ checked; rest != 0 && sh.needs&present == 0; rest &= rest - 1 {
			k := bits.TrailingZeros64(rest)
			checked |= 1 << k
			if strings.Contains(lower, fragments[k]) {
				present |= 1 << k
			}
		}
		if sh.needs&present != 0 {
			s = mask(sh.re.Regexp(), s)
		}
	}
	return s
}

// mask replaces the "secret" submatch of every match of re in s.
func mask(re *regexp.Regexp, s string) string {
	idx := re.SubexpIndex("secret")
	matches := re.FindAllStringSubmatchIndex(s, -1)
	if matches == nil {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range matches {
		start, end := m[0], m[1]
		if idx >= 0 && m[2*idx] >= 0 {
			start, end = m[2*idx], m[2*idx+1]
		}
		if start < last || s[start:end] == Mask {
			continue
		}
		b.WriteString(s[last:start])
		b.WriteString(Mask)
		last = end
	}
	b.WriteString(s[last:])
	return b.String()
}

// Value returns a copy of v with every secret in it masked; v is never
// modified. It masks the strings (String), an argument list's option
// values (sshpass -p SECRET as a list of words), every scalar under a key
// whose name says it is a secret (MCP arguments named password or
// api_key), and the values a Terraform plan marks sensitive
// (before_sensitive, after_sensitive, sensitive_values, a sensitive
// output or variable).
func Value(v any) any {
	switch v := v.(type) {
	case string:
		return String(v)
	case []string:
		out := make([]string, len(v))
		for i, s := range v {
			out[i] = String(s)
		}
		maskArgs(out)
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = Value(x)
		}
		if args, ok := stringList(out); ok {
			maskArgs(args)
			for i := range out {
				out[i] = args[i]
			}
		}
		return out
	case map[string]any:
		return valueMap(v)
	}
	return v
}

// valueMap is Value of a map.
func valueMap(v map[string]any) map[string]any {
	out := make(map[string]any, len(v))
	for k, x := range v {
		if credentialName(k) {
			out[k] = maskAll(x)
			continue
		}
		out[k] = Value(x)
	}
	// Terraform's sensitivity: a value beside its mask.
	for value, marks := range map[string]string{"before": "before_sensitive", "after": "after_sensitive", "values": "sensitive_values"} {
		if m, ok := v[marks]; ok {
			if x, ok := out[value]; ok {
				out[value] = maskMarked(x, m)
			}
		}
	}
	if s, _ := v["sensitive"].(bool); s {
		if x, ok := out["value"]; ok {
			out["value"] = maskAll(x)
		}
	}
	// A plan's input variables, marked sensitive in its configuration.
	if vars, ok := out["variables"].(map[string]any); ok {
		for _, name := range sensitiveVariables(v["configuration"]) {
			if one, ok := vars[name].(map[string]any); ok {
				c := make(map[string]any, len(one))
				for k, x := range one {
					c[k] = x
				}
				c["value"] = maskAll(one["value"])
				vars[name] = c
			}
		}
	}
	return out
}

// sensitiveVariables are the root module's variables a plan's
// configuration marks sensitive.
func sensitiveVariables(configuration any) []string {
	c, _ := configuration.(map[string]any)
	root, _ := c["root_module"].(map[string]any)
	vars, _ := root["variables"].(map[string]any)
	var out []string
	for name, d := range vars {
		if m, _ := d.(map[string]any); m != nil && m["sensitive"] == true {
			out = append(out, name)
		}
	}
	return out
}

// maskMarked masks what marks (Terraform's sensitivity mask: true, or a
// map or list of masks of the same shape) marks sensitive in v.
func maskMarked(v, marks any) any {
	switch m := marks.(type) {
	case bool:
		if m {
			return maskAll(v)
		}
	case map[string]any:
		if x, ok := v.(map[string]any); ok {
			out := make(map[string]any, len(x))
			for k, y := range x {
				out[k] = maskMarked(y, m[k])
			}
			return out
		}
	case []any:
		if x, ok := v.([]any); ok {
			out := make([]any, len(x))
			for i, y := range x {
				if i < len(m) {
					out[i] = maskMarked(y, m[i])
				} else {
					out[i] = y
				}
			}
			return out
		}
	}
	return v
}

// maskAll masks every scalar in v but null and booleans (which say too
// little to hide, and keep a report's switches readable).
func maskAll(v any) any {
	return jsonvalue.Map(v, func(x any) any {
		switch x.(type) {
		case nil, bool:
			return x
		}
		return Mask
	})
}

// stringList is l as strings, when every element is one.
func stringList(l []any) ([]string, bool) {
	out := make([]string, len(l))
	for i, x := range l {
		s, ok := x.(string)
		if !ok {
			return nil, false
		}
		out[i] = s
	}
	return out, len(out) > 0
}

// maskArgs masks, in place, the secrets of an argument list (each element
// one word, as a command's argv).
func maskArgs(args []string) {
	if !slices.ContainsFunc(args, hasTrigger) {
		return
	}
	words := make([]word, len(args))
	for i, a := range args {
		words[i] = word{value: a, start: i, end: i + 1, literal: !strings.Contains(a, "$")}
	}
	edits := argvEdits(words)
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
	for _, e := range edits {
		if e.end > e.start {
			args[e.start] = e.repl
		}
	}
}

// credentialName reports whether a name (a variable, an option without
// its dashes, an argument or a JSON key) says its value is a secret:
// password, api_key, client-secret, DB_PASS, STRIPE_KEY, oauth2-bearer.
func credentialName(name string) bool {
	n := strings.ReplaceAll(strings.ToLower(name), "-", "_")
	switch n {
	case "pwd", "oldpwd", "key", "keys", "token_count", "max_tokens", "tokens":
		return false
	}
	for _, w := range []string{"password", "passwd", "passphrase", "secret", "token", "apikey", "api_key", "access_key", "private_key", "credential", "pwd", "bearer"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	if i := strings.Index(n, "auth"); i >= 0 && !strings.HasPrefix(n[i:], "author") {
		return true
	}
	return n == "pass" || strings.HasPrefix(n, "pass_") || strings.HasSuffix(n, "_pass") || strings.Contains(n, "_pass_") ||
		strings.HasSuffix(n, "_key") || strings.HasSuffix(n, "apikey")
}
