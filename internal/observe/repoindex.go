package observe

import (
	"bytes"
	"compress/zlib"
	"context"
	"crypto/sha1"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// The index and HEAD of a repository, read once and kept for as long as
// they stay the same.

// cachedIndex is a parsed index and the file it was read from.
type cachedIndex struct {
	info os.FileInfo
	idx  *gitIndex
}

// maxKeptTrees bounds the remembered trees of commits.
const maxKeptTrees = 256

// index returns the parsed index of the work tree at top, re-read when
// the file changed; ok is false when git must read it (see
// indexStatus).
func (g *gitRunner) index(top string) (*gitIndex, bool) {
	gitDir := filepath.Join(top, ".git")
	if info, err := os.Lstat(gitDir); err != nil || !info.IsDir() {
		return nil, false // a worktree's or submodule's gitfile
	}
	if !plainRepoConfig(gitDir) {
		return nil, false
	}
	file := filepath.Join(gitDir, "index")
	info, err := os.Stat(file)
	if err != nil {
		return nil, false
	}
	if _, ok := statOf(info); !ok {
		return nil, false
	}
	g.mu.Lock()
	c, ok := g.indexes[file]
	g.mu.Unlock()
	if ok && os.SameFile(c.info, info) && c.info.ModTime().Equal(info.ModTime()) && c.info.Size() == info.Size() {
		return c.idx, true
	}
	idx, err := readIndex(file)
	if err != nil {
		return nil, false
	}
	g.mu.Lock()
	if g.indexes == nil {
		g.indexes = map[string]cachedIndex{}
	}
	clear(g.indexes) // one repository's at a time is what a command needs
	g.indexes[file] = cachedIndex{info: info, idx: idx}
	g.mu.Unlock()
	return idx, true
}

// plainRepoConfig reports whether the repository's own configuration
// leaves the index to this reader: not a SHA-256 repository (other
// object names), not a split index (core.splitIndex) and not one whose
// configuration includes other files (which may say either).
func plainRepoConfig(gitDir string) bool {
	data, err := os.ReadFile(filepath.Join(gitDir, "config"))
	if err != nil {
		return os.IsNotExist(err)
	}
	lower := bytes.ToLower(data)
	for _, word := range []string{"objectformat", "splitindex", "[include", "[includeif"} {
		if bytes.Contains(lower, []byte(word)) {
			return false
		}
	}
	return true
}

// indexMatchesHead reports whether the index holds, at and below rel
// ("" the top), exactly what HEAD's commit does: no staged change, so
// that git status's first column would be blank there. The cache tree
// (the index's TREE extension) gives the tree the index would write for
// the deepest directory holding rel that no change since invalidated;
// it is compared with that directory's tree in HEAD, which one `git
// rev-parse` (no index read) gives, remembered by commit. When the whole
// index is unchanged since a commit whose object is loose (the usual
// state after committing), the commit is read in Go and no process runs.
func (g *gitRunner) indexMatchesHead(ctx context.Context, top string, idx *gitIndex, rel string) bool {
	commit, ok := headCommit(filepath.Join(top, ".git"))
	if !ok {
		return false
	}
	// Nothing staged anywhere: the commit's own tree says so, read
	// without a process where the commit is a loose object.
	if root := idx.tree; root != nil && root.entries >= 0 {
		if tree, ok := looseCommitTree(filepath.Join(top, ".git"), commit); ok && tree == hex.EncodeToString(root.oid[:]) {
			return true
		}
	}
	node := idx.coveringTree(rel)
	if node == nil || strings.ContainsAny(node.path, "^~{}:@\\\n") {
		return false
	}
	key := commit + ":" + node.path
	g.mu.Lock()
	tree, ok := g.trees[key]
	g.mu.Unlock()
	if !ok {
		rev := commit + "^{tree}"
		if node.path != "" {
			rev = commit + ":" + node.path
		}
		out, err := g.runPlain(ctx, top, nil, "rev-parse", "--verify", "-q", rev)
		if err != nil {
			return false
		}
		tree = strings.TrimSpace(string(out))
		g.mu.Lock()
		if g.trees == nil || len(g.trees) >= maxKeptTrees {
			g.trees = map[string]string{}
		}
		g.trees[key] = tree
		g.mu.Unlock()
	}
	return tree == hex.EncodeToString(node.oid[:])
}

// headCommit returns the object name HEAD names, read from .git/HEAD
// and the ref it points to (a loose ref or packed-refs); ok is false
// where git's own reading is needed (a symbolic ref to another symbolic
// ref, a reftable, no commit yet).
func headCommit(gitDir string) (string, bool) {
	head, err := os.ReadFile(filepath.Join(gitDir, "HEAD"))
	if err != nil {
		return "", false
	}
	s := strings.TrimSpace(string(head))
	ref, symbolic := strings.CutPrefix(s, "ref: ")
	if !symbolic {
		return s, isOID(s)
	}
	if !strings.HasPrefix(ref, "refs/heads/") || strings.Contains(ref, "..") {
		return "", false
	}
	if data, err := os.ReadFile(filepath.Join(gitDir, filepath.FromSlash(ref))); err == nil {
		oid := strings.TrimSpace(string(data))
		return oid, isOID(oid)
	} else if !os.IsNotExist(err) {
		return "", false
	}
	packed, err := os.ReadFile(filepath.Join(gitDir, "packed-refs"))
	if err != nil {
		return "", false
	}
	for line := range strings.SplitSeq(string(packed), "\n") {
		if oid, name, ok := strings.Cut(line, " "); ok && name == ref {
			return oid, isOID(oid)
		}
	}
	return "", false
}

// isOID reports a SHA-1 object name in hex.
func isOID(s string) bool {
	if len(s) != 2*oidLen {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// maxLooseCommit bounds the loose commit object read.
const maxLooseCommit = 1 << 20

// looseCommitTree returns the tree of the commit oid where it is a loose
// object (.git/objects/xx/…, zlib-compressed "commit SIZE\0" and the
// commit, whose first line is "tree OID"), checked against its name;
// ok is false otherwise (a packed commit: git rev-parse reads it).
func looseCommitTree(gitDir, oid string) (string, bool) {
	f, err := os.Open(filepath.Join(gitDir, "objects", oid[:2], oid[2:]))
	if err != nil {
		return "", false
	}
	defer f.Close()
	z, err := zlib.NewReader(f)
	if err != nil {
		return "", false
	}
	data, err := io.ReadAll(io.LimitReader(z, maxLooseCommit))
	if err != nil {
		return "", false
	}
	if sum := sha1.Sum(data); hex.EncodeToString(sum[:]) != oid {
		return "", false
	}
	header, body, ok := bytes.Cut(data, []byte{0})
	if !ok || !bytes.HasPrefix(header, []byte("commit ")) || strconv.Itoa(len(body)) != string(header[len("commit "):]) {
		return "", false
	}
	line, _, _ := bytes.Cut(body, []byte{'\n'})
	tree, ok := bytes.CutPrefix(line, []byte("tree "))
	if !ok || !isOID(string(tree)) {
		return "", false
	}
	return string(tree), true
}
