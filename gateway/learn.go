package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/recourse-dev/recourse/internal/redact"
)

// ListLimits bound ListTools.
type ListLimits struct {
	// Startup bounds starting and initialising the server.
	Startup context.Context
	// List bounds tools/list, every page of it.
	List context.Context
	// MaxTools and MaxBytes cap the tools read and their JSON size; past
	// either, ListTools fails rather than return part of a list.
	MaxTools, MaxBytes int
	// MaxPages caps the pages followed through nextCursor.
	MaxPages int
}

// ListTools starts one configured server exactly as the gateway starts an
// upstream (the same command, arguments, environment, working directory,
// URL and headers, the same protocol versions tried in order), lists its
// tools, following nextCursor within lim, and closes it. It is what
// recourse mcp catalog learn reads a server's tools with. Errors are
// redacted: they may quote a URL or a header.
func ListTools(name string, cfg Server, lim ListLimits) ([]mcp.Tool, error) {
	u := newUpstream(name, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), func() {})
	var err error
	for _, version := range protocolVersions {
		cl, _, _, oerr := u.open(lim.Startup, lim.Startup, version)
		if oerr == nil {
			defer func() { _ = cl.Close() }()
			tools, lerr := listAll(lim, func(ctx context.Context, cursor mcp.Cursor) (*mcp.ListToolsResult, error) {
				req := mcp.ListToolsRequest{}
				req.Params.Cursor = cursor
				return cl.ListTools(ctx, req)
			})
			if lerr != nil {
				return nil, errors.New(redact.String(lerr.Error()))
			}
			return tools, nil
		}
		if err = oerr; !errors.Is(err, errHandshake) {
			break
		}
	}
	if lim.Startup.Err() != nil {
		err = fmt.Errorf("%w (startup timeout: %w)", err, lim.Startup.Err())
	}
	return nil, errors.New(redact.String(err.Error()))
}

// listAll follows tools/list's pages within lim.
func listAll(lim ListLimits, page func(context.Context, mcp.Cursor) (*mcp.ListToolsResult, error)) ([]mcp.Tool, error) {
	var tools []mcp.Tool
	var cursor mcp.Cursor
	size := 0
	for n := 0; ; n++ {
		if n >= lim.MaxPages {
			return nil, fmt.Errorf("tools/list: more than %d pages (nextCursor still set)", lim.MaxPages)
		}
		res, err := page(lim.List, cursor)
		if err != nil {
			if lim.List.Err() != nil {
				return nil, fmt.Errorf("tools/list: timed out (%w)", lim.List.Err())
			}
			return nil, fmt.Errorf("tools/list: %w", err)
		}
		for _, t := range res.Tools {
			b, _ := json.Marshal(t)
			size += len(b)
		}
		tools = append(tools, res.Tools...)
		switch {
		case len(tools) > lim.MaxTools:
			return nil, fmt.Errorf("tools/list: more than %d tools", lim.MaxTools)
		case size > lim.MaxBytes:
			return nil, fmt.Errorf("tools/list: more than %d bytes of tools", lim.MaxBytes)
		}
		if res.NextCursor == "" {
			return tools, nil
		}
		cursor = res.NextCursor
	}
}
