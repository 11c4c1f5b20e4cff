package hooks

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/policy/rego"
	"github.com/recourse-dev/recourse/rules/builtin"
)

// panicky is a host whose reading of the input panics.
type panicky struct{ ClaudeCode }

func (panicky) Read([]byte) (Call, error) { panic("boom") }

func newEvaluator(ctx context.Context) (*evaluator.Evaluator, error) {
	pol, err := rego.New(ctx)
	if err != nil {
		return nil, err
	}
	eng, err := builtin.Engine()
	if err != nil {
		return nil, err
	}
	return evaluator.New(eng, pol), nil
}

// TestRunStopsOnEveryFailure: whatever goes wrong between reading the
// input and answering, the host gets its stop, never a go-ahead.
func TestRunStopsOnEveryFailure(t *testing.T) {
	broken := func(context.Context) (*evaluator.Evaluator, error) {
		return nil, &model.Error{Kind: model.KindPolicyCompile, Message: "cannot read the policy directory"}
	}
	tests := []struct {
		name   string
		host   Host
		input  string
		ev     func(context.Context) (*evaluator.Evaluator, error)
		opts   evaluator.Options
		stderr string
	}{
		{"a panic in the host", panicky{}, `{"tool_name":"Bash","tool_input":{"command":"ls"}}`, newEvaluator, evaluator.Options{}, "internal error"},
		{"a policy that does not load", ClaudeCode{}, `{"tool_name":"Bash","tool_input":{"command":"ls"}}`, broken, evaluator.Options{}, "cannot read the policy directory"},
		{"a deadline", ClaudeCode{}, `{"tool_name":"Bash","tool_input":{"command":"ls"}}`, newEvaluator, evaluator.Options{Timeout: 1}, "deadline_exceeded"},
		{"an empty input", ClaudeCode{}, ``, newEvaluator, evaluator.Options{}, "not JSON"},
		{"a duplicate key", ClaudeCode{}, `{"tool_name":"Bash","tool_input":{"command":"rm -rf /","command":"ls"}}`, newEvaluator, evaluator.Options{}, `tool_input.command: the key "command" appears twice`},
		{"a case variant of command", ClaudeCode{}, `{"tool_name":"Bash","tool_input":{"command":"rm -rf /","Command":"ls"}}`, newEvaluator, evaluator.Options{}, `"Command" differs from "command"`},
		{"a case variant of tool_name", ClaudeCode{}, `{"tool_name":"Read","Tool_Name":"Bash","tool_input":{"command":"rm -rf /"}}`, newEvaluator, evaluator.Options{}, `"Tool_Name" differs`},
		{"a duplicate key in an MCP call's input", ClaudeCode{}, `{"tool_name":"mcp__postgres__query","tool_input":{"sql":"DROP TABLE users","sql":"SELECT 1"}}`, newEvaluator, evaluator.Options{}, `appears twice`},
		{"a cwd that is not a string", ClaudeCode{}, `{"tool_name":"Bash","tool_input":{"command":"ls"},"cwd":7}`, newEvaluator, evaluator.Options{}, "cwd is not a string"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			cfg := Config{Setup: func(ctx context.Context, _ string) (Setup, error) {
				ev, err := tt.ev(ctx)
				return Setup{Evaluator: ev, Options: tt.opts, FailOn: model.Escalate}, err
			}}
			code := Run(context.Background(), tt.host, strings.NewReader(tt.input), &stdout, &stderr, cfg)
			if code != ExitStop {
				t.Fatalf("exit %d, want the stop %d (stderr %q)", code, ExitStop, stderr.String())
			}
			if !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("stderr %q lacks %q", stderr.String(), tt.stderr)
			}
			if strings.Contains(stderr.String(), "goroutine") {
				t.Errorf("a stack reached the host: %q", stderr.String())
			}
		})
	}
}

// TestFailWithoutHost: an unknown host is answered with exit 2 and the
// reason, the stop of the hosts that read exit statuses.
func TestFailWithoutHost(t *testing.T) {
	var stderr bytes.Buffer
	if code := Fail(nil, io.Discard, &stderr, errors.New("unknown hook host")); code != ExitStop || !strings.Contains(stderr.String(), "unknown hook host") {
		t.Fatalf("exit %d stderr %q", code, stderr.String())
	}
}
