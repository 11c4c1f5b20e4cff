package observe

import (
	"bytes"
	"context"
	"crypto/sha1"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
)

// Comparing index entries with the work tree the way git status does
// (read-cache.c ie_match_stat and ie_modified, git/git@v2.39.5), but
// read-only and without running anything: a change of type or of the
// executable bit, or of size against a size the index knows, is a
// modification; any other difference of stat data (times, inode, owner),
// and an entry written in the same second as the index (racily clean),
// is settled by hashing the file as a blob and comparing the object name.
// Git would pass the file through the repository's clean filters and
// line-ending conversion first; this comparison does not, so a file
// whose bytes differ only by such a conversion counts as modified — an
// error towards caution, never towards a lower tier. A file whose bytes
// hash to the index's object (equal, when the cache tree shows, to the
// committed one) is recoverable from git whatever the filters say.

// statData is the stat data the index records of a file.
type statData struct {
	ctimeSec, ctimeNsec uint32
	mtimeSec, mtimeNsec uint32
	ino, uid, gid, size uint32
}

// maxContentCompare bounds the bytes one observation hashes to settle
// stat-dirty and racily clean entries; past it they count as modified.
const maxContentCompare = 32 << 20

// Git's file modes in the index.
const (
	modeTypeMask = 0o170000
	modeRegular  = 0o100000
	modeSymlink  = 0o120000
	modeGitlink  = 0o160000
)

// worktreeMatcher compares entries of one index with the files of the
// work tree at top.
type worktreeMatcher struct {
	top string
	idx *gitIndex
	mu  sync.Mutex
	// budget is what may still be hashed.
	budget int64
}

func newMatcher(top string, idx *gitIndex) *worktreeMatcher {
	return &worktreeMatcher{top: top, idx: idx, budget: maxContentCompare}
}

// fileStat is what lstat says of a work-tree file: its mode (st_mode,
// whose type bits are git's), its size and the stat data the index keeps.
type fileStat struct {
	mode uint32
	size int64
	sd   statData
}

// modifiedEntries returns, in index order, the entries whose work-tree
// file differs from the index (or is gone); ok is false when ctx ended
// first or the work tree could not be opened. It lstats in parallel
// when there are many, each worker a contiguous run of the index (so
// that it opens each directory once; treeStatter).
func (m *worktreeMatcher) modifiedEntries(ctx context.Context, entries []indexEntry) ([]int, bool) {
	changed := make([]bool, len(entries))
	var failed atomic.Bool
	compare := func(start, end int) {
		t, err := openTree(m.top)
		if err != nil {
			failed.Store(true)
			return
		}
		defer t.close()
		for i := start; i < end; i++ {
			if (i-start)%256 == 0 && ctx.Err() != nil {
				return
			}
			changed[i] = m.modified(t, &entries[i])
		}
	}
	workers := min(runtime.GOMAXPROCS(0), 4)
	if len(entries) < 2048 || workers < 2 {
		compare(0, len(entries))
	} else {
		var wg sync.WaitGroup
		chunk := (len(entries) + workers - 1) / workers
		for start := 0; start < len(entries); start += chunk {
			wg.Go(func() { compare(start, min(start+chunk, len(entries))) })
		}
		wg.Wait()
	}
	if ctx.Err() != nil || failed.Load() {
		return nil, false
	}
	var out []int
	for i, c := range changed {
		if c {
			out = append(out, i)
		}
	}
	return out, true
}

// modified reports whether e's file in the work tree differs from the
// index.
func (m *worktreeMatcher) modified(t *treeStatter, e *indexEntry) bool {
	st, err := t.lstat(e.name)
	if err != nil {
		return true // gone, unreadable or behind a symbolic link: git lists it as deleted
	}
	switch e.mode & modeTypeMask {
	case modeRegular:
		if st.mode&modeTypeMask != modeRegular || e.mode&0o100 != st.mode&0o100 {
			return true
		}
	case modeSymlink:
		if st.mode&modeTypeMask != modeSymlink {
			return true
		}
	default:
		return true // a gitlink is left to git before this is asked
	}
	sd := st.sd
	if sd.size != e.size && e.size != 0 {
		return true
	}
	same := sd == statData{e.ctimeSec, e.ctimeNsec, e.mtimeSec, e.mtimeNsec, e.ino, e.uid, e.gid, e.size} ||
		e.mtimeNsec == 0 && e.ctimeNsec == 0 && // an index written without nanoseconds
			sd.mtimeSec == e.mtimeSec && sd.ctimeSec == e.ctimeSec && sd.ino == e.ino && sd.uid == e.uid && sd.gid == e.gid && sd.size == e.size
	racy := int64(e.mtimeSec) >= m.idx.mtimeSec
	if same && !racy {
		return false
	}
	return !m.sameContent(filepath.Join(m.top, filepath.FromSlash(e.name)), e, st)
}

// sameContent reports whether the file at full, seen as st, hashes, as
// a blob, to e's object name, within the budget. A file whose stat data
// changed since st was taken counts as different.
func (m *worktreeMatcher) sameContent(full string, e *indexEntry, st fileStat) bool {
	info, err := os.Lstat(full)
	if err != nil {
		return false
	}
	if sd, ok := statOf(info); !ok || sd != st.sd {
		return false
	}
	size := info.Size()
	m.mu.Lock()
	if size > m.budget {
		m.mu.Unlock()
		return false
	}
	m.budget -= size
	m.mu.Unlock()
	var data []byte
	if info.Mode()&fs.ModeSymlink != 0 {
		target, err := os.Readlink(full)
		if err != nil {
			return false
		}
		data = []byte(target)
	} else {
		if data, err = readRegular(full, info, size); err != nil {
			return false
		}
	}
	h := sha1.New()
	h.Write([]byte("blob " + strconv.Itoa(len(data)) + "\x00"))
	h.Write(data)
	return bytes.Equal(h.Sum(nil), e.oid[:])
}

// readRegular reads the regular file seen as info, refusing one that
// was replaced (it must not block on a FIFO put in its place).
func readRegular(full string, info fs.FileInfo, size int64) ([]byte, error) {
	f, err := os.OpenFile(full, os.O_RDONLY|syscallNonblock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if opened, err := f.Stat(); err != nil || !opened.Mode().IsRegular() || !os.SameFile(info, opened) {
		return nil, errors.New("changed while it was read")
	}
	return io.ReadAll(io.LimitReader(f, size+1))
}
