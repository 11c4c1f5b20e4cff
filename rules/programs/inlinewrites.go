package programs

import (
	"path"
	"slices"
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// inlineWriteCalls are the calls of inline code that write a file named
// by their first argument (open("out.txt", "w"), fs.writeFileSync(
// "out.json", s)), or by the Path literal they are called on
// (Path("out.txt").write_text(s)).
var (
	inlineWriteCalls   = []string{"open(", "writeFileSync(", "writeFile("}
	inlinePathWriteEnd = []string{".write_text(", ".write_bytes("}
)

// inlineWriteLanguages are the languages whose write calls
// inlineWriteCalls spells (Python, and JavaScript under node, bun, deno).
var inlineWriteLanguages = []string{"python", "python2", "python3", "pypy", "pypy3", "node", "nodejs", "bun", "deno"}

// inlineProjectWritesReason says what a python -c or node -e that only
// writes named project files does: what a redirection into them does.
const inlineProjectWritesReason = "the inline code only writes files it names in the project or temp (open(\"out.json\", \"w\"), fs.writeFileSync, Path(…).write_text): " +
	"as a redirection into them, a file's previous contents survive only in version control; it deletes nothing and spawns nothing"

// writesProjectFilesOnly holds when the inline code's only call of
// destructiveCalls is a write of a file named by a string literal, and
// every such file is a plain project, build or temp path: not above the
// working directory, not a dot file or directory (an agent's
// configuration, .git, .env), not a system or home path. Anything else
// it calls, or a file named at run time, leaves it to destructiveScript.
func writesProjectFilesOnly() rules.Cond {
	return rules.Func("inline code only writes named project files", func(f rules.Facts) rules.Result {
		c := f.M.Command
		script := c.Script
		src := withoutStrings(script)
		if src == script && strings.ContainsAny(script, `"'`) {
			return rules.Result{Truth: rules.False} // an unterminated string
		}
		writes := append(slices.Clone(inlineWriteCalls), inlinePathWriteEnd...)
		for _, call := range destructiveCalls {
			if !slices.Contains(writes, call) && !strings.HasPrefix(call, "writeFile") && containsCall(src, call) {
				return rules.Result{Truth: rules.False}
			}
		}
		if _, ok := runsDestructiveSQL(script); ok {
			return rules.Result{Truth: rules.False}
		}
		// Every writeFile is a call this reads (not an alias: w =
		// fs.writeFileSync; w("/etc/hosts", s)).
		if strings.Count(src, "writeFile") != strings.Count(src, "writeFile(")+strings.Count(src, "writeFileSync(") {
			return rules.Result{Truth: rules.False}
		}
		targets, ok := inlineWriteTargets(script, src)
		if !ok || len(targets) == 0 {
			return rules.Result{Truth: rules.False}
		}
		for _, t := range targets {
			if !plainProjectPath(t, c) {
				return rules.Result{Truth: rules.False}
			}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "writes", Value: strings.Join(targets, ", "), Present: true}}}
	})
}

// inlineWriteTargets returns the file each write call of script names by
// a string literal; false when one names it otherwise. src is script
// with its string literals blanked (withoutStrings), the same length.
func inlineWriteTargets(script, src string) ([]string, bool) {
	var out []string
	for _, call := range inlineWriteCalls {
		for off := 0; ; {
			i := strings.Index(src[off:], call)
			if i < 0 {
				break
			}
			at := off + i
			off = at + len(call)
			if !wordStart(src, at, call) {
				continue
			}
			lit, ok := leadingLiteral(script[off:])
			if !ok {
				return nil, false
			}
			out = append(out, lit)
		}
	}
	for _, call := range inlinePathWriteEnd {
		for off := 0; ; {
			i := strings.Index(src[off:], call)
			if i < 0 {
				break
			}
			at := off + i
			off = at + len(call)
			lit, ok := pathLiteralBefore(script[:at])
			if !ok {
				return nil, false
			}
			out = append(out, lit)
		}
	}
	return out, true
}

// leadingLiteral reads the string literal s starts with, after blanks:
// 'x' or "x", without escapes.
func leadingLiteral(s string) (string, bool) {
	s = strings.TrimLeft(s, " \t")
	if s == "" || (s[0] != '"' && s[0] != '\'') {
		return "", false
	}
	end := strings.IndexByte(s[1:], s[0])
	if end < 0 || strings.ContainsRune(s[1:1+end], '\\') {
		return "", false
	}
	return s[1 : 1+end], true
}

// pathLiteralBefore reads the Path("x") (or pathlib.Path('x')) that s
// ends with.
func pathLiteralBefore(s string) (string, bool) {
	s = strings.TrimRight(s, " \t")
	open := strings.LastIndex(s, "Path(")
	if open < 0 || !strings.HasSuffix(s, ")") {
		return "", false
	}
	inner := strings.TrimSpace(s[open+len("Path(") : len(s)-1])
	lit, ok := leadingLiteral(inner)
	if !ok || len(inner) != len(lit)+2 {
		return "", false
	}
	return lit, true
}

// plainProjectPath reports whether the file p that inline code writes is
// a project, build or temp file that no other row guards: not a dot file
// or in a dot directory, not an environment file or an agent's
// configuration.
func plainProjectPath(p string, c *model.Command) bool {
	if p == "" || strings.ContainsAny(p, "$`*?[{~\\") {
		return false
	}
	switch rules.ClassifyPath(model.Arg{Value: p}, c) {
	case rules.PathProject, rules.PathBuild, rules.PathTemp:
	default:
		return false
	}
	for _, seg := range strings.Split(path.Clean(p), "/") {
		if strings.HasPrefix(seg, ".") && seg != "." {
			return false
		}
	}
	return !rules.EnvFile(p) && !rules.AgentConfig(p) && !rules.AgentConfigName(path.Base(p))
}
