package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/spf13/cobra"

	"github.com/recourse-dev/recourse/gateway"
	"github.com/recourse-dev/recourse/internal/redact"
	"github.com/recourse-dev/recourse/rules/mcp/catalog"
)

// learnLimits are recourse mcp catalog learn's bounds, set by its flags.
type learnLimits struct {
	startup, list      time.Duration
	maxTools, maxBytes int
}

// learned is what learn prints: a proposal, never a catalog file as
// reviewed. Each entry is in the catalog's server-file format; a person
// reads the server's source, corrects the entry, fills in its source
// (repository, commit, paths) and only then adds it to the catalog.
type learned struct {
	Status  string          `json:"status"`
	Note    string          `json:"note"`
	Servers []learnedServer `json:"servers"`
	Failed  []learnFailure  `json:"failed,omitempty"`
}

type learnedServer struct {
	Upstream string          `json:"upstream"`
	Learned  learnProvenance `json:"learned"`
	Entry    *catalog.Server `json:"entry"`
}

// learnProvenance says where and when the tools were listed. Command and
// URL are redacted; the environment and headers are never printed.
type learnProvenance struct {
	Transport string `json:"transport"`
	Command   string `json:"command,omitempty"`
	URL       string `json:"url,omitempty"`
	Date      string `json:"date"`
	Protocol  string `json:"via"`
}

type learnFailure struct {
	Upstream string `json:"upstream"`
	Error    string `json:"error"`
}

func newCatalogCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "catalog",
		Short: "The MCP server catalog: what real servers' tools do",
	}
	var (
		from, out string
		lim       learnLimits
	)
	learn := &cobra.Command{
		Use:   "learn (--from CONFIG | -- COMMAND [ARG...])",
		Short: "Start MCP servers, list their tools and print proposed catalog entries",
		Long: `Start each upstream of a gateway configuration (--from, the format of
recourse mcp gateway --config), or one stdio server given after --, exactly
as the gateway starts it; initialize it, list its tools (following
nextCursor, bounded) and close it. Print, as JSON, one proposed catalog
entry per server in the format of rules/mcp/catalog/servers/*.json: each
tool's declared annotations (readOnlyHint, destructiveHint, idempotentHint,
openWorldHint), what Recourse reads it does from its annotations, its name's
words and its arguments (read, reversible-write, config-change, keyed-delete,
exec, irreversible), and which arguments carry risk (sql, query, command,
path, url, ids, filter, force ...).

The entries are proposals: status "proposed", unreviewed, with the server's
command (credentials redacted; its environment and headers never printed)
and the date as provenance. Nothing is written into the catalog; --out
writes the proposal to a new file and refuses an existing one. A server
that fails to start or answer is reported under "failed", the others are
still printed, and the exit status is 1. See docs/mcp-calls.md.`,
		Example: `  recourse mcp catalog learn --from gateway.yaml
  recourse mcp catalog learn --out proposal.json -- npx -y @modelcontextprotocol/server-filesystem /srv/project`,
		RunE: func(cmd *cobra.Command, args []string) error {
			servers, err := learnServers(cmd, from, args)
			if err != nil {
				return err
			}
			if lim.startup <= 0 || lim.list <= 0 || lim.maxTools <= 0 || lim.maxBytes <= 0 {
				return usageErr("--startup-timeout, --list-timeout, --max-tools and --max-bytes must be positive")
			}
			var file *os.File
			if out != "" {
				// O_EXCL: a proposal never replaces a file, the catalog's
				// least of all.
				if file, err = os.OpenFile(out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644); err != nil {
					return usageErr("--out %s: %v (expected a new file; learn never overwrites one)", out, err)
				}
				defer file.Close()
			}
			doc := learnAll(servers, lim, time.Now().UTC())
			data, _ := json.MarshalIndent(doc, "", "  ")
			data = append(data, '\n')
			w := cmd.OutOrStdout()
			if file != nil {
				w = file
			}
			if _, err := w.Write(data); err != nil {
				return &exitStatus{code: exitError, err: err}
			}
			for _, f := range doc.Failed {
				fmt.Fprintf(cmd.ErrOrStderr(), "recourse: upstream %s failed: %s\n", f.Upstream, f.Error)
			}
			if len(doc.Failed) > 0 {
				return &exitStatus{code: exitError}
			}
			return nil
		},
	}
	learn.Flags().StringVar(&from, "from", "", "a gateway configuration (YAML or JSON, mcpServers) whose upstreams to learn")
	learn.Flags().StringVar(&out, "out", "", "write the proposal to this new file (refused if it exists) instead of stdout")
	learn.Flags().DurationVar(&lim.startup, "startup-timeout", 30*time.Second, "bound on starting and initialising each server")
	learn.Flags().DurationVar(&lim.list, "list-timeout", 30*time.Second, "bound on each server's tools/list, all pages, counted from the end of the startup bound")
	learn.Flags().IntVar(&lim.maxTools, "max-tools", 2000, "most tools read from one server")
	learn.Flags().IntVar(&lim.maxBytes, "max-bytes", 8<<20, "most bytes of tool definitions read from one server")
	cmd.AddCommand(learn)
	return cmd
}

// learnServers reads the servers to learn: --from's enabled upstreams, or
// the one command after --.
func learnServers(cmd *cobra.Command, from string, args []string) (map[string]gateway.Server, error) {
	dash := cmd.ArgsLenAtDash()
	switch {
	case from != "" && len(args) > 0:
		return nil, usageErr("give --from CONFIG or -- COMMAND ARGS, not both")
	case from != "":
		cfg, err := gateway.ReadConfig(from)
		if err != nil {
			return nil, errorDocument(cmd, err)
		}
		out := map[string]gateway.Server{}
		for _, name := range cfg.Names() {
			out[name] = cfg.MCPServers[name]
		}
		return out, nil
	case dash != 0 || len(args) == 0:
		return nil, usageErr("give --from gateway.yaml, or -- COMMAND ARGS (for example: recourse mcp catalog learn -- npx -y @modelcontextprotocol/server-memory)")
	}
	name := strings.TrimSuffix(filepath.Base(args[0]), filepath.Ext(args[0]))
	return map[string]gateway.Server{name: {Command: args[0], Args: args[1:]}}, nil
}

// learnAll lists every server's tools, one after another, and proposes
// its entry.
func learnAll(servers map[string]gateway.Server, lim learnLimits, now time.Time) learned {
	doc := learned{
		Status:  "proposed",
		Note:    "unreviewed: read each server's source, correct every entry and fill in source.repo, source.commit and source.paths before it goes into rules/mcp/catalog/servers (docs/mcp-calls.md)",
		Servers: []learnedServer{},
	}
	names := make([]string, 0, len(servers))
	for n := range servers {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		s := servers[name]
		tools, err := listWithin(name, s, lim)
		if err != nil {
			doc.Failed = append(doc.Failed, learnFailure{Upstream: name, Error: err.Error()})
			continue
		}
		doc.Servers = append(doc.Servers, learnedServer{Upstream: name, Learned: provenance(s, now), Entry: proposeEntry(name, tools, now)})
	}
	return doc
}

func listWithin(name string, s gateway.Server, lim learnLimits) ([]mcp.Tool, error) {
	startup, cancel := context.WithTimeout(context.Background(), lim.startup)
	defer cancel()
	list, cancelList := context.WithTimeout(context.Background(), lim.startup+lim.list)
	defer cancelList()
	tools, err := gateway.ListTools(name, s, gateway.ListLimits{Startup: startup, List: list, MaxTools: lim.maxTools, MaxBytes: lim.maxBytes, MaxPages: 100})
	if err == nil && len(tools) == 0 {
		err = errors.New("tools/list returned no tools")
	}
	return tools, err
}

func provenance(s gateway.Server, now time.Time) learnProvenance {
	p := learnProvenance{Transport: s.Transport(), Date: now.Format("2006-01-02"), Protocol: "recourse mcp catalog learn (initialize, tools/list)"}
	if s.URL != "" {
		p.URL = redact.String(s.URL)
		return p
	}
	words := append([]string{s.Command}, s.Args...)
	for i, w := range words {
		words[i] = redact.String(w)
	}
	p.Command = redact.Command(strings.Join(words, " "))
	return p
}

// listedTool is the part of a listed tool a proposal reads, decoded from
// its JSON so that a raw input schema reads like a typed one.
type listedTool struct {
	Name        string               `json:"name"`
	Annotations *catalog.Annotations `json:"annotations"`
	InputSchema struct {
		Properties map[string]json.RawMessage `json:"properties"`
	} `json:"inputSchema"`
}

// proposeEntry is a server's proposed catalog entry: each tool's declared
// annotations, its risk arguments and kind as the catalog generator
// proposes them (catalog.RoleOf, catalog.ProposeDoes).
func proposeEntry(name string, tools []mcp.Tool, now time.Time) *catalog.Server {
	s := &catalog.Server{ID: catalog.NormalName(name), Title: name, Names: []string{name},
		Source: catalog.Source{Read: now.Format("2006-01-02")}, Tools: []catalog.Tool{}}
	seen := map[string]bool{}
	for _, t := range tools {
		b, err := json.Marshal(t)
		if err != nil {
			continue
		}
		var lt listedTool
		if json.Unmarshal(b, &lt) != nil || lt.Name == "" || seen[lt.Name] {
			continue
		}
		seen[lt.Name] = true
		ann := lt.Annotations
		if ann != nil && *ann == (catalog.Annotations{}) {
			ann = nil
		}
		risk := map[string]string{}
		for p := range lt.InputSchema.Properties {
			if role := catalog.RoleOf(p); role != "" {
				risk[p] = role
			}
		}
		if len(risk) == 0 {
			risk = nil
		}
		s.Tools = append(s.Tools, catalog.Tool{Name: lt.Name, Annotations: ann, Does: catalog.ProposeDoes(lt.Name, ann, risk), Risk: risk})
	}
	sort.Slice(s.Tools, func(i, j int) bool { return s.Tools[i].Name < s.Tools[j].Name })
	return s
}
