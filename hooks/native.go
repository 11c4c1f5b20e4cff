package hooks

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/internal/jsonstrict"
	"github.com/recourse-dev/recourse/model"
)

// tool says how one of a host's own tools is judged: a shell tool by the
// command line in its shell argument, a file tool as the MCP file tool it
// is (write_file, edit, delete_file: the rows of rules/mcp know their path
// arguments), and any other tool as a call of the host's own server.
type tool struct {
	// shell is the argument that holds the command line.
	shell string
	// as is the file tool's name as the rules know it.
	as string
}

// object reads data as one JSON object, exactly as a host's reader would:
// a key given twice, or beside a case variant of one of names, is refused.
// field names where the object sits ("" for the whole input); example is
// a well-formed input for the error.
func object(data []byte, field, example string, names ...string) (map[string]json.RawMessage, error) {
	obj, err := jsonstrict.Object(data)
	var dup *model.Error
	switch {
	case errors.As(err, &dup):
		return nil, err
	case err != nil || obj == nil:
		what := "the hook input"
		if field != "" {
			what = field
		}
		return nil, fmt.Errorf("%s is not JSON or not an object (%v); expected %s", what, err, example)
	}
	if err := jsonstrict.CaseVariants(obj, field, names...); err != nil {
		return nil, err
	}
	return obj, nil
}

// text reads obj[key] as a string: absent or null is "", another type an
// error naming the field.
func text(obj map[string]json.RawMessage, key, example string) (string, error) {
	var s string
	if err := stringMember(obj, key, &s); err != nil {
		return "", fmt.Errorf("the hook input's %s is not a string; expected %s", key, example)
	}
	return s, nil
}

// required reads obj[key] as a non-empty string.
func required(obj map[string]json.RawMessage, key, example string) (string, error) {
	s, err := text(obj, key, example)
	if err == nil && strings.TrimSpace(s) == "" {
		err = fmt.Errorf("the hook input has no %s; expected %s", key, example)
	}
	return s, err
}

// arguments returns a tool's arguments as a JSON object: an object as
// given, a JSON string holding one (Copilot's toolArgs, Cursor's and
// Cline's MCP arguments) parsed exactly, and absent or null as {}.
func arguments(raw json.RawMessage, field string) (json.RawMessage, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return json.RawMessage("{}"), nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if strings.TrimSpace(s) == "" {
			return json.RawMessage("{}"), nil
		}
		raw = json.RawMessage(s)
	}
	if _, err := object(raw, field, `{"command": "ls"}`); err != nil {
		return nil, err
	}
	return raw, nil
}

// shellLine reads the command line of a shell tool's arguments exactly.
func shellLine(args json.RawMessage, field, key string) (string, error) {
	example := fmt.Sprintf(`{%q: "ls"}`, key)
	obj, err := object(args, field, example, key)
	if err != nil {
		return "", err
	}
	var line string
	if err := stringMember(obj, key, &line); err != nil || strings.TrimSpace(line) == "" {
		return "", fmt.Errorf("the shell call has no %s string in %s; expected %s", key, field, example)
	}
	return line, nil
}

// keys name the members of a host's flat hook input: the tool's name,
// its arguments and the working directory; more are the other members
// the host reads, checked for case variants too.
type keys struct {
	tool, args, cwd string
	more            []string
}

// readInput reads a flat hook input exactly: the call with its tool and
// working directory, the tool's arguments as a JSON object, and the whole
// object for the members a host reads besides.
func readInput(data []byte, k keys, example string) (Call, json.RawMessage, map[string]json.RawMessage, error) {
	obj, err := object(data, "", example, append([]string{k.tool, k.args, k.cwd}, k.more...)...)
	if err != nil {
		return Call{}, nil, nil, err
	}
	var call Call
	if call.Tool, err = required(obj, k.tool, example); err != nil {
		return Call{}, nil, nil, err
	}
	if call.Cwd, err = text(obj, k.cwd, example); err != nil {
		return Call{}, nil, nil, err
	}
	args, err := arguments(obj[k.args], k.args)
	if err != nil {
		return Call{}, nil, nil, err
	}
	return call, args, obj, nil
}

// toolPart is the evaluator's part for a call of host's tool name with
// args: a shell tool's command line, a file tool as the file tool the
// rules know, and any other tool as a call of the host's own server.
func toolPart(host string, tools map[string]tool, name string, args json.RawMessage, field string) (Part, error) {
	t := tools[name]
	switch {
	case t.shell != "":
		line, err := shellLine(args, field, t.shell)
		if err != nil {
			return Part{}, err
		}
		return Part{Kind: evaluator.KindShell, Input: []byte(line)}, nil
	case t.as != "":
		return mcpCall(host, t.as, args)
	}
	return mcpCall(host, name, args)
}

// onlyText is one of a host's text-only answers: exit 2 with the reason
// on stderr stops the call, exit 0 with nothing lets it go ahead. Codex,
// Windsurf, Kiro and Goose read their pre-tool hooks so.
func onlyText(stderr io.Writer, a Answer) int {
	if a.Stop || a.Ask {
		fmt.Fprintln(stderr, a.Reason)
		return ExitStop
	}
	return 0
}

// writeJSON prints v as a host's JSON answer and returns code; when it
// cannot, the call is stopped with exit 2, which every host that reads
// JSON also reads as a stop or a failure it is set to fail closed on.
func writeJSON(stdout, stderr io.Writer, v any, code int) int {
	if err := json.NewEncoder(stdout).Encode(v); err != nil {
		fmt.Fprintln(stderr, "Recourse could not write its answer, so the call is stopped:", err)
		return ExitStop
	}
	return code
}
