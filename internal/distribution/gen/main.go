// Command gen extracts the shell commands coding agents really ran from
// their published trajectories, samples them by rule and writes the
// unlabelled lines of testdata/distribution/agents.jsonl.
//
// It reads each source from a git snapshot of its repository (a bare
// git directory, as the fetch of a public repository leaves it) at the
// commit the systems table below pins, and is run by hand when the
// corpus is rebuilt, never by the tests:
//
//	git clone --bare https://github.com/RussellRyanH/CSCI-635-LiveSWE-Agent m/RussellRyanH+CSCI-635-LiveSWE-Agent/repo
//	git clone --bare https://github.com/piyushhhxyz/vorflux-swe-benchmarks m/piyushhhxyz+vorflux-swe-benchmarks/repo
//	git clone --bare https://github.com/princeton-nlp/SWE-agent m/princeton-nlp+SWE-agent/repo
//	go run ./internal/distribution/gen -mirror m > unlabelled.jsonl
//
// The sampling rule is fixed in the table, never by what a command says:
// for each system its trajectories in sorted path order, in each the
// shell commands in the order the agent sent them, and of that stream
// every Nth command starting with the first. A command the agent sent
// to something other than its shell (SWE-agent's open, edit, submit …;
// Vorflux's own session CLI, which is a separate tool) is not a shell
// command and is counted, not kept; an exact repeat of a command kept
// before is dropped. The counts go to stderr for the README.
//
// Each line gets its slice by rule too: blind when the 32-bit FNV-1a
// hash of its id is divisible by 3, tune otherwise. The output has no
// labels: testdata/distribution/README.md says how they were made.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// system is one agent whose trajectories are a source.
type system struct {
	Name   string // the id prefix
	Repo   string // owner/name on GitHub
	Commit string // the commit read
	Prefix string // trajectories are the files under Prefix …
	Suffix string // … whose names end in Suffix
	Format string // mini, vorflux or sweagent
	Every  int    // keep every Nth command of the stream
}

// systems are the sources of agents.jsonl, fixed before any line was
// read or judged.
var systems = []system{
	{
		Name:   "liveswe-gpt5mini",
		Repo:   "RussellRyanH/CSCI-635-LiveSWE-Agent",
		Commit: "2813cfb19465bb9f57d50ebd0798550480a2f836",
		Prefix: "results/llm-ablation/gpt-5-mini/",
		Suffix: ".traj.json",
		Format: "mini",
		Every:  1,
	},
	{
		Name:   "vorflux-opus46",
		Repo:   "piyushhhxyz/vorflux-swe-benchmarks",
		Commit: "9e2acad918d7c20f5114062614c88c32d5878980",
		Prefix: "evaluation/verified/20250519_vorflux_opus46-code_gpt55h-review/trajs/",
		Suffix: ".json",
		Format: "vorflux",
		Every:  0, // set by -vorflux-every
	},
	{
		Name:   "swe-agent-demo",
		Repo:   "princeton-nlp/SWE-agent",
		Commit: "0772c99cb2903ccf22ba543eaf128742afa470d6",
		Prefix: "trajectories/demonstrations/",
		Suffix: ".traj",
		Format: "sweagent",
		Every:  1,
	},
}

// sweAgentTools are the commands SWE-agent's own tool bundles define
// (tools/*/bin in SWE-agent at the pinned commit): the agent sends them
// to its shell, but they are the harness's programs, not shell work.
var sweAgentTools = map[string]bool{
	"open": true, "goto": true, "scroll_up": true, "scroll_down": true,
	"create": true, "edit": true, "insert": true, "append": true,
	"search_dir": true, "search_file": true, "find_file": true,
	"submit": true, "set_cursors": true, "filemap": true,
	"str_replace_editor": true, "decompile": true, "disassemble": true,
	"debug_start": true, "debug_add_breakpoint": true, "debug_continue": true,
	"debug_step": true, "debug_exec": true, "debug_stop": true,
	"connect_start": true, "connect_sendline": true, "connect_exec": true,
	"connect_stop": true, "exit_forfeit": true,
}

// Record is one corpus line before labelling.
type Record struct {
	ID      string `json:"id"`
	Command string `json:"command"`
	Slice   string `json:"slice"`
	Source  Source `json:"source"`
}

// Source says where a command was found: the file of the trajectory and
// the command's place among the shell commands of that trajectory.
type Source struct {
	Repo   string `json:"repo"`
	Commit string `json:"commit"`
	Path   string `json:"path"`
	Index  int    `json:"index"`
}

// counts are what the README reports per system.
type counts struct {
	trajectories, commands, sampled, tool, duplicate, kept int
}

func main() {
	mirror := flag.String("mirror", "/work/.mirror", "directory holding OWNER+NAME/repo bare git snapshots")
	vorfluxEvery := flag.Int("vorflux-every", 17, "keep every Nth Vorflux command")
	flag.Parse()
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	seen := map[string]bool{}
	for _, s := range systems {
		if s.Every == 0 {
			s.Every = *vorfluxEvery
		}
		c, err := extract(*mirror, s, seen, enc)
		if err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "%s: %d trajectories, %d shell commands, every %d: %d sampled, %d agent-tool commands dropped, %d repeats dropped, %d kept\n",
			s.Name, c.trajectories, c.commands, s.Every, c.sampled, c.tool, c.duplicate, c.kept)
	}
}

// extract writes the sampled commands of one system.
func extract(mirror string, s system, seen map[string]bool, enc *json.Encoder) (counts, error) {
	var c counts
	gitDir := filepath.Join(mirror, strings.Replace(s.Repo, "/", "+", 1), "repo")
	files, err := listFiles(gitDir, s.Commit, s.Prefix, s.Suffix)
	if err != nil {
		return c, err
	}
	c.trajectories = len(files)
	stream := 0
	for _, f := range files {
		data, err := git(gitDir, "show", s.Commit+":"+f)
		if err != nil {
			return c, err
		}
		cmds, err := commands(s.Format, data)
		if err != nil {
			return c, fmt.Errorf("%s: %s: %w", s.Repo, f, err)
		}
		for i, cmd := range cmds {
			c.commands++
			keep := stream%s.Every == 0
			stream++
			if !keep {
				continue
			}
			c.sampled++
			if s.Format == "sweagent" && sweAgentTools[firstWord(cmd)] {
				c.tool++
				continue
			}
			if seen[cmd] {
				c.duplicate++
				continue
			}
			seen[cmd] = true
			c.kept++
			id := fmt.Sprintf("%s/%s/%d", s.Name, trajName(f, s.Prefix, s.Suffix), i)
			rec := Record{ID: id, Command: cmd, Slice: slice(id),
				Source: Source{Repo: s.Repo, Commit: s.Commit, Path: f, Index: i}}
			if err := enc.Encode(rec); err != nil {
				return c, err
			}
		}
	}
	return c, nil
}

// slice draws the blind third by rule: FNV-1a of the id, modulo 3.
func slice(id string) string {
	h := fnv.New32a()
	io.WriteString(h, id)
	if h.Sum32()%3 == 0 {
		return "blind"
	}
	return "tune"
}

// trajName names a trajectory in an id: its path under the prefix,
// without the suffix, and without a directory that repeats the name.
func trajName(file, prefix, suffix string) string {
	name := strings.TrimSuffix(strings.TrimPrefix(file, prefix), suffix)
	dir, base := path.Split(name)
	if strings.TrimSuffix(dir, "/") == base || strings.HasSuffix(strings.TrimSuffix(dir, "/"), "/"+base) {
		return strings.TrimSuffix(dir, "/")
	}
	return name
}

func firstWord(cmd string) string {
	f := strings.Fields(cmd)
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

// commands returns the shell commands of one trajectory, in order.
func commands(format string, data []byte) ([]string, error) {
	switch format {
	case "mini":
		return miniCommands(data)
	case "vorflux":
		return vorfluxCommands(data)
	case "sweagent":
		return sweAgentCommands(data)
	}
	return nil, fmt.Errorf("unknown format %q", format)
}

// miniCommands reads a mini-swe-agent trajectory (trajectory_format
// mini-swe-agent-1.1): each assistant message's extra.actions[].command
// is one command the agent's shell ran.
func miniCommands(data []byte) ([]string, error) {
	var t struct {
		Format   string `json:"trajectory_format"`
		Messages []struct {
			Role  string `json:"role"`
			Extra struct {
				Actions []struct {
					Command string `json:"command"`
				} `json:"actions"`
			} `json:"extra"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, err
	}
	if !strings.HasPrefix(t.Format, "mini-swe-agent-") {
		return nil, fmt.Errorf("trajectory_format %q is not mini-swe-agent's", t.Format)
	}
	var out []string
	for _, m := range t.Messages {
		if m.Role != "assistant" {
			continue
		}
		for _, a := range m.Extra.Actions {
			out = append(out, a.Command)
		}
	}
	return out, nil
}

// vorfluxCommands reads a Vorflux trajectory: the bash_execute tool
// calls of its llm_call entries, each call once (by its id).
func vorfluxCommands(data []byte) ([]string, error) {
	var t struct {
		Trajectory []struct {
			Type   string `json:"type"`
			Output struct {
				ToolCalls []struct {
					ID       string `json:"id"`
					Function struct {
						Name      string `json:"name"`
						Arguments string `json:"arguments"`
					} `json:"function"`
				} `json:"tool_calls"`
			} `json:"output"`
		} `json:"trajectory"`
	}
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []string
	for _, e := range t.Trajectory {
		if e.Type != "llm_call" {
			continue
		}
		for _, tc := range e.Output.ToolCalls {
			if tc.Function.Name != "bash_execute" || seen[tc.ID] {
				continue
			}
			seen[tc.ID] = true
			var args struct {
				Command string `json:"command"`
			}
			if err := json.Unmarshal([]byte(tc.Function.Arguments), &args); err != nil {
				return nil, fmt.Errorf("tool call %s: %w", tc.ID, err)
			}
			out = append(out, args.Command)
		}
	}
	return out, nil
}

// sweAgentCommands reads a SWE-agent .traj: trajectory[].action is what
// the agent sent to its shell, SWE-agent's own tools included.
func sweAgentCommands(data []byte) ([]string, error) {
	var t struct {
		Trajectory []struct {
			Action string `json:"action"`
		} `json:"trajectory"`
	}
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, err
	}
	var out []string
	for _, s := range t.Trajectory {
		if a := strings.TrimSpace(s.Action); a != "" {
			out = append(out, a)
		}
	}
	return out, nil
}

// listFiles lists the files under prefix ending in suffix at commit,
// sorted.
func listFiles(gitDir, commit, prefix, suffix string) ([]string, error) {
	out, err := git(gitDir, "ls-tree", "-r", "--name-only", commit, "--", prefix)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, f := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if strings.HasSuffix(f, suffix) {
			files = append(files, f)
		}
	}
	sort.Strings(files)
	return files, nil
}

func git(gitDir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", append([]string{"--git-dir=" + gitDir}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, stderr.String())
	}
	return out, nil
}
