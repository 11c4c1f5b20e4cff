// The Node side of gateway/sdkclient_test.go: the official TypeScript MCP
// SDK (@modelcontextprotocol/sdk 1.32.2, package-lock.json) as the client
// of `recourse mcp gateway`, in front of the reference filesystem server
// (@modelcontextprotocol/server-filesystem 2026.8.31) on a temporary
// project, and of the same server called directly.
//
// Why it matters: the SDK's Client.callTool validates a result's
// structuredContent against the tool's outputSchema whenever there is
// one, isError or not, and throws McpError -32602 when it does not match
// (modelcontextprotocol/typescript-sdk@2d889f2b329e46680ec9bdd565de4616c497825a,
// branch v1.x, src/client/index.ts, callTool; the same code in this
// package's dist/esm/client/index.js). The filesystem server declares
// outputSchema {content: string} on write_file and move_file
// (modelcontextprotocol/servers@76d64c822f5125032f89eb71dbdb94e42b434821,
// src/filesystem/index.ts; this package's dist/index.js). The SDK caches
// the validators when the client lists the tools, so this client lists
// them first, as real clients do.
//
// It checks, and prints one "ok ..." line for each:
//   - a write to .env and a move onto .env are refused as normal tool
//     results (isError, no exception), whose content[0] is the envelope's
//     JSON with the reason and the error kind, and the file is untouched;
//   - a read through the gateway is byte-identical (the JSON of the
//     result) to the same read of the server called directly.
// Then a line "result {...}" the Go test reads.
//
// Usage: node sdkclient.mjs /path/to/recourse
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [binary] = process.argv.slice(2);
if (!binary) {
  console.error("usage: node sdkclient.mjs /path/to/recourse");
  process.exit(64);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const server = path.join(here, "node_modules", ".bin", "mcp-server-filesystem");
const work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "sdkclient-")));
const project = path.join(work, "project");
fs.mkdirSync(project);
const hello = path.join(project, "hello.txt");
fs.writeFileSync(hello, "hello from the project\nsecond line: ünïcødé ✓\n");
const config = path.join(work, "gateway.json");
fs.writeFileSync(config, JSON.stringify({ mcpServers: { filesystem: { command: server, args: [project] } } }, null, 2));

async function connect(command, args) {
  const transport = new StdioClientTransport({ command, args, stderr: "inherit",
    env: { ...process.env, XDG_STATE_HOME: path.join(work, "state") } });
  const client = new Client({ name: "sdkclient", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

async function listed(client, names) {
  for (let i = 0; i < 300; i++) {
    const { tools } = await client.listTools(); // caches the outputSchema validators
    if (names.every((n) => tools.some((t) => t.name === n))) return tools;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`tools ${names} never appeared`);
}

const out = { refusals: {}, read: {} };
try {
  const gateway = await connect(binary, ["mcp", "gateway", "--config", config]);
  const tools = await listed(gateway, ["write_file", "move_file", "read_text_file"]);
  for (const name of ["write_file", "move_file"]) {
    assert.ok(tools.find((t) => t.name === name).outputSchema, `${name} declares no outputSchema: the check would prove nothing`);
  }

  // Refusals: normal results, never an exception.
  const env = path.join(project, ".env");
  const calls = {
    write_file: { path: env, content: "API_KEY=changed\n" },
    move_file: { source: hello, destination: env },
  };
  for (const [name, args] of Object.entries(calls)) {
    let res;
    try {
      res = await gateway.callTool({ name, arguments: args });
    } catch (e) {
      throw new Error(`${name} through the gateway threw (code ${e.code}): ${e.message}`);
    }
    assert.equal(res.isError, true, `${name} was not refused: ${JSON.stringify(res)}`);
    assert.equal(res.structuredContent, undefined, `${name}'s refusal has structuredContent`);
    const envelope = JSON.parse(res.content[0].text);
    assert.equal(envelope.status, "refused", JSON.stringify(envelope));
    assert.match(envelope.error.kind, /^(blocked|needs_approval)$/);
    assert.ok(envelope.error.message.length > 0);
    assert.deepEqual(res._meta?.["dev.recourse/envelope"], envelope, "_meta carries the same envelope");
    out.refusals[name] = { kind: envelope.error.kind, type: envelope.error.type, decision: envelope.data.riskAssessment, message: envelope.error.message, bytes: res.content[0].text.length };
    console.log(`ok ${name} onto .env is refused as a tool result (${envelope.error.kind}), no exception`);
  }
  assert.equal(fs.existsSync(env), false, ".env was written");
  assert.ok(fs.existsSync(hello), "hello.txt was moved");

  // A read: byte-identical to the server called directly.
  const direct = await connect(server, [project]);
  await listed(direct, ["read_text_file"]);
  const read = { name: "read_text_file", arguments: { path: hello } };
  const viaGateway = JSON.stringify(await gateway.callTool(read));
  const viaServer = JSON.stringify(await direct.callTool(read));
  assert.equal(viaGateway, viaServer, "the read through the gateway differs from the server's own");
  assert.match(viaGateway, /hello from the project/);
  out.read = { bytes: viaGateway.length, identical: viaGateway === viaServer };
  console.log(`ok a read through the gateway is byte-identical to the server's own (${viaGateway.length} bytes)`);
  await direct.close();
  await gateway.close();
  console.log("result " + JSON.stringify(out));
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
