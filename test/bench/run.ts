// `npm run bench` (`-- --short` for CI): the built Worker on workerd through Miniflare (dev logging
// off, no wrangler dev proxy) against the local libSQL server with a seeded dataset, driven by
// autocannon (the stack: stack.ts). Reports; never fails on numbers. `-- --baseline=<git ref>` also
// serves that commit's Worker and runs one-day availability against it in the same run.
// See docs/benchmarks.md.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, platform, release } from "node:os";
import { compareWithBaseline } from "./compare";
import { childCpuSeconds, workerdCpuSeconds } from "./processes";
import { type Phase, PUBLIC_READS, REFERENCE, startStack } from "./stack";

const SHORT = process.argv.includes("--short");
// `--baseline=<git ref>`: also serve that commit's Worker (same database, same limiter) and run the
// one-day availability phases against it in this same run, to compare throughput like for like.
const BASELINE = process.argv.find((a) => a.startsWith("--baseline="))?.slice("--baseline=".length);
const CONCURRENCIES = SHORT ? [16] : [1, 16, 64];
const DURATION_S = SHORT ? 2 : 8;
/** The c=16 point of every phase is measured this many times; the table shows the median, `spread` all three. */
const REPEATS_AT_16 = 3;

const stack = await startStack({ short: SHORT, baseline: BASELINE });
const { data, dbRequests, run } = stack;
const loadavg = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

type Point = {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  dbPerCallUnderLoad: number;
  cpuMsPerReq: number | null;
  hostMsPerReq: number | null;
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

/** CPU of this process (autocannon, the libSQL server, the Upstash endpoint) and of redis-server, in seconds. */
const hostCpuSeconds = () => {
  const own = process.cpuUsage();
  return (own.user + own.system) / 1e6 + (childCpuSeconds("redis-server") ?? 0);
};

async function point(phase: Phase, connections: number): Promise<Point> {
  const load = loadavg();
  const db0 = await dbRequests();
  const cpu0 = workerdCpuSeconds();
  const host0 = hostCpuSeconds();
  const r = await run(phase, connections, DURATION_S);
  const host1 = hostCpuSeconds();
  const cpu1 = workerdCpuSeconds();
  const db1 = await dbRequests();
  const total = r["2xx"] + r.non2xx;
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    ok: r["2xx"],
    non2xx: r.non2xx,
    dbPerCallUnderLoad: total ? Number(((db1 - db0) / total).toFixed(2)) : 0,
    cpuMsPerReq: cpu0 !== null && cpu1 !== null && total ? Number((((cpu1 - cpu0) * 1000) / total).toFixed(3)) : null,
    hostMsPerReq: total ? Number((((host1 - host0) * 1000) / total).toFixed(3)) : null,
    load,
  };
}

const median = <T>(xs: T[], key: (x: T) => number) => [...xs].sort((a, b) => key(a) - key(b))[Math.floor(xs.length / 2)];

for (const phase of stack.phases) {
  const exact = await probeDbPerCall(phase);
  for (const connections of CONCURRENCIES) {
    await run(phase, connections, 1); // warm-up
    const points: Point[] = [];
    for (let i = 0; i < (connections === 16 ? REPEATS_AT_16 : 1); i++) points.push(await point(phase, connections));
    if (connections === 16) repeats.set(phase.name, points);
    const mid = median(points, (p) => p.rps);
    rows.push({ endpoint: phase.name, concurrency: connections, ...mid, dbPerCall: Number(exact.toFixed(2)) });
  }
}

const rpsOf = (name: string, c: number) => rows.find((r) => r.endpoint === name && r.concurrency === c)?.rps ?? 0;
const ratio = (rps: number, name: string, c: number) => Number((rps / (rpsOf(name, c) || 1)).toFixed(2));
const table = rows.map((r) => ({
  ...r,
  vsNoop: ratio(r.rps, "ceiling: no-op route", r.concurrency),
  vsOneDb: ratio(r.rps, "ceiling: one libSQL request", r.concurrency),
  // Issue #22: every public read should reach 0.90 of the reference route in the same run.
  vsLimitedDb: ratio(r.rps, REFERENCE, r.concurrency),
}));
console.table(
  table.map(({ endpoint, concurrency, rps, p50, p99, non2xx, dbPerCall, cpuMsPerReq, hostMsPerReq, vsOneDb, vsLimitedDb }) => ({
    endpoint,
    c: concurrency,
    rps,
    p50,
    p99,
    non2xx,
    dbPerCall,
    cpuMsPerReq,
    hostMsPerReq,
    vsOneDb,
    vsLimitedDb,
  })),
);

// The c=16 repeats: min / median / max, and the reference ratio of each repeat against the
// reference's repeat of the same index (the points nearest in time are not the same ones, so the
// ratio's spread is a fair picture of how much one number may be trusted).
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
console.log(`c=16, ${REPEATS_AT_16} repeats of ${DURATION_S} s: [min, median, max]; load = 1-minute load average at each repeat`);
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

// The reference and every public read at c=16 (issue #22's targets), this build against the
// baseline's Worker in alternating rounds: before/after measured on the same machine state.
const vsBaseline = BASELINE
  ? await compareWithBaseline(
      BASELINE,
      run,
      stack.phases.filter((p) => p.name === REFERENCE || PUBLIC_READS.includes(p.name)),
      { concurrencies: [16], rounds: SHORT ? 2 : 4, seconds: Math.max(2, DURATION_S / 2), cpuSeconds: workerdCpuSeconds },
    )
  : [];

const slots = execFileSync("npx", ["tsx", "test/bench/slots.bench.ts"], { encoding: "utf8" });
console.log(slots);
console.log(`deploy bundle: ${stack.bundleGzipKb.toFixed(1)} KiB gzipped (${(stack.bundle.length / 1024).toFixed(1)} KiB raw)`);

const results = {
  date: new Date().toISOString(),
  mode: SHORT ? "short" : "full",
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
  endpoints: table,
  spreadAtC16: spread,
  slotEngine: slots.trim().split("\n"),
};
if (!SHORT) {
  mkdirSync("test/bench", { recursive: true });
  writeFileSync("test/bench/results.json", `${JSON.stringify(results, null, 2)}\n`);
  console.log("wrote test/bench/results.json");
}
await stack.close();
