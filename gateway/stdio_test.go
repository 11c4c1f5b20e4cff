package gateway

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/recourse-dev/recourse/internal/mcpstdio"
	"github.com/recourse-dev/recourse/mcpserver"
)

// stdioSession is a client that writes JSON-RPC lines to ServeStdio and
// reads its answers, as an agent's host does over the process's stdio.
type stdioSession struct {
	t       *testing.T
	in      *io.PipeWriter
	answers chan map[string]json.RawMessage
}

func serveStdio(t *testing.T, f *fixture) *stdioSession {
	t.Helper()
	return serveStdioUpTo(t, f, mcpserver.MaxMessageBytes)
}

// serveStdioUpTo is serveStdio reading messages of at most maxLine bytes.
func serveStdioUpTo(t *testing.T, f *fixture, maxLine int) *stdioSession {
	t.Helper()
	in, out, _ := serveOverPipes(t, f.g, maxLine)
	s := &stdioSession{t: t, in: in, answers: make(chan map[string]json.RawMessage, 100)}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			var m map[string]json.RawMessage
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				t.Errorf("the gateway wrote %q: %v", sc.Text(), err)
			}
			s.answers <- m
		}
	}()
	s.send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	s.next()
	s.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return s
}

func (s *stdioSession) send(line string) {
	s.t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		s.t.Fatal(err)
	}
}

// next is the gateway's next message, notifications skipped.
func (s *stdioSession) next() map[string]json.RawMessage {
	s.t.Helper()
	for {
		select {
		case m := <-s.answers:
			if _, ok := m["id"]; ok {
				return m
			}
		case <-time.After(10 * time.Second):
			s.t.Fatal("no answer")
		}
	}
}

// TestStdioShortcut shows the calls ServeStdio answers itself and those
// it leaves to mcp-go's server, through the answers a client reads: the
// shortcut echoes an id as written (mcp-go's server reads a number as a
// float and writes 12345678901234567890 back as 12345678901234567000).
func TestStdioShortcut(t *testing.T) {
	f := start(t, map[string]string{"records": ""})
	s := serveStdio(t, f)
	const bigID = `12345678901234567890`
	cases := []struct {
		name     string
		line     string
		id       string // the id the answer carries
		result   string // in the answer's result, or "" for an error answer
		received []string
	}{
		{"a read is forwarded by the shortcut", `{"jsonrpc":"2.0","id":` + bigID + `,"method":"tools/call","params":{"name":"list_records","arguments":{}}}`,
			bigID, `done: list_records`, []string{"list_records"}},
		{"the upstream's result as it wrote it", `{"jsonrpc":"2.0","id":` + bigID + `,"method":"tools/call","params":{"name":"count_records"}}`,
			bigID, `"source":"index"`, []string{"count_records"}},
		{"a string id", `{"jsonrpc":"2.0","id":"call-1","method":"tools/call","params":{"name":"list_records"}}`,
			`"call-1"`, `done: list_records`, []string{"list_records"}},
		{"a block is refused by the shortcut", `{"jsonrpc":"2.0","id":` + bigID + `,"method":"tools/call","params":{"name":"execute_sql","arguments":{"sql":"DROP TABLE users"}}}`,
			bigID, `"kind":"blocked"`, nil},
		{"arguments that are not an object", `{"jsonrpc":"2.0","id":` + bigID + `,"method":"tools/call","params":{"name":"list_records","arguments":[1]}}`,
			bigID, `"kind":"invalid_argument"`, nil},
		{"an escalate goes to mcp-go's server, which has the session", `{"jsonrpc":"2.0","id":` + bigID + `,"method":"tools/call","params":{"name":"zap_everything","arguments":{"scope":"s"}}}`,
			`12345678901234567000`, `"kind":"needs_approval"`, nil},
		{"an unknown tool goes to mcp-go's server", `{"jsonrpc":"2.0","id":` + bigID + `,"method":"tools/call","params":{"name":"no_such_tool","arguments":{}}}`,
			`12345678901234567000`, "", nil},
		{"the status tool goes to mcp-go's server", `{"jsonrpc":"2.0","id":` + bigID + `,"method":"tools/call","params":{"name":"` + StatusTool + `"}}`,
			`12345678901234567000`, `restarts`, nil},
		{"a protocol 2026-07-28 call goes to mcp-go's server", `{"jsonrpc":"2.0","id":` + bigID + `,"method":"tools/call","params":{"name":"list_records","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"raw","version":"1"}}}}`,
			`12345678901234567000`, `done: list_records`, []string{"list_records"}},
		{"a call answering a question goes to mcp-go's server", `{"jsonrpc":"2.0","id":` + bigID + `,"method":"tools/call","params":{"name":"list_records","requestState":"0123456789abcdef0123456789abcdef"}}`,
			`12345678901234567000`, `done: list_records`, []string{"list_records"}},
		{"a task-augmented call goes to mcp-go's server", `{"jsonrpc":"2.0","id":` + bigID + `,"method":"tools/call","params":{"name":"list_records","task":{"ttl":1000}}}`,
			`12345678901234567000`, `done: list_records`, []string{"list_records"}},
		{"a malformed line goes to mcp-go's server", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":`,
			`null`, "", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s.t = t
			before := len(f.received(t, "records"))
			s.send(tc.line)
			m := s.next()
			if string(m["id"]) != tc.id {
				t.Errorf("id %s, want %s", m["id"], tc.id)
			}
			switch {
			case tc.result == "" && m["error"] == nil:
				t.Errorf("no error answer: %v", m)
			case tc.result != "" && !strings.Contains(string(m["result"]), tc.result):
				t.Errorf("result %s, want one with %s (%s)", m["result"], tc.result, m["error"])
			}
			if got := f.received(t, "records")[before:]; !slices.Equal(got, tc.received) {
				t.Errorf("the upstream received %v, want %v", got, tc.received)
			}
		})
	}
}

// TestStdioCallsInFlight: many calls at once, answered by the shortcut
// and by mcp-go's server, each get their own answer.
func TestStdioCallsInFlight(t *testing.T) {
	f := start(t, map[string]string{"records": ""})
	s := serveStdio(t, f)
	want := map[string]bool{}
	for i := range 60 {
		tool := []string{"list_records", "zap_everything", "execute_sql"}[i%3]
		s.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":"c%d","method":"tools/call","params":{"name":%q,"arguments":{"sql":"SELECT 1"}}}`, i, tool))
		want[fmt.Sprintf(`"c%d"`, i)] = tool == "list_records" || tool == "execute_sql"
	}
	for range 60 {
		m := s.next()
		id := string(m["id"])
		forwarded, ok := want[id]
		if !ok {
			t.Fatalf("an answer to %s, twice or never asked", id)
		}
		delete(want, id)
		if got := !strings.Contains(string(m["result"]), `"isError":true`); got != forwarded {
			t.Errorf("%s: forwarded %v, want %v: %s", id, got, forwarded, m["result"])
		}
	}
}

// TestStdioIDReusedOnceAnswered: a client may use an id again as soon as
// it has the answer; the shortcut has freed it by then, so the call is
// its own (its id comes back as written) rather than a duplicate left to
// mcp-go's server.
func TestStdioIDReusedOnceAnswered(t *testing.T) {
	f := start(t, map[string]string{"records": ""})
	s := serveStdio(t, f)
	const id = `12345678901234567890`
	for range 100 {
		s.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"list_records"}}`)
		if m := s.next(); string(m["id"]) != id {
			t.Fatalf("answered with id %s: %s", m["id"], m)
		}
	}
}

func TestIDKey(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{`1`, ` 1 `, true},
		{`"a b"`, `"a b"`, true},
		{`"a b"`, `"ab"`, false},
		{`1`, `"1"`, false},
		{`{"k": 1}`, `{"k":1}`, true},
	} {
		if got := idKey(json.RawMessage(c.a)) == idKey(json.RawMessage(c.b)); got != c.same {
			t.Errorf("idKey(%s) == idKey(%s): %v, want %v", c.a, c.b, got, c.same)
		}
	}
}

// TestStdioLineTooLong: a message over the bound is not held; it is
// answered with a parse error, and the next is read as usual.
func TestStdioLineTooLong(t *testing.T) {
	f := start(t, map[string]string{"records": ""})
	s := serveStdioUpTo(t, f, 4096)
	s.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_records","arguments":{"q":"` + strings.Repeat("x", 5000) + `"}}}`)
	m := s.next()
	if string(m["id"]) != "null" || !strings.Contains(string(m["error"]), `"code":-32700`) || !strings.Contains(string(m["error"]), "over 4096 bytes") {
		t.Fatalf("%v", m)
	}
	s.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"list_records"}}`)
	if m := s.next(); string(m["id"]) != "2" || !strings.Contains(string(m["result"]), "done: list_records") {
		t.Fatalf("%v", m)
	}
	if got := f.received(t, "records"); !slices.Equal(got, []string{"list_records"}) {
		t.Fatalf("the upstream received %v", got)
	}
}

// TestStdioFraming: the gateway's stdio is the transport of `recourse mcp
// serve` (internal/mcpstdio): a client that frames its messages with
// Content-Length headers, a message spread over lines included, is
// answered in kind, by mcp-go's server (initialize) and by the shortcut
// (a forwarded call) alike.
func TestStdioFraming(t *testing.T) {
	f := start(t, map[string]string{"records": ""})
	in, out, _ := serveOverPipes(t, f.g, mcpserver.MaxMessageBytes)
	r := mcpstdio.NewReader(out, mcpserver.MaxMessageBytes)
	send := func(m string) {
		t.Helper()
		if _, err := fmt.Fprintf(in, "Content-Length: %d\r\n\r\n%s", len(m), m); err != nil {
			t.Fatal(err)
		}
	}
	next := func() map[string]json.RawMessage {
		t.Helper()
		for {
			msg, err := r.Next()
			if err != nil {
				t.Fatal(err)
			}
			if !r.Framed() {
				t.Fatalf("an answer without Content-Length: %s", msg)
			}
			var m map[string]json.RawMessage
			if err := json.Unmarshal(msg, &m); err != nil {
				t.Fatalf("%q: %v", msg, err)
			}
			if _, ok := m["id"]; ok {
				return m
			}
		}
	}
	send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\n \"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"framed\",\"version\":\"1\"}}}")
	if m := next(); !strings.Contains(string(m["result"]), "recourse-gateway") {
		t.Fatalf("initialize: %v", m)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_records","arguments":{}}}`)
	if m := next(); string(m["id"]) != "1" || !strings.Contains(string(m["result"]), "done: list_records") {
		t.Fatalf("the call: %v", m)
	}
}
