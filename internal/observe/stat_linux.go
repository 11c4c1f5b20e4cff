//go:build linux

package observe

import (
	"io/fs"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// syscallNonblock opens a file without waiting for a writer (a FIFO
// put where a regular file was seen).
const syscallNonblock = syscall.O_NONBLOCK

// statOf is the stat data git keeps of a file in its index, where the
// system gives it (Linux); ok false elsewhere, and git is asked instead.
func statOf(info fs.FileInfo) (statData, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return statData{}, false
	}
	return statData{
		ctimeSec: uint32(st.Ctim.Sec), ctimeNsec: uint32(st.Ctim.Nsec),
		mtimeSec: uint32(st.Mtim.Sec), mtimeNsec: uint32(st.Mtim.Nsec),
		ino: uint32(st.Ino), uid: st.Uid, gid: st.Gid, size: uint32(st.Size),
	}, true
}

// treeStatter lstats the files of one work tree by their index names,
// each relative to an open descriptor of the directory that holds it
// (fstatat with AT_SYMLINK_NOFOLLOW): the kernel then resolves one
// component per file instead of the whole path, which is most of what an
// lstat costs (about 4.5 µs by full path on the machine measured, in
// docs/performance.md). It keeps the descriptors of the directories from
// the top to the current one open, each opened from its parent with
// O_PATH|O_NOFOLLOW|O_DIRECTORY, so that the index order (a directory's
// entries are contiguous) opens each directory once. A directory that is
// a symbolic link is not entered: its entries are not found, as git's
// own refresh (read-cache.c, has_symlink_leading_path) finds a tracked
// file behind a symbolic link missing. Not safe for concurrent use: one
// per worker.
type treeStatter struct {
	topFD int
	// cur is the directory whose descriptor is last in fds ("" the
	// top); names are the components of cur, one per descriptor.
	cur   string
	names []string
	fds   []int
	// failed is a directory that could not be opened, and why.
	failed    string
	failedErr error
}

// dirFlags open a directory only to name files relative to it.
const dirFlags = unix.O_PATH | unix.O_DIRECTORY | unix.O_NOFOLLOW | unix.O_CLOEXEC

// openTree opens the work tree at top for lstat by index name.
func openTree(top string) (*treeStatter, error) {
	fd, err := unix.Open(top, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: top, Err: err}
	}
	return &treeStatter{topFD: fd}, nil
}

// close closes every descriptor the statter holds.
func (t *treeStatter) close() {
	for _, fd := range t.fds {
		unix.Close(fd)
	}
	t.fds, t.names, t.cur = nil, nil, ""
	unix.Close(t.topFD)
}

// lstat returns what lstat would of the file name (an index name,
// slash-separated, relative to the top).
func (t *treeStatter) lstat(name string) (fileStat, error) {
	dir, base := "", name
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		dir, base = name[:i], name[i+1:]
	}
	fd, err := t.dirFD(dir)
	if err != nil {
		return fileStat{}, err
	}
	var st unix.Stat_t
	if err := unix.Fstatat(fd, base, &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
		return fileStat{}, err
	}
	return fileStat{
		mode: st.Mode, size: st.Size,
		sd: statData{
			ctimeSec: uint32(st.Ctim.Sec), ctimeNsec: uint32(st.Ctim.Nsec),
			mtimeSec: uint32(st.Mtim.Sec), mtimeNsec: uint32(st.Mtim.Nsec),
			ino: uint32(st.Ino), uid: st.Uid, gid: st.Gid, size: uint32(st.Size),
		},
	}, nil
}

// dirFD returns a descriptor of the directory dir ("" the top), opening
// it component by component from the deepest open ancestor.
func (t *treeStatter) dirFD(dir string) (int, error) {
	if dir == t.cur {
		return t.last(), nil
	}
	if t.failed != "" && (dir == t.failed || strings.HasPrefix(dir, t.failed+"/")) {
		return -1, t.failedErr
	}
	for t.cur != "" && dir != t.cur && !strings.HasPrefix(dir, t.cur+"/") {
		unix.Close(t.fds[len(t.fds)-1])
		t.fds, t.names = t.fds[:len(t.fds)-1], t.names[:len(t.names)-1]
		t.cur = t.cur[:max(strings.LastIndexByte(t.cur, '/'), 0)]
	}
	rest := strings.TrimPrefix(strings.TrimPrefix(dir, t.cur), "/")
	for rest != "" {
		comp, after, _ := strings.Cut(rest, "/")
		fd, err := unix.Openat(t.last(), comp, dirFlags, 0)
		if err != nil {
			t.failed, t.failedErr = comp, err
			if t.cur != "" {
				t.failed = t.cur + "/" + comp
			}
			return -1, err
		}
		t.fds, t.names = append(t.fds, fd), append(t.names, comp)
		if t.cur == "" {
			t.cur = comp
		} else {
			t.cur += "/" + comp
		}
		rest = after
	}
	return t.last(), nil
}

// last is the descriptor of cur.
func (t *treeStatter) last() int {
	if len(t.fds) == 0 {
		return t.topFD
	}
	return t.fds[len(t.fds)-1]
}
