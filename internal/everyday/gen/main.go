// Command gen extracts the everyday command lines of
// testdata/everyday/commands.jsonl from sources nobody here wrote: the
// EXAMPLES sections of the manual pages Debian 12 ships (git, coreutils
// and the other programs the rule packs know, and the docker.io, gh,
// kubernetes-client, rsync and redis-tools packages) and the AWS CLI's
// own example files (awscli package, awscli/examples/SERVICE/OP.rst).
//
// It is run by hand when the corpus is rebuilt, never by the tests:
//
//	apt-get download docker.io gh kubernetes-client rsync redis-tools awscli
//	for d in *.deb; do mkdir -p x/${d%%_*}; dpkg-deb -x $d x/${d%%_*}; done
//	go run ./internal/everyday/gen -debs x -programs programs.txt > new.jsonl
//
// The output has no labels: testdata/everyday/README.md says how each
// line was labelled. Commands that cannot run as written (a <placeholder>,
// an ellipsis) are left out.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Record is one corpus line before labelling.
type Record struct {
	ID      string `json:"id"`
	Command string `json:"command"`
	Source  Source `json:"source"`
}

// Source says where a command was found.
type Source struct {
	Package string `json:"package"`
	Version string `json:"version"`
	File    string `json:"file"`
}

// awsServices are the AWS CLI services of commands.jsonl: every example
// file of each. -aws replaces them (the held-out set, heldout.jsonl, is
// -aws ec2,iam -only-aws).
var awsServices = []string{"s3", "s3api", "rds", "dynamodb", "sqs", "lambda", "ecs", "logs", "secretsmanager", "kms", "sns", "eks", "ecr", "route53", "cloudwatch"}

var placeholder = regexp.MustCompile(`<[A-Za-z][^>]*>|\.\.\.|…`)

// callout is a manual page's numbered note after a command: "(1)".
var callout = regexp.MustCompile(`\s+\(\d+\)$`)

func main() {
	debs := flag.String("debs", "", "directory of extracted packages (x/PACKAGE/usr/...)")
	programs := flag.String("programs", "", "file of program names the rules know, one a line (recourse resources --format json | .programs)")
	aws := flag.String("aws", "", "comma-separated AWS CLI services to sample instead of the default ones")
	onlyAWS := flag.Bool("only-aws", false, "only the AWS CLI's examples")
	flag.Parse()
	if *aws != "" {
		awsServices = strings.Split(*aws, ",")
	}
	var out []Record
	if !*onlyAWS {
		out = manPages(readLines(*programs), *debs)
	}
	// The AWS CLI's examples.
	for _, svc := range awsServices {
		files, _ := filepath.Glob(filepath.Join(*debs, "awscli/usr/lib/python3/dist-packages/awscli/examples", svc, "*.rst"))
		for _, f := range files {
			out = append(out, rstExamples(f)...)
		}
	}
	write(out)
}

// manPages are the examples of the system's manual pages (git's and
// those of programs the rules know) and of the downloaded packages'.
func manPages(known map[string]bool, debs string) []Record {
	var out []Record
	for _, dir := range []string{"/usr/share/man/man1", "/usr/share/man/man8"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.gz"))
		for _, f := range files {
			name := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(f), ".gz"), filepath.Ext(strings.TrimSuffix(filepath.Base(f), ".gz")))
			prog := name
			if strings.HasPrefix(name, "git-") {
				prog = "git"
			} else if !known[name] {
				continue
			}
			out = append(out, manExamples(f, prog, "")...)
		}
	}
	for pkg, prog := range map[string]string{"docker.io": "docker", "gh": "gh", "kubernetes-client": "kubectl", "rsync": "rsync", "redis-tools": "redis-cli"} {
		files, _ := filepath.Glob(filepath.Join(debs, pkg, "usr/share/man/man1/*.gz"))
		for _, f := range files {
			out = append(out, manExamples(f, prog, pkg)...)
		}
	}
	return out
}

// write prints the records that parse, each command once.
func write(out []Record) {
	seen := map[string]bool{}
	parser := syntax.NewParser()
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	for _, r := range out {
		if seen[r.Command] || !complete(parser, r.Command) {
			continue
		}
		seen[r.Command] = true
		if err := enc.Encode(r); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}

// manExamples renders a manual page and returns the commands of its
// EXAMPLES section that start with prog (after a prompt or sudo).
func manExamples(file, prog, pkg string) []Record {
	cmd := exec.Command("man", "-l", "-P", "cat", file)
	cmd.Env = append(os.Environ(), "MANWIDTH=400")
	text, err := cmd.Output()
	if err != nil {
		return nil
	}
	if pkg == "" {
		pkg = packageOf(file)
	}
	src := Source{Package: pkg, Version: versionOf(pkg), File: strings.TrimPrefix(file, "/")}
	if i := strings.Index(file, "/usr/share/"); i > 0 {
		src.File = file[i+1:]
	}
	var out []Record
	in := false
	lines := strings.Split(string(text), "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if l != "" && l[0] != ' ' {
			in = strings.HasPrefix(l, "EXAMPLE")
			continue
		}
		if !in {
			continue
		}
		c := strings.TrimSpace(l)
		for _, p := range []string{"$ ", "# ", "% "} {
			c = strings.TrimPrefix(c, p)
		}
		for strings.HasSuffix(c, "\\") && i+1 < len(lines) {
			i++
			c = strings.TrimSuffix(c, "\\") + " " + strings.TrimSpace(lines[i])
		}
		c = callout.ReplaceAllString(c, "")
		first, _, _ := strings.Cut(strings.TrimPrefix(c, "sudo "), " ")
		if first != prog || placeholder.MatchString(c) || strings.HasSuffix(c, ":") {
			continue
		}
		out = append(out, Record{Command: c, Source: src})
	}
	return number(out, strings.TrimSuffix(filepath.Base(file), ".gz"))
}

// rstExamples returns the aws commands of an example file's code blocks.
func rstExamples(file string) []Record {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	i := strings.Index(file, "awscli/examples/")
	src := Source{Package: "awscli", Version: versionOf("awscli"), File: "usr/lib/python3/dist-packages/" + file[i:]}
	var out []Record
	lines := strings.Split(string(data), "\n")
	for j := 0; j < len(lines); j++ {
		c := strings.TrimSpace(lines[j])
		if !strings.HasPrefix(c, "aws ") || lines[j] == c {
			continue
		}
		for strings.HasSuffix(c, "\\") && j+1 < len(lines) {
			j++
			c = strings.TrimSuffix(c, "\\") + " " + strings.TrimSpace(lines[j])
		}
		if placeholder.MatchString(c) {
			continue
		}
		out = append(out, Record{Command: strings.Join(strings.Fields(c), " "), Source: src})
	}
	svc := filepath.Base(filepath.Dir(file))
	return number(out, "aws-"+svc+"-"+strings.TrimSuffix(filepath.Base(file), ".rst"))
}

// complete reports whether a command parses as a whole line: a manual
// page's example that goes on over lines (a here-document, a quote or a
// pipe left open) is cut at its first line, which is not the command.
func complete(p *syntax.Parser, line string) bool {
	_, err := p.Parse(strings.NewReader(line), "")
	return err == nil
}

func number(rs []Record, stem string) []Record {
	for i := range rs {
		rs[i].ID = fmt.Sprintf("%s/%d", stem, i+1)
	}
	return rs
}

func packageOf(file string) string {
	if real, err := filepath.EvalSymlinks(file); err == nil {
		file = real
	}
	out, err := exec.Command("dpkg", "-S", file).Output()
	if err != nil {
		return ""
	}
	pkg, _, _ := strings.Cut(string(out), ":")
	return strings.TrimSpace(pkg)
}

var versions = map[string]string{}

// versionOf is the package's version: installed, or of the downloaded
// .deb in the working directory.
func versionOf(pkg string) string {
	if v, ok := versions[pkg]; ok {
		return v
	}
	v := ""
	if out, err := exec.Command("dpkg-query", "-W", "-f", "${Version}", pkg).Output(); err == nil {
		v = string(out)
	} else if debs, _ := filepath.Glob(pkg + "_*.deb"); len(debs) > 0 {
		if out, err := exec.Command("dpkg-deb", "-f", debs[0], "Version").Output(); err == nil {
			v = strings.TrimSpace(string(out))
		}
	}
	versions[pkg] = v
	return v
}

func readLines(file string) map[string]bool {
	m := map[string]bool{}
	f, err := os.Open(file)
	if err != nil {
		return m
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		m[strings.TrimSpace(sc.Text())] = true
	}
	return m
}
