package shell

import (
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

// TestReadPSLine holds how powershell and pwsh read their arguments
// (psargs.go): -Command and powershell's first value take the rest of the
// line; -File and pwsh's first value name a file; an unknown parameter is
// not read.
func TestReadPSLine(t *testing.T) {
	tests := []struct {
		program, args string
		script        string // "" none
		file          int
		ok            bool
	}{
		{"powershell", "Remove-Item -Recurse x", "Remove-Item -Recurse x", -1, true},
		{"pwsh", "Remove-Item -Recurse x", "", 0, true},
		{"powershell", "-NoProfile -ExecutionPolicy Bypass Get-Date", "Get-Date", -1, true},
		{"powershell", "-nop -ep Bypass -w hidden -c Get-Date -Format o", "Get-Date -Format o", -1, true},
		{"pwsh", "-COMMAND Get-Date", "Get-Date", -1, true},
		{"pwsh", "-comm Get-Date", "Get-Date", -1, true},
		{"pwsh", "-NonI -File x.ps1 -All", "", 2, true},
		{"pwsh", "-f x.ps1", "", 1, true},
		{"powershell", "-Command -", "", -1, true},
		{"powershell", "-File -", "", -1, true},
		{"powershell", "-EncodedCommand AAAA", "", -1, true},
		{"powershell", "-NoProfile", "", -1, true},
		{"powershell", "-Weird Get-Date", "", -1, false},
		{"powershell", "-no Get-Date", "", -1, false}, // ambiguous: -NoProfile, -NoLogo …
	}
	for _, tt := range tests {
		cmd := &model.Command{Program: tt.program}
		for _, w := range strings.Fields(tt.args) {
			cmd.Args = append(cmd.Args, model.Arg{Value: w})
		}
		got, ok := readPSLine(cmd)
		script := ""
		if got.script != nil {
			script = got.script.Value
		}
		if ok != tt.ok || ok && (script != tt.script || got.file != tt.file) {
			t.Errorf("%s %s: script %q file %d ok %v, want %q %d %v", tt.program, tt.args, script, got.file, ok, tt.script, tt.file, tt.ok)
		}
	}
}

// FuzzReadPSLine holds that any arguments are read without a panic, and
// that command text is always the arguments' own words.
func FuzzReadPSLine(f *testing.F) {
	f.Add("powershell", "-nop -c Remove-Item -Recurse x")
	f.Add("pwsh", "-ep Bypass x.ps1")
	f.Add("powershell", "-e")
	f.Fuzz(func(t *testing.T, program, args string) {
		cmd := &model.Command{Program: program}
		for _, w := range strings.Fields(args) {
			cmd.Args = append(cmd.Args, model.Arg{Value: w})
		}
		got, ok := readPSLine(cmd)
		if !ok {
			return
		}
		if got.file >= len(cmd.Args) {
			t.Fatalf("file %d of %d arguments", got.file, len(cmd.Args))
		}
		if got.script != nil && !strings.HasSuffix(strings.Join(strings.Fields(args), " "), got.script.Value) {
			t.Fatalf("script %q is not the end of %q", got.script.Value, args)
		}
	})
}
