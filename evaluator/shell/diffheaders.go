package shell

import (
	"strconv"
	"strings"
)

// A patch is what it writes. git apply, git am and patch change the files
// a unified diff's headers name: "diff --git a/X b/Y", "--- a/X" and
// "+++ b/Y", git's "rename from/to" and "copy to"; a file diffed to
// /dev/null is deleted. DiffTargets reads those names, so that each is
// judged as a write (or a delete) of that path, as the file tools' rows
// judge an edit.

// MaxDiffTargets bounds how many files one patch is judged to write.
const MaxDiffTargets = 256

// DiffTarget is one file a patch changes, as its header names it (the -p
// components not yet stripped).
type DiffTarget struct {
	Path   string
	Delete bool
}

// DiffTargets returns the files the unified or git diff text changes, in
// the order they first appear, each once (a file both written and
// deleted is a delete), at most MaxDiffTargets; more reports that there
// were more.
func DiffTargets(text string) (out []DiffTarget, more bool) {
	index := map[string]int{}
	add := func(p string, del bool) {
		if p == "" || p == "/dev/null" {
			return
		}
		if i, ok := index[p]; ok {
			out[i].Delete = out[i].Delete || del
			return
		}
		if len(out) >= MaxDiffTargets {
			more = true
			return
		}
		index[p] = len(out)
		out = append(out, DiffTarget{Path: p, Delete: del})
	}
	var minus, gitA string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSuffix(line, "\r")
		switch {
		case strings.HasPrefix(line, "diff --git "):
			a, b := gitDiffNames(strings.TrimPrefix(line, "diff --git "))
			gitA = a
			add(a, false)
			add(b, false)
		case strings.HasPrefix(line, "deleted file mode"):
			add(gitA, true)
		case strings.HasPrefix(line, "rename from "):
			add("a/"+diffName(strings.TrimPrefix(line, "rename from ")), true)
		case strings.HasPrefix(line, "rename to "), strings.HasPrefix(line, "copy to "):
			_, rest, _ := strings.Cut(line, " to ")
			add("b/"+diffName(rest), false)
		case strings.HasPrefix(line, "--- "):
			minus = diffName(strings.TrimPrefix(line, "--- "))
		case strings.HasPrefix(line, "+++ "):
			plus := diffName(strings.TrimPrefix(line, "+++ "))
			if plus == "/dev/null" {
				add(minus, true)
			} else {
				add(minus, false)
				add(plus, false)
			}
			minus = ""
		}
	}
	return out, more
}

// diffName is the file name of a ---/+++ header's rest: quoted as git
// quotes an unusual name, or up to the tab before a timestamp.
func diffName(s string) string {
	if strings.HasPrefix(s, `"`) {
		if q, err := strconv.QuotedPrefix(s); err == nil {
			if u, err := strconv.Unquote(q); err == nil {
				return u
			}
		}
	}
	if i := strings.IndexByte(s, '\t'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimRight(s, " ")
}

// gitDiffNames splits "a/X b/Y" (each name possibly quoted) into its two
// names; a name with spaces that is not quoted is split where " b/"
// starts the second.
func gitDiffNames(s string) (string, string) {
	if strings.HasPrefix(s, `"`) {
		if q, err := strconv.QuotedPrefix(s); err == nil {
			a, _ := strconv.Unquote(q)
			return a, diffName(strings.TrimSpace(s[len(q):]))
		}
	}
	if i := strings.Index(s, " b/"); i >= 0 {
		return s[:i], diffName(s[i+1:])
	}
	if i := strings.Index(s, ` "`); i >= 0 {
		return s[:i], diffName(s[i+1:])
	}
	a, b, _ := strings.Cut(s, " ")
	return a, b
}

// stripComponents removes the first n slash-separated components of p,
// as patch -pN and git apply -pN do; false when p has too few.
func stripComponents(p string, n int) (string, bool) {
	for range n {
		i := strings.IndexByte(p, '/')
		if i < 0 {
			return "", false
		}
		p = strings.TrimLeft(p[i+1:], "/")
	}
	return p, p != ""
}
