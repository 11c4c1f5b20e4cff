package rules

import (
	"path"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// InPlaceEdit is what an in-place edit (sed -i, perl -i) rewrites: its files,
// and the suffix of the backup it keeps of each ("" none: the old content
// is gone once the file is rewritten).
type InPlaceEdit struct {
	Files  []model.Arg
	Suffix string
}

// ReadInPlace reads c as an in-place edit of GNU sed (-i[SUFFIX],
// --in-place[=SUFFIX]; the script is the first operand unless -e or -f
// gives it) or perl (-i[EXT], in a cluster such as -pi.bak; the program
// is the first operand unless -e or -E gives it). The suffix is attached
// to the option, as both programs read it: sed -i.bak keeps FILE.bak, sed
// -i -e … keeps none, and sed -ie … keeps FILEe. ok is false when c is not
// such an edit or a word cannot be read exactly (a word only known at run
// time, an option this reader does not know to take a value), so that
// nothing is observed and the rows judge the words alone.
func ReadInPlace(c *model.Command) (InPlaceEdit, bool) {
	switch c.Program {
	case "sed":
		return readSed(c.Args)
	case "perl":
		return readPerl(c.Args)
	}
	return InPlaceEdit{}, false
}

// sedValueShort and sedValueLong are GNU sed's options that take a value
// (sed --help, GNU sed 4.9).
var (
	sedValueShort = "efl"
	sedValueLong  = map[string]bool{"expression": true, "file": true, "line-length": true}
	sedFlagLong   = map[string]bool{"quiet": true, "silent": true, "debug": true, "follow-symlinks": true, "posix": true,
		"regexp-extended": true, "separate": true, "sandbox": true, "unbuffered": true, "null-data": true, "zero-terminated": true,
		"binary": true, "help": true, "version": true}
)

func readSed(args []model.Arg) (InPlaceEdit, bool) {
	var ip InPlaceEdit
	var ops []model.Arg
	inPlace, script := false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case a.Dynamic:
			return InPlaceEdit{}, false
		case v == "--":
			ops = append(ops, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(v, "--"):
			name, val, hasVal := strings.Cut(v[2:], "=")
			switch {
			case name == "in-place":
				inPlace, ip.Suffix = true, val
			case sedValueLong[name]:
				if !hasVal {
					i++
				}
				script = script || name != "line-length"
			case !sedFlagLong[name]:
				return InPlaceEdit{}, false
			}
		case strings.HasPrefix(v, "-") && len(v) > 1:
			for j := 1; j < len(v); j++ {
				if v[j] == 'i' {
					inPlace, ip.Suffix = true, v[j+1:]
					break
				}
				if strings.IndexByte(sedValueShort, v[j]) >= 0 {
					if j == len(v)-1 {
						i++
					}
					script = script || v[j] != 'l'
					break
				}
			}
		default:
			ops = append(ops, a)
		}
	}
	if !inPlace {
		return InPlaceEdit{}, false
	}
	if !script {
		if len(ops) == 0 {
			return InPlaceEdit{}, false
		}
		ops = ops[1:]
	}
	for _, o := range ops {
		if o.Dynamic {
			return InPlaceEdit{}, false
		}
	}
	ip.Files = ops
	return ip, len(ops) > 0
}

// perlAttached are perl's switches whose value is the rest of their word
// (perlrun): -0[octal], -l[octal], -C[number], -d[:MOD], -D[flags],
// -x[dir], -F pattern, -I dir, -M/-m module; -e and -E take the rest or
// the next word.
const perlAttached = "0lCdDxFIMm"

func readPerl(args []model.Arg) (InPlaceEdit, bool) {
	var ip InPlaceEdit
	var ops []model.Arg
	inPlace, script := false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case a.Dynamic:
			return InPlaceEdit{}, false
		case v == "--" || v == "-":
			ops = append(ops, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(v, "--"):
			return InPlaceEdit{}, false
		case strings.HasPrefix(v, "-") && len(v) > 1:
		cluster:
			for j := 1; j < len(v); j++ {
				switch c := v[j]; {
				case c == 'i':
					inPlace, ip.Suffix = true, v[j+1:]
					break cluster
				case c == 'e' || c == 'E':
					if j == len(v)-1 {
						i++
					}
					script = true
					break cluster
				case (c == 'I' || c == 'M' || c == 'm') && j == len(v)-1:
					return InPlaceEdit{}, false // the value's spelling is not read here
				case strings.IndexByte(perlAttached, c) >= 0:
					break cluster
				}
			}
		default:
			// Switches end at the first other word: the program file
			// unless -e gave the program, then the files.
			if script {
				ops = append(ops, args[i:]...)
			} else {
				ops = append(ops, args[i+1:]...)
			}
			i = len(args)
		}
	}
	if !inPlace {
		return InPlaceEdit{}, false
	}
	for _, o := range ops {
		if o.Dynamic || strings.HasPrefix(o.Value, "-") {
			return InPlaceEdit{}, false
		}
	}
	ip.Files = ops
	return ip, len(ops) > 0
}

// InPlaceBackupName is the backup an in-place edit with suffix keeps of file:
// FILE+SUFFIX; false when the suffix holds a "*" (each is replaced by the
// file's name, and may name another directory), which is not read here.
func InPlaceBackupName(file, suffix string) (string, bool) {
	if suffix == "" || strings.Contains(suffix, "*") || strings.Contains(suffix, "/") {
		return "", false
	}
	return path.Clean(file) + suffix, true
}

// InPlaceBackup holds when an in-place edit keeps a backup of each file
// (sed -i.bak, perl -pi.orig): the old content stays on disk beside it.
func InPlaceBackup() Cond {
	return Func("the in-place edit keeps a backup (-iSUFFIX)", func(f Facts) Result {
		ip, ok := ReadInPlace(f.M.Command)
		if !ok || ip.Suffix == "" {
			return Result{Truth: False}
		}
		return Result{Truth: True, Evidence: []model.Evidence{{Key: "backup-suffix", Value: ip.Suffix, Present: true,
			Description: "the old content of each file is kept in FILE" + ip.Suffix}}}
	})
}
