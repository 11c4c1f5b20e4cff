package observe

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// MaxWalkEntries bounds the entries one command's blast-radius walk
// visits; past it the walk stops and says so (ObservedTarget.Bound).
const MaxWalkEntries = 100_000

// radius is what a walk found under one target.
type radius struct {
	files, dirs  int
	bytes        int64
	containsRepo bool
	// sizes are the sizes of the files under the target, by path
	// relative to the walk's root, kept only for paths want asks for.
	bound string
}

// osSep is the path separator, as a string.
const osSep = string(filepath.Separator)

// walker walks trees read-only: it never follows a symbolic link, does
// not enter another file system, and stops at a count or at its
// context's deadline.
type walker struct {
	// readDir reads a directory's entries (os.ReadDir); a test may make
	// one unreadable.
	readDir func(string) ([]fs.DirEntry, error)
	// visited counts the entries visited by this command's walks.
	visited int
	// noSizes: each is told a size of 0 and no file is lstat'ed (a walk
	// that only lists names).
	noSizes bool
}

// walk measures the tree at root (a directory; lstat'ed by the caller
// with info), calling each for every file with its size.
func (w *walker) walk(ctx context.Context, root string, info fs.FileInfo, each func(rel string, size int64)) radius {
	var r radius
	dev, hasDev := deviceOf(info)
	type frame struct{ dir, rel string }
	stack := []frame{{filepath.Clean(root), ""}}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		entries, err := w.readDir(f.dir)
		if err != nil {
			r.bound = "could not read " + f.dir + ": " + describe(err).Error()
			return r
		}
		for _, e := range entries {
			w.visited++
			if w.visited > MaxWalkEntries {
				r.bound = fmt.Sprintf("the walk stopped at %d entries (the bound MaxWalkEntries)", MaxWalkEntries)
				return r
			}
			if w.visited%512 == 0 && ctx.Err() != nil {
				r.bound = "the walk " + timeoutError(ctx).Error()
				return r
			}
			// A directory entry's name has no separator and is neither
			// "." nor "..": joined without filepath.Join's Clean (a
			// third of the walk's time), and only where the path is used.
			t := e.Type()
			rel := e.Name()
			if f.rel != "" && (each != nil || t.IsDir()) {
				rel = f.rel + osSep + rel
			}
			switch {
			case t.IsDir():
				if e.Name() == ".git" {
					r.containsRepo = true
					continue
				}
				full := joinName(f.dir, e.Name())
				if hasDev {
					if di, err := os.Lstat(full); err == nil {
						if d, ok := deviceOf(di); ok && d != dev {
							r.bound = "another file system is mounted at " + full + ": it was not walked"
							return r
						}
					}
				}
				r.dirs++
				stack = append(stack, frame{full, rel})
			case t.IsRegular():
				if e.Name() == ".git" { // a worktree's or submodule's gitfile
					r.containsRepo = true
				}
				var size int64
				if w.noSizes {
					// listed by name only
				} else if fi, err := e.Info(); err == nil {
					size = fi.Size()
				}
				r.files++
				r.bytes += size
				if each != nil {
					each(rel, size)
				}
			default: // a symbolic link, device, FIFO or socket: not followed
				r.files++
				if each != nil {
					each(rel, 0)
				}
			}
		}
	}
	return r
}

// joinName is the path of the entry name in the clean directory dir.
func joinName(dir, name string) string {
	if strings.HasSuffix(dir, osSep) { // the root
		return dir + name
	}
	return dir + osSep + name
}

// isPermission reports a permission error.
func isPermission(err error) bool { return errors.Is(err, fs.ErrPermission) }
