package mcpcall

import (
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

// TestFileCommand: a file tool's call is observed as the shell command
// that does the same; a call whose path is missing, not a string or
// given twice is not observed (the rules judge it by its arguments).
func TestFileCommand(t *testing.T) {
	tests := []struct {
		doc  string
		want string // program and arguments; "" none
	}{
		{`{"server": "filesystem", "tool": "delete_file", "arguments": {"path": "notes.txt"}}`, "rm -- notes.txt"},
		{`{"server": "filesystem", "tool": "deleteDirectory", "arguments": {"directory": "/w/build"}}`, "rm -- /w/build"},
		{`{"server": "filesystem", "tool": "write_file", "arguments": {"path": "a/b.txt", "content": "x"}}`, model.RedirectProgram + " a/b.txt"},
		{`{"server": "filesystem", "tool": "move_file", "arguments": {"source": "a.txt", "destination": "b.txt"}}`, "mv -- a.txt b.txt"},
		{`{"server": "fs", "tool": "copy_file", "arguments": {"src": "a.txt", "dest": "b.txt"}}`, "cp -- a.txt b.txt"},
		{`{"server": "fs", "tool": "mcp__fs__remove_file", "arguments": {"file_path": "x"}}`, "rm -- x"},
		{`{"server": "filesystem", "tool": "read_text_file", "arguments": {"path": "notes.txt"}}`, ""},
		{`{"server": "filesystem", "tool": "edit_file", "arguments": {"path": "notes.txt", "edits": []}}`, ""},
		{`{"server": "filesystem", "tool": "delete_file", "arguments": {"path": 3}}`, ""},
		{`{"server": "filesystem", "tool": "delete_file", "arguments": {"path": ""}}`, ""},
		{`{"server": "filesystem", "tool": "delete_file", "arguments": {"path": "a", "file_path": "b"}}`, ""},
		{`{"server": "filesystem", "tool": "move_file", "arguments": {"source": "a.txt"}}`, ""},
	}
	for _, tt := range tests {
		ms, err := Parse([]byte(tt.doc))
		if err != nil {
			t.Fatalf("%s: %v", tt.doc, err)
		}
		call := ms[0].Call
		call.Cwd = "/w"
		c, ok := FileCommand(call)
		got := ""
		if ok {
			parts := []string{c.Program}
			for _, a := range c.Args {
				parts = append(parts, a.Value)
			}
			got = strings.Join(parts, " ")
			if c.Cwd != "/w" {
				t.Errorf("%s: cwd %q, want the call's", tt.doc, c.Cwd)
			}
		}
		if got != tt.want {
			t.Errorf("%s: %q, want %q", tt.doc, got, tt.want)
		}
	}
}

// TestCommandsRunInTheServersDirectory: a command argument runs in the
// directory the adapter says the server runs in, or in the one the call
// names, read from there.
func TestCommandsRunInTheServersDirectory(t *testing.T) {
	for _, tt := range []struct{ args, want string }{
		{`{"command": "rm x"}`, "/srv/app"},
		{`{"command": "rm x", "cwd": "sub"}`, "/srv/app/sub"},
		{`{"command": "rm x", "cwd": "/elsewhere"}`, "/elsewhere"},
	} {
		c, err := NewCall("terminal", "run_command", []byte(tt.args), nil)
		if err != nil {
			t.Fatal(err)
		}
		c.Cwd = "/srv/app"
		ms := Mutations(c)
		if len(ms) < 2 || ms[1].Command == nil || ms[1].Command.Cwd != tt.want {
			t.Errorf("%s: %+v, want the command in %s", tt.args, ms, tt.want)
		}
	}
}
