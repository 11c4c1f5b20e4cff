// Package config reads Recourse's configuration files: the environment,
// the decision that stops a call (fail_on), policy directories, and
// exceptions, each with a reason and an end date.
//
// Three files are read, in precedence order: the managed file
// (/etc/recourse/config.yaml, set by an organisation), the user's
// ($XDG_CONFIG_HOME/recourse/config.yaml), and the project's
// (.recourse.yaml, in the working directory or the nearest directory above
// it). A project file is written by whoever wrote the project, an agent
// included, so until the user trusts its exact content (recourse trust) it
// may only make the gate stricter: its environment counts only when it
// names production, its fail_on only when lower, and its policies and
// exceptions not at all. A file that does not parse or breaks the schema is
// an error, with its line, never ignored.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/recourse-dev/recourse/internal/xdg"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/policy"
)

// MaxExceptionDays is how far ahead an exception may end: an exception is
// a decision to revisit, not a standing hole.
const MaxExceptionDays = 90

// ProjectFile is the project configuration's name.
const ProjectFile = ".recourse.yaml"

// File is one configuration file, as written.
type File struct {
	Environment string      `yaml:"environment"`
	FailOn      string      `yaml:"fail_on"`
	Policies    []string    `yaml:"policies"`
	Exceptions  []exception `yaml:"exceptions"`
}

type exception struct {
	Rule    string `yaml:"rule"`
	Match   string `yaml:"match"`
	Reason  string `yaml:"reason"`
	Expires string `yaml:"expires"`
	line    int
}

// Config is the configuration the files add up to, before the command
// line's flags (Apply).
type Config struct {
	// Exceptions are the unexpired exceptions of the managed and user
	// files and a trusted project file.
	Exceptions []model.Exception
	// Warnings say what was read but not used: expired exceptions, an
	// untrusted project file's settings.
	Warnings []string
	// Files are the files read, in precedence order.
	Files []string

	managed, user, project scoped
}

// scoped is one file's settings, with policy directories made absolute.
type scoped struct {
	environment string
	failOn      model.Decision
	policies    []string
	// untrusted: a project file the user has not trusted, which may only
	// tighten.
	untrusted bool
}

// Settings are the flags' values and whether each was set.
type Settings struct {
	Environment    string
	EnvironmentSet bool
	FailOn         model.Decision
	FailOnSet      bool
	Policies       []string
}

// Apply combines the files with the flags: the managed file wins over the
// flags, the flags over the user's file, the user's over a trusted
// project file; an untrusted project file only tightens what results (a
// production environment where the rest names none, a lower fail_on).
// Policy directories add up.
func (c Config) Apply(f Settings) Settings {
	out := Settings{Environment: f.Environment, FailOn: f.FailOn, Policies: slices.Clone(f.Policies)}
	pick := func(flagSet bool, managed, user, project string) (string, bool) {
		switch {
		case managed != "":
			return managed, true
		case flagSet:
			return "", false
		case user != "":
			return user, true
		}
		return project, project != ""
	}
	trustedProject := c.project
	if trustedProject.untrusted {
		trustedProject = scoped{}
	}
	if env, ok := pick(f.EnvironmentSet, c.managed.environment, c.user.environment, trustedProject.environment); ok {
		out.Environment = env
	}
	if d, ok := pick(f.FailOnSet, string(c.managed.failOn), string(c.user.failOn), string(trustedProject.failOn)); ok {
		out.FailOn = model.Decision(d)
	}
	if c.project.untrusted {
		if e := c.project.environment; policy.IsProduction(e) && !policy.IsProduction(out.Environment) {
			out.Environment = e
		}
		if d := c.project.failOn; d != "" && d.Rank() < out.FailOn.Rank() {
			out.FailOn = d
		}
	}
	for _, s := range []scoped{c.managed, c.user, trustedProject} {
		out.Policies = append(out.Policies, s.policies...)
	}
	out.EnvironmentSet, out.FailOnSet = out.Environment != "", out.FailOn != ""
	return out
}

// Paths are the files to read; an empty path is skipped.
type Paths struct {
	Managed, User, Project string
	// Base, when set, is the project file as reviewed on a base ref
	// (recourse eval --exceptions-from-ref): it is read in place of
	// Project and trusted, since merging it was a person's review.
	Base *BaseFile
}

// BaseFile is a project file read from a git ref.
type BaseFile struct {
	// Name labels the file in reports and warnings: REF:PATH.
	Name string
	// Dir is the working-tree directory the file is in, from which its
	// exceptions' relative paths are read.
	Dir string
	// Data is the file's content; nil when the ref has no project file,
	// and then no project file applies.
	Data []byte
}

// DefaultPaths are the managed and user files, and the project file found
// from dir upwards (none when dir is empty).
func DefaultPaths(dir string) Paths {
	p := Paths{Managed: "/etc/recourse/config.yaml"}
	if d, err := xdg.ConfigDir(); err == nil {
		p.User = filepath.Join(d, "config.yaml")
	}
	if dir != "" {
		p.Project = FindProject(dir)
	}
	return p
}

// FindProject returns the .recourse.yaml in dir or the nearest directory
// above it, or "".
func FindProject(dir string) string {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for {
		p := filepath.Join(dir, ProjectFile)
		if _, err := os.Stat(p); err == nil {
			return p
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Trusted reports whether the user trusts a project file's exact content.
type Trusted func(path string, content []byte) bool

// Load reads the files in p as of now. A file that does not exist is
// skipped; one that cannot be read, parsed or validated is an error naming
// the file and line.
func Load(p Paths, now time.Time, trusted Trusted) (Config, error) {
	var c Config
	for _, src := range []struct {
		path string
		into *scoped
	}{{p.Managed, &c.managed}, {p.User, &c.user}, {p.Project, &c.project}} {
		if src.path == "" {
			continue
		}
		data, err := os.ReadFile(src.path)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return Config{}, &model.Error{Kind: model.KindInvalidField, File: src.path, Message: "cannot read the configuration file: " + err.Error()}
		}
		f, err := Parse(src.path, data, now)
		if err != nil {
			return Config{}, err
		}
		c.Files = append(c.Files, src.path)
		*src.into = scopedOf(src.path, f)
		if src.into == &c.project && (trusted == nil || !trusted(src.path, data)) {
			c.project.untrusted = true
			c.warnUntrusted(src.path, f)
			continue
		}
		dir := ""
		if src.into == &c.project {
			dir = filepath.Dir(src.path)
		}
		c.addExceptions(src.path, dir, f, now)
	}
	if b := p.Base; b != nil && b.Data != nil {
		f, err := Parse(b.Name, b.Data, now)
		if err != nil {
			return Config{}, err
		}
		c.Files = append(c.Files, b.Name)
		c.project = scopedOf(filepath.Join(b.Dir, ProjectFile), f)
		c.addExceptions(b.Name, b.Dir, f, now)
	}
	return c, nil
}

func scopedOf(path string, f File) scoped {
	s := scoped{environment: f.Environment}
	s.failOn, _ = model.ParseDecision(f.FailOn)
	for _, d := range f.Policies {
		s.policies = append(s.policies, resolve(path, d))
	}
	return s
}

// addExceptions adds a trusted file's unexpired exceptions.
func (c *Config) addExceptions(path, dir string, f File, now time.Time) {
	today := now.UTC().Format(time.DateOnly)
	for _, x := range f.Exceptions {
		src := fmt.Sprintf("%s:%d", path, x.line)
		if x.Expires < today {
			c.Warnings = append(c.Warnings, fmt.Sprintf("%s: the exception for %s (%s) expired on %s and is ignored", src, x.Match, x.Rule, x.Expires))
			continue
		}
		c.Exceptions = append(c.Exceptions, model.Exception{Rule: x.Rule, Match: x.Match, Reason: x.Reason, Expires: x.Expires, Source: src, Dir: dir})
	}
}

// warnUntrusted says what an untrusted project file may not do.
func (c *Config) warnUntrusted(path string, f File) {
	var ignored []string
	if len(f.Policies) > 0 {
		ignored = append(ignored, "policies")
	}
	if len(f.Exceptions) > 0 {
		ignored = append(ignored, "exceptions")
	}
	note := ""
	if len(ignored) > 0 {
		note = ": its " + strings.Join(ignored, " and ") + " " + isAre(len(ignored)) + " ignored"
	}
	c.Warnings = append(c.Warnings, fmt.Sprintf("%s is not trusted, so it may only make the gate stricter%s; if you wrote it, run: recourse trust %s", path, note, path))
}

// resolve makes a policy directory relative to its file's directory.
func resolve(file, dir string) string {
	if filepath.IsAbs(dir) {
		return dir
	}
	return filepath.Join(filepath.Dir(file), dir)
}

// Parse reads one file's YAML strictly (unknown and repeated keys are
// errors) and validates it as of now.
func Parse(path string, data []byte, now time.Time) (File, error) {
	var f File
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return File{}, yamlError(path, err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil && !errors.Is(err, io.EOF) { // io.EOF: an empty file
		return File{}, yamlError(path, err)
	}
	lines := exceptionLines(&root)
	for i := range f.Exceptions {
		if i < len(lines) {
			f.Exceptions[i].line = lines[i]
		}
	}
	return f, f.validate(path, now, topLine(&root, "fail_on"))
}

func (f File) validate(path string, now time.Time, failOnLine int) error {
	if f.FailOn != "" {
		if _, ok := model.ParseFailOn(f.FailOn); !ok {
			return fieldError(path, failOnLine, "fail_on", fmt.Sprintf("%q is not a decision that can stop a call", f.FailOn), "warn, escalate or block", "fail_on: escalate")
		}
	}
	today := now.UTC().Truncate(24 * time.Hour)
	latest := today.AddDate(0, 0, MaxExceptionDays)
	example := `{rule: "fs.rm.*", match: "rm -rf ./data", reason: "scratch data, rebuilt nightly", expires: ` + today.AddDate(0, 0, 30).Format(time.DateOnly) + `}`
	for i, x := range f.Exceptions {
		field := fmt.Sprintf("exceptions[%d]", i)
		for _, req := range []struct{ name, value, want string }{
			{"rule", x.Rule, "a rule id or a glob (fs.rm.*)"},
			{"match", x.Match, "a command (rm -rf ./data), a plan address or an MCP server.tool; * matches within one word"},
			{"reason", x.Reason, "why this change is acceptable, for whoever reads the report"},
			{"expires", x.Expires, "the last day it applies, YYYY-MM-DD, at most 90 days ahead"},
		} {
			if strings.TrimSpace(req.value) == "" {
				return fieldError(path, x.line, field+"."+req.name, "missing (every exception needs a rule, a match, a reason and an end date)", req.want, example)
			}
		}
		end, err := time.Parse(time.DateOnly, x.Expires)
		if err != nil {
			return fieldError(path, x.line, field+".expires", fmt.Sprintf("%q is not a date", x.Expires), "YYYY-MM-DD", example)
		}
		if end.After(latest) {
			return fieldError(path, x.line, field+".expires", fmt.Sprintf("%s is more than %d days ahead", x.Expires, MaxExceptionDays),
				"a date no later than "+latest.Format(time.DateOnly)+": an exception is a decision to revisit", example)
		}
		if strings.Trim(x.Match, "* ") == "" {
			return fieldError(path, x.line, field+".match", "matches everything", "a command, an address or a server.tool, with * only for parts of it", example)
		}
	}
	return nil
}

func fieldError(path string, line int, field, msg, expected, example string) error {
	return &model.Error{Kind: model.KindInvalidField, File: path, Line: line, Field: field, Message: msg, Expected: expected, Example: example}
}

// yamlError locates a YAML decoding error ("yaml: line 3: ...").
func yamlError(path string, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if _, rest, ok := strings.Cut(msg, "line "); ok {
		fmt.Sscanf(rest, "%d", &line)
	}
	return &model.Error{Kind: model.KindInvalidField, File: path, Line: line, Message: "the configuration does not read: " + msg,
		Expected: "YAML with the keys environment, fail_on, policies and exceptions, each once", Example: "fail_on: escalate\nexceptions:\n  - {rule: \"fs.rm.*\", match: \"rm -rf ./data\", reason: \"scratch\", expires: 2027-01-31}"}
}

// exceptionLines are the lines of the exceptions' entries.
func exceptionLines(root *yaml.Node) []int {
	n := topValue(root, "exceptions")
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	out := make([]int, len(n.Content))
	for i, e := range n.Content {
		out[i] = e.Line
	}
	return out
}

// topLine is the line of a top-level key's value, or 0.
func topLine(root *yaml.Node, key string) int {
	if n := topValue(root, key); n != nil {
		return n.Line
	}
	return 0
}

func topValue(root *yaml.Node, key string) *yaml.Node {
	if root == nil || len(root.Content) == 0 || root.Content[0].Kind != yaml.MappingNode {
		return nil
	}
	m := root.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// Resolve reads the configuration files that apply to a project in dir
// (the process's working directory when empty), with the project file
// trusted as the user's trust store says, and applies them to the flags:
// the settings and exceptions to evaluate with. The files' warnings are
// written to warn.
func Resolve(dir string, flags Settings, now time.Time, warn io.Writer) (Settings, []model.Exception, error) {
	return ResolveBase(dir, nil, flags, now, warn)
}

// ResolveBase is Resolve with the project file read from base, trusted,
// in place of the working tree's (nil base: Resolve).
func ResolveBase(dir string, base *BaseFile, flags Settings, now time.Time, warn io.Writer) (Settings, []model.Exception, error) {
	if dir == "" {
		dir, _ = os.Getwd()
	}
	store, err := DefaultTrustStore(false)
	trusted := store.Trusted
	if err != nil {
		trusted = nil
	}
	paths := DefaultPaths(dir)
	if base != nil {
		paths.Project, paths.Base = "", base
	}
	c, err := Load(paths, now, trusted)
	if err != nil {
		return Settings{}, nil, err
	}
	for _, w := range c.Warnings {
		fmt.Fprintln(warn, "recourse: warning:", w)
	}
	return c.Apply(flags), c.Exceptions, nil
}

// Unreviewed are the exceptions of head, a project file as the change
// under review writes it, that are not identical to one of base, the same
// file as reviewed (nil: none): each one the change adds or widens (a
// broader rule or match, a later end date, another reason), as exceptions
// whose Source is head's path and line. A head that does not parse is an
// error: what cannot be read cannot be shown as reviewed.
func Unreviewed(headPath string, head []byte, base []byte, now time.Time) ([]model.Exception, error) {
	h, err := Parse(headPath, head, now)
	if err != nil {
		return nil, err
	}
	var b File
	if base != nil {
		// The base was parsed strictly already; an expired entry there
		// still counts as reviewed text.
		_ = yaml.Unmarshal(base, &b)
	}
	seen := map[exception]bool{}
	for _, x := range b.Exceptions {
		x.line = 0
		seen[x] = true
	}
	var out []model.Exception
	for _, x := range h.Exceptions {
		line := x.line
		x.line = 0
		if seen[x] {
			continue
		}
		out = append(out, model.Exception{Rule: x.Rule, Match: x.Match, Reason: x.Reason, Expires: x.Expires, Source: fmt.Sprintf("%s:%d", headPath, line)})
	}
	return out, nil
}
