package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/recourse-dev/recourse/config"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/report"
	"github.com/recourse-dev/recourse/rules/review"
)

// gitTimeout bounds each git command --exceptions-from-ref runs.
const gitTimeout = 10 * time.Second

// baseRef is the git ref whose reviewed configuration applies
// (--exceptions-from-ref): the base branch of a pull request in CI, where
// the working tree's .recourse.yaml is the change under review.
type baseRef struct {
	ref string
	// top is the repository's top-level directory.
	top string
}

// openBaseRef checks that ref names a commit of the repository dir is in.
// A ref that does not resolve is an error, never a fallback to the
// working tree's file.
func openBaseRef(dir, ref string) (*baseRef, error) {
	bad := func(msg string) error {
		return &model.Error{Kind: model.KindInvalidField, Field: "exceptions-from-ref", Message: msg,
			Expected: "a ref the repository has fetched, such as origin/main (in CI: git fetch --depth=1 origin main, or actions/checkout with fetch-depth: 0)",
			Example:  "recourse eval --exceptions-from-ref origin/main plan.json"}
	}
	if strings.HasPrefix(ref, "-") || strings.ContainsAny(ref, ":\x00") {
		return nil, bad(fmt.Sprintf("%q is not a git ref", ref))
	}
	top, err := git(dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, bad(fmt.Sprintf("%s is not in a git repository (%v)", dir, err))
	}
	if _, err := git(dir, "rev-parse", "--verify", "--quiet", "--end-of-options", ref+"^{commit}"); err != nil {
		return nil, bad(fmt.Sprintf("%q does not resolve to a commit in %s", ref, strings.TrimSpace(string(top))))
	}
	return &baseRef{ref: ref, top: strings.TrimSpace(string(top))}, nil
}

// git runs a read-only git command in dir: no pager, no optional locks,
// no hooks, no prompts, bounded by gitTimeout.
func git(dir string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), gitTimeout)
	defer cancel()
	full := append([]string{"--no-pager", "--no-optional-locks", "-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "-C", dir}, args...)
	c := exec.CommandContext(ctx, "git", full...)
	c.Env = append(os.Environ(), "GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0", "GIT_PAGER=cat")
	var stderr bytes.Buffer
	c.Stderr = &stderr
	out, err := c.Output()
	if err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return nil, fmt.Errorf("git %s: %s", args[0], msg)
		}
		return nil, fmt.Errorf("git %s: %w", args[0], err)
	}
	return out, nil
}

// rel is path relative to the repository's top, with slashes.
func (b *baseRef) rel(path string) (string, bool) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", false
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	top := b.top
	if real, err := filepath.EvalSymlinks(top); err == nil {
		top = real
	}
	r, err := filepath.Rel(top, abs)
	if err != nil || r == ".." || strings.HasPrefix(r, "../") {
		return "", false
	}
	return filepath.ToSlash(r), true
}

// file is the content of the file rel (relative to the top) at the ref;
// nil, without an error, when the ref has no such file.
func (b *baseRef) file(rel string) ([]byte, error) {
	spec := b.ref + ":" + rel
	if _, err := git(b.top, "cat-file", "-e", "--end-of-options", spec); err != nil {
		return nil, nil
	}
	out, err := git(b.top, "show", "--no-textconv", "--end-of-options", spec)
	if err != nil {
		return nil, &model.Error{Kind: model.KindInvalidField, Field: "exceptions-from-ref", Message: "cannot read " + spec + ": " + err.Error()}
	}
	return out, nil
}

// project is the project file at the ref that applies to dir: the
// .recourse.yaml of dir or the nearest directory above it within the
// repository, as the ref has them; Data is nil when there is none.
func (b *baseRef) project(dir string) (*config.BaseFile, error) {
	r, ok := b.rel(dir)
	if !ok {
		return nil, &model.Error{Kind: model.KindInvalidField, Field: "exceptions-from-ref", Message: dir + " is outside the repository at " + b.top}
	}
	for {
		rel := filepath.ToSlash(filepath.Join(r, config.ProjectFile))
		data, err := b.file(rel)
		if err != nil {
			return nil, err
		}
		if data != nil {
			return &config.BaseFile{Name: b.ref + ":" + rel, Dir: filepath.Join(b.top, filepath.FromSlash(r)), Data: data}, nil
		}
		if r == "." || r == "" {
			return &config.BaseFile{Name: b.ref + ":" + config.ProjectFile, Dir: b.top}, nil
		}
		r = filepath.ToSlash(filepath.Dir(r))
	}
}

// reviewFinding is a change to the reviewed configuration, and where it
// is written.
type reviewFinding struct {
	mutation model.Mutation
	file     string
	line     int
}

// exceptionFindings are the exceptions the working tree's project file
// for dir adds or widens over base's (config.Unreviewed), as changes for
// the pipeline to judge. A working-tree file that does not parse is an
// error.
func exceptionFindings(dir string, base *config.BaseFile, now time.Time) ([]reviewFinding, error) {
	head := config.FindProject(dir)
	if head == "" {
		return nil, nil
	}
	data, err := os.ReadFile(head)
	if err != nil {
		return nil, &model.Error{Kind: model.KindInvalidField, File: head, Message: "cannot read the configuration file: " + err.Error()}
	}
	name := relToCwd(head)
	xs, err := config.Unreviewed(name, data, base.Data, now)
	if err != nil {
		return nil, err
	}
	var out []reviewFinding
	for _, x := range xs {
		file, line := splitSource(x.Source)
		id := fmt.Sprintf("%s: exception %s for %q until %s", x.Source, x.Rule, x.Match, x.Expires)
		out = append(out, reviewFinding{file: file, line: line, mutation: model.Mutation{Source: model.SourceConfig, Action: model.ActionCreate,
			Address: id, Target: model.Target{Type: review.ExceptionType, ID: id}}})
	}
	return out, nil
}

// reviewedIgnores splits the inline ignores of a plan's blocks into those
// present identically (the same comment text) in the base's version of
// their file, which apply, and the others, which are findings.
func (b *baseRef) reviewedIgnores(ignores []model.Exception) ([]model.Exception, []reviewFinding, error) {
	var keep []model.Exception
	var out []reviewFinding
	cache := map[string][]string{}
	for _, x := range ignores {
		file, line := splitSource(x.Source)
		text := commentAt(file, line)
		rel, ok := b.rel(file)
		present := false
		if ok && text != "" {
			lines, seen := cache[rel]
			if !seen {
				data, err := b.file(rel)
				if err != nil {
					return nil, nil, err
				}
				lines = strings.Split(string(data), "\n")
				cache[rel] = lines
			}
			for _, l := range lines {
				present = present || strings.TrimSpace(l) == text
			}
		}
		if present {
			keep = append(keep, x)
			continue
		}
		id := fmt.Sprintf("%s: ignore %s for %s until %s", x.Source, x.Rule, x.Match, x.Expires)
		out = append(out, reviewFinding{file: file, line: line, mutation: model.Mutation{Source: model.SourceConfig, Action: model.ActionCreate,
			Address: id, Target: model.Target{Type: review.IgnoreType, ID: id}}})
	}
	return keep, out, nil
}

// commentAt is line (1-based) of file, trimmed; "" when it cannot be read.
func commentAt(file string, line int) string {
	data, err := os.ReadFile(file)
	if err != nil || line < 1 {
		return ""
	}
	lines := strings.Split(string(data), "\n")
	if line > len(lines) {
		return ""
	}
	return strings.TrimSpace(lines[line-1])
}

// splitSource splits FILE:LINE.
func splitSource(src string) (string, int) {
	i := strings.LastIndexByte(src, ':')
	if i < 0 {
		return src, 0
	}
	var n int
	fmt.Sscanf(src[i+1:], "%d", &n)
	return src[:i], n
}

// relToCwd is path relative to the working directory when under it (as
// CI checks the repository out), with slashes.
func relToCwd(path string) string {
	cwd, err := os.Getwd()
	if err != nil {
		return path
	}
	if r, err := filepath.Rel(cwd, path); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	return path
}

// mutationsOf are the findings' changes.
func mutationsOf(fs []reviewFinding) []model.Mutation {
	out := make([]model.Mutation, len(fs))
	for i, f := range fs {
		out[i] = f.mutation
	}
	return out
}

// placeReview gives each review finding of rep the place of its line.
func placeReview(rep *report.ConsequenceReport, fs []reviewFinding) {
	at := map[string]reviewFinding{}
	for _, f := range fs {
		at[f.mutation.Target.ID] = f
	}
	for i := range rep.Mutations {
		m := &rep.Mutations[i]
		if f, ok := at[m.Intent.Target.ID]; ok && m.Intent.Source == model.SourceConfig && f.line > 0 {
			m.Intent.Location = &report.Location{File: filepath.ToSlash(f.file), StartLine: f.line, EndLine: f.line}
		}
	}
}

// configure reads the configuration for a project in dir (the working
// directory when empty) as configured does; with --exceptions-from-ref,
// the project file is the ref's, trusted, and the working tree's changes
// to it are kept in f.review.
func (f *evalFlags) configure(cmd *cobra.Command, dir string, failOn model.Decision, warn io.Writer) (config.Settings, []model.Exception, error) {
	if f.exceptionsFromRef == "" {
		return configured(cmd, dir, f.environment, failOn, f.policies, warn)
	}
	if dir == "" {
		dir, _ = os.Getwd()
	}
	b, err := openBaseRef(dir, f.exceptionsFromRef)
	if err != nil {
		return config.Settings{}, nil, err
	}
	bf, err := b.project(dir)
	if err != nil {
		return config.Settings{}, nil, err
	}
	now := time.Now()
	settings, exs, err := config.ResolveBase(dir, bf, config.Settings{
		Environment: f.environment, EnvironmentSet: cmd != nil && cmd.Flags().Changed("environment"),
		FailOn: failOn, FailOnSet: cmd != nil && cmd.Flags().Changed("fail-on"),
		Policies: f.policies,
	}, now, warn)
	if err != nil {
		return config.Settings{}, nil, err
	}
	review, err := exceptionFindings(dir, bf, now)
	if err != nil {
		return config.Settings{}, nil, err
	}
	f.base, f.review = b, review
	return settings, exs, nil
}
