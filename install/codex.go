package install

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/recourse-dev/recourse/internal/ojson"
)

// Codex runs an unmanaged hook (one from the user's or a project's
// hooks.json) only when the person has trusted it through /hooks, which
// records, in the user's config.toml,
//
//	[hooks.state."<absolute hooks.json path>:pre_tool_use:<group>:<handler>"]
//	trusted_hash = "sha256:<hex>"
//
// and only while that hash is the hook's current normalized hash: a hook
// whose command, matcher or timeout changed is "modified" and does not run
// until it is trusted again. Recourse never writes this entry (trusting a
// hook is the person's decision); doctor reads it and computes the hash
// as Codex does.
//
// Source, openai/codex@0082977cebb9fbd524046914dbc4305e5b8e0b95 (read
// 2026-11-29):
//   - codex-rs/hooks/src/engine/discovery.rs: append_matcher_groups (the
//     key, the normalized handler: timeout defaults to 600 and is at least 1,
//     commandWindows dropped; only an enabled, Trusted or Managed handler
//     runs), command_hook_hash (NormalizedHookIdentity: event_name plus the
//     flattened matcher group holding that one handler, through a TOML value,
//     which drops absent options), hook_trust_status;
//   - codex-rs/hooks/src/lib.rs: hook_event_key_label ("pre_tool_use"),
//     hook_key ("{source}:{label}:{group}:{handler}");
//   - codex-rs/config/src/fingerprint.rs version_for_toml and
//     codex-rs/config/src/schema.rs canonicalize: JSON with every object's
//     keys sorted, compact, SHA-256, "sha256:" and lowercase hex;
//   - codex-rs/config/src/hook_config.rs: the handler's wire names
//     (command, timeout, async, statusMessage);
//   - codex-rs/hooks/src/config_rules.rs: hook state is read from the user's
//     config.toml only (a project cannot trust its own hooks);
//   - codex-rs/utils/home-dir: CODEX_HOME, canonicalized, else ~/.codex;
//   - codex-rs/core config loader: a project's .codex/ loads only when the
//     project (or an ancestor, or its repository root) has
//     projects."<dir>".trust_level = "trusted" in the user's config.toml;
//   - codex-rs/features: features.hooks (default true) switches hooks off.

// codexEvent is the hook-state label of the PreToolUse event.
const codexEvent = "pre_tool_use"

// codexDefaultTimeout is the timeout, in seconds, Codex gives a command
// hook that names none.
const codexDefaultTimeout = 600

// codexHome is Codex's home: $CODEX_HOME (opts.CodexHome), with symbolic
// links resolved as Codex resolves them, or ~/.codex.
func codexHome(opts Options) string {
	if opts.CodexHome != "" {
		if p, err := filepath.EvalSymlinks(opts.CodexHome); err == nil {
			return p
		}
		return filepath.Clean(opts.CodexHome)
	}
	return filepath.Join(opts.Home, ".codex")
}

// codexHandler is the identity of one command handler as Codex hashes it.
type codexHandler struct {
	group, index int
	matcher      *string
	command      string
	timeout      int64
	async        bool
	status       *string
}

// codexHookHash is the hook's normalized hash, as Codex computes it.
func codexHookHash(h codexHandler) string {
	handler := map[string]any{"type": "command", "command": h.command, "timeout": h.timeout, "async": h.async}
	if h.status != nil {
		handler["statusMessage"] = *h.status
	}
	identity := map[string]any{"event_name": codexEvent, "hooks": []any{handler}}
	if h.matcher != nil {
		identity["matcher"] = *h.matcher
	}
	var b strings.Builder
	canonicalJSON(&b, identity)
	sum := sha256.Sum256([]byte(b.String()))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// canonicalJSON writes v as serde_json writes a canonicalized value:
// compact, object keys in byte order, strings escaped as serde_json
// escapes them (", \, and control characters only; nothing else).
func canonicalJSON(b *strings.Builder, v any) {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			jsonString(b, k)
			b.WriteByte(':')
			canonicalJSON(b, v[k])
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, x := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			canonicalJSON(b, x)
		}
		b.WriteByte(']')
	case string:
		jsonString(b, v)
	case int64:
		b.WriteString(strconv.FormatInt(v, 10))
	case bool:
		b.WriteString(strconv.FormatBool(v))
	}
}

// jsonString writes s as serde_json does.
func jsonString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r < 0x20:
			fmt.Fprintf(b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

// codexEvents are the events Codex reads from a hooks.json
// (codex-rs/hooks/src/lib.rs HOOK_EVENT_NAMES): one of them that is not a
// list of matcher groups, or a handler without a known type, makes Codex
// skip the whole file with a warning.
var codexEvents = []string{"PreToolUse", "PermissionRequest", "PostToolUse", "PreCompact", "PostCompact",
	"SessionStart", "UserPromptSubmit", "SubagentStart", "SubagentStop", "Stop"}

// codexLoads reports why Codex would not load a hooks.json document at
// all, or nil.
func codexLoads(hooks *ojson.Object) error {
	for _, ev := range codexEvents {
		v, ok := hooks.Get(ev)
		if !ok || v == nil {
			continue
		}
		groups, isList := v.([]any)
		if !isList {
			return fmt.Errorf("hooks.%s is not a list, so Codex does not load the file", ev)
		}
		for gi, g := range groups {
			group, isObj := g.(*ojson.Object)
			if !isObj {
				return fmt.Errorf("hooks.%s[%d] is not an object, so Codex does not load the file", ev, gi)
			}
			inner, _ := group.Get("hooks")
			list, isList := inner.([]any)
			if inner != nil && !isList {
				return fmt.Errorf("hooks.%s[%d].hooks is not a list, so Codex does not load the file", ev, gi)
			}
			for hi, x := range list {
				o, isObj := x.(*ojson.Object)
				if !isObj || !slices.Contains([]string{"command", "prompt", "agent"}, stringAt(o, "type")) {
					return fmt.Errorf(`hooks.%s[%d].hooks[%d] has no "type" of command, prompt or agent, so Codex does not load the file`, ev, gi, hi)
				}
				if c, _ := o.Get("command"); stringAt(o, "type") == "command" && c == nil {
					return fmt.Errorf(`hooks.%s[%d].hooks[%d] is a command hook with no "command", so Codex does not load the file`, ev, gi, hi)
				}
			}
		}
	}
	return nil
}

// codexHandlers finds Recourse's command handlers among the PreToolUse
// groups of a hooks.json document, with the positions Codex keys them by.
func codexHandlers(doc *ojson.Object) ([]codexHandler, error) {
	hooks, err := hooksObject(doc, false)
	if err != nil || hooks == nil {
		return nil, err
	}
	if err := codexLoads(hooks); err != nil {
		return nil, err
	}
	v, _ := hooks.Get("PreToolUse")
	groups, _ := v.([]any)
	var out []codexHandler
	for gi, g := range groups {
		group, ok := g.(*ojson.Object)
		if !ok {
			continue
		}
		var matcher *string
		if m, ok := group.Get("matcher"); ok && m != nil {
			s, isString := m.(string)
			if !isString {
				return nil, fmt.Errorf("hooks.PreToolUse[%d].matcher is not a string, so Codex does not load the file", gi)
			}
			matcher = &s
		}
		inner, _ := group.Get("hooks")
		list, _ := inner.([]any)
		for hi, x := range list {
			o, ok := x.(*ojson.Object)
			if !ok || stringAt(o, "type") != "command" || !ours(stringAt(o, "command"), "codex") {
				continue
			}
			h, err := codexHandlerOf(o, gi, hi, matcher)
			if err != nil {
				return nil, err
			}
			out = append(out, h)
		}
	}
	return out, nil
}

// codexHandlerOf reads one command handler's hashed fields.
func codexHandlerOf(o *ojson.Object, group, index int, matcher *string) (codexHandler, error) {
	h := codexHandler{group: group, index: index, matcher: matcher, command: stringAt(o, "command"), timeout: codexDefaultTimeout}
	where := fmt.Sprintf("hooks.PreToolUse[%d].hooks[%d]", group, index)
	if v, ok := o.Get("timeout"); ok && v != nil {
		n, err := strconv.ParseInt(fmt.Sprint(v), 10, 64)
		if err != nil || n < 0 {
			return h, fmt.Errorf("%s.timeout is %v, not a whole number of seconds, so Codex does not load the file", where, v)
		}
		h.timeout = max(n, 1)
	}
	if v, ok := o.Get("async"); ok && v != nil {
		b, isBool := v.(bool)
		if !isBool {
			return h, fmt.Errorf("%s.async is not true or false, so Codex does not load the file", where)
		}
		h.async = b
	}
	if v, ok := o.Get("statusMessage"); ok && v != nil {
		s, isString := v.(string)
		if !isString {
			return h, fmt.Errorf("%s.statusMessage is not a string, so Codex does not load the file", where)
		}
		h.status = &s
	}
	return h, nil
}

// codexConfig is what doctor reads of Codex's user config.toml.
type codexConfig struct {
	Features map[string]any `toml:"features"`
	Hooks    struct {
		State map[string]struct {
			Enabled     *bool   `toml:"enabled"`
			TrustedHash *string `toml:"trusted_hash"`
		} `toml:"state"`
	} `toml:"hooks"`
	Projects map[string]struct {
		TrustLevel string `toml:"trust_level"`
	} `toml:"projects"`
}

// readCodexConfig reads CODEX_HOME/config.toml; a file that is not there
// is an empty one.
func readCodexConfig(path string) (codexConfig, error) {
	var c codexConfig
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return c, err
	}
	if _, err := toml.Decode(string(data), &c); err != nil {
		return c, fmt.Errorf("%s does not parse as TOML (%v), so Codex does not start", path, err)
	}
	return c, nil
}

// codexTrustSteps is what the person does to have Codex run the hook.
func codexTrustSteps(path, command string) string {
	return fmt.Sprintf("Codex runs this hook only once you trust it: start codex, type /hooks, open the PreToolUse hook "+
		"that runs %s (from %s), and trust it; then run recourse doctor. Recourse does not trust it for you.", command, path)
}

// codexNext is what install says the person must still do: trust the
// hook in /hooks, and, for a project's file, trust the project.
func codexNext(scope Scope, path, command string) string {
	steps := codexTrustSteps(path, command)
	if scope == Project {
		steps = "Codex loads " + filepath.Dir(path) + " only for a trusted project: start codex in the project and trust it when asked. " + steps
	}
	return steps
}

// codexTrust reports why Codex would not run Recourse's hook in the
// hooks.json at path (scope), or "" when it would: Codex's state in the
// user's config.toml must hold, for each of Recourse's handlers there, a
// trusted_hash equal to the handler's current hash, and nothing disables
// it. For a project's file, the project must be trusted too.
func codexTrust(opts Options, scope Scope, path string) string {
	doc, _, err := readDoc(path)
	if err != nil {
		return err.Error()
	}
	handlers, err := codexHandlers(doc)
	if err != nil {
		return fmt.Sprintf("%s: %v", path, err)
	}
	configPath := filepath.Join(codexHome(opts), "config.toml")
	cfg, err := readCodexConfig(configPath)
	if err != nil {
		return err.Error()
	}
	if on, ok := cfg.Features["hooks"].(bool); ok && !on {
		return fmt.Sprintf("%s sets features.hooks = false, so Codex runs no hooks: remove that line", configPath)
	}
	if scope == Project {
		if problem := codexProjectTrust(cfg, opts.Project, configPath); problem != "" {
			return problem
		}
	}
	for _, h := range handlers {
		key, state, found := codexState(cfg, path, h)
		want := codexHookHash(h)
		switch {
		case found && state.Enabled != nil && !*state.Enabled:
			return fmt.Sprintf("Codex has this hook switched off (hooks.state.%q has enabled = false in %s): turn it on in /hooks", key, configPath)
		case !found || state.TrustedHash == nil:
			return fmt.Sprintf("Codex has not been told to trust this hook (no hooks.state.%q trusted_hash in %s), so it never runs it. %s",
				key, configPath, codexTrustSteps(path, h.command))
		case *state.TrustedHash != want:
			return fmt.Sprintf("the hook changed since it was trusted (hooks.state.%q trusted_hash is %s; the hook's hash is now %s), so Codex does not run it. %s",
				key, *state.TrustedHash, want, codexTrustSteps(path, h.command))
		}
	}
	return ""
}

// codexState is the hook state of handler h of the file at path: Codex
// keys it by the file's absolute path (CODEX_HOME canonicalized; a
// project's as the working directory names it), so both spellings of a
// path through a symbolic link are looked for.
func codexState(cfg codexConfig, path string, h codexHandler) (string, struct {
	Enabled     *bool   `toml:"enabled"`
	TrustedHash *string `toml:"trusted_hash"`
}, bool) {
	paths := []string{path}
	if resolved, err := filepath.EvalSymlinks(path); err == nil && resolved != path {
		paths = append(paths, resolved)
	}
	var key string
	for _, p := range paths {
		key = fmt.Sprintf("%s:%s:%d:%d", p, codexEvent, h.group, h.index)
		if s, ok := cfg.Hooks.State[key]; ok {
			return key, s, true
		}
	}
	key = fmt.Sprintf("%s:%s:%d:%d", path, codexEvent, h.group, h.index)
	return key, cfg.Hooks.State[key], false
}

// codexProjectTrust reports why Codex would not load project's .codex/:
// the nearest of the project directory and its ancestors that the user's
// config.toml names must be trusted.
func codexProjectTrust(cfg codexConfig, project, configPath string) string {
	for dir := filepath.Clean(project); ; dir = filepath.Dir(dir) {
		candidates := []string{dir}
		if resolved, err := filepath.EvalSymlinks(dir); err == nil && resolved != dir {
			candidates = append(candidates, resolved)
		}
		for _, c := range candidates {
			if p, ok := cfg.Projects[c]; ok && p.TrustLevel != "" {
				if p.TrustLevel == "trusted" {
					return ""
				}
				return fmt.Sprintf("%s marks %s as %s, so Codex does not load %s: trust the project when Codex asks, or set trust_level = \"trusted\" there yourself",
					configPath, c, p.TrustLevel, filepath.Join(project, ".codex"))
			}
		}
		if filepath.Dir(dir) == dir {
			break
		}
	}
	return fmt.Sprintf("Codex loads %s only for a trusted project, and %s does not trust %s or a directory above it: start codex in the project and trust it when asked",
		filepath.Join(project, ".codex"), configPath, project)
}

// codexFires reads a Codex PreToolUse matcher as Codex does
// (codex-rs/hooks/src/events/common.rs matches_matcher): absent, "" or
// "*" matches every tool; a matcher of letters, digits, _ and | is a list
// of exact names; anything else is a regular expression found anywhere in
// the tool's name. The shell tool is "Bash".
func codexFires(m string, present bool) bool {
	if !present || m == "" || m == "*" {
		return true
	}
	exact := strings.IndexFunc(m, func(r rune) bool {
		return !(r < 0x80 && (r == '_' || r == '|' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'))
	}) < 0
	if exact {
		return slices.Contains(strings.Split(m, "|"), "Bash")
	}
	re, err := regexp.Compile(m)
	return err == nil && re.MatchString("Bash")
}

// codexStopped reads Codex's PreToolUse answer
// (codex-rs/hooks/src/events/pre_tool_use.rs parse_completed): exit 2
// stops; exit 0 with hookSpecificOutput.permissionDecision "deny" stops;
// exit 0 with nothing, or with only additionalContext, lets the call go.
// Any other status, and JSON Codex does not read, is a failed hook, after
// which Codex runs the call.
func codexStopped(exit int, stdout string) (stop, ok bool) {
	switch exit {
	case 2:
		return true, true
	case 0:
	default:
		return false, false
	}
	if strings.TrimSpace(stdout) == "" {
		return false, true
	}
	var out struct {
		Specific *struct {
			Event    string `json:"hookEventName"`
			Decision string `json:"permissionDecision"`
			Context  string `json:"additionalContext"`
		} `json:"hookSpecificOutput"`
	}
	if json.Unmarshal([]byte(stdout), &out) != nil || out.Specific == nil || out.Specific.Event != "PreToolUse" {
		return false, false
	}
	switch out.Specific.Decision {
	case "deny":
		return true, true
	case "":
		return false, true
	}
	return false, false
}
