// Package catalog is the MCP server catalog: the tools of real MCP servers,
// read from each server's own source at a cited commit, as data. One JSON
// file per server under servers/ says where it was read (repository,
// commit, the paths that define the tools, the date), the names the server
// goes by (its package and repository names and the names clients give it
// in their configuration), and per tool its name, the annotations its
// source declares, what it does (one of the Does kinds) and which of its
// arguments carry risk (SQL, code, a path, a URL ...).
//
// The catalog is data, not a verdict: rules/mcp reads it through one row
// per Does kind (mcp.catalog.read, ...), and the arguments of a call are
// analysed whatever its entry says. The files are embedded and parsed on
// first use (Load), so a process that judges no MCP call never reads them.
//
// A file is refreshed with the generator in ./gen, which re-reads a
// server's tool list from a snapshot of its repository or a tools/list
// dump and prints the proposed entry or its difference from the file.
package catalog

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/recourse-dev/recourse/internal/lazyregexp"
)

// Does says what a tool does, as far as losing something goes.
type Does string

// The kinds of tool. A tool's kind is read from its source (its
// description, its handler, its annotations), not guessed from its name.
const (
	// Read lists, gets, searches or inspects and changes nothing.
	Read Does = "read"
	// ReversibleWrite creates or edits something another call can edit,
	// close or delete again (an issue, a comment, a message, a document).
	ReversibleWrite Does = "reversible-write"
	// KeyedDelete deletes one item named by its key on a service that
	// keeps a trash, a history or a soft delete (a page archived in
	// Notion, a file deleted in a commit).
	KeyedDelete Does = "keyed-delete"
	// Irreversible deletes for good, or many items at once (a database,
	// a collection, every key, a repository).
	Irreversible Does = "irreversible"
	// ConfigChange changes settings, access, scale or deployment.
	ConfigChange Does = "config-change"
	// Exec runs code, a query or a command that its arguments carry.
	Exec Does = "exec"
)

// Kinds are the Does kinds, in order of caution.
var Kinds = []Does{Read, ReversibleWrite, ConfigChange, KeyedDelete, Exec, Irreversible}

// RiskArgs are the argument roles a catalog entry may name as carrying
// risk: what the argument holds, whatever it is called.
var RiskArgs = []string{"query", "sql", "cypher", "graphql", "command", "code", "script", "path", "url", "method", "ids", "filter", "force", "body", "pipeline", "manifest"}

// Source says where a server's tools were read.
type Source struct {
	// Repo is the repository, owner/name on GitHub.
	Repo string `json:"repo"`
	// Commit is the full commit the tools were read at.
	Commit string `json:"commit"`
	// Paths are the files, in Repo at Commit, that define the tools.
	Paths []string `json:"paths"`
	// Read is the date the files were read (YYYY-MM-DD).
	Read string `json:"read"`
}

// Annotations are the hints a tool's source declares; a nil field is not
// declared there.
type Annotations struct {
	ReadOnlyHint    *bool `json:"readOnlyHint,omitempty"`
	DestructiveHint *bool `json:"destructiveHint,omitempty"`
	IdempotentHint  *bool `json:"idempotentHint,omitempty"`
	OpenWorldHint   *bool `json:"openWorldHint,omitempty"`
}

// Tool is one tool of a server.
type Tool struct {
	// Name is the tool's name exactly as the server registers it.
	Name string `json:"name"`
	// Annotations are those the source declares, if any.
	Annotations *Annotations `json:"annotations,omitempty"`
	// Does is what the tool does.
	Does Does `json:"does"`
	// Risk maps an argument of the tool to the role that makes it carry
	// risk ({"query": "cypher", "force": "force"}).
	Risk map[string]string `json:"risk,omitempty"`
	// Note says, where the name does not, why the tool is of its kind.
	Note string `json:"note,omitempty"`
	// Runs is the command the tool runs, as its words, read from the
	// server's source (the git server's git_reset runs repo.index.reset(),
	// which is `git reset`): a word {ARG} is the string argument ARG,
	// {ARG?} the same or nothing when the call leaves it out, {ARG...}
	// each string of the list argument ARG. The command is judged (and,
	// where the action runs, observed) as the same command typed in a
	// shell, so the catalog row and the observation name one operation.
	Runs []string `json:"runs,omitempty"`
	// RunsIn is the argument naming the directory Runs runs in
	// (repo_path); empty: the server's working directory.
	RunsIn string `json:"runsIn,omitempty"`
}

// plainWordRE is a word a shell reads as itself: no quoting, expansion or
// operator.
var plainWordRE = lazyregexp.New(`^[A-Za-z0-9_./=:@+,%-]+$`)

// PlainWord reports whether w is a word a shell reads as itself (a
// literal word of Tool.Runs must be one).
func PlainWord(w string) bool { return plainWordRE.MatchString(w) }

// RunsWord reads a word of Tool.Runs: the argument it stands for, and
// whether it may be left out or is a list; arg is "" for a literal word.
func RunsWord(w string) (arg string, optional, list bool) {
	inner, ok := strings.CutPrefix(w, "{")
	if !ok {
		return "", false, false
	}
	inner, ok = strings.CutSuffix(inner, "}")
	if !ok {
		return "", false, false
	}
	if a, ok := strings.CutSuffix(inner, "..."); ok {
		return a, false, true
	}
	if a, ok := strings.CutSuffix(inner, "?"); ok {
		return a, true, false
	}
	return inner, false, false
}

// Server is one catalog file.
type Server struct {
	// ID is the file's name without .json: one per server.
	ID string `json:"id"`
	// Title names the server for people.
	Title string `json:"title"`
	// Names are the names the server goes by: its package and repository
	// names and the keys clients give it in their configuration
	// ("github", "mcp-atlassian", "atlassian"). Several servers may share
	// one (kubernetes); their tool names tell them apart.
	Names []string `json:"names"`
	// Source is where the tools were read.
	Source Source `json:"source"`
	// Tools are the server's tools, sorted by name.
	Tools []Tool `json:"tools"`
	// byTool indexes Tools by normalised name; built by index.
	byTool map[string]int
}

// index builds s.byTool.
func (s *Server) index() {
	s.byTool = make(map[string]int, len(s.Tools))
	for i, t := range s.Tools {
		s.byTool[NormalTool(t.Name)] = i
	}
}

// Match is a catalog entry that a call's server and tool names resolve
// to.
type Match struct {
	Server *Server
	Tool   *Tool
}

// Catalog is the parsed catalog, indexed by name.
type Catalog struct {
	Servers []*Server
	byName  map[string][]*Server // by normalised server name
}

//go:embed servers/*.json
var files embed.FS

// Load returns the embedded catalog, parsed on the first call. A file that
// does not parse or check is an error, which its callers turn into needs
// review: a broken catalog never makes a call pass.
var Load = sync.OnceValues(func() (*Catalog, error) { return parseFS(files) })

func parseFS(fsys embed.FS) (*Catalog, error) {
	entries, err := fsys.ReadDir("servers")
	if err != nil {
		return nil, err
	}
	c := &Catalog{byName: map[string][]*Server{}}
	for _, e := range entries {
		data, err := fsys.ReadFile("servers/" + e.Name())
		if err != nil {
			return nil, err
		}
		s, err := Parse(data)
		if err != nil {
			return nil, fmt.Errorf("catalog %s: %w", e.Name(), err)
		}
		if want := strings.TrimSuffix(e.Name(), ".json"); s.ID != want {
			return nil, fmt.Errorf("catalog %s: id %q is not the file's name %q", e.Name(), s.ID, want)
		}
		c.add(s)
	}
	return c, nil
}

// New builds a catalog of servers (tests, and the generator's check).
func New(servers ...*Server) *Catalog {
	c := &Catalog{byName: map[string][]*Server{}}
	for _, s := range servers {
		c.add(s)
	}
	return c
}

func (c *Catalog) add(s *Server) {
	s.index()
	c.Servers = append(c.Servers, s)
	seen := map[string]bool{}
	for _, n := range append([]string{s.ID}, s.Names...) {
		k := NormalName(n)
		if k != "" && !seen[k] {
			seen[k] = true
			c.byName[k] = append(c.byName[k], s)
		}
	}
}

// Parse reads and checks one catalog file: unknown fields, a missing
// source, an unknown kind or risk role, and a tool listed twice are
// errors.
func Parse(data []byte) (*Server, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var s Server
	if err := dec.Decode(&s); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("more than one JSON value")
	}
	return &s, s.Check()
}

var (
	commitRE = lazyregexp.New(`^[0-9a-f]{40}$`)
	dateRE   = lazyregexp.New(`^20[0-9]{2}-[01][0-9]-[0-3][0-9]$`)
	repoRE   = lazyregexp.New(`^[A-Za-z0-9][\w.-]*/[\w.-]+$`)
	idRE     = lazyregexp.New(`^[a-z0-9][a-z0-9-]*$`)
)

// Check says what is wrong with a server's entry, if anything.
func (s *Server) Check() error {
	switch {
	case !idRE.MatchString(s.ID):
		return fmt.Errorf("id %q: want lower-case letters, digits and -", s.ID)
	case s.Title == "":
		return fmt.Errorf("title is empty")
	case len(s.Names) == 0:
		return fmt.Errorf("names is empty: list the names clients give the server")
	case !repoRE.MatchString(s.Source.Repo):
		return fmt.Errorf("source.repo %q: want owner/name", s.Source.Repo)
	case !commitRE.MatchString(s.Source.Commit):
		return fmt.Errorf("source.commit %q: want a full 40-hex commit", s.Source.Commit)
	case len(s.Source.Paths) == 0:
		return fmt.Errorf("source.paths is empty: name the files that define the tools")
	case !dateRE.MatchString(s.Source.Read):
		return fmt.Errorf("source.read %q: want the date read, YYYY-MM-DD", s.Source.Read)
	case len(s.Tools) == 0:
		return fmt.Errorf("tools is empty")
	}
	for _, p := range s.Source.Paths {
		if p == "" || path.IsAbs(p) || strings.Contains(p, "..") {
			return fmt.Errorf("source.paths: %q is not a path inside the repository", p)
		}
	}
	seen := map[string]bool{}
	for i, t := range s.Tools {
		switch {
		case t.Name == "":
			return fmt.Errorf("tools[%d]: name is empty", i)
		case seen[NormalTool(t.Name)]:
			return fmt.Errorf("tool %q is listed twice", t.Name)
		case !slices.Contains(Kinds, t.Does):
			return fmt.Errorf("tool %q: does %q is not one of %v", t.Name, t.Does, Kinds)
		}
		seen[NormalTool(t.Name)] = true
		for arg, role := range t.Risk {
			if arg == "" || !slices.Contains(RiskArgs, role) {
				return fmt.Errorf("tool %q: risk %q: %q is not one of %v", t.Name, arg, role, RiskArgs)
			}
		}
		for _, w := range t.Runs {
			if arg, _, _ := RunsWord(w); !PlainWord(w) && arg == "" {
				return fmt.Errorf("tool %q: runs word %q: want a literal word, {ARG}, {ARG?} or {ARG...}", t.Name, w)
			}
		}
		if t.RunsIn != "" && len(t.Runs) == 0 {
			return fmt.Errorf("tool %q: runsIn without runs", t.Name)
		}
		if i > 0 && s.Tools[i-1].Name > t.Name {
			return fmt.Errorf("tool %q: tools are not sorted by name (after %q)", t.Name, s.Tools[i-1].Name)
		}
	}
	return nil
}

// Tool returns the server's tool of the normalised name, if any.
func (s *Server) Tool(name string) *Tool {
	n := NormalTool(name)
	if s.byTool != nil {
		if i, ok := s.byTool[n]; ok {
			return &s.Tools[i]
		}
		return nil
	}
	for i := range s.Tools {
		if NormalTool(s.Tools[i].Name) == n {
			return &s.Tools[i]
		}
	}
	return nil
}

// Lookup resolves a call's server and tool names, as any host spells them,
// to the catalog entries they may be. The server is the explicit one or
// the prefix of the tool name (mcp__server__tool, mcp_server_tool,
// server__tool, @server/tool, server.tool, server___tool); a server
// name shared by several servers is told apart by the tool name. With no
// server name, nothing resolves: a tool name alone is not a server.
// Several matches (two servers with the same name and tool) are all
// returned, for the caller to take the most cautious.
func (c *Catalog) Lookup(server, tool string) []Match {
	var out []Match
	for _, cand := range spellings(server, tool) {
		for _, s := range c.byName[NormalName(cand.server)] {
			if t := s.Tool(cand.tool); t != nil && !slices.ContainsFunc(out, func(m Match) bool { return m.Tool == t }) {
				out = append(out, Match{Server: s, Tool: t})
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return out
}

type spelling struct{ server, tool string }

// spellings are the ways a server and a tool name may be read from what a
// host passed: the explicit server with the whole tool name, and each
// prefix a host writes before the tool's name.
func spellings(server, tool string) []spelling {
	server, tool = strings.TrimSpace(server), strings.TrimSpace(tool)
	var out []spelling
	add := func(s, t string) {
		if s != "" && t != "" {
			out = append(out, spelling{s, t})
		}
	}
	add(server, tool)
	rest := tool
	switch {
	case strings.HasPrefix(rest, "mcp__"): // Claude Code: mcp__server__tool
		s, t, _ := strings.Cut(strings.TrimPrefix(rest, "mcp__"), "__")
		add(s, t)
	case strings.HasPrefix(rest, "@"): // @server/tool
		s, t, _ := strings.Cut(strings.TrimPrefix(rest, "@"), "/")
		add(s, t)
	}
	for _, sep := range []string{"___", "__", "/", "."} { // server__tool, server/tool, server.tool
		if s, t, ok := strings.Cut(rest, sep); ok {
			add(s, t)
		}
	}
	if strings.HasPrefix(rest, "mcp_") && !strings.HasPrefix(rest, "mcp__") {
		// mcp_server_tool: the server's name may hold "_" or "-" itself,
		// so every split is a candidate; byName decides which is a server.
		r := strings.TrimPrefix(rest, "mcp_")
		for i := strings.Index(r, "_"); i > 0; i = nextUnderscore(r, i) {
			add(r[:i], r[i+1:])
		}
	}
	if server != "" {
		// A tool name that repeats the server's name as a prefix
		// (server "atlassian", tool "atlassian_jira_search") is tried without it.
		for _, sep := range []string{"__", "_", "-", "."} {
			if t, ok := cutPrefixFold(tool, server+sep); ok {
				add(server, t)
			}
		}
	}
	return out
}

func nextUnderscore(s string, i int) int {
	j := strings.Index(s[i+1:], "_")
	if j < 0 {
		return -1
	}
	return i + 1 + j
}

func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

// NormalName is a server name as the catalog indexes it: lower case, its
// words joined by "-", a scope (@org/) and an "mcp"/"server" word at
// either end kept (mcp-atlassian is its own name) but "_" and "." read
// as "-".
func NormalName(name string) string {
	name = strings.ToLower(strings.TrimSpace(name))
	return strings.Join(strings.FieldsFunc(name, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '@' && r != '/'
	}), "-")
}

// NormalTool is a tool name as entries are matched: its words, lower
// case, joined by "_" (deleteRepository, delete-repository and
// DELETE_REPOSITORY are one name).
func NormalTool(name string) string { return strings.Join(words(name), "_") }

// words splits a name into lower-case words at case changes and at any
// character that is not a letter or digit.
func words(name string) []string {
	var out []string
	start := -1
	var last rune
	for i := 0; i < len(name); {
		r, size := utf8.DecodeRuneInString(name[i:])
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			out, start = appendWord(out, name, start, i), -1
		case start < 0:
			start = i
		case unicode.IsUpper(r) && (unicode.IsLower(last) || i+size < len(name) && unicode.IsLower(rune(name[i+size]))):
			out, start = appendWord(out, name, start, i), i
		}
		last = r
		i += size
	}
	return appendWord(out, name, start, len(name))
}

func appendWord(out []string, name string, start, end int) []string {
	if start < 0 || end <= start {
		return out
	}
	return append(out, strings.ToLower(name[start:end]))
}
