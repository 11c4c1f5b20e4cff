package hooks

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/evaluator"
)

// TestClineCommands: run_commands is read into the command lines Cline 4.x
// runs, from the stringified parameters its hooks adapter sends
// (cline/cline@21cb8d2 apps/vscode/src/sdk/hooks-adapter.ts; the shapes are
// sdk/packages/core/src/extensions/tools/schemas.ts RunCommandsInputUnionSchema,
// and heredocs are joined as definitions.ts coalesceSplitHeredocCommands does).
func TestClineCommands(t *testing.T) {
	cases := []struct {
		name, params string
		want         []string
		err          string
	}{
		{"array text", `{"commands":"[\"git status\",\"ls -la\"]"}`, []string{"git status", "ls -la"}, ""},
		{"array", `{"commands":["git status"]}`, []string{"git status"}, ""},
		{"one string", `{"commands":"git status"}`, []string{"git status"}, ""},
		{"not an array", `{"commands":"[ -f x ] && rm x"}`, []string{"[ -f x ] && rm x"}, ""},
		{"structured", `{"commands":"[{\"command\":\"rm\",\"args\":[\"-rf\",\"it's ~\"]}]"}`, []string{`'rm' '-rf' 'it'\''s ~'`}, ""},
		{"one structured", `{"commands":"{\"command\":\"git\",\"args\":[\"status\"]}"}`, []string{`'git' 'status'`}, ""},
		{"command and args", `{"command":"git","args":"[\"status\"]"}`, []string{`'git' 'status'`}, ""},
		{"cmd", `{"cmd":"ls"}`, []string{"ls"}, ""},
		{"every member is judged", `{"commands":"[\"ls\"]","cmd":"rm -rf ~"}`, []string{"ls", "rm -rf ~"}, ""},
		{"heredoc", `{"commands":"[\"cat <<'EOF' > a.txt\",\"x\",\" EOF \",\"ls\"]"}`, []string{"cat <<'EOF' > a.txt\nx\n EOF ", "ls"}, ""},
		{"heredoc unterminated", `{"commands":"[\"cat <<EOF\",\"x\"]"}`, []string{"cat <<EOF", "x"}, ""},
		{"here-string is no heredoc", `{"commands":"[\"cat <<<EOF\",\"EOF\"]"}`, []string{"cat <<<EOF", "EOF"}, ""},
		{"none", `{}`, nil, "has no commands"},
		{"empty command", `{"commands":"[\"ls\",\"\"]"}`, nil, "empty command"},
		{"bad entry", `{"commands":"[1]"}`, nil, "neither a string nor an object"},
		{"bad args", `{"command":"git","args":"status"}`, nil, "not a list of strings"},
		{"duplicate key", `{"commands":"[{\"command\":\"ls\",\"command\":\"rm\"}]"}`, nil, "command"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			parts, err := clineCommands(json.RawMessage(c.params))
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err = %v, want one saying %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range parts {
				if p.Kind != evaluator.KindShell {
					t.Errorf("part kind %v, want shell", p.Kind)
				}
				got = append(got, string(p.Input))
			}
			if strings.Join(got, "\x00") != strings.Join(c.want, "\x00") {
				t.Errorf("commands = %q, want %q", got, c.want)
			}
		})
	}
}

// TestClineReadTools: Cline's SDK and classic tools are read as what they
// are, and an SDK MCP call whose arguments may have been stringified is
// judged in both readings.
func TestClineReadTools(t *testing.T) {
	read := func(tool, params string) []Part {
		t.Helper()
		in := `{"hookName":"PreToolUse","workspaceRoots":["/w"],"preToolUse":{"toolName":"` + tool + `","parameters":` + params + `}}`
		call, err := Cline{}.Read([]byte(in))
		if err != nil {
			t.Fatalf("%s: %v", tool, err)
		}
		return call.Parts
	}
	cases := []struct{ tool, params, want string }{
		{"editor", `{"path":"/w/a","new_text":"x"}`, `{"arguments":{"content":"x","path":"/w/a"},"server":"cline","tool":"write_file"}`},
		{"editor", `{"path":"/w/a","old_text":"null","new_text":"x","insert_line":"3"}`, `{"arguments":{"new_string":"x","old_string":"null","path":"/w/a"},"server":"cline","tool":"edit"}`},
		{"read_files", `{"files":"[\"/w/a\"]"}`, `{"arguments":{"files":"[\"/w/a\"]"},"server":"cline","tool":"read_files"}`},
		{"execute_command", `{"command":"ls","requires_approval":"false"}`, "ls"},
		{"new_rule", `{"path":".clinerules/x.md","content":"y"}`, `{"arguments":{"path":".clinerules/x.md","content":"y"},"server":"cline","tool":"write_file"}`},
		{"apply_patch", `{"input":"*** Begin Patch\n*** Delete File:  old.txt \n*** End Patch"}`, `{"arguments":{"path":"old.txt"},"server":"cline","tool":"delete_file"}`},
	}
	for _, c := range cases {
		parts := read(c.tool, c.params)
		if len(parts) != 1 || string(parts[0].Input) != c.want {
			t.Errorf("%s %s: parts %q, want %s", c.tool, c.params, partTexts(parts), c.want)
		}
	}
	parts := read("db__drop_table", `{"table":"users","cascade":"true","opts":"{\"force\":true}","name":"\"x\""}`)
	want := []string{
		`{"arguments":{"table":"users","cascade":"true","opts":"{\"force\":true}","name":"\"x\""},"server":"db","tool":"drop_table"}`,
		`{"arguments":{"cascade":true,"name":"\"x\"","opts":{"force":true},"table":"users"},"server":"db","tool":"drop_table"}`,
	}
	if strings.Join(partTexts(parts), "\n") != strings.Join(want, "\n") {
		t.Errorf("SDK MCP call read as %q, want %q", partTexts(parts), want)
	}
}

func partTexts(parts []Part) []string {
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = string(p.Input)
	}
	return out
}
