// Drives `recourse mcp serve` with the official TypeScript MCP SDK as the
// client: it lists the tools and calls each one (and an error case). The
// SDK itself validates every result's structuredContent against the tool's
// outputSchema and rejects a result without one, so a pass here means a
// TypeScript-SDK agent reads Recourse's envelopes unchanged.
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

const transport = new StdioClientTransport({ command: binary, args: ["mcp", "serve"], stderr: "inherit" });
const client = new Client({ name: "recourse-sdk-check", version: "1.0.0" });
await client.connect(transport);

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

const plan = {
  format_version: "1.2",
  resource_changes: [{
    address: "aws_db_instance.main", type: "aws_db_instance",
    change: { actions: ["delete"], before: { skip_final_snapshot: true, backup_retention_period: 0 } },
  }],
};
const calls = [
  ["recourse_evaluate_shell", { command: "sudo rm -rf /" }, "block"],
  ["recourse_evaluate_shell", { command: "ls -la", cwd: "/workspace" }, "allow"],
  ["recourse_evaluate_terraform", { plan }, "block"],
  ["recourse_evaluate_terraform", { plan: JSON.stringify(plan) }, "block"],
  ["recourse_evaluate_mcp_call", { server: "postgres", tool: "query", arguments: { sql: "DROP TABLE users" } }, "block"],
  ["recourse_evaluate_mcp_call", { server: "github", tool: "get_file_contents", arguments: { path: "README.md" } }, "allow"],
  ["recourse_supported_resources", { kind: "shell" }, null],
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
  assert.deepEqual(JSON.parse(res.content[0].text), res.structuredContent, `${name} mirrors the envelope as text`);
  if (decision) assert.equal(res.structuredContent.data.riskAssessment, decision, `${name} decision`);
  console.log(`ok ${name}: ${res.structuredContent.status}${decision ? " " + decision : ""}`);
}

const bad = await client.callTool({ name: "recourse_evaluate_shell", arguments: { comand: "ls" } });
assert.equal(bad.isError, true);
assert.equal(bad.structuredContent.error.kind, "unknown_argument");
assert.deepEqual(bad.structuredContent.error.recovery.suggested_args, { command: "ls" });
console.log("ok unknown argument: recovery suggests", JSON.stringify(bad.structuredContent.error.recovery.suggested_args));

await client.close();
console.log("TypeScript MCP SDK check passed");
