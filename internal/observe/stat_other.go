//go:build !unix

package observe

import "io/fs"

// deviceOf is not known here: the walk does not tell file systems apart.
func deviceOf(fs.FileInfo) (uint64, bool) { return 0, false }

// ownerOf is not known here.
func ownerOf(fs.FileInfo) int { return -1 }
