package programs

import (
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// inlineDeletes are the calls of inline code that delete the one path
// their first argument names.
var inlineDeletes = []string{"shutil.rmtree(", "rmtree(", "os.remove(", "os.unlink(", "os.rmdir(", "os.removedirs(", "rmSync(",
	"rmdirSync(", "unlinkSync(", "fs.rm(", "fs.rmdir(", "fs.unlink(", "FileUtils.rm_rf(", "FileUtils.rm_r(", "FileUtils.rm(",
	"FileUtils.remove_dir(", "rm_rf(", "remove_tree(", "unlink(", "Deno.remove("}

// inlineBuildCleanupReason says why deleting build output from inline
// code warns.
const inlineBuildCleanupReason = "the inline code only deletes build output (dist, target, node_modules, caches …), which the build regenerates"

// inlineCleansBuildOutput holds when inline code deletes, and does nothing
// else destructive: every delete call names, as a string literal, a path
// of the build output class (shutil.rmtree("dist"),
// require("fs").rmSync("node_modules", {recursive: true})), and no other
// destructive call (a shell, a kill, a write) appears.
func inlineCleansBuildOutput() rules.Cond {
	return rules.Func("the inline code deletes only build output", func(f rules.Facts) rules.Result {
		c := f.M.Command
		script := c.Script
		if script == "" {
			return rules.Result{Truth: rules.False}
		}
		// Blank every delete call, then require that nothing destructive
		// is left.
		rest := withoutStrings(script)
		var paths []string
		for _, call := range inlineDeletes {
			for i := strings.Index(script, call); i >= 0; i = nextIndex(script, call, i) {
				lit, ok := firstLiteral(script[i+len(call):])
				if !ok {
					return rules.Result{Truth: rules.False}
				}
				cls := rules.ClassifyPath(model.Arg{Value: lit}, c)
				// Build output only: other guards' corpora deny inline
				// deletes under /tmp (dcg canonical/29), which a shell rm of
				// the same path only warns about.
				if cls != rules.PathBuild {
					return rules.Result{Truth: rules.False}
				}
				paths = append(paths, lit)
			}
			rest = strings.ReplaceAll(rest, call, strings.Repeat(" ", len(call)))
		}
		if len(paths) == 0 {
			return rules.Result{Truth: rules.False}
		}
		for _, call := range destructiveCalls {
			if containsCall(rest, call) {
				return rules.Result{Truth: rules.False}
			}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "paths", Value: strings.Join(paths, ", "), Present: true}}}
	})
}

func nextIndex(s, sub string, after int) int {
	j := strings.Index(s[after+len(sub):], sub)
	if j < 0 {
		return -1
	}
	return after + len(sub) + j
}

// firstLiteral reads the string literal that starts s (after spaces): a
// quoted path with no escapes and no interpolation.
func firstLiteral(s string) (string, bool) {
	s = strings.TrimLeft(s, " \t")
	if s == "" || (s[0] != '"' && s[0] != '\'' && s[0] != '`') {
		return "", false
	}
	q := s[0]
	end := strings.IndexByte(s[1:], q)
	if end < 0 {
		return "", false
	}
	lit := s[1 : 1+end]
	if lit == "" || strings.ContainsAny(lit, "\\$%{}") {
		return "", false
	}
	return lit, true
}
