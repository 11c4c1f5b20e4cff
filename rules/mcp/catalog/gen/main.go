// Command gen re-reads an MCP server's tool list and prints the catalog
// entry it proposes, or how the catalog's file for the server differs
// from it, so that an entry is refreshed from the server's own source:
//
//	go run ./rules/mcp/catalog/gen -git-dir /work/.mirror/OWNER+NAME/repo -commit HEAD \
//	    -repo OWNER/NAME -paths src/tools -id NAME -names name,other-name
//	go run ./rules/mcp/catalog/gen -tools-list tools.json -repo OWNER/NAME -commit SHA -paths src/server.ts -id NAME
//	go run ./rules/mcp/catalog/gen ... -check rules/mcp/catalog/servers/NAME.json
//
// From a repository snapshot (a git directory, read with git show at the
// commit, nothing checked out or run) it finds tool registrations in Go
// (mcp.NewTool("x"), Name: "x"), TypeScript (server.tool("x"),
// registerTool("x"), name: "x") and Python (@mcp.tool(name="x") or the
// decorated def) and reads the annotations declared beside each. From a
// tools/list dump ({"tools": [...]}) it reads names, annotations and the
// input schema's properties. What each tool does is proposed from its
// annotations and its name's words: a person reads the source and
// corrects it before the entry goes into the catalog; nothing is applied
// by itself. With -check the difference is printed and the exit status
// is 1 when there is one.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/recourse-dev/recourse/rules/mcp/catalog"
)

func main() {
	var o options
	flag.StringVar(&o.gitDir, "git-dir", "", "a git directory holding the server's repository")
	flag.StringVar(&o.commit, "commit", "HEAD", "the commit to read (resolved to its full hash)")
	flag.StringVar(&o.repo, "repo", "", "the repository, owner/name")
	flag.StringVar(&o.paths, "paths", "", "comma-separated files or folders that define the tools")
	flag.StringVar(&o.toolsList, "tools-list", "", "a tools/list result (JSON) to read instead of the source")
	flag.StringVar(&o.id, "id", "", "the catalog id (file name)")
	flag.StringVar(&o.title, "title", "", "the server's title")
	flag.StringVar(&o.names, "names", "", "comma-separated names the server goes by")
	flag.StringVar(&o.prefix, "prefix", "", "a prefix the server adds to every tool name")
	flag.StringVar(&o.check, "check", "", "a catalog file to compare with")
	flag.Parse()
	s, err := propose(o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	if o.check != "" {
		data, err := os.ReadFile(o.check)
		if err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
		have, err := catalog.Parse(data)
		if err != nil {
			fmt.Fprintln(os.Stderr, "gen:", o.check+":", err)
			os.Exit(1)
		}
		if d := diff(have, s); len(d) > 0 {
			fmt.Println(strings.Join(d, "\n"))
			os.Exit(1)
		}
		fmt.Println("no difference")
		return
	}
	out, _ := json.MarshalIndent(s, "", "  ")
	fmt.Println(string(out))
}

type options struct {
	gitDir, commit, repo, paths, toolsList, id, title, names, prefix, check string
}

func propose(o options) (*catalog.Server, error) {
	s := &catalog.Server{ID: o.id, Title: o.title, Source: catalog.Source{Repo: o.repo, Read: time.Now().UTC().Format("2006-01-02")}}
	for _, n := range strings.Split(o.names, ",") {
		if n = strings.TrimSpace(n); n != "" {
			s.Names = append(s.Names, n)
		}
	}
	for _, p := range strings.Split(o.paths, ",") {
		if p = strings.TrimSpace(p); p != "" {
			s.Source.Paths = append(s.Source.Paths, p)
		}
	}
	var tools []found
	var err error
	switch {
	case o.toolsList != "":
		s.Source.Commit = o.commit
		tools, err = fromToolsList(o.toolsList)
	case o.gitDir != "":
		s.Source.Commit, err = git(o.gitDir, "rev-parse", o.commit+"^{commit}")
		if err != nil {
			return nil, err
		}
		s.Source.Commit = strings.TrimSpace(s.Source.Commit)
		tools, err = fromSource(o.gitDir, s.Source.Commit, s.Source.Paths)
	default:
		return nil, fmt.Errorf("give -git-dir or -tools-list")
	}
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, f := range tools {
		name := o.prefix + f.name
		if seen[name] {
			continue
		}
		seen[name] = true
		s.Tools = append(s.Tools, catalog.Tool{Name: name, Annotations: f.ann, Does: catalog.ProposeDoes(name, f.ann, f.risk), Risk: f.risk})
	}
	sort.Slice(s.Tools, func(i, j int) bool { return s.Tools[i].Name < s.Tools[j].Name })
	return s, nil
}

// found is a tool as read from its source or a tools/list dump.
type found struct {
	name string
	ann  *catalog.Annotations
	risk map[string]string
}

func git(dir string, args ...string) (string, error) {
	out, err := exec.Command("git", append([]string{"--git-dir=" + dir}, args...)...).Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %w", strings.Join(args, " "), err)
	}
	return string(out), nil
}

// fromSource reads the files under paths at commit and finds the tools
// registered in them.
func fromSource(dir, commit string, paths []string) ([]found, error) {
	list, err := git(dir, append([]string{"ls-tree", "-r", "--name-only", commit, "--"}, paths...)...)
	if err != nil {
		return nil, err
	}
	var out []found
	for _, file := range strings.Fields(list) {
		if !strings.HasSuffix(file, ".go") && !strings.HasSuffix(file, ".ts") && !strings.HasSuffix(file, ".js") && !strings.HasSuffix(file, ".py") ||
			strings.Contains(file, "_test.") || strings.Contains(file, ".test.") || strings.Contains(file, "/test") || strings.Contains(file, ".spec.") {
			continue
		}
		text, err := git(dir, "show", commit+":"+file)
		if err != nil {
			return nil, err
		}
		out = append(out, scan(text)...)
	}
	return out, nil
}

// The registrations a tool's name is read from.
var nameREs = []*regexp.Regexp{
	regexp.MustCompile(`(?:NewTool|MustTool|NewServerTool)\(\s*"([A-Za-z][\w-]*)"`),
	regexp.MustCompile(`(?m)^\s*Name:\s*"([a-z][\w-]*)",`),
	regexp.MustCompile(`(?m)^\s*name:\s*["'` + "`" + `]([A-Za-z][\w-]*)["'` + "`" + `](?:\s+as\s+const)?,`),
	regexp.MustCompile(`(?m)^\s+([a-z][a-z0-9_]+): (?:injectableTool|tool)\(\{`),                       // supabase, upstash: name: tool({...})
	regexp.MustCompile(`(?m)^\s*method:\s*'([a-z][a-z_]+)',$`),                                         // stripe's shared tools
	regexp.MustCompile(`(?m)^\s*Tool[A-Z]\w*\s*=\s*"([a-z][\w-]*)"$`),                                  // Go constants: ToolConversationsHistory = "conversations_history"
	regexp.MustCompile(`static toolName = "([a-z][\w-]*)"|export const \w+ToolName = "([a-z][\w-]*)"`), // mongodb`,
	regexp.MustCompile(`\.(?:tool|registerTool)\(\s*["'` + "`" + `]([A-Za-z][\w-]*)["'` + "`" + `]`),
	regexp.MustCompile(`@\w+\.tool\((?:[^@]*?\bname\s*=\s*(?:\w+\s*\+\s*)?["']([\w-]+)["'])?[^@]*?\)\s*(?:@[\w.]+(?:\([^)]*\))?\s*)*(?:async\s+)?def\s+(\w+)`),
	regexp.MustCompile(`(?m)^\s*(?:public\s+|override\s+|static\s+)*(?:readonly\s+)?name\s*=\s*["']([a-z][\w-]*)["'];`),
	regexp.MustCompile(`(?m)^const name = ["']([a-z][\w-]*)["'];`),
	regexp.MustCompile(`(?m)^    [A-Z][A-Z_]+ = "([a-z][a-z_]*)"$`),             // a Python enum of tool names (class GitTools(str, Enum))
	regexp.MustCompile(`register\w*Tool\(\s*(?:\w+,\s*)?["']([a-z][\w-]*)["']`), // pinecone: registerDatabaseTool(server, 'search-records', …)
	regexp.MustCompile(`self\.tool\([^)]*?\bname\s*=\s*["']([\w-]+)["']`),       // qdrant: self.tool(fn, name="qdrant-find")
	regexp.MustCompile(`\bTool\(\s*name\s*=\s*["']([\w-]+)["']`),
	regexp.MustCompile(`(?:^|[^@\w])mcp\.tool\(\s*name\s*=\s*["']([\w-]+)["']\s*\)\(`),                                       // awslabs: self.mcp.tool(name='x')(self.x)
	regexp.MustCompile(`\.(?:account|zone)Tool\(\s*(?:["'` + "`" + `]([A-Za-z][\w-]*)["'` + "`" + `]|[A-Z_]+_TOOLS\.(\w+))`), // cloudflare: context.accountTool('x' or X_TOOLS.x
}

var (
	hintRE = map[string]*regexp.Regexp{
		"readOnlyHint":    regexp.MustCompile(`(?i)(?:readOnlyHint["']?\s*[:=]\s*(?:ptr\.To\(|ToBoolPtr\(|jsonschema\.Ptr\(|&)?\s*|WithReadOnlyHintAnnotation\()(true|false)`),
		"destructiveHint": regexp.MustCompile(`(?i)(?:destructiveHint["']?\s*[:=]\s*(?:ptr\.To\(|ToBoolPtr\(|jsonschema\.Ptr\(|&)?\s*|WithDestructiveHintAnnotation\()(true|false)`),
		"idempotentHint":  regexp.MustCompile(`(?i)(?:idempotentHint["']?\s*[:=]\s*(?:ptr\.To\(|ToBoolPtr\(|jsonschema\.Ptr\(|&)?\s*|WithIdempotentHintAnnotation\()(true|false)`),
	}
	argREs = []*regexp.Regexp{
		regexp.MustCompile(`With(?:String|Number|Boolean|Array|Object)\(\s*"(\w+)"`),
		regexp.MustCompile(`["'](\w+)["']\s*:\s*\{`),
		regexp.MustCompile(`(?m)^\s*(\w+)\s*:\s*z\.`),
		regexp.MustCompile(`(?m)(?:^\s*|[(,]\s*)(\w+)\s*:\s*(?:Annotated\[)?\s*(?:str|int|bool|list|dict|Optional|float)\b`),
	}
)

type mark struct {
	at   int
	name string
}

// scan finds the tool registrations in one file, each with the text up to
// the next one, in which its annotations and arguments are read.
func scan(text string) []found {
	var marks []mark
	for _, re := range nameREs {
		for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
			name := ""
			for g := 1; g*2 < len(m); g++ {
				if m[g*2] >= 0 {
					name = text[m[g*2]:m[g*2+1]]
					break
				}
			}
			if name != "" {
				marks = append(marks, mark{m[0], name})
			}
		}
	}
	sort.Slice(marks, func(i, j int) bool { return marks[i].at < marks[j].at })
	var out []found
	for i, m := range marks {
		end := len(text)
		if i+1 < len(marks) {
			end = marks[i+1].at
		}
		// A Python decorator's def comes after its annotations: read
		// from the decorator on.
		start := m.at
		window := text[start:min(end, start+4000)]
		out = append(out, found{name: m.name, ann: hints(window), risk: riskArgs(window)})
	}
	return out
}

func hints(window string) *catalog.Annotations {
	var a catalog.Annotations
	set := false
	for key, re := range hintRE {
		m := re.FindStringSubmatch(window)
		if m == nil {
			continue
		}
		v := strings.EqualFold(m[1], "true")
		set = true
		switch key {
		case "readOnlyHint":
			a.ReadOnlyHint = &v
		case "destructiveHint":
			a.DestructiveHint = &v
		case "idempotentHint":
			a.IdempotentHint = &v
		}
	}
	if !set {
		return nil
	}
	return &a
}

func riskArgs(window string) map[string]string {
	out := map[string]string{}
	for _, re := range argREs {
		for _, m := range re.FindAllStringSubmatch(window, -1) {
			if role := catalog.RoleOf(m[1]); role != "" {
				out[m[1]] = role
			}
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// fromToolsList reads a tools/list result.
func fromToolsList(file string) ([]found, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Result *struct {
			Tools []listedTool `json:"tools"`
		} `json:"result"`
		Tools []listedTool `json:"tools"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: not a tools/list result: %w", file, err)
	}
	tools := doc.Tools
	if doc.Result != nil {
		tools = doc.Result.Tools
	}
	var out []found
	for _, t := range tools {
		f := found{name: t.Name, ann: t.Annotations, risk: map[string]string{}}
		for p := range t.InputSchema.Properties {
			if role := catalog.RoleOf(p); role != "" {
				f.risk[p] = role
			}
		}
		if len(f.risk) == 0 {
			f.risk = nil
		}
		out = append(out, f)
	}
	return out, nil
}

type listedTool struct {
	Name        string               `json:"name"`
	Annotations *catalog.Annotations `json:"annotations"`
	InputSchema struct {
		Properties map[string]json.RawMessage `json:"properties"`
	} `json:"inputSchema"`
}

// diff says how the catalog's entry differs from the source's tools.
func diff(have, want *catalog.Server) []string {
	var out []string
	if have.Source.Commit != want.Source.Commit {
		out = append(out, fmt.Sprintf("commit: catalog %s, source %s", have.Source.Commit, want.Source.Commit))
	}
	for _, t := range want.Tools {
		h := have.Tool(t.Name)
		switch {
		case h == nil:
			out = append(out, fmt.Sprintf("+ %s (new in the source; proposed: %s)", t.Name, t.Does))
		case !sameHints(h.Annotations, t.Annotations):
			out = append(out, fmt.Sprintf("~ %s: annotations catalog %s, source %s", t.Name, hintString(h.Annotations), hintString(t.Annotations)))
		}
	}
	for _, t := range have.Tools {
		if want.Tool(t.Name) == nil {
			out = append(out, fmt.Sprintf("- %s (gone from the source)", t.Name))
		}
	}
	return out
}

func sameHints(a, b *catalog.Annotations) bool { return hintString(a) == hintString(b) }

func hintString(a *catalog.Annotations) string {
	if a == nil {
		return "none"
	}
	b, _ := json.Marshal(a)
	return string(b)
}
