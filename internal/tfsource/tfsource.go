// Package tfsource finds where a Terraform resource is written: the
// resource, data or module block, in the .tf files of a working
// directory, that a plan's resource address comes from. Code scanning,
// review annotations and merge-request findings point there rather than at
// the plan's JSON.
//
// It reads configuration with HashiCorp's own HCL parser (hclsyntax for
// .tf, the JSON syntax for .tf.json), follows module calls whose source is
// a local path, and stops at a module from a registry or a repository,
// placing its resources at the module call (the code the team owns).
// Reading is bounded: a file larger than MaxFileBytes, more than MaxFiles
// files in a directory or modules nested deeper than MaxDepth are not
// read, and an address found nowhere simply has no location; finding
// places never fails an evaluation.
package tfsource

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// Bounds on what is read.
const (
	MaxFileBytes = 4 << 20
	MaxFiles     = 1000
	MaxDepth     = 32
)

// Location is a block's place: a file and its first and last lines.
type Location struct {
	File      string
	StartLine int
	EndLine   int
}

// Index finds the blocks of one root module and the local modules it
// calls. It reads each module directory once, when an address first
// needs it.
type Index struct {
	root    string
	modules map[string]*module  // by directory
	lines   map[string][]string // by file, for Comments
}

// Comment is one comment line: its text after # or //, and its line.
type Comment struct {
	Text string
	Line int
}

// Comments are the comments written on a block: the comment lines right
// above its first line (up to a blank or code line) and a comment at the
// end of its first line, in order.
func (ix *Index) Comments(loc Location) []Comment {
	lines, ok := ix.lines[loc.File]
	if !ok {
		if src, err := readBounded(loc.File); err == nil {
			lines = strings.Split(string(src), "\n")
		}
		ix.lines[loc.File] = lines
	}
	if loc.StartLine < 1 || loc.StartLine > len(lines) {
		return nil
	}
	var above []Comment
	for n := loc.StartLine - 1; n >= 1; n-- {
		text, ok := commentText(strings.TrimSpace(lines[n-1]))
		if !ok {
			break
		}
		above = append(above, Comment{Text: text, Line: n})
	}
	slices.Reverse(above)
	header := lines[loc.StartLine-1]
	if i := strings.LastIndex(header, "#"); i >= 0 {
		above = append(above, Comment{Text: strings.TrimSpace(header[i+1:]), Line: loc.StartLine})
	}
	return above
}

// commentText is a whole-line comment's text.
func commentText(line string) (string, bool) {
	for _, p := range []string{"#", "//"} {
		if rest, ok := strings.CutPrefix(line, p); ok {
			return strings.TrimSpace(rest), true
		}
	}
	return "", false
}

// module is the blocks of one directory, keyed "resource.TYPE.NAME",
// "data.TYPE.NAME" and "module.NAME".
type module struct {
	blocks  map[string]Location
	sources map[string]string // module call name → its source
}

// New returns the index of the root module in dir. It reads nothing yet;
// ok is false when dir holds no .tf or .tf.json file.
func New(dir string) (ix *Index, ok bool) {
	ix = &Index{root: dir, modules: map[string]*module{}, lines: map[string][]string{}}
	return ix, len(configFiles(dir)) > 0
}

// Locate returns the block the resource address comes from: a resource
// or data block, or the module call that brings a module from elsewhere.
// Instance keys (count, for_each) place every instance at its block.
func (ix *Index) Locate(address string) (Location, bool) {
	steps, err := parseAddress(address)
	if err != nil || len(steps) == 0 {
		return Location{}, false
	}
	dir := ix.root
	for depth, s := range steps {
		m := ix.module(dir)
		if s.kind != "module" {
			loc, ok := m.blocks[s.kind+"."+s.typ+"."+s.name]
			return loc, ok
		}
		call, ok := m.blocks["module."+s.name]
		if !ok {
			return Location{}, false
		}
		next, local := localSource(dir, m.sources[s.name])
		if !local || depth+1 >= MaxDepth {
			return call, true // the module's code is not the team's: its call is
		}
		dir = next
	}
	return Location{}, false
}

// localSource is the directory a local module source ("./x", "../x")
// names, relative to the calling module's directory.
func localSource(dir, source string) (string, bool) {
	if !strings.HasPrefix(source, "./") && !strings.HasPrefix(source, "../") {
		return "", false
	}
	return filepath.Join(dir, filepath.FromSlash(source)), true
}

func (ix *Index) module(dir string) *module {
	if m, ok := ix.modules[dir]; ok {
		return m
	}
	m := readModule(dir)
	ix.modules[dir] = m
	return m
}

// configFiles lists a directory's configuration files, sorted, at most
// MaxFiles of them.
func configFiles(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var files []string
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || !(strings.HasSuffix(name, ".tf") || strings.HasSuffix(name, ".tf.json")) {
			continue
		}
		files = append(files, filepath.Join(dir, name))
	}
	sort.Strings(files)
	if len(files) > MaxFiles {
		files = files[:MaxFiles]
	}
	return files
}

// blockSchema names the blocks whose places are wanted.
var blockSchema = &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{
	{Type: "resource", LabelNames: []string{"type", "name"}},
	{Type: "data", LabelNames: []string{"type", "name"}},
	{Type: "module", LabelNames: []string{"name"}},
}}

func readModule(dir string) *module {
	m := &module{blocks: map[string]Location{}, sources: map[string]string{}}
	p := hclparse.NewParser()
	for _, path := range configFiles(dir) {
		src, err := readBounded(path)
		if err != nil {
			continue
		}
		var f *hcl.File
		if strings.HasSuffix(path, ".json") {
			f, _ = p.ParseJSON(src, path)
		} else {
			f, _ = p.ParseHCL(src, path)
		}
		if f == nil || f.Body == nil {
			continue
		}
		// A file with errors still yields the blocks it parsed.
		content, _, _ := f.Body.PartialContent(blockSchema)
		if content == nil {
			continue
		}
		for _, b := range content.Blocks {
			m.add(path, b)
		}
	}
	return m
}

func (m *module) add(path string, b *hcl.Block) {
	loc := Location{File: path, StartLine: b.DefRange.Start.Line, EndLine: b.DefRange.End.Line}
	if body, ok := b.Body.(*hclsyntax.Body); ok {
		loc.EndLine = body.SrcRange.End.Line
	}
	key := b.Type + "." + strings.Join(b.Labels, ".")
	if _, dup := m.blocks[key]; !dup {
		m.blocks[key] = loc
	}
	if b.Type != "module" {
		return
	}
	attrs, _ := b.Body.JustAttributes()
	if a, ok := attrs["source"]; ok {
		if v, diags := a.Expr.Value(nil); !diags.HasErrors() && v.Type().FriendlyName() == "string" && v.IsKnown() && !v.IsNull() {
			m.sources[b.Labels[0]] = v.AsString()
		}
	}
}

func readBounded(path string) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if info.Size() > MaxFileBytes {
		return nil, errors.New("larger than the bound")
	}
	return os.ReadFile(path)
}

// step is one part of a resource address: a module call, or the
// resource or data source it ends with.
type step struct {
	kind, typ, name string // kind: module, resource or data
}

// parseAddress splits a Terraform resource address
// (module.a["k"].module.b.aws_db_instance.main[0], data.x.y) into its
// steps, dropping instance keys.
func parseAddress(addr string) ([]step, error) {
	parts, err := splitAddress(addr)
	if err != nil {
		return nil, err
	}
	var steps []step
	for len(parts) > 0 {
		switch {
		case parts[0] == "module" && len(parts) >= 2:
			steps = append(steps, step{kind: "module", name: parts[1]})
			parts = parts[2:]
		case parts[0] == "data" && len(parts) == 3:
			return append(steps, step{kind: "data", typ: parts[1], name: parts[2]}), nil
		case len(parts) == 2:
			return append(steps, step{kind: "resource", typ: parts[0], name: parts[1]}), nil
		default:
			return nil, errors.New("not a resource address: " + addr)
		}
	}
	return nil, errors.New("no resource in " + addr)
}

// splitAddress cuts an address at its dots, skipping instance keys
// ([0], ["a.b"]) whatever they hold.
func splitAddress(addr string) ([]string, error) {
	var parts []string
	var cur strings.Builder
	for i := 0; i < len(addr); i++ {
		switch c := addr[i]; c {
		case '.':
			parts = append(parts, cur.String())
			cur.Reset()
		case '[':
			end, err := keyEnd(addr, i)
			if err != nil {
				return nil, err
			}
			i = end
		default:
			cur.WriteByte(c)
		}
	}
	parts = append(parts, cur.String())
	for _, p := range parts {
		if p == "" {
			return nil, errors.New("empty step in " + addr)
		}
	}
	return parts, nil
}

// keyEnd is the index of the ']' that closes the key opened at addr[i].
func keyEnd(addr string, i int) (int, error) {
	inString := false
	for j := i + 1; j < len(addr); j++ {
		switch c := addr[j]; {
		case inString && c == '\\':
			j++
		case c == '"':
			inString = !inString
		case !inString && c == ']':
			return j, nil
		}
	}
	return 0, errors.New("unclosed instance key in " + addr)
}
