// Package gateway is recourse mcp gateway: an MCP server that stands
// between a client and the MCP servers it uses, judges every tools/call
// with the evaluator before forwarding it, and fails closed. An allow or
// a warn is forwarded, a block never reaches the upstream, an escalate is
// forwarded only when a person approves it through the client
// (elicitation), and any error, timeout or upstream failure is a refusal.
package gateway

import (
	"bytes"
	"fmt"
	"maps"
	"net/url"
	"os"
	"path"
	"slices"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/recourse-dev/recourse/internal/observe"
	"github.com/recourse-dev/recourse/model"
)

// Config is the gateway's configuration file, YAML or JSON. Its
// mcpServers map holds entries exactly as MCP clients write them, so a
// block moves from a client's configuration unchanged.
type Config struct {
	MCPServers map[string]Server `yaml:"mcpServers" json:"mcpServers"`
	// DecisionLog is the file every judged call is appended to as one
	// JSON line; "" writes none.
	DecisionLog string `yaml:"decision_log,omitempty" json:"decision_log,omitempty"`
	// Observe is observation for the stdio servers that set none: auto
	// (the default) gathers read-only facts about the paths their file
	// tools delete or write over and the targets of the command lines
	// their tools run (docs/observe.md), off gathers none. A server
	// reached by URL acts elsewhere and is never observed.
	Observe string `yaml:"observe,omitempty" json:"observe,omitempty"`
}

// Server is one upstream MCP server: a command (stdio) or a URL
// (streamable HTTP, or SSE when Type says so).
type Server struct {
	// Type is what clients write: stdio, http, streamable-http or sse; ""
	// reads from whether Command or URL is set.
	Type    string            `yaml:"type,omitempty" json:"type,omitempty"`
	Command string            `yaml:"command,omitempty" json:"command,omitempty"`
	Args    []string          `yaml:"args,omitempty" json:"args,omitempty"`
	Env     map[string]string `yaml:"env,omitempty" json:"env,omitempty"`
	Cwd     string            `yaml:"cwd,omitempty" json:"cwd,omitempty"`
	URL     string            `yaml:"url,omitempty" json:"url,omitempty"`
	Headers map[string]string `yaml:"headers,omitempty" json:"headers,omitempty"`
	// Disabled is a client's own switch: the gateway does not start it.
	Disabled bool `yaml:"disabled,omitempty" json:"disabled,omitempty"`
	// Recourse is the gateway's own settings for this server.
	Recourse Policy `yaml:"recourse,omitempty" json:"recourse,omitempty"`

	// Keys some clients write that mean nothing to the gateway: accepted
	// so a block moves unchanged, and ignored (autoApprove and
	// alwaysAllow approve nothing here: every call is judged).
	AutoApprove []string `yaml:"autoApprove,omitempty" json:"autoApprove,omitempty"`
	AlwaysAllow []string `yaml:"alwaysAllow,omitempty" json:"alwaysAllow,omitempty"`
	Timeout     any      `yaml:"timeout,omitempty" json:"timeout,omitempty"`
	Description string   `yaml:"description,omitempty" json:"description,omitempty"`
}

// Policy is how one upstream's calls are judged.
type Policy struct {
	// Environment is the environment of its calls ("production" makes the
	// default policy stricter); "" is the gateway's.
	Environment string `yaml:"environment,omitempty" json:"environment,omitempty"`
	// FailOn is the lowest decision that refuses a call: warn, escalate
	// (the default) or block.
	FailOn string `yaml:"fail_on,omitempty" json:"fail_on,omitempty"`
	// Policy lists Rego policy directories, used instead of the gateway's.
	Policy []string `yaml:"policy,omitempty" json:"policy,omitempty"`
	// AlwaysBlock lists tools (names or path.Match patterns) that are
	// refused without evaluation; AlwaysAsk those that need a person's
	// approval whatever the verdict (a block stays a block).
	AlwaysBlock []string `yaml:"always_block,omitempty" json:"always_block,omitempty"`
	AlwaysAsk   []string `yaml:"always_ask,omitempty" json:"always_ask,omitempty"`
	// TrustAnnotations says whether the operator vouches for the
	// readOnlyHint and destructiveHint this server advertises in its own
	// tools/list: trusted, a readOnlyHint is evidence that can let a tool
	// no rule knows through (its arguments are still read, and a
	// destructive one still stops it); untrusted, the hints can only add
	// caution. Unset: true for a stdio server (a command the operator
	// configured and the gateway launches), false for a remote one.
	TrustAnnotations *bool `yaml:"trust_annotations,omitempty" json:"trust_annotations,omitempty"`
	// AllowOnce says what a refused call of this server may be let through
	// with: escalate (the default: a call a person could approve, never a
	// block), block (any refused call, blocks included), or never (no
	// code is issued or taken).
	AllowOnce string `yaml:"allow_once,omitempty" json:"allow_once,omitempty"`
	// Observe is observation for this server: auto or off; "" is the
	// configuration's. Only a stdio server, which runs on this machine,
	// can be observed.
	Observe string `yaml:"observe,omitempty" json:"observe,omitempty"`
}

// The allow_once settings.
const (
	AllowOnceEscalate = "escalate"
	AllowOnceBlock    = "block"
	AllowOnceNever    = "never"
)

// TrustsAnnotations reports whether the operator vouches for the
// server's tool annotations (Policy.TrustAnnotations and its default).
func (s Server) TrustsAnnotations() bool {
	if s.Recourse.TrustAnnotations != nil {
		return *s.Recourse.TrustAnnotations
	}
	return s.Transport() == "stdio"
}

// Observes reports whether the server's calls are observed, given the
// configuration's observe setting and the command's (--observe: off turns
// observation off for every server): only a stdio server's, auto unless
// one of them says off.
func (s Server) Observes(configured, command string) bool {
	if s.Transport() != "stdio" || command == observe.Off {
		return false
	}
	if s.Recourse.Observe != "" {
		return s.Recourse.Observe == observe.Auto
	}
	return configured != observe.Off
}

// AllowOnceFor is the server's allow_once setting, escalate when unset.
func (s Server) AllowOnceFor() string {
	if s.Recourse.AllowOnce == "" {
		return AllowOnceEscalate
	}
	return s.Recourse.AllowOnce
}

// ConfigExample is a corrected configuration, for error messages.
const ConfigExample = `mcpServers:
  filesystem:
    command: npx
    args: ["-y", "@modelcontextprotocol/server-filesystem", "/srv/project"]
  github:
    url: https://api.githubcopilot.com/mcp/
    headers: {Authorization: "Bearer ${GITHUB_TOKEN}"}
    recourse: {environment: production, fail_on: warn, always_ask: ["merge_*"], trust_annotations: false, allow_once: never}
observe: auto
decision_log: ~/.local/state/recourse/gateway.jsonl`

// ReadConfig reads and checks a configuration file.
func ReadConfig(name string) (Config, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return Config{}, &model.Error{Kind: model.KindInvalidField, Field: "--config", Message: err.Error(), Expected: "a readable YAML or JSON file"}
	}
	return ParseConfig(data)
}

// ParseConfig reads a configuration: every key exactly once, no key the
// gateway does not know, every server runnable.
func ParseConfig(data []byte) (Config, error) {
	var c Config
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil {
		return Config{}, configErr("", "the configuration does not read: "+err.Error())
	}
	if err := dec.Decode(new(any)); err == nil {
		return Config{}, configErr("", "the configuration holds more than one document")
	}
	if err := c.expand(os.LookupEnv); err != nil {
		return Config{}, err
	}
	return c, c.check()
}

func configErr(field, msg string) error {
	return &model.Error{Kind: model.KindInvalidField, Field: field, Message: msg,
		Expected: "a configuration such as:\n" + ConfigExample}
}

// check validates every server.
func (c Config) check() error {
	if c.Observe != "" && !slices.Contains(observe.Modes, c.Observe) {
		return configErr("observe", fmt.Sprintf("observe %q: expected auto or off", c.Observe))
	}
	if len(c.MCPServers) == 0 {
		return configErr("mcpServers", "no upstream servers: mcpServers is empty or missing")
	}
	for _, name := range c.Names() {
		if err := c.MCPServers[name].check("mcpServers." + name); err != nil {
			return err
		}
		if name == "" || strings.ContainsAny(name, " \t\n/") {
			return configErr("mcpServers", fmt.Sprintf("server name %q: expected a name without spaces or slashes", name))
		}
	}
	return nil
}

// Names lists the enabled servers' names, sorted.
func (c Config) Names() []string {
	var names []string
	for name, s := range c.MCPServers {
		if !s.Disabled {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

// transports maps the type spellings clients write to the transport.
var transports = map[string]string{"stdio": "stdio", "http": "http", "streamable-http": "http", "streamablehttp": "http", "sse": "sse"}

// Transport is the server's transport: stdio, http or sse; without a
// type, http for a url and stdio for a command.
func (s Server) Transport() string {
	if t, ok := transports[strings.ToLower(s.Type)]; ok {
		return t
	}
	if s.URL != "" {
		return "http"
	}
	return "stdio"
}

func (s Server) check(field string) error {
	if _, ok := transports[strings.ToLower(s.Type)]; !ok && s.Type != "" {
		return configErr(field+".type", fmt.Sprintf("type %q: expected stdio, http or sse", s.Type))
	}
	switch {
	case s.Command != "" && s.URL != "":
		return configErr(field, "both command and url are set: expected one")
	case s.Command == "" && s.URL == "":
		return configErr(field, "neither command nor url is set: expected one")
	case s.Transport() == "stdio" && s.Command == "":
		return configErr(field+".command", "a stdio server needs a command")
	case s.Transport() != "stdio" && s.URL == "":
		return configErr(field+".url", "an "+s.Transport()+" server needs a url")
	}
	if s.URL != "" {
		u, err := url.Parse(s.URL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return configErr(field+".url", fmt.Sprintf("url %q: expected an http or https URL", s.URL))
		}
	}
	if s.Command == "" && (len(s.Args) > 0 || len(s.Env) > 0 || s.Cwd != "") {
		return configErr(field, "args, env and cwd are for a command; this server has a url")
	}
	if s.URL == "" && len(s.Headers) > 0 {
		return configErr(field+".headers", "headers are for a url; this server has a command")
	}
	if s.Recourse.FailOn != "" {
		if _, ok := model.ParseFailOn(s.Recourse.FailOn); !ok {
			return configErr(field+".recourse.fail_on", fmt.Sprintf("fail_on %q: expected warn, escalate or block", s.Recourse.FailOn))
		}
	}
	switch {
	case s.Recourse.Observe != "" && !slices.Contains(observe.Modes, s.Recourse.Observe):
		return configErr(field+".recourse.observe", fmt.Sprintf("observe %q: expected auto or off", s.Recourse.Observe))
	case s.Recourse.Observe == observe.Auto && s.Transport() != "stdio":
		return configErr(field+".recourse.observe", "observe auto is for a stdio server, which runs on this machine; an "+s.Transport()+" server acts elsewhere and is never observed")
	}
	switch s.Recourse.AllowOnce {
	case "", AllowOnceEscalate, AllowOnceBlock, AllowOnceNever:
	default:
		return configErr(field+".recourse.allow_once", fmt.Sprintf("allow_once %q: expected escalate, block or never", s.Recourse.AllowOnce))
	}
	for _, list := range [][]string{s.Recourse.AlwaysBlock, s.Recourse.AlwaysAsk} {
		for _, p := range list {
			if _, err := path.Match(p, ""); err != nil {
				return configErr(field+".recourse", fmt.Sprintf("tool pattern %q: %v", p, err))
			}
		}
	}
	return nil
}

// matches reports whether tool is one of patterns.
func matches(patterns []string, tool string) bool {
	return slices.ContainsFunc(patterns, func(p string) bool {
		ok, err := path.Match(p, tool)
		return ok && err == nil
	})
}

// expand replaces ${VAR} and ${VAR:-default} in the fields Claude Code
// expands in .mcp.json (command, args, env, url, headers; its MCP docs,
// "Environment variable expansion"), so a block moved from there means
// the same here. A variable that is unset, with no default, is an error:
// sending a literal "${TOKEN}" header would fail later and less clearly.
func (c *Config) expand(lookup func(string) (string, bool)) error {
	for _, name := range slices.Sorted(maps.Keys(c.MCPServers)) {
		s := c.MCPServers[name]
		field := "mcpServers." + name
		var err error
		one := func(where string, v *string) {
			if err == nil {
				*v, err = expandVars(*v, lookup, field+"."+where)
			}
		}
		one("command", &s.Command)
		one("url", &s.URL)
		s.Args = slices.Clone(s.Args)
		for i := range s.Args {
			one(fmt.Sprintf("args[%d]", i), &s.Args[i])
		}
		s.Env, s.Headers = maps.Clone(s.Env), maps.Clone(s.Headers)
		for _, k := range slices.Sorted(maps.Keys(s.Env)) {
			v := s.Env[k]
			one("env."+k, &v)
			s.Env[k] = v
		}
		for _, k := range slices.Sorted(maps.Keys(s.Headers)) {
			v := s.Headers[k]
			one("headers."+k, &v)
			s.Headers[k] = v
		}
		if err != nil {
			return err
		}
		c.MCPServers[name] = s
	}
	return nil
}

// expandVars expands ${VAR} and ${VAR:-default} in s; anything else,
// $VAR included, is literal.
func expandVars(s string, lookup func(string) (string, bool), field string) (string, error) {
	var out strings.Builder
	for {
		i := strings.Index(s, "${")
		if i < 0 {
			out.WriteString(s)
			return out.String(), nil
		}
		end := strings.IndexByte(s[i:], '}')
		if end < 0 {
			out.WriteString(s)
			return out.String(), nil
		}
		out.WriteString(s[:i])
		name, def, hasDef := strings.Cut(s[i+2:i+end], ":-")
		v, ok := lookup(name)
		switch {
		case ok && (v != "" || !hasDef):
			out.WriteString(v)
		case hasDef:
			out.WriteString(def)
		default:
			return "", configErr(field, fmt.Sprintf("${%s} is not set in the gateway's environment (give it a value, or a default: ${%s:-VALUE})", name, name))
		}
		s = s[i+end+1:]
	}
}
