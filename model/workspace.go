package model

import (
	"path"
	"strings"
)

// Workspace is what the directory a command line runs in shows about
// itself, read from disk by the command line or the hook that knows the
// directory (never by the evaluator, which reads only its input): the
// patterns of its .gitignore and the build files beside it. The rules use
// it to tell a build's output (build/, out/) from source that happens to
// have such a name.
type Workspace struct {
	// Dir is the directory, as the command's Cwd names it.
	Dir string
	// Ignored are the .gitignore's patterns, as written.
	Ignored []string
	// BuildFiles are the build files found in Dir (Makefile, package.json,
	// build.gradle …).
	BuildFiles []string
}

// IgnoresDir reports whether the .gitignore ignores the directory rel
// (relative to Dir, one component: build, ./build/): a pattern naming it
// exactly, anchored or not, with or without a trailing slash or a leading
// **/. A negation anywhere for the name keeps it, as git would.
func (w *Workspace) IgnoresDir(rel string) bool {
	if w == nil {
		return false
	}
	name := strings.TrimSuffix(path.Clean(strings.TrimPrefix(rel, "./")), "/")
	if name == "." || name == "" || strings.Contains(name, "/") || strings.HasPrefix(name, ".") {
		return false
	}
	ignored := false
	for _, p := range w.Ignored {
		p = strings.TrimSpace(p)
		neg := strings.HasPrefix(p, "!")
		p = strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(p, "!"), "**/"), "/")
		p = strings.TrimSuffix(p, "/")
		if p != name {
			continue
		}
		if neg {
			return false
		}
		ignored = true
	}
	return ignored
}
