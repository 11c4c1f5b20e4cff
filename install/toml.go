package install

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/recourse-dev/recourse/internal/lazyregexp"
)

// tomlHooks is a hook entry in a TOML configuration file that is the
// host's whole configuration (Kimi Code CLI's config.toml): an array of
// tables, one table per hook. The file is the person's: install appends
// its table as text, so every comment and spacing stays, and uninstall
// takes out only that table. Each change is checked by decoding the file
// before and after (github.com/BurntSushi/toml): a change that would do
// anything but add or remove Recourse's entry is not written.
type tomlHooks struct {
	// array is the array of tables ("hooks": [[hooks]]).
	array string
	// entry is the table's keys and values for command, in order.
	entry func(command string) [][2]any
	// matcherKey is the key of a table's regular-expression matcher
	// against the shell tool's name (shellTool); an empty or absent one
	// runs for every tool.
	matcherKey, shellTool string
}

// tomlMark opens the table install writes; it names the host, so that a
// person reading the file knows where the entry came from.
func tomlMark(name string) string {
	return "# Written by recourse install " + name + "; recourse uninstall " + name + " removes it."
}

// tomlTable is the text of host h's table for command.
func tomlTable(h host, command string) string {
	var b strings.Builder
	b.WriteString(tomlMark(h.name) + "\n[[" + h.toml.array + "]]\n")
	for _, kv := range h.toml.entry(command) {
		fmt.Fprintf(&b, "%s = %s\n", kv[0], tomlValue(kv[1]))
	}
	return b.String()
}

// tomlValue is v as a TOML value: a string as a basic string (Go's %q is
// not TOML's escaping for every rune, so strconv's ASCII form is used,
// whose \u escapes TOML reads), an int as itself.
func tomlValue(v any) string {
	switch x := v.(type) {
	case string:
		return strconv.QuoteToASCII(x)
	default:
		return fmt.Sprint(x)
	}
}

// readTOML reads path as TOML into a map; a file that is not TOML is an
// error naming its line, and is left alone.
func readTOML(path string) (string, map[string]any, bool, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", map[string]any{}, false, nil
	}
	if err != nil {
		return "", nil, false, err
	}
	doc, err := decodeTOML(string(data))
	if err != nil {
		return "", nil, true, fmt.Errorf("%s: %v; Recourse leaves the file alone", path, err)
	}
	return string(data), doc, true, nil
}

func decodeTOML(text string) (map[string]any, error) {
	doc := map[string]any{}
	_, err := toml.Decode(text, &doc)
	return doc, err
}

// tomlEntries returns doc's array of tables, and an error when the key
// holds something else.
func tomlEntries(doc map[string]any, array string) ([]map[string]any, error) {
	v, ok := doc[array]
	if !ok {
		return nil, nil
	}
	list, ok := v.([]map[string]any)
	if !ok {
		return nil, fmt.Errorf("%q is not an array of tables ([[%s]]); Recourse leaves the file alone", array, array)
	}
	return list, nil
}

// withoutOursTOML is doc with Recourse's tables for h taken out of its
// array, the array dropped when none is left.
func withoutOursTOML(doc map[string]any, h host) (map[string]any, int, error) {
	list, err := tomlEntries(doc, h.toml.array)
	if err != nil {
		return nil, 0, err
	}
	out := make(map[string]any, len(doc))
	for k, v := range doc {
		out[k] = v
	}
	var keep []map[string]any
	for _, e := range list {
		if cmd, _ := e["command"].(string); ours(cmd, h.name) {
			continue
		}
		keep = append(keep, e)
	}
	delete(out, h.toml.array)
	if len(keep) > 0 {
		out[h.toml.array] = keep
	}
	return out, len(list) - len(keep), nil
}

// installTOML puts Recourse's table for command into the TOML file at
// path in place of any of Recourse's there: their text is taken out, the
// new table appended.
func installTOML(path string, h host, command string) (Change, error) {
	text, doc, existed, err := readTOML(path)
	if err != nil {
		return Change{}, err
	}
	if _, err := tomlEntries(doc, h.toml.array); err != nil {
		return Change{}, fmt.Errorf("%s: %w", path, err)
	}
	base, _, err := removeTOMLText(text, h)
	if err != nil {
		return Change{}, fmt.Errorf("%s: %w", path, err)
	}
	if base != "" && !strings.HasSuffix(base, "\n") {
		base += "\n"
	}
	if base != "" && !strings.HasSuffix(base, "\n\n") {
		base += "\n"
	}
	next := base + tomlTable(h, command)
	if next == text {
		return Change{Path: path, Action: "unchanged"}, nil
	}
	if err := checkTOML(doc, next, h, command); err != nil {
		return Change{}, fmt.Errorf("%s: %w; Recourse leaves the file alone: add the entry by hand:\n%s", path, err, tomlTable(h, command))
	}
	c := Change{Path: path, Action: "created"}
	if existed {
		c.Action = "updated"
		if c.Backup, err = backupFile(path); err != nil {
			return c, err
		}
	}
	return c, writeFile(path, []byte(next), 0o600)
}

// uninstallTOML takes Recourse's tables out of the TOML file at path; a
// file left with nothing in it is removed.
func uninstallTOML(path string, h host) (Change, error) {
	text, doc, existed, err := readTOML(path)
	if err != nil {
		return Change{}, err
	}
	if !existed {
		return Change{Path: path, Action: "absent"}, nil
	}
	want, n, err := withoutOursTOML(doc, h)
	if err != nil {
		return Change{}, fmt.Errorf("%s: %w", path, err)
	}
	if n == 0 {
		return Change{Path: path, Action: "unchanged"}, nil
	}
	next, _, err := removeTOMLText(text, h)
	if err != nil {
		return Change{}, fmt.Errorf("%s: %w", path, err)
	}
	got, err := decodeTOML(next)
	if err != nil || !reflect.DeepEqual(got, want) {
		return Change{}, fmt.Errorf("%s: Recourse's [[%s]] entry could not be taken out without touching the rest of the file; Recourse leaves the file alone: remove the entry that runs recourse hook %s by hand", path, h.toml.array, h.name)
	}
	backup, err := backupFile(path)
	if err != nil {
		return Change{}, err
	}
	if strings.TrimSpace(next) == "" {
		return Change{Path: path, Action: "removed", Backup: backup}, os.Remove(path)
	}
	return Change{Path: path, Action: "updated", Backup: backup}, writeFile(path, []byte(next), 0o600)
}

// checkTOML reports whether next decodes to doc with exactly Recourse's
// one entry for command added at the end of its array.
func checkTOML(doc map[string]any, next string, h host, command string) error {
	got, err := decodeTOML(next)
	if err != nil {
		return fmt.Errorf("the entry would not leave valid TOML (%v)", err)
	}
	rest, _, err := withoutOursTOML(doc, h)
	if err != nil {
		return err
	}
	mine, _, err := withoutOursTOML(got, h)
	if err != nil {
		return err
	}
	entries, _ := tomlEntries(got, h.toml.array)
	if !reflect.DeepEqual(rest, mine) || len(entries) == 0 {
		return errors.New("the entry would change more of the file than itself")
	}
	last := entries[len(entries)-1]
	if cmd, _ := last["command"].(string); cmd != command {
		return errors.New("the entry would not read back as written")
	}
	return nil
}

// tableHeader matches a line that opens a table or an array of tables.
var tableHeader = lazyregexp.New(`^\s*\[`)

// removeTOMLText takes out of text each [[array]] table whose command runs
// Recourse's hook for h, with the mark install writes above it, and
// returns the rest and how many were taken. A table's text runs from its
// header to its last key line before the next header: the comments and
// blank lines after it belong to what follows. The caller checks the
// result by decoding it.
func removeTOMLText(text string, h host) (string, int, error) {
	lines := strings.SplitAfter(text, "\n")
	blank := func(l string) bool { return strings.TrimSpace(l) == "" }
	var out []string
	n := 0
	for i := 0; i < len(lines); {
		if strings.TrimSpace(lines[i]) != "[["+h.toml.array+"]]" {
			out = append(out, lines[i])
			i++
			continue
		}
		next := i + 1
		for next < len(lines) && !tableHeader.MatchString(lines[next]) {
			next++
		}
		end := next
		for end > i+1 && (blank(lines[end-1]) || strings.HasPrefix(strings.TrimSpace(lines[end-1]), "#")) {
			end--
		}
		table, err := decodeTOML("[[t]]\n" + strings.Join(lines[i+1:end], ""))
		if err != nil {
			return "", 0, fmt.Errorf("a [[%s]] table could not be read on its own (%v)", h.toml.array, err)
		}
		entries, _ := tomlEntries(table, "t")
		if cmd, _ := firstCommand(entries); !ours(cmd, h.name) {
			out = append(out, lines[i:end]...)
			i = end
			continue
		}
		if len(out) > 0 && strings.TrimSpace(out[len(out)-1]) == tomlMark(h.name) {
			out = out[:len(out)-1]
		}
		for len(out) > 0 && blank(out[len(out)-1]) {
			out = out[:len(out)-1]
		}
		n++
		for i = end; i < len(lines) && blank(lines[i]); i++ {
		}
		if len(out) > 0 && i < len(lines) {
			out = append(out, "\n")
		}
	}
	return strings.Join(out, ""), n, nil
}

func firstCommand(entries []map[string]any) (string, bool) {
	if len(entries) == 0 {
		return "", false
	}
	s, ok := entries[0]["command"].(string)
	return s, ok
}

// tomlWiring finds Recourse's table in the TOML file at path.
func tomlWiring(h host, scope Scope, path string) (*wiring, error) {
	_, doc, existed, err := readTOML(path)
	if err != nil || !existed {
		return nil, err
	}
	list, err := tomlEntries(doc, h.toml.array)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for _, e := range list {
		cmd, _ := e["command"].(string)
		if !ours(cmd, h.name) {
			continue
		}
		if ev, _ := e["event"].(string); ev != "PreToolUse" {
			continue
		}
		matcher, _ := e[h.toml.matcherKey].(string)
		re, err := regexp.Compile(matcher)
		fires := matcher == "" || err == nil && re.MatchString(h.toml.shellTool)
		return &wiring{scope: scope, path: path, command: cmd, matcher: matcher, fires: fires}, nil
	}
	return nil, nil
}
