// `npm run bench` (`-- --short` for CI): the built Worker on workerd through Miniflare (dev logging
// off, no wrangler dev proxy) against the local libSQL server with a seeded dataset, driven by
// autocannon (the stack: stack.ts). Reports; never fails on numbers. `-- --baseline=<git ref>` also
// serves that commit's Worker and runs the reference, the public reads and the write routes against
// it in the same run. `-- --only=<name part>[,<name part>]` runs only the phases whose names contain
// one of them (the reference always; `mixed` names the mixed load). See docs/benchmarks.md.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, platform, release } from "node:os";
import { compareWithBaseline } from "./compare";
import { workerdCpuSeconds } from "./processes";
import { MIXED, type Phase, PUBLIC_READS, REFERENCE, startStack, WRITE_ROUTES } from "./stack";
import { mixedLoad, startupTime, writeBudget } from "./writes";

const SHORT = process.argv.includes("--short");
// `--baseline=<git ref>`: also serve that commit's Worker (same database, same limiter) and run the
// one-day availability phases against it in this same run, to compare throughput like for like.
const BASELINE = process.argv.find((a) => a.startsWith("--baseline="))?.slice("--baseline=".length);
const CONCURRENCIES = SHORT ? [16] : [1, 16, 64];
const DURATION_S = SHORT ? 2 : 8;
/** The c=16 point of every phase is measured this many times; the table shows the median, `spread` all three. */
const REPEATS_AT_16 = 3;

const ONLY = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);
const wanted = (name: string) => !ONLY || name === REFERENCE || ONLY.split(",").some((part) => name.includes(part));

const stack = await startStack({ short: SHORT, baseline: BASELINE });
const { data, dbRequests, run } = stack;
const phases = stack.phases.filter((p) => wanted(p.name));
const loadavg = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

/**
 * One load point. CPU per request, by process: `cpuMsPerReq` the Worker's runtime (workerd),
 * `dbMsPerReq` the libSQL server, `limiterMsPerReq` the Upstash endpoint and its redis-server,
 * `loadGenMsPerReq` autocannon (this process). They share the machine's two cores.
 */
type Point = {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  dbPerCallUnderLoad: number;
  cpuMsPerReq: number | null;
  dbMsPerReq: number | null;
  limiterMsPerReq: number | null;
  loadGenMsPerReq: number | null;
  load: string;
};
type Row = Omit<Point, "load"> & { endpoint: string; concurrency: number; dbPerCall: number; load: string };
const rows: Row[] = [];
/** Every repeat of the c=16 points, by endpoint. */
const repeats = new Map<string, Point[]>();

/** Waits until requests still in flight from the last point have reached the database (1 s without change). */
async function settle() {
  let last = await dbRequests();
  for (let i = 0, quiet = 0; i < 150 && quiet < 5; i++) {
    await new Promise((r) => setTimeout(r, 200));
    const now = await dbRequests();
    quiet = now === last ? quiet + 1 : 0;
    last = now;
  }
}

/**
 * libSQL requests per call, exactly: PROBE_CALLS requests one after another with nothing else
 * running. (Counting during a load point over-counts: requests still in flight when autocannon
 * stops reach the database but are not among the completed ones; at a few dozen requests per
 * point that alone reads as 1.3 per call.)
 */
const PROBE_CALLS = 10;
async function probeDbPerCall(phase: Phase): Promise<number> {
  await settle();
  const db0 = await dbRequests();
  for (let i = 0; i < PROBE_CALLS; i++) await stack.once(phase);
  return Number(((await dbRequests()) - db0) / PROBE_CALLS);
}

type Cpu = ReturnType<typeof stack.cpu>;
const perRequest = (a: number | null, b: number | null, n: number) =>
  a !== null && b !== null && n ? Number((((b - a) * 1000) / n).toFixed(3)) : null;

async function point(phase: Phase, connections: number): Promise<Point> {
  const load = loadavg();
  const db0 = await dbRequests();
  const cpu0: Cpu = stack.cpu();
  const r = await run(phase, connections, DURATION_S);
  const cpu1: Cpu = stack.cpu();
  const db1 = await dbRequests();
  const total = r["2xx"] + r.non2xx;
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    ok: r["2xx"],
    non2xx: r.non2xx,
    dbPerCallUnderLoad: total ? Number(((db1 - db0) / total).toFixed(2)) : 0,
    cpuMsPerReq: perRequest(cpu0.workerd, cpu1.workerd, total),
    dbMsPerReq: perRequest(cpu0.database, cpu1.database, total),
    limiterMsPerReq: perRequest(cpu0.limiter, cpu1.limiter, total),
    loadGenMsPerReq: perRequest(cpu0.loadGenerator, cpu1.loadGenerator, total),
    load,
  };
}

const median = <T>(xs: T[], key: (x: T) => number) => [...xs].sort((a, b) => key(a) - key(b))[Math.floor(xs.length / 2)];

// Per phase: the exact round trips, then the c=1 and c=64 points (full mode).
const exact = new Map<string, number>();
for (const phase of phases) {
  exact.set(phase.name, await probeDbPerCall(phase));
  for (const connections of CONCURRENCIES.filter((c) => c !== 16)) {
    await run(phase, connections, 1); // warm-up
    rows.push({
      endpoint: phase.name,
      concurrency: connections,
      ...(await point(phase, connections)),
      dbPerCall: exact.get(phase.name) ?? 0,
    });
  }
}
// c=16, the targets' concurrency: REPEATS_AT_16 rounds over every phase in turn, so each route's
// points and the reference's are spread over the same stretch of the run (a shared machine's
// load drifts); a route's ratio to the reference is taken round by round.
for (let round = 0; round < REPEATS_AT_16; round++) {
  for (const phase of phases) {
    await run(phase, 16, 1); // warm-up
    const points = repeats.get(phase.name) ?? [];
    points.push(await point(phase, 16));
    repeats.set(phase.name, points);
  }
}
for (const phase of phases) {
  const mid = median(repeats.get(phase.name) ?? [], (p) => p.rps);
  rows.push({ endpoint: phase.name, concurrency: 16, ...mid, dbPerCall: exact.get(phase.name) ?? 0 });
}
rows.sort(
  (a, b) =>
    stack.phases.findIndex((p) => p.name === a.endpoint) - stack.phases.findIndex((p) => p.name === b.endpoint) ||
    a.concurrency - b.concurrency,
);

// The c=16 rounds: min / median / max, and each round's ratio to the reference's point of the same
// round (the spread is a fair picture of how much one number may be trusted).
const spread = [...repeats.entries()].map(([endpoint, points]) => {
  const sorted = (key: (p: Point) => number | null) =>
    points
      .map(key)
      .filter((v): v is number => v !== null)
      .sort((a, b) => a - b);
  const mmm = (xs: number[]) => (xs.length ? [xs[0], xs[Math.floor(xs.length / 2)], xs[xs.length - 1]] : []);
  const ref = repeats.get(REFERENCE) ?? [];
  return {
    endpoint,
    rps: mmm(sorted((p) => p.rps)),
    p99: mmm(sorted((p) => p.p99)),
    cpuMsPerReq: mmm(sorted((p) => p.cpuMsPerReq)),
    vsLimitedDb: mmm(points.map((p, i) => Number((p.rps / (ref[i]?.rps || 1)).toFixed(2))).sort((a, b) => a - b)),
    load: points.map((p) => p.load.split(" ")[0]),
  };
});
const spreadOf = (endpoint: string) => spread.find((x) => x.endpoint === endpoint);

const rpsOf = (name: string, c: number) => rows.find((r) => r.endpoint === name && r.concurrency === c)?.rps ?? 0;
const ratio = (rps: number, name: string, c: number) => Number((rps / (rpsOf(name, c) || 1)).toFixed(2));
const table = rows.map((r) => ({
  ...r,
  vsNoop: ratio(r.rps, "ceiling: no-op route", r.concurrency),
  vsOneDb: ratio(r.rps, "ceiling: one libSQL request", r.concurrency),
  // Issue #22: every public read should reach 0.90 of the reference route in the same run (at
  // c=16 the median of the rounds' ratios, see spread).
  vsLimitedDb: r.concurrency === 16 ? (spreadOf(r.endpoint)?.vsLimitedDb[1] ?? 0) : ratio(r.rps, REFERENCE, r.concurrency),
}));
// The printed columns, in this order (the rows carry more, e.g. vsNoop).
const COLUMNS = [
  "endpoint",
  "concurrency",
  "rps",
  "p50",
  "p99",
  "non2xx",
  "dbPerCall",
  "cpuMsPerReq",
  "dbMsPerReq",
  "limiterMsPerReq",
  "loadGenMsPerReq",
  "vsOneDb",
  "vsLimitedDb",
] as const;
console.table(table.map((row) => Object.fromEntries(COLUMNS.map((k) => [k === "concurrency" ? "c" : k, row[k]]))));

console.log(
  `c=16, ${REPEATS_AT_16} rounds of ${DURATION_S} s: [min, median, max]; vsLimitedDb round by round; load = 1-minute load average at each`,
);
console.table(
  spread.map((s) => ({
    ...s,
    rps: s.rps.join(" / "),
    p99: s.p99.join(" / "),
    cpuMsPerReq: s.cpuMsPerReq.join(" / "),
    vsLimitedDb: s.vsLimitedDb.join(" / "),
    load: s.load.join(" "),
  })),
);

// Issue #42: each write route's workerd CPU against the reference's, round by round, and its round trips.
const budget = writeBudget(repeats, exact);
// Issue #42: 90 % reads and 10 % creates and cancels on the same businesses.
const mixed = wanted(MIXED) ? await mixedLoad(stack, REPEATS_AT_16, DURATION_S) : [];

// The reference, every public read and every write route at c=16 (issues #22 and #42), this build
// against the baseline's Worker in alternating rounds: before/after measured on the same machine state.
const compared = new Set<string>([REFERENCE, ...PUBLIC_READS, ...Object.values(WRITE_ROUTES)]);
const vsBaseline = BASELINE
  ? await compareWithBaseline(
      BASELINE,
      run,
      phases.filter((p) => compared.has(p.name)),
      { concurrencies: [16], rounds: SHORT ? 2 : 4, seconds: Math.max(2, DURATION_S / 2), cpuSeconds: workerdCpuSeconds },
    )
  : [];

const slots = execFileSync("npx", ["tsx", "test/bench/slots.bench.ts"], { encoding: "utf8" });
console.log(slots);
// Issue #42: the Worker's startup beside its size (the round adds phone metadata, catalogs, charts).
const startup = startupTime(SHORT ? 1 : 3);
console.log(
  `deploy bundle: ${stack.bundleGzipKb.toFixed(1)} KiB gzipped (${(stack.bundle.length / 1024).toFixed(1)} KiB raw); ` +
    `startup: ${startup.medianMs ?? "?"} ms of CPU (wrangler check startup, local workerd; runs: ${startup.activeMs.join(", ")})`,
);

const results = {
  date: new Date().toISOString(),
  mode: SHORT ? "short" : "full",
  commit: execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim(),
  machine: { platform: platform(), release: release(), cpu: cpus()[0]?.model, cores: cpus().length, node: process.version },
  runtime: "workerd via Miniflare (logging off), bundle from wrangler deploy --dry-run; limiter on Upstash REST over redis-server",
  dataset: {
    tenants: data.tenants.length,
    staffPerTenant: 10,
    bookings: data.bookings,
    daysTenants: { count: data.daysTenants.length, staff: 10, bookingsPerDay: 40, days: 43 },
    heavyDaysTenants: { count: data.heavyTenants.length, staff: 10, bookingsPerStaffPerDay: 40, days: 43 },
  },
  baseline: BASELINE ?? null,
  vsBaseline,
  durationSecondsPerPoint: DURATION_S,
  bundleGzipKb: Number(stack.bundleGzipKb.toFixed(1)),
  startupMs: startup,
  endpoints: table,
  spreadAtC16: spread,
  writeBudget: budget,
  mixed,
  slotEngine: slots.trim().split("\n"),
};
if (!SHORT && !ONLY) {
  mkdirSync("test/bench", { recursive: true });
  writeFileSync("test/bench/results.json", `${JSON.stringify(results, null, 2)}\n`);
  console.log("wrote test/bench/results.json");
}
await stack.close();
