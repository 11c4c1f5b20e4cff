package observe

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
)

// The git index (.git/index), read in Go so that observing a file or a
// directory does not start a git process that loads the whole index (on a
// tree the size of the Linux kernel's, 80,000 entries and ~8 MB, loading
// it is most of what git status costs). The format is git's
// Documentation/gitformat-index.txt (git/git@v2.39.5): a 12-byte header
// "DIRC", version (2, 3 or 4), entry count; the entries, sorted by name;
// extensions (a 4-byte signature, a 4-byte size, the data); the
// checksum. Only what observation needs is kept: each entry's name,
// stat data, object name, mode and flags, and the cache tree (the TREE
// extension), which says whether the index still matches a commit's
// tree below a directory. Anything this reader does not know (a version,
// a required extension, a split or sparse index, a SHA-256 repository)
// is errNotReadable, and the caller asks git instead.

// errNotReadable is an index this reader leaves to git.
var errNotReadable = errors.New("the index is left to git")

// maxIndexBytes bounds the index file read; past it git is asked.
const maxIndexBytes = 128 << 20

// oidLen is the length of a SHA-1 object name.
const oidLen = 20

// Entry flags (gitformat-index.txt "Index entry").
const (
	flagAssumeValid = 0x8000
	flagExtended    = 0x4000
	flagStage       = 0x3000
	flagNameMask    = 0x0fff
	// extended flags (version 3 and later)
	flagSkipWorktree = 0x4000
	flagIntentToAdd  = 0x2000
)

// indexEntry is one entry of the index.
type indexEntry struct {
	name                 string
	ctimeSec, ctimeNsec  uint32
	mtimeSec, mtimeNsec  uint32
	ino, mode, uid, gid  uint32
	size                 uint32
	oid                  [oidLen]byte
	flags, extendedFlags uint16
}

// stage is the entry's merge stage (0: not in a conflict).
func (e *indexEntry) stage() int { return int(e.flags&flagStage) >> 12 }

// unusual reports an entry whose state git status does not read from
// stat data alone: a conflict, assume-unchanged, skip-worktree or
// intent-to-add.
func (e *indexEntry) unusual() bool {
	return e.stage() != 0 || e.flags&flagAssumeValid != 0 || e.extendedFlags&(flagSkipWorktree|flagIntentToAdd) != 0
}

// cacheTree is one node of the TREE extension: the tree the index holds
// below path, valid when entries >= 0.
type cacheTree struct {
	path     string // "" the top, else "dir/sub"
	entries  int
	oid      [oidLen]byte
	children []*cacheTree
}

// gitIndex is a parsed index.
type gitIndex struct {
	entries []indexEntry
	tree    *cacheTree
	// mtimeSec and mtimeNsec are the index file's modification time:
	// an entry modified at or after it is racily clean (its stat data
	// cannot tell a change made in the same tick).
	mtimeSec, mtimeNsec int64
}

// readIndex reads the index file at path.
func readIndex(path string) (*gitIndex, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if info.Size() > maxIndexBytes {
		return nil, errNotReadable
	}
	data := make([]byte, info.Size())
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, err
	}
	idx, err := parseIndex(data)
	if err != nil {
		return nil, err
	}
	idx.mtimeSec, idx.mtimeNsec = mtimeOf(info)
	return idx, nil
}

// mtimeOf is a file's modification time in seconds and nanoseconds.
func mtimeOf(info os.FileInfo) (int64, int64) {
	t := info.ModTime()
	return t.Unix(), int64(t.Nanosecond())
}

// parseIndex parses an index file's bytes.
func parseIndex(data []byte) (*gitIndex, error) {
	if len(data) < 12+oidLen || string(data[:4]) != "DIRC" {
		return nil, fmt.Errorf("%w: no DIRC header", errNotReadable)
	}
	version := binary.BigEndian.Uint32(data[4:])
	if version < 2 || version > 4 {
		return nil, fmt.Errorf("%w: version %d", errNotReadable, version)
	}
	count := binary.BigEndian.Uint32(data[8:])
	body := data[:len(data)-oidLen] // the checksum is not verified (nor does git, outside fsck)
	// An entry takes at least 62 bytes, plus one byte of name in v4.
	if uint64(count) > uint64(len(body))/63 {
		return nil, fmt.Errorf("%w: %d entries cannot fit in %d bytes", errNotReadable, count, len(body))
	}
	idx := &gitIndex{entries: make([]indexEntry, 0, count)}
	off := 12
	prev := ""
	// Names are substrings of one copy of the file (v2, v3), not one
	// allocation each.
	text := string(body)
	for range count {
		e, next, err := parseEntry(body, text, off, version, prev)
		if err != nil {
			return nil, err
		}
		if len(idx.entries) > 0 && e.name < prev {
			return nil, fmt.Errorf("%w: entries out of order", errNotReadable)
		}
		idx.entries = append(idx.entries, e)
		prev, off = e.name, next
	}
	for off < len(body) {
		if len(body)-off < 8 {
			return nil, fmt.Errorf("%w: truncated extension", errNotReadable)
		}
		sig := string(body[off : off+4])
		size := int(binary.BigEndian.Uint32(body[off+4:]))
		off += 8
		if size < 0 || size > len(body)-off {
			return nil, fmt.Errorf("%w: extension %q overruns the file", errNotReadable, sig)
		}
		ext := body[off : off+size]
		off += size
		switch {
		case sig == "TREE":
			t, rest, err := parseCacheTree(ext, "")
			if err != nil || len(rest) != 0 {
				return nil, fmt.Errorf("%w: a malformed cache tree", errNotReadable)
			}
			idx.tree = t
		case sig[0] < 'A' || sig[0] > 'Z':
			// A required extension (a split index's "link", a sparse
			// index's "sdir"): the entries alone are not the index.
			return nil, fmt.Errorf("%w: extension %q", errNotReadable, sig)
		}
	}
	return idx, nil
}

// parseEntry parses the entry at off; prev is the previous entry's name
// (version 4 names are prefix-compressed against it).
func parseEntry(body []byte, text string, off int, version uint32, prev string) (indexEntry, int, error) {
	var e indexEntry
	const fixedLen = 62
	if len(body)-off < fixedLen {
		return e, 0, fmt.Errorf("%w: truncated entry", errNotReadable)
	}
	b := body[off:]
	u32 := func(i int) uint32 { return binary.BigEndian.Uint32(b[i:]) }
	e.ctimeSec, e.ctimeNsec, e.mtimeSec, e.mtimeNsec = u32(0), u32(4), u32(8), u32(12)
	e.ino, e.mode, e.uid, e.gid, e.size = u32(20), u32(24), u32(28), u32(32), u32(36)
	copy(e.oid[:], b[40:60])
	e.flags = binary.BigEndian.Uint16(b[60:])
	p := fixedLen
	if e.flags&flagExtended != 0 {
		if version < 3 || len(b) < p+2 {
			return e, 0, fmt.Errorf("%w: an extended entry in version %d", errNotReadable, version)
		}
		e.extendedFlags = binary.BigEndian.Uint16(b[p:])
		p += 2
	}
	if version == 4 {
		strip, n := decodeVarint(b[p:])
		if n == 0 || strip > uint64(len(prev)) {
			return e, 0, fmt.Errorf("%w: a bad name prefix", errNotReadable)
		}
		p += n
		end := bytes.IndexByte(b[p:], 0)
		if end < 0 {
			return e, 0, fmt.Errorf("%w: an unterminated name", errNotReadable)
		}
		e.name = prev[:len(prev)-int(strip)] + string(b[p:p+end])
		return e, off + p + end + 1, validName(e.name)
	}
	end := bytes.IndexByte(b[p:], 0)
	if end < 0 {
		return e, 0, fmt.Errorf("%w: an unterminated name", errNotReadable)
	}
	if n := int(e.flags & flagNameMask); n != flagNameMask && n != end {
		return e, 0, fmt.Errorf("%w: a name length that does not match the name", errNotReadable)
	}
	e.name = text[off+p : off+p+end]
	// 1 to 8 NULs pad the entry to a multiple of 8 bytes.
	total := (p + end + 8) &^ 7
	if total > len(b) {
		return e, 0, fmt.Errorf("%w: truncated entry", errNotReadable)
	}
	return e, off + total, validName(e.name)
}

// validName refuses a name git would not write: empty, absolute, or
// with an empty, "." or ".." component.
func validName(name string) error {
	if name == "" || name[0] == '/' || name[len(name)-1] == '/' {
		return fmt.Errorf("%w: the entry name %q", errNotReadable, name)
	}
	for rest := name; rest != ""; {
		part, after, _ := strings.Cut(rest, "/")
		if part == "" || part == "." || part == ".." || part == ".git" {
			return fmt.Errorf("%w: the entry name %q", errNotReadable, name)
		}
		rest = after
	}
	return nil
}

// decodeVarint decodes git's offset varint (varint.c); n is 0 when b
// does not hold a whole one or it overflows.
func decodeVarint(b []byte) (uint64, int) {
	if len(b) == 0 {
		return 0, 0
	}
	c := b[0]
	val := uint64(c & 127)
	n := 1
	for c&128 != 0 {
		val++
		if val == 0 || val>>57 != 0 || n >= len(b) {
			return 0, 0
		}
		c = b[n]
		n++
		val = val<<7 + uint64(c&127)
	}
	return val, n
}

// parseCacheTree parses one cache-tree node and its subtrees (pre-order):
// the path component NUL, the entry count (-1: invalid), a space, the
// subtree count, a newline, and the object name when valid.
func parseCacheTree(b []byte, parent string) (*cacheTree, []byte, error) {
	nul := bytes.IndexByte(b, 0)
	if nul < 0 {
		return nil, nil, errNotReadable
	}
	name := string(b[:nul])
	b = b[nul+1:]
	nl := bytes.IndexByte(b, '\n')
	if nl < 0 {
		return nil, nil, errNotReadable
	}
	counts := bytes.Fields(b[:nl])
	b = b[nl+1:]
	if len(counts) != 2 {
		return nil, nil, errNotReadable
	}
	entries, err1 := strconv.Atoi(string(counts[0]))
	subtrees, err2 := strconv.Atoi(string(counts[1]))
	if err1 != nil || err2 != nil || entries < -1 || subtrees < 0 || subtrees > len(b) {
		return nil, nil, errNotReadable
	}
	t := &cacheTree{path: name, entries: entries}
	if parent != "" {
		t.path = parent + "/" + name
	}
	if entries >= 0 {
		if len(b) < oidLen {
			return nil, nil, errNotReadable
		}
		copy(t.oid[:], b[:oidLen])
		b = b[oidLen:]
	}
	for range subtrees {
		var c *cacheTree
		var err error
		if c, b, err = parseCacheTree(b, t.path); err != nil {
			return nil, nil, err
		}
		t.children = append(t.children, c)
	}
	return t, b, nil
}

// under returns the entries at rel or below it ("" the whole index), in
// index order.
func (idx *gitIndex) under(rel string) []indexEntry {
	if rel == "" {
		return idx.entries
	}
	// Names sort bytewise; every name below rel starts with rel + "/",
	// which sorts after rel itself and before rel + "0".
	lo := sort.Search(len(idx.entries), func(i int) bool { return idx.entries[i].name >= rel })
	hi := lo
	for hi < len(idx.entries) && idx.entries[hi].name == rel {
		hi++
	}
	start := sort.Search(len(idx.entries), func(i int) bool { return idx.entries[i].name >= rel+"/" })
	end := sort.Search(len(idx.entries), func(i int) bool { return idx.entries[i].name >= rel+"0" })
	if hi == lo {
		return idx.entries[start:end]
	}
	if start != hi {
		// rel is a file and there are names between rel and rel/ (such
		// as "rel.c"): the two ranges are apart.
		out := append([]indexEntry(nil), idx.entries[lo:hi]...)
		return append(out, idx.entries[start:end]...)
	}
	return idx.entries[lo:end]
}

// tracksUnder reports whether the index holds an entry below the
// directory rel.
func (idx *gitIndex) tracksUnder(rel string) bool {
	i := sort.Search(len(idx.entries), func(i int) bool { return idx.entries[i].name >= rel+"/" })
	return i < len(idx.entries) && len(idx.entries[i].name) > len(rel) && idx.entries[i].name[:len(rel)+1] == rel+"/"
}

// coveringTree returns the deepest valid cache-tree node whose directory
// holds rel (a path relative to the top), or nil.
func (idx *gitIndex) coveringTree(rel string) *cacheTree {
	var best *cacheTree
	for t := idx.tree; t != nil; {
		if t.entries >= 0 {
			best = t
		}
		var next *cacheTree
		for _, c := range t.children {
			if rel == c.path || len(rel) > len(c.path) && rel[:len(c.path)] == c.path && rel[len(c.path)] == '/' {
				next = c
				break
			}
		}
		t = next
	}
	return best
}
