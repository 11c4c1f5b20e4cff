package gateway

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSDKClientOverTheFilesystemServer runs testdata/sdkclient/sdkclient.mjs:
// the official TypeScript MCP SDK (@modelcontextprotocol/sdk 1.32.2) as
// the client of the real binary's `recourse mcp gateway`, in front of the
// reference filesystem server (@modelcontextprotocol/server-filesystem
// 2026.8.31), both pinned by testdata/sdkclient/package-lock.json.
//
// The SDK's Client.callTool validates structuredContent against the
// tool's outputSchema even when isError is true and throws -32602 when it
// does not match (modelcontextprotocol/typescript-sdk@2d889f2b329e46680ec9bdd565de4616c497825a,
// branch v1.x, src/client/index.ts, callTool); the filesystem server's
// write_file and move_file declare outputSchema {content: string}
// (modelcontextprotocol/servers@76d64c822f5125032f89eb71dbdb94e42b434821,
// src/filesystem/index.ts). The test shows a refusal of a write to .env
// (and of a move onto it) is a normal tool result with the reason and the
// error kind, and a read is byte-identical to the server's own answer.
//
// It needs Node.js and `npm ci --prefix gateway/testdata/sdkclient`;
// without them it skips, saying so, unless RECOURSE_REQUIRE_SDK=1 (.ci/run
// sets it), when it fails.
func TestSDKClientOverTheFilesystemServer(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("testdata", "sdkclient"))
	if err != nil {
		t.Fatal(err)
	}
	missing := func(why string) {
		msg := why + ": the TypeScript SDK client check did not run (install it with: npm ci --prefix gateway/testdata/sdkclient)"
		if os.Getenv("RECOURSE_REQUIRE_SDK") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("node is not on PATH")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@modelcontextprotocol", "sdk", "package.json")); err != nil {
		missing("gateway/testdata/sdkclient/node_modules is not installed")
	}
	bin := filepath.Join(t.TempDir(), "recourse")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/recourse").CombinedOutput(); err != nil {
		t.Fatalf("building recourse: %v\n%s", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "sdkclient.mjs", bin)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("sdkclient.mjs: %v\n%s\n%s", err, stdout.String(), stderr.String())
	}
	t.Log(stdout.String())
	_, line, ok := strings.Cut(stdout.String(), "\nresult ")
	if !ok {
		t.Fatalf("no result line:\n%s", stdout.String())
	}
	var got struct {
		Refusals map[string]struct{ Kind, Type, Decision, Message string }
		Read     struct {
			Bytes     int
			Identical bool
		}
	}
	if err := json.Unmarshal([]byte(line), &got); err != nil {
		t.Fatalf("result line %q: %v", line, err)
	}
	for _, tool := range []string{"write_file", "move_file"} {
		r, ok := got.Refusals[tool]
		switch {
		case !ok:
			t.Errorf("%s: no refusal", tool)
		case r.Kind != "needs_approval" || r.Type != "PERMISSION" || r.Decision != "escalate":
			t.Errorf("%s: %+v, want an escalate refused as needs_approval", tool, r)
		case !strings.Contains(r.Message, "environment file") || !strings.Contains(r.Message, "recourse allow-once "):
			t.Errorf("%s: the refusal does not give the reason and the allow-once code: %s", tool, r.Message)
		}
	}
	if !got.Read.Identical || got.Read.Bytes == 0 {
		t.Errorf("read: %+v", got.Read)
	}
}
