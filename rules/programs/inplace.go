package programs

import (
	"strings"
	"sync"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// Programs that rewrite the files they are given, in place, when told to
// (the sed -i rows are with sed's): a scripted editor session that writes
// (vim -c '%d' -c wq FILE), gawk -i inplace, yq -i, and an archive
// extracted over the root (7z x -o/).

// editors run Ex commands given with -c, --cmd or +CMD, and, in Ex mode
// (ex, vim -e, vim -es), those fed on stdin; ed and red read theirs from
// stdin only.
var editors = []string{"vim", "vi", "nvim", "ex", "view", "gvim", "vimdiff", "ed", "red"}

// stdinEditors read their commands from stdin whatever their flags;
// stdinOnly have no other way to be given them.
var (
	stdinEditors = map[string]bool{"ex": true, "ed": true, "red": true}
	stdinOnly    = map[string]bool{"ed": true, "red": true}
)

// awkInPlace are the awks whose -i inplace extension rewrites the files.
var awkInPlace = []string{"awk", "gawk"}

// sevenZips are 7-Zip's command-line programs.
var sevenZips = []string{"7z", "7za", "7zr", "7zz"}

func inPlaceRows() []rules.Rule {
	var out []rules.Rule
	for _, ed := range editors {
		out = append(out, inPlace("program."+ed+".scripted-write", ed, exWrites(),
			"the editor runs Ex commands that write the file (vim -c '%d' -c wq FILE)")...)
	}
	for _, awk := range awkInPlace {
		out = append(out, inPlace("program."+awk+".in-place", awk, awkInPlaceFlag(), "gawk -i inplace rewrites the files")...)
	}
	out = append(out, inPlace("program.yq.in-place", "yq", rules.Flag("i", "inplace"), "yq -i rewrites the file")...)
	// sd, dos2unix, unix2dos and patch rewrite their files by default.
	out = append(out, inPlace("program.sd.in-place", "sd", rules.Not(rules.Flag("p", "preview", "h", "help", "V", "version")), "sd replaces text in the files in place")...)
	for _, p := range []string{"dos2unix", "unix2dos", "mac2unix", "unix2mac"} {
		out = append(out, inPlace("program."+p+".in-place", p, rules.Not(rules.Flag("n", "newfile", "i", "info", "h", "help", "V", "version")),
			p+" converts the files' line endings in place")...)
	}
	out = append(out, inPlace("program.patch.in-place", "patch", rules.Not(rules.Flag("dry-run", "help", "version", "o", "output")),
		"patch applies a diff to the files in place (patch -R reverses it while the diff is at hand)")...)
	for _, z := range sevenZips {
		extract := rules.Any(rules.Sub("x"), rules.Sub("e"))
		out = append(out,
			row("program."+z+".extract-critical", z, rules.All(extract, rules.FlagPathIs("directory", []string{"o"}, critical...)), model.TierUnrecoverable,
				"extracts into the root, a system or a home directory, over what is there"),
			row("program."+z+".extract-overwrite", z, rules.All(extract, rules.Flag("y", "aoa")), model.TierRecoverableWithEffort,
				"extracts over files of the same names without asking (-y, -aoa)"),
		)
	}
	return out
}

// inPlace is the pair of rows of a program that rewrites files in place
// when when holds: unrecoverable on a system or home file (id-critical),
// recoverable from version control otherwise (id).
func inPlace(id, program string, when rules.Cond, what string) []rules.Rule {
	return []rules.Rule{
		row(id+"-critical", program, rules.All(when, rules.CriticalPath(0)), model.TierUnrecoverable,
			what+", and the file is a system or home file: no copy of the old contents is kept"),
		row(id+"-agent-config", program, rules.All(when, rules.AgentConfigIs(0)), model.TierNeedsReview,
			what+", and the file configures a coding agent or is a git hook (.claude/settings.json, .mcp.json, .git/hooks): the hooks and permissions that guard the agent, or code git runs later"),
		row(id+"-home-dotfile", program, rules.All(when, rules.HomeDotfileIs(0)), model.TierNeedsReview,
			what+", and the file is a dotfile of a home directory (shell profile, SSH authorized keys, cloud credentials): the next shell or login runs or trusts what it adds, and no version control keeps the old text"),
		row(id, program, when, model.TierRecoverableWithEffort, what+"; the old contents survive only in version control"),
	}
}

// inPlaceObserved is inPlace with the rows observed facts decide before
// its last (internal/observe reads sed -i and perl -i with
// rules.ReadInPlace): without a backup suffix the files themselves, whose
// old content the edit replaces, so an untracked or modified one is lost
// and a tracked, unmodified one comes back from git; with one (sed
// -i.bak), the backups the old content is written to, so a backup that
// is not there yet means the old content is kept beside the file and
// nothing is replaced.
func inPlaceObserved(id, program string, when rules.Cond, what string) []rules.Rule {
	rows := inPlace(id, program, when, what)
	last := rows[len(rows)-1]
	rows = append(rows[:len(rows)-1:len(rows)-1],
		row(id+".observed.backup-kept", program, rules.All(when, rules.InPlaceBackup(), rules.ObservedNew()), model.TierReversible,
			what+", keeping the old content of each in a backup that does not exist yet (observed where the action runs): `mv FILE.SUFFIX FILE` undoes it"))
	for _, r := range rules.ObservedWrites() {
		rows = append(rows, row(id+".observed."+r.Suffix, program, rules.All(when, r.When), r.Tier, what+", and writes over "+r.Reason))
	}
	return append(rows, last)
}

// exWrites holds when an editor's Ex commands (-c CMD, --cmd CMD, +CMD,
// and in Ex mode the lines a here-document feeds it) include one that
// writes a file: w, wq, x, up, sav ...
func exWrites() rules.Cond {
	return rules.Func("Ex commands that write", func(f rules.Facts) rules.Result {
		c := f.M.Command
		var scripts []string
		if !stdinOnly[c.Program] {
			scripts = exScripts(c.Args)
		}
		if c.Stdin != "" && (stdinEditors[c.Program] || rules.HasFlag(c, "e", "E")) {
			scripts = append(scripts, strings.Split(c.Stdin, "\n")...)
		}
		for _, script := range scripts {
			for _, cmd := range strings.Split(script, "|") {
				if name := exCommand(cmd); exWriteCommands()[name] {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "ex", Value: strings.TrimSpace(cmd), Present: true}}}
				}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// exWriteCommands are the Ex commands (and their abbreviations) that write
// the buffer to its file.
var exWriteCommands = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"w": true, "wr": true, "wri": true, "writ": true, "write": true, "wq": true, "x": true,
		"xi": true, "xit": true, "exi": true, "exit": true, "wa": true, "wall": true, "wqa": true, "wqall": true, "xa": true,
		"xall": true, "up": true, "upd": true, "upda": true, "updat": true, "update": true, "sav": true, "savea": true,
		"saveas": true, "wn": true, "wnext": true, "wN": true, "wNext": true, "wp": true, "wprevious": true}
})

// exScripts returns the Ex commands given to an editor: the values of -c
// and --cmd (also ending a cluster of short flags, ex -sc CMD) and the
// arguments that start with "+".
func exScripts(args []model.Arg) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "--":
			return out
		case (v == "-c" || v == "--cmd" || len(v) > 2 && v[0] == '-' && v[1] != '-' && v[len(v)-1] == 'c') && i+1 < len(args):
			i++
			out = append(out, args[i].Value)
		case len(v) > 1 && v[0] == '+':
			out = append(out, v[1:])
		}
	}
	return out
}

// exCommand is the name of one Ex command: after the colons, blanks and
// range (%, 1,$, ., 'a) that may lead it, the letters that follow.
func exCommand(cmd string) string {
	s := strings.TrimLeft(cmd, ": \t")
	s = strings.TrimLeft(s, "%0123456789,.$;'<>+- \t")
	end := 0
	for end < len(s) && (s[end] >= 'a' && s[end] <= 'z' || s[end] >= 'A' && s[end] <= 'Z') {
		end++
	}
	return s[:end]
}

// awkInPlaceFlag holds for gawk's in-place extension: -i inplace,
// -iinplace or --include=inplace.
func awkInPlaceFlag() rules.Cond {
	return rules.Func("-i inplace", func(f rules.Facts) rules.Result {
		if v, ok := rules.FlagValue(f.M.Command, "i", "include"); ok && strings.TrimSuffix(v, ".awk") == "inplace" {
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "include", Value: v, Present: true}}}
		}
		return rules.Result{Truth: rules.False}
	})
}
