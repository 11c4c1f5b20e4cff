package mcpstdio

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
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

// TestServe: both framings are read and answered in kind, a line over
// the bound is answered with a parse error and the next line read, and a
// framed message over it ends the stream with an error.
func TestServe(t *testing.T) {
	frame := func(m string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(m), m) }
	long := `{"x":"` + strings.Repeat("y", 100) + `"}`
	for _, c := range []struct {
		name, input string
		handled     []string
		out         string
		fails       bool
	}{
		{"lines", "\n{\"id\":1}\n  {\"id\":2}  \n", []string{`{"id":1}`, `{"id":2}`}, `{"id":1}` + "\n" + `{"id":2}` + "\n", false},
		{"a last line without newline", `{"id":1}`, []string{`{"id":1}`}, `{"id":1}` + "\n", false},
		{"a line over the bound", long + "\n{\"id\":3}\n", []string{`{"id":3}`},
			`{"error":{"code":-32700,"message":"parse error: a message is too large: over 64 bytes"},"id":null,"jsonrpc":"2.0"}` + "\n" + `{"id":3}` + "\n", false},
		{"framed", "\r\n" + frame("{\"id\":1,\n\"m\":2}") + frame(`{"id":2}`), []string{"{\"id\":1,\n\"m\":2}", `{"id":2}`},
			frame("{\"id\":1,\n\"m\":2}") + frame(`{"id":2}`), false},
		{"framed, lower case", "content-length: 8\r\n\r\n{\"id\":1}", []string{`{"id":1}`}, frame(`{"id":1}`), false},
		{"framed over the bound", frame(long) + frame(`{"id":2}`), nil, "", true},
		{"framed, bad length", "Content-Length: x\r\n\r\n{}", nil, "", true},
		{"framed, cut short", "Content-Length: 20\r\n\r\n{\"id\":1}", nil, "", true},
		{"empty", "", nil, "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out strings.Builder
			w := NewWriter(&out)
			var handled []string
			err := Serve(context.Background(), strings.NewReader(c.input), w, 64, nil, func(msg []byte) {
				handled = append(handled, string(msg))
				_ = w.WriteMessage(msg) // echo, in the stream's framing
			})
			if (err != nil) != c.fails {
				t.Fatalf("Serve: %v, want failure %v", err, c.fails)
			}
			if strings.Join(handled, "|") != strings.Join(c.handled, "|") {
				t.Fatalf("handled %q, want %q", handled, c.handled)
			}
			if !c.fails && out.String() != c.out {
				t.Fatalf("wrote %q, want %q", out.String(), c.out)
			}
		})
	}
}

// TestServeStopsOnContext: Serve returns when ctx is done, even while its
// input is open and silent; a closed writer writes nothing more.
func TestServeStopsOnContext(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	var out strings.Builder
	w := NewWriter(&out)
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, pr, w, 64, nil, func([]byte) {}) }()
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Serve: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return when its context was done")
	}
	w.Close()
	if _, err := w.Write([]byte("{\"id\":1}\n")); err != nil || out.Len() != 0 {
		t.Fatalf("a closed writer wrote %q (%v)", out.String(), err)
	}
}

// TestWriterLines: a server's whole-line writes (mcp-go's stdio server)
// become messages in the stream's framing.
func TestWriterLines(t *testing.T) {
	var out strings.Builder
	w := NewWriter(&out)
	_, _ = w.Write([]byte("{\"id\":1}\n"))
	w.SetFramed(true)
	_, _ = w.Write([]byte("{\"id\":2}\n"))
	if want := "{\"id\":1}\nContent-Length: 8\r\n\r\n{\"id\":2}"; out.String() != want {
		t.Fatalf("wrote %q, want %q", out.String(), want)
	}
}

// FuzzReader: any stream is read without a panic into messages never
// over the bound, never an empty line, and the reading ends.
func FuzzReader(f *testing.F) {
	for _, seed := range []string{
		"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n",
		"Content-Length: 2\r\n\r\n{}Content-Length: 2\r\n\r\n[]",
		"content-length: 99999999999\r\n\r\n",
		"\n\n   \r\n{}\n" + strings.Repeat("x", 100) + "\n{}",
		"Content-Length: 5\r\nContent-Type: application/json\r\n\r\n{\"a\":1}",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, stream []byte) {
		const max = 64
		r := NewReader(bytes.NewReader(stream), max)
		for i := 0; i <= len(stream)+1; i++ {
			msg, err := r.Next()
			// An empty line is skipped; an empty framed message (Content-Length:
			// 0) is the handler's to answer, as any body that is not JSON.
			if len(msg) > max || err == nil && len(msg) == 0 && !r.Framed() {
				t.Fatalf("message %q (%d bytes) with %v", msg, len(msg), err)
			}
			if err != nil && !(errors.Is(err, ErrMessageTooLarge) && !r.Framed()) {
				return
			}
		}
		t.Fatalf("the reading of %d bytes did not end", len(stream))
	})
}
