// Package memlimit reads the memory limit of the cgroup a process runs in
// (a container's, a systemd unit's), so that a long-running service can
// set Go's soft memory limit below it and shed load before the kernel's
// OOM killer ends it.
package memlimit

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Cgroup returns the memory limit of this process's cgroup in bytes, and
// whether there is one: cgroup v2's memory.max, or v1's
// memory.limit_in_bytes, of the group /proc/self/cgroup names (within a
// container's namespace, the root of /sys/fs/cgroup).
func Cgroup() (int64, bool) {
	return cgroupUnder("/sys/fs/cgroup", "/proc/self/cgroup")
}

func cgroupUnder(root, self string) (int64, bool) {
	v2, v1 := groups(self)
	for _, dir := range []string{filepath.Join(root, v2), root} {
		if n, ok := readLimit(filepath.Join(dir, "memory.max")); ok {
			return n, true
		}
	}
	for _, dir := range []string{filepath.Join(root, "memory", v1), filepath.Join(root, "memory")} {
		if n, ok := readLimit(filepath.Join(dir, "memory.limit_in_bytes")); ok {
			return n, true
		}
	}
	return 0, false
}

// groups reads the v2 group ("0::/path") and the v1 memory group
// ("N:memory:/path") from /proc/self/cgroup.
func groups(self string) (v2, v1 string) {
	f, err := os.Open(self)
	if err != nil {
		return "", ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		parts := strings.SplitN(sc.Text(), ":", 3)
		if len(parts) != 3 {
			continue
		}
		switch {
		case parts[0] == "0" && parts[1] == "":
			v2 = parts[2]
		case strings.Contains(","+parts[1]+",", ",memory,"):
			v1 = parts[2]
		}
	}
	return v2, v1
}

// readLimit reads a limit file: a number of bytes, or "max" (none). v1
// writes a huge number for "none": anything from 2^62 on is none.
func readLimit(path string) (int64, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil || n <= 0 || n >= 1<<62 {
		return 0, false
	}
	return n, true
}
