// Command upstream is the gateway tests' MCP server: a records store over
// stdio whose every tools/call is appended to the file $RECORD_FILE (one
// JSON line: the tool and its arguments) before it answers, so a test can
// show which calls reached it and which never did. At start it appends
// {"pid": PID}, so a test can kill it and watch the gateway restart it.
//
// Its tools: list_records (a read), execute_sql (runs what the sql
// argument says: DROP TABLE is a block), run_command (a shell command
// line), query_rows and strict_rows (SQL, with an outputSchema and
// structured results; strict_rows's allows no other property), zap_everything (a tool no rule
// knows, without annotations: an escalate), tally_items and tidy_items
// (tools no rule knows, annotated read-only and destructive), delete_file (a path argument), add_tool, which
// adds a tool and announces notifications/tools/list_changed,
// count_records, whose result holds an integer past 2^53 and a content
// field mcp-go's types do not know,
// list_locked, which answers with a JSON-RPC error, and list_slowly,
// which answers only by recording its cancellation. With $PAGE_SIZE set
// it lists that many tools a page (tools/list's nextCursor).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var mu sync.Mutex

// newerText is text content with a field mcp-go's types do not have.
type newerText struct {
	mcp.TextContent
	Source string `json:"source"`
}

func record(v any) {
	mu.Lock()
	defer mu.Unlock()
	f, err := os.OpenFile(os.Getenv("RECORD_FILE"), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer f.Close()
	b, _ := json.Marshal(v)
	_, _ = f.Write(append(b, '\n'))
}

func main() {
	record(map[string]any{"pid": os.Getpid()})
	opts := []server.ServerOption{server.WithToolCapabilities(true)}
	if n, err := strconv.Atoi(os.Getenv("PAGE_SIZE")); err == nil {
		opts = append(opts, server.WithPaginationLimit(n))
	}
	s := server.NewMCPServer("records", "1.0.0", opts...)
	handler := func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		record(map[string]any{"tool": req.Params.Name, "arguments": req.Params.Arguments})
		return mcp.NewToolResultText("done: " + req.Params.Name), nil
	}
	s.AddTool(mcp.NewTool("list_records", mcp.WithDescription("List the records."), mcp.WithReadOnlyHintAnnotation(true)), handler)
	s.AddTool(mcp.NewTool("execute_sql", mcp.WithDescription("Run SQL."), mcp.WithString("sql", mcp.Required())), handler)
	s.AddTool(mcp.NewTool("zap_everything", mcp.WithDescription("Zap.")), handler)
	// Two tools no rule knows, whose verdict rests on their annotations:
	// tally_items says it only reads, tidy_items that it destroys.
	s.AddTool(mcp.NewTool("tally_items", mcp.WithDescription("Tally."), mcp.WithReadOnlyHintAnnotation(true), mcp.WithDestructiveHintAnnotation(false)), handler)
	s.AddTool(mcp.NewTool("tidy_items", mcp.WithDescription("Tidy."), mcp.WithReadOnlyHintAnnotation(false), mcp.WithDestructiveHintAnnotation(true)), handler)
	s.AddTool(mcp.NewTool("delete_file", mcp.WithDescription("Delete a file."), mcp.WithString("path", mcp.Required())), handler)
	s.AddTool(mcp.NewTool("run_command", mcp.WithDescription("Run a shell command line."), mcp.WithString("command", mcp.Required())), handler)
	// Tools that declare an outputSchema, as the reference filesystem
	// server's do, and answer with structured content: query_rows's
	// schema takes more properties, strict_rows's none.
	rows := func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		record(map[string]any{"tool": req.Params.Name, "arguments": req.Params.Arguments})
		return mcp.NewToolResultStructured(map[string]any{"rows": []any{}}, "done: "+req.Params.Name), nil
	}
	s.AddTool(mcp.NewTool("query_rows", mcp.WithDescription("Run SQL, returning rows."), mcp.WithString("sql", mcp.Required()), mcp.WithReadOnlyHintAnnotation(true), mcp.WithDestructiveHintAnnotation(false),
		mcp.WithRawOutputSchema(json.RawMessage(`{"type":"object","properties":{"rows":{"type":"array"}},"required":["rows"]}`))), rows)
	s.AddTool(mcp.NewTool("strict_rows", mcp.WithDescription("Run SQL, returning rows."), mcp.WithString("sql", mcp.Required()), mcp.WithReadOnlyHintAnnotation(true), mcp.WithDestructiveHintAnnotation(false),
		mcp.WithRawOutputSchema(json.RawMessage(`{"type":"object","properties":{"rows":{"type":"array"}},"required":["rows"],"additionalProperties":false}`))), rows)
	s.AddTool(mcp.NewTool("add_tool", mcp.WithDescription("Add a tool named by name."), mcp.WithString("name", mcp.Required())),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			record(map[string]any{"tool": req.Params.Name, "arguments": req.Params.Arguments})
			name := req.GetString("name", "")
			s.AddTool(mcp.NewTool(name, mcp.WithDescription("Added.")), handler)
			return mcp.NewToolResultText("added " + name), nil
		})
	s.AddTool(mcp.NewTool("count_records", mcp.WithDescription("Count the records."), mcp.WithReadOnlyHintAnnotation(true)),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			record(map[string]any{"tool": req.Params.Name, "arguments": req.Params.Arguments})
			res := mcp.NewToolResultStructured(json.RawMessage(`{"count": 12345678901234567890}`), "done: count_records")
			// A content field from a newer protocol than mcp-go knows.
			res.Content = []mcp.Content{newerText{TextContent: mcp.NewTextContent("done: count_records"), Source: "index"}}
			return res, nil
		})
	s.AddTool(mcp.NewTool("list_locked", mcp.WithDescription("List, failing: the records are locked."), mcp.WithReadOnlyHintAnnotation(true)),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			record(map[string]any{"tool": req.Params.Name, "arguments": req.Params.Arguments})
			return nil, errors.New("the records are locked")
		})
	s.AddTool(mcp.NewTool("list_slowly", mcp.WithDescription("List, never finishing until cancelled."), mcp.WithReadOnlyHintAnnotation(true)),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			record(map[string]any{"tool": req.Params.Name, "arguments": req.Params.Arguments})
			<-ctx.Done()
			record(map[string]any{"cancelled": req.Params.Name})
			return nil, ctx.Err()
		})
	// A tool whose schemas are written as zod-to-json-schema writes them
	// for the reference filesystem server's tools: draft-07's "$schema",
	// additionalProperties false, and keys mcp-go's schema struct has no
	// field for (a top-level description).
	readText := mcp.NewToolWithRawSchema("read_text_note", "Read a file as text.", json.RawMessage(rawInputSchema))
	readText.RawOutputSchema = json.RawMessage(rawOutputSchema)
	readText.Annotations.ReadOnlyHint = mcp.ToBoolPtr(true)
	s.AddTool(readText, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		record(map[string]any{"tool": req.Params.Name, "arguments": req.Params.Arguments})
		return mcp.NewToolResultStructured(map[string]any{"content": "hello"}, "hello"), nil
	})
	if err := server.ServeStdio(s); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// The schemas of read_text_note: the filesystem server's read_text_file as
// zod-to-json-schema writes them (another name, so that it does not clash
// with the real server beside it in scripts/gateway-check).
const (
	rawInputSchema  = `{"type":"object","properties":{"path":{"type":"string"},"head":{"type":"number","description":"If provided, returns only the first N lines of the file"}},"required":["path"],"additionalProperties":false,"description":"read_text_file arguments","$schema":"http://json-schema.org/draft-07/schema#"}`
	rawOutputSchema = `{"type":"object","properties":{"content":{"type":"string"}},"required":["content"],"additionalProperties":false,"$schema":"http://json-schema.org/draft-07/schema#"}`
)
