package programs

import (
	"slices"
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// PowerShell names what a cmdlet does by its verb (Remove-AzResourceGroup,
// Clear-RecycleBin, Get-ChildItem). evaluator/shell judges the cmdlets
// with a shell equivalent as that command (Remove-Item as rm, Set-Content
// as a redirection, Invoke-Sqlcmd as sqlcmd) and the external programs a
// script runs as shell commands; the rows here read the verbs of the
// cmdlets left (model.Command.Cmdlets) and the .NET calls that write or
// delete.

var (
	// psDestroyingVerbs delete, wipe or reset what the noun names.
	psDestroyingVerbs = []string{"remove", "clear", "reset", "uninstall", "unregister", "revoke", "initialize", "unpublish", "undo", "dismount"}
	// psDestroyingCmdlets have verbs that mostly do not.
	psDestroyingCmdlets = []string{"format-volume", "clear-disk", "repair-volume"}
	// psHarmlessCmdlets have destroying verbs but change nothing that
	// lasts.
	psHarmlessCmdlets = []string{"clear-host", "clear-variable", "remove-variable", "clear-history", "remove-module", "remove-psdrive",
		"remove-job", "remove-pssession", "remove-typedata", "remove-event", "set-location", "set-variable", "new-variable", "invoke-pester",
		"new-object", "set-strictmode", "set-psdebug"}
	// psReadingVerbs read, show or compute; cmdlets with other verbs (Set,
	// New, Add, Start, Stop, Enable, Install, Publish, Grant …) change
	// something Recourse does not analyse.
	psReadingVerbs = []string{"get", "select", "where", "write", "measure", "test", "find", "search", "show", "compare", "group", "sort",
		"foreach", "convertto", "convertfrom", "convert", "join", "split", "resolve", "read", "wait", "trace", "debug", "push", "pop",
		"import", "use", "out", "format", "expand", "confirm", "assert", "ping", "receive", "watch", "limit", "skip", "tee", "start"}
	// psChangingCmdlets have reading verbs but change something: the
	// Start- cmdlets that start services, jobs and VMs (Start-Process is
	// analysed by the walker), Out-File, and the certificate imports.
	psChangingCmdlets = []string{"start-service", "start-job", "start-threadjob", "start-transcript", "start-bitstransfer", "start-vm",
		"out-file", "import-certificate", "import-pfxcertificate", "import-startlayout"}
	// psProtectionOff turn off or carve holes in the machine's defences:
	// Defender's scanning and exclusions, BitLocker, System Restore, the
	// firewall.
	psProtectionOff = []string{"set-mppreference", "add-mppreference", "disable-bitlocker", "suspend-bitlocker", "disable-computerrestore",
		"set-netfirewallprofile", "disable-netfirewallrule"}
	// psDotNetWrites are .NET calls in PowerShell code that delete, write
	// over or move files or start programs, in lower case.
	psDotNetWrites = []string{"]::delete(", ".delete()", ".delete($", "]::writealltext(", "]::writeallbytes(", "]::writealllines(",
		"]::appendalltext(", "]::move(", "]::replace(", "]::copy(", "]::start(", ".moveto(", ".copyto(", "]::createtext(", "]::create("}
)

// psVerb is a cmdlet's verb (remove of remove-item).
func psVerb(cmdlet string) string {
	verb, _, _ := strings.Cut(cmdlet, "-")
	return verb
}

// cmdletWhere holds when a cmdlet the script calls satisfies pred; the
// evidence names it.
func cmdletWhere(desc string, pred func(string) bool) rules.Cond {
	return rules.Func(desc, func(f rules.Facts) rules.Result {
		for _, c := range f.M.Command.Cmdlets {
			if pred(c) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "cmdlet", Value: c, Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

func psDestroys(c string) bool {
	if slices.Contains(psHarmlessCmdlets, c) {
		return false
	}
	return slices.Contains(psDestroyingCmdlets, c) || slices.Contains(psDestroyingVerbs, psVerb(c))
}

func psChanges(c string) bool {
	return slices.Contains(psChangingCmdlets, c) || !slices.Contains(psReadingVerbs, psVerb(c)) && !slices.Contains(psHarmlessCmdlets, c)
}

// dotNetWrites holds when PowerShell code calls a .NET method that
// deletes, writes over or moves a file, or starts a program.
func dotNetWrites() rules.Cond {
	return rules.Func("a .NET call that deletes, writes or starts", func(f rules.Facts) rules.Result {
		src := strings.ToLower(f.M.Command.Script)
		for _, call := range psDotNetWrites {
			if strings.Contains(src, call) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "call", Value: strings.TrimRight(call, "($"), Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// powershellRows judge the inline code of pwsh and powershell.
func powershellRows() []rules.Rule {
	var out []rules.Rule
	for _, p := range []string{"pwsh", "powershell"} {
		out = append(out,
			row("program."+p+".cmdlet-destroys", p, cmdletWhere("a cmdlet that deletes, wipes or resets", psDestroys), model.TierNeedsReview,
				"calls a cmdlet whose verb deletes, wipes or resets (Remove-…, Clear-…, Reset-…, Uninstall-…, Format-Volume): what it removes is not in the input; Remove-Item, Clear-Content and the other cmdlets with a shell equivalent are judged as that command"),
			row("program."+p+".protection-off", p, cmdletWhere("a cmdlet that turns a protection off", func(c string) bool { return slices.Contains(psProtectionOff, c) }),
				model.TierNeedsReview, "turns off or carves an exception into a defence of the machine (Defender's scanning or exclusions, BitLocker, System Restore, the firewall): what it exposes is not in the input"),
			row("program."+p+".dotnet-writes", p, dotNetWrites(), model.TierNeedsReview,
				"calls a .NET method that deletes, writes over or moves a file, or starts a program ([IO.File]::Delete, ::WriteAllText, [Diagnostics.Process]::Start): what it touches is not analysed"),
			row("program."+p+".cmdlet-changes", p, cmdletWhere("a cmdlet that changes something", psChanges), model.TierRecoverableWithEffort,
				"calls a cmdlet that changes something Recourse does not analyse (Set-…, New-…, Start-Service, Stop-…, Install-…)"),
			row("program."+p+".inline", p, hasScript(), model.TierReversible,
				"the inline code only reads (Get-…, Select-…, Write-Output) or runs commands that are judged on their own"),
			row("program."+p+".file", p, nil, model.TierRecoverableWithEffort,
				"runs a program file or module whose contents the input does not show"),
		)
	}
	return out
}
