// Package mcpcall turns an MCP tool call that an agent is about to make on
// another server ({"server", "tool", "arguments", "annotations"}) into
// Mutations: one for the call itself, plus one per SQL statement in a SQL
// argument and the commands of a shell command argument, so that a
// `postgres.query {"sql": "DROP TABLE users"}` or a
// `terminal.run_command {"command": "rm -rf ~"}` is judged by what it runs.
package mcpcall

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"

	"github.com/recourse-dev/recourse/evaluator/shell"
	"github.com/recourse-dev/recourse/evaluator/sql"
	"github.com/recourse-dev/recourse/internal/jsonerr"
	"github.com/recourse-dev/recourse/internal/jsonstrict"
	"github.com/recourse-dev/recourse/internal/lazyregexp"
	"github.com/recourse-dev/recourse/internal/suggest"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules/mcp/catalog"
)

// Example is a well-formed call, for error messages.
const Example = `{"server": "github", "tool": "delete_repository", "arguments": {"owner": "acme", "repo": "api"}}`

// document is the input as read; "name" is accepted for "tool" because
// MCP's own tools/call params spell it so.
type document struct {
	Server      *string         `json:"server"`
	Tool        *string         `json:"tool"`
	Name        *string         `json:"name"`
	Arguments   json.RawMessage `json:"arguments"`
	Annotations json.RawMessage `json:"annotations"`
}

var knownFields = []string{"server", "tool", "name", "arguments", "annotations"}

// Call is the validated input.
type Call struct {
	Server      string
	Tool        string
	Arguments   map[string]any
	Annotations *model.ToolAnnotations
	// Cwd is the directory the server runs in, set only by an adapter
	// that launched it (the gateway's stdio upstream): a command argument
	// runs there unless the call names its own directory (cwd, workdir),
	// which is read from there. "" unknown.
	Cwd string
	// VouchedBy is set only by an adapter whose operator configured the
	// server (the gateway's trust_annotations): the name of the upstream
	// whose annotations the operator vouches for. Decode never sets it:
	// a caller cannot vouch for the server it describes.
	VouchedBy string
}

// Decode reads and validates an MCP call document.
func Decode(data []byte) (*Call, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		if len(trimmed) > 0 && !json.Valid(trimmed) {
			var v any
			return nil, wrap(data, json.Unmarshal(data, &v))
		}
		return nil, invalid("", "the input is not a JSON object", "an MCP call object")
	}
	// The keys as they are written, each once: the struct below matches
	// names regardless of case, which is right only for known names.
	keys, err := jsonstrict.Keys(data)
	if err != nil {
		return nil, err
	}
	if k, ok := unknownKey(keys, knownFields); ok {
		return nil, invalid(k, unknownField(k, knownFields), "one of "+strings.Join(knownFields, ", "))
	}
	var doc document
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, wrap(data, err)
	}
	tool := doc.Tool
	if tool == nil {
		tool = doc.Name
	}
	if doc.Tool != nil && doc.Name != nil && strings.TrimSpace(*doc.Tool) != strings.TrimSpace(*doc.Name) {
		// tools/call executes "name"; a gate that judged "tool" would judge
		// another call than the one that runs.
		return nil, invalid("name", fmt.Sprintf("the call names two tools, %q (tool) and %q (name)", *doc.Tool, *doc.Name),
			`one tool name: "tool", or MCP's "name" as in tools/call`)
	}
	var name, server string
	if tool != nil {
		name = *tool
	}
	if doc.Server != nil {
		server = *doc.Server
	}
	c, err := NewCall(server, name, doc.Arguments, nil)
	if err != nil {
		return nil, err
	}
	if len(doc.Annotations) > 0 && string(doc.Annotations) != "null" {
		if c.Annotations, err = decodeAnnotations(doc.Annotations); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// NewCall is a call given by its parts, as a gateway holds a tools/call:
// the server's name, the tool's, the arguments as the client wrote them
// (absent or null for none) and the annotations the server advertised.
// It checks them as Decode checks a document's.
func NewCall(server, tool string, arguments json.RawMessage, annotations *model.ToolAnnotations) (*Call, error) {
	c := &Call{Server: strings.TrimSpace(server), Tool: strings.TrimSpace(tool), Arguments: map[string]any{}, Annotations: annotations}
	if c.Tool == "" {
		return nil, invalid("tool", "the tool name is missing or empty", `a non-empty "tool" string`)
	}
	if len(arguments) > 0 && string(arguments) != "null" {
		if err := json.Unmarshal(arguments, &c.Arguments); err != nil {
			return nil, invalid("arguments", "arguments is not a JSON object", `an object of the tool's arguments, e.g. {"owner": "acme", "repo": "api"}`)
		}
	}
	return c, nil
}

// annotationFields are MCP's tool annotations (2025-06-18 ToolAnnotations).
var annotationFields = []string{"title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}

// decodeAnnotations reads the annotations object by its exact names: a
// name in another case is not one a client reads, so it is unknown here.
func decodeAnnotations(raw json.RawMessage) (*model.ToolAnnotations, error) {
	const example = `{"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false}`
	keys, err := jsonstrict.Keys(raw)
	if err != nil {
		return nil, err
	}
	if k, ok := unknownKey(keys, annotationFields); ok {
		return nil, invalid("annotations", "annotations is not an object of boolean hints: "+unknownField(k, annotationFields), example)
	}
	var a model.ToolAnnotations
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, invalid("annotations", "annotations is not an object of boolean hints: "+err.Error(), example)
	}
	return &a, nil
}

// unknownKey is the first of keys that is not one of known.
func unknownKey(keys, known []string) (string, bool) {
	for _, k := range keys {
		if !slices.Contains(known, k) {
			return k, true
		}
	}
	return "", false
}

// unknownField says that key is not one of known, and which it is near.
func unknownField(key string, known []string) string {
	msg := fmt.Sprintf("unknown field %q", key)
	if near := suggest.Nearest(key, known); near != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", near)
	}
	return msg
}

func wrap(data []byte, err error) error {
	return jsonerr.Wrap(data, err, "a JSON object describing one MCP tool call", Example, "the field's type in an MCP call")
}

func invalid(field, msg, expected string) *model.Error {
	return &model.Error{Kind: model.KindInvalidField, Field: field, Message: msg, Expected: expected, Example: Example}
}

// Parse decodes data and returns the call's mutations.
func Parse(data []byte) ([]model.Mutation, error) {
	c, err := Decode(data)
	if err != nil {
		return nil, err
	}
	return Mutations(c), nil
}

// Mutations returns the mutation for the call and those of the SQL and
// shell commands its arguments carry.
func Mutations(c *Call) []model.Mutation {
	server, tool := Split(c.Server, c.Tool)
	words := Words(tool)
	if len(words) == 0 { // a name with no letters or digits stays as given
		words = []string{strings.ToLower(strings.TrimSpace(tool))}
	}
	name := strings.Join(words, "_")
	call := &model.ToolCall{Server: strings.ToLower(server), Tool: c.Tool, Name: name, Words: withoutServer(words, server), Arguments: c.Arguments, Annotations: c.Annotations, AnnotationsVouchedBy: c.VouchedBy}
	id := tool // mcp__github__delete_repository is github.delete_repository
	if server != "" && !strings.HasPrefix(strings.ToLower(tool), strings.ToLower(server)) {
		id = server + "." + tool
	}
	out := []model.Mutation{{
		Source:     model.SourceMCP,
		Action:     model.ActionCall,
		RawActions: []string{string(model.ActionCall)},
		Address:    id,
		Target:     model.Target{Provider: call.Server, Type: name, ID: id},
		Call:       call,
	}}
	sqlRoles := catalogSQLArguments(c.Server, c.Tool)
	for _, key := range slices.Sorted(maps.Keys(c.Arguments)) {
		if isSQLArgument(key, call) || sqlRoles[key] || writesAsSQL(key, c.Arguments[key], call) {
			if text, ok := sqlTextOf(c.Arguments[key]); ok && strings.TrimSpace(text) != "" {
				out = parsed(call, key, out, sqlMutations(id, key, text))
			}
			continue
		}
		text, ok := textOf(c.Arguments[key])
		if lines, isLines := linesOf(key, c.Arguments[key]); isLines {
			text, ok = lines, true
		}
		if !ok || strings.TrimSpace(text) == "" {
			continue
		}
		switch {
		case isCommandArgument(key, call):
			text = withArgvAndStdin(key, text, call)
			// Typed input ends lines with \r (Enter) as often as \n.
			text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
			if runsPowerShell(call) {
				text = "pwsh -Command " + shellQuote(text)
			}
			out = parsed(call, key, out, commandMutations(id, key, text, c.cwd()))
		}
	}
	if line, ok := kubectlLine(call); ok {
		out = parsed(call, "command", out, commandMutations(id, "command", line, c.cwd()))
	}
	if line, ok := cliArgsLine(call); ok {
		out = parsed(call, "args", out, commandMutations(id, "args", line, c.cwd()))
	}
	if line, ok := awsAPILine(call); ok {
		out = parsed(call, "operation_name", out, commandMutations(id, "operation_name", line, c.cwd()))
	}
	if line, dir, ok := catalogRuns(c.Server, c.Tool, c.Arguments, c.cwd()); ok {
		out = parsed(call, RunsKey, out, commandMutations(id, RunsKey, line, dir))
	}
	lines := codeLines(call)
	for _, line := range lines {
		out = parsed(call, "code", out, commandMutations(id, "code", line, c.cwd()))
	}
	if len(lines) == 0 {
		for _, a := range argumentCode(call) {
			out = parsed(call, a.key, out, commandMutations(id, a.key, a.line, c.cwd()))
		}
	}
	return out
}

// parsed appends the mutations read from the argument key and, when there
// are any, records key in call.Parsed.
func parsed(call *model.ToolCall, key string, out, ms []model.Mutation) []model.Mutation {
	if len(ms) > 0 && !slices.Contains(call.Parsed, key) {
		call.Parsed = append(call.Parsed, key)
	}
	return append(out, ms...)
}

func sqlMutations(id, key, text string) []model.Mutation {
	var out []model.Mutation
	for _, st := range sql.Parse(text) {
		out = append(out, sqlMutation(id, key, st))
	}
	return out
}

// cliPrograms are the CLIs whose MCP tools may take the CLI's arguments as
// an array: run_gcloud_command {"args": ["sql", "instances", "delete",
// "prod"]} runs gcloud sql instances delete prod, and a tool named kubectl
// {"args": ["delete", "ns", "prod"]} runs kubectl delete ns prod.
var cliPrograms = sync.OnceValue(func() map[string]string {
	return map[string]string{"gcloud": "gcloud", "aws": "aws", "az": "az", "azure": "az", "kubectl": "kubectl", "helm": "helm",
		"docker": "docker", "podman": "podman", "git": "git", "gh": "gh", "terraform": "terraform", "tofu": "tofu", "pulumi": "pulumi",
		"curl": "curl", "wget": "wget"}
})

// cliArgsLine is the command line of a cloud CLI tool called with an
// argument array: the CLI's name (unless the array starts with it) and the
// quoted arguments.
func cliArgsLine(c *model.ToolCall) (string, bool) {
	prog, runs := "", false
	for _, w := range nameWords(c) {
		if p, ok := cliPrograms()[w]; ok && prog == "" {
			prog = p
		}
		runs = runs || shellWords()[w] || w == "call"
	}
	if prog == "" || !runs && c.Name != prog {
		return "", false
	}
	var line string
	if args, ok := c.Arguments["args"].([]any); ok && len(args) > 0 {
		line, ok = textOf(args)
		if !ok {
			return "", false
		}
	} else if c.Name == prog {
		// A tool named after its CLI given the rest of a command line (az
		// {"command": "group delete -n rg --yes"}); a single word is a
		// verb whose object is in other arguments (kubectl {"command":
		// "delete", "resourceType": ...}, which kubectlLine reads).
		text, ok := firstString(c.Arguments, "command", "cmd")
		if !ok || !strings.Contains(text, " ") {
			return "", false
		}
		line = text
	} else {
		return "", false
	}
	if first, _, _ := strings.Cut(strings.TrimSpace(line), " "); strings.EqualFold(first, prog) {
		return line, true
	}
	return prog + " " + line, true
}

// awsAPILine is the aws command line of an AWS API call given as service,
// operation and parameters (the use_aws tool: {"service_name": "rds",
// "operation_name": "delete-db-instance", "parameters":
// {"DBInstanceIdentifier": "prod", "SkipFinalSnapshot": true}}), so that
// the aws rows judge it: aws rds delete-db-instance
// --db-instance-identifier prod --skip-final-snapshot. Parameter names
// become the CLI's flags; true is the flag alone and false its --no- form.
func awsAPILine(c *model.ToolCall) (string, bool) {
	service, _ := firstString(c.Arguments, "service_name", "service")
	operation, _ := firstString(c.Arguments, "operation_name", "operation")
	if service == "" || operation == "" || !slices.Contains(nameWords(c), "aws") {
		return "", false
	}
	words := []string{"aws", kebab(service), kebab(operation)}
	params, _ := c.Arguments["parameters"].(map[string]any)
	for _, k := range slices.Sorted(maps.Keys(params)) {
		flag := "--" + kebab(k)
		switch v := params[k].(type) {
		case bool:
			if !v {
				flag = "--no-" + kebab(k)
			}
			words = append(words, flag)
		case string:
			words = append(words, flag, v)
		default:
			b, err := json.Marshal(v)
			if err != nil {
				return "", false
			}
			words = append(words, flag, string(b))
		}
	}
	if r, ok := c.Arguments["region"].(string); ok && r != "" {
		words = append(words, "--region", r)
	}
	args := make([]any, len(words))
	for i, w := range words {
		args[i] = w
	}
	return textOf(args)
}

// firstString returns the first of the keys that holds a non-empty string.
func firstString(args map[string]any, keys ...string) (string, bool) {
	for _, k := range keys {
		if s, ok := args[k].(string); ok && strings.TrimSpace(s) != "" {
			return strings.TrimSpace(s), true
		}
	}
	return "", false
}

// kebab writes an AWS API name as the CLI does: DBInstanceIdentifier is
// db-instance-identifier, DeleteDBInstance delete-db-instance; a name
// already in kebab or snake case keeps its words.
func kebab(name string) string {
	var b strings.Builder
	rs := []rune(name)
	for i, r := range rs {
		upper := unicode.IsUpper(r)
		if i > 0 && upper {
			prev := rs[i-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || unicode.IsUpper(prev) && nextLower {
				b.WriteByte('-')
			}
		}
		if r == '_' {
			r = '-'
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// codeWords in a tool or server name mark a tool that executes code.
var codeWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"python": true, "py": true, "node": true, "nodejs": true, "javascript": true, "js": true,
		"typescript": true, "ruby": true, "interpreter": true, "jupyter": true, "notebook": true, "repl": true, "code": true,
		"cell": true, "ipython": true, "sandbox": true}
})

// interpreterFor maps a code tool's language to the command line that
// would run its code, whose inline source the shell analysis scans.
var interpreterFor = sync.OnceValue(func() map[string]string {
	return map[string]string{"python": "python3 -c", "python3": "python3 -c", "py": "python3 -c", "ipython": "python3 -c",
		"javascript": "node -e", "js": "node -e", "node": "node -e", "nodejs": "node -e", "typescript": "node -e", "ts": "node -e",
		"ruby": "ruby -e", "perl": "perl -e", "php": "php -r"}
})

// codeLines writes the code a code-execution tool runs (execute_python
// {"code": ...}, run_code {"code", "language"}) as the command lines that
// would run it: python3 -c CODE, node -e CODE, the code itself for a shell,
// and the shell escapes of a notebook cell (!rm -rf /, %%bash).
func codeLines(c *model.ToolCall) []string {
	isCode, named := false, false
	lang := ""
	for _, w := range nameWords(c) {
		named = named || codeWords()[w]
		isCode = isCode || codeWords()[w] || w == "execute" || w == "run" || w == "eval" || w == "evaluate"
		if _, ok := interpreterFor()[w]; ok && lang == "" {
			lang = w
		}
	}
	code, _ := firstString(c.Arguments, "code", "source", "cell")
	if code == "" && named {
		code, _ = c.Arguments["script"].(string) // node.evaluate {"script": ...}
	}
	if strings.TrimSpace(code) == "" {
		return nil
	}
	if l, ok := c.Arguments["language"].(string); ok {
		lang = strings.ToLower(l)
	}
	if !isCode {
		return nil
	}
	switch lang {
	case "bash", "sh", "shell", "zsh":
		return []string{code}
	}
	interp, ok := interpreterFor()[lang]
	if !ok {
		interp = "python3 -c" // a code interpreter's default; the scan reads most languages' deleting calls
	}
	q, err := syntax.Quote(code, syntax.LangBash)
	if err != nil {
		return nil
	}
	lines := []string{interp + " " + q}
	if strings.HasPrefix(strings.TrimSpace(code), "%%bash") || strings.HasPrefix(strings.TrimSpace(code), "%%sh") {
		_, body, _ := strings.Cut(strings.TrimSpace(code), "\n")
		return append(lines, body)
	}
	for _, l := range strings.Split(code, "\n") {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "!") {
			lines = append(lines, strings.TrimPrefix(t, "!"))
		}
	}
	return lines
}

// commandMutations are the shell mutations of the command line text, an
// argument of the call id, run in the directory cwd ("" unknown).
func commandMutations(id, key, text, cwd string) []model.Mutation {
	ms, err := shell.Parse(text, shell.Options{Cwd: cwd})
	if err != nil {
		return nil // an empty or oversized command: the call itself is still judged
	}
	for i := range ms {
		ms[i].Address = id + " " + key + ": " + ms[i].Address
	}
	return ms
}

// kubectlLine spells the kubectl command a generic kubectl tool runs from
// its arguments (mcp-server-kubernetes' kubectl_generic: command,
// subCommand, resourceType, name, namespace, flags, args), so that it is
// judged like the same command typed in a shell.
func kubectlLine(c *model.ToolCall) (string, bool) {
	if line, ok := kubectlDeleteLine(c); ok {
		return line, true
	}
	if line, ok := kubectlPatchOrNodeLine(c); ok {
		return line, true
	}
	verb, _ := c.Arguments["command"].(string)
	if c.Name != "kubectl_generic" || strings.TrimSpace(verb) == "" {
		return "", false
	}
	if strings.HasPrefix(strings.TrimSpace(verb), "kubectl ") {
		return verb, true // a whole command line
	}
	// A command of several words (delete pvc data -n prod) is read as the
	// line a server that splits it would run; one that passes it to
	// kubectl as one word would only fail.
	prefix := ""
	words := []string{"kubectl", verb}
	if strings.ContainsAny(strings.TrimSpace(verb), " \t") {
		prefix, words = "kubectl "+strings.TrimSpace(verb), nil
	}
	for _, k := range []string{"subCommand", "resourceType", "name"} {
		if s, ok := c.Arguments[k].(string); ok && s != "" {
			words = append(words, s)
		}
	}
	if ns, ok := c.Arguments["namespace"].(string); ok && ns != "" {
		words = append(words, "--namespace="+ns)
	}
	if flags, ok := c.Arguments["flags"].(map[string]any); ok {
		for _, k := range slices.Sorted(maps.Keys(flags)) {
			switch v := flags[k].(type) {
			case bool:
				if v {
					words = append(words, "--"+k)
				}
			default:
				words = append(words, "--"+k+"="+fmt.Sprint(v))
			}
		}
	}
	if args, ok := c.Arguments["args"].([]any); ok {
		for _, a := range args {
			words = append(words, fmt.Sprint(a))
		}
	}
	if prefix != "" {
		return strings.TrimSpace(prefix + " " + quotedLine(words)), true
	}
	return quotedLine(words), true
}

// kubectlPatchOrNodeLine spells the kubectl command that mcp-server-
// kubernetes' kubectl_patch {resourceType, name, namespace, patchData} and
// node_management {operation, nodeName, force} amount to: kubectl patch
// TYPE NAME -p JSON (a patch setting a volume's reclaim policy to Delete
// is judged as on the command line), kubectl drain NODE --force.
func kubectlPatchOrNodeLine(c *model.ToolCall) (string, bool) {
	var words []string
	switch c.Name {
	case "kubectl_patch":
		kind, _ := c.Arguments["resourceType"].(string)
		name, _ := c.Arguments["name"].(string)
		if strings.TrimSpace(kind) == "" || strings.TrimSpace(name) == "" {
			return "", false
		}
		words = []string{"kubectl", "patch", kind, name}
		if data, ok := c.Arguments["patchData"]; ok && data != nil {
			text, isText := data.(string)
			if !isText {
				b, err := json.Marshal(data)
				if err != nil {
					return "", false
				}
				text = string(b)
			}
			words = append(words, "-p", text)
		} else if file, ok := c.Arguments["patchFile"].(string); ok {
			words = append(words, "--patch-file", file)
		}
		if t, ok := c.Arguments["patchType"].(string); ok && t != "" {
			words = append(words, "--type="+t)
		}
	case "node_management":
		op, _ := c.Arguments["operation"].(string)
		node, _ := c.Arguments["nodeName"].(string)
		if strings.TrimSpace(op) == "" || strings.TrimSpace(node) == "" {
			return "", false
		}
		words = []string{"kubectl", op, node}
		for _, o := range []struct{ arg, flag string }{{"force", "--force"}, {"deleteLocalData", "--delete-emptydir-data"}, {"ignoreDaemonsets", "--ignore-daemonsets"}} {
			if b, _ := c.Arguments[o.arg].(bool); b {
				words = append(words, o.flag)
			}
		}
	default:
		return "", false
	}
	if ns, ok := c.Arguments["namespace"].(string); ok && ns != "" {
		words = append(words, "--namespace="+ns)
	}
	return quotedLine(words), true
}

// kubectlDeleteLine spells the kubectl delete that kubernetes-mcp-server's
// pods_delete {name, namespace} and resources_delete {apiVersion, kind,
// name, namespace} amount to; with no name (or no kind) it spells none, and
// the call's own row needs review.
func kubectlDeleteLine(c *model.ToolCall) (string, bool) {
	kind := "pod"
	switch c.Name {
	case "pods_delete":
	case "resources_delete":
		kind, _ = c.Arguments["kind"].(string)
	default:
		return "", false
	}
	name, _ := c.Arguments["name"].(string)
	if strings.TrimSpace(kind) == "" || strings.TrimSpace(name) == "" {
		return "", false
	}
	words := []string{"kubectl", "delete", strings.ToLower(kind), name}
	if ns, ok := c.Arguments["namespace"].(string); ok && ns != "" {
		words = append(words, "--namespace="+ns)
	}
	return quotedLine(words), true
}

// nameWords are the words of a call's server and tool names, which say
// what kind of tool it is (a terminal, the aws CLI).
func nameWords(c *model.ToolCall) []string { return append(Words(c.Server), c.Words...) }

// quotedLine writes words as a command line, each quoted for bash where it
// needs to be.
func quotedLine(words []string) string {
	for i, w := range words {
		if q, err := syntax.Quote(w, syntax.LangBash); err == nil {
			words[i] = q
		}
	}
	return strings.Join(words, " ")
}

// linesOf reads a "commands" argument given as an array of command lines
// ({"commands": ["cd app", "rm -rf build"]}), one line each, where an
// array under another key is one command's argv.
func linesOf(key string, v any) (string, bool) {
	items, ok := v.([]any)
	if !ok || !strings.EqualFold(key, "commands") {
		return "", false
	}
	lines := make([]string, 0, len(items))
	for _, it := range items {
		s, ok := it.(string)
		if obj, isObj := it.(map[string]any); isObj { // [{"command": "…"}, …]
			s, ok = firstString(obj, "command", "cmd", "command_line")
		}
		if !ok {
			return "", false
		}
		lines = append(lines, s)
	}
	return strings.Join(lines, "\n"), len(lines) > 0
}

// textOf is an argument's text: a string, or an argv array of strings
// (exec_in_pod {"command": ["psql", "-c", "DROP TABLE t"]}) written as the
// command line that runs it.
func textOf(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case []any:
		words := make([]string, 0, len(x))
		for _, e := range x {
			w, ok := e.(string)
			if !ok {
				return "", false
			}
			q, err := syntax.Quote(w, syntax.LangBash)
			if err != nil {
				return "", false
			}
			words = append(words, q)
		}
		return strings.Join(words, " "), len(words) > 0
	}
	return "", false
}

// sqlTextOf is the SQL an argument holds: a string, or a list of
// statements (neon's run_sql_transaction {"sqlStatements": [...]}) as one
// script, each ended with a semicolon. An item that is not a string is
// written as its JSON, which does not parse as SQL and so is judged as SQL
// that could not be read.
func sqlTextOf(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case []any:
		var b strings.Builder
		for _, it := range x {
			s, ok := it.(string)
			if !ok {
				js, _ := json.Marshal(it)
				s = string(js)
			}
			b.WriteString(strings.TrimRight(strings.TrimSpace(s), ";"))
			b.WriteString(";\n")
		}
		return b.String(), len(x) > 0
	}
	return "", false
}

func sqlMutation(id, key string, st model.SQLStatement) model.Mutation {
	stmt := st
	return model.Mutation{
		Source:     model.SourceMCP,
		Action:     model.ActionExecute,
		RawActions: []string{string(model.ActionExecute)},
		Address:    id + " " + key + ": " + st.Text,
		Target:     model.Target{Provider: id, Type: model.SQLProgram, ID: st.Text},
		Command:    &model.Command{Program: model.SQLProgram, Text: st.Text, Line: 1, Col: 1},
		SQL:        &stmt,
	}
}

// dbWords name servers and tools that run SQL.
var dbWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"postgres": true, "postgresql": true, "pg": true, "mysql": true, "mariadb": true, "sqlite": true,
		"sqlite3": true, "snowflake": true, "bigquery": true, "bq": true, "sql": true, "db": true, "database": true, "supabase": true,
		"neon": true, "clickhouse": true, "duckdb": true, "mssql": true, "sqlserver": true, "redshift": true, "cockroach": true,
		"cockroachdb": true, "planetscale": true, "turso": true, "oracle": true, "athena": true, "trino": true, "presto": true, "databricks": true,
		"keyspaces": true, "cassandra": true, "cql": true, "dsql": true, "scylla": true}
})

// isSQLArgument reports whether an argument holds SQL: "sql" and
// "statement" (or a list of statements) always, "query" and "queries" for
// a database server or tool.
func isSQLArgument(key string, c *model.ToolCall) bool {
	switch strings.ToLower(key) {
	case "sql", "statement", "sql_query", "sqlquery", "statements", "sqlstatements", "sql_statements", "sql_list", "sqllist":
		return true
	case "query", "queries":
		if dbWords()[c.Server] {
			return true
		}
		for _, w := range nameWords(c) {
			if dbWords()[w] {
				return true
			}
		}
	}
	return false
}

// sqlWriteRE matches the start of a statement that changes or removes
// data or schema.
var sqlWriteRE = lazyregexp.New(`(?is)^\s*(drop\s+(table|database|schema|view|index)|truncate\s|delete\s+from\s|alter\s+table\s|update\s+\S+\s+set\s)`)

// writesAsSQL reports whether a query argument of a tool that names no
// database ({"query": "DROP TABLE users"} to get_report) holds a statement
// that changes or removes data: it is read as SQL, so that a name that
// does not say "database" never hides what the statement does. A tool
// that searches text is left alone: there the query is what is searched
// for ("DROP TABLE in migration").
func writesAsSQL(key string, v any, c *model.ToolCall) bool {
	switch strings.ToLower(key) {
	case "query", "queries", "query_string", "querystring":
	default:
		return false
	}
	if slices.Contains(nameWords(c), "search") {
		return false
	}
	s, ok := v.(string)
	return ok && sqlWriteRE.MatchString(s)
}

// commandKeys hold a shell command line in a terminal server's tools.
var commandKeys = map[string]bool{"command": true, "commands": true, "cmd": true, "commandline": true, "command_line": true, "script": true, "shell_command": true,
	"program": true, "executable": true}

// argvKeys hold the arguments of a program a tool runs, apart from the
// program itself (spawn {"cmd": "rm", "argv": ["-rf", "/srv"]}), and
// stdinKeys what it is fed (run_command {"command": "psql", "stdin": …}).
var (
	argvKeys  = []string{"args", "argv", "arguments"}
	stdinKeys = []string{"stdin", "input"}
)

// withArgvAndStdin completes the command line text in the argument key
// with the rest of its program's arguments, given apart, and with what the
// program is fed, as a here-document: what runs is the program with both.
// An argument array that cannot be read is kept as a word only known at
// run time ("$args"), so that the program is never judged without it.
func withArgvAndStdin(key, text string, c *model.ToolCall) string {
	switch strings.ToLower(key) {
	case "command", "cmd", "program", "executable":
	default:
		return text
	}
	for _, k := range argvKeys {
		v, ok := c.Arguments[k]
		if !ok || v == nil {
			continue
		}
		if fragment, isString := v.(string); isString {
			text += " " + fragment // the rest of a command line
		} else if words, ok := textOf(v); ok {
			text += " " + words
		} else {
			text += ` "$` + k + `"`
		}
		break
	}
	if slices.Contains(c.Words, "interact") || slices.Contains(c.Words, "send") {
		return text // their input is typed into a running process (isCommandArgument)
	}
	if in, ok := firstString(c.Arguments, stdinKeys...); ok {
		end := "RECOURSE_STDIN"
		for strings.Contains(in, end) {
			end += "_"
		}
		text += " <<'" + end + "'\n" + in + "\n" + end
	}
	return text
}

// runsPowerShell reports whether a terminal tool runs its command line in
// PowerShell: its name or its server's says so (Powershell-Tool,
// run_powershell, a server named pwsh), or a shell argument names it
// (execute_command {"shell": "powershell.exe"}). Its command is then read
// as pwsh -Command reads it, not as bash.
func runsPowerShell(c *model.ToolCall) bool {
	for _, name := range []string{c.Tool, c.Server} {
		if n := strings.ToLower(name); strings.Contains(n, "powershell") || strings.Contains(n, "pwsh") {
			return true
		}
	}
	for _, k := range []string{"shell", "interpreter", "shell_type", "shellType"} {
		if v, ok := c.Arguments[k].(string); ok {
			name := strings.ToLower(path.Base(strings.ReplaceAll(v, `\`, "/")))
			if name == "powershell" || name == "powershell.exe" || name == "pwsh" || name == "pwsh.exe" {
				return true
			}
		}
	}
	return false
}

// shellQuote quotes s as one bash word.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// shellWords in a tool or server name mark a terminal tool.
var shellWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"run": true, "exec": true, "execute": true, "shell": true, "terminal": true, "bash": true,
		"command": true, "cmd": true, "sh": true, "zsh": true, "powershell": true, "console": true, "process": true, "cli": true}
})

// cliKeys hold a command line whatever the tool is called: the AWS API
// server's call_aws takes {"cli_command": "aws s3 rb s3://b --force"}.
var cliKeys = map[string]bool{"cli_command": true, "clicommand": true}

// typingKeys hold what a tool types into a terminal (send_keys {"keys":
// "rm -rf ~\n"}, terminal_write {"text": ...}): a command line once Enter
// is pressed.
var typingKeys = map[string]bool{"keys": true, "text": true, "data": true, "input": true}

// typesIntoTerminal reports whether a tool's name says it types into a
// terminal: a word for the terminal and a word for typing.
func typesIntoTerminal(c *model.ToolCall) bool {
	words := nameWords(c)
	return slices.ContainsFunc(words, func(w string) bool {
		return w == "terminal" || w == "tmux" || w == "pty" || w == "console" || w == "keys"
	}) &&
		slices.ContainsFunc(words, func(w string) bool { return w == "send" || w == "write" || w == "type" || w == "input" })
}

// ownCommands are the servers whose tools, unless named for a shell
// (exec_in_pod), take a command of their own (a kubectl verb) that
// kubectlLine reads, not a shell line.
var ownCommands = map[string]bool{"kubectl": true, "kubernetes": true, "k8s": true}

func isCommandArgument(key string, c *model.ToolCall) bool {
	if cliKeys[strings.ToLower(key)] {
		return true
	}
	if typingKeys[strings.ToLower(key)] && typesIntoTerminal(c) {
		return true
	}
	if strings.EqualFold(key, "input") {
		// What interact_with_process or send_input types into a running
		// shell; the input of a command that run_command starts is its
		// stdin, not a command.
		return slices.Contains(c.Words, "interact") || slices.Contains(c.Words, "send") && slices.Contains(c.Words, "input")
	}
	if !commandKeys[strings.ToLower(key)] {
		return false
	}
	words := nameWords(c)
	if slices.Contains(words, "redis") || slices.Contains(words, "valkey") {
		return false // a Redis server's run_command takes Redis commands (FLUSHALL), judged by rules/mcp
	}
	if slices.ContainsFunc(words, func(w string) bool { return shellWords()[w] }) {
		return true
	}
	if slices.ContainsFunc(words, func(w string) bool { return ownCommands[w] }) {
		return false // kubectl_generic's command is a kubectl verb, read by kubectlLine
	}
	// Any other tool's command argument is read as the command line it
	// looks like, whatever the server says of the tool: an unknown tool
	// given {"command": "rm -rf /"} is judged by that line first, and an
	// annotation (readOnlyHint) cannot hide it.
	return true
}

// cwd is the directory the call's command arguments run in: the one its
// arguments name (from the server's, when relative), else the server's.
func (c *Call) cwd() string {
	dir := cwdOf(c.Arguments)
	switch {
	case dir == "":
		return c.Cwd
	case c.Cwd != "" && !path.IsAbs(dir) && !strings.HasPrefix(dir, "~"):
		return path.Join(c.Cwd, dir)
	}
	return dir
}

func cwdOf(args map[string]any) string {
	for _, k := range []string{"cwd", "workdir", "working_directory", "workingDirectory", "directory", "dir"} {
		if s, ok := args[k].(string); ok {
			return s
		}
	}
	return ""
}

// withoutServer drops leading words that repeat the server's name
// (slack_list_channels on server slack reads as list channels), so that
// the verb comes first.
func withoutServer(words []string, server string) []string {
	sw := map[string]bool{}
	for _, w := range Words(server) {
		sw[w] = true
	}
	i := 0
	for i < len(words)-1 && sw[words[i]] {
		i++
	}
	return words[i:]
}

// Split separates a server prefix from a tool name, as hosts write it:
// mcp__github__x (Claude Code), @github/x, github__x, aws___s3_x, github.x,
// and mcp_github_x when the catalog knows a server of that name (a
// server's own name may hold "_", so only a known one can be cut off);
// an explicit server wins.
func Split(server, tool string) (string, string) {
	t := tool
	s, name, ok := "", "", false
	switch {
	case strings.HasPrefix(t, "mcp__"):
		s, name, ok = strings.Cut(strings.TrimPrefix(t, "mcp__"), "__")
	case strings.HasPrefix(t, "@") && strings.Contains(t, "/"):
		s, name, ok = strings.Cut(strings.TrimPrefix(t, "@"), "/")
		ok = ok && (server == "" || strings.EqualFold(server, s))
	case strings.Contains(t, "___"):
		s, name, ok = strings.Cut(t, "___")
	case strings.Contains(t, "__"):
		s, name, ok = strings.Cut(t, "__")
		ok = ok && (server == "" || strings.EqualFold(server, s))
	case strings.Contains(t, "."):
		s, name, ok = strings.Cut(t, ".")
		ok = ok && (server == "" || strings.EqualFold(server, s))
	case strings.HasPrefix(t, "mcp_") && server == "":
		s, name, ok = knownServerPrefix(strings.TrimPrefix(t, "mcp_"))
	}
	// A prefix is a server only when a tool name with a word in it follows:
	// "db." or "mcp__db__" leaves the whole name as the tool's.
	if !ok || len(Words(name)) == 0 || len(Words(s)) == 0 {
		return server, t
	}
	return firstNonEmpty(server, s), name
}

// knownServerPrefix cuts rest (what follows "mcp_") into a server the
// catalog knows and the tool of that server that follows it.
func knownServerPrefix(rest string) (string, string, bool) {
	c, err := catalog.Load()
	if err != nil {
		return "", "", false
	}
	for i := strings.Index(rest, "_"); i > 0; {
		if ms := c.Lookup(rest[:i], rest[i+1:]); len(ms) > 0 {
			return rest[:i], rest[i+1:], true
		}
		j := strings.Index(rest[i+1:], "_")
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return "", "", false
}

// Words splits a name into lower-case words at case changes, digits-to-
// letters, and any of _ - . / : or space (deleteRepository,
// delete-repository, DELETE_REPOSITORY -> delete repository).
func Words(name string) []string {
	var words []string
	start := -1 // where the word being read starts, or none
	var last rune
	for i := 0; i < len(name); {
		r, size := utf8.DecodeRuneInString(name[i:])
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			words, start = appendWord(words, name, start, i), -1
		case start < 0:
			start = i
		case unicode.IsUpper(r) && (unicode.IsLower(last) || lowerAt(name, i+size)):
			words, start = appendWord(words, name, start, i), i
		}
		last = r
		i += size
	}
	return appendWord(words, name, start, len(name))
}

// appendWord appends name[start:end], lower-cased, when a word started.
func appendWord(words []string, name string, start, end int) []string {
	if start < 0 || end <= start {
		return words
	}
	return append(words, strings.ToLower(name[start:end]))
}

// lowerAt reports whether the rune at name[i:] is lower-case.
func lowerAt(name string, i int) bool {
	r, _ := utf8.DecodeRuneInString(name[i:])
	return i < len(name) && unicode.IsLower(r)
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// codeArgKeys are the arguments that hold source code whatever the tool
// is called (inspect {"code": "import shutil; ..."}).
var codeArgKeys = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"code": true, "script": true, "python": true, "python_code": true, "pythoncode": true, "javascript": true,
		"js": true, "js_code": true, "jscode": true, "source_code": true, "sourcecode": true, "snippet": true, "py": true}
})

// dataArgKeys hold text that a tool writes, sends or stores rather than
// runs: code in them (a script saved to a file, a snippet in a comment) is
// not executed by the call.
var dataArgKeys = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"content": true, "contents": true, "text": true, "body": true, "file_text": true, "new_string": true,
		"old_string": true, "new_str": true, "old_str": true, "patch": true, "diff": true, "message": true, "description": true, "comment": true,
		"title": true, "summary": true, "document": true, "documents": true, "value": true, "markdown": true, "data": true, "search": true,
		"replace": true, "old_text": true, "new_text": true, "prompt": true, "question": true, "thought": true, "observations": true}
})

// pythonCode and jsCode recognise code by its content: a statement that
// only code has (an import, a def, a require) or a call of the modules
// that touch files and processes.
var (
	pythonCode = lazyregexp.New(`(?m)^\s*(import\s+[\w.]+|from\s+[\w.]+\s+import\b|def\s+\w+\s*\()|\b(os|shutil|subprocess|pathlib|sys)\.\w+\s*\(|\b__import__\s*\(|\bopen\s*\([^)]*['"][wa]`)
	jsCode     = lazyregexp.New(`\brequire\s*\(\s*['"]|\bimport\s*\(\s*['"]|\bfs\.\w+\s*\(|\bchild_process\b|\bprocess\.(exit|kill|env)\b|\bDeno\.\w+|\bBun\.\w+`)
)

// argumentCode is the code that the arguments of a tool not named for
// code carry, as the command lines that would run it (python3 -c CODE,
// node -e CODE), so that the shell analysis reads it: an argument named
// for code (code, script, python ...) in the language its content shows,
// and any other string argument whose content is plainly Python or
// JavaScript that touches files or processes. A browser's page scripts
// (function, expression) run in the page, not on the machine; their rows
// judge them.
func argumentCode(c *model.ToolCall) []argLine {
	var out []argLine
	for _, k := range slices.Sorted(maps.Keys(c.Arguments)) {
		s, ok := c.Arguments[k].(string)
		if !ok || strings.TrimSpace(s) == "" || slices.Contains(c.Parsed, k) || isCommandArgument(k, c) || isSQLArgument(k, c) {
			continue
		}
		named := codeArgKeys()[strings.ToLower(k)] && !runsInPage(c)
		if !named && dataArgKeys()[strings.ToLower(k)] {
			continue // a file's content or a message's text is written or sent, not run
		}
		py, js := pythonCode.MatchString(s), jsCode.MatchString(s)
		if !named && !py && !js {
			continue
		}
		interp := "python3 -c"
		if js && !py {
			interp = "node -e"
		}
		q, err := syntax.Quote(s, syntax.LangBash)
		if err != nil {
			continue
		}
		out = append(out, argLine{k, interp + " " + q})
	}
	return out
}

// argLine is a command line read from the argument key.
type argLine struct{ key, line string }

// runsInPage reports whether a tool runs its scripts in a web page: a
// browser automation tool.
func runsInPage(c *model.ToolCall) bool {
	return slices.ContainsFunc(nameWords(c), func(w string) bool {
		return w == "browser" || w == "puppeteer" || w == "playwright" || w == "page" || w == "chrome" || w == "devtools"
	})
}

// catalogSQLArguments are the arguments that the MCP server catalog says
// hold SQL for the tool the call names (aurora-dsql's transact
// {"sql_list": [...]}, heroku's pg_psql {"command": "SELECT ..."}): they
// are read as SQL whatever they are called. A catalog that cannot be read
// names none; the rows then judge the call without it.
func catalogSQLArguments(server, tool string) map[string]bool {
	c, err := catalog.Load()
	if err != nil {
		return nil
	}
	var out map[string]bool
	for _, m := range c.Lookup(server, tool) {
		for arg, role := range m.Tool.Risk {
			if role == "sql" {
				if out == nil {
					out = map[string]bool{}
				}
				out[arg] = true
			}
		}
	}
	return out
}
