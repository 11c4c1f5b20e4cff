//go:build !linux

package observe

import "io/fs"

// statOf is not read here: the index is left to git.
func statOf(fs.FileInfo) (statData, bool) { return statData{}, false }

// syscallNonblock is not needed: nothing is read where statOf says no.
const syscallNonblock = 0

// treeStatter is not built here: the index is left to git (statOf says
// no before a work tree is compared), and openTree refuses.
type treeStatter struct{}

func openTree(string) (*treeStatter, error) { return nil, errNotReadable }

func (*treeStatter) close() {}

func (*treeStatter) lstat(string) (fileStat, error) { return fileStat{}, errNotReadable }
