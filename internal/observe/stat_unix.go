//go:build unix

package observe

import (
	"io/fs"
	"syscall"
)

// deviceOf is the device a file lies on, where the system says.
func deviceOf(info fs.FileInfo) (uint64, bool) {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Dev), true //nolint:unconvert // int32 on darwin
	}
	return 0, false
}

// ownerOf is a file's owner's user id, or -1.
func ownerOf(info fs.FileInfo) int {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return int(st.Uid)
	}
	return -1
}
