package shell

import (
	"net/url"
	"path"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// A line that downloads a file and then runs it (curl -o i.sh URL && bash
// i.sh, wget URL/s && ./s) runs remote code as surely as curl URL | sh:
// the walker remembers what curl and wget wrote, and running it is
// needs-review. A file the line writes itself and then runs
// (printf 'rm -rf /' > x.sh; sh x.sh) is analysed when what was written is
// a literal echo or printf, and needs review otherwise.

// written is a file a command of the line wrote through a redirection:
// the command, and the text when it only wrote literals.
type written struct {
	by    string
	text  string
	known bool
}

// recordWrites remembers the files cmd writes through its redirections
// (not /dev/null, which keeps nothing to run later).
func (w *walker) recordWrites(cmd *model.Command) {
	for _, r := range cmd.Redirects {
		if r.Target.Dynamic || r.Target.Value == "" || r.Target.Value == "/dev/null" {
			continue
		}
		if r.Fd != "1" {
			continue // 2> x.sh holds what the command complains of
		}
		wr := written{by: cmd.Text}
		wr.text, wr.known = writtenText(cmd)
		key := cleanRel(r.Target.Value)
		if r.Op == ">>" {
			prev, ok := w.writes[key]
			wr.known = wr.known && ok && prev.known // appended to what this line wrote, or to unknown text
			wr.text = prev.text + "\n" + wr.text
		}
		put(&w.writes, key, wr)
	}
	if cmd.Program == "tee" { // tee FILE <<EOF, echo … | tee FILE
		text, known := cmd.Stdin, cmd.Stdin != "" || cmd.StdinFrom == "heredoc"
		for _, a := range cmd.Args {
			if a.Dynamic || strings.HasPrefix(a.Value, "-") {
				continue
			}
			key := cleanRel(a.Value)
			wr := written{by: cmd.Text, text: text, known: known && !rulesAppend(cmd)}
			put(&w.writes, key, wr)
		}
	}
}

// rulesAppend reports whether tee appends (-a), which this line's
// tracking does not follow: the file's earlier content is not shown.
func rulesAppend(cmd *model.Command) bool {
	for _, a := range cmd.Args {
		if a.Value == "-a" || a.Value == "--append" {
			return true
		}
	}
	return false
}

// runsGenerated handles cmd running file, when this line produced it: a
// download is remote code (needs-review); a written file is analysed as a
// shell script when its text is known and a shell runs it, and is
// needs-review otherwise. It reports whether file was produced by the line.
func (w *walker) runsGenerated(cmd *model.Command, file model.Arg, shell bool, fr frame) bool {
	if w.runsDownload(cmd, file) {
		return true
	}
	if file.Dynamic || len(w.writes) == 0 {
		return false
	}
	wr, ok := w.writes[cleanRel(file.Value)]
	if !ok {
		return false
	}
	if wr.known && shell {
		w.script(wr.text, nested(cmd, fr, ""))
		return true
	}
	cmd.Problem = "runs " + file.Value + ", which this line wrote (" + wr.by + "): what it contains is not shown"
	return true
}

// recordDownload remembers the files a curl or wget command writes, from
// its output flag, its URL's last segment (curl -O, wget's default) or a
// redirection of its output.
func (w *walker) recordDownload(cmd *model.Command) {
	var files []model.Arg
	var urls []string
	remoteName := cmd.Program == "wget"
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case cmd.Program == "curl" && (v == "-o" || v == "--output") && i+1 < len(args),
			cmd.Program == "wget" && (v == "-O" || v == "--output-document") && i+1 < len(args):
			files = append(files, args[i+1])
			remoteName = false
			i++
		case cmd.Program == "wget" && strings.HasPrefix(v, "--output-document="):
			files = append(files, model.Arg{Value: strings.TrimPrefix(v, "--output-document="), Dynamic: args[i].Dynamic})
			remoteName = false
		case cmd.Program == "curl" && (v == "-O" || v == "--remote-name" || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.Contains(v, "O")):
			remoteName = true
		case strings.HasPrefix(v, "http://") || strings.HasPrefix(v, "https://") || strings.HasPrefix(v, "ftp://"):
			urls = append(urls, v)
		}
	}
	for _, r := range cmd.Redirects {
		if r.Op == ">" || r.Op == ">|" || r.Op == ">>" {
			files = append(files, r.Target)
		}
	}
	from := strings.Join(urls, " ")
	for _, f := range files {
		if !f.Dynamic && f.Value != "-" {
			put(&w.downloads, cleanRel(f.Value), from)
		}
	}
	if remoteName {
		for _, u := range urls {
			if p, err := url.Parse(u); err == nil && path.Base(p.Path) != "/" && path.Base(p.Path) != "." {
				put(&w.downloads, path.Base(p.Path), u)
			}
		}
	}
}

// downloadedFrom says whether file was written by a curl or wget earlier
// in the line, and from where.
func (w *walker) downloadedFrom(file model.Arg) (string, bool) {
	if file.Dynamic || len(w.downloads) == 0 {
		return "", false
	}
	from, ok := w.downloads[cleanRel(file.Value)]
	return from, ok
}

// cleanRel is a path as written, cleaned, without a leading "./".
func cleanRel(p string) string {
	return strings.TrimPrefix(path.Clean(p), "./")
}

// runsDownload marks cmd as running remote code when file, the program or
// script it runs, was downloaded earlier in the line.
func (w *walker) runsDownload(cmd *model.Command, file model.Arg) bool {
	from, ok := w.downloadedFrom(file)
	if !ok {
		return false
	}
	if from == "" {
		from = "the network"
	}
	cmd.Problem = "runs " + file.Value + ", which this line downloaded from " + from + ": remote code that is not shown"
	return true
}
