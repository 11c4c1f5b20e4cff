package filesystem

import (
	"path"
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// outputNames are the directory names build tools write their output to
// by convention (make and CMake build/, Gradle and Go build/ or out/,
// Sphinx _build/, Jekyll _site/, MkDocs site/, .NET bin/ and obj/). Unlike
// rules' build directories (dist, target, node_modules), projects also
// keep source under these names (a Go package named build, a bin/ of
// scripts), so a delete of one is neither a proven loss nor proven
// regenerable: it needs review, naming the fact that decides
// (rules.FactIgnoredOutput), unless the working directory shows that its
// .gitignore ignores the directory beside a build file (buildOutput).
var outputNames = map[string]bool{"build": true, "_build": true, "out": true, "output": true, "site": true, "_site": true,
	"bin": true, "obj": true, ".build": true}

// outputName reports whether the project path a names a directory of
// outputNames (build, ./build/, docs/_build, build/*): its last name,
// after a trailing /* or /, or cmake-build-* (CLion's build directories).
func outputName(a model.Arg) bool {
	if a.Dynamic {
		return false
	}
	p := strings.TrimSuffix(strings.TrimSuffix(a.Value, "/*"), "/")
	for strings.HasPrefix(p, "./") {
		p = p[2:]
	}
	if strings.Contains(p, "/.") || strings.Contains(p, "//") {
		p = path.Clean(p) // build/.., docs//_build: rarely, and then exactly
	}
	base := p[strings.LastIndexByte(p, '/')+1:]
	return outputNames[base] || strings.HasPrefix(base, "cmake-build-")
}

// provenOutput reports whether the working directory c's command runs in
// shows that its .gitignore ignores a beside a build file.
func provenOutput(a model.Arg, c *model.Command) bool {
	ws := c.Workspace
	return ws != nil && len(ws.BuildFiles) > 0 && ws.IgnoresDir(a.Value)
}

// projectFiles holds when some operand is a project path that is not a
// conventional output directory: a path known to be outside the
// project's regenerable output, whose loss is a fact.
func projectFiles() rules.Cond {
	return rules.Func("a project path that is not a build output directory", func(f rules.Facts) rules.Result {
		for _, a := range f.Operands() {
			if rules.ClassifyPath(a, f.M.Command) == rules.PathProject && !outputName(a) {
				// The row's rules.PathIs names the operand as evidence.
				return rules.Result{Truth: rules.True}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// outputUnproven is Unknown when some operand is a project path named as
// build output (outputNames) that the working directory does not show to
// be ignored output, with rules.FactIgnoredOutput for it missing; True
// when observation answered that fact false (git tracks or lacks files in
// it); False otherwise. Without observation its row never holds: it only
// keeps a lesser row from deciding without review.
func outputUnproven() rules.Cond {
	return rules.Func("a build output directory not shown to be ignored output", func(f rules.Facts) rules.Result {
		var missing []string
		for _, a := range f.Operands() {
			c := f.M.Command
			if rules.ClassifyPath(a, c) != rules.PathProject || !outputName(a) || provenOutput(a, c) {
				continue
			}
			output, known := rules.ObservedFact(f, rules.FactIgnoredOutput, a.Value)
			switch {
			case !known:
				missing = append(missing, rules.MissingFact(rules.FactIgnoredOutput, a.Value))
			case !output:
				// Observed: git tracks files in it, or it holds files
				// no commit has: not output a build makes again.
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{
					rules.ObservedEvidence(rules.MissingFact(rules.FactIgnoredOutput, a.Value), false, "git status where the action runs")}}
			}
		}
		if len(missing) > 0 {
			return rules.Result{Truth: rules.Unknown, Missing: missing}
		}
		return rules.Result{Truth: rules.False}
	})
}
