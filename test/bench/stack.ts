// The benchmark's stack, shared by `npm run bench` (run.ts) and `npm run bench:profile` (profile.ts):
// the deploy bundle on workerd through Miniflare (dev logging off, no wrangler dev proxy), the local
// libSQL server with a seeded dataset, the limiter on Upstash REST over a real redis-server, and
// the load phases autocannon drives. See docs/benchmarks.md.
import autocannon from "autocannon";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { SignJWT } from "jose";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { migrateDatabase } from "../../scripts/db/migrate";
import { createDb } from "../../src/db/client";
import { buildReportRollup, rollupsToBuild } from "../../src/services/reports/rollup";
import { buildBaseline, startServerProcess, treeCpuSeconds, workerdCpuSeconds, workerdThreadCpuSeconds } from "./processes";
import { seedBenchData } from "./seed";

const JWT_SECRET = "bench-secret-bench-secret-bench-secret-0123";

/** One request of a phase (a phase whose requests differ in method or headers, e.g. the mixed load). */
export type BenchRequest = { method?: string; path: string; body?: string; headers?: Record<string, string> };

export type Phase = {
  name: string;
  method?: string;
  path: () => string;
  body?: () => string;
  headers?: Record<string, string>;
  /** Instead of method/path/body/headers: the next request, whole (path and body from one draw). */
  next?: () => BenchRequest;
  /** Run against the baseline Worker (--baseline) instead of this one. */
  baseline?: boolean;
};

/** The phase's next request. */
export function requestOf(phase: Phase): BenchRequest {
  if (phase.next) return phase.next();
  return { method: phase.method, path: phase.path(), body: phase.body?.(), headers: phase.headers };
}

export type StackOptions = {
  short: boolean;
  /** A git ref whose Worker is also served (same database and limiter). */
  baseline?: string;
  /** Opens workerd's V8 inspector on this port (profile.ts). */
  inspectorPort?: number;
  /** Serve this git ref's Worker instead of the working tree's (profile.ts --ref). */
  source?: string;
  /**
   * Build the Worker unminified (profile.ts): the deploy bundle is minified (wrangler.toml), which
   * leaves the profile without module markers or function names to attribute samples to.
   */
  unminified?: boolean;
};

export async function startStack(o: StackOptions) {
  const dir = mkdtempSync(join(tmpdir(), "booking-bench-"));
  console.log(`building the deploy bundle${o.source ? ` of ${o.source}` : ""}…`);
  const flags = o.unminified ? ["--minify=false"] : [];
  const distDir = o.source ? buildBaseline(dir, o.source, flags) : join(dir, "dist");
  if (!o.source) execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", distDir, ...flags], { stdio: "ignore" });
  const bundle = readFileSync(join(distDir, "index.js"));
  const bundleGzipKb = gzipSync(bundle).length / 1024;

  // The database and the limiter's endpoint run as processes of their own: sharing this process's
  // event loop with the load generator would delay its clock and mix their CPU with its own.
  const libsql = await startServerProcess("tools/libsql-server/cli.mjs", ["--file", join(dir, "bench.db"), "--port", "0"], "LIBSQL_URL");
  await migrateDatabase(libsql.url);
  const seedStarted = Date.now();
  const data = await seedBenchData(libsql.url, {
    tenants: o.short ? 20 : 200,
    daysOfBookings: o.short ? 5 : 30,
    daysTenants: o.short ? 5 : 20,
    heavyTenants: o.short ? 2 : 10,
    // Bookings for the cancel and status-change phases, each used once (docs/benchmarks.md).
    writePool: o.short ? 8000 : 40000,
    reportTenants: 1,
  });
  console.log(`seeded ${data.tenants.length} tenants, ${data.bookings} bookings in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
  // What the cron does after a deploy: every business's report roll-up built, so the reports read
  // it and every write below pays its triggers (issue #40). BENCH_ROLLUPS=0 measures without them.
  if (process.env.BENCH_ROLLUPS !== "0") {
    const rollupStarted = Date.now();
    const db = createDb({ LIBSQL_URL: libsql.url, LIBSQL_AUTH_TOKEN: undefined });
    let built = 0;
    for (let ids = await rollupsToBuild(db, 50); ids.length; ids = await rollupsToBuild(db, 50))
      for (const id of ids) if (await buildReportRollup(db, id, new Date())) built++;
    console.log(`built ${built} report roll-ups in ${((Date.now() - rollupStarted) / 1000).toFixed(1)} s`);
  }

  const adminToken = await new SignJWT({ sid: "bench", aud: "super_admin", email: "bench@bench.test", name: "Bench" })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject("adm_bench")
    .setIssuedAt()
    .setExpirationTime("4h")
    .sign(new TextEncoder().encode(JWT_SECRET));
  // A member's token per bench business (its owner): the owner routes' write phases.
  const ownerTokens = await Promise.all(
    data.tenants.map((t, i) =>
      new SignJWT({ sid: `ses_bench${i}`, tenantId: t.id, role: "owner" })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(`usr_bench${i}`)
        .setIssuedAt()
        .setExpirationTime("4h")
        .sign(new TextEncoder().encode(JWT_SECRET)),
    ),
  );

  // design.md §29: the report businesses' owners (member tokens: no `aud`).
  const reportOwners = await Promise.all(
    data.reportTenants.map(async (t) => ({
      ...t,
      token: await new SignJWT({ sid: "bench", tenantId: t.id, role: "owner" })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(t.ownerId)
        .setIssuedAt()
        .setExpirationTime("4h")
        .sign(new TextEncoder().encode(JWT_SECRET)),
    })),
  );

  // Production-like limiter: Upstash REST over a real redis-server (as in production), not
  // Miniflare's local KV, whose storage emulation costs ~2 ms of workerd CPU per check.
  const upstash = await startServerProcess(
    "tools/upstash-server/cli.mjs",
    ["--port", "0", "--token", "bench-token"],
    "UPSTASH_REDIS_REST_URL",
  );

  const workerOptions = (distDir: string, inspectorPort?: number) =>
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
      queueProducers: { JOBS_QUEUE: "booking-email" },
      host: "127.0.0.1",
      port: 0,
      ...(inspectorPort ? { inspectorPort } : {}),
    });
  const mf = new Miniflare(workerOptions(distDir, o.inspectorPort));
  const base = (await mf.ready).toString().replace(/\/$/, "");
  let baselineMf: Miniflare | undefined;
  let baselineBase = "";
  if (o.baseline) {
    console.log(`building the baseline Worker of ${o.baseline}…`);
    baselineMf = new Miniflare(workerOptions(buildBaseline(dir, o.baseline)));
    baselineBase = (await baselineMf.ready).toString().replace(/\/$/, "");
  }

  let ipCounter = 0;
  const nextIp = () => {
    ipCounter++;
    return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
  };
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
  const futureDate = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);

  const json = { "content-type": "application/json" };
  const customer = (i: number) => ({ firstName: "Bench", lastName: "Customer", email: `bench${i}@bench.test`, phone: "+1 555 0100" });
  /**
   * The n-th distinct free slot from day `firstDay` on, over the bench businesses in turn: every
   * business, then every staff member, then 16 half-hours from 09:00 local, then the next day. No
   * seeded booking lies on days 100+, so each request measures the success path.
   */
  const freeSlot = (n: number, firstDay: number) => {
    const t = data.tenants[n % data.tenants.length];
    const staff = t.staffIds[Math.floor(n / data.tenants.length) % 10];
    const slot = Math.floor(n / (data.tenants.length * 10)) % 16;
    const day = firstDay + Math.floor(n / (data.tenants.length * 10 * 16));
    return { t, staff, start: `${futureDate(day)}T${localHalfHour(slot)}` };
  };
  const counters = { create: 0, ownerCreate: 0, moves: 0, cancels: 0, statusChanges: 0, mixedCreate: 0 };
  /** The next unused booking of a pool; a pool used up is reported (its requests would measure a repeat). */
  const take = <T>(pool: T[], key: "cancels" | "statusChanges") => {
    const i = counters[key]++;
    if (i === pool.length) console.warn(`bench: the ${key} pool (${pool.length}) is used up; later requests repeat a booking`);
    return pool[i % pool.length];
  };
  const writePhases: Phase[] = [
    {
      name: WRITE_ROUTES.create,
      path: () => "",
      next: () => {
        const { t, staff, start } = freeSlot(counters.create, 100);
        const i = counters.create++;
        return {
          method: "POST",
          path: `/api/public/${t.slug}/bookings`,
          body: JSON.stringify({ serviceId: t.serviceId, staffProfileId: staff, startDatetime: start, customer: customer(i) }),
          headers: json,
        };
      },
    },
    {
      name: WRITE_ROUTES.reschedule,
      path: () => "",
      next: () => {
        // Booking k of the pool (one per staff member) moves for the n-th time: to a slot of its own staff member.
        const i = counters.moves++;
        const k = i % data.moves.length;
        const n = Math.floor(i / data.moves.length);
        const b = data.moves[k];
        return {
          method: "POST",
          path: `/api/public/booking/${b.code}/reschedule`,
          body: JSON.stringify({ newStartDatetime: `${futureDate(180 + Math.floor(n / 16))}T${localHalfHour(n % 16)}` }),
          headers: json,
        };
      },
    },
    {
      name: WRITE_ROUTES.cancel,
      path: () => "",
      next: () => ({ method: "POST", path: `/api/public/booking/${take(data.cancels, "cancels").code}/cancel`, body: "{}", headers: json }),
    },
    {
      name: WRITE_ROUTES.ownerCreate,
      path: () => "",
      next: () => {
        const n = counters.ownerCreate++;
        const { t, staff, start } = freeSlot(n, 140);
        return {
          method: "POST",
          path: "/api/bookings",
          body: JSON.stringify({ serviceId: t.serviceId, staffProfileId: staff, startDatetime: start, customer: customer(n) }),
          headers: { ...json, authorization: `Bearer ${ownerTokens[n % data.tenants.length]}` },
        };
      },
    },
    {
      name: WRITE_ROUTES.ownerStatus,
      path: () => "",
      next: () => {
        const b = take(data.statusChanges, "statusChanges");
        return {
          method: "PATCH",
          path: `/api/bookings/${b.id}/status`,
          body: JSON.stringify({ status: "completed" }),
          headers: { ...json, authorization: `Bearer ${ownerTokens[b.tenant]}` },
        };
      },
    },
  ];
  const oneStaff = () => {
    const t = pick(data.tenants);
    return `/api/public/${t.slug}/availability?serviceId=${t.serviceId}&date=${futureDate(1 + Math.floor(Math.random() * 4))}&staffId=${pick(t.staffIds)}`;
  };
  const anyStaff = () => {
    const t = pick(data.tenants);
    return `/api/public/${t.slug}/availability?serviceId=${t.serviceId}&date=${futureDate(1 + Math.floor(Math.random() * 4))}`;
  };
  // design.md §26: a visit of the business's 3 services (the second with processing time, the third
  // needing a room and a basin), any staff member of 10 for each.
  const visitAnyStaff = () => {
    const t = pick(data.tenants);
    return `/api/public/${t.slug}/availability/visit?serviceIds=${t.serviceIds.join(",")}&date=${futureDate(1 + Math.floor(Math.random() * 4))}`;
  };
  const daysRange = (tenants: typeof data.daysTenants) => () => {
    const t = pick(tenants);
    return `/api/public/${t.slug}/availability/days?serviceId=${t.serviceId}&from=${futureDate(1)}&to=${futureDate(42)}`;
  };
  const phases: Phase[] = [
    { name: "ceiling: no-op route", path: () => "/__bench/noop" },
    { name: "ceiling: one libSQL request", path: () => "/__bench/db" },
    { name: REFERENCE, path: () => "/__bench/limited-db" },
    // Issue #42: the floor of a write, without and with the queue hand-off of a booking change's two e-mails.
    { name: WRITE_FLOOR, path: () => "/__bench/limited-write" },
    { name: WRITE_FLOOR_QUEUE, path: () => "/__bench/limited-write?enqueue=2" },
    { name: WRITE_FLOOR_SIZED, path: () => "/__bench/limited-write?enqueue=2&statements=9&sent=24000" },
    { name: "public profile", path: () => `/api/public/${pick(data.tenants).slug}` },
    { name: "public services", path: () => `/api/public/${pick(data.tenants).slug}/services` },
    { name: "public staff", path: () => `/api/public/${pick(data.tenants).slug}/staff` },
    { name: "availability (1 staff)", path: oneStaff },
    { name: "availability (any staff)", path: anyStaff },
    { name: VISIT_AVAILABILITY, path: visitAnyStaff },
    // design.md §16: 42 dates in one request, beside the one-day reads above.
    { name: "days, 42 dates (10 staff, 40 bookings/day)", path: daysRange(data.daysTenants) },
    { name: "days, 42 dates (10 staff x 40 bookings/day)", path: daysRange(data.heavyTenants) },
    ...writePhases,
    { name: "booking lookup", path: () => `/api/public/booking/${pick(data.codes)}` },
    // design.md §29: a year of a 10-staff business (20,000 bookings) in one libSQL request after the
    // membership check; no rate limit (an owner route), so its reference is the Worker CPU of the
    // reference route (+3 ms), not its requests/s.
    {
      name: REPORT_YEAR,
      path: () => `/api/reports/summary?from=${reportOwners[0].from}&to=${reportOwners[0].to}&groupBy=week`,
      headers: { authorization: `Bearer ${reportOwners[0]?.token ?? ""}` },
    },
    {
      name: "operator GET tenant",
      path: () => `/api/admin/tenants/${pick(data.tenants).id}`,
      headers: { authorization: `Bearer ${adminToken}` },
    },
  ];

  // The floor of availability of any staff member (issue #22): the reference's work plus an answer
  // as large as that route's own, which no implementation of the route can send for less.
  const sampleBytes = async (path: () => string, n: number) => {
    let total = 0;
    for (let i = 0; i < n; i++)
      total += (await (await fetch(`${base}${path()}`, { headers: { "cf-connecting-ip": nextIp() } })).arrayBuffer()).byteLength;
    return Math.round(total / n);
  };
  const anyStaffBytes = await sampleBytes(anyStaff, 10);
  phases.splice(phases.findIndex((p) => p.name === REFERENCE) + 1, 0, {
    name: FLOOR_ANY_STAFF,
    path: () => `/__bench/limited-db?bytes=${anyStaffBytes}`,
  });

  // Issue #42: reads and writes on the same businesses at once. 90 % reads (profile, services,
  // availability of one and of any staff member, the 42-day range) and 10 % writes (creates on the
  // dates those reads show, cancels of seeded bookings); every write changes the business's
  // schedule version, so the reads' schedule copies are invalidated as in real use.
  const mixedCounts = { read: 0, create: 0, cancel: 0 };
  const benchDays = () => {
    const t = pick(data.tenants);
    return `/api/public/${t.slug}/availability/days?serviceId=${t.serviceId}&from=${futureDate(1)}&to=${futureDate(42)}`;
  };
  const mixedReads: [number, () => string][] = [
    [20, () => `/api/public/${pick(data.tenants).slug}`],
    [20, () => `/api/public/${pick(data.tenants).slug}/services`],
    [15, oneStaff],
    [15, anyStaff],
    [20, benchDays],
  ];
  const mixed: Phase = {
    name: MIXED,
    path: () => "",
    next: () => {
      let roll = Math.random() * 100;
      if (roll >= 90) {
        if (roll >= 95) {
          mixedCounts.cancel++;
          return { method: "POST", path: `/api/public/booking/${take(data.cancels, "cancels").code}/cancel`, body: "{}", headers: json };
        }
        // Distinct free half-hours on the dates the reads show (days 1-4): hh:30 local never meets a
        // seeded booking (they start on the hour and last 30 minutes).
        const n = counters.mixedCreate++;
        const t = data.tenants[n % data.tenants.length];
        const staff = t.staffIds[Math.floor(n / data.tenants.length) % 10];
        const k = Math.floor(n / (data.tenants.length * 10));
        const start = `${futureDate(1 + (Math.floor(k / 8) % 4))}T${String(9 + (k % 8)).padStart(2, "0")}:30:00`;
        mixedCounts.create++;
        return {
          method: "POST",
          path: `/api/public/${t.slug}/bookings`,
          body: JSON.stringify({ serviceId: t.serviceId, staffProfileId: staff, startDatetime: start, customer: customer(100_000 + n) }),
          headers: json,
        };
      }
      mixedCounts.read++;
      for (const [weight, path] of mixedReads) {
        if (roll < weight) return { path: path() };
        roll -= weight;
      }
      return { path: benchDays() };
    },
  };

  // The counter is read between load points; a keep-alive connection the server closed meanwhile
  // answers ECONNRESET once on a busy machine, so the read is tried again (it changes nothing).
  const dbRequests = async (): Promise<number> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return ((await (await fetch(`${libsql.url}/__stats`)).json()) as { pipelineRequests: number }).pipelineRequests;
      } catch (err) {
        if (attempt >= 3) throw err;
      }
    }
  };

  /** One autocannon point: every request carries a distinct client address (the limiter never trips). */
  const run = (phase: Phase, connections: number, duration: number) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      autocannon(
        {
          url: phase.baseline ? baselineBase : base,
          connections,
          duration,
          requests: [
            {
              method: (phase.method ?? "GET") as "GET",
              setupRequest: (req: Record<string, unknown>) => {
                const r = requestOf(phase);
                return {
                  ...req,
                  method: r.method ?? "GET",
                  path: r.path,
                  body: r.body,
                  headers: { ...(r.headers ?? {}), "cf-connecting-ip": nextIp() },
                };
              },
            },
          ],
        },
        (err, result) => (err ? reject(err) : resolve(result)),
      );
    });

  /** One request, awaited to its last byte (probes and warm-ups). */
  const once = async (phase: Phase) => {
    const r = requestOf(phase);
    const res = await fetch(`${phase.baseline ? baselineBase : base}${r.path}`, {
      method: r.method ?? "GET",
      headers: { ...(r.headers ?? {}), "cf-connecting-ip": nextIp() },
      body: r.body,
    });
    await res.arrayBuffer();
    return res.status;
  };

  const close = async () => {
    await mf.dispose();
    await baselineMf?.dispose();
    await upstash.close();
    await libsql.close();
    rmSync(dir, { recursive: true, force: true });
  };

  /** CPU seconds so far of the parts of the stack, each its own process tree. */
  const cpu = () => ({
    workerd: workerdCpuSeconds(),
    ...((t) => ({ workerdMainThread: t?.main ?? null, workerdOtherThreads: t?.other ?? null }))(workerdThreadCpuSeconds()),
    database: treeCpuSeconds(libsql.pid),
    limiter: treeCpuSeconds(upstash.pid),
    loadGenerator: ((u) => (u.user + u.system) / 1e6)(process.cpuUsage()),
  });

  return { cpu, bundle, bundleDir: distDir, bundleGzipKb, data, phases, mixed, mixedCounts, dbRequests, run, once, close };
}

export type Stack = Awaited<ReturnType<typeof startStack>>;

/** design.md §29's benchmark: the summary of a year of a 10-staff business with 20,000 bookings. */
export const REPORT_YEAR = "reports summary, a year (10 staff, 20,000 bookings)";

/** design.md §26's benchmark: visit availability, 3 services, any staff of 10, 2 resource types. */
export const VISIT_AVAILABILITY = "visit availability (3 services, any of 10 staff, 2 resource types)";

/** The floor of a public read: one rate-limit check plus one libSQL request (issue #22). */
export const REFERENCE = "reference: rate-limit check + one libSQL request";

/** The reference padded to the size of availability's answer for any staff member (about 50 KB). */
export const FLOOR_ANY_STAFF = "floor: reference + an answer as large as availability (any staff)";

/** The write routes issue #42 measures (each request on a free slot or an unused booking: the success path). */
export const WRITE_ROUTES = {
  create: "booking create",
  reschedule: "booking reschedule",
  cancel: "booking cancel",
  ownerCreate: "owner booking create",
  ownerStatus: "owner status change (completed)",
} as const;

/** Issue #42: the reference plus a second libSQL request (a write batch of one statement): what every write pays. */
export const WRITE_FLOOR = "floor of a write: rate-limit check + two libSQL requests";
/** The same plus handing two outbox pointers to the queue, as a booking change does after commit. */
export const WRITE_FLOOR_QUEUE = "floor of a write + queue hand-off of 2 pointers";
/** The same with a create's size: 9 statements in the write batch and 24 KB sent over the two requests. */
export const WRITE_FLOOR_SIZED = "floor + hand-off, a create's size (9 write statements, 24 KB sent)";

/** The mixed load of issue #42: 90 % reads, 10 % creates and cancels, on the same businesses. */
export const MIXED = "mixed: 90 % reads, 10 % creates + cancels";

/** "09:00:00", "09:30:00", … "16:30:00" for slot 0…15. */
function localHalfHour(slot: number): string {
  return `${String(9 + Math.floor(slot / 2)).padStart(2, "0")}:${slot % 2 ? "30" : "00"}:00`;
}

/** The public reads issue #22 holds to >= 0.90 of the reference's requests/s. */
export const PUBLIC_READS = [
  "public profile",
  "public services",
  "public staff",
  "availability (1 staff)",
  "availability (any staff)",
  "days, 42 dates (10 staff, 40 bookings/day)",
  "booking lookup",
];
