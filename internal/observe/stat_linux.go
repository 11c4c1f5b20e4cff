//go:build linux

package observe

import (
	"io/fs"
	"syscall"
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
