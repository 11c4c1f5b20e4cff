package observe

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// The plans of the commands that write over a path other than by a
// redirection, cp or mv (issue 33): an in-place edit (sed -i, perl -i),
// install, ln -f and dd of= (which the shell parser also spells as a
// redirection beside dd, as it does curl -o FILE: ObserveLine observes
// those with their command). Each names the path whose content the
// command replaces; the observed rows (rules.ObservedWrites) judge it as
// they judge a redirection's target.

// ddPlan observes the file dd's of= writes: with or without conv=notrunc
// or seek=, dd replaces the bytes it writes, so what is there matters. The
// shell parser spells of= as a redirection beside dd too, observed with
// it (ObserveLine); both carry the same facts. A device (/dev/…) is no
// file: the device rows judge it, not observation.
func ddPlan(c *model.Command) *plan {
	var of *model.Arg
	for _, a := range c.Args {
		if v, ok := strings.CutPrefix(a.Value, "of="); ok {
			of = &model.Arg{Value: v, Dynamic: a.Dynamic}
		}
	}
	if of == nil || of.Value == "" || strings.HasPrefix(of.Value, "/dev/") {
		return nil
	}
	return &plan{targets: []model.Arg{*of}, follow: true}
}

// inPlacePlan observes what an in-place edit replaces (rules.ReadInPlace):
// without a backup suffix each file itself, whose old content is gone
// once it is rewritten (GNU sed and perl write a new file and rename it
// over the old, so a link operand is replaced, not followed, unless
// --follow-symlinks); with one, the backup each file's old content is
// written to (FILE.bak), which is what the edit may write over. A suffix
// that names its backup with "*" is not read: nothing is observed.
func inPlacePlan(c *model.Command) *plan {
	ip, ok := rules.ReadInPlace(c)
	if !ok {
		return nil
	}
	follow := c.Program == "sed" && rules.HasFlag(c, "follow-symlinks")
	if ip.Suffix == "" {
		return &plan{targets: ip.Files, follow: follow}
	}
	backups := make([]model.Arg, 0, len(ip.Files))
	for _, f := range ip.Files {
		b, ok := rules.InPlaceBackupName(f.Value, ip.Suffix)
		if !ok {
			return nil
		}
		backups = append(backups, model.Arg{Value: b})
	}
	return &plan{targets: backups}
}

// installValue are install's options that take the next word as a value
// (GNU coreutils install --help).
var installValue = map[string]bool{"-m": true, "--mode": true, "-o": true, "--owner": true, "-g": true, "--group": true,
	"-S": true, "--suffix": true, "-t": true, "--target-directory": true, "--strip-program": true}

// installPlan observes install's destination as cp's: the last operand,
// or -t DIR, into which each source lands by its base name. install -d
// only makes directories, and -b, --backup or -S keeps the replaced file:
// neither is observed.
func installPlan(c *model.Command) *plan {
	if rules.HasFlag(c, "d", "directory", "b", "backup", "S", "suffix") {
		return nil
	}
	var ops []model.Arg
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case a.Dynamic && strings.HasPrefix(a.Value, "-"):
			return nil
		case a.Value == "--":
			ops = append(ops, c.Args[i+1:]...)
			i = len(c.Args)
		case installValue[a.Value]:
			i++
		case strings.HasPrefix(a.Value, "-") && len(a.Value) > 1:
		default:
			ops = append(ops, a)
		}
	}
	return destPlan(c, ops, rules.HasFlag(c, "T", "no-target-directory"), true)
}

// lnPlan observes what ln -f replaces: the link's name (the last operand,
// or -t DIR), into which a link lands by its target's base name when it
// is a directory (unless -n or -T, which replace a link to a directory
// itself); with one operand, the base name in the working directory. The
// name is not followed: ln -f removes the link, not what it points to.
func lnPlan(c *model.Command) *plan {
	if !rules.HasFlag(c, "f", "force") || rules.HasFlag(c, "i", "interactive", "b", "backup", "S", "suffix", "help", "version") {
		return nil
	}
	ops := rules.Operands(c)
	if _, ok := rules.FlagValue(c, "t", "target-directory"); !ok && len(ops) == 1 {
		base := ops[0].Value
		if i := strings.LastIndexByte(strings.TrimSuffix(base, "/"), '/'); i >= 0 {
			base = base[i+1:]
		}
		return &plan{targets: []model.Arg{{Value: base, Dynamic: ops[0].Dynamic}}, sources: ops}
	}
	noDir := rules.HasFlag(c, "n", "no-dereference", "T", "no-target-directory")
	if noDir && len(c.Links) > 0 {
		// The shell parser judges an operand as the path its links reach
		// (Command.Links), but ln -n replaces the link itself: what it
		// replaces is not the operand now in c.
		return nil
	}
	return destPlan(c, ops, noDir, false)
}

// destPlan is the plan of a copy's destination (cp, install, ln): -t DIR
// or the last operand, a directory into which the sources land by their
// base names unless noDir.
func destPlan(c *model.Command, ops []model.Arg, noDir, follow bool) *plan {
	if t, ok := rules.FlagValue(c, "t", "target-directory"); ok {
		return &plan{targets: []model.Arg{{Value: t}}, follow: true, intoDir: true, sources: ops}
	}
	if len(ops) < 2 {
		return nil
	}
	return &plan{targets: ops[len(ops)-1:], follow: follow, intoDir: !noDir, sources: ops[:len(ops)-1]}
}

// addCopiedTree observes what cp -r of the directory src writes into the
// existing directory full (named name): the files of src, each at its
// place under full, which cp replaces, and not the rest of full, which
// it leaves alone (cp -r src dst where dst/src exists, cp -rT src dst, cp
// -r src/. dst). false when that is not the case (the copy is not
// recursive, src is no directory, or full does not exist as one): the
// destination is then observed whole, as before. More than
// maxGlobMatches files in src are not listed: that is missing evidence.
func (f *Files) addCopiedTree(ctx context.Context, w *walker, obs *model.Observed, c *model.Command, src model.Arg, name, full string) bool {
	if c.Program != "cp" || !rules.HasFlag(c, "r", "R", "recursive", "a", "archive") {
		return false
	}
	srcFull, ok := f.resolve(c, src.Value, true)
	if !ok {
		return false
	}
	if si, err := os.Stat(srcFull); err != nil || !si.IsDir() {
		return false
	}
	if di, err := os.Stat(full); err != nil || !di.IsDir() {
		return false
	}
	var files []string
	over := false
	var walk func(dir, rel string)
	walk = func(dir, rel string) {
		if over || ctx.Err() != nil {
			return
		}
		entries, err := w.readDir(dir)
		if err != nil {
			over = true
			return
		}
		for _, e := range entries {
			r := path.Join(rel, e.Name())
			if e.IsDir() {
				walk(filepath.Join(dir, e.Name()), r)
				continue
			}
			if files = append(files, r); len(files) > maxGlobMatches {
				over = true
				return
			}
		}
	}
	walk(srcFull, "")
	if over || ctx.Err() != nil {
		obs.Unavailable = append(obs.Unavailable, fmt.Sprintf("%s: the files %s copies into it were not all read (more than %d, or unreadable)", name, src.Value, maxGlobMatches))
		return true
	}
	for _, r := range files {
		f.addTarget(ctx, w, obs, path.Join(name, r), filepath.Join(full, filepath.FromSlash(r)))
	}
	return true
}
