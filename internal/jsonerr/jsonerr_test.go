package jsonerr

import "testing"

func TestPosition(t *testing.T) {
	data := []byte("ab\ncd\nef")
	for _, tt := range []struct {
		off       int64
		line, col int
	}{{0, 1, 1}, {1, 1, 1}, {3, 2, 1}, {5, 2, 2}, {8, 3, 2}, {99, 3, 2}} {
		l, c := Position(data, tt.off)
		if l != tt.line || c != tt.col {
			t.Errorf("offset %d: %d:%d, want %d:%d", tt.off, l, c, tt.line, tt.col)
		}
	}
}
