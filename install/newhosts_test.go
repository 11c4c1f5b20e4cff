package install

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 30's new hosts: Qwen Code and Factory Droid (JSON settings), Kimi
// Code CLI (TOML config), OpenCode (a plugin file of its own).

// kimiConfig is a Kimi config.toml as a person has it: comments, a
// provider, a hook of their own, and tables after it.
const kimiConfig = `# Kimi Code CLI configuration
default_model = "kimi-k2"

[providers.moonshot]
type = "kimi"
base_url = "https://api.moonshot.ai/v1"

[[hooks]]
event = "PostToolUse"
matcher = "WriteFile|StrReplaceFile"
command = "prettier --write"

# Loop control stays below the hooks.
[loop_control]
max_steps_per_turn = 100
`

// TestNewHostsMergeAndRestore: install adds Recourse's entry beside a
// person's own, keeps a backup, changes nothing on a second run, and
// uninstall leaves the file as it was, byte for byte for Kimi's TOML.
func TestNewHostsMergeAndRestore(t *testing.T) {
	before := map[string]string{
		"qwen-code":     `{"model": {"name": "qwen3-coder-plus"}, "hooks": {"PostToolUse": [{"matcher": "edit", "hooks": [{"type": "command", "command": "prettier --write"}]}]}}`,
		"factory-droid": `{"model": "claude-sonnet-4", "hooks": {"PreToolUse": [{"matcher": "Edit", "hooks": [{"type": "command", "command": "lint-writes"}]}]}}`,
		"kimi-code":     kimiConfig,
	}
	for name, was := range before {
		t.Run(name, func(t *testing.T) {
			opts := Options{Home: t.TempDir(), Project: t.TempDir(), Binary: bin}
			_, path, err := target(name, User, opts)
			if err != nil {
				t.Fatal(err)
			}
			writeTestFile(t, path, was)
			res, err := Install(name, User, opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Changes) != 1 || res.Changes[0].Action != "updated" || res.Changes[0].Backup == "" {
				t.Fatalf("changes %+v", res.Changes)
			}
			after := readTestFile(t, path)
			if !strings.Contains(after, Command(opts, name)) {
				t.Errorf("no hook entry in %s", after)
			}
			for _, kept := range []string{"prettier --write", "lint-writes", "qwen3-coder-plus", "claude-sonnet-4", "# Loop control", "max_steps_per_turn"} {
				if strings.Contains(was, kept) && !strings.Contains(after, kept) {
					t.Errorf("lost %q:\n%s", kept, after)
				}
			}
			if name == "qwen-code" && !strings.Contains(after, `"failMode": "closed"`) {
				t.Errorf("the Qwen Code entry does not fail closed:\n%s", after)
			}
			again, err := Install(name, User, opts)
			if err != nil || again.Changes[0].Action != "unchanged" || readTestFile(t, path) != after {
				t.Errorf("second install: %+v %v\n%s", again.Changes, err, readTestFile(t, path))
			}
			if _, err := Uninstall(name, User, opts); err != nil {
				t.Fatal(err)
			}
			got := readTestFile(t, path)
			if name == "kimi-code" {
				if got != was {
					t.Errorf("after uninstall:\n%q\nwant:\n%q", got, was)
				}
				return
			}
			if normalized(t, got) != normalized(t, was) {
				t.Errorf("after uninstall:\n%s\nwant:\n%s", got, was)
			}
		})
	}
}

// TestKimiTOML: the table install appends reads back as Kimi reads it; an
// old entry of Recourse's is replaced in place of being doubled; a file
// install created goes with uninstall.
func TestKimiTOML(t *testing.T) {
	opts := Options{Home: t.TempDir(), Binary: "/opt/my tools/recourse"}
	_, path, _ := target("kimi-code", User, opts)
	res, err := Install("kimi-code", User, opts)
	if err != nil || res.Changes[0].Action != "created" {
		t.Fatalf("%+v %v", res, err)
	}
	_, doc, _, err := readTOML(path)
	if err != nil {
		t.Fatal(err)
	}
	hooks, _ := tomlEntries(doc, "hooks")
	if len(hooks) != 1 || hooks[0]["event"] != "PreToolUse" || hooks[0]["command"] != Command(opts, "kimi-code") {
		t.Fatalf("read back %v from:\n%s", hooks, readTestFile(t, path))
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v: config.toml holds API keys", info.Mode().Perm())
	}
	moved := opts
	moved.Binary = "/usr/local/bin/recourse"
	if _, err := Install("kimi-code", User, moved); err != nil {
		t.Fatal(err)
	}
	if got := readTestFile(t, path); strings.Count(got, "[[hooks]]") != 1 || !strings.Contains(got, moved.Binary) {
		t.Errorf("not replaced:\n%s", got)
	}
	if _, err := Uninstall("kimi-code", User, moved); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("%s is still there", path)
	}
}

// TestKimiTOMLLeftAlone: a config that is not TOML, or whose hooks is not
// an array of tables, is an error, and is not touched.
func TestKimiTOMLLeftAlone(t *testing.T) {
	for _, content := range []string{
		"default_model = \"kimi\"\ndefault_model = \"other\"\n",
		"hooks = []\n",
		"[hooks]\nevent = \"PreToolUse\"\n",
	} {
		home := t.TempDir()
		path := filepath.Join(home, ".kimi", "config.toml")
		writeTestFile(t, path, content)
		if _, err := Install("kimi-code", User, Options{Home: home, Binary: bin}); err == nil {
			t.Errorf("%q: installed", content)
		}
		if readTestFile(t, path) != content {
			t.Errorf("%q: the file changed", content)
		}
	}
}

// TestOpenCodePlugin: install writes the plugin with the hook's command
// line as a string literal; doctor reads it back; a plugin someone edited
// is reported, not run; uninstall removes it.
func TestOpenCodePlugin(t *testing.T) {
	opts := Options{Home: t.TempDir(), Project: t.TempDir(), Binary: `/opt/it's/recourse`}
	res, err := Install("opencode", Project, opts)
	if err != nil || len(res.Changes) != 1 || res.Changes[0].Action != "created" {
		t.Fatalf("%+v %v", res, err)
	}
	path := res.Changes[0].Path
	if want := filepath.Join(opts.Project, ".opencode", "plugins", "recourse.js"); path != want {
		t.Errorf("path %s, want %s", path, want)
	}
	plugin := readTestFile(t, path)
	if cmd, ok := opencodeCommand(plugin); !ok || cmd != Command(opts, "opencode") {
		t.Fatalf("command %q %v in:\n%s", cmd, ok, plugin)
	}
	for _, must := range []string{`"tool.execute.before"`, "throw new Error", "run.status !== 0", "timeout: TIMEOUT_MS"} {
		if !strings.Contains(plugin, must) {
			t.Errorf("the plugin lacks %s", must)
		}
	}
	if _, ok := opencodeCommand(strings.Replace(plugin, "throw new Error", "console.log", 1)); ok {
		t.Error("an edited plugin reads as Recourse's")
	}
	if _, err := Uninstall("opencode", Project, opts); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("%s is still there", path)
	}
}

// TestNewHostsDoctor: each new host's entry passes its canaries; an
// OpenCode plugin someone edited and a Kimi entry whose matcher never
// matches Shell fail with a fix.
func TestNewHostsDoctor(t *testing.T) {
	var ran []string
	run := func(_ context.Context, argv []string, stdin, _ string) (int, string, error) {
		ran = append(ran, strings.Join(argv, " ")+" <- "+stdin)
		if strings.Contains(stdin, "rm -rf") {
			return 2, "", nil
		}
		return 0, "", nil
	}
	home, project := t.TempDir(), t.TempDir()
	// Doctor checks that the binary an entry names is there.
	dir := t.TempDir()
	bin := fakeBinary(t, dir, "recourse", filepath.Join(dir, "ran"))
	opts := Options{Home: home, Project: project, Binary: bin}
	for _, name := range []string{"qwen-code", "factory-droid", "kimi-code", "opencode"} {
		if _, err := Install(name, User, opts); err != nil {
			t.Fatal(err)
		}
	}
	byHost := map[string]HostReport{}
	for _, h := range Doctor(context.Background(), opts, run).Hosts {
		byHost[h.Host] = h
	}
	for _, name := range []string{"qwen-code", "factory-droid", "kimi-code", "opencode"} {
		got := byHost[name]
		if !got.Pass || !got.Wired || len(got.Canaries) != 2 || got.Scope != User {
			t.Errorf("%s: %+v", name, got)
		}
	}
	for _, want := range []string{`"tool_name":"run_shell_command"`, `"tool_name":"Execute"`, `"tool_name":"Shell"`, `"tool":"bash"`} {
		found := false
		for _, r := range ran {
			found = found || strings.Contains(r, want)
		}
		if !found {
			t.Errorf("no canary with %s in %q", want, ran)
		}
	}

	plugin := filepath.Join(home, ".config", "opencode", "plugins", "recourse.js")
	writeTestFile(t, plugin, strings.Replace(readTestFile(t, plugin), "throw new Error(", "console.log(", 1))
	writeTestFile(t, filepath.Join(home, ".kimi", "config.toml"),
		"[[hooks]]\nevent = \"PreToolUse\"\nmatcher = \"^WriteFile$\"\ncommand = \""+bin+" hook kimi-code\"\n")
	for _, h := range Doctor(context.Background(), opts, run).Hosts {
		byHost[h.Host] = h
	}
	if got := byHost["opencode"]; got.Pass || !strings.Contains(got.Fix, "not the plugin recourse install opencode writes") {
		t.Errorf("opencode: %+v", got)
	}
	if got := byHost["kimi-code"]; got.Pass || !strings.Contains(got.Fix, "never runs for shell commands") {
		t.Errorf("kimi-code: %+v", got)
	}

	// A Qwen Code entry without "failMode": "closed" fails open: doctor
	// says so and does not call it ok.
	writeTestFile(t, filepath.Join(home, ".qwen", "settings.json"),
		`{"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "`+bin+` hook qwen-code"}]}]}}`)
	for _, h := range Doctor(context.Background(), opts, run).Hosts {
		byHost[h.Host] = h
	}
	if got := byHost["qwen-code"]; got.Pass || !strings.Contains(got.Fix, `lacks "failMode": "closed"`) {
		t.Errorf("qwen-code: %+v", got)
	}
}
