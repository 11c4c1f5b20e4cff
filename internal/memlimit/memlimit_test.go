package memlimit

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCgroupUnder(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  int64
		ok    bool
	}{
		{"v2 group", map[string]string{"self": "0::/app.slice/recourse.service\n", "fs/app.slice/recourse.service/memory.max": "1073741824\n"}, 1 << 30, true},
		{"v2 namespace root", map[string]string{"self": "0::/\n", "fs/memory.max": "536870912\n"}, 1 << 29, true},
		{"v2 no limit", map[string]string{"self": "0::/\n", "fs/memory.max": "max\n"}, 0, false},
		{"v1", map[string]string{"self": "4:memory:/docker/abc\n1:cpu,cpuacct:/docker/abc\n", "fs/memory/docker/abc/memory.limit_in_bytes": "268435456\n"}, 1 << 28, true},
		{"v1 unlimited", map[string]string{"self": "4:memory:/\n", "fs/memory/memory.limit_in_bytes": "9223372036854771712\n"}, 0, false},
		{"nothing", map[string]string{}, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, content := range tt.files {
				p := filepath.Join(dir, name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got, ok := cgroupUnder(filepath.Join(dir, "fs"), filepath.Join(dir, "self"))
			if got != tt.want || ok != tt.ok {
				t.Fatalf("%d %v, want %d %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}
