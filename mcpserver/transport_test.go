package mcpserver

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"testing"
)

// TestReadLine: lines up to the bound are read whole, however the
// reader's buffer splits them; a longer one is an error and skipped, and
// the next line is read.
func TestReadLine(t *testing.T) {
	const max = 40
	long := strings.Repeat("x", 100)
	for _, c := range []struct {
		name  string
		input string
		want  []string // each line read, or "!" for ErrMessageTooLarge
	}{
		{"short lines", "a\nbb\n", []string{"a\n", "bb\n"}},
		{"at the bound", strings.Repeat("y", max-1) + "\nz\n", []string{strings.Repeat("y", max-1) + "\n", "z\n"}},
		{"over the bound, then a line", long + "\nnext\n", []string{"!", "next\n"}},
		{"just over the bound", strings.Repeat("y", max) + "\nnext\n", []string{"!", "next\n"}},
		{"over the bound at the end", "first\n" + long, []string{"first\n", "!"}},
		{"a last line without newline", "a\nlast", []string{"a\n", "last"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := bufio.NewReaderSize(strings.NewReader(c.input), 16) // lines span buffers
			var got []string
			for {
				line, err := ReadLine(r, max)
				switch {
				case errors.Is(err, ErrMessageTooLarge):
					got = append(got, "!")
					continue
				case len(line) > 0:
					got = append(got, string(line))
				}
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			if strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Fatalf("read %q, want %q", got, c.want)
			}
		})
	}
}
