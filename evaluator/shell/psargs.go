package shell

import (
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// How powershell and pwsh read their own command line, from Microsoft's
// documentation of the two programs:
//
//   - about_Pwsh (MicrosoftDocs/PowerShell-Docs@dd7e6c2106f364ac2e1dfbbe5823c9648ea554a0:
//     reference/7.5/Microsoft.PowerShell.Core/About/about_Pwsh.md): -File
//     "is the default parameter if no parameters are present but values are
//     present in the command line"; -Command's string value "must be the
//     last parameter for pwsh, because all arguments following it are
//     interpreted as part of the command to execute"; -EncodedCommand is
//     base64 of UTF-16LE text; every parameter is case-insensitive.
//   - "Breaking Changes for PowerShell 6.0" (same repository @
//     cc52fdcbf3385703d3afce518a81489c8bb66cef:
//     reference/docs-conceptual/whats-new/breaking-changes-ps6.md, "Change
//     positional parameter for powershell.exe from -Command to -File",
//     PowerShell #4019): Windows PowerShell (powershell.exe, 5.1 and
//     before) reads a first value that is no parameter as -Command, so
//     that powershell Get-Command runs Get-Command; PowerShell 6 and later
//     (pwsh) read it as -File.
//   - about_PowerShell_exe (same repository @
//     31b43945c48aefb26bb986272a6c51641572c637:
//     reference/5.1/Microsoft.PowerShell.Core/About/about_PowerShell_exe.md):
//     the parameters of powershell.exe and which take a value.
//
// Read: the parameters before the command, by name or by a prefix of it
// (-NoProfile, -nop, -ExecutionPolicy Bypass, -ep Bypass); -Command or -c
// with every argument after it joined by spaces, as PowerShell joins them;
// -File or -f with the file; the first value that is no parameter, which is
// powershell's command and pwsh's file. -EncodedCommand is read by
// encodedCommand.

// psValueParams are the parameters of powershell and pwsh that take the
// next argument as their value (about_PowerShell_exe, about_Pwsh).
var psValueParams = []string{"executionpolicy", "windowstyle", "inputformat", "outputformat", "configurationname",
	"configurationfile", "custompipename", "settingsfile", "workingdirectory", "psconsolefile", "version", "encodedarguments"}

// psValueAliases are the documented short names of psValueParams (about_Pwsh).
var psValueAliases = map[string]bool{"ex": true, "ep": true, "w": true, "inp": true, "if": true, "o": true, "of": true,
	"config": true, "settings": true, "wd": true, "wo": true, "v": true}

// psSwitches are the parameters that take no value.
var psSwitches = []string{"noprofile", "noninteractive", "nologo", "noexit", "sta", "mta", "interactive", "login",
	"noprofileloadtime", "sshservermode"}

// psSwitchAliases are the documented short names of psSwitches.
var psSwitchAliases = map[string]bool{"nop": true, "noni": true, "nol": true, "noe": true, "i": true, "l": true, "sshs": true}

// psLine is what a powershell or pwsh command line runs: inline command
// text (script, dynamic when a word of it is only known at run time), or
// the file at Args[file], or neither (an interactive session, -Command -
// or -File - reading stdin, -EncodedCommand, help).
type psLine struct {
	script *model.Arg
	file   int
}

// readPSLine reads cmd's arguments as powershell or pwsh reads them. ok is
// false for an argument it does not know as one of their parameters: the
// caller then reads the line as before, which never allows what it does
// not read.
func readPSLine(cmd *model.Command) (psLine, bool) {
	line := psLine{file: -1}
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic || !strings.HasPrefix(a.Value, "-") || a.Value == "-" {
			if cmd.Program == "pwsh" {
				line.file = i // pwsh's positional parameter is -File
				return line, true
			}
			line.script = psJoin(args[i:]) // powershell's is -Command
			return line, true
		}
		name := strings.ToLower(strings.TrimLeft(a.Value, "-"))
		switch {
		case name == "c" || len(name) >= 3 && strings.HasPrefix("command", name):
			if i+1 < len(args) && !(args[i+1].Value == "-" && !args[i+1].Dynamic) {
				line.script = psJoin(args[i+1:])
			}
			return line, true
		case name == "f" || len(name) >= 2 && strings.HasPrefix("file", name):
			if i+1 < len(args) && !(args[i+1].Value == "-" && !args[i+1].Dynamic) {
				line.file = i + 1
			}
			return line, true
		case name == "e" || name == "ec" || len(name) >= 2 && strings.HasPrefix("encodedcommand", name),
			name == "h" || name == "help" || name == "?":
			return line, true // encodedCommand reads it; help runs nothing
		case psValueAliases[name] || psParam(psValueParams, name):
			i++
		case psSwitchAliases[name] || psParam(psSwitches, name):
		default:
			return psLine{}, false
		}
	}
	return line, true
}

// psParam reports whether name is one of params or an unambiguous prefix
// of one (PowerShell accepts -NonI for -NonInteractive), at least three
// letters long.
func psParam(params []string, name string) bool {
	if len(name) < 3 {
		return false
	}
	n := 0
	for _, p := range params {
		if p == name {
			return true
		}
		if strings.HasPrefix(p, name) {
			n++
		}
	}
	return n == 1
}

// psJoin is the command text PowerShell runs from args: the arguments
// joined by spaces; dynamic when one of them is only known at run time.
func psJoin(args []model.Arg) *model.Arg {
	words := make([]string, len(args))
	dynamic := false
	for i, a := range args {
		words[i] = a.Value
		dynamic = dynamic || a.Dynamic
	}
	return &model.Arg{Value: strings.Join(words, " "), Dynamic: dynamic}
}
