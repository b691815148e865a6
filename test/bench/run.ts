// `npm run bench` (`-- --short` for CI): the built Worker on workerd through Miniflare (dev logging
// off, no wrangler dev proxy) against the local libSQL server with a seeded dataset, driven by
// autocannon. Reports; never fails on numbers. `-- --baseline=<git ref>` also serves that commit's
// Worker and runs one-day availability against it in the same run. See docs/benchmarks.md.
import autocannon from "autocannon";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, platform, release, tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { SignJWT } from "jose";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { migrateDatabase } from "../../scripts/db/migrate";
import { startLibsqlServer } from "../../tools/libsql-server/server.mjs";
import { startRedis, startUpstashServer } from "../../tools/upstash-server/server.mjs";
import { compareWithBaseline } from "./compare";
import { buildBaseline, workerdCpuSeconds } from "./processes";
import { seedBenchData } from "./seed";

const SHORT = process.argv.includes("--short");
// `--baseline=<git ref>`: also serve that commit's Worker (same database, same limiter) and run the
// one-day availability phases against it in this same run, to compare throughput like for like.
const BASELINE = process.argv.find((a) => a.startsWith("--baseline="))?.slice("--baseline=".length);
const CONCURRENCIES = SHORT ? [16] : [1, 16, 64];
const DURATION_S = SHORT ? 2 : 8;
const JWT_SECRET = "bench-secret-bench-secret-bench-secret-0123";

const dir = mkdtempSync(join(tmpdir(), "booking-bench-"));
console.log(`building the deploy bundle…`);
execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", join(dir, "dist")], { stdio: "ignore" });
const bundle = readFileSync(join(dir, "dist", "index.js"));
const bundleGzipKb = gzipSync(bundle).length / 1024;

const libsql = await startLibsqlServer({ file: join(dir, "bench.db") });
await migrateDatabase(libsql.url);
const seedStarted = Date.now();
const data = await seedBenchData(libsql.url, {
  tenants: SHORT ? 20 : 200,
  daysOfBookings: SHORT ? 5 : 30,
  daysTenants: SHORT ? 5 : 20,
  heavyTenants: SHORT ? 2 : 10,
});
console.log(`seeded ${data.tenants.length} tenants, ${data.bookings} bookings in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

const adminToken = await new SignJWT({ sid: "bench", aud: "super_admin", email: "bench@bench.test", name: "Bench" })
  .setProtectedHeader({ alg: "HS256" })
  .setSubject("adm_bench")
  .setIssuedAt()
  .setExpirationTime("4h")
  .sign(new TextEncoder().encode(JWT_SECRET));

// Production-like limiter: Upstash REST over a real redis-server (as in production), not
// Miniflare's local KV, whose storage emulation costs ~2 ms of workerd CPU per check.
const redis = await startRedis();
const upstash = await startUpstashServer({ redisPort: redis.port, token: "bench-token" });

const workerOptions = (distDir: string) =>
  convertV4MiniflareOptions({
    scriptPath: join(distDir, "index.js"),
    modules: true,
    modulesRoot: distDir,
    compatibilityDate: "2026-10-01",
    compatibilityFlags: ["nodejs_compat"],
    bindings: {
      JWT_SECRET,
      LIBSQL_URL: libsql.url,
      ENVIRONMENT: "development",
      BENCH_ROUTES: "1",
      UPSTASH_REDIS_REST_URL: upstash.url,
      UPSTASH_REDIS_REST_TOKEN: "bench-token",
    },
    kvNamespaces: ["RATE_LIMIT_KV"],
    queueProducers: { EMAIL_QUEUE: "booking-email" },
    host: "127.0.0.1",
    port: 0,
  });
const mf = new Miniflare(workerOptions(join(dir, "dist")));
const base = (await mf.ready).toString().replace(/\/$/, "");
let baselineMf: Miniflare | undefined;
let baselineBase = "";
if (BASELINE) {
  console.log(`building the baseline Worker of ${BASELINE}…`);
  baselineMf = new Miniflare(workerOptions(buildBaseline(dir, BASELINE)));
  baselineBase = (await baselineMf.ready).toString().replace(/\/$/, "");
}

let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
const futureDate = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);

let createCounter = 0;
type Phase = {
  name: string;
  method?: string;
  path: () => string;
  body?: () => string;
  headers?: Record<string, string>;
  /** Run against the baseline Worker (--baseline) instead of this one. */
  baseline?: boolean;
};
const oneStaff = () => {
  const t = pick(data.tenants);
  return `/api/public/${t.slug}/availability?serviceId=${t.serviceId}&date=${futureDate(1 + Math.floor(Math.random() * 4))}&staffId=${pick(t.staffIds)}`;
};
const anyStaff = () => {
  const t = pick(data.tenants);
  return `/api/public/${t.slug}/availability?serviceId=${t.serviceId}&date=${futureDate(1 + Math.floor(Math.random() * 4))}`;
};
const daysRange = (tenants: typeof data.daysTenants) => () => {
  const t = pick(tenants);
  return `/api/public/${t.slug}/availability/days?serviceId=${t.serviceId}&from=${futureDate(1)}&to=${futureDate(42)}`;
};
const phases: Phase[] = [
  { name: "ceiling: no-op route", path: () => "/__bench/noop" },
  { name: "ceiling: one libSQL request", path: () => "/__bench/db" },
  { name: "reference: rate-limit check + one libSQL request", path: () => "/__bench/limited-db" },
  { name: "public profile", path: () => `/api/public/${pick(data.tenants).slug}` },
  { name: "public services", path: () => `/api/public/${pick(data.tenants).slug}/services` },
  { name: "availability (1 staff)", path: oneStaff },
  { name: "availability (any staff)", path: anyStaff },
  // design.md §16: 42 dates in one request, beside the one-day reads above.
  { name: "days, 42 dates (10 staff, 40 bookings/day)", path: daysRange(data.daysTenants) },
  { name: "days, 42 dates (10 staff x 40 bookings/day)", path: daysRange(data.heavyTenants) },
  {
    name: "booking create",
    method: "POST",
    path: () => `/api/public/${data.tenants[createCounter % data.tenants.length].slug}/bookings`,
    body: () => {
      // A distinct free slot per request: far-future days carry no seeded bookings.
      const i = createCounter++;
      const t = data.tenants[i % data.tenants.length];
      const staff = t.staffIds[Math.floor(i / data.tenants.length) % 10];
      const slot = Math.floor(i / (data.tenants.length * 10)) % 16;
      const day = 100 + Math.floor(i / (data.tenants.length * 10 * 16));
      const hh = String(9 + Math.floor(slot / 2)).padStart(2, "0");
      const mm = slot % 2 ? "30" : "00";
      return JSON.stringify({
        serviceId: t.serviceId,
        staffProfileId: staff,
        startDatetime: `${futureDate(day)}T${hh}:${mm}:00`,
        customer: { firstName: "Bench", email: `bench${i}@bench.test` },
      });
    },
    headers: { "content-type": "application/json" },
  },
  { name: "booking lookup", path: () => `/api/public/booking/${pick(data.codes)}` },
  {
    name: "operator GET tenant",
    path: () => `/api/admin/tenants/${pick(data.tenants).id}`,
    headers: { authorization: `Bearer ${adminToken}` },
  },
];

async function dbRequests(): Promise<number> {
  return ((await (await fetch(`${libsql.url}/__stats`)).json()) as { pipelineRequests: number }).pipelineRequests;
}

function run(phase: Phase, connections: number, duration: number) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: phase.baseline ? baselineBase : base,
        connections,
        duration,
        requests: [
          {
            method: (phase.method ?? "GET") as "GET",
            setupRequest: (req: Record<string, unknown>) => ({
              ...req,
              path: phase.path(),
              body: phase.body?.(),
              headers: { ...(phase.headers ?? {}), "cf-connecting-ip": nextIp() },
            }),
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

type Row = {
  endpoint: string;
  concurrency: number;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  dbPerCall: number;
  dbPerCallUnderLoad: number;
  cpuMsPerReq: number | null;
};
const rows: Row[] = [];
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
  for (let i = 0; i < PROBE_CALLS; i++) {
    const res = await fetch(`${phase.baseline ? baselineBase : base}${phase.path()}`, {
      method: phase.method ?? "GET",
      headers: { ...(phase.headers ?? {}), "cf-connecting-ip": nextIp() },
      body: phase.body?.(),
    });
    await res.arrayBuffer();
  }
  return Number(((await dbRequests()) - db0) / PROBE_CALLS);
}

for (const phase of phases) {
  const exact = await probeDbPerCall(phase);
  for (const connections of CONCURRENCIES) {
    await run(phase, connections, 1); // warm-up
    const db0 = await dbRequests();
    const cpu0 = workerdCpuSeconds();
    const r = await run(phase, connections, DURATION_S);
    const cpu1 = workerdCpuSeconds();
    const db1 = await dbRequests();
    const total = r["2xx"] + r.non2xx;
    rows.push({
      endpoint: phase.name,
      concurrency: connections,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      ok: r["2xx"],
      non2xx: r.non2xx,
      dbPerCall: Number(exact.toFixed(2)),
      dbPerCallUnderLoad: total ? Number(((db1 - db0) / total).toFixed(2)) : 0,
      cpuMsPerReq: cpu0 !== null && cpu1 !== null && total ? Number((((cpu1 - cpu0) * 1000) / total).toFixed(3)) : null,
    });
  }
}

const ceiling = (name: string, c: number) => rows.find((r) => r.endpoint === name && r.concurrency === c)?.rps ?? 0;
const table = rows.map((r) => ({
  ...r,
  vsNoop: Number((r.rps / (ceiling("ceiling: no-op route", r.concurrency) || 1)).toFixed(2)),
  vsOneDb: Number((r.rps / (ceiling("ceiling: one libSQL request", r.concurrency) || 1)).toFixed(2)),
}));
console.table(table);

const vsBaseline = BASELINE
  ? await compareWithBaseline(
      BASELINE,
      run,
      { oneStaff, anyStaff },
      { concurrencies: CONCURRENCIES, rounds: SHORT ? 2 : 4, seconds: Math.max(2, DURATION_S / 2), cpuSeconds: workerdCpuSeconds },
    )
  : [];

const slots = execFileSync("npx", ["tsx", "test/bench/slots.bench.ts"], { encoding: "utf8" });
console.log(slots);
console.log(`deploy bundle: ${bundleGzipKb.toFixed(1)} KiB gzipped (${(bundle.length / 1024).toFixed(1)} KiB raw)`);

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
  availabilityVsBaseline: vsBaseline,
  durationSecondsPerPoint: DURATION_S,
  bundleGzipKb: Number(bundleGzipKb.toFixed(1)),
  endpoints: table,
  slotEngine: slots.trim().split("\n"),
};
if (!SHORT) {
  mkdirSync("test/bench", { recursive: true });
  writeFileSync("test/bench/results.json", `${JSON.stringify(results, null, 2)}\n`);
  console.log("wrote test/bench/results.json");
}
await mf.dispose();
await baselineMf?.dispose();
await upstash.close();
await redis.close();
await libsql.close();
rmSync(dir, { recursive: true, force: true });
