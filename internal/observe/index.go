package observe

import (
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

// gitIndex is a parsed index. Only the names are taken on reading
// (substrings of one copy of the file, for versions 2 and 3); an entry's
// stat data is decoded when asked for (entry), so that a target that
// needs a thousand entries of eighty thousand decodes a thousand.
type gitIndex struct {
	text  string   // the file, less its checksum
	names []string // the entries' names, in index order
	offs  []uint32 // where each entry starts in text
	tree  *cacheTree
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
	var text strings.Builder
	text.Grow(int(info.Size()))
	if _, err := io.Copy(&text, io.LimitReader(f, info.Size())); err != nil {
		return nil, err
	}
	idx, err := parseIndex(text.String())
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

// The fixed part of an entry: ten 32-bit stat fields, the object name,
// the flags.
const (
	entryFixed = 62
	flagsAt    = 60
)

// parseIndex parses an index file's bytes.
func parseIndex(data string) (*gitIndex, error) {
	if len(data) < 12+oidLen || data[:4] != "DIRC" {
		return nil, fmt.Errorf("%w: no DIRC header", errNotReadable)
	}
	version := u32(data, 4)
	if version < 2 || version > 4 {
		return nil, fmt.Errorf("%w: version %d", errNotReadable, version)
	}
	count := u32(data, 8)
	body := data[:len(data)-oidLen] // the checksum is not verified (nor does git, outside fsck)
	// An entry takes at least 62 bytes, plus one byte of name in v4.
	if uint64(count) > uint64(len(body))/63 {
		return nil, fmt.Errorf("%w: %d entries cannot fit in %d bytes", errNotReadable, count, len(body))
	}
	idx := &gitIndex{text: body, names: make([]string, 0, count), offs: make([]uint32, 0, count)}
	off := 12
	prev := ""
	for range count {
		name, next, err := scanEntry(body, off, version, prev)
		if err != nil {
			return nil, err
		}
		if len(idx.names) > 0 && name < prev {
			return nil, fmt.Errorf("%w: entries out of order", errNotReadable)
		}
		idx.names = append(idx.names, name)
		idx.offs = append(idx.offs, uint32(off))
		prev, off = name, next
	}
	for off < len(body) {
		if len(body)-off < 8 {
			return nil, fmt.Errorf("%w: truncated extension", errNotReadable)
		}
		sig := body[off : off+4]
		size := int(u32(body, off+4))
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

// u32 reads a big-endian 32-bit number at off.
func u32(s string, off int) uint32 {
	return uint32(s[off])<<24 | uint32(s[off+1])<<16 | uint32(s[off+2])<<8 | uint32(s[off+3])
}

// scanEntry returns the name of the entry at off and where the next one
// starts; prev is the previous entry's name (version 4 names are
// prefix-compressed against it).
func scanEntry(body string, off int, version uint32, prev string) (string, int, error) {
	if len(body)-off < entryFixed {
		return "", 0, fmt.Errorf("%w: truncated entry", errNotReadable)
	}
	flags := uint16(body[off+flagsAt])<<8 | uint16(body[off+flagsAt+1])
	p := off + entryFixed
	if flags&flagExtended != 0 {
		if version < 3 || len(body) < p+2 {
			return "", 0, fmt.Errorf("%w: an extended entry in version %d", errNotReadable, version)
		}
		p += 2
	}
	if version == 4 {
		strip, n := decodeVarint(body[p:])
		if n == 0 || strip > uint64(len(prev)) {
			return "", 0, fmt.Errorf("%w: a bad name prefix", errNotReadable)
		}
		p += n
		end := strings.IndexByte(body[p:], 0)
		if end < 0 {
			return "", 0, fmt.Errorf("%w: an unterminated name", errNotReadable)
		}
		name := prev[:len(prev)-int(strip)] + body[p:p+end]
		return name, p + end + 1, validName(name)
	}
	end := int(flags & flagNameMask)
	if end == flagNameMask {
		if end = strings.IndexByte(body[p:], 0); end < 0 {
			return "", 0, fmt.Errorf("%w: an unterminated name", errNotReadable)
		}
	} else if p+end >= len(body) || body[p+end] != 0 {
		return "", 0, fmt.Errorf("%w: a name length that does not match the name", errNotReadable)
	}
	name := body[p : p+end]
	// 1 to 8 NULs pad the entry to a multiple of 8 bytes.
	total := (p - off + end + 8) &^ 7
	if off+total > len(body) {
		return "", 0, fmt.Errorf("%w: truncated entry", errNotReadable)
	}
	return name, off + total, validName(name)
}

// entry decodes entry i.
func (idx *gitIndex) entry(i int) indexEntry {
	o := int(idx.offs[i])
	t := idx.text
	e := indexEntry{name: idx.names[i],
		ctimeSec: u32(t, o), ctimeNsec: u32(t, o+4), mtimeSec: u32(t, o+8), mtimeNsec: u32(t, o+12),
		ino: u32(t, o+20), mode: u32(t, o+24), uid: u32(t, o+28), gid: u32(t, o+32), size: u32(t, o+36)}
	copy(e.oid[:], t[o+40:o+60])
	e.flags = uint16(t[o+flagsAt])<<8 | uint16(t[o+flagsAt+1])
	if e.flags&flagExtended != 0 {
		e.extendedFlags = uint16(t[o+entryFixed])<<8 | uint16(t[o+entryFixed+1])
	}
	return e
}

// entries decodes the entries lo to hi.
func (idx *gitIndex) entries(lo, hi int) []indexEntry {
	return idx.appendEntries(make([]indexEntry, 0, hi-lo), lo, hi)
}

// appendEntries appends the entries lo to hi to out.
func (idx *gitIndex) appendEntries(out []indexEntry, lo, hi int) []indexEntry {
	for i := lo; i < hi; i++ {
		out = append(out, idx.entry(i))
	}
	return out
}

// find returns the first entry whose name is >= name.
func (idx *gitIndex) find(name string) int {
	return sort.SearchStrings(idx.names, name)
}

// holds reports whether the index holds name.
func (idx *gitIndex) holds(name string) bool {
	i := idx.find(name)
	return i < len(idx.names) && idx.names[i] == name
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
func decodeVarint(b string) (uint64, int) {
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
func parseCacheTree(b string, parent string) (*cacheTree, string, error) {
	nul := strings.IndexByte(b, 0)
	if nul < 0 {
		return nil, "", errNotReadable
	}
	name := b[:nul]
	b = b[nul+1:]
	nl := strings.IndexByte(b, '\n')
	if nl < 0 {
		return nil, "", errNotReadable
	}
	counts := strings.Fields(b[:nl])
	b = b[nl+1:]
	if len(counts) != 2 {
		return nil, "", errNotReadable
	}
	entries, err1 := strconv.Atoi(counts[0])
	subtrees, err2 := strconv.Atoi(counts[1])
	if err1 != nil || err2 != nil || entries < -1 || subtrees < 0 || subtrees > len(b) {
		return nil, "", errNotReadable
	}
	t := &cacheTree{path: name, entries: entries}
	if parent != "" {
		t.path = parent + "/" + name
	}
	if len(t.path) > 4096 {
		return nil, "", errNotReadable // deeper than any path git writes
	}
	if entries >= 0 {
		if len(b) < oidLen {
			return nil, "", errNotReadable
		}
		copy(t.oid[:], b[:oidLen])
		b = b[oidLen:]
	}
	for range subtrees {
		var c *cacheTree
		var err error
		if c, b, err = parseCacheTree(b, t.path); err != nil {
			return nil, "", err
		}
		t.children = append(t.children, c)
	}
	return t, b, nil
}

// under decodes the entries at rel or below it ("" the whole index), in
// index order.
func (idx *gitIndex) under(rel string) []indexEntry {
	if rel == "" {
		return idx.entries(0, len(idx.names))
	}
	// Names sort bytewise; every name below rel starts with rel + "/",
	// which sorts after rel itself and before rel + "0". Between rel and
	// rel + "/" may lie others ("rel.c").
	lo1, hi1 := idx.find(rel), idx.find(rel+"\x00")
	lo2, hi2 := idx.find(rel+"/"), idx.find(rel+"0")
	out := make([]indexEntry, 0, hi1-lo1+hi2-lo2)
	return idx.appendEntries(idx.appendEntries(out, lo1, hi1), lo2, hi2)
}

// tracksUnder reports whether the index holds an entry below the
// directory rel.
func (idx *gitIndex) tracksUnder(rel string) bool {
	return idx.find(rel+"0") > idx.find(rel+"/")
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
