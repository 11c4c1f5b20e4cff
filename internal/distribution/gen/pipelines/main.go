// Command pipelines rebuilds testdata/distribution/pipelines.jsonl: the
// command lines that CI pipelines and image builds of well-known public
// repositories really run, drawn by rule, with their provenance.
//
// Usage, from the repository root, with the snapshots of the repositories
// of repos.txt under MIRROR (one git directory per repository, at
// MIRROR/owner+name/repo, as the project's fetch tool leaves them):
//
//	go run ./internal/distribution/gen/pipelines -mirror /work/.mirror \
//		-labels internal/distribution/gen/pipelines/labels.txt \
//		> testdata/distribution/pipelines.jsonl
//
// The rule, fixed before any file was read (testdata/distribution/
// README.md, section Pipelines, says it in prose):
//
//   - repositories: those of repos.txt, in its order; one with no snapshot
//     is skipped (and named on standard error);
//   - files: at the snapshot's HEAD, in sorted path order, per kind:
//     actions = .github/workflows/*.yml|yaml; gitlab = .gitlab-ci.yml, then
//     .gitlab-ci/**.yml and .gitlab/ci/**.yml; dockerfile = files named
//     Dockerfile, Dockerfile.* or *.Dockerfile (not templates: .tt,
//     .template, .in, .j2, .erb, .tmpl); makefile = files named Makefile,
//     makefile or GNUmakefile, the shallowest first;
//   - cases: in file order, the first capPerKind[kind] per repository of:
//     each `run:` of a workflow step (the whole script); each entry of a
//     job's script, before_script or after_script; each RUN instruction,
//     continuations joined as Docker joins them, --mount and like flags
//     dropped; each recipe line of a rule, its leading @, - and + dropped,
//     make variables left as written. A case identical to an earlier one
//     of the same repository is dropped.
//
// The slice is blind when fnv32a(id) % 3 == 0, else tune. The label of a
// case is the one labels.txt gives its id, allow when it gives none;
// labels.txt was written by reading every line (the README says how).
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"os/exec"
	"path"
	"sort"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// capPerKind is the most cases one repository gives of each kind.
var capPerKind = map[string]int{"actions": 8, "gitlab": 8, "dockerfile": 4, "makefile": 5}

// kinds is the order in which a repository's kinds are read.
var kinds = []string{"actions", "gitlab", "dockerfile", "makefile"}

// source is where a case was found.
type source struct {
	Repo   string `json:"repo"`
	Commit string `json:"commit"`
	Path   string `json:"path"`
	Kind   string `json:"kind"`
	Index  int    `json:"index"`
	// Shell is the shell an actions step declares it runs in: the step's
	// shell:, else its job's defaults.run.shell, else the workflow's
	// (docs.github.com, "Workflow syntax for GitHub Actions",
	// jobs.<job_id>.steps[*].shell and defaults.run, read 2026-11-29),
	// as written (pwsh, powershell, bash, cmd, python …). Empty: none is
	// declared, and the runner's default runs the step (bash, or pwsh
	// on a Windows runner, which the file may only name through the
	// matrix).
	Shell string `json:"shell,omitempty"`
}

// record is one line of the corpus.
type record struct {
	ID      string `json:"id"`
	Command string `json:"command"`
	Label   string `json:"label"`
	Slice   string `json:"slice"`
	Source  source `json:"source"`
}

func main() {
	mirror := flag.String("mirror", "/work/.mirror", "directory of the repositories' snapshots (owner+name/repo)")
	repos := flag.String("repos", "internal/distribution/gen/pipelines/repos.txt", "the list of repositories")
	labels := flag.String("labels", "internal/distribution/gen/pipelines/labels.txt", "labels by id (id TAB label); allow when absent")
	flag.Parse()
	if err := run(*mirror, *repos, *labels); err != nil {
		fmt.Fprintln(os.Stderr, "pipelines:", err)
		os.Exit(1)
	}
}

func run(mirror, reposFile, labelsFile string) error {
	list, err := readRepos(reposFile)
	if err != nil {
		return err
	}
	labels, err := readLabels(labelsFile)
	if err != nil {
		return err
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	used := map[string]bool{}
	for _, repo := range list {
		gitDir := findGitDir(mirror, repo)
		if gitDir == "" {
			fmt.Fprintln(os.Stderr, "no snapshot:", repo)
			continue
		}
		recs, err := extractRepo(gitDir, repo)
		if err != nil {
			return fmt.Errorf("%s: %w", repo, err)
		}
		for _, r := range recs {
			used[r.ID] = true
			r.Label = "allow"
			if l, ok := labels[r.ID]; ok {
				r.Label = l
			}
			if err := enc.Encode(r); err != nil {
				return err
			}
		}
	}
	for id := range labels {
		if !used[id] {
			return fmt.Errorf("%s labels %s, which no case has", labelsFile, id)
		}
	}
	return nil
}

// readRepos reads the owner/name of every line of the list (ecosystem,
// then owner/name), skipping comments.
func readRepos(file string) ([]string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var repos []string
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || strings.HasPrefix(f[0], "#") {
			continue
		}
		repos = append(repos, f[1])
	}
	return repos, nil
}

// readLabels reads "id TAB label" lines; # starts a comment.
func readLabels(file string) (map[string]string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	labels := map[string]string{}
	for n, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 2 || (f[1] != "deny" && f[1] != "review" && f[1] != "allow") {
			return nil, fmt.Errorf("%s:%d: want id, then allow, deny or review", file, n+1)
		}
		if _, dup := labels[f[0]]; dup {
			return nil, fmt.Errorf("%s:%d: %s is labelled twice", file, n+1, f[0])
		}
		labels[f[0]] = f[1]
	}
	return labels, nil
}

func findGitDir(mirror, repo string) string {
	base := mirror + "/" + strings.Replace(repo, "/", "+", 1) + "/repo"
	for _, d := range []string{base + "/.git", base} {
		if st, err := os.Stat(d + "/HEAD"); err == nil && !st.IsDir() {
			return d
		}
	}
	return ""
}

func git(gitDir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", append([]string{"--git-dir=" + gitDir}, args...)...)
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %w", strings.Join(args, " "), err)
	}
	return out, nil
}

// extractRepo returns the cases of one repository, kind by kind.
func extractRepo(gitDir, repo string) ([]record, error) {
	head, err := git(gitDir, "rev-parse", "HEAD")
	if err != nil {
		return nil, err
	}
	commit := strings.TrimSpace(string(head))
	names, err := git(gitDir, "ls-tree", "-r", "--name-only", "-z", "HEAD")
	if err != nil {
		return nil, err
	}
	files := strings.Split(strings.TrimSuffix(string(names), "\x00"), "\x00")
	sort.Strings(files)
	var recs []record
	seen := map[string]bool{}
	for _, kind := range kinds {
		n := 0
		for _, p := range filesOfKind(files, kind) {
			if n >= capPerKind[kind] {
				break
			}
			blob, err := git(gitDir, "show", commit+":"+p)
			if err != nil {
				return nil, err
			}
			var shells []string
			if kind == "actions" {
				shells = workflowShells(blob)
			}
			for i, c := range commandsOf(kind, blob) {
				c = strings.TrimSpace(c)
				if n >= capPerKind[kind] || c == "" || seen[c] {
					continue
				}
				seen[c] = true
				n++
				id := fmt.Sprintf("pl-%s-%s-%d", kind, strings.ReplaceAll(repo, "/", "-"), n)
				src := source{Repo: repo, Commit: commit, Path: p, Kind: kind, Index: i}
				if i < len(shells) {
					src.Shell = shells[i]
				}
				recs = append(recs, record{ID: id, Command: c, Slice: sliceOf(id), Source: src})
			}
		}
	}
	return recs, nil
}

// sliceOf draws the blind third by the id's hash.
func sliceOf(id string) string {
	h := fnv.New32a()
	h.Write([]byte(id))
	if h.Sum32()%3 == 0 {
		return "blind"
	}
	return "tune"
}

// filesOfKind picks the files of a kind from the sorted list of paths.
func filesOfKind(files []string, kind string) []string {
	var out []string
	for _, p := range files {
		base := path.Base(p)
		switch kind {
		case "actions":
			if path.Dir(p) == ".github/workflows" && (strings.HasSuffix(p, ".yml") || strings.HasSuffix(p, ".yaml")) {
				out = append(out, p)
			}
		case "gitlab":
			if p == ".gitlab-ci.yml" {
				out = append([]string{p}, out...)
			} else if (strings.HasPrefix(p, ".gitlab-ci/") || strings.HasPrefix(p, ".gitlab/ci/")) &&
				(strings.HasSuffix(p, ".yml") || strings.HasSuffix(p, ".yaml")) {
				out = append(out, p)
			}
		case "dockerfile":
			if isDockerfile(base) {
				out = append(out, p)
			}
		case "makefile":
			if base == "Makefile" || base == "makefile" || base == "GNUmakefile" {
				out = append(out, p)
			}
		}
	}
	if kind == "makefile" {
		sort.SliceStable(out, func(i, j int) bool {
			return strings.Count(out[i], "/") < strings.Count(out[j], "/")
		})
	}
	return out
}

func isDockerfile(base string) bool {
	for _, ext := range []string{".tt", ".template", ".in", ".j2", ".erb", ".tmpl"} {
		if strings.HasSuffix(base, ext) {
			return false
		}
	}
	return base == "Dockerfile" || strings.HasPrefix(base, "Dockerfile.") ||
		strings.HasSuffix(base, ".Dockerfile") || strings.HasSuffix(base, ".dockerfile")
}

func commandsOf(kind string, blob []byte) []string {
	switch kind {
	case "actions":
		return workflowRuns(blob)
	case "gitlab":
		return gitlabScripts(blob)
	case "dockerfile":
		return dockerRuns(blob)
	default:
		return makeRecipes(blob)
	}
}

// workflowRuns returns the run: of every step of every job, in file order.
// A file that is not YAML gives none.
func workflowRuns(blob []byte) []string {
	var out []string
	for _, s := range workflowSteps(blob) {
		out = append(out, s.run)
	}
	return out
}

// workflowShells returns, in workflowRuns' order, the shell each run:
// step declares (source.Shell), "" where none is declared.
func workflowShells(blob []byte) []string {
	var out []string
	for _, s := range workflowSteps(blob) {
		out = append(out, s.shell)
	}
	return out
}

// workflowStep is a run: step and the shell it declares.
type workflowStep struct{ run, shell string }

// workflowSteps returns the run: steps of every job, in file order, each
// with the shell its step, job defaults or workflow defaults declare.
func workflowSteps(blob []byte) []workflowStep {
	var doc yaml.Node
	if yaml.Unmarshal(blob, &doc) != nil || len(doc.Content) == 0 {
		return nil
	}
	var out []workflowStep
	root := doc.Content[0]
	fileShell := defaultShell(root)
	for _, job := range mapValues(mapValue(root, "jobs")) {
		steps := mapValue(job, "steps")
		if steps == nil || steps.Kind != yaml.SequenceNode {
			continue
		}
		jobShell := defaultShell(job)
		if jobShell == "" {
			jobShell = fileShell
		}
		for _, step := range steps.Content {
			r := mapValue(step, "run")
			if r == nil || r.Kind != yaml.ScalarNode {
				continue
			}
			sh := jobShell
			if s := mapValue(step, "shell"); s != nil && s.Kind == yaml.ScalarNode {
				sh = s.Value
			}
			out = append(out, workflowStep{run: r.Value, shell: sh})
		}
	}
	return out
}

// defaultShell is the defaults.run.shell of a workflow or job, or "".
func defaultShell(n *yaml.Node) string {
	if s := mapValue(mapValue(mapValue(n, "defaults"), "run"), "shell"); s != nil && s.Kind == yaml.ScalarNode {
		return s.Value
	}
	return ""
}

// gitlabScripts returns every entry of the before_script, script and
// after_script of every job (and of default), in file order.
func gitlabScripts(blob []byte) []string {
	var doc yaml.Node
	if yaml.Unmarshal(blob, &doc) != nil || len(doc.Content) == 0 {
		return nil
	}
	var out []string
	for _, job := range mapValues(doc.Content[0]) {
		if job.Kind != yaml.MappingNode {
			continue
		}
		for i := 0; i+1 < len(job.Content); i += 2 {
			switch job.Content[i].Value {
			case "before_script", "script", "after_script":
				out = append(out, scalars(job.Content[i+1])...)
			}
		}
	}
	return out
}

// scalars flattens a script: a string, or a list of strings and lists
// (GitLab flattens nested lists, as from !reference). Aliases are followed.
func scalars(n *yaml.Node) []string {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	switch n.Kind {
	case yaml.ScalarNode:
		if n.Tag == "!reference" {
			return nil
		}
		return []string{n.Value}
	case yaml.SequenceNode:
		if n.Tag == "!reference" {
			return nil
		}
		var out []string
		for _, c := range n.Content {
			out = append(out, scalars(c)...)
		}
		return out
	}
	return nil
}

func mapValue(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

func mapValues(m *yaml.Node) []*yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	var out []*yaml.Node
	for i := 0; i+1 < len(m.Content); i += 2 {
		v := m.Content[i+1]
		if v.Kind == yaml.AliasNode && v.Alias != nil {
			v = v.Alias
		}
		out = append(out, v)
	}
	return out
}

// dockerRuns returns the command of every RUN instruction. Docker joins a
// line ending in the escape character with the next, dropping both and
// skipping comment lines inside; the exec form ["a", "b"] becomes a
// quoted line; a heredoc RUN <<EOF gives its body; flags such as
// --mount=… are not part of the command.
func dockerRuns(blob []byte) []string {
	lines := strings.Split(strings.ReplaceAll(string(blob), "\r\n", "\n"), "\n")
	var out []string
	for i := 0; i < len(lines); i++ {
		line := strings.TrimLeft(lines[i], " \t")
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		var b strings.Builder
		for strings.HasSuffix(strings.TrimRight(line, " \t"), `\`) && i+1 < len(lines) {
			b.WriteString(strings.TrimSuffix(strings.TrimRight(line, " \t"), `\`))
			i++
			for i+1 < len(lines) && (strings.HasPrefix(strings.TrimSpace(lines[i]), "#") || strings.TrimSpace(lines[i]) == "") {
				i++
			}
			line = lines[i]
		}
		b.WriteString(line)
		inst := b.String()
		word, rest, _ := strings.Cut(inst, " ")
		if !strings.EqualFold(word, "RUN") {
			continue
		}
		rest = dropFlags(strings.TrimSpace(rest))
		switch {
		case strings.HasPrefix(rest, "["):
			var args []string
			if json.Unmarshal([]byte(rest), &args) == nil {
				out = append(out, quoteArgs(args))
			}
		case strings.HasPrefix(rest, "<<"):
			tag := strings.Trim(strings.TrimLeft(strings.Fields(rest)[0], "<-"), `"'`)
			var body []string
			for i+1 < len(lines) {
				i++
				if strings.TrimSpace(lines[i]) == tag {
					break
				}
				body = append(body, lines[i])
			}
			out = append(out, strings.Join(body, "\n"))
		default:
			out = append(out, rest)
		}
	}
	return out
}

func dropFlags(s string) string {
	for strings.HasPrefix(s, "--") {
		_, rest, ok := strings.Cut(s, " ")
		if !ok {
			return ""
		}
		s = strings.TrimSpace(rest)
	}
	return s
}

func quoteArgs(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		if a == "" || strings.ContainsAny(a, " \t\n'\"$`\\|&;<>()*?[]#~") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		q[i] = a
	}
	return strings.Join(q, " ")
}

// makeRecipes returns the recipe lines of the rules of a makefile, in
// file order. A recipe line starts with a tab after a rule line; make
// hands a backslash-newline to the shell as it stands, dropping the tab
// that starts the next line; the leading @, - and + are make's, not the
// shell's. Lines of define … endef blocks are not recipes.
func makeRecipes(blob []byte) []string {
	lines := strings.Split(strings.ReplaceAll(string(blob), "\r\n", "\n"), "\n")
	var out []string
	inRule, inDefine := false, false
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		trimmed := strings.TrimSpace(line)
		if inDefine {
			if strings.HasPrefix(trimmed, "endef") {
				inDefine = false
			}
			continue
		}
		if strings.HasPrefix(line, "\t") {
			if !inRule {
				continue
			}
			rec := strings.TrimPrefix(line, "\t")
			for strings.HasSuffix(rec, `\`) && i+1 < len(lines) {
				i++
				rec += "\n" + strings.TrimPrefix(lines[i], "\t")
			}
			rec = strings.TrimLeft(strings.TrimSpace(rec), "@-+")
			if strings.HasPrefix(strings.TrimSpace(rec), "#") {
				continue
			}
			out = append(out, strings.TrimSpace(rec))
			continue
		}
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "#"):
		case strings.HasPrefix(trimmed, "define "):
			inDefine, inRule = true, false
		case isConditional(trimmed):
		default:
			inRule = isRuleLine(trimmed)
		}
		for strings.HasSuffix(lines[i], `\`) && i+1 < len(lines) {
			i++
		}
	}
	return out
}

func isConditional(s string) bool {
	for _, w := range []string{"ifeq", "ifneq", "ifdef", "ifndef", "else", "endif"} {
		if s == w || strings.HasPrefix(s, w+" ") || strings.HasPrefix(s, w+"(") {
			return true
		}
	}
	return false
}

// isRuleLine reports whether a line is "targets: prerequisites", not a
// variable assignment.
func isRuleLine(s string) bool {
	i := strings.Index(s, ":")
	if i < 0 {
		return false
	}
	if eq := strings.Index(s, "="); eq >= 0 && eq < i {
		return false
	}
	return !bytes.HasPrefix([]byte(s[i:]), []byte(":="))
}
