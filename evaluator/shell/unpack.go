package shell

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// Patches and archives write the files they name. For git apply, git am
// and patch, the patch file is read (what the line wrote into it, or the
// observer) and each file its diff headers name is judged as a write, or a
// delete, of that path, read from the directory the command runs in; a
// patch whose content is not known needs review, naming it. tar -x and
// unzip without a destination extract into the working directory, so
// they are judged as if it were named (-C ., -d .); when the archive can
// be read, each member whose name is absolute, climbs out with "..", or
// goes through a hidden name (.claude/settings.json, .git/hooks/x,
// .bashrc: where agents' configuration, hooks and dotfiles are) is judged
// as a write there. Nothing is applied or extracted.

// MaxArchiveBytes bounds an archive read to list its members;
// MaxArchiveMembers how many members are read, and how many of the
// members judged are emitted.
const (
	MaxArchiveBytes   = 8 << 20
	MaxArchiveMembers = 10000
	maxMembersJudged  = 64
)

// unpacks judges the files a patch or an archive command writes.
func (w *walker) unpacks(cmd *model.Command) {
	switch cmd.Program {
	case "git":
		w.gitPatch(cmd)
	case "patch":
		w.patchCmd(cmd)
	case "tar", "gtar", "bsdtar":
		w.tarMembers(cmd)
	case "unzip":
		w.unzipMembers(cmd)
	}
}

// gitPatch judges git apply FILE… and git am FILE…: the paths the patches
// name, stripped of -pN components (1 by default) under --directory.
func (w *walker) gitPatch(cmd *model.Command) {
	i := gitSubcommand(cmd.Args, func(model.Arg) {})
	if i < 0 || cmd.Args[i].Value != "apply" && cmd.Args[i].Value != "am" {
		return
	}
	sub, args := cmd.Args[i].Value, cmd.Args[i+1:]
	strip, root := 1, ""
	var files []model.Arg
	for j := 0; j < len(args); j++ {
		v := args[j].Value
		switch {
		case sub == "apply" && (v == "--check" || v == "--stat" || v == "--numstat" || v == "--summary") && !hasArg(args, "--apply"):
			return // reports, changes nothing
		case sub == "am" && (v == "--abort" || v == "--quit" || v == "--skip" || v == "--show-current-patch" || strings.HasPrefix(v, "--show-current-patch=")):
			return
		case strings.HasPrefix(v, "-p") && len(v) > 2:
			strip = atoiOr(v[2:], strip)
		case v == "-p" && j+1 < len(args):
			j++
			strip = atoiOr(args[j].Value, strip)
		case strings.HasPrefix(v, "--directory="):
			root = strings.TrimPrefix(v, "--directory=")
		case v == "--directory" && j+1 < len(args):
			j++
			root = args[j].Value
		case v == "--exclude" || v == "--include" || v == "-C" || v == "--whitespace" || v == "-S":
			j++
		case strings.HasPrefix(v, "-") && v != "-":
		default:
			files = append(files, args[j])
		}
	}
	if len(files) == 0 {
		files = append(files, model.Arg{Value: "-"})
	}
	for _, f := range files {
		text, ok := w.patchText(cmd, f)
		if !ok {
			continue
		}
		w.diffWrites(cmd, text, func(p string) []string {
			s, ok := stripComponents(p, strip)
			if !ok {
				return []string{p}
			}
			return []string{path.Join(root, s)}
		})
	}
}

// patchCmd judges patch [-pN] [-d DIR] [-i FILE | < FILE] [ORIGINAL [PATCHFILE]].
// Without -p, GNU patch uses the base name of each file, unless the
// directories the header names exist: both are judged.
func (w *walker) patchCmd(cmd *model.Command) {
	strip, root := -1, ""
	var input *model.Arg
	var ops []model.Arg
	args := cmd.Args
	for j := 0; j < len(args); j++ {
		v := args[j].Value
		switch {
		case v == "--dry-run" || v == "--help" || v == "--version" || v == "-v":
			return
		case v == "-p" || v == "--strip":
			if j+1 < len(args) {
				j++
				strip = atoiOr(args[j].Value, strip)
			}
		case strings.HasPrefix(v, "--strip="):
			strip = atoiOr(strings.TrimPrefix(v, "--strip="), strip)
		case strings.HasPrefix(v, "-p") && len(v) > 2:
			strip = atoiOr(v[2:], strip)
		case v == "-i" || v == "--input":
			if j+1 < len(args) {
				j++
				a := args[j]
				input = &a
			}
		case strings.HasPrefix(v, "--input="):
			input = &model.Arg{Value: strings.TrimPrefix(v, "--input="), Dynamic: args[j].Dynamic}
		case strings.HasPrefix(v, "-i") && len(v) > 2:
			input = &model.Arg{Value: v[2:], Dynamic: args[j].Dynamic}
		case (v == "-d" || v == "--directory") && j+1 < len(args):
			j++
			root = args[j].Value
		case strings.HasPrefix(v, "--directory="):
			root = strings.TrimPrefix(v, "--directory=")
		case v == "-o" || v == "--output" || v == "-r" || v == "--reject-file" || v == "-B" || v == "-D" || v == "-F" || v == "-V" || v == "-z" || v == "-Y":
			j++
		case strings.HasPrefix(v, "-") && v != "-":
		default:
			ops = append(ops, args[j])
		}
	}
	switch {
	case input != nil:
	case len(ops) >= 2:
		input = &ops[1]
	default:
		input = &model.Arg{Value: "-"}
	}
	if len(ops) >= 1 {
		return // patch ORIGINAL: the file named is the one written, judged by the in-place row
	}
	text, ok := w.patchText(cmd, *input)
	if !ok {
		return
	}
	w.diffWrites(cmd, text, func(p string) []string {
		out := []string{p}
		if strip < 0 {
			if b := path.Base(p); b != p {
				out = append(out, b)
			}
		} else if s, ok := stripComponents(p, strip); ok {
			out = []string{s}
		}
		for i := range out {
			out[i] = path.Join(root, out[i])
		}
		return out
	})
}

// patchText returns the content of the patch file f ("-": stdin), from the
// line or the observer. When it is not known, it emits the needs-review
// mutation naming the patch as missing evidence.
func (w *walker) patchText(cmd *model.Command, f model.Arg) (string, bool) {
	if f.Value == "-" || f.Value == "/dev/stdin" {
		switch {
		case cmd.Stdin != "":
			return cmd.Stdin, true
		case strings.HasPrefix(cmd.StdinFrom, "file "):
			name := strings.TrimPrefix(cmd.StdinFrom, "file ")
			f = model.Arg{Value: name, Dynamic: strings.ContainsAny(name, "$`\"'\\*?[")}
		case fromRepository(cmd.StdinFrom):
			return "", false // the repository's own commits, replayed
		default:
			w.unseenPatch(cmd, "its standard input ("+firstNonEmpty(cmd.StdinFrom, "not shown")+")", "the patch is read from standard input, which the input does not show")
			return "", false
		}
	}
	r, _ := w.scriptContent(cmd, f)
	if !r.ok {
		why := r.file.Unread
		if r.bound != "" {
			why = r.bound
		}
		w.unseenPatch(cmd, f.Value, why)
		return "", false
	}
	return r.text, true
}

// unseenPatch emits the needs-review mutation for a patch whose content
// is not known: which files it writes is the missing evidence.
func (w *walker) unseenPatch(cmd *model.Command, name, why string) {
	msg := "applies the patch " + name + ", whose content is not known, so the files it writes are not: " + why
	w.emitProblem(cmd, msg)
	if n := len(w.out); n > 0 && w.out[n-1].Command != nil && w.out[n-1].Command.Problem == msg {
		w.out[n-1].Unseen = []string{"patch content: " + name}
	}
}

// diffWrites emits, for each file the diff text changes, a write (or a
// delete) of the path names gives for its header name, in cmd's
// directory.
func (w *walker) diffWrites(cmd *model.Command, text string, names func(string) []string) {
	targets, more := DiffTargets(text)
	for _, t := range targets {
		for _, p := range names(t.Path) {
			w.writeOf(cmd, p, t.Delete)
		}
	}
	if more {
		w.emitProblem(cmd, fmt.Sprintf("the patch changes more than %d files (the bound MaxDiffTargets): the rest are not judged", MaxDiffTargets))
	}
}

// writeOf emits the write (a redirection's truncation) or the delete (rm)
// of p, a path cmd's patch or archive writes, read from cmd's directory.
func (w *walker) writeOf(cmd *model.Command, p string, del bool) {
	program := model.RedirectProgram
	if del {
		program = "rm"
	}
	w.emit(&model.Command{Program: program, Args: []model.Arg{{Value: p}}, Text: cmd.Text, Line: cmd.Line, Col: cmd.Col,
		Depth: cmd.Depth, Cwd: cmd.Cwd, Env: cmd.Env, Wrappers: cmd.Wrappers, Writer: cmd})
}

// hasArg reports whether args holds the literal v.
func hasArg(args []model.Arg, v string) bool {
	for _, a := range args {
		if a.Value == v {
			return true
		}
	}
	return false
}

// atoiOr is s as a number, or def.
func atoiOr(s string, def int) int {
	if n, err := strconv.Atoi(s); err == nil && n >= 0 {
		return n
	}
	return def
}

// extracts reports whether tar's arguments extract (x, -x, --extract,
// --get).
func tarExtracts(args []model.Arg) bool {
	if len(args) == 0 {
		return false
	}
	if first := args[0].Value; !strings.HasPrefix(first, "-") && !args[0].Dynamic && strings.ContainsRune(first, 'x') {
		return true
	}
	for _, a := range args {
		v := a.Value
		if v == "--extract" || v == "--get" || len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.ContainsRune(v, 'x') {
			return true
		}
	}
	return false
}

// tarArchive is the archive tar reads (old-style "xf FILE", -f FILE,
// -xzf FILE, --file=FILE); false when it reads stdin or it is not named.
func tarArchive(args []model.Arg) (model.Arg, bool) {
	if len(args) > 1 && !strings.HasPrefix(args[0].Value, "-") && strings.ContainsRune(args[0].Value, 'f') {
		return args[1], true
	}
	for i, a := range args {
		v := a.Value
		switch {
		case strings.HasPrefix(v, "--file="):
			return model.Arg{Value: strings.TrimPrefix(v, "--file="), Dynamic: a.Dynamic}, true
		case (v == "--file" || len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.HasSuffix(v, "f")) && i+1 < len(args):
			return args[i+1], true
		}
	}
	return model.Arg{}, false
}

// tarMembers judges the members tar -x writes.
func (w *walker) tarMembers(cmd *model.Command) {
	if !tarExtracts(cmd.Args) {
		return
	}
	a, ok := tarArchive(cmd.Args)
	if !ok || a.Value == "-" {
		return
	}
	names, ok := w.archiveNames(cmd, a, listTar)
	if ok {
		w.memberWrites(cmd, names, optionValues(cmd.Args, commandOption{flags: []string{"-C", "--directory"}}))
	}
}

// unzipMembers judges the members unzip writes.
func (w *walker) unzipMembers(cmd *model.Command) {
	for _, a := range cmd.Args {
		if a.Value == "-l" || a.Value == "-t" || a.Value == "-v" || a.Value == "-Z" || a.Value == "-p" || a.Value == "-c" {
			return // lists, tests or prints: writes nothing
		}
	}
	var archive *model.Arg
	for i := 0; i < len(cmd.Args); i++ {
		v := cmd.Args[i].Value
		if v == "-d" || v == "-x" {
			i++
			continue
		}
		if !strings.HasPrefix(v, "-") {
			archive = &cmd.Args[i]
			break
		}
	}
	if archive == nil {
		return
	}
	names, ok := w.archiveNames(cmd, *archive, listZip)
	if ok {
		w.memberWrites(cmd, names, optionValues(cmd.Args, commandOption{flags: []string{"-d"}}))
	}
}

// archiveNames reads the archive a through the line's writes or the
// observer, and lists its members with list; false when it could not be
// read or listed (the command is then judged by its destination alone).
func (w *walker) archiveNames(cmd *model.Command, a model.Arg, list func([]byte) ([]string, error)) ([]string, bool) {
	if a.Dynamic || w.observer == nil {
		return nil, false
	}
	where, _ := scriptPath(a.Value, cmd.Cwd, w.cwdLost)
	if where == "" {
		return nil, false
	}
	data, err := w.observer.ReadScript(where, MaxArchiveBytes)
	if err != nil {
		return nil, false
	}
	if len(data) > MaxArchiveBytes {
		w.emitProblem(cmd, fmt.Sprintf("the archive %s is larger than %d MiB (the bound MaxArchiveBytes): the members it writes are not listed", a.Value, MaxArchiveBytes>>20))
		return nil, false
	}
	names, err := list(data)
	if err != nil {
		return nil, false
	}
	return names, true
}

// memberWrites emits a write for each member whose name matters where it
// lands: absolute, climbing out with "..", or through a hidden name. dest
// is the -C/-d destination (already the command's directory when the
// walker followed it), past which names are read.
func (w *walker) memberWrites(cmd *model.Command, names []string, dest []model.Arg) {
	judged := 0
	for _, n := range names {
		clean := strings.ReplaceAll(n, `\`, "/")
		if !memberMatters(clean) {
			continue
		}
		if judged++; judged > maxMembersJudged {
			w.emitProblem(cmd, fmt.Sprintf("the archive has more than %d members with absolute, escaping or hidden names: the rest are not judged", maxMembersJudged))
			return
		}
		p := clean
		if len(dest) > 0 && !dest[len(dest)-1].Dynamic && !path.IsAbs(clean) {
			p = path.Join(dest[len(dest)-1].Value, clean)
		}
		w.writeOf(cmd, p, false)
	}
}

// memberMatters reports whether an archive member name is absolute,
// climbs out with "..", or has a component that starts with a dot.
func memberMatters(n string) bool {
	if path.IsAbs(n) || strings.HasPrefix(n, "~") {
		return true
	}
	for _, e := range strings.Split(n, "/") {
		if strings.HasPrefix(e, ".") && e != "." {
			return true
		}
	}
	return false
}

// listTar lists the member names of a tar archive, plain or compressed
// with gzip or bzip2.
func listTar(data []byte) ([]string, error) {
	var r io.Reader = bytes.NewReader(data)
	switch {
	case bytes.HasPrefix(data, []byte{0x1f, 0x8b}):
		z, err := gzip.NewReader(r)
		if err != nil {
			return nil, err
		}
		r = io.LimitReader(z, 64*MaxArchiveBytes)
	case bytes.HasPrefix(data, []byte("BZh")):
		r = io.LimitReader(bzip2.NewReader(r), 64*MaxArchiveBytes)
	}
	tr := tar.NewReader(r)
	var out []string
	for len(out) < MaxArchiveMembers {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, h.Name)
	}
	return nil, fmt.Errorf("more than %d members", MaxArchiveMembers)
}

// listZip lists the member names of a zip archive.
func listZip(data []byte) ([]string, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	if len(zr.File) > MaxArchiveMembers {
		return nil, fmt.Errorf("more than %d members", MaxArchiveMembers)
	}
	out := make([]string, 0, len(zr.File))
	for _, f := range zr.File {
		out = append(out, f.Name)
	}
	return out, nil
}

// extractsHere names, on tar -x and unzip without a destination run in a
// known directory, that directory as the destination (-C ., -d .): they
// extract into it, and the rows judge the destination (tar -C .claude).
func extractsHere(cmd *model.Command) {
	if cmd.Cwd == "" {
		return
	}
	switch cmd.Program {
	case "tar", "gtar", "bsdtar":
		if tarExtracts(cmd.Args) && len(optionValues(cmd.Args, commandOption{flags: []string{"-C", "--directory"}})) == 0 {
			cmd.Args = append(cmd.Args[:len(cmd.Args):len(cmd.Args)], model.Arg{Value: "-C"}, model.Arg{Value: "."})
		}
	case "unzip":
		if len(cmd.Args) > 0 && len(optionValues(cmd.Args, commandOption{flags: []string{"-d"}})) == 0 && !hasArg(cmd.Args, "-l") && !hasArg(cmd.Args, "-p") {
			cmd.Args = append(cmd.Args[:len(cmd.Args):len(cmd.Args)], model.Arg{Value: "-d"}, model.Arg{Value: "."})
		}
	}
}

// fromRepository reports whether stdin is piped from git's own diff of
// the repository (git format-patch --stdout | git am, git diff | git
// apply): what it writes is the repository's history, not an unseen file.
func fromRepository(stdinFrom string) bool {
	rest, ok := strings.CutPrefix(stdinFrom, "pipe from git ")
	if !ok {
		return false
	}
	for _, sub := range []string{"format-patch", "diff", "show", "stash show", "log -p"} {
		if strings.HasPrefix(rest, sub+" ") || rest == sub {
			return true
		}
	}
	return false
}
