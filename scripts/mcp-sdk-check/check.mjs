// Drives `recourse mcp serve` with the official TypeScript MCP SDK as the
// client. The SDK itself validates every result's structuredContent
// against the tool's outputSchema and rejects a result without one, so a
// pass here means a TypeScript-SDK agent reads Recourse's envelopes
// unchanged. Beyond that it checks, as an agent would meet them:
//   - every error kind's recovery, followed once: it reaches a verdict on
//     the caller's own action or another error, never a verdict on
//     anything else;
//   - the byte targets of concise answers (structuredContent, as the model sees it);
//   - the operator's --environment winning over a call's;
//   - SIGTERM stopping the server within a second, stdin open.
//
// Usage: node check.mjs /path/to/recourse
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const binary = process.argv[2];
if (!binary) {
  console.error("usage: node check.mjs /path/to/recourse");
  process.exit(64);
}

async function connect(...flags) {
  const transport = new StdioClientTransport({ command: binary, args: ["mcp", "serve", ...flags], stderr: "inherit" });
  const client = new Client({ name: "recourse-sdk-check", version: "1.0.0" });
  await client.connect(transport);
  return { client, transport };
}

const { client } = await connect();

const { tools } = await client.listTools();
const names = tools.map((t) => t.name).sort();
assert.deepEqual(names, [
  "recourse_evaluate_mcp_call",
  "recourse_evaluate_shell",
  "recourse_evaluate_terraform",
  "recourse_evaluate_with_evidence",
  "recourse_supported_resources",
]);
for (const t of tools) {
  assert.ok(t.outputSchema, `${t.name} has an outputSchema`);
  assert.equal(t.annotations?.readOnlyHint, true, `${t.name} readOnlyHint`);
  assert.equal(t.annotations?.destructiveHint, false, `${t.name} destructiveHint`);
}
const listBytes = Buffer.byteLength(JSON.stringify({ tools }));
// 16 KB before the charter's _meta hints and the concise answer's schema
// in each evaluate tool's outputSchema; TestToolsList holds the same.
assert.ok(listBytes < 18 * 1024, `tools/list is ${listBytes} bytes, over 18 KB`);
console.log(`ok tools/list: ${listBytes} bytes`);

const rdsDelete = {
  format_version: "1.2",
  resource_changes: [{
    address: "aws_db_instance.main", type: "aws_db_instance",
    change: { actions: ["delete"], before: { skip_final_snapshot: true, backup_retention_period: 0 } },
  }],
};
const calls = [
  ["recourse_evaluate_shell", { command: "sudo rm -rf /" }, "block"],
  ["recourse_evaluate_shell", { command: "ls -la", cwd: "/workspace" }, "allow"],
  ["recourse_evaluate_shell", { command: "ls -la", cwd: null, response_format: "detailed" }, "allow"],
  ["recourse_evaluate_terraform", { plan: rdsDelete }, "block"],
  ["recourse_evaluate_terraform", { plan: JSON.stringify(rdsDelete), classifier: false }, "block"],
  ["recourse_evaluate_mcp_call", { server: "postgres", tool: "query", arguments: { sql: "DROP TABLE users" } }, "block"],
  ["recourse_evaluate_mcp_call", { server: "github", tool: "get_file_contents", arguments: { path: "README.md" } }, "allow"],
  ["recourse_evaluate_mcp_call", { server: "acme", tool: "do_thing", annotations: { title: "Do", readOnlyHint: true } }, "escalate"],
  ["recourse_supported_resources", { kind: "shell" }, null],
  ["recourse_supported_resources", { name: "aws_db_instance" }, null],
  ["recourse_evaluate_with_evidence", {
    tool: "recourse_evaluate_terraform",
    input: { plan: { format_version: "1.2", resource_changes: [{ address: "aws_s3_bucket.logs", type: "aws_s3_bucket", change: { actions: ["delete"], before: { bucket: "logs" } } }] } },
    evidence: [{ address: "aws_s3_bucket.logs", key: "force_destroy", value: false, source: "console" }],
  }, "warn"],
];
for (const [name, args, decision] of calls) {
  const res = await client.callTool({ name, arguments: args });
  assert.ok(res.structuredContent, `${name} returns structuredContent`);
  assert.equal(res.isError ?? false, false, `${name} succeeds`);
  const text = res.content[0].text;
  assert.deepEqual(JSON.parse(text), res.structuredContent, `${name} mirrors the envelope as text`);
  if (decision) assert.equal(res.structuredContent.data.riskAssessment, decision, `${name} decision`);
  console.log(`ok ${name}: ${res.structuredContent.status}${decision ? " " + decision : ""}`);
}

// Following a recovery. Each faulty call beside the call its caller meant
// (null when that cannot be known from the call).
async function judged(c, name, args) {
  const res = await c.callTool({ name, arguments: { ...args, response_format: "detailed" } });
  if (res.isError) return null;
  const d = res.structuredContent.data;
  if (!d.riskAssessment) return JSON.stringify(d); // an answer that is not a report
  return JSON.stringify([d.riskAssessment, d.mutations.map((m) => m.intent.target.id).sort()]);
}
async function follow(c, label, name, args, meant) {
  let res = await c.callTool({ name, arguments: args });
  assert.equal(res.isError, true, `${label}: the faulty call was judged`);
  const kind = res.structuredContent.error.kind;
  assert.deepEqual(JSON.parse(res.content[0].text), res.structuredContent, `${label}: an error's content[0].text is the envelope alone`);
  assert.ok(res.content[1].text.startsWith(`${res.structuredContent.error.type} ${kind}: `), `${label}: the human line starts with type and kind`);
  for (let hop = 0; hop < 3; hop++) {
    const rec = res.structuredContent.error?.recovery;
    if (!rec?.suggested_args) break;
    res = await c.callTool({ name: rec.suggested_tool, arguments: rec.suggested_args });
    if (res.isError) continue;
    assert.ok(meant, `${label}: a suggestion led to a verdict on something the caller never named`);
    const got = JSON.stringify([res.structuredContent.data.riskAssessment, null]);
    const want = await judged(c, meant[0], meant[1]);
    const gotFull = await judged(c, rec.suggested_tool, rec.suggested_args);
    assert.equal(gotFull, want, `${label}: following the recovery judged ${got}, the call meant ${want}`);
    return `${kind} → verdict on the caller's action`;
  }
  return `${kind} → ${res.isError ? "error" : "verdict"}${res.structuredContent.error?.recovery?.suggested_args ? "" : " (no suggestion)"}`;
}
const faults = [
  ["unknown_tool", "recourse_evaluate_terraform_plan", { plan: rdsDelete }, ["recourse_evaluate_terraform", { plan: rdsDelete }]],
  ["unknown_argument", "recourse_evaluate_shell", { cmd: "rm -rf /", CWD: "/srv" }, ["recourse_evaluate_shell", { command: "rm -rf /", cwd: "/srv" }]],
  ["conflicting_arguments", "recourse_evaluate_shell", { Command: "ls", command: "rm -rf /" }, null],
  ["missing_argument", "recourse_evaluate_shell", { cwd: "ls" }, null],
  ["wrong_type", "recourse_evaluate_mcp_call", { server: "postgres", tool: "query", arguments: '{"sql": "DROP TABLE users"}' },
    ["recourse_evaluate_mcp_call", { server: "postgres", tool: "query", arguments: { sql: "DROP TABLE users" } }]],
  ["invalid_argument", "recourse_supported_resources", { kind: "Shell" }, ["recourse_supported_resources", { kind: "shell" }]],
  ["malformed_input", "recourse_evaluate_terraform", { plan: JSON.stringify(rdsDelete).slice(0, 80) }, null],
  ["wrong_document", "recourse_evaluate_terraform", { plan: { resource_changes: rdsDelete.resource_changes } }, null],
  ["unsupported_format_version", "recourse_evaluate_terraform", { plan: { ...rdsDelete, format_version: "9.0" } }, null],
  ["errored_plan", "recourse_evaluate_terraform", { plan: { ...rdsDelete, errored: true } }, null],
];
for (const [kind, name, args, meant] of faults) {
  const outcome = await follow(client, kind, name, args, meant);
  assert.ok(outcome.startsWith(kind), `${kind}: got ${outcome}`);
  console.log(`ok recovery of ${outcome}`);
}
{
  const slow = await connect("--timeout", "1ns");
  const outcome = await follow(slow.client, "deadline_exceeded", "recourse_evaluate_shell", { command: "rm -rf /" }, ["recourse_evaluate_shell", { command: "rm -rf /" }]);
  assert.ok(outcome.startsWith("deadline_exceeded → error"), outcome);
  console.log(`ok recovery of ${outcome}`);
  await slow.client.close();
}

// Byte targets of concise answers: structuredContent, what Claude Code and
// VS Code hand the model (compact JSON; the text mirror is the same).
const bigPlan = {
  format_version: "1.2",
  resource_changes: Array.from({ length: 500 }, (_, i) => i < 5
    ? { address: `aws_db_instance.db${i}`, type: "aws_db_instance", change: { actions: ["delete"], before: { skip_final_snapshot: true, backup_retention_period: 0 } } }
    : { address: `aws_s3_bucket.b${i}`, type: "aws_s3_bucket", change: { actions: ["create"], after: { bucket: `b${i}` } } }),
};
for (const [label, name, args, max] of [
  ["ls allow", "recourse_evaluate_shell", { command: "ls" }, 400],
  ["rm -rf / block", "recourse_evaluate_shell", { command: "rm -rf /" }, 700],
  ["500-change plan, 5 destructive", "recourse_evaluate_terraform", { plan: bigPlan }, 1200],
  ["MCP delete_repository block", "recourse_evaluate_mcp_call", { server: "github", tool: "delete_repository", arguments: { owner: "acme", repo: "api" } }, 700],
]) {
  const res = await client.callTool({ name, arguments: args });
  const bytes = Buffer.byteLength(JSON.stringify(res.structuredContent));
  assert.ok(bytes <= max, `${label}: ${bytes} bytes of structuredContent, over ${max}`);
  assert.ok(Buffer.byteLength(res.content[0].text) <= max, `${label}: text over ${max}`);
  console.log(`ok ${label}: ${bytes} bytes of structuredContent (target ≤ ${max})`);
}
await client.close();

// The operator's environment wins over a call's.
{
  const prod = await connect("--environment", "production");
  const res = await prod.client.callTool({ name: "recourse_evaluate_shell", arguments: { command: "rm notes.txt", environment: "dev", response_format: "detailed" } });
  assert.equal(res.structuredContent.data.context.environment, "production");
  assert.equal(res.structuredContent.data.riskAssessment, "escalate");
  console.log("ok --environment production wins over a call's dev: escalate");
  await prod.client.close();
}

// SIGTERM stops the server within a second while stdin is open.
{
  const { client: c, transport } = await connect();
  await c.callTool({ name: "recourse_evaluate_shell", arguments: { command: "ls" } });
  const closed = new Promise((resolve) => { transport.onclose = resolve; });
  const start = Date.now();
  process.kill(transport.pid, "SIGTERM");
  const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error("the server did not stop within 3 s of SIGTERM")), 3000));
  await Promise.race([closed, timeout]);
  const ms = Date.now() - start;
  assert.ok(ms <= 1000, `stopped after ${ms} ms`);
  console.log(`ok SIGTERM: stopped in ${ms} ms with stdin open`);
}

console.log("TypeScript MCP SDK check passed");
process.exit(0);
