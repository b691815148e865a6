// `npm run bench:profile` (`-- --short` for a small dataset, `-- --seconds=N`, `-- --only=<name part>[,<name part>]`):
// where the Worker's CPU goes per public read and write route. The benchmark's stack (stack.ts) with workerd's V8
// inspector open; for each route a V8 CPU profile of the Worker's isolate (and of Miniflare's entry
// isolate, which every request also crosses) is sampled while autocannon holds concurrency 16.
// Samples are attributed to the bundle's modules (esbuild's `// path` markers) and, inclusively,
// to our own functions on the stack. Prints a report; `-- --out=<file>` also writes it as JSON,
// `-- --raw=<dir>` the profiles (`.cpuprofile`, for Chrome DevTools).
// See docs/benchmarks.md, "Where the time goes".
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type Phase,
  PUBLIC_READS,
  REFERENCE,
  REPORT_YEAR,
  startStack,
  WRITE_FLOOR,
  WRITE_FLOOR_QUEUE,
  WRITE_FLOOR_SIZED,
  WRITE_ROUTES,
} from "./stack";
import { type CpuProfile, summarize } from "./profile-summary";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const SHORT = process.argv.includes("--short");
const SECONDS = Number(arg("seconds") ?? 6);
const ONLY = arg("only");
const OUT = arg("out");
const RAW = arg("raw");
const CONNECTIONS = 16;
const INSPECTOR_PORT = 9300 + Math.floor(Math.random() * 500);
// Workers of the Miniflare process whose isolates a request runs JS in.
const TARGETS = ["core:user:", "core:entry"];

// `--ref=<git ref>`: profile that commit's Worker (e.g. before and after a change, back to back).
const stack = await startStack({ short: SHORT, inspectorPort: INSPECTOR_PORT, source: arg("ref"), unminified: true });
const bundleText = readFileSync(join(stack.bundleDir, "index.js"), "utf8");

/** A DevTools protocol session on one worker's isolate. */
async function session(target: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${INSPECTOR_PORT}/${target}`);
  await new Promise((resolve, reject) => {
    ws.addEventListener("open", resolve, { once: true });
    ws.addEventListener("error", reject, { once: true });
  });
  let nextId = 1;
  const pending = new Map<number, (v: unknown) => void>();
  ws.addEventListener("message", (e) => {
    const msg = JSON.parse(String(e.data)) as { id?: number; result?: unknown; error?: unknown };
    if (msg.id !== undefined) pending.get(msg.id)?.(msg.error ? Promise.reject(new Error(JSON.stringify(msg.error))) : msg.result);
  });
  const send = <T>(method: string, params: Record<string, unknown> = {}) =>
    new Promise<T>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve as (v: unknown) => void);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 100 });
  return { send, close: () => ws.close() };
}

// The floors of a write too: the create's profile beside the least its two requests and hand-off cost.
const floors = [WRITE_FLOOR, WRITE_FLOOR_QUEUE, WRITE_FLOOR_SIZED];
const wanted = new Set<string>([REFERENCE, ...PUBLIC_READS, REPORT_YEAR, ...floors, ...Object.values(WRITE_ROUTES)]);
const phases = stack.phases.filter((p) => wanted.has(p.name) && (!ONLY || ONLY.split(",").some((part) => p.name.includes(part))));
const sessions = await Promise.all(TARGETS.map(session));
const report: Record<string, unknown>[] = [];

async function profilePhase(phase: Phase) {
  for (let i = 0; i < 20; i++) await stack.once(phase); // JIT warm-up, caches per isolate
  await stack.run(phase, CONNECTIONS, 1);
  await Promise.all(sessions.map((s) => s.send("Profiler.start")));
  const cpu0 = stack.cpu();
  const wall0 = performance.now();
  const load = `${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`;
  const db0 = await stack.dbRequests();
  const r = await stack.run(phase, CONNECTIONS, SECONDS);
  const cpu1 = stack.cpu();
  const db1 = await stack.dbRequests();
  const wallMs = performance.now() - wall0;
  const profiles = await Promise.all(sessions.map((s) => s.send<{ profile: CpuProfile }>("Profiler.stop")));
  const requests = r["2xx"] + r.non2xx;
  const ms = (k: keyof typeof cpu0) => {
    const a = cpu0[k];
    const b = cpu1[k];
    return a !== null && b !== null ? ((b - a) * 1000) / requests : null;
  };
  const workerdMs = ms("workerd");
  // `--raw=<dir>`: the profiles themselves, for Chrome DevTools (Performance panel: load profile).
  if (RAW) writeFileSync(join(RAW, `${phase.name.replace(/\W+/g, "_")}.cpuprofile`), JSON.stringify(profiles[0].profile));
  if (RAW) writeFileSync(join(RAW, `${phase.name.replace(/\W+/g, "_")}.entry.cpuprofile`), JSON.stringify(profiles[1].profile));
  const user = summarize(profiles[0].profile, bundleText, requests);
  const entry = summarize(profiles[1].profile, "", requests);
  console.log(
    `\n=== ${phase.name}: ${requests} requests (${r.non2xx} non-2xx), ${Math.round(r.requests.average)} req/s, ` +
      `${((db1 - db0) / requests).toFixed(2)} libSQL requests per request (over-counts a little), load ${load}`,
  );
  console.log(
    `workerd CPU ${workerdMs?.toFixed(3)} ms/req (event-loop thread ${ms("workerdMainThread")?.toFixed(3)}, ` +
      `other threads ${ms("workerdOtherThreads")?.toFixed(3)}); Worker isolate JS ${user.busyMsPerReq.toFixed(3)} ms/req ` +
      `(GC ${user.gcMsPerReq.toFixed(3)}, program ${user.programMsPerReq.toFixed(3)}); entry isolate ${entry.busyMsPerReq.toFixed(3)} ms/req`,
  );
  console.log(
    `CPU ms per request: database ${ms("database")?.toFixed(3)}, limiter endpoint + redis ${ms("limiter")?.toFixed(3)}, ` +
      `load generator ${ms("loadGenerator")?.toFixed(3)}; workerd busy ${(((ms("workerd") ?? 0) * requests * 100) / wallMs).toFixed(0)} % of one core`,
  );
  console.log("where the Worker isolate's time goes (issues #22 and #42's suspects):");
  console.table(user.byCost);
  console.log("self time by package (share of the Worker isolate's busy time):");
  console.table(user.byPackage.slice(0, 12));
  console.log("inclusive time by package:");
  console.table(user.packagesInclusive.slice(0, 12));
  console.log("self time by module:");
  console.table(user.byModule.slice(0, 14));
  console.log("inclusive time of our functions (share of busy time):");
  console.table(user.ours.slice(0, 22));
  console.log("top self-time functions:");
  console.table(user.byFunction.slice(0, 25));
  report.push({
    phase: phase.name,
    requests,
    rps: Math.round(r.requests.average),
    load,
    workerdMsPerReq: workerdMs,
    workerdMainThreadMsPerReq: ms("workerdMainThread"),
    workerdOtherThreadsMsPerReq: ms("workerdOtherThreads"),
    databaseMsPerReq: ms("database"),
    limiterMsPerReq: ms("limiter"),
    loadGeneratorMsPerReq: ms("loadGenerator"),
    user,
    entry,
  });
}

for (const phase of phases) await profilePhase(phase);
if (OUT) writeFileSync(OUT, `${JSON.stringify(report, null, 1)}\n`);
for (const s of sessions) s.close();
await stack.close();
